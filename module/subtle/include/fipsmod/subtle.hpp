// fipsmod::subtle: constant-time helpers for building ciphers and MACs, as
// C++ over <fipsmod/subtle.h>. Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include <fipsmod/module.hpp>
#include <fipsmod/subtle.h>

namespace fipsmod::subtle {

// Sets dst[i] = x[i] ^ y[i] for i < n = min(x.size(), y.size()) and returns
// n. Throws fipsmod::error: "dst too short" (FIPSMOD_ERR_DST_TOO_SHORT)
// when dst.size() < n, "invalid overlap" (FIPSMOD_ERR_INVALID_OVERLAP) when
// dst[:n] overlaps x[:n] or y[:n] other than exactly (dst may be x or y
// itself), and "invalid argument" (FIPSMOD_ERR_INVALID_ARGUMENT) when n
// exceeds PTRDIFF_MAX or one of the three n-byte ranges would run past the
// end of the address space; fipsmod::module_error once a self-test has
// failed. Nothing is written when it throws. The same contract as Go's
// crypto/subtle.XORBytes.
inline std::size_t xor_bytes(std::span<std::uint8_t> dst, std::span<const std::uint8_t> x,
                             std::span<const std::uint8_t> y) {
  std::size_t n = 0;
  detail::check(fipsmod_xor_bytes(dst.data(), dst.size(), x.data(), x.size(), y.data(), y.size(), &n));
  return n;
}

}  // namespace fipsmod::subtle
