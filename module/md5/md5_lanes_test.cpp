// The MD5 lanes kernels and MD5's services on many computations
// (testing/lanes_tests.hpp, shared with SHA-256): every usable lanes
// kernel against the generic single-stream kernel run on each lane alone,
// the dispatcher and the power-on known answer on it; the C and C++
// services against updating each alone.
#include <gtest/gtest.h>

#include <fipsmod/md5.hpp>

#include "md5_lanes_traits.hpp"
#include "testing/lanes_chain_tests.hpp"

namespace fipsmod::md5 {
namespace {

FIPSMOD_LANES_KERNEL_TESTS(Md5LanesKernel, Md5Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Md5Many, Md5Lanes)
// The fall back down the list, on test kernels (any CPU).
FIPSMOD_LANES_CHAIN_TESTS(Md5LanesChain, Md5)

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

}  // namespace
}  // namespace fipsmod::md5
