// The SP 800-90B §4.4 health tests of the entropy source, and the claim
// their cutoffs come from. Internal to module/entropy (and its tests).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/service.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::entropy {

// The min-entropy claimed per raw sample (bits), and that claim times 1000
// (the integer the C API reports). docs/entropy.md: why.
inline constexpr unsigned claim_millibits = 1000;
inline constexpr double claimed_bits = claim_millibits / 1000.0;

// The false-positive rate of each test: alpha = 2^-40 a sample (RCT) and a
// window (APT), the low end of SP 800-90B's recommended 2^-20 to 2^-40.
inline constexpr unsigned alpha_log2 = 40;
// §4.4.1: C = 1 + ceil(-log2(alpha) / H).
inline constexpr unsigned rct_cutoff = 1 + (alpha_log2 * 1000 + claim_millibits - 1) / claim_millibits;
// §4.4.2, non-binary samples: W = 512, C = 1 + CRITBINOM(W, 2^-H, 1 - alpha),
// the smallest C with P[X >= C] <= alpha for X ~ Binomial(W, 2^-H)
// (health_test.cpp recomputes it from H and alpha).
inline constexpr unsigned apt_window = 512;
inline constexpr unsigned apt_cutoff = 336;
// §4.3: the start-up test runs at least 1,024 samples through both tests.
inline constexpr unsigned startup_samples = 1024;

// Raw samples (fipsmod_entropy_raw_samples) are noise for assessment, not
// random output: not approved.
inline constexpr internal::Approval raw_samples_approval = internal::Approval::not_approved;

enum class Verdict { pass, repetition, proportion };

// Both continuous tests over one stream of samples.
class HealthTests {
 public:
  Verdict check(std::uint8_t sample) noexcept {
    // Repetition Count Test (§4.4.1).
    if (rct_count_ != 0 && sample == rct_last_) {
      if (++rct_count_ >= rct_cutoff) return Verdict::repetition;
    } else {
      rct_last_ = sample;
      rct_count_ = 1;
    }
    // Adaptive Proportion Test (§4.4.2).
    if (apt_seen_ == 0) {
      apt_first_ = sample;
      apt_count_ = 1;
      apt_seen_ = 1;
    } else {
      if (sample == apt_first_ && ++apt_count_ >= apt_cutoff) return Verdict::proportion;
      if (++apt_seen_ == apt_window) apt_seen_ = 0;
    }
    return Verdict::pass;
  }

 private:
  std::uint8_t rct_last_ = 0, apt_first_ = 0;
  unsigned rct_count_ = 0, apt_count_ = 0, apt_seen_ = 0;
};

}  // namespace fipsmod::entropy

#pragma GCC visibility pop
