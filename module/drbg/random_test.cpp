// The module's DRBG through the C API and the C++ wrapper: lengths (split
// into requests of 64 KiB), additional input, prediction resistance, the
// reseed policy (the thread's DRBG from the parent, the parent from the
// entropy source), and the argument errors, each writing nothing. One DRBG
// per thread and its zeroisation: random_process_test.cpp.
#include <gtest/gtest.h>

#include <fipsmod/random.hpp>

#include <algorithm>
#include <array>
#include <thread>
#include <vector>

#include "drbg/random.hpp"
#include "entropy/internal.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
namespace process = fipsmod::drbg::process;

// Restores the reseed policy when a test that lowered it ends.
struct RandomIntervals {
  RandomIntervals(std::uint64_t child, std::uint64_t parent) { process::set_reseed_intervals_for_testing(child, parent); }
  ~RandomIntervals() { process::set_reseed_intervals_for_testing(0, 0); }
};

fipsmod_random_info random_info() {
  fipsmod_random_info i{};
  EXPECT_EQ(fipsmod_random_status(&i), FIPSMOD_OK);
  return i;
}

std::uint64_t entropy_seeds() { return fipsmod::entropy::report().seeds; }

// Runs f on a thread of its own, whose DRBG starts unseeded.
template <class F>
void on_new_thread(F f) {
  std::thread t(f);
  t.join();
}

TEST(RandomBytes, EveryLengthIsFilledAndNoTwoCallsAgree) {
  for (const std::size_t len : {1u, 15u, 16u, 32u, 4096u, 65535u, 65536u, 65537u, 200000u}) {
    Bytes a(len, 0), b(len, 0);
    ASSERT_EQ(fipsmod_random_bytes(a.data(), a.size()), FIPSMOD_OK) << len;
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    ASSERT_EQ(fipsmod_random_bytes(b.data(), b.size()), FIPSMOD_OK) << len;
    if (len >= 16) {
      EXPECT_NE(a, b) << len;
      // The last 16 bytes too: each 64 KiB request is filled whole.
      EXPECT_FALSE(std::equal(a.end() - 16, a.end(), b.end() - 16)) << len;
      EXPECT_FALSE(std::all_of(a.end() - 16, a.end(), [](auto x) { return x == 0; })) << len;
    }
  }
  EXPECT_EQ(fipsmod_random_bytes(nullptr, 0), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
}

TEST(RandomBytes, OneCallIsSplitIntoRequestsOf64KiB) {
  RandomIntervals intervals(1u << 20, 0);
  Bytes out(3 * 65536 + 1);
  ASSERT_EQ(fipsmod_random_bytes(out.data(), 1), FIPSMOD_OK);  // seeded
  const auto before = random_info();
  ASSERT_EQ(fipsmod_random_bytes(out.data(), out.size()), FIPSMOD_OK);
  EXPECT_EQ(random_info().thread_requests, before.thread_requests + 4);
  ASSERT_EQ(fipsmod_random_bytes(out.data(), 65536), FIPSMOD_OK);
  EXPECT_EQ(random_info().thread_requests, before.thread_requests + 5);
}

TEST(RandomBytes, AdditionalInputAndPredictionResistance) {
  Bytes out(64), additional(1000, 0xa5);
  for (const std::size_t n : {0u, 1u, 48u, 49u, 1000u}) {
    ASSERT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), additional.data(), n, 0), FIPSMOD_OK) << n;
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  }
  // Prediction resistance: a reseed of this thread's DRBG from the entropy
  // source, each call.
  const auto before = random_info();
  const std::uint64_t seeds = entropy_seeds();
  ASSERT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), additional.data(), 10, FIPSMOD_RANDOM_PREDICTION_RESISTANCE),
            FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  ASSERT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), nullptr, 0, FIPSMOD_RANDOM_PREDICTION_RESISTANCE), FIPSMOD_OK);
  const auto after = random_info();
  EXPECT_EQ(after.thread_reseeds, before.thread_reseeds + 2);
  EXPECT_EQ(entropy_seeds(), seeds + 2);
  EXPECT_EQ(after.thread_requests, 1u);  // the second call's reseed started the count again
}

