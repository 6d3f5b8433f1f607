/* The BMI2 variant of sha256_block_amd64.S: fipsmod_sha256_block_amd64_bmi2,
 * its rotates one rorx each and Ch two disjoint terms, one of them andn
 * (BMI1). */
#include "core/asm.h"
#define FIPSMOD_SHA256_BMI2 1
#include "sha256_block_amd64.S"
