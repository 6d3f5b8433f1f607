// The bulk of a CTR_DRBG request (ctr_drbg.cpp's keystream: counter blocks
// encrypted 64 at a time in a stack buffer) against an independent path,
// aes::ctr over zeroes from V + 1, on every usable AES kernel: lengths that
// end inside a block, on a chunk's edge and past several chunks, and V's
// carries across 2^64 and 2^128.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "ctr_drbg.hpp"
#include "testing/kernels.hpp"

namespace fipsmod::drbg {
namespace {

class DrbgKeystream : public ::testing::TestWithParam<const aes::Kernel*> {};

TEST_P(DrbgKeystream, IsAesCtrOverZeroesFromVPlusOne) {
  const aes::Kernel& k = *GetParam();
  const std::vector<std::uint8_t> entropy(32, 0x11), nonce(16, 0x22);
  struct Start {
    std::uint8_t v[16];
  };
  const Start starts[] = {
      {{0}},
      {{0, 0, 0, 0, 0, 0, 0, 7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0}},  // carries into the high half
      {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd}},  // wraps
  };
  for (const Start& start : starts) {
    for (const std::size_t len : {1u, 16u, 17u, 1023u, 1024u, 1025u, 4096u, 65536u}) {
      State s{};
      ASSERT_EQ(instantiate(k, s, true, entropy, nonce, {}), internal::Status::ok);
      std::memcpy(s.v, start.v, 16);
      const State before = s;
      std::vector<std::uint8_t> out(len, 0xaa), want(len, 0);
      ASSERT_EQ(generate(k, s, out, {}), internal::Status::ok);
      std::uint8_t iv[16];
      std::memcpy(iv, before.v, 16);
      for (int i = 15, carry = 1; i >= 0; --i) {  // V + 1
        const int x = iv[i] + carry;
        iv[i] = static_cast<std::uint8_t>(x);
        carry = x >> 8;
      }
      aes::ctr(k, before.schedule, iv, want.data(), want.data(), len);
      EXPECT_EQ(out, want) << "len " << len << ", V ending " << int(start.v[15]);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, DrbgKeystream, ::testing::ValuesIn(aes::kernels().usable()),
                         testing::KernelParamName());

}  // namespace
}  // namespace fipsmod::drbg
