// Every usable kernel of every algorithm keeps the calling convention: it
// preserves the callee-saved registers and the stack pointer. Runs where
// module/testing has a trampoline for the architecture.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "md5/md5_kernel.hpp"
#include "subtle/xor_bytes_kernel.hpp"
#include "testing/abi_check.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::testing {
namespace {

std::uint64_t addr(const void* p) { return reinterpret_cast<std::uint64_t>(p); }

class Md5Abi : public ::testing::TestWithParam<const md5::Kernel*> {};

TEST_P(Md5Abi, PreservesCalleeSavedRegisters) {
  std::vector<std::uint8_t> data(3 * 64 + 8);
  std::iota(data.begin(), data.end(), std::uint8_t{1});
  for (std::size_t offset : {0u, 3u}) {
    std::uint32_t state[4] = {1, 2, 3, 4}, expected[4] = {1, 2, 3, 4};
    md5::generic_kernel.block(expected, data.data() + offset, 3);
    const auto changed =
        abi_violations(reinterpret_cast<const void*>(GetParam()->block), addr(state), addr(data.data() + offset), 3, 0);
    EXPECT_TRUE(changed.empty()) << ::testing::PrintToString(changed);
    EXPECT_TRUE(std::equal(state, state + 4, expected)) << "offset " << offset;
  }
}

class XorAbi : public ::testing::TestWithParam<const subtle::XorBytesKernel*> {};

TEST_P(XorAbi, PreservesCalleeSavedRegisters) {
  // dst from the allocator is 16-byte aligned.
  std::vector<std::uint8_t> x(1100), y(1100), dst(1100), expected(1100);
  std::iota(x.begin(), x.end(), std::uint8_t{7});
  std::iota(y.begin(), y.end(), std::uint8_t{99});
  // Offsets of x and y from an aligned dst: every loop shape a kernel may
  // have (both aligned, one off, both off by the same or different amounts).
  const std::pair<std::size_t, std::size_t> offsets[] = {{0, 0}, {5, 0}, {0, 6}, {3, 3}, {5, 2}};
  for (std::size_t n : {1u, 31u, 100u, 1000u}) {
    for (const auto& [xo, yo] : offsets) {
      for (std::size_t i = 0; i < n; ++i) expected[i] = x[xo + i] ^ y[yo + i];
      const auto changed = abi_violations(reinterpret_cast<const void*>(GetParam()->xor_bytes_fn), addr(dst.data()),
                                          addr(x.data() + xo), addr(y.data() + yo), n);
      EXPECT_TRUE(changed.empty()) << "n " << n << " offsets " << xo << "," << yo << ": "
                                   << ::testing::PrintToString(changed);
      EXPECT_TRUE(std::equal(dst.begin(), dst.begin() + static_cast<std::ptrdiff_t>(n), expected.begin()));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, Md5Abi, ::testing::ValuesIn(md5::kernels().usable()), KernelParamName{});
INSTANTIATE_TEST_SUITE_P(Usable, XorAbi, ::testing::ValuesIn(subtle::xor_bytes_kernels().usable()), KernelParamName{});

}  // namespace
}  // namespace fipsmod::testing
