// The C functions of MD5: the hash core's one template, and the services on
// many computations at once over the lanes dispatcher (core/lanes_api.hpp).
#include <fipsmod/md5.h>

#include "core/hash_api.hpp"
#include "core/lanes_api.hpp"
#include "internal.hpp"

extern "C" {

FIPSMOD_HASH_C_FUNCTIONS(md5, fipsmod::md5::Md5)
FIPSMOD_HASH_MANY_C_FUNCTIONS(md5, fipsmod::md5::Md5, "MD5 (many)", fipsmod::md5::lanes::kernels)

}  // extern "C"
