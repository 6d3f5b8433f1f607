// The MD5 lanes kernels, each against the generic single-stream kernel run
// on each lane alone: random states, lengths and offsets, shared pointers,
// guard pages, the calling convention; then the dispatcher and the C and
// C++ services on many computations against updating each alone.
#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "md5_lanes_kat.hpp"
#include "power_on/packages.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::md5 {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

// The lanes' one known answer, as the package registered it.
internal::KnownAnswer lanes_answer() {
  const internal::Algorithm* a = internal::find_algorithm("md5_lanes");
  EXPECT_NE(a, nullptr);
  return a ? a->answer : internal::KnownAnswer{};
}

// Lane i of a transposed state, and lane i run alone on the generic kernel.
std::array<std::uint32_t, 4> lane(const std::vector<std::uint32_t>& state, std::size_t width, std::size_t i) {
  return {state[i], state[width + i], state[2 * width + i], state[3 * width + i]};
}

class Md5LanesKernel : public ::testing::TestWithParam<const lanes::Kernel*> {
 protected:
  const lanes::Kernel& kernel() const { return *GetParam(); }
  std::size_t width() const { return kernel().width(); }
};

TEST_P(Md5LanesKernel, WidthFitsTheDispatcher) {
  EXPECT_GE(width(), 1u);
  EXPECT_LE(width(), internal::lanes::max_lanes);
}

TEST_P(Md5LanesKernel, EveryLaneIsTheSingleStreamKernelOnItsOwn) {
  std::mt19937_64 rng(1321);
  const std::size_t w = width();
  for (std::size_t blocks : {0u, 1u, 2u, 7u, 33u}) {
    for (int round = 0; round < 3; ++round) {
      std::vector<Bytes> messages;
      std::vector<const std::uint8_t*> data(w);
      std::vector<std::uint32_t> state(4 * w);
      for (auto& word : state) word = static_cast<std::uint32_t>(rng());
      const std::vector<std::uint32_t> before = state;
      for (std::size_t i = 0; i < w; ++i) {
        const std::size_t offset = rng() % 8;  // any alignment
        messages.push_back(random_bytes(rng, offset + 64 * blocks));
        data[i] = messages.back().data() + offset;
      }
      kernel().blocks(state.data(), data.data(), blocks);
      for (std::size_t i = 0; i < w; ++i) {
        auto expected = lane(before, w, i);
        kernels().generic().block(expected.data(), data[i], blocks);
        EXPECT_EQ(lane(state, w, i), expected) << "lane " << i << ", " << blocks << " blocks";
      }
    }
  }
}

TEST_P(Md5LanesKernel, LanesMayShareAPointer) {
  std::mt19937_64 rng(5);
  const std::size_t w = width();
  const Bytes message = random_bytes(rng, 3 * 64);
  std::vector<const std::uint8_t*> data(w, message.data());
  std::vector<std::uint32_t> state(4 * w);
  for (std::size_t j = 0; j < 4; ++j) {
    for (std::size_t i = 0; i < w; ++i) state[j * w + i] = static_cast<std::uint32_t>(j * 1000 + i);
  }
  const std::vector<std::uint32_t> before = state;
  kernel().blocks(state.data(), data.data(), 3);
  for (std::size_t i = 0; i < w; ++i) {
    auto expected = lane(before, w, i);
    kernels().generic().block(expected.data(), message.data(), 3);
    EXPECT_EQ(lane(state, w, i), expected) << "lane " << i;
  }
}

// Each lane's blocks end at (or start at) an unmapped page: a kernel that
// reads a byte past its blocks, or before them, faults.
TEST_P(Md5LanesKernel, ReadsOnlyItsBlocksAgainstGuardPages) {
  const std::size_t w = width();
  for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
    std::vector<std::unique_ptr<testing::GuardedBuffer>> buffers;
    std::vector<const std::uint8_t*> data(w);
    for (std::size_t i = 0; i < w; ++i) {
      buffers.push_back(std::make_unique<testing::GuardedBuffer>(2 * 64, side));
      auto bytes = buffers.back()->bytes();
      std::fill(bytes.begin(), bytes.end(), static_cast<std::uint8_t>(i));
      data[i] = bytes.data();
    }
    std::vector<std::uint32_t> state(4 * w, 7);
    kernel().blocks(state.data(), data.data(), 2);
    for (std::size_t i = 0; i < w; ++i) {
      std::array<std::uint32_t, 4> expected = {7, 7, 7, 7};
      kernels().generic().block(expected.data(), data[i], 2);
      EXPECT_EQ(lane(state, w, i), expected) << "lane " << i;
    }
  }
}

