// fipsmod::sha256 and fipsmod::sha224: SHA-256 and SHA-224 (FIPS 180-4),
// approved hash functions, as C++ over <fipsmod/sha256.h>. Header-only.
#pragma once

#include <fipsmod/hash.hpp>
#include <fipsmod/sha256.h>

namespace fipsmod::sha256 {

// Api, size, block_size, marshaled_size, Digest, Sum, State, sum() (fipsmod/hash.hpp).
FIPSMOD_HASH_CXX_API(sha256, FIPSMOD_SHA256_SIZE, FIPSMOD_SHA256_BLOCK_SIZE, FIPSMOD_SHA256_MARSHALED_SIZE)

// Many SHA-256 computations at once (docs/sha256-lanes.md): Update,
// update_many and sum_many (fipsmod/hash.hpp says what each does).
FIPSMOD_HASH_CXX_MANY(sha256, FIPSMOD_SHA256_SIZE)

}  // namespace fipsmod::sha256

namespace fipsmod::sha224 {

// The same names for SHA-224.
FIPSMOD_HASH_CXX_API(sha224, FIPSMOD_SHA224_SIZE, FIPSMOD_SHA256_BLOCK_SIZE, FIPSMOD_SHA256_MARSHALED_SIZE)
FIPSMOD_HASH_CXX_MANY(sha224, FIPSMOD_SHA224_SIZE)

}  // namespace fipsmod::sha224
