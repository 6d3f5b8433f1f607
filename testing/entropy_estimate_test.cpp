// The entropy source's claim, measured where the test runs: a fresh sample
// of 10^6 raw samples from the noise source, the SP 800-90B §6.3 non-IID
// estimate of its min-entropy (sp800_90b.cpp), and the claim must lie at
// least `margin` below it. Where it does not (timings an emulator or a
// sanitizer distorts beyond what the source's calibration makes up for),
// the health tests must have caught it: seed() must refuse. Nothing is
// skipped. docs/entropy.md derives the false-failure rate.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "entropy/health.hpp"
#include "entropy/internal.hpp"
#include "testing/sp800_90b.hpp"

namespace fipsmod::entropy {
namespace {

constexpr std::size_t sample_size = 1000000;
// Bits a sample: the claim must be at least this far below the estimate.
constexpr double margin = 0.5;

// One fresh draw of sample_size raw samples, its estimate printed.
double estimate_of_a_fresh_draw(std::string& line) {
  std::vector<std::uint8_t> raw(sample_size);
  raw_samples(raw);
  const auto e = testing::sp800_90b::estimate(raw);
  char text[400];
  std::snprintf(text, sizeof text,
                "source %s: estimate %.3f bits a sample (symbols: MCV %.3f, t-tuple %.3f; bitstring x8: MCV %.3f, "
                "collision %.3f, Markov %.3f, compression %.3f); claim %.3f, margin %.2f",
                report().source, e.h, e.mcv, e.t_tuple, 8 * e.bits_mcv, 8 * e.bits_collision, 8 * e.bits_markov,
                8 * e.bits_compression, claimed_bits, margin);
  std::printf("%s\n", text);
  line += text;
  line += "\n";
  return e.h;
}

TEST(EntropyEstimate, ClaimIsBelowTheEstimateOrTheSourceRefuses) {
  std::string line;
  const double first = estimate_of_a_fresh_draw(line);
  RecordProperty("estimate", line);
  if (claimed_bits <= first - margin) return;
  // Between the claim and the claim plus the margin the draw supports the
  // claim but not with the margin, and the health tests (cut-offs from the
  // claim) have no reason to fail: under qemu, on a loaded machine, the
  // emulated clock gave one such draw (docs/entropy.md). A second fresh
  // draw decides; below the claim itself, none is taken.
  if (claimed_bits <= first && claimed_bits <= estimate_of_a_fresh_draw(line) - margin) return;
  RecordProperty("estimate", line);
  // The timings here do not support the claim: the source must refuse.
  std::array<std::uint8_t, 32> out{};
  EXPECT_EQ(seed(out), internal::Status::entropy_source) << line;
  EXPECT_NE(report().health, Health::operational) << line;
}

// Seeding and raw sampling from two threads at once (the mutex; run under
// ThreadSanitizer by label).
TEST(EntropyEstimate, SeedWhileSampling) {
  std::atomic<int> refused{0}, other{0};
  std::thread sampler([&] {
    std::vector<std::uint8_t> raw(4096);
    for (int i = 0; i < 8; ++i) raw_samples(raw);
  });
  std::thread seeder([&] {
    std::array<std::uint8_t, max_seed_size> out{};
    for (int i = 0; i < 8; ++i) {
      const auto s = seed(out);
      refused += s == internal::Status::entropy_source;
      other += s != internal::Status::entropy_source && s != internal::Status::ok;
    }
  });
  sampler.join();
  seeder.join();
  EXPECT_EQ(other.load(), 0);
  // A refusal only with the source failed (the test above says where).
  EXPECT_EQ(refused.load() != 0, report().health != Health::operational);
}

}  // namespace
}  // namespace fipsmod::entropy
