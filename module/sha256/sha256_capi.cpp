// The C functions of SHA-256 and SHA-224: the hash core's one template.
#include <fipsmod/sha256.h>

#include "core/hash_api.hpp"
#include "internal.hpp"

extern "C" {

FIPSMOD_HASH_C_FUNCTIONS(sha256, fipsmod::sha256::Sha256)
FIPSMOD_HASH_C_FUNCTIONS(sha224, fipsmod::sha256::Sha224)

}  // extern "C"
