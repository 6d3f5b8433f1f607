# riscv64 Linux with g++-riscv64-linux-gnu, run under qemu-riscv64.
set(FIPSMOD_CROSS_TRIPLE riscv64-linux-gnu)
set(FIPSMOD_CROSS_PROCESSOR riscv64)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
