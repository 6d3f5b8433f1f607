/* The Zknh kernel of sha256_block_riscv64.S:
 * fipsmod_sha256_block_riscv64_zknh, each of Σ0, Σ1, σ0, σ1 one Zknh
 * instruction. */
#define FIPSMOD_SHA256_ZKNH 1
#include "sha256_block_riscv64.S"
