// The SP 800-90B §4.4 health tests of the entropy source, and the claim
// their cutoffs come from. Internal to module/entropy (and its tests).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/compare.hpp"
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
  // The samples are secret (they become seed material), so they are
  // compared without a branch or an index: each test keeps a count that
  // grows by the comparison's 0 or 1, and only the verdict, whether a
  // count has reached its cutoff, is made public (internal::declassify,
  // docs/constant-time.md) and branched on. Where a window starts is
  // public: it is the sample's position.
  Verdict check(std::uint8_t sample) noexcept {
    // Repetition Count Test (§4.4.1): the length of the run of samples
    // equal to this one, this one included (1 after a different one; the
    // first sample starts from a count of 0, so it is 1 too).
    rct_count_ = rct_count_ * same(sample, rct_last_) + 1;
    rct_last_ = sample;
    bool repeated = rct_count_ >= rct_cutoff;
    internal::declassify(repeated);
    if (repeated) return Verdict::repetition;
    // Adaptive Proportion Test (§4.4.2): how many of the window's samples
    // so far equal its first.
    if (apt_seen_ == 0) {
      apt_first_ = sample;
      apt_count_ = 1;
      apt_seen_ = 1;
      return Verdict::pass;
    }
    apt_count_ += same(sample, apt_first_);
    bool proportion = apt_count_ >= apt_cutoff;
    internal::declassify(proportion);
    if (proportion) return Verdict::proportion;
    if (++apt_seen_ == apt_window) apt_seen_ = 0;
    return Verdict::pass;
  }

 private:
  // 1 if a == b, else 0, with no branch: a ^ b is 0 to 255, and only 0
  // wraps below zero when 1 is taken from it.
  static unsigned same(std::uint8_t a, std::uint8_t b) noexcept {
    return (static_cast<unsigned>(a ^ b) - 1u) >> (sizeof(unsigned) * 8 - 1);
  }

  std::uint8_t rct_last_ = 0, apt_first_ = 0;
  unsigned rct_count_ = 0, apt_count_ = 0, apt_seen_ = 0;
};

}  // namespace fipsmod::entropy

#pragma GCC visibility pop
