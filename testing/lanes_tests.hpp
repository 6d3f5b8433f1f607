// The tests of a hash's lanes kernels and of its services on many
// computations (core/lanes.hpp), written once for every hash that has them
// (MD5, SHA-256, SHA-224). A hash's test file names a traits struct T and
// expands the two macros at the end:
//
//   FIPSMOD_LANES_KERNEL_TESTS(Fixture, T)  every usable kernel of T's lanes
//       list (a parameterised suite: a kernel added to the list is tested
//       without new test code) against the generic single-stream kernel
//       run on each lane alone: random states, block counts and offsets,
//       shared pointers, guard pages, the calling convention, the
//       dispatcher with every computation at another length, and the power-
//       on known answer giving every lane blocks of its own;
//   FIPSMOD_LANES_SERVICE_TESTS(Suite, T)  the C and C++ services on many
//       computations, through the selected lanes kernel, against updating
//       each alone, and their refusals changing nothing.
//
// T: using H (the hash's traits), Kernel (its lanes record); static
// lanes() and single() (the two kernel lists), algorithm (the lanes
// algorithm's registry name), known_answer_on (the package's); and
// FIPSMOD_LANES_API_TRAITS(NAME) for the hash's public API: Digest, Update,
// Sum, Ctx, Item (the C update item), the C functions init, update, sum,
// one_shot, update_many, many, and C++ cpp_update_many, cpp_sum_many,
// cpp_sum.
#pragma once

#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <new>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "core/lanes.hpp"
#include "core/lanes_kat.hpp"
#include "power_on/packages.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::testing::lanes_tests {

using Bytes = std::vector<std::uint8_t>;

inline Bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

// The lanes' one known answer, as the package registered it.
inline internal::KnownAnswer lanes_answer(const char* algorithm) {
  const internal::Algorithm* a = internal::find_algorithm(algorithm);
  EXPECT_NE(a, nullptr) << algorithm;
  return a ? a->answer : internal::KnownAnswer{};
}

// A kernel of the same width as the one under test that records what each
// call gives each lane, then runs the real kernel.
struct Call {
  std::vector<const std::uint8_t*> data;  // lane i's pointer
  std::size_t blocks;
};
template <class T>
struct Recorder {
  using Word = internal::hash::Word<typename T::H>;
  static inline const typename T::Kernel* recorded = nullptr;
  static inline std::vector<Call> calls;
  static std::size_t width() noexcept { return recorded->width(); }
  static void blocks(Word* state, const std::uint8_t* const* data, std::size_t n) {
    calls.push_back({{data, data + recorded->width()}, n});
    recorded->blocks(state, data, n);
  }
  static inline const typename T::Kernel kernel{{"recorder", {}}, &width, &blocks};
};

template <class T>
class LanesKernelTest : public ::testing::TestWithParam<const typename T::Kernel*> {
 protected:
  using H = typename T::H;
  using Word = internal::hash::Word<H>;
  static constexpr std::size_t kWords = H::words, kBlock = H::block_size;
  using Lane = std::array<Word, kWords>;

  const typename T::Kernel& kernel() const { return *this->GetParam(); }
  std::size_t width() const { return kernel().width(); }

  // Lane i of a transposed state, and `state` run alone on the generic kernel.
  static Lane lane(const std::vector<Word>& state, std::size_t width, std::size_t i) {
    Lane out;
    for (std::size_t j = 0; j < kWords; ++j) out[j] = state[j * width + i];
    return out;
  }
  static Lane alone(Lane state, const std::uint8_t* data, std::size_t blocks) {
    T::single().generic().block(state.data(), data, blocks);
    return state;
  }

  void width_fits_the_dispatcher() {
    EXPECT_GE(width(), 1u);
    EXPECT_LE(width(), internal::lanes::max_lanes);
  }

