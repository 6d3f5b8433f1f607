// The lanes dispatcher's fall back down a kernel list (core/lanes.hpp,
// KernelChain), on test kernels, so that it does not depend on the host's
// CPU: a list of lanes kernels of widths 8, 4 and 2 (thresholds 6, 3 and
// 2), one too wide for the dispatcher and a one-lane record, each hashing
// every lane with the hash's generic single-stream kernel and recording
// each call (which kernel, how many lanes had data, how many blocks), and
// a recording single-stream kernel under the computations. The dispatcher
// must run the first kernel whose threshold the busy lanes meet, move what
// is left down the list as lanes drain, and only below every threshold use
// each computation's own kernel; each computation ends as if updated alone.
//
// A hash's test file expands FIPSMOD_LANES_CHAIN_TESTS(Suite, H) with H
// the hash's traits (H::kernels(), H::Kernel, Word, words, block_size).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <span>
#include <vector>

#include "core/hash.hpp"
#include "core/lanes.hpp"

namespace fipsmod::testing::lanes_chain {

// Who hashed: a test lanes kernel by its width, kSingle the computations'
// own single-stream kernel.
inline constexpr std::size_t kSingle = 0;

struct Call {
  std::size_t kernel;
  std::size_t busy;  // lanes with data: distinct pointers (every message is its own buffer)
  std::size_t blocks;
  bool operator==(const Call&) const = default;
};
inline std::ostream& operator<<(std::ostream& os, const Call& c) {
  return os << "{" << (c.kernel == kSingle ? "single" : "lanes-" + std::to_string(c.kernel)) << ", busy " << c.busy
            << ", " << c.blocks << " blocks}";
}

template <class H>
std::vector<Call>& calls() {
  static std::vector<Call> log;
  return log;
}

// Every lane on the generic single-stream kernel, recorded.
template <class H, std::size_t W>
void lanes_on_generic(internal::hash::Word<H>* state, const std::uint8_t* const* data, std::size_t blocks) {
  std::array<internal::hash::Word<H>, H::words> h;
  for (std::size_t i = 0; i < W; ++i) {
    for (std::size_t w = 0; w < H::words; ++w) h[w] = state[w * W + i];
    H::kernels().generic().block(h.data(), data[i], blocks);
    for (std::size_t w = 0; w < H::words; ++w) state[w * W + i] = h[w];
  }
  calls<H>().push_back({W, std::set<const std::uint8_t*>(data, data + W).size(), blocks});
}

template <std::size_t W>
std::size_t width() noexcept {
  return W;
}

template <class H>
void single_on_generic(internal::hash::Word<H>* state, const std::uint8_t* data, std::size_t blocks) {
  calls<H>().push_back({kSingle, 1, blocks});
  H::kernels().generic().block(state, data, blocks);
}

template <class H>
const typename H::Kernel& recording_single() {
  static const typename H::Kernel k = [] {
    typename H::Kernel r{};
    r.name = "test-single";
    r.block = &single_on_generic<H>;
    return r;
  }();
  return k;
}

// Best first, as a package's list: thresholds 6, 3, 2 (8 before 4 before 2,
// a later kernel with a lower threshold than an earlier one), one kernel
// too wide for the dispatcher (never called: it would record its width),
// and the one-lane record that ends a real list (never called either: below
// every threshold each computation runs on its own kernel).
template <class H>
const internal::KernelList<internal::lanes::KernelOf<H>>& test_list() {
  using K = internal::lanes::KernelOf<H>;
  constexpr std::size_t too_wide = internal::lanes::max_lanes + 1;
  static const internal::KernelList<K> list{
      K{{"test-8", {}}, &width<8>, &lanes_on_generic<H, 8>, 6},
      K{{"test-too-wide", {}}, &width<too_wide>, &lanes_on_generic<H, too_wide>, 2},
      K{{"test-4", {}}, &width<4>, &lanes_on_generic<H, 4>, 3},
      K{{"test-2", {}}, &width<2>, &lanes_on_generic<H, 2>, 2},
      K{{"test-1", {}}, &width<1>, &lanes_on_generic<H, 1>, 1},
  };
  return list;
}

// Messages of blocks[i] whole blocks, each its own buffer; the computations
// on the recording single-stream kernel; `run` feeds them all at once.
// Returns the calls, after checking each computation against the generic
// kernel updating it alone.
template <class H, class Run>
std::vector<Call> absorb(const std::vector<std::size_t>& blocks, Run run) {
  std::vector<std::vector<std::uint8_t>> messages;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    messages.emplace_back(blocks[i] * H::block_size);
    for (std::size_t b = 0; b < messages[i].size(); ++b) messages[i][b] = static_cast<std::uint8_t>(b * 7 + i * 31);
  }
  std::vector<internal::hash::Running<H>> r(blocks.size(), internal::hash::start<H>(recording_single<H>()));
  std::vector<internal::lanes::Job<H>> jobs;
  for (std::size_t i = 0; i < blocks.size(); ++i) jobs.push_back({&r[i], messages[i]});
  calls<H>().clear();
  run(std::span<const internal::lanes::Job<H>>(jobs));
  std::vector<Call> out = calls<H>();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    internal::hash::OnKernel<H> alone(H::kernels().generic()), got(H::kernels().generic());
    alone.update(messages[i]);
    got.running().c = r[i].c;
    EXPECT_EQ(got.sum(), alone.sum()) << "computation " << i << " of " << blocks.size();
  }
  return out;
}

