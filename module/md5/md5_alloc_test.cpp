// update and sum, and the services on many computations, must not
// allocate: this binary replaces operator new to count allocations around
// them.
#include <gtest/gtest.h>

#include "testing/allocation_counter.hpp"

#include <fipsmod/fipsmod.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <new>
#include <vector>

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "md5_lanes_traits.hpp"
#include "testing/kernels.hpp"
#include "testing/lanes_alloc_tests.hpp"

using fipsmod::testing::allocations;

namespace fipsmod::md5 {
namespace {

class Md5NoAllocation : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(Md5NoAllocation, UpdateAndSum) {
  const std::vector<std::uint8_t> message(10000, 0x5a);
  const Digest powered_on;  // the power-on self-tests run (and allocate) here, before counting
  Md5Hash d(*GetParam());
  const long before = allocations();
  for (std::size_t piece : {1u, 63u, 64u, 65u, 1000u, 4096u}) d.update(std::span(message).first(piece));
  const Sum s = d.sum();
  const State saved = d.marshal();
  d.unmarshal(saved);
  d.reset();
  const long after = allocations();
  EXPECT_EQ(after - before, 0);
  EXPECT_NE(s, Sum{});

  // The counter itself works. The pointer goes through a volatile so the
  // compiler cannot elide the allocation.
  static void* volatile probe;
  probe = ::operator new(16);
  EXPECT_EQ(allocations(), after + 1);
  ::operator delete(probe);
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5NoAllocation, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

class Md5ManyNoAllocation : public ::testing::TestWithParam<const lanes::Kernel*> {};

TEST_P(Md5ManyNoAllocation, AbsorbManyAndSumManyOn) {
  testing::lanes_tests::absorb_many_and_sum_many_on_allocate_nothing<Md5Lanes>(*GetParam(), &allocations);
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5ManyNoAllocation, ::testing::ValuesIn(lanes::kernels().usable()),
                         testing::KernelParamName{});

TEST(Md5ManyServicesNoAllocation, OnTheSelectedLanesKernel) {
  testing::lanes_tests::services_allocate_nothing<Md5Lanes>(&allocations);
}

}  // namespace
}  // namespace fipsmod::md5
