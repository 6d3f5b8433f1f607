// The entropy source's process-wide state: the start-up test on the first
// seed, the latched failures (break testing through the stuck-source and
// biased-source hooks), and seeding from several threads.
#include <fipsmod/entropy.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "entropy/health.hpp"
#include "entropy/internal.hpp"

namespace fipsmod::entropy {
namespace {

using internal::Status;

class EntropySource : public ::testing::Test {
 protected:
  void SetUp() override { reset_for_testing(); }
  void TearDown() override { reset_for_testing(); }
};

constexpr std::array<std::uint8_t, max_seed_size> kFill = [] {
  std::array<std::uint8_t, max_seed_size> a{};
  for (auto& b : a) b = 0xa5;
  return a;
}();

TEST_F(EntropySource, FirstSeedRunsTheStartUpTest) {
  EXPECT_EQ(report().health, Health::not_started);
  EXPECT_EQ(report().samples, 0u);
  std::array<std::uint8_t, 32> out{};
  ASSERT_EQ(seed(out), Status::ok);
  const Report r = report();
  EXPECT_EQ(r.health, Health::operational);
  EXPECT_EQ(r.seeds, 1u);
  // The start-up samples, then 320 bits of claimed entropy for the block.
  EXPECT_EQ(r.samples, startup_samples + (320 * 1000 + claim_millibits - 1) / claim_millibits);
  EXPECT_EQ(r.claimed_bits, claimed_bits);
  EXPECT_NE(r.source, nullptr);
  EXPECT_NE(std::string(r.source), "");
}

TEST_F(EntropySource, SeedsDiffer) {
  std::array<std::uint8_t, max_seed_size> a{}, b{};
  ASSERT_EQ(seed(a), Status::ok);
  ASSERT_EQ(seed(b), Status::ok);
  EXPECT_NE(a, b);
  // The two halves of a 64-byte seed come from different samples.
  EXPECT_NE(0, std::memcmp(a.data(), a.data() + 32, 32));
  // Every length up to the most, and none beyond.
  for (std::size_t n = 0; n <= max_seed_size; n += 7) {
    std::vector<std::uint8_t> out(n, 0);
    EXPECT_EQ(seed(out), Status::ok) << n;
  }
  std::vector<std::uint8_t> too_long(max_seed_size + 1, 0x33);
  EXPECT_EQ(seed(too_long), Status::invalid_argument);
  EXPECT_TRUE(std::all_of(too_long.begin(), too_long.end(), [](auto x) { return x == 0x33; }));
}

TEST_F(EntropySource, StuckSourceIsCaughtByTheRepetitionCountTest) {
  std::array<std::uint8_t, 32> out{};
  ASSERT_EQ(seed(out), Status::ok);
  const std::uint64_t before = report().samples;
  set_stuck_for_testing(true);
  auto fill = kFill;
  EXPECT_EQ(seed(fill), Status::entropy_source);
  EXPECT_EQ(fill, kFill);  // nothing written
  const Report r = report();
  EXPECT_EQ(r.health, Health::failed_repetition);
  // Caught within rct_cutoff samples (the stuck value may extend a run of
  // the last real sample by one).
  EXPECT_LE(r.samples - before, rct_cutoff);
  // Latched: clearing the hook does not clear the failure.
  set_stuck_for_testing(false);
  EXPECT_EQ(seed(fill), Status::entropy_source);
  EXPECT_EQ(fill, kFill);
  EXPECT_EQ(report().health, Health::failed_repetition);
  EXPECT_EQ(report().seeds, 1u);
  // A reset (test hook) starts over.
  reset_for_testing();
  EXPECT_EQ(seed(fill), Status::ok);
  EXPECT_EQ(report().health, Health::operational);
}

TEST_F(EntropySource, StuckAtStartUpFailsTheStartUpTest) {
  set_stuck_for_testing(true);
  auto fill = kFill;
  EXPECT_EQ(seed(fill), Status::entropy_source);
  EXPECT_EQ(fill, kFill);
  EXPECT_EQ(report().health, Health::failed_startup);
  EXPECT_EQ(report().samples, rct_cutoff);
}

// A biased source that never repeats a value long enough for the RCT: the
// symbol 0x42 two samples in three, others in between.
std::atomic<unsigned> biased_counter{0};
std::uint8_t biased() noexcept {
  const unsigned i = biased_counter++;
  return i % 3 != 2 ? 0x42 : static_cast<std::uint8_t>(i / 3 % 251);
}

TEST_F(EntropySource, BiasedSourceIsCaughtByTheAdaptiveProportionTest) {
  std::array<std::uint8_t, 32> out{};
  ASSERT_EQ(seed(out), Status::ok);
  set_source_for_testing(&biased);
  auto fill = kFill;
  // The window running when the hook was set may hold too few of its first
  // sample; the next starts on 0x42 or another symbol, and 2 in 3 of every
  // window's samples are 0x42: within three windows one starts on it.
  Status s = Status::ok;
  for (int i = 0; i < 8 && s == Status::ok; ++i) s = seed(fill);
  EXPECT_EQ(s, Status::entropy_source);
  EXPECT_EQ(report().health, Health::failed_proportion);
  set_source_for_testing(nullptr);
  fill = kFill;
  EXPECT_EQ(seed(fill), Status::entropy_source);
  EXPECT_EQ(fill, kFill);
}

TEST_F(EntropySource, RawSamplesBypassTheHealthTests) {
  set_stuck_for_testing(true);
  std::array<std::uint8_t, 100> raw{};
  raw_samples(raw);
  EXPECT_TRUE(std::all_of(raw.begin(), raw.end(), [&](auto b) { return b == raw[0]; }));
  EXPECT_EQ(report().health, Health::not_started);
  EXPECT_EQ(report().samples, 0u);
  set_stuck_for_testing(false);
  raw_samples(raw);
  EXPECT_FALSE(std::all_of(raw.begin(), raw.end(), [&](auto b) { return b == raw[0]; }));
}

TEST_F(EntropySource, ThreadsSeedAtOnce) {
  constexpr int threads = 4, each = 8;
  std::vector<std::array<std::uint8_t, 32>> seeds(threads * each);
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int i = 0; i < each; ++i) {
        if (seed(seeds[t * each + i]) != Status::ok) ++failures;
      }
    });
  }
  for (auto& th : pool) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(report().seeds, static_cast<std::uint64_t>(threads * each));
  std::sort(seeds.begin(), seeds.end());
  EXPECT_EQ(std::adjacent_find(seeds.begin(), seeds.end()), seeds.end());
}

}  // namespace
}  // namespace fipsmod::entropy