  void every_lane_is_the_single_stream_kernel_on_its_own() {
    std::mt19937_64 rng(1321);
    const std::size_t w = width();
    for (std::size_t blocks : {0u, 1u, 2u, 7u, 33u}) {
      for (int round = 0; round < 3; ++round) {
        std::vector<Bytes> messages;
        std::vector<const std::uint8_t*> data(w);
        std::vector<Word> state(kWords * w);
        for (auto& word : state) word = static_cast<Word>(rng());
        const std::vector<Word> before = state;
        for (std::size_t i = 0; i < w; ++i) {
          const std::size_t offset = rng() % 8;  // any alignment
          messages.push_back(random_bytes(rng, offset + kBlock * blocks));
          data[i] = messages.back().data() + offset;
        }
        kernel().blocks(state.data(), data.data(), blocks);
        for (std::size_t i = 0; i < w; ++i) {
          EXPECT_EQ(lane(state, w, i), alone(lane(before, w, i), data[i], blocks)) << "lane " << i << ", " << blocks << " blocks";
        }
      }
    }
  }

  void lanes_may_share_a_pointer() {
    std::mt19937_64 rng(5);
    const std::size_t w = width();
    const Bytes message = random_bytes(rng, 3 * kBlock);
    std::vector<const std::uint8_t*> data(w, message.data());
    std::vector<Word> state(kWords * w);
    for (std::size_t j = 0; j < kWords; ++j) {
      for (std::size_t i = 0; i < w; ++i) state[j * w + i] = static_cast<Word>(j * 1000 + i);
    }
    const std::vector<Word> before = state;
    kernel().blocks(state.data(), data.data(), 3);
    for (std::size_t i = 0; i < w; ++i) EXPECT_EQ(lane(state, w, i), alone(lane(before, w, i), message.data(), 3)) << "lane " << i;
  }

  // Each lane's blocks end at (or start at) an unmapped page: a kernel that
  // reads a byte past its blocks, or before them, faults.
  void reads_only_its_blocks_against_guard_pages() {
    const std::size_t w = width();
    for (auto side : {GuardSide::before, GuardSide::after}) {
      std::vector<std::unique_ptr<GuardedBuffer>> buffers;
      std::vector<const std::uint8_t*> data(w);
      for (std::size_t i = 0; i < w; ++i) {
        buffers.push_back(std::make_unique<GuardedBuffer>(2 * kBlock, side));
        auto bytes = buffers.back()->bytes();
        std::fill(bytes.begin(), bytes.end(), static_cast<std::uint8_t>(i));
        data[i] = bytes.data();
      }
      std::vector<Word> state(kWords * w, 7);
      kernel().blocks(state.data(), data.data(), 2);
      Lane sevens;
      sevens.fill(7);
      for (std::size_t i = 0; i < w; ++i) EXPECT_EQ(lane(state, w, i), alone(sevens, data[i], 2)) << "lane " << i;
    }
  }

  // The kernel preserves the callee-saved registers and the stack pointer,
  // called through the ABI harness, and still computes the right state.
  void keeps_the_calling_convention() {
    ASSERT_TRUE(abi_check_available()) << "no ABI trampoline for this architecture (testing/)";
    const std::size_t w = width();
    Bytes message(2 * kBlock + 1);
    std::iota(message.begin(), message.end(), std::uint8_t{3});
    std::vector<const std::uint8_t*> data(w, message.data() + 1);
    std::vector<Word> state(kWords * w, 1);
    const auto changed = abi_violations(reinterpret_cast<const void*>(kernel().blocks),
                                        reinterpret_cast<std::uint64_t>(state.data()),
                                        reinterpret_cast<std::uint64_t>(data.data()), 2, 0);
    EXPECT_TRUE(changed.empty()) << ::testing::PrintToString(changed);
    Lane ones;
    ones.fill(1);
    const Lane expected = alone(ones, message.data() + 1, 2);
    for (std::size_t i = 0; i < w; ++i) EXPECT_EQ(lane(state, w, i), expected) << "lane " << i;
  }

