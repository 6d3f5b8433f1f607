// The C functions of SHA-512, SHA-384, SHA-512/224 and SHA-512/256: the
// hash core's one template.
#include <fipsmod/sha512.h>

#include "core/hash_api.hpp"
#include "internal.hpp"

extern "C" {

FIPSMOD_HASH_C_FUNCTIONS(sha512, fipsmod::sha512::Sha512)
FIPSMOD_HASH_C_FUNCTIONS(sha384, fipsmod::sha512::Sha384)
FIPSMOD_HASH_C_FUNCTIONS(sha512_224, fipsmod::sha512::Sha512_224)
FIPSMOD_HASH_C_FUNCTIONS(sha512_256, fipsmod::sha512::Sha512_256)

}  // extern "C"