namespace fipsmod::entropy {
namespace {

TEST_F(EntropySource, CApiStatusAndRawSamples) {
  EXPECT_EQ(fipsmod_entropy_status(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  fipsmod_entropy_status_t s{};
  ASSERT_EQ(fipsmod_entropy_status(&s), FIPSMOD_OK);
  EXPECT_EQ(s.health, FIPSMOD_ENTROPY_NOT_STARTED);
  std::array<std::uint8_t, 32> out{};
  ASSERT_EQ(seed(out), Status::ok);
  ASSERT_EQ(fipsmod_entropy_status(&s), FIPSMOD_OK);
  EXPECT_EQ(s.health, FIPSMOD_ENTROPY_OPERATIONAL);
  EXPECT_EQ(s.claimed_millibits, claim_millibits);
  EXPECT_EQ(s.seeds, 1u);
  EXPECT_EQ(s.samples, report().samples);
  EXPECT_STREQ(s.source, report().source);
  set_stuck_for_testing(true);
  EXPECT_EQ(seed(out), Status::entropy_source);
  ASSERT_EQ(fipsmod_entropy_status(&s), FIPSMOD_OK);
  EXPECT_EQ(s.health, FIPSMOD_ENTROPY_FAILED_REPETITION);
  // Raw samples: the hooked constant; null only with n == 0; and the C++
  // wrapper says the same.
  std::array<std::uint8_t, 8> raw{};
  EXPECT_EQ(fipsmod_entropy_raw_samples(raw.data(), raw.size()), FIPSMOD_OK);
  EXPECT_EQ(raw, (std::array<std::uint8_t, 8>{0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a}));
  EXPECT_EQ(fipsmod_entropy_raw_samples(nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_entropy_raw_samples(nullptr, 0), FIPSMOD_OK);
  const auto cpp = fipsmod::entropy::status();
  EXPECT_EQ(cpp.health, fipsmod::entropy::SourceHealth::failed_repetition);
  EXPECT_EQ(cpp.claimed_bits, claimed_bits);
}

}  // namespace
}  // namespace fipsmod::entropy