template <class H>
std::vector<Call> absorb_on_chain(const std::vector<std::size_t>& blocks) {
  return absorb<H>(blocks, [](std::span<const internal::lanes::Job<H>> jobs) {
    internal::lanes::absorb_many<H>(jobs, internal::lanes::KernelChain<H>::selected(test_list<H>()));
  });
}

// The chain the module builds: the selected kernel (test-8), then test-4
// and test-2; not the too-wide one, not the one-lane record.
template <class H>
void chain_holds_the_kernels_that_can_run() {
  const auto chain = internal::lanes::KernelChain<H>::selected(test_list<H>());
  std::vector<std::string> names;
  std::vector<std::size_t> thresholds;
  for (const auto& link : chain.links()) {
    names.push_back(link.kernel->name);
    thresholds.push_back(link.threshold);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"test-8", "test-4", "test-2"}));
  EXPECT_EQ(thresholds, (std::vector<std::size_t>{6, 3, 2}));
}

// N equal messages of 3 blocks: the first kernel whose threshold N meets
// takes as many as it is wide, and what is left goes on down the list.
template <class H>
void runs_the_first_kernel_whose_threshold_the_busy_lanes_meet() {
  using V = std::vector<Call>;
  const std::vector<std::pair<std::size_t, V>> cases = {
      {1, V{{kSingle, 1, 3}}},
      {2, V{{2, 2, 3}}},
      {3, V{{4, 3, 3}}},
      {4, V{{4, 4, 3}}},
      {5, V{{4, 4, 3}, {kSingle, 1, 3}}},
      {6, V{{8, 6, 3}}},
      {8, V{{8, 8, 3}}},
      {9, V{{8, 8, 3}, {kSingle, 1, 3}}},
      {10, V{{8, 8, 3}, {2, 2, 3}}},
      {13, V{{8, 8, 3}, {4, 4, 3}, {kSingle, 1, 3}}},
  };
  for (const auto& [n, expected] : cases) {
    EXPECT_EQ(absorb_on_chain<H>(std::vector<std::size_t>(n, 3)), expected) << n << " messages";
  }
}

// Messages of 8, 7, ... 1 blocks: test-8 while 6 or more lanes have data,
// then the five left (5, 4, 3, 2, 1 blocks) on test-4 while 3 or more do,
// then the two left (2 and 1) on test-2, then the last block alone.
template <class H>
void drained_lanes_move_down_the_list() {
  const std::vector<Call> expected = {{8, 8, 1}, {8, 7, 1}, {8, 6, 1}, {4, 4, 2},
                                      {4, 4, 1}, {2, 2, 1}, {kSingle, 1, 1}};
  EXPECT_EQ(absorb_on_chain<H>({1, 2, 3, 4, 5, 6, 7, 8}), expected);
}

