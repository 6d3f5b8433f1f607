// The module's entropy source (NIST SP 800-90B) as the rest of the module
// sees it: seed material, and the source's health. The noise source, its
// health tests and its conditioning live in this folder; nothing outside
// it reads a raw sample except through raw_samples (the dump tool's and
// the min-entropy test's way in).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/status.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::entropy {

// The most seed material one call gives (bytes).
inline constexpr std::size_t max_seed_size = 64;

// Fills `out` (at most max_seed_size bytes) with full-entropy seed
// material: the conditioned output of enough raw samples that their
// claimed min-entropy exceeds 8 * out.size() bits with the margin of
// SP 800-90C §4.3 (2 * 64 bits more). The first call (in the process)
// runs the start-up health test first. Every raw sample passes the
// Repetition Count and Adaptive Proportion tests. Thread-safe.
// ok, or entropy_source when a health test failed (then, and from then
// on, nothing is written: the source stays failed for the process).
internal::Status seed(std::span<std::uint8_t> out) noexcept;

enum class Health : int {
  not_started = 0,       // no sample taken yet: the start-up test is pending
  operational = 1,       // the start-up test passed, no failure since
  failed_startup = 2,    // the start-up test failed
  failed_repetition = 3, // the Repetition Count Test failed
  failed_proportion = 4, // the Adaptive Proportion Test failed
};

struct Report {
  Health health;
  std::uint64_t samples;        // raw samples taken by the health-tested path
  std::uint64_t seeds;          // seed() calls that produced output
  double claimed_bits;          // the min-entropy claimed per raw sample
  const char* source;           // e.g. "rdtsc", "cntvct_el0", "clock_gettime"
};
Report report() noexcept;

// Raw samples straight from the noise source, one byte each (the symbol the
// health tests and the estimate see), bypassing the health tests and the
// conditioning: for the dump tool and the min-entropy test only.
void raw_samples(std::span<std::uint8_t> out) noexcept;

// Test hook (not in the C API): while set, the noise source returns the
// same symbol every time (a stuck source), which the Repetition Count Test
// must catch. Clearing it does not clear a failure already latched; reset
// (also a test hook) does, for tests that need a fresh source: as in a new
// process, the next seed calibrates the noise source and runs the start-up
// test again.
void set_stuck_for_testing(bool stuck) noexcept;
// Test hook (not in the C API): while set (not null), the noise source is
// `source` (a biased one, for the Adaptive Proportion Test); null restores
// the real one. As above, a latched failure stays until reset.
void set_source_for_testing(std::uint8_t (*source)() noexcept) noexcept;
void reset_for_testing() noexcept;

}  // namespace fipsmod::entropy

#pragma GCC visibility pop