  // Many computations with random lengths (every one another), some
  // already holding a partial block, one named twice, through the
  // dispatcher on this kernel: each ends as it would have updated alone, in
  // list order. With min_active 1 the lanes kernel runs to the last lane; by
  // default the dispatcher's rule.
  void dispatcher_ends_each_computation_as_if_alone() {
    using Hash = internal::hash::OnKernel<H>;
    std::mt19937_64 rng(64);
    const auto& generic = T::single().generic();
    for (std::size_t min_active : {std::size_t{1}, std::size_t{0}}) {
      for (std::size_t count : {std::size_t{1}, std::size_t{5}, 2 * width() + 3, std::size_t{150}}) {
        std::vector<internal::hash::Running<H>> many(count), before(count);
        std::vector<Bytes> data;
        std::vector<internal::lanes::Job<H>> jobs;
        for (std::size_t i = 0; i < count; ++i) {
          Hash d(generic);
          d.update(random_bytes(rng, rng() % 100));
          many[i] = before[i] = d.running();
          data.push_back(random_bytes(rng, rng() % 3000));
        }
        for (std::size_t i = 0; i < count; ++i) jobs.push_back({&many[i], data[i]});
        jobs.push_back({&many[0], data[count - 1]});  // named twice
        internal::lanes::absorb_many<H>(std::span<const internal::lanes::Job<H>>(jobs), kernel(), min_active);
        for (std::size_t i = 0; i < count; ++i) {
          Hash d(generic);
          d.running() = before[i];
          d.update(data[i]);
          if (i == 0) d.update(data[count - 1]);
          Hash got(generic);
          got.running() = many[i];
          EXPECT_EQ(got.sum(), d.sum()) << count << " jobs, job " << i;
          EXPECT_EQ(many[i].c.len, d.running().c.len);
        }
      }
    }
  }

  // Every split: computations of as many lengths as the kernel has lanes
  // (and one more), each taking its message in two updates cut at the same
  // byte k, for every k to past the longest, through two dispatcher calls
  // with the lanes kernel to the last lane: each digest is the one-shot
  // digest of its message, whatever block boundary, buffered tail or
  // padding the cut falls on.
  void every_split_gives_the_one_shot_digest() {
    using Hash = internal::hash::OnKernel<H>;
    std::mt19937_64 rng(180);
    const auto& generic = T::single().generic();
    const std::size_t count = width() + 1;
    std::vector<Bytes> data;
    std::vector<std::array<std::uint8_t, H::size>> want(count);
    for (std::size_t i = 0; i < count; ++i) {
      data.push_back(random_bytes(rng, (i * 37) % (3 * kBlock + 1)));
      internal::hash::digest<H>(generic, data[i], want[i]);
    }
    std::size_t longest = 0;
    for (const Bytes& d : data) longest = std::max(longest, d.size());
    for (std::size_t k = 0; k <= longest + 1; ++k) {
      std::vector<internal::hash::Running<H>> r(count, internal::hash::start<H>(generic));
      std::vector<internal::lanes::Job<H>> head, tail;
      for (std::size_t i = 0; i < count; ++i) {
        const std::size_t cut = std::min(k, data[i].size());
        head.push_back({&r[i], std::span(data[i]).first(cut)});
        tail.push_back({&r[i], std::span(data[i]).subspan(cut)});
      }
      internal::lanes::absorb_many<H>(std::span<const internal::lanes::Job<H>>(head), kernel(), 1);
      internal::lanes::absorb_many<H>(std::span<const internal::lanes::Job<H>>(tail), kernel(), 1);
      for (std::size_t i = 0; i < count; ++i) {
        Hash got(generic);
        got.running() = r[i];
        const auto sum = got.sum();
        ASSERT_TRUE(std::equal(sum.begin(), sum.end(), want[i].begin(), want[i].end()))
            << "computation " << i << " of " << data[i].size() << " bytes, cut at " << k;
      }
    }
  }

  // The power-on known answer checks every lane of the kernel: in the
  // kernel's first call each lane hashes at least one whole block of a
  // message of its own (no lane idle, which the dispatcher fills with
  // another lane's pointer, and no two lanes on the same bytes), and the
  // answer is the expected one. A known answer with fewer messages than
  // the kernel has lanes, or with messages that share their blocks, fails.
  void known_answer_gives_every_lane_whole_blocks_of_its_own() {
    using R = Recorder<T>;
    const internal::KnownAnswer kat = lanes_answer(T::algorithm);
    R::recorded = &kernel();
    R::calls.clear();
    Bytes out;
    T::known_answer_on(R::kernel, kat.input, out);
    EXPECT_TRUE(std::equal(out.begin(), out.end(), kat.expected.begin(), kat.expected.end()));
    ASSERT_FALSE(R::calls.empty()) << "the known answer never called the kernel";
    const Call& first = R::calls.front();
    EXPECT_GE(first.blocks, 1u);
    for (std::size_t i = 0; i < width(); ++i) {
      for (std::size_t k = 0; k < i; ++k) {
        EXPECT_NE(0, std::memcmp(first.data[i], first.data[k], kBlock))
            << "lanes " << k << " and " << i << " of " << width() << " hash the same block";
      }
    }
    R::calls.clear();
  }
};

