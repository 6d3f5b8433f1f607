// The services of SHA-256 and SHA-224 on many computations must not
// allocate (testing/lanes_alloc_tests.hpp, shared with MD5): this binary
// replaces operator new to count allocations around them.
#include <gtest/gtest.h>

#include "sha256_lanes_traits.hpp"
#include "testing/allocation_counter.hpp"
#include "testing/kernels.hpp"
#include "testing/lanes_alloc_tests.hpp"

using fipsmod::testing::allocations;

namespace fipsmod::sha256 {
namespace {

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
