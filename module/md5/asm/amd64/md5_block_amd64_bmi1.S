/* The BMI1 variant of md5_block_amd64.S: fipsmod_md5_block_amd64_bmi1. */
#include "core/asm.h"
#define FIPSMOD_MD5_BMI1 1
#include "md5_block_amd64.S"