// Every known answer fits the shape of core/lanes_kat.hpp, has a message
// of whole blocks for each lane of every usable kernel (their widths from
// the list), of unequal lengths (lanes drop out at different steps), and
// partial final blocks.
template <class T>
void known_answer_has_a_message_of_whole_blocks_for_every_lane() {
  namespace l = internal::lanes;
  for (const auto* k : T::lanes().usable()) EXPECT_LE(k->width(), l::kat_messages) << k->name;
  EXPECT_EQ(T::H::block_size, l::kat_block_size);
  const internal::KnownAnswer kat = lanes_answer(T::algorithm);
  EXPECT_EQ(kat.input.size(), l::kat_input_size);
  EXPECT_EQ(kat.expected.size(), l::kat_messages * T::H::size) << ": one digest a lane";
  std::vector<std::size_t> block_counts;
  bool partial = false;
  for (std::size_t j = 0; j < l::kat_messages; ++j) {
    EXPECT_GE(l::kat_length(j), l::kat_block_size) << " message " << j << " has a block";
    block_counts.push_back(l::kat_length(j) / l::kat_block_size);
    partial = partial || l::kat_length(j) % l::kat_block_size != 0;
  }
  EXPECT_NE(*std::min_element(block_counts.begin(), block_counts.end()),
            *std::max_element(block_counts.begin(), block_counts.end()))
      << " lanes drop out at different steps";
  EXPECT_TRUE(partial) << " a partial final block";
}

template <class T>
void cpp_update_many_is_updating_each_alone() {
  std::mt19937_64 rng(7);
  std::vector<typename T::Digest> many(40), alone(40);
  std::vector<Bytes> data;
  std::vector<typename T::Update> updates;
  for (std::size_t i = 0; i < many.size(); ++i) data.push_back(random_bytes(rng, (i * 977) % 9000));
  for (std::size_t i = 0; i < many.size(); ++i) updates.push_back({&many[i], data[i]});
  T::cpp_update_many(updates);
  for (std::size_t i = 0; i < many.size(); ++i) {
    alone[i].update(data[i]);
    EXPECT_EQ(many[i].sum(), alone[i].sum()) << i;
  }
}

template <class T>
void cpp_sum_many_is_sum_of_each() {
  std::mt19937_64 rng(8);
  std::vector<Bytes> data;
  for (std::size_t i = 0; i < 300; ++i) data.push_back(random_bytes(rng, rng() % 5000));
  std::vector<std::span<const std::uint8_t>> messages(data.begin(), data.end());
  std::vector<typename T::Sum> out(messages.size());
  T::cpp_sum_many(messages, out);
  for (std::size_t i = 0; i < data.size(); ++i) EXPECT_EQ(out[i], T::cpp_sum(data[i])) << i;
  std::vector<typename T::Sum> short_out(messages.size() - 1);
  EXPECT_THROW(T::cpp_sum_many(messages, short_out), fipsmod::error);
  const typename T::Update null_digest[] = {{nullptr, data[0]}};
  EXPECT_THROW(T::cpp_update_many(null_digest), fipsmod::error);
}

// Digests over the list of messages: the C call refuses them over its
// data or len array (FIPSMOD_ERR_INVALID_OVERLAP), and so does sum_many,
// which hands the list to it 64 at a time: the first 64 digests would
// otherwise overwrite the spans of later messages before they are read.
template <class T>
void cpp_sum_many_refuses_digests_over_its_messages() {
  constexpr std::size_t kCount = 100;  // more than one call's 64
  const std::size_t bytes = kCount * std::max(sizeof(std::span<const std::uint8_t>), sizeof(typename T::Sum));
  std::vector<std::uint64_t> storage(bytes / sizeof(std::uint64_t) + 1);
  static const std::uint8_t message[] = {'a', 'b', 'c'};
  auto* spans = new (storage.data()) std::span<const std::uint8_t>[kCount];
  for (std::size_t i = 0; i < kCount; ++i) spans[i] = std::span<const std::uint8_t>(message);
  const std::span<const std::span<const std::uint8_t>> messages(spans, kCount);
  const std::span<typename T::Sum> out(reinterpret_cast<typename T::Sum*>(storage.data()), kCount);
  try {
    T::cpp_sum_many(messages, out);
    ADD_FAILURE() << "sum_many wrote digests over its own list of messages";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_INVALID_OVERLAP);
  }
}

