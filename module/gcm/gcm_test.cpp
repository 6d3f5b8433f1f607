// GCM on every usable kernel: Botan's vectors and Wycheproof's through the
// internal seal and open, tampering that must fail, in place, the fused
// loop at every block count across an inc32 wrap, GHASH continuation,
// buffers against guard pages, and every entry point's calling convention.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "internal.hpp"
#include "testing/abi_check.hpp"
#include "testing/guarded_buffer.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::gcm {
namespace {

using Bytes = std::vector<std::uint8_t>;

class GcmKernel : public ::testing::TestWithParam<const Kernel*> {
 protected:
  const Kernel& kernel() const { return *GetParam(); }
  Key key_of(const Bytes& k) const {
    Key key{};
    init(kernel(), key, k);
    return key;
  }
};

TEST_P(GcmKernel, BotanVectors) {
  const auto vectors = testing::load_vectors("gcm.vec");
  ASSERT_GT(vectors.size(), 900u);
  for (const auto& v : vectors) {
    const Key key = key_of(v.bytes("Key"));
    const Bytes nonce = v.bytes("Nonce"), aad = v.bytes("AAD"), in = v.bytes("In"), want = v.bytes("Out"),
                tag = v.bytes("Tag");
    for (std::size_t tag_len : {16, 12, 8, 4}) {
      if (tag_len != 16 && in.size() % 37 != 0) continue;  // every tag length on a sample
      Bytes out(in.size()), t(tag_len);
      seal(kernel(), key, nonce, aad, in.data(), out.data(), in.size(), t);
      ASSERT_EQ(out, want) << "line " << v.line;
      ASSERT_TRUE(std::equal(t.begin(), t.end(), tag.begin())) << "line " << v.line << " tag " << tag_len;
      Bytes back(in.size());
      ASSERT_TRUE(open(kernel(), key, nonce, aad, want.data(), back.data(), want.size(), t)) << "line " << v.line;
      ASSERT_EQ(back, in) << "line " << v.line;
    }
    // In place, both ways.
    Bytes buf = in, t(16);
    seal(kernel(), key, nonce, aad, buf.data(), buf.data(), buf.size(), t);
    ASSERT_EQ(buf, want) << "line " << v.line;
    ASSERT_TRUE(open(kernel(), key, nonce, aad, buf.data(), buf.data(), buf.size(), t)) << "line " << v.line;
    ASSERT_EQ(buf, in) << "line " << v.line;
  }
}

// A flipped bit anywhere (tag, ciphertext, additional data, nonce) fails
// open, and the output is left zeroed.
TEST_P(GcmKernel, TamperingFailsAndReleasesNothing) {
  const Key key = key_of(Bytes(16, 0x3c));
  const Bytes nonce(12, 0x07), aad(21, 0x0a);
  Bytes in(77);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>(i * 3 + 1);
  Bytes ct(in.size()), tag(16);
  seal(kernel(), key, nonce, aad, in.data(), ct.data(), in.size(), tag);
  const auto expect_fail = [&](const Bytes& n, const Bytes& a, const Bytes& c, const Bytes& t, const char* what) {
    Bytes out(c.size(), 0xee);
    EXPECT_FALSE(open(kernel(), key, n, a, c.data(), out.data(), c.size(), t)) << what;
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; })) << what;
  };
  for (std::size_t bit = 0; bit < 128; bit += 5) {
    Bytes t = tag;
    t[bit / 8] ^= static_cast<std::uint8_t>(1 << (bit % 8));
    expect_fail(nonce, aad, ct, t, "tag");
  }
  for (std::size_t i = 0; i < ct.size(); i += 7) {
    Bytes c = ct;
    c[i] ^= 0x80;
    expect_fail(nonce, aad, c, tag, "ciphertext");
  }
  Bytes a = aad;
  a[20] ^= 1;
  expect_fail(nonce, a, ct, tag, "aad");
  Bytes n = nonce;
  n[0] ^= 1;
  expect_fail(n, aad, ct, tag, "nonce");
  expect_fail(nonce, aad, ct, Bytes(tag.begin(), tag.begin() + 12) == Bytes(12, 0) ? Bytes(12, 1) : Bytes(12, 0), "zero tag");
  // In place: the ciphertext is gone too.
  Bytes buf = ct, t = tag;
  t[0] ^= 1;
  EXPECT_FALSE(open(kernel(), key, nonce, aad, buf.data(), buf.data(), buf.size(), t));
  EXPECT_TRUE(std::all_of(buf.begin(), buf.end(), [](auto b) { return b == 0; }));
}

// The fused loop on its own, at every block count 0..40, starting two
// blocks before inc32 wraps: against the generic kernel, in place and not,
// continuing y across two calls.
TEST_P(GcmKernel, FusedLoopEveryBlockCountAcrossTheWrap) {
  const Kernel& generic = kernels().generic();
  for (std::size_t key_size : {16, 24, 32}) {
    const Bytes k(key_size, static_cast<std::uint8_t>(key_size));
    const Key mine = key_of(k);
    Key ref{};
    init(generic, ref, k);
    for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
      Bytes in(16 * blocks);
      for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>(i + blocks);
      std::uint8_t ctr0[16], y0[16];
      for (int i = 0; i < 16; ++i) ctr0[i] = static_cast<std::uint8_t>(0x40 + i), y0[i] = static_cast<std::uint8_t>(i * 9);
      ctr0[12] = ctr0[13] = ctr0[14] = 0xff, ctr0[15] = 0xfe;
      for (bool sealing : {true, false}) {
        const CtrGhashFn mine_fn = sealing ? kernel().seal : kernel().open;
        const CtrGhashFn ref_fn = sealing ? generic.seal : generic.open;
        std::uint8_t c1[16], y1[16], c2[16], y2[16];
        std::copy(ctr0, ctr0 + 16, c1), std::copy(y0, y0 + 16, y1), std::copy(ctr0, ctr0 + 16, c2), std::copy(y0, y0 + 16, y2);
        Bytes out1(in.size()), out2 = in;
        ref_fn(&ref.aes, &ref.ghash, c1, y1, in.data(), out1.data(), blocks);
        mine_fn(&mine.aes, &mine.ghash, c2, y2, out2.data(), out2.data(), blocks);
        ASSERT_EQ(out2, out1) << blocks << (sealing ? " seal" : " open");
        ASSERT_TRUE(std::equal(c1, c1 + 16, c2)) << blocks;
        ASSERT_TRUE(std::equal(y1, y1 + 16, y2)) << blocks;
      }
    }
  }
}

