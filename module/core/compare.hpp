// Comparing in constant time, with the module's own code: every comparison
// a self-test decides on, and every tag or MAC check, goes through equal(),
// never through memcmp, which a program (or an LD_PRELOAD library) could
// replace with one that always answers "equal".
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#if FIPSMOD_CONSTANT_TIME_VALIDATION
#include <valgrind/memcheck.h>
#endif

namespace fipsmod::internal {

// Says that `v`, computed from secrets, is public from here on: the module
// acts on it (branches on it, returns it). A no-op but in the builds that
// run the constant-time test (FIPSMOD_CONSTANT_TIME_VALIDATION,
// docs/constant-time.md), where it tells valgrind's memcheck, which the
// test runs the module under with the secrets marked undefined, that `v`
// is defined, so that only the branches and addresses that depend on the
// secrets otherwise are reported.
template <class T>
[[gnu::always_inline]] inline void declassify([[maybe_unused]] T& v) noexcept {
#if FIPSMOD_CONSTANT_TIME_VALIDATION
  (void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
#endif
}

// Whether a and b hold the same bytes. The time depends on the lengths
// only: every byte is read, the differences are gathered with OR, and the
// empty asm in each step keeps the compiler from stopping early (or from
// calling memcmp). Whether they are equal is public (a tag check fails or
// not: declassify); which bytes differ is not.
inline bool equal(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) noexcept {
  if (a.size() != b.size()) return false;
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff |= static_cast<std::uint8_t>(a[i] ^ b[i]);
    __asm__("" : "+r"(diff));
  }
  declassify(diff);
  return diff == 0;
}

}  // namespace fipsmod::internal