TEST(RandomBytes, ErrorsWriteNothing) {
  Bytes out(64, 0x77);
  const Bytes untouched = out;
  const std::uint8_t additional[8] = {};
  EXPECT_EQ(fipsmod_random_bytes(nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  EXPECT_EQ(fipsmod_random_bytes_ex(nullptr, 1, nullptr, 0, 0), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), nullptr, 1, 0), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), additional, sizeof additional, 2), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), additional, sizeof additional, -1), FIPSMOD_ERR_INVALID_ARGUMENT);
  // Over 2^32 bytes of additional input: refused before a byte of it is read.
  EXPECT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), additional, (std::size_t{1} << 32) + 1, 0),
            FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), out.data() + 10, 8, 0), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  EXPECT_EQ(out, untouched);
  EXPECT_EQ(fipsmod_random_status(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

// Additional input of exactly 2^32 bytes is one byte too many (the
// derivation function's L is 32 bits): refused, through the C API and the
// module's own entry (random.hpp), before the thread's DRBG is seeded or
// reseeded and before the entropy source is drawn on, with nothing written
// and not a byte of it read (the pointer is to 8 bytes). First on a thread
// whose DRBG is unseeded, then on one seeded, with prediction resistance.
TEST(RandomBytes, AdditionalInputOf2To32BytesIsRefusedBeforeAnySeed) {
  on_new_thread([] {
    const std::uint8_t additional[8] = {};
    constexpr std::size_t too_long = std::size_t{1} << 32;
    const std::span<const std::uint8_t> too_much(additional, too_long);
    Bytes out(64, 0x77);
    const Bytes untouched = out;
    const auto refused_before_any_seed = [&](const char* what) {
      const auto before = random_info();
      const std::uint64_t seeds = entropy_seeds();
      EXPECT_EQ(fipsmod_random_bytes_ex(out.data(), out.size(), additional, too_long, FIPSMOD_RANDOM_PREDICTION_RESISTANCE),
                FIPSMOD_ERR_INVALID_ARGUMENT)
          << what;
      EXPECT_EQ(process::generate(out, too_much, true), fipsmod::internal::Status::invalid_argument) << what;
      EXPECT_EQ(out, untouched) << what;
      const auto after = random_info();
      EXPECT_EQ(after.thread_seeded, before.thread_seeded) << what;
      EXPECT_EQ(after.thread_reseeds, before.thread_reseeds) << what;
      EXPECT_EQ(after.parent_seeded, before.parent_seeded) << what;
      EXPECT_EQ(after.parent_requests, before.parent_requests) << what;
      EXPECT_EQ(entropy_seeds(), seeds) << what << ": the entropy source was drawn on";
    };
    ASSERT_EQ(random_info().thread_seeded, 0);
    refused_before_any_seed("unseeded thread");
    Bytes b(16);
    ASSERT_EQ(fipsmod_random_bytes(b.data(), b.size()), FIPSMOD_OK);
    ASSERT_EQ(random_info().thread_seeded, 1);
    refused_before_any_seed("seeded thread");
  });
}

TEST(RandomBytes, TheThreadReseedsFromTheParentAndTheParentFromTheSource) {
  RandomIntervals intervals(3, 2);
  on_new_thread([] {
    EXPECT_EQ(random_info().thread_seeded, 0);
    std::uint8_t b[16];
    ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
    auto i = random_info();
    EXPECT_EQ(i.thread_seeded, 1);
    EXPECT_EQ(i.parent_seeded, 1);
    EXPECT_EQ(i.thread_reseeds, 0u);
    EXPECT_EQ(i.thread_requests, 1u);
    const std::uint64_t parent_reseeds = i.parent_reseeds, seeds = entropy_seeds();
    // What the parent does for the next n thread reseeds: it serves two
    // per seed of its own, so reseeds from the source before serving when
    // it has served two since.
    auto parent_reseeds_for = [served = i.parent_requests](int n) mutable {
      std::uint64_t reseeds = 0;
      for (int k = 0; k < n; ++k) {
        if (served >= 2) reseeds++, served = 0;
        ++served;
      }
      return reseeds;
    };
    // Two more requests, then the fourth call reseeds from the parent.
    ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
    EXPECT_EQ(random_info().thread_reseeds, 0u);
    ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
    i = random_info();
    EXPECT_EQ(i.thread_reseeds, 1u);
    EXPECT_EQ(i.thread_requests, 1u);
    // Six more thread reseeds, every third call.
    for (int k = 0; k < 6 * 3; ++k) ASSERT_EQ(fipsmod_random_bytes(b, sizeof b), FIPSMOD_OK);
    i = random_info();
    EXPECT_EQ(i.thread_reseeds, 7u);
    const std::uint64_t want = parent_reseeds_for(7);
    EXPECT_GE(want, 3u);
    EXPECT_EQ(i.parent_reseeds, parent_reseeds + want);
    EXPECT_EQ(entropy_seeds(), seeds + want);
  });
}

TEST(RandomBytes, CppWrapper) {
  const auto a = fipsmod::random::bytes<32>();
  const auto b = fipsmod::random::bytes<32>();
  EXPECT_NE(a, b);
  EXPECT_EQ(fipsmod::random::bytes(100).size(), 100u);
  Bytes out(40);
  const Bytes additional{1, 2, 3};
  fipsmod::random::fill(out);
  fipsmod::random::fill(out, additional);
  const auto before = fipsmod::random::status();
  fipsmod::random::fill(out, additional, true);
  EXPECT_EQ(fipsmod::random::status().thread_reseeds, before.thread_reseeds + 1);
  EXPECT_EQ(before.thread_reseed_interval, process::child_reseed_interval);
  EXPECT_EQ(before.parent_reseed_interval, process::parent_reseed_interval);
  try {
    fipsmod::random::fill(out, std::span(out).first(4));
    ADD_FAILURE() << "an overlap was not refused";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_INVALID_OVERLAP);
  }
}

}  // namespace
