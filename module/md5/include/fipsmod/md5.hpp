// fipsmod::md5: the MD5 message digest (RFC 1321), as C++ over
// <fipsmod/md5.h>. Header-only.
//
// MD5 is broken for collision resistance; use it for checksums, ETags and
// protocols that require it, not for signatures. Every call is a
// non-approved service: it leaves fipsmod::service_indicator() at
// not_approved, and in approved-only mode throws fipsmod::error
// FIPSMOD_ERR_NOT_APPROVED.
#pragma once

#include <fipsmod/hash.hpp>
#include <fipsmod/md5.h>

namespace fipsmod::md5 {

// Api, size, block_size, marshaled_size, Digest, Sum, State, sum() (fipsmod/hash.hpp).
FIPSMOD_HASH_CXX_API(md5, FIPSMOD_MD5_SIZE, FIPSMOD_MD5_BLOCK_SIZE, FIPSMOD_MD5_MARSHALED_SIZE)

// Many MD5 computations at once (docs/md5-lanes.md): Update, update_many
// and sum_many (fipsmod/hash.hpp says what each does).
FIPSMOD_HASH_CXX_MANY(md5, FIPSMOD_MD5_SIZE)

}  // namespace fipsmod::md5
