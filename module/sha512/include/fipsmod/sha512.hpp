// fipsmod::sha512, fipsmod::sha384, fipsmod::sha512_224 and
// fipsmod::sha512_256: SHA-512, SHA-384, SHA-512/224 and SHA-512/256 (FIPS
// 180-4), approved hash functions, as C++ over <fipsmod/sha512.h>.
// Header-only.
#pragma once

#include <fipsmod/hash.hpp>
#include <fipsmod/sha512.h>

namespace fipsmod::sha512 {

// Api, size, block_size, marshaled_size, Digest, Sum, State, sum() (fipsmod/hash.hpp).
FIPSMOD_HASH_CXX_API(sha512, FIPSMOD_SHA512_SIZE, FIPSMOD_SHA512_BLOCK_SIZE, FIPSMOD_SHA512_MARSHALED_SIZE)

}  // namespace fipsmod::sha512

namespace fipsmod::sha384 {

// The same names for SHA-384.
FIPSMOD_HASH_CXX_API(sha384, FIPSMOD_SHA384_SIZE, FIPSMOD_SHA512_BLOCK_SIZE, FIPSMOD_SHA512_MARSHALED_SIZE)

}  // namespace fipsmod::sha384

namespace fipsmod::sha512_224 {

// The same names for SHA-512/224.
FIPSMOD_HASH_CXX_API(sha512_224, FIPSMOD_SHA512_224_SIZE, FIPSMOD_SHA512_BLOCK_SIZE, FIPSMOD_SHA512_MARSHALED_SIZE)

}  // namespace fipsmod::sha512_224

namespace fipsmod::sha512_256 {

// The same names for SHA-512/256.
FIPSMOD_HASH_CXX_API(sha512_256, FIPSMOD_SHA512_256_SIZE, FIPSMOD_SHA512_BLOCK_SIZE, FIPSMOD_SHA512_MARSHALED_SIZE)

}  // namespace fipsmod::sha512_256
