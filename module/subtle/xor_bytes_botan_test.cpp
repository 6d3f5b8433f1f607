// Botan's xor_buf as a live oracle for every usable XORBytes kernel.
#include <botan/mem_ops.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "testing/kernels.hpp"
#include <fipsmod/subtle.hpp>

#include "internal.hpp"
#include "power_on/packages.hpp"

namespace fipsmod::subtle {
namespace {

class XorAgainstBotan : public ::testing::TestWithParam<const Kernel*> {};

TEST_P(XorAgainstBotan, RandomInputsAtRandomOffsets) {
  std::mt19937_64 rng(0x786f725f626f74);
  for (int round = 0; round < 2000; ++round) {
    const std::size_t n = rng() % 3000, ox = rng() % 64, oy = rng() % 64, od = rng() % 64;
    std::vector<std::uint8_t> x(ox + n), y(oy + n), dst(od + n), expected(n);
    for (auto& b : x) b = static_cast<std::uint8_t>(rng());
    for (auto& b : y) b = static_cast<std::uint8_t>(rng());
    Botan::xor_buf(expected.data(), x.data() + ox, y.data() + oy, n);
    std::size_t done = 0;
    ASSERT_EQ(xor_bytes(*GetParam(), dst.data() + od, n, x.data() + ox, n, y.data() + oy, n, done),
              internal::Status::ok);
    ASSERT_EQ(done, n);
    ASSERT_TRUE(std::equal(expected.begin(), expected.end(), dst.begin() + static_cast<std::ptrdiff_t>(od)))
        << "round " << round << " n " << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, XorAgainstBotan, ::testing::ValuesIn(kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::subtle
