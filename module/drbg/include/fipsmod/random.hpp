// fipsmod::random: the module's DRBG (<fipsmod/random.h>) as C++.
// Header-only. Every call is approved; each throws fipsmod::error
// (FIPSMOD_ERR_ENTROPY_SOURCE when the entropy source has failed a health
// test) with nothing written.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <fipsmod/module.hpp>
#include <fipsmod/random.h>

namespace fipsmod::random {

using Info = fipsmod_random_info;

// Fills out with random bytes.
inline void fill(std::span<std::uint8_t> out) { detail::check(fipsmod_random_bytes(out.data(), out.size())); }
// The same, with additional input (less than 2^32 bytes) mixed in and, if
// asked, prediction resistance (a reseed from the entropy source first).
inline void fill(std::span<std::uint8_t> out, std::span<const std::uint8_t> additional,
                 bool prediction_resistance = false) {
  detail::check(fipsmod_random_bytes_ex(out.data(), out.size(), additional.data(), additional.size(),
                                        prediction_resistance ? FIPSMOD_RANDOM_PREDICTION_RESISTANCE : 0));
}

// n random bytes.
inline std::vector<std::uint8_t> bytes(std::size_t n) {
  std::vector<std::uint8_t> out(n);
  fill(out);
  return out;
}
// N random bytes (a key, a nonce).
template <std::size_t N>
std::array<std::uint8_t, N> bytes() {
  std::array<std::uint8_t, N> out;
  fill(out);
  return out;
}

// The counters of the calling thread's DRBG and of the parent (not a
// service; seeds nothing).
inline Info status() noexcept {
  Info i{};
  fipsmod_random_status(&i);
  return i;
}

}  // namespace fipsmod::random
