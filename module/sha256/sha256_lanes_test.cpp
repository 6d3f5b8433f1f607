// The SHA-256 lanes kernels and the services of SHA-256 and SHA-224 on many
// computations (testing/lanes_tests.hpp, shared with MD5): every usable
// lanes kernel against the generic single-stream kernel run on each lane
// alone, the dispatcher and the power-on known answer on it; the C and C++
// services of both hashes (SHA-224 on the same lanes kernels) against
// updating each alone.
#include <gtest/gtest.h>

#include <fipsmod/sha256.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <set>
#include <utility>
#include <vector>

#include "sha256_lanes_traits.hpp"
#include "testing/hash_zeroisation.hpp"
#include "testing/lanes_chain_tests.hpp"

namespace fipsmod::sha256 {
namespace {

FIPSMOD_LANES_KERNEL_TESTS(Sha256LanesKernel, Sha256Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Sha256Many, Sha256Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Sha224Many, Sha224Lanes)
// The fall back down the list, on test kernels (any CPU).
FIPSMOD_LANES_CHAIN_TESTS(Sha256LanesChain, Sha256)

#ifndef FIPSMOD_TEST_ASAN
// The lanes kernel leaves nothing of the message schedule on the stack
// (testing/hash_zeroisation.hpp; sha256_test's LeavesNoScheduleOnTheStack
// for the single-stream kernels): no W[t] and no W[t] + K[t] of any block
// of any lane, alone, two of one lane side by side (a lane's ring in
// order), or word t of two neighbouring lanes side by side (the rings
// that hold word t of every lane in one vector). Nor the chaining values
// of a lane at the start of a block, which a kernel short of registers
// keeps to add back at its end (arm64-sha2-x2, amd64-shani-x2): any two of
// a lane's eight words side by side, in either order. Three messages of
// two blocks from pseudo-random chaining values, lane i hashing message
// i mod 3 (on a kernel narrower than that, the first ones), called from a
// frame below the test's.
namespace z = testing::zeroisation;
using Chain = std::array<std::uint32_t, 8>;
constexpr std::size_t kScheduleBlocks = 2;

// What the test below hashes and looks for: the messages, each one's
// chaining values at the start of each block and at the end, and the
// needles. Made in a frame of their own, as z::schedule_needles is.
struct ScheduleCase {
  std::vector<std::vector<std::uint8_t>> data;
  std::vector<std::array<Chain, kScheduleBlocks + 1>> starts;
  z::ScheduleNeedles<std::uint32_t> needles, chaining;
};

[[gnu::noinline]] ScheduleCase schedule_case(std::size_t lane_count) {
  using Words = std::array<std::uint32_t, 64>;
  constexpr std::size_t kBlocks = kScheduleBlocks;
  ScheduleCase c;
  const std::size_t messages = std::min<std::size_t>(lane_count, 3);
  std::vector<std::array<Words, kBlocks>> w(messages), wk(messages);
  c.starts.resize(messages);
  for (std::size_t m = 0; m < messages; ++m) {
    c.data.push_back(z::pseudo_random_bytes(kBlocks * Sha256::block_size, 0x5348412d4c414e00 + m));
    const std::vector<std::uint8_t> start = z::pseudo_random_bytes(sizeof(Chain), 0x5348412d48303000 + m);
    std::memcpy(c.starts[m][0].data(), start.data(), sizeof(Chain));
    for (std::size_t b = 0; b < kBlocks; ++b) {
      const std::uint8_t* block = c.data[m].data() + b * Sha256::block_size;
      w[m][b] = z::message_schedule<std::uint32_t, 64>(block);
      for (std::size_t t = 0; t < 64; ++t) wk[m][b][t] = w[m][b][t] + fips180_k[t];
      c.needles.run(w[m][b]);
      c.needles.run(wk[m][b]);
      for (std::size_t i = 0; i < 8; ++i) {
        for (std::size_t j = 0; j < 8; ++j) {
          if (i != j) c.chaining.pair(c.starts[m][b][i], c.starts[m][b][j]);
        }
      }
      c.starts[m][b + 1] = c.starts[m][b];
      sha256::kernels().generic().block(c.starts[m][b + 1].data(), block, 1);
    }
  }
  std::set<std::pair<std::size_t, std::size_t>> neighbours;
  for (std::size_t i = 0; i + 1 < lane_count; ++i) neighbours.insert({i % messages, (i + 1) % messages});
  for (const auto& [m, n] : neighbours) {
    for (std::size_t b = 0; b < kBlocks; ++b) {
      for (std::size_t t = 0; t < 64; ++t) {
        c.needles.pair(w[m][b][t], w[n][b][t]);
        c.needles.pair(wk[m][b][t], wk[n][b][t]);
      }
    }
  }
  return c;
}

TEST_P(Sha256LanesKernel, LeavesNoScheduleNorChainingValuesOnTheStack) {
  z::expect_residue_is_seen();
  const lanes::Kernel& k = *GetParam();
  const std::size_t lane_count = k.width();
  ASSERT_GE(lane_count, 1u);
  const ScheduleCase c = schedule_case(lane_count);
  const std::size_t messages = c.data.size();
  std::vector<std::uint32_t> state(8 * lane_count);
  std::vector<const std::uint8_t*> pointers(lane_count);
  for (std::size_t i = 0; i < lane_count; ++i) {
    for (std::size_t j = 0; j < 8; ++j) state[j * lane_count + i] = c.starts[i % messages][0][j];
    pointers[i] = c.data[i % messages].data();
  }
  z::scrub_stack();
  z::run_below([&] { k.blocks(state.data(), pointers.data(), kScheduleBlocks); });
  const z::DeadStack stack = z::read_dead_stack();
  z::expect_no_schedule(stack, c.needles, k.name);
  EXPECT_EQ(stack.count_held(c.chaining.pairs, 8), 0u)
      << k.name << " left chaining values (of " << c.chaining.pairs.size() / 8 << " pairs) on the stack";
  for (std::size_t i = 0; i < lane_count; ++i) {
    Chain got;
    for (std::size_t j = 0; j < 8; ++j) got[j] = state[j * lane_count + i];
    EXPECT_EQ(got, c.starts[i % messages][kScheduleBlocks]) << "lane " << i;
  }
}
#endif

// A SHA-224 context and a SHA-256 one are of different kinds: each
// many-message service refuses the other's (the tag, as the one-context
// services do), and changes nothing.
TEST(Sha224Many, RefusesASha256Context) {
  fipsmod_sha256_ctx ctx;
  ASSERT_EQ(fipsmod_sha256_init(&ctx), FIPSMOD_OK);
  const fipsmod_sha256_ctx before = ctx;
  const fipsmod_sha224_update_item items[] = {{reinterpret_cast<fipsmod_sha224_ctx*>(&ctx), "abc", 3}};
  EXPECT_EQ(fipsmod_sha224_update_many(items, 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(0, std::memcmp(&before, &ctx, sizeof ctx));
}

}  // namespace
}  // namespace fipsmod::sha256
