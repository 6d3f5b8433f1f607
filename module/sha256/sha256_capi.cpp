// The C functions of SHA-256 and SHA-224: the hash core's one template, and
// the services on many computations at once over the lanes dispatcher
// (core/lanes_api.hpp), both hashes on SHA-256's lanes kernels.
#include <fipsmod/sha256.h>

#include "core/hash_api.hpp"
#include "core/lanes_api.hpp"
#include "internal.hpp"

extern "C" {

FIPSMOD_HASH_C_FUNCTIONS(sha256, fipsmod::sha256::Sha256)
FIPSMOD_HASH_C_FUNCTIONS(sha224, fipsmod::sha256::Sha224)
FIPSMOD_HASH_MANY_C_FUNCTIONS(sha256, fipsmod::sha256::Sha256, "SHA-256 (many)", fipsmod::sha256::lanes::kernels)
FIPSMOD_HASH_MANY_C_FUNCTIONS(sha224, fipsmod::sha256::Sha224, "SHA-224 (many)", fipsmod::sha256::lanes::kernels)

}  // extern "C"
