// The health tests' cutoffs, recomputed from the claim and alpha by the
// formulas of SP 800-90B §4.4, and the tests' behaviour on crafted streams.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "entropy/health.hpp"

namespace fipsmod::entropy {
namespace {

// P[X >= c] for X ~ Binomial(n, p), in log space.
double binomial_tail(unsigned n, double p, unsigned c) {
  double sum = 0;
  for (unsigned k = c; k <= n; ++k) {
    sum += std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
                    (n - k) * std::log1p(-p));
  }
  return sum;
}

TEST(EntropyHealth, RepetitionCutoffIsTheStandardsFormula) {
  EXPECT_EQ(rct_cutoff, 1 + static_cast<unsigned>(std::ceil(alpha_log2 / claimed_bits)));
}

TEST(EntropyHealth, ProportionCutoffIsTheBinomialCriticalValue) {
  const double p = std::exp2(-claimed_bits), alpha = std::exp2(-static_cast<double>(alpha_log2));
  // The smallest C with P[X >= C] <= alpha.
  EXPECT_LE(binomial_tail(apt_window, p, apt_cutoff), alpha);
  EXPECT_GT(binomial_tail(apt_window, p, apt_cutoff - 1), alpha);
}

// Feeds `stream` (repeated to `n` samples) and returns the index of the
// first failing sample and the verdict there, or {n, pass}.
std::pair<std::size_t, Verdict> run(const std::vector<std::uint8_t>& stream, std::size_t n) {
  HealthTests t;
  for (std::size_t i = 0; i < n; ++i) {
    const Verdict v = t.check(stream[i % stream.size()]);
    if (v != Verdict::pass) return {i, v};
  }
  return {n, Verdict::pass};
}

TEST(EntropyHealth, RepetitionFailsOnTheCutoffthRepeat) {
  // rct_cutoff - 1 equal samples pass; the cutoff-th fails.
  std::vector<std::uint8_t> s(rct_cutoff - 1, 7);
  s.push_back(8);
  EXPECT_EQ(run(s, 4 * s.size()).second, Verdict::pass);
  EXPECT_EQ(run({7}, 1000), std::make_pair(std::size_t{rct_cutoff - 1}, Verdict::repetition));
}

TEST(EntropyHealth, ProportionFailsOnTooManyOfTheFirstSampleInAWindow) {
  // Alternating a symbol with distinct others: no run to trip the RCT, and
  // the first sample of each window recurs every other sample: 256 of 512.
  // With a claim of 1 bit, 256 is expected; more must fail: 2 in 3.
  std::vector<std::uint8_t> two_in_three;
  for (int i = 0; i < 600; ++i) {
    two_in_three.push_back(9);
    two_in_three.push_back(9);
    two_in_three.push_back(static_cast<std::uint8_t>(10 + i % 200));
  }
  const auto [at, verdict] = run(two_in_three, 100000);
  EXPECT_EQ(verdict, Verdict::proportion);
  // It fails within the first window, when the count reaches the cutoff.
  EXPECT_LT(at, apt_window);
  // Cycling through all 256 values never fails either test.
  std::vector<std::uint8_t> cycle(256);
  for (int i = 0; i < 256; ++i) cycle[i] = static_cast<std::uint8_t>(i * 37);
  EXPECT_EQ(run(cycle, 100000).second, Verdict::pass);
}

TEST(EntropyHealth, ProportionWindowsRestart) {
  // A window of 512 samples holding apt_cutoff - 1 copies of its first
  // sample (in pairs, so no long run) passes, and so does the next such
  // window: the count starts over with each window. One copy more fails.
  const auto window = [](unsigned copies) {
    std::vector<std::uint8_t> w;
    unsigned n = 0;
    for (unsigned i = 0; i < apt_window; ++i) {
      const bool same = n < copies && i % 3 != 2;
      w.push_back(same ? 1 : static_cast<std::uint8_t>(2 + i % 100));
      n += same;
    }
    EXPECT_EQ(n, copies);
    return w;
  };
  EXPECT_EQ(run(window(apt_cutoff - 1), 8 * apt_window).second, Verdict::pass);
  EXPECT_EQ(run(window(apt_cutoff), 8 * apt_window).second, Verdict::proportion);
}

}  // namespace
}  // namespace fipsmod::entropy
