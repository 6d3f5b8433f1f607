// fipsmod::entropy: the entropy source's assessment interface, as C++ over
// <fipsmod/entropy.h>. Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/entropy.h>
#include <fipsmod/module.hpp>

namespace fipsmod::entropy {

// Fills out with raw noise samples (not random output; not approved:
// throws fipsmod::error "not approved" under FIPSMOD_MODE=only).
inline void raw_noise(std::span<std::uint8_t> out) { detail::check(fipsmod_entropy_raw_samples(out.data(), out.size())); }

enum class SourceHealth : int {
  not_started = FIPSMOD_ENTROPY_NOT_STARTED,
  operational = FIPSMOD_ENTROPY_OPERATIONAL,
  failed_startup = FIPSMOD_ENTROPY_FAILED_STARTUP,
  failed_repetition = FIPSMOD_ENTROPY_FAILED_REPETITION,
  failed_proportion = FIPSMOD_ENTROPY_FAILED_PROPORTION,
};

struct SourceStatus {
  SourceHealth health;
  double claimed_bits;  // per raw sample
  std::uint64_t samples, seeds;
  std::string_view source;
};

inline SourceStatus status() {
  fipsmod_entropy_status_t s{};
  detail::check(fipsmod_entropy_status(&s));
  return {static_cast<SourceHealth>(s.health), s.claimed_millibits / 1000.0, s.samples, s.seeds, s.source};
}

}  // namespace fipsmod::entropy