template <class T>
void c_update_many_is_updating_each_alone() {
  std::mt19937_64 rng(9);
  constexpr std::size_t kCount = 70, kSize = T::H::size;
  std::vector<typename T::Ctx> many(kCount), alone(kCount);
  std::vector<Bytes> data;
  std::vector<typename T::Item> items;
  for (std::size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(T::init(&many[i]), FIPSMOD_OK);
    ASSERT_EQ(T::init(&alone[i]), FIPSMOD_OK);
    data.push_back(random_bytes(rng, rng() % 7000));
  }
  for (std::size_t i = 0; i < kCount; ++i) items.push_back({&many[i], data[i].data(), data[i].size()});
  items.push_back({&many[3], data[5].data(), data[5].size()});  // named twice
  ASSERT_EQ(T::update_many(items.data(), items.size()), FIPSMOD_OK);
  for (std::size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(T::update(&alone[i], data[i].data(), data[i].size()), FIPSMOD_OK);
    if (i == 3) {
      ASSERT_EQ(T::update(&alone[i], data[5].data(), data[5].size()), FIPSMOD_OK);
    }
    std::uint8_t a[kSize], b[kSize];
    ASSERT_EQ(T::sum(&many[i], a), FIPSMOD_OK);
    ASSERT_EQ(T::sum(&alone[i], b), FIPSMOD_OK);
    EXPECT_EQ(0, std::memcmp(a, b, kSize)) << i;
  }
  EXPECT_EQ(T::update_many(nullptr, 0), FIPSMOD_OK);
}