// GHASH over n blocks in one call equals n calls of one block.
TEST_P(GcmKernel, GhashContinues) {
  const Key key = key_of(Bytes(32, 0x5d));
  Bytes data(16 * 40);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 13);
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    std::uint8_t whole[16] = {1, 2, 3}, parts[16] = {1, 2, 3};
    kernel().ghash(&key.ghash, whole, data.data(), blocks);
    for (std::size_t b = 0; b < blocks; ++b) kernel().ghash(&key.ghash, parts, data.data() + 16 * b, 1);
    ASSERT_TRUE(std::equal(whole, whole + 16, parts)) << blocks;
  }
}

TEST_P(GcmKernel, WycheproofVectors) {
  std::size_t valid = 0, invalid = 0;
  for (const auto& v : testing::load_vectors("published/gcm_wycheproof.vec")) {
    const Bytes nonce = v.bytes("Nonce");
    if (nonce.empty()) continue;  // refused by the C API (gcm_capi_test checks it)
    const Key key = key_of(v.bytes("Key"));
    const Bytes aad = v.bytes("AAD"), in = v.bytes("In"), ct = v.bytes("Out"), tag = v.bytes("Tag");
    Bytes back(ct.size());
    const bool ok = open(kernel(), key, nonce, aad, ct.data(), back.data(), ct.size(), tag);
    if (v.text("Result") == "valid") {
      ++valid;
      EXPECT_TRUE(ok) << "tcId " << v.text("Id");
      EXPECT_EQ(back, in) << "tcId " << v.text("Id");
      Bytes out(in.size()), t(16);
      seal(kernel(), key, nonce, aad, in.data(), out.data(), in.size(), t);
      EXPECT_EQ(out, ct) << "tcId " << v.text("Id");
      EXPECT_EQ(t, tag) << "tcId " << v.text("Id");
    } else {
      ++invalid;
      EXPECT_FALSE(ok) << "tcId " << v.text("Id");
    }
  }
  EXPECT_GT(valid, 200u);
  EXPECT_GT(invalid, 50u);
}

TEST_P(GcmKernel, BuffersFlushAgainstGuardPages) {
  const Key key = key_of(Bytes(16, 0x21));
  const Bytes nonce(12, 3);
  for (std::size_t n : {1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 600}) {
    for (auto side : {testing::GuardSide::before, testing::GuardSide::after}) {
      testing::GuardedBuffer in(n, side), out(n, side), aad(n, side);
      std::fill(in.bytes().begin(), in.bytes().end(), 0x42);
      std::fill(aad.bytes().begin(), aad.bytes().end(), 0x24);
      Bytes tag(16);
      seal(kernel(), key, nonce, aad.bytes(), in.bytes().data(), out.bytes().data(), n, tag);
      ASSERT_TRUE(open(kernel(), key, nonce, aad.bytes(), out.bytes().data(), out.bytes().data(), n, tag)) << n;
      ASSERT_TRUE(std::all_of(out.bytes().begin(), out.bytes().end(), [](auto b) { return b == 0x42; })) << n;
    }
  }
}

TEST_P(GcmKernel, KeepsTheCallingConvention) {
  ASSERT_TRUE(testing::abi_check_available());
  const Key key = key_of(Bytes(32, 0x66));
  GhashKey g{};
  std::uint8_t h[16] = {9}, ctr[16] = {}, y[16] = {};
  auto bad = testing::abi_violations(reinterpret_cast<const void*>(kernel().ghash_init), reinterpret_cast<std::uint64_t>(&g),
                                     reinterpret_cast<std::uint64_t>(h), 0, 0);
  EXPECT_TRUE(bad.empty()) << "ghash_init: " << ::testing::PrintToString(bad);
  Bytes buf(16 * 40, 0x31);
  const auto u = [](const void* p) { return reinterpret_cast<std::uint64_t>(p); };
  for (std::size_t blocks : {0, 1, 3, 4, 7, 8, 9, 16, 17, 24, 33, 40}) {
    bad = testing::abi_violations(reinterpret_cast<const void*>(kernel().ghash), u(&key.ghash), u(y), u(buf.data()), blocks);
    EXPECT_TRUE(bad.empty()) << "ghash " << blocks << ": " << ::testing::PrintToString(bad);
    for (CtrGhashFn fn : {kernel().seal, kernel().open}) {
      bad = testing::abi_violations(reinterpret_cast<const void*>(fn),
                                    {u(&key.aes), u(&key.ghash), u(ctr), u(y), u(buf.data()), u(buf.data()), blocks, 0});
      EXPECT_TRUE(bad.empty()) << "seal/open " << blocks << ": " << ::testing::PrintToString(bad);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Usable, GcmKernel, ::testing::ValuesIn(kernels().usable()), testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::gcm
