// The MD5 lanes kernels and MD5's services on many computations
// (testing/lanes_tests.hpp, shared with SHA-256): every usable lanes
// kernel against the generic single-stream kernel run on each lane alone,
// the dispatcher and the power-on known answer on it; the C and C++
// services against updating each alone.
#include <gtest/gtest.h>

#include <fipsmod/md5.hpp>

#include "internal.hpp"
#include "testing/lanes_tests.hpp"

namespace fipsmod::md5 {
namespace {

struct Md5Lanes {
  using H = Md5;
  using Kernel = lanes::Kernel;
  using Digest = md5::Digest;
  using Update = md5::Update;
  using Sum = md5::Sum;
  using Ctx = fipsmod_md5_ctx;
  using Item = fipsmod_md5_update_item;
  static const auto& lanes() { return lanes::kernels(); }
  static const auto& single() { return md5::kernels(); }
  static constexpr const char* algorithm = "md5_lanes";
  static constexpr auto known_answer_on = &lanes_known_answer_on;
  static constexpr auto init = &fipsmod_md5_init;
  static constexpr auto update = &fipsmod_md5_update;
  static constexpr auto sum = &fipsmod_md5_sum;
  static constexpr auto one_shot = &fipsmod_md5;
  static constexpr auto update_many = &fipsmod_md5_update_many;
  static constexpr auto many = &fipsmod_md5_many;
  static void cpp_update_many(std::span<const Update> u) { md5::update_many(u); }
  static void cpp_sum_many(std::span<const std::span<const std::uint8_t>> m, std::span<Sum> out) { md5::sum_many(m, out); }
  static Sum cpp_sum(std::span<const std::uint8_t> m) { return md5::sum(m); }
};

FIPSMOD_LANES_KERNEL_TESTS(Md5LanesKernel, Md5Lanes)
FIPSMOD_LANES_SERVICE_TESTS(Md5Many, Md5Lanes)

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
