// fipsmod::md5: the MD5 message digest (RFC 1321), as C++ over
// <fipsmod/md5.h>. Header-only.
//
// MD5 is broken for collision resistance; use it for checksums, ETags and
// protocols that require it, not for signatures. Every call is a
// non-approved service: it leaves fipsmod::service_indicator() at
// not_approved, and in approved-only mode throws fipsmod::error
// FIPSMOD_ERR_NOT_APPROVED.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>

#include <fipsmod/hash.hpp>
#include <fipsmod/md5.h>

namespace fipsmod::md5 {

// Api, size, block_size, marshaled_size, Digest, Sum, State, sum() (fipsmod/hash.hpp).
FIPSMOD_HASH_CXX_API(md5, FIPSMOD_MD5_SIZE, FIPSMOD_MD5_BLOCK_SIZE, FIPSMOD_MD5_MARSHALED_SIZE)

// Many MD5 computations at once (docs/md5-lanes.md): where the CPU has a
// multi-buffer kernel, 4 to 64 of them go through one kernel call, and
// their throughput adds up. Each ends exactly as if updated alone; any mix
// of lengths. Nothing is allocated.
//
// One update: `digest` takes `data`. It is the C API's item, so a span of
// them is passed to the C function as it is.
struct Update : fipsmod_md5_update_item {
  Update(Digest* digest, std::span<const std::uint8_t> bytes) noexcept
      : fipsmod_md5_update_item{digest ? digest->native() : nullptr, bytes.data(), bytes.size()} {}
};
static_assert(sizeof(Update) == sizeof(fipsmod_md5_update_item));

// Each update's digest takes its data, in list order (a digest named twice
// takes both, in that order). One service for the whole call; on error
// nothing changes. fipsmod::error FIPSMOD_ERR_NULL_ARGUMENT for a null
// digest.
inline void update_many(std::span<const Update> updates) {
  detail::check(fipsmod_md5_update_many(updates.data(), updates.size()));
}

// out[i] = sum(messages[i]); fipsmod::error FIPSMOD_ERR_DST_TOO_SHORT when
// out is shorter than messages. The messages go to the C function 64 at a
// time (the widest kernel's lanes), so nothing is allocated; each call is
// one service.
inline void sum_many(std::span<const std::span<const std::uint8_t>> messages, std::span<Sum> out) {
  if (out.size() < messages.size()) detail::throw_status(FIPSMOD_ERR_DST_TOO_SHORT);
  constexpr std::size_t kChunk = 64;
  std::array<const void*, kChunk> data;
  std::array<std::size_t, kChunk> len;
  std::size_t done = 0;
  do {
    const std::size_t n = std::min(kChunk, messages.size() - done);
    for (std::size_t i = 0; i < n; ++i) {
      data[i] = messages[done + i].data();
      len[i] = messages[done + i].size();
    }
    static_assert(sizeof(Sum) == FIPSMOD_MD5_SIZE);
    detail::check(fipsmod_md5_many(n, data.data(), len.data(),
                                   reinterpret_cast<std::uint8_t(*)[FIPSMOD_MD5_SIZE]>(out.data() + done)));
    done += n;
  } while (done < messages.size());
}

}  // namespace fipsmod::md5
