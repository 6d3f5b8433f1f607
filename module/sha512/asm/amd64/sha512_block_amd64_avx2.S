/* The AVX2 variant of sha512_block_amd64_bmi2.S:
 * fipsmod_sha512_block_amd64_avx2, the same scalar rorx/andn rounds with
 * the message schedule of two blocks at once in AVX2 registers (one block
 * per 128-bit lane). The rounds, the register map and the schedule are
 * described there. */
#include "core/asm.h"
#define FIPSMOD_SHA512_AVX2 1
#include "sha512_block_amd64_bmi2.S"
