# aarch64 Linux with g++-aarch64-linux-gnu, run under qemu-aarch64.
set(FIPSMOD_CROSS_TRIPLE aarch64-linux-gnu)
set(FIPSMOD_CROSS_PROCESSOR aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
