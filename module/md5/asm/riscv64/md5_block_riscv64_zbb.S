/* The Zbb variant of md5_block_riscv64.S: fipsmod_md5_block_riscv64_zbb. */
#include "core/asm.h"
#define FIPSMOD_MD5_ZBB 1
#include "md5_block_riscv64.S"
