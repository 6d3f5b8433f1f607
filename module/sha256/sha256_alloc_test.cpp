// The services of SHA-256 and SHA-224 on many computations must not
// allocate (testing/lanes_alloc_tests.hpp, shared with MD5): this binary
// replaces operator new to count allocations around them.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "sha256_lanes_traits.hpp"
#include "testing/kernels.hpp"
#include "testing/lanes_alloc_tests.hpp"

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

namespace fipsmod::sha256 {
namespace {

long allocations() { return g_allocations.load(); }

class Sha256ManyNoAllocation : public ::testing::TestWithParam<const lanes::Kernel*> {};

TEST_P(Sha256ManyNoAllocation, AbsorbManyAndSumManyOn) {
  testing::lanes_tests::absorb_many_and_sum_many_on_allocate_nothing<Sha256Lanes>(*GetParam(), &allocations);
}

INSTANTIATE_TEST_SUITE_P(Usable, Sha256ManyNoAllocation, ::testing::ValuesIn(lanes::kernels().usable()),
                         testing::KernelParamName{});

TEST(Sha256ManyServicesNoAllocation, OnTheSelectedLanesKernel) {
  testing::lanes_tests::services_allocate_nothing<Sha256Lanes>(&allocations);
}

TEST(Sha224ManyServicesNoAllocation, OnTheSelectedLanesKernel) {
  testing::lanes_tests::services_allocate_nothing<Sha224Lanes>(&allocations);
}

}  // namespace
}  // namespace fipsmod::sha256