// A bad item anywhere refuses the whole call before any context changes.
template <class T>
void c_errors_change_nothing() {
  constexpr std::size_t kSize = T::H::size;
  typename T::Ctx good[2], uninitialised;
  std::memset(&uninitialised, 0, sizeof uninitialised);
  for (auto& c : good) ASSERT_EQ(T::init(&c), FIPSMOD_OK);
  typename T::Ctx before[2] = {good[0], good[1]};
  const Bytes data(200, 1);
  const typename T::Item null_data[] = {{&good[0], data.data(), 200}, {&good[1], nullptr, 5}};
  EXPECT_EQ(T::update_many(null_data, 2), FIPSMOD_ERR_NULL_ARGUMENT);
  const typename T::Item null_ctx[] = {{&good[0], data.data(), 200}, {nullptr, data.data(), 5}};
  EXPECT_EQ(T::update_many(null_ctx, 2), FIPSMOD_ERR_NULL_ARGUMENT);
  const typename T::Item bad_ctx[] = {{&good[0], data.data(), 200}, {&uninitialised, data.data(), 5}};
  EXPECT_EQ(T::update_many(bad_ctx, 2), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(T::update_many(nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(0, std::memcmp(before, good, sizeof good)) << "a refused call changed a context";

  std::uint8_t out[2][kSize];
  std::memset(out, 0x5a, sizeof out);
  const void* ptrs[] = {data.data(), nullptr};
  const size_t lens[] = {200, 1};
  EXPECT_EQ(T::many(2, ptrs, lens, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(T::many(2, nullptr, lens, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_TRUE(std::all_of(&out[0][0], &out[0][0] + sizeof out, [](std::uint8_t b) { return b == 0x5a; }));
  const size_t ok_lens[] = {200, 0};
  ASSERT_EQ(T::many(2, ptrs, ok_lens, out), FIPSMOD_OK);
  std::uint8_t one[kSize];
  ASSERT_EQ(T::one_shot(data.data(), 200, one), FIPSMOD_OK);
  EXPECT_EQ(0, std::memcmp(out[0], one, kSize));
  ASSERT_EQ(T::one_shot(nullptr, 0, one), FIPSMOD_OK);
  EXPECT_EQ(0, std::memcmp(out[1], one, kSize));
}

}  // namespace fipsmod::testing::lanes_tests

// In a traits struct: the public API of the hash NAME (md5, sha256,
// sha224), from <fipsmod/NAME.hpp>.
#define FIPSMOD_LANES_API_TRAITS(NAME)                                                                      \
  using Digest = ::fipsmod::NAME::Digest;                                                                   \
  using Update = ::fipsmod::NAME::Update;                                                                   \
  using Sum = ::fipsmod::NAME::Sum;                                                                         \
  using Ctx = fipsmod_##NAME##_ctx;                                                                         \
  using Item = fipsmod_##NAME##_update_item;                                                                \
  static constexpr auto init = &fipsmod_##NAME##_init;                                                      \
  static constexpr auto update = &fipsmod_##NAME##_update;                                                  \
  static constexpr auto sum = &fipsmod_##NAME##_sum;                                                        \
  static constexpr auto one_shot = &fipsmod_##NAME;                                                         \
  static constexpr auto update_many = &fipsmod_##NAME##_update_many;                                        \
  static constexpr auto many = &fipsmod_##NAME##_many;                                                      \
  static void cpp_update_many(std::span<const Update> u) { ::fipsmod::NAME::update_many(u); }               \
  static void cpp_sum_many(std::span<const std::span<const std::uint8_t>> m, std::span<Sum> out) {          \
    ::fipsmod::NAME::sum_many(m, out);                                                                      \
  }                                                                                                         \
  static Sum cpp_sum(std::span<const std::uint8_t> m) { return ::fipsmod::NAME::sum(m); }

#define FIPSMOD_LANES_KERNEL_TESTS(FIXTURE, T)                                                                \
  using FIXTURE = ::fipsmod::testing::lanes_tests::LanesKernelTest<T>;                                        \
  TEST_P(FIXTURE, WidthFitsTheDispatcher) { width_fits_the_dispatcher(); }                                    \
  TEST_P(FIXTURE, EveryLaneIsTheSingleStreamKernelOnItsOwn) { every_lane_is_the_single_stream_kernel_on_its_own(); } \
  TEST_P(FIXTURE, LanesMayShareAPointer) { lanes_may_share_a_pointer(); }                                     \
  TEST_P(FIXTURE, ReadsOnlyItsBlocksAgainstGuardPages) { reads_only_its_blocks_against_guard_pages(); }        \
  TEST_P(FIXTURE, KeepsTheCallingConvention) { keeps_the_calling_convention(); }                              \
  TEST_P(FIXTURE, DispatcherEndsEachComputationAsIfAlone) { dispatcher_ends_each_computation_as_if_alone(); }  \
  TEST_P(FIXTURE, EverySplitGivesTheOneShotDigest) { every_split_gives_the_one_shot_digest(); }              \
  TEST_P(FIXTURE, KnownAnswerGivesEveryLaneWholeBlocksOfItsOwn) {                                             \
    known_answer_gives_every_lane_whole_blocks_of_its_own();                                                  \
  }                                                                                                           \
  INSTANTIATE_TEST_SUITE_P(Usable, FIXTURE, ::testing::ValuesIn(T::lanes().usable()),                         \
                           ::fipsmod::testing::KernelParamName{});                                            \
  TEST(FIXTURE##KnownAnswer, HasAMessageOfWholeBlocksForEveryLaneOfEveryKernel) {                             \
    ::fipsmod::testing::lanes_tests::known_answer_has_a_message_of_whole_blocks_for_every_lane<T>();          \
  }

#define FIPSMOD_LANES_SERVICE_TESTS(SUITE, T)                                                                         \
  TEST(SUITE, CppUpdateManyIsUpdatingEachAlone) { ::fipsmod::testing::lanes_tests::cpp_update_many_is_updating_each_alone<T>(); } \
  TEST(SUITE, CppSumManyIsSumOfEach) { ::fipsmod::testing::lanes_tests::cpp_sum_many_is_sum_of_each<T>(); }           \
  TEST(SUITE, CppSumManyRefusesDigestsOverItsMessages) {                                                              \
    ::fipsmod::testing::lanes_tests::cpp_sum_many_refuses_digests_over_its_messages<T>();                             \
  }                                                                                                                   \
  TEST(SUITE, CUpdateManyIsUpdatingEachAlone) { ::fipsmod::testing::lanes_tests::c_update_many_is_updating_each_alone<T>(); } \
  TEST(SUITE, CErrorsChangeNothing) { ::fipsmod::testing::lanes_tests::c_errors_change_nothing<T>(); }
