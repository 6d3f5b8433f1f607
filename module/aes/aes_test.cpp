// AES on every usable kernel: FIPS 197's examples, Botan's vectors (ECB in
// both directions, CTR), every block count in place and at every offset,
// buffers against guard pages, CTR at every length, and the calling
// convention of every entry point.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/secure_zero.hpp"
#include "internal.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::aes {
namespace {

using Bytes = std::vector<std::uint8_t>;
using testing::from_hex;

class AesKernel : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
  Schedule expand(const Bytes& key) const {
    Schedule s{};
    kernel().expand(&s, key.data(), key.size());
    return s;
  }
  Bytes encrypt(const Schedule& s, const Bytes& in) const {
    Bytes out(in.size());
    kernel().encrypt(&s, in.data(), out.data(), in.size() / 16);
    return out;
  }
  Bytes decrypt(const Schedule& s, const Bytes& in) const {
    Bytes out(in.size());
    kernel().decrypt(&s, in.data(), out.data(), in.size() / 16);
    return out;
  }
};

// FIPS 197 appendix C: the plaintext 00112233...ff under the keys
// 000102...0f, ...17 and ...1f.
TEST_P(AesKernel, Fips197AppendixC) {
  const Bytes plain = from_hex("00112233445566778899aabbccddeeff");
  const struct {
    const char* key;
    const char* cipher;
    std::uint32_t rounds;
  } examples[] = {
      {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a", 10},
      {"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191", 12},
      {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089", 14},
  };
  for (const auto& e : examples) {
    const Schedule s = expand(from_hex(e.key));
    EXPECT_EQ(s.rounds, e.rounds);
    EXPECT_EQ(encrypt(s, plain), from_hex(e.cipher)) << e.key;
    EXPECT_EQ(decrypt(s, from_hex(e.cipher)), plain) << e.key;
  }
}

TEST_P(AesKernel, BotanVectors) {
  const auto vectors = testing::load_vectors("aes.vec");
  std::size_t ecb = 0, ctr_count = 0;
  for (const auto& v : vectors) {
    const Schedule s = expand(v.bytes("Key"));
    if (v.section == "AES-ECB") {
      EXPECT_EQ(encrypt(s, v.bytes("In")), v.bytes("Out")) << "line " << v.line;
      EXPECT_EQ(decrypt(s, v.bytes("In")), v.bytes("Dec")) << "line " << v.line;
      ++ecb;
    } else {
      const Bytes in = v.bytes("In"), iv = v.bytes("IV");
      Bytes out(in.size());
      ctr(kernel(), s, iv.data(), in.data(), out.data(), in.size());
      EXPECT_EQ(out, v.bytes("Out")) << "line " << v.line;
      ++ctr_count;
    }
  }
  EXPECT_EQ(ecb, 99u);
  EXPECT_GT(ctr_count, 300u);
}

// Every block count 0..40, in place and out of place at every offset 0..15,
// against the generic kernel one block at a time; bytes around the output
// untouched.
TEST_P(AesKernel, EveryBlockCountInPlaceAndAtEveryOffset) {
  const Kernel& generic = kernels().generic();
  for (std::size_t key_size : {16, 24, 32}) {
    Bytes key(key_size);
    std::iota(key.begin(), key.end(), std::uint8_t(key_size));
    const Schedule mine = expand(key);
    Schedule ref{};
    generic.expand(&ref, key.data(), key.size());
    for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
      Bytes in(blocks * 16);
      for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>(i * 7 + blocks);
      Bytes want_enc(in.size()), want_dec(in.size());
      for (std::size_t b = 0; b < blocks; ++b) {
        generic.encrypt(&ref, in.data() + 16 * b, want_enc.data() + 16 * b, 1);
        generic.decrypt(&ref, in.data() + 16 * b, want_dec.data() + 16 * b, 1);
      }
      for (std::size_t offset = 0; offset < 16; ++offset) {
        Bytes buf(in.size() + 48, 0xc3), src(in.size() + 16);
        std::copy(in.begin(), in.end(), src.begin() + offset);
        kernel().encrypt(&mine, src.data() + offset, buf.data() + 16 + offset, blocks);
        ASSERT_TRUE(std::equal(want_enc.begin(), want_enc.end(), buf.begin() + 16 + offset)) << blocks << " at " << offset;
        ASSERT_TRUE(std::all_of(buf.begin(), buf.begin() + 16 + offset, [](auto b) { return b == 0xc3; }));
        ASSERT_TRUE(std::all_of(buf.begin() + 16 + offset + in.size(), buf.end(), [](auto b) { return b == 0xc3; }));
        kernel().decrypt(&mine, src.data() + offset, buf.data() + 16 + offset, blocks);
        ASSERT_TRUE(std::equal(want_dec.begin(), want_dec.end(), buf.begin() + 16 + offset)) << blocks << " at " << offset;
      }
      Bytes inplace = in;
      kernel().encrypt(&mine, inplace.data(), inplace.data(), blocks);
      ASSERT_EQ(inplace, want_enc) << blocks;
      kernel().decrypt(&mine, want_enc.data(), want_enc.data(), blocks);
      ASSERT_EQ(want_enc, in) << blocks;
    }
  }
}

// CTR at every length 0..300 in place and not, against the same kernel's
// ECB over explicit counter blocks.
TEST_P(AesKernel, CtrEveryLength) {
  Bytes key(16, 0x2b);
  const Schedule s = expand(key);
  Bytes iv(16, 0xff);
  iv[15] = 0xf0;  // carries through all sixteen bytes after 16 blocks
  for (std::size_t n = 0; n <= 300; ++n) {
    Bytes in(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<std::uint8_t>(i ^ n);
    Bytes counters((n + 15) / 16 * 16), c = iv;
    for (std::size_t b = 0; b < counters.size() / 16; ++b) {
      std::copy(c.begin(), c.end(), counters.begin() + 16 * b);
      for (int i = 15; i >= 0 && ++c[i] == 0; --i) {
      }
    }
    Bytes want = encrypt(s, counters);
    for (std::size_t i = 0; i < n; ++i) want[i] ^= in[i];
    want.resize(n);
    Bytes out(n + 1, 0x5a);
    ctr(kernel(), s, iv.data(), in.data(), out.data(), n);
    ASSERT_TRUE(std::equal(want.begin(), want.end(), out.begin())) << n;
    ASSERT_EQ(out.back(), 0x5a) << n;
    ctr(kernel(), s, iv.data(), in.data(), in.data(), n);
    ASSERT_EQ(in, want) << n;
  }
}

TEST_P(AesKernel, BuffersFlushAgainstGuardPages) {
  const Schedule s = expand(Bytes(32, 0x11));
  for (std::size_t blocks : {1, 2, 3, 4, 7, 8, 9, 16, 17}) {
    for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
      testing::GuardedBuffer in(16 * blocks, side), out(16 * blocks, side);
      std::fill(in.bytes().begin(), in.bytes().end(), 0x42);
      kernel().encrypt(&s, in.bytes().data(), out.bytes().data(), blocks);
      kernel().decrypt(&s, out.bytes().data(), out.bytes().data(), blocks);
      ASSERT_TRUE(std::all_of(out.bytes().begin(), out.bytes().end(), [](auto b) { return b == 0x42; })) << blocks;
    }
  }
}

TEST_P(AesKernel, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available());
  for (std::size_t key_size : {16, 24, 32}) {
    const Bytes key(key_size, 0x77);
    Schedule s{};
    auto bad = testing::abi_violations(reinterpret_cast<const void*>(kernel().expand), reinterpret_cast<std::uint64_t>(&s),
                                       reinterpret_cast<std::uint64_t>(key.data()), key_size, 0);
    EXPECT_TRUE(bad.empty()) << "expand " << key_size << ": " << ::testing::PrintToString(bad);
    Bytes buf(16 * 20, 0x13);
    for (std::size_t blocks : {0, 1, 3, 4, 8, 9, 20}) {
      for (CryptFn fn : {kernel().encrypt, kernel().decrypt}) {
        bad = testing::abi_violations(reinterpret_cast<const void*>(fn), reinterpret_cast<std::uint64_t>(&s),
                                      reinterpret_cast<std::uint64_t>(buf.data()),
                                      reinterpret_cast<std::uint64_t>(buf.data()), blocks);
        EXPECT_TRUE(bad.empty()) << blocks << " blocks: " << ::testing::PrintToString(bad);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, AesKernel, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::aes
