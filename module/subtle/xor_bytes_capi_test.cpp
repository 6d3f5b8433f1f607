// fipsmod_xor_bytes: results from the Botan vectors, every status code, and
// nothing written on error.
#include <fipsmod/fipsmod.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "testing/vec_file.hpp"

namespace {

using fipsmod::testing::load_vectors;
using fipsmod::testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

TEST(CApi, XorBytes) {
  const auto vectors = load_vectors("xor_bytes.vec");
  const auto& v = vectors.at(40);
  const Bytes x = v.bytes("X"), y = v.bytes("Y");
  Bytes dst(40);
  std::size_t n = 99;
  ASSERT_EQ(fipsmod_xor_bytes(dst.data(), dst.size(), x.data(), x.size(), y.data(), y.size(), &n), FIPSMOD_OK);
  EXPECT_EQ(n, 40u);
  EXPECT_EQ(dst, v.bytes("Out"));
  EXPECT_EQ(fipsmod_xor_bytes(dst.data(), dst.size(), x.data(), x.size(), y.data(), y.size(), nullptr), FIPSMOD_OK);

  n = 99;  // n == 0: dst may be NULL, nothing is touched
  EXPECT_EQ(fipsmod_xor_bytes(nullptr, 0, x.data(), 0, y.data(), y.size(), &n), FIPSMOD_OK);
  EXPECT_EQ(n, 0u);
}

TEST(CApi, XorBytesErrorsWriteNothing) {
  const Bytes x(32, 0x0f), y(32, 0xf0);
  Bytes dst(32, 0x11);
  std::size_t n = 99;
  EXPECT_EQ(fipsmod_xor_bytes(dst.data(), 31, x.data(), 32, y.data(), 32, &n), FIPSMOD_ERR_DST_TOO_SHORT);
  Bytes memory(64, 0x22);
  EXPECT_EQ(fipsmod_xor_bytes(memory.data() + 1, 32, memory.data(), 32, y.data(), 32, &n),
            FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(n, 99u);
  EXPECT_EQ(dst, Bytes(32, 0x11));
  EXPECT_EQ(memory, Bytes(64, 0x22));
}

// Lengths no object can have are refused before any pointer arithmetic:
// with dst = x + 1 and every length SIZE_MAX, dst + n wraps, and an overlap
// check that formed it let the kernels write before dst.
TEST(CApi, XorBytesRefusesLengthsNoObjectCanHave) {
  Bytes memory(512, 0x33);
  const Bytes before = memory;
  std::uint8_t* x = memory.data() + 256;
  const std::uint8_t* y = memory.data() + 384;
  std::size_t n = 99;
  EXPECT_EQ(fipsmod_xor_bytes(x + 1, SIZE_MAX, x, SIZE_MAX, y, SIZE_MAX, &n), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_xor_bytes(x, SIZE_MAX, x + 1, SIZE_MAX, y, SIZE_MAX, &n), FIPSMOD_ERR_INVALID_ARGUMENT);
  const std::size_t too_long = static_cast<std::size_t>(PTRDIFF_MAX) + 1;
  EXPECT_EQ(fipsmod_xor_bytes(x, too_long, x, too_long, x, too_long, &n), FIPSMOD_ERR_INVALID_ARGUMENT);
  // A range that would run past the end of the address space.
  auto* last = reinterpret_cast<std::uint8_t*>(UINTPTR_MAX - 15);
  EXPECT_EQ(fipsmod_xor_bytes(last, 32, x, 32, y, 32, &n), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_xor_bytes(x, 32, last, 32, y, 32, &n), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_xor_bytes(x, 32, y, 32, last, 32, &n), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(n, 99u);
  EXPECT_EQ(memory, before);
}

}  // namespace