// The kernel preserves the callee-saved registers and the stack pointer,
// called through the ABI harness, and still computes the right state.
TEST_P(Md5LanesKernel, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available()) << "no ABI trampoline for this architecture (testing/)";
  const std::size_t w = width();
  Bytes message(2 * 64 + 1);
  std::iota(message.begin(), message.end(), std::uint8_t{3});
  std::vector<const std::uint8_t*> data(w, message.data() + 1);
  std::vector<std::uint32_t> state(4 * w, 1), expected_state(4 * w, 1);
  const auto changed = testing::abi_violations(reinterpret_cast<const void*>(kernel().blocks),
                                               reinterpret_cast<std::uint64_t>(state.data()),
                                               reinterpret_cast<std::uint64_t>(data.data()), 2, 0);
  EXPECT_TRUE(changed.empty()) << ::testing::PrintToString(changed);
  std::array<std::uint32_t, 4> expected = {1, 1, 1, 1};
  kernels().generic().block(expected.data(), message.data() + 1, 2);
  for (std::size_t i = 0; i < w; ++i) EXPECT_EQ(lane(state, w, i), expected) << "lane " << i;
}

// Many computations with random lengths, some already holding a partial
// block, one named twice, through the dispatcher on this kernel: each ends
// as it would have updated alone, in list order. With min_active 1 the
// lanes kernel runs to the last lane; by default the dispatcher's rule.
TEST_P(Md5LanesKernel, DispatcherEndsEachComputationAsIfAlone) {
  std::mt19937_64 rng(64);
  for (std::size_t min_active : {std::size_t{1}, std::size_t{0}}) {
    for (std::size_t count : {std::size_t{1}, std::size_t{5}, 2 * width() + 3, std::size_t{150}}) {
      std::vector<internal::hash::Running<Md5>> many(count), alone(count);
      std::vector<Bytes> data;
      std::vector<internal::lanes::Job<Md5>> jobs;
      for (std::size_t i = 0; i < count; ++i) {
        many[i] = internal::hash::start<Md5>(kernels().generic());
        const Bytes head = random_bytes(rng, rng() % 100);
        Md5Hash d(kernels().generic());
        d.running() = many[i];
        d.update(head);
        many[i] = alone[i] = d.running();
        data.push_back(random_bytes(rng, rng() % 3000));
      }
      for (std::size_t i = 0; i < count; ++i) jobs.push_back({&many[i], data[i]});
      jobs.push_back({&many[0], data[count - 1]});  // named twice
      internal::lanes::absorb_many<Md5>(std::span<const internal::lanes::Job<Md5>>(jobs), kernel(), min_active);
      for (std::size_t i = 0; i < count; ++i) {
        Md5Hash d(kernels().generic());
        d.running() = alone[i];
        d.update(data[i]);
        if (i == 0) d.update(data[count - 1]);
        Md5Hash got(kernels().generic());
        got.running() = many[i];
        EXPECT_EQ(got.sum(), d.sum()) << count << " jobs, job " << i;
        EXPECT_EQ(many[i].c.len, d.running().c.len);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5LanesKernel, ::testing::ValuesIn(lanes::kernels().usable()),
                         testing::KernelParamName{});

// A kernel of the same width as the one under test that records what each
// call gives each lane, then runs the real kernel.
struct Call {
  std::vector<const std::uint8_t*> data;  // lane i's pointer
  std::size_t blocks;
};
const lanes::Kernel* g_recorded = nullptr;
std::vector<Call> g_calls;
std::size_t recorded_width() noexcept { return g_recorded->width(); }
void recorded_blocks(std::uint32_t* state, const std::uint8_t* const* data, std::size_t blocks) {
  g_calls.push_back({{data, data + g_recorded->width()}, blocks});
  g_recorded->blocks(state, data, blocks);
}
const lanes::Kernel kRecorder{{"recorder", {}}, &recorded_width, &recorded_blocks};

// The power-on known answer checks every lane of the kernel: in the
// kernel's first call each lane hashes at least one whole block of a
// message of its own (no lane idle, which the dispatcher fills with another
// lane's pointer, and no two lanes on the same bytes), and the answer is
// the expected one. A known answer with fewer messages than the kernel has
// lanes, or with messages that share their blocks, fails here.
TEST_P(Md5LanesKernel, KnownAnswerGivesEveryLaneWholeBlocksOfItsOwn) {
  const internal::KnownAnswer kat = lanes_answer();
  g_recorded = &kernel();
  g_calls.clear();
  Bytes out;
  lanes_known_answer_on(kRecorder, kat.input, out);
  EXPECT_TRUE(std::equal(out.begin(), out.end(), kat.expected.begin(), kat.expected.end()));
  ASSERT_FALSE(g_calls.empty()) << "the known answer never called the kernel";
  const Call& first = g_calls.front();
  EXPECT_GE(first.blocks, 1u);
  for (std::size_t i = 0; i < width(); ++i) {
    for (std::size_t k = 0; k < i; ++k) {
      EXPECT_NE(0, std::memcmp(first.data[i], first.data[k], block_size))
          << "lanes " << k << " and " << i << " of " << width() << " hash the same block";
    }
  }
  g_calls.clear();
}


// Every known answer fits the shape of md5_lanes_kat.hpp, and has a message
// for each lane of every usable kernel (their widths from the list).
TEST(Md5LanesKnownAnswer, HasAMessageOfWholeBlocksForEveryLaneOfEveryKernel) {
  for (const lanes::Kernel* k : lanes::kernels().usable()) EXPECT_LE(k->width(), lanes_kat_messages) << k->name;
  for (std::size_t j = 0; j < lanes_kat_messages; ++j) EXPECT_GE(lanes_kat_length(j), block_size) << j;
  const internal::KnownAnswer kat = lanes_answer();
  EXPECT_EQ(kat.input.size(), lanes_kat_input_size);
  EXPECT_EQ(kat.expected.size(), lanes_kat_messages * sizeof(Sum));
}

// The RVV lanes kernel reads vlenb in its own way, VLEN / 32 lanes, and
// agrees with the vlen128 trait the CPU detection reads from it.
TEST(Md5LanesRiscv, VectorWidthAgreesWithTheVlen128Trait) {
  const lanes::Kernel* rvv = lanes::kernels().find("riscv64-v");
  if (rvv != nullptr && rvv->usable()) {
    EXPECT_EQ(cpu::detected().has(cpu::Feature::vlen128), rvv->width() == 4);
  } else {
    EXPECT_FALSE(cpu::enabled().has(cpu::Feature::v) && rvv != nullptr) << "riscv64-v needs only V";
  }
}

// The services, through the selected lanes kernel.

TEST(Md5Many, CppUpdateManyIsUpdatingEachAlone) {
  std::mt19937_64 rng(7);
  std::vector<Digest> many(40), alone(40);
  std::vector<Bytes> data;
  std::vector<Update> updates;
  for (std::size_t i = 0; i < many.size(); ++i) data.push_back(random_bytes(rng, (i * 977) % 9000));
  for (std::size_t i = 0; i < many.size(); ++i) updates.push_back({&many[i], data[i]});
  update_many(updates);
  for (std::size_t i = 0; i < many.size(); ++i) {
    alone[i].update(data[i]);
    EXPECT_EQ(many[i].sum(), alone[i].sum()) << i;
  }
}

TEST(Md5Many, CppSumManyIsSumOfEach) {
  std::mt19937_64 rng(8);
  std::vector<Bytes> data;
  for (std::size_t i = 0; i < 300; ++i) data.push_back(random_bytes(rng, rng() % 5000));
  std::vector<std::span<const std::uint8_t>> messages(data.begin(), data.end());
  std::vector<Sum> out(messages.size());
  sum_many(messages, out);
  for (std::size_t i = 0; i < data.size(); ++i) EXPECT_EQ(out[i], sum(data[i])) << i;
  std::vector<Sum> short_out(messages.size() - 1);
  EXPECT_THROW(sum_many(messages, short_out), fipsmod::error);
  const Update null_digest[] = {{nullptr, data[0]}};
  EXPECT_THROW(update_many(null_digest), fipsmod::error);
}

TEST(Md5Many, CUpdateManyIsUpdatingEachAlone) {
  std::mt19937_64 rng(9);
  constexpr std::size_t kCount = 70;
  std::vector<fipsmod_md5_ctx> many(kCount), alone(kCount);
  std::vector<Bytes> data;
  std::vector<fipsmod_md5_update_item> items;
  for (std::size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(fipsmod_md5_init(&many[i]), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_md5_init(&alone[i]), FIPSMOD_OK);
    data.push_back(random_bytes(rng, rng() % 7000));
  }
  for (std::size_t i = 0; i < kCount; ++i) items.push_back({&many[i], data[i].data(), data[i].size()});
  items.push_back({&many[3], data[5].data(), data[5].size()});  // named twice
  ASSERT_EQ(fipsmod_md5_update_many(items.data(), items.size()), FIPSMOD_OK);
  for (std::size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(fipsmod_md5_update(&alone[i], data[i].data(), data[i].size()), FIPSMOD_OK);
    if (i == 3) {
      ASSERT_EQ(fipsmod_md5_update(&alone[i], data[5].data(), data[5].size()), FIPSMOD_OK);
    }
    std::uint8_t a[16], b[16];
    ASSERT_EQ(fipsmod_md5_sum(&many[i], a), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_md5_sum(&alone[i], b), FIPSMOD_OK);
    EXPECT_EQ(0, std::memcmp(a, b, 16)) << i;
  }
  EXPECT_EQ(fipsmod_md5_update_many(nullptr, 0), FIPSMOD_OK);
}

// A bad item anywhere refuses the whole call before any context changes.
TEST(Md5Many, CErrorsChangeNothing) {
  fipsmod_md5_ctx good[2], uninitialised;
  std::memset(&uninitialised, 0, sizeof uninitialised);
  for (auto& c : good) ASSERT_EQ(fipsmod_md5_init(&c), FIPSMOD_OK);
  const fipsmod_md5_ctx before[2] = {good[0], good[1]};
  const Bytes data(200, 1);
  const fipsmod_md5_update_item null_data[] = {{&good[0], data.data(), 200}, {&good[1], nullptr, 5}};
  EXPECT_EQ(fipsmod_md5_update_many(null_data, 2), FIPSMOD_ERR_NULL_ARGUMENT);
  const fipsmod_md5_update_item null_ctx[] = {{&good[0], data.data(), 200}, {nullptr, data.data(), 5}};
  EXPECT_EQ(fipsmod_md5_update_many(null_ctx, 2), FIPSMOD_ERR_NULL_ARGUMENT);
  const fipsmod_md5_update_item bad_ctx[] = {{&good[0], data.data(), 200}, {&uninitialised, data.data(), 5}};
  EXPECT_EQ(fipsmod_md5_update_many(bad_ctx, 2), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_md5_update_many(nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(0, std::memcmp(before, good, sizeof good)) << "a refused call changed a context";

  std::uint8_t out[2][16];
  std::memset(out, 0x5a, sizeof out);
  const void* ptrs[] = {data.data(), nullptr};
  const size_t lens[] = {200, 1};
  EXPECT_EQ(fipsmod_md5_many(2, ptrs, lens, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_many(2, nullptr, lens, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_TRUE(std::all_of(&out[0][0], &out[0][0] + sizeof out, [](std::uint8_t b) { return b == 0x5a; }));
  const size_t ok_lens[] = {200, 0};
  ASSERT_EQ(fipsmod_md5_many(2, ptrs, ok_lens, out), FIPSMOD_OK);
  std::uint8_t one[16];
  ASSERT_EQ(fipsmod_md5(data.data(), 200, one), FIPSMOD_OK);
  EXPECT_EQ(0, std::memcmp(out[0], one, 16));
  ASSERT_EQ(fipsmod_md5(nullptr, 0, one), FIPSMOD_OK);
  EXPECT_EQ(0, std::memcmp(out[1], one, 16));
}

// What every lanes kernel's known answer exercises: a message with a whole
// block for every lane, of unequal lengths (lanes drop out at different
// steps), and partial final blocks.
TEST(Md5LanesKnownAnswer, ExercisesTheKernels) {
  {
    const internal::KnownAnswer a = lanes_answer();
    EXPECT_EQ(a.expected.size(), lanes_kat_messages * size) << ": one digest a lane";
    EXPECT_GE(a.input.size(), lanes_kat_input_size) << ": long enough for every lane";
    std::vector<std::size_t> block_counts;
    bool partial = false;
    for (std::size_t j = 0; j < lanes_kat_messages; ++j) {
      EXPECT_GE(lanes_kat_length(j), block_size) << " message " << j << " has a block";
      block_counts.push_back(lanes_kat_length(j) / block_size);
      partial = partial || lanes_kat_length(j) % block_size != 0;
    }
    EXPECT_NE(*std::min_element(block_counts.begin(), block_counts.end()),
              *std::max_element(block_counts.begin(), block_counts.end()))
        << " lanes drop out at different steps";
    EXPECT_TRUE(partial) << " a partial final block";
  }
}

}  // namespace
}  // namespace fipsmod::md5
