// Overlapping arguments (docs/design.md) for MD5: the hash's functions on
// every kernel (testing/overlap.hpp), and the services on many
// computations, which are the one-computation service on each item in list
// order: on every lanes kernel (the dispatcher) and through the C API.
#include <gtest/gtest.h>

#include <fipsmod/md5.h>
#include <fipsmod/md5.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "internal.hpp"
#include "testing/overlap.hpp"

namespace fipsmod::md5 {
namespace {

using Bytes = std::vector<std::uint8_t>;
using Running = internal::hash::Running<Md5>;

TEST(Md5Overlap, EveryFunctionReadsItsInputAsItWasOnEveryKernel) {
  testing::overlap::expect_hash_overlap_defined<Api, Running, Md5::ctx_tag>(kernels());
}

// Computations side by side in one array, each with a message in progress.
std::array<Running, 4> running_side_by_side() {
  std::array<Running, 4> r;
  for (std::size_t i = 0; i < r.size(); ++i) {
    r[i] = internal::hash::start<Md5>(kernels().generic());
    const Bytes message(70 + 300 * i, static_cast<std::uint8_t>(i + 1));
    internal::hash::absorb<Md5>(*r[i].kernel, r[i].c, message);
  }
  return r;
}

// absorb_many on every lanes kernel (from its first busy lane on), with
// messages over their own computation, another one earlier or later in the
// list, and none: each computation ends as updating it alone, item by item
// in list order, with a copy of its message taken right before, does.
TEST(Md5Overlap, AbsorbManyIsEachUpdateInListOrderOnEveryLanesKernel) {
  const Bytes apart(3000, 0x61);
  for (const lanes::Kernel* k : lanes::kernels().usable()) {
    SCOPED_TRACE(k->name);
    std::array<Running, 4> r = running_side_by_side();
    auto* base = reinterpret_cast<const std::uint8_t*>(r.data());
    struct Item {
      std::size_t r;
      std::ptrdiff_t at;  // into r's bytes, or -1 for `apart`
      std::size_t len;
    };
    const Item items[] = {{0, 0, sizeof(Running)},         // its own
                          {1, 2 * sizeof(Running), 150},   // a later item's
                          {2, 0, 2 * sizeof(Running)},     // an earlier item's and the one before
                          {3, -1, apart.size()},           // none
                          {2, 10, 3 * sizeof(Running)}};   // named twice, over all but the last
    std::vector<internal::lanes::Job<Md5>> jobs;
    for (const Item& it : items) {
      jobs.push_back({&r[it.r], it.at < 0 ? std::span<const std::uint8_t>(apart)
                                         : std::span<const std::uint8_t>(base + it.at, it.len)});
    }
    std::array<Running, 4> want = running_side_by_side();
    auto* want_base = reinterpret_cast<const std::uint8_t*>(want.data());
    for (const Item& it : items) {
      const Bytes data = it.at < 0 ? apart : Bytes(want_base + it.at, want_base + it.at + it.len);
      internal::hash::absorb<Md5>(*want[it.r].kernel, want[it.r].c, data);
    }
    internal::lanes::absorb_many<Md5>(std::span<const internal::lanes::Job<Md5>>(jobs), *k, 1);
    for (std::size_t i = 0; i < r.size(); ++i) {
      EXPECT_EQ(0, std::memcmp(&r[i], &want[i], sizeof(Running))) << "computation " << i;
    }
  }
}

// sum_many_on with digests written over messages: message i is read after
// the digests of the items before it are written, and before its own and
// later ones are, as fipsmod_md5 on each in list order.
struct SumsOver {
  static constexpr std::size_t kCount = 6;
  struct Item {
    std::size_t at, len;  // into the buffer, whose first kCount * 16 bytes are the digests
  };
  static constexpr Item kItems[kCount] = {
      {40, 300},  // over later digests
      {200, 100}, // apart
      {0, 50},    // over the digests of items 0 to 3, two of them earlier
      {90, 20},   // over its own and later ones
      {5, 500},   // over all
      {96, 0}};   // empty
  Bytes buffer = [] {
    Bytes b(600);
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<std::uint8_t>(i * 13 + 1);
    return b;
  }();
  // What fipsmod_md5 on each item in turn gives.
  Bytes expected() const {
    Bytes b = buffer;
    for (std::size_t i = 0; i < kCount; ++i) {
      const Bytes data(b.begin() + static_cast<std::ptrdiff_t>(kItems[i].at),
                       b.begin() + static_cast<std::ptrdiff_t>(kItems[i].at + kItems[i].len));
      Md5Hash h(kernels().generic());
      h.update(data);
      const auto sum = h.sum();
      std::copy(sum.begin(), sum.end(), b.begin() + static_cast<std::ptrdiff_t>(i * size));
    }
    return b;
  }
};

TEST(Md5Overlap, SumManyIsEachOneShotInListOrderOnEveryLanesKernel) {
  for (const lanes::Kernel* k : lanes::kernels().usable()) {
    SCOPED_TRACE(k->name);
    SumsOver s;
    const Bytes want = s.expected();
    struct Self {
      std::uint8_t* base;
    } self{s.buffer.data()};
    const internal::lanes::Messages messages{
        SumsOver::kCount,
        [](const void* p, std::size_t i) noexcept {
          const auto& item = SumsOver::kItems[i];
          return std::span<const std::uint8_t>(static_cast<const Self*>(p)->base + item.at, item.len);
        },
        &self};
    internal::lanes::sum_many_on<Md5>(*k, kernels().generic(), messages, s.buffer.data(), 1);
    EXPECT_EQ(s.buffer, want);
  }
}

// The C API: update_many with messages over contexts is fipsmod_md5_update
// on each item in order.
TEST(Md5Overlap, CUpdateManyOverContextsIsEachUpdateInOrder) {
  fipsmod_md5_ctx ctx[3], want[3];
  const Bytes message(130, 0x33);
  for (auto& c : ctx) {
    ASSERT_EQ(fipsmod_md5_init(&c), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_md5_update(&c, message.data(), message.size()), FIPSMOD_OK);
  }
  std::memcpy(want, ctx, sizeof ctx);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(ctx);
  const auto* want_bytes = reinterpret_cast<const std::uint8_t*>(want);
  const struct {
    std::size_t ctx, at, len;
  } plan[] = {{0, 0, sizeof ctx[0]}, {1, 0, sizeof ctx}, {2, 20, 100}, {0, sizeof ctx[0], 9}};
  std::vector<fipsmod_md5_update_item> items;
  for (const auto& p : plan) items.push_back({&ctx[p.ctx], bytes + p.at, p.len});
  for (const auto& p : plan) ASSERT_EQ(fipsmod_md5_update(&want[p.ctx], want_bytes + p.at, p.len), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update_many(items.data(), items.size()), FIPSMOD_OK);
  EXPECT_EQ(0, std::memcmp(ctx, want, sizeof ctx));
}

// Two contexts that share bytes without being the same, and an item list
// over a context it names, are refused, and nothing changes.
TEST(Md5Overlap, CUpdateManyRefusesContextsSharingBytesAndAListOverAContext) {
  const Bytes message(200, 0x44);
  alignas(fipsmod_md5_ctx) std::uint8_t two[sizeof(fipsmod_md5_ctx) + 8];
  auto* a = reinterpret_cast<fipsmod_md5_ctx*>(two);
  auto* b = reinterpret_cast<fipsmod_md5_ctx*>(two + 8);
  ASSERT_EQ(fipsmod_md5_init(a), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_init(b), FIPSMOD_OK);  // over a's state: both tags stand
  fipsmod_md5_ctx others[3];
  for (auto& c : others) ASSERT_EQ(fipsmod_md5_init(&c), FIPSMOD_OK);
  std::uint8_t two_was[sizeof two];
  std::memcpy(two_was, two, sizeof two);
  fipsmod_md5_ctx others_were[3];
  std::memcpy(others_were, others, sizeof others);

  const fipsmod_md5_update_item in_order[] = {{a, message.data(), 100}, {b, message.data(), 100}};
  EXPECT_EQ(fipsmod_md5_update_many(in_order, 2), FIPSMOD_ERR_INVALID_OVERLAP);
  const fipsmod_md5_update_item shuffled[] = {{&others[2], message.data(), 100},
                                              {b, message.data(), 100},
                                              {&others[0], message.data(), 100},
                                              {&others[2], message.data(), 100},
                                              {a, message.data(), 100}};
  EXPECT_EQ(fipsmod_md5_update_many(shuffled, 5), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(0, std::memcmp(two, two_was, sizeof two));
  EXPECT_EQ(0, std::memcmp(others, others_were, sizeof others));

  // The list in the last 48 bytes of a context it names (its tag stands).
  fipsmod_md5_ctx holder;
  ASSERT_EQ(fipsmod_md5_init(&holder), FIPSMOD_OK);
  auto* list = reinterpret_cast<fipsmod_md5_update_item*>(reinterpret_cast<std::uint8_t*>(&holder) +
                                                          sizeof holder - 2 * sizeof(fipsmod_md5_update_item));
  list[0] = {&others[0], message.data(), 100};
  list[1] = {&holder, message.data(), 100};
  fipsmod_md5_ctx holder_was;
  std::memcpy(&holder_was, &holder, sizeof holder);
  EXPECT_EQ(fipsmod_md5_update_many(list, 2), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(0, std::memcmp(&holder, &holder_was, sizeof holder));
  EXPECT_EQ(0, std::memcmp(others, others_were, sizeof others));
}

TEST(Md5Overlap, CMd5ManyOverItsMessagesIsEachOneShotInOrder) {
  SumsOver s;
  const Bytes want = s.expected();
  std::vector<const void*> data;
  std::vector<size_t> len;
  for (const auto& item : SumsOver::kItems) {
    data.push_back(s.buffer.data() + item.at);
    len.push_back(item.len);
  }
  ASSERT_EQ(fipsmod_md5_many(SumsOver::kCount, data.data(), len.data(),
                             reinterpret_cast<std::uint8_t(*)[FIPSMOD_MD5_SIZE]>(s.buffer.data())),
            FIPSMOD_OK);
  EXPECT_EQ(s.buffer, want);
}

// Digests over the lists that describe the call are refused, writing
// nothing.
TEST(Md5Overlap, CMd5ManyRefusesDigestsOverItsLists) {
  const Bytes message(100, 0x55);
  alignas(16) std::uint8_t area[256];
  std::memset(area, 0, sizeof area);
  auto* lens = reinterpret_cast<size_t*>(area + 64);
  auto* ptrs = reinterpret_cast<const void**>(area + 128);
  for (std::size_t i = 0; i < 3; ++i) {
    lens[i] = 10 * i;
    ptrs[i] = message.data();
  }
  std::uint8_t was[sizeof area];
  std::memcpy(was, area, sizeof area);
  auto* out_over_lens = reinterpret_cast<std::uint8_t(*)[FIPSMOD_MD5_SIZE]>(area + 40);
  EXPECT_EQ(fipsmod_md5_many(3, ptrs, lens, out_over_lens), FIPSMOD_ERR_INVALID_OVERLAP);
  auto* out_over_ptrs = reinterpret_cast<std::uint8_t(*)[FIPSMOD_MD5_SIZE]>(area + 150);
  EXPECT_EQ(fipsmod_md5_many(3, ptrs, lens, out_over_ptrs), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(0, std::memcmp(area, was, sizeof area));
}

}  // namespace
}  // namespace fipsmod::md5
