# Cross-compiling with Debian's g++-<triple> packages; programs run under
# qemu-user (Debian's qemu-user), whose CPU model comes from QEMU_CPU, set
# by the test presets. Included by a per-architecture file that sets
# FIPSMOD_CROSS_TRIPLE and FIPSMOD_CROSS_PROCESSOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${FIPSMOD_CROSS_PROCESSOR})
set(CMAKE_C_COMPILER ${FIPSMOD_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${FIPSMOD_CROSS_TRIPLE}-g++)
set(CMAKE_ASM_COMPILER ${FIPSMOD_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${FIPSMOD_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static programs start faster under qemu and need no target sysroot.
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-${FIPSMOD_CROSS_PROCESSOR})
