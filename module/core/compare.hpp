// Comparing in constant time, with the module's own code: every comparison
// a self-test decides on, and every tag or MAC check, goes through equal(),
// never through memcmp, which a program (or an LD_PRELOAD library) could
// replace with one that always answers "equal".
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace fipsmod::internal {

// Whether a and b hold the same bytes. The time depends on the lengths
// only: every byte is read, the differences are gathered with OR, and the
// empty asm in each step keeps the compiler from stopping early (or from
// calling memcmp).
inline bool equal(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) noexcept {
  if (a.size() != b.size()) return false;
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff |= static_cast<std::uint8_t>(a[i] ^ b[i]);
    __asm__("" : "+r"(diff));
  }
  return diff == 0;
}

}  // namespace fipsmod::internal
