// update and sum, and the services on many computations, must not
// allocate: this binary replaces operator new to count allocations around
// them.
#include <gtest/gtest.h>

#include <fipsmod/fipsmod.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <new>
#include <vector>

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "internal.hpp"
#include "testing/kernels.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

// GCC sees the replaced operator delete call free() on memory from a
// new-expression; that pairing is exactly what the replacement intends.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace fipsmod::md5 {
namespace {

class Md5NoAllocation : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(Md5NoAllocation, UpdateAndSum) {
  const std::vector<std::uint8_t> message(10000, 0x5a);
  const Digest powered_on;  // the power-on self-tests run (and allocate) here, before counting
  Md5Hash d(*GetParam());
  const long before = g_allocations.load();
  for (std::size_t piece : {1u, 63u, 64u, 65u, 1000u, 4096u}) d.update(std::span(message).first(piece));
  const Sum s = d.sum();
  const State saved = d.marshal();
  d.unmarshal(saved);
  d.reset();
  const long after = g_allocations.load();
  EXPECT_EQ(after - before, 0);
  EXPECT_NE(s, Sum{});

  // The counter itself works. The pointer goes through a volatile so the
  // compiler cannot elide the allocation.
  static void* volatile probe;
  probe = ::operator new(16);
  EXPECT_EQ(g_allocations.load(), after + 1);
  ::operator delete(probe);
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5NoAllocation, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

// Many messages of unequal lengths (0 to 5 KiB, partial blocks): more than
// the widest kernel's lanes several times over, and more than the
// dispatcher takes in one batch, so lanes drop out, take on waiting
// messages, and batches follow one another.
constexpr std::size_t kMany = 5 * internal::lanes::max_lanes + 7;
std::vector<std::vector<std::uint8_t>> many_messages() {
  std::vector<std::vector<std::uint8_t>> out;
  for (std::size_t i = 0; i < kMany; ++i) {
    out.emplace_back((i * 977 + i / 7) % 5000, static_cast<std::uint8_t>(i));
  }
  return out;
}

// The dispatcher and the one-shot digests on each usable lanes kernel,
// pinned: absorb_many by the dispatcher's rule and with the lanes kernel to
// the last lane, a computation named twice, and sum_many_on.
class Md5ManyNoAllocation : public ::testing::TestWithParam<const lanes::Kernel*> {};

TEST_P(Md5ManyNoAllocation, AbsorbManyAndSumManyOn) {
  const Digest powered_on;
  const auto data = many_messages();
  std::vector<internal::hash::Running<Md5>> r(kMany);
  std::vector<internal::lanes::Job<Md5>> jobs;
  for (std::size_t i = 0; i < kMany; ++i) {
    r[i] = internal::hash::start<Md5>(kernels().generic());
    jobs.push_back({&r[i], data[i]});
  }
  jobs.push_back({&r[0], data[1]});  // named twice: the batch ends there
  const internal::lanes::Messages all{kMany,
                     [](const void* self, std::size_t i) noexcept {
                       return std::span<const std::uint8_t>(static_cast<const std::vector<std::uint8_t>*>(self)[i]);
                     },
                     data.data()};
  std::vector<Sum> out(kMany);
  const long before = g_allocations.load();
  internal::lanes::absorb_many<Md5>(std::span<const internal::lanes::Job<Md5>>(jobs), *GetParam());
  internal::lanes::absorb_many<Md5>(std::span<const internal::lanes::Job<Md5>>(jobs), *GetParam(), 1);
  internal::lanes::sum_many_on<Md5>(*GetParam(), kernels().selected(), all, out[0].data());
  EXPECT_EQ(g_allocations.load() - before, 0) << "on " << GetParam()->name << ", width " << GetParam()->width();
  for (std::size_t i = 0; i < kMany; ++i) ASSERT_EQ(out[i], sum(data[i])) << i;
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5ManyNoAllocation, ::testing::ValuesIn(lanes::kernels().usable()),
                         testing::KernelParamName{});

// The four services on many computations, through the lanes kernel this
// process selected (printed, so that a run with FIPSMOD_DISABLE can show
// which; module/CMakeLists.txt runs this test once per lanes kernel).
TEST(Md5ManyServicesNoAllocation, OnTheSelectedLanesKernel) {
  const Digest powered_on;
  const auto data = many_messages();
  std::vector<Digest> digests(kMany);
  std::vector<Update> updates;
  std::vector<fipsmod_md5_ctx> ctx(kMany);
  std::vector<fipsmod_md5_update_item> items;
  std::vector<std::span<const std::uint8_t>> spans;
  std::vector<const void*> pointers;
  std::vector<std::size_t> lengths;
  for (std::size_t i = 0; i < kMany; ++i) {
    ASSERT_EQ(fipsmod_md5_init(&ctx[i]), FIPSMOD_OK);
    updates.push_back({&digests[i], data[i]});
    items.push_back({&ctx[i], data[i].data(), data[i].size()});
    spans.emplace_back(data[i]);
    pointers.push_back(data[i].data());
    lengths.push_back(data[i].size());
  }
  updates.push_back({&digests[0], data[1]});  // named twice
  items.push_back({&ctx[0], data[1].data(), data[1].size()});
  std::vector<Sum> out(kMany);
  std::vector<std::uint8_t> c_out(kMany * FIPSMOD_MD5_SIZE);
  const long before = g_allocations.load();
  update_many(updates);
  sum_many(spans, out);
  ASSERT_EQ(fipsmod_md5_update_many(items.data(), items.size()), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_many(kMany, pointers.data(), lengths.data(),
                             reinterpret_cast<std::uint8_t(*)[FIPSMOD_MD5_SIZE]>(c_out.data())),
            FIPSMOD_OK);
  const long after = g_allocations.load();
  const lanes::Kernel& selected = lanes::kernels().selected();
  std::printf("selected lanes kernel: %s, width %zu\n", selected.name, selected.width());
  EXPECT_EQ(after - before, 0) << "on " << selected.name;
  for (std::size_t i = 0; i < kMany; ++i) {
    ASSERT_EQ(out[i], sum(data[i])) << i;
    ASSERT_EQ(0, std::memcmp(&c_out[i * FIPSMOD_MD5_SIZE], out[i].data(), FIPSMOD_MD5_SIZE)) << i;
  }
}

}  // namespace
}  // namespace fipsmod::md5