// The explicit-kernel forms run that kernel alone: to the last lane with
// min_active 1 (the known answers), or by its own threshold and then each
// computation's own kernel, never down the list.
template <class H>
void one_kernel_forms_stay_on_that_kernel() {
  const auto& first = test_list<H>().kernels()[0];
  EXPECT_EQ(absorb<H>({3, 2, 1},
                      [&](std::span<const internal::lanes::Job<H>> jobs) {
                        internal::lanes::absorb_many<H>(jobs, first, 1);
                      }),
            (std::vector<Call>{{8, 3, 1}, {8, 2, 1}, {8, 1, 1}}));
  EXPECT_EQ(absorb<H>({3, 2, 1},
                      [&](std::span<const internal::lanes::Job<H>> jobs) {
                        internal::lanes::absorb_many<H>(jobs, first);
                      }),
            (std::vector<Call>{{kSingle, 1, 3}, {kSingle, 1, 2}, {kSingle, 1, 1}}));
}

// sum_many_on on the chain, padding too: 5 messages of 2 blocks and 10
// bytes (one padded block each) give their digests, test-4 hashing four of
// them and the fifth on its own.
template <class H>
void sum_many_on_the_chain_gives_each_digest() {
  std::vector<std::vector<std::uint8_t>> messages;
  for (std::size_t i = 0; i < 5; ++i) {
    messages.emplace_back(2 * H::block_size + 10);
    for (std::size_t b = 0; b < messages[i].size(); ++b) messages[i][b] = static_cast<std::uint8_t>(b * 5 + i);
  }
  const internal::lanes::Messages all{messages.size(),
                                      [](const void* self, std::size_t i) noexcept {
                                        return std::span<const std::uint8_t>(
                                            static_cast<const std::vector<std::uint8_t>*>(self)[i]);
                                      },
                                      messages.data()};
  std::vector<std::uint8_t> out(messages.size() * H::size);
  calls<H>().clear();
  internal::lanes::sum_many_on<H>(internal::lanes::KernelChain<H>::selected(test_list<H>()), recording_single<H>(), all,
                                  out.data());
  EXPECT_EQ(calls<H>(), (std::vector<Call>{{4, 4, 2}, {kSingle, 1, 2}, {4, 4, 1}, {kSingle, 1, 1}}));
  for (std::size_t i = 0; i < messages.size(); ++i) {
    internal::hash::OnKernel<H> alone(H::kernels().generic());
    alone.update(messages[i]);
    const auto sum = alone.sum();
    EXPECT_TRUE(std::equal(sum.begin(), sum.end(), out.begin() + static_cast<std::ptrdiff_t>(i * H::size))) << i;
  }
}

}  // namespace fipsmod::testing::lanes_chain

#define FIPSMOD_LANES_CHAIN_TESTS(SUITE, H)                                                                           \
  TEST(SUITE, ChainHoldsTheKernelsThatCanRun) {                                                                      \
    ::fipsmod::testing::lanes_chain::chain_holds_the_kernels_that_can_run<H>();                                      \
  }                                                                                                                  \
  TEST(SUITE, RunsTheFirstKernelWhoseThresholdTheBusyLanesMeet) {                                                    \
    ::fipsmod::testing::lanes_chain::runs_the_first_kernel_whose_threshold_the_busy_lanes_meet<H>();                 \
  }                                                                                                                  \
  TEST(SUITE, DrainedLanesMoveDownTheList) {                                                                         \
    ::fipsmod::testing::lanes_chain::drained_lanes_move_down_the_list<H>();                                          \
  }                                                                                                                  \
  TEST(SUITE, OneKernelFormsStayOnThatKernel) {                                                                      \
    ::fipsmod::testing::lanes_chain::one_kernel_forms_stay_on_that_kernel<H>();                                      \
  }                                                                                                                  \
  TEST(SUITE, SumManyOnTheChainGivesEachDigest) {                                                                    \
    ::fipsmod::testing::lanes_chain::sum_many_on_the_chain_gives_each_digest<H>();                                   \
  }
