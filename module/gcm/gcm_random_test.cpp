// The random-nonce AES-GCM context through the C API and the C++ wrapper:
// round trips (its nonces open under the plain context too), nonces that
// differ, the refusal past SP 800-38D's 2^32 seals (the count set near the
// limit by the test hook), its approval both ways, and the errors, each
// writing nothing.
#include <gtest/gtest.h>

#include <fipsmod/gcm.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "internal.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;

struct RandomGcm {
  fipsmod_aes_gcm_random_ctx ctx{};
  explicit RandomGcm(const Bytes& key) { EXPECT_EQ(fipsmod_aes_gcm_random_init(&ctx, key.data(), key.size()), FIPSMOD_OK); }
  ~RandomGcm() { fipsmod_aes_gcm_random_cleanse(&ctx); }
  fipsmod::gcm::RandomState& state() {
    return *reinterpret_cast<fipsmod::gcm::RandomState*>(reinterpret_cast<std::uint8_t*>(&ctx) + 16);
  }
};

bool all_are(const Bytes& b, std::uint8_t v) {
  return std::all_of(b.begin(), b.end(), [v](auto x) { return x == v; });
}

TEST(GcmRandomNonce, RoundTripsUnderDistinctNonces) {
  for (const std::size_t key_size : {16u, 24u, 32u}) {
    const Bytes key(key_size, 0x42), aad{1, 2, 3}, msg(77, 0x11);
    RandomGcm g(key);
    fipsmod_aes_gcm_ctx plain{};
    ASSERT_EQ(fipsmod_aes_gcm_init(&plain, key.data(), key.size()), FIPSMOD_OK);
    std::set<std::array<std::uint8_t, 12>> nonces;
    for (int i = 0; i < 20; ++i) {
      Bytes out(msg.size()), tag(16), nonce(12);
      ASSERT_EQ(fipsmod_aes_gcm_random_seal(&g.ctx, aad.data(), aad.size(), msg.data(), msg.size(), out.data(), tag.data(),
                                            16, nonce.data()),
                FIPSMOD_OK);
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
      std::array<std::uint8_t, 12> n;
      std::copy_n(nonce.begin(), 12, n.begin());
      nonces.insert(n);
      Bytes back(msg.size());
      ASSERT_EQ(fipsmod_aes_gcm_random_open(&g.ctx, nonce.data(), aad.data(), aad.size(), out.data(), out.size(), tag.data(),
                                            16, back.data()),
                FIPSMOD_OK);
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
      EXPECT_EQ(back, msg);
      std::fill(back.begin(), back.end(), 0);
      ASSERT_EQ(fipsmod_aes_gcm_open(&plain, nonce.data(), 12, aad.data(), aad.size(), out.data(), out.size(), tag.data(), 16,
                                     back.data()),
                FIPSMOD_OK);
      EXPECT_EQ(back, msg);
      // A wrong tag: refused, out zeroed.
      tag[0] ^= 1;
      EXPECT_EQ(fipsmod_aes_gcm_random_open(&g.ctx, nonce.data(), aad.data(), aad.size(), out.data(), out.size(), tag.data(),
                                            16, back.data()),
                FIPSMOD_ERR_AUTHENTICATION);
      EXPECT_TRUE(all_are(back, 0));
    }
    EXPECT_EQ(nonces.size(), 20u);
    EXPECT_EQ(g.state().invocations, 20u);
    fipsmod_aes_gcm_cleanse(&plain);
  }
}

TEST(GcmRandomNonce, RefusesPastTwoToThe32Seals) {
  const Bytes key(32, 0x42), msg(40, 0x11);
  RandomGcm g(key);
  fipsmod::gcm::set_random_invocations(g.state(), fipsmod::gcm::random_invocation_limit - 2);
  for (int i = 0; i < 2; ++i) {
    Bytes out(msg.size()), tag(16), nonce(12);
    ASSERT_EQ(fipsmod_aes_gcm_random_seal(&g.ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce.data()),
              FIPSMOD_OK)
        << i;
  }
  EXPECT_EQ(g.state().invocations, std::uint64_t{1} << 32);
  Bytes out(msg.size(), 0x77), tag(16, 0x77), nonce(12, 0x77);
  EXPECT_EQ(fipsmod_aes_gcm_random_seal(&g.ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce.data()),
            FIPSMOD_ERR_NONCE_EXHAUSTED);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  EXPECT_TRUE(all_are(out, 0x77) && all_are(tag, 0x77) && all_are(nonce, 0x77));
  EXPECT_EQ(g.state().invocations, std::uint64_t{1} << 32);
  // A new key starts the count again.
  ASSERT_EQ(fipsmod_aes_gcm_random_init(&g.ctx, key.data(), key.size()), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_aes_gcm_random_seal(&g.ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce.data()),
            FIPSMOD_OK);
}

TEST(GcmRandomNonce, ApprovedWithATagOf12To16BytesOnly) {
  const Bytes key(16, 0x42), msg(40, 0x11);
  RandomGcm g(key);
  for (const std::size_t tag_len : {16u, 15u, 12u, 8u, 4u}) {
    Bytes out(msg.size()), tag(tag_len), nonce(12);
    ASSERT_EQ(fipsmod_aes_gcm_random_seal(&g.ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), tag_len,
                                          nonce.data()),
              FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), tag_len >= 12 ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED) << tag_len;
    Bytes back(msg.size());
    ASSERT_EQ(fipsmod_aes_gcm_random_open(&g.ctx, nonce.data(), nullptr, 0, out.data(), out.size(), tag.data(), tag_len,
                                          back.data()),
              FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), tag_len >= 12 ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED) << tag_len;
  }
}

TEST(GcmRandomNonce, ErrorsWriteNothingAndCountNothing) {
  const Bytes key(16, 0x42), msg(40, 0x11);
  RandomGcm g(key);
  Bytes out(msg.size(), 0x77), tag(16, 0x77), nonce(12, 0x77);
  const auto untouched = [&] { return all_are(out, 0x77) && all_are(tag, 0x77) && all_are(nonce, 0x77); };
  const auto seal = [&](fipsmod_aes_gcm_random_ctx* c, const std::uint8_t* in, std::uint8_t* o, std::uint8_t* t,
                        std::size_t tag_len, std::uint8_t* n) {
    return fipsmod_aes_gcm_random_seal(c, nullptr, 0, in, msg.size(), o, t, tag_len, n);
  };
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), tag.data(), 16, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), nullptr, 16, nonce.data()), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(seal(nullptr, msg.data(), out.data(), tag.data(), 16, nonce.data()), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), tag.data(), 11, nonce.data()), FIPSMOD_ERR_INVALID_ARGUMENT);
  // nonce_out inside the text's output, the tag, the input or the context.
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), tag.data(), 16, out.data() + 4), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), tag.data(), 16, tag.data() + 8), FIPSMOD_ERR_INVALID_OVERLAP);
  Bytes in = msg;
  EXPECT_EQ(seal(&g.ctx, in.data(), out.data(), tag.data(), 16, in.data()), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), tag.data(), 16, reinterpret_cast<std::uint8_t*>(&g.ctx) + 100),
            FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_TRUE(untouched());
  EXPECT_EQ(g.state().invocations, 0u);
  fipsmod_aes_gcm_random_ctx never{};
  EXPECT_EQ(seal(&never, msg.data(), out.data(), tag.data(), 16, nonce.data()), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_aes_gcm_random_init(&never, key.data(), 17), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(seal(&never, msg.data(), out.data(), tag.data(), 16, nonce.data()), FIPSMOD_ERR_CTX_UNINITIALIZED);
  // Another kind of context is not this one.
  fipsmod_aes_gcm_counter_ctx counter{};
  const std::uint8_t prefix[4] = {};
  ASSERT_EQ(fipsmod_aes_gcm_counter_init(&counter, key.data(), key.size(), prefix), FIPSMOD_OK);
  EXPECT_EQ(seal(reinterpret_cast<fipsmod_aes_gcm_random_ctx*>(&counter), msg.data(), out.data(), tag.data(), 16,
                 nonce.data()),
            FIPSMOD_ERR_CTX_UNINITIALIZED);
  fipsmod_aes_gcm_counter_cleanse(&counter);
  EXPECT_TRUE(untouched());
  // Cleansed: zeroed, and refused as uninitialised.
  ASSERT_EQ(fipsmod_aes_gcm_random_cleanse(&g.ctx), FIPSMOD_OK);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(&g.ctx);
  EXPECT_TRUE(std::all_of(bytes, bytes + sizeof g.ctx, [](auto x) { return x == 0; }));
  EXPECT_EQ(seal(&g.ctx, msg.data(), out.data(), tag.data(), 16, nonce.data()), FIPSMOD_ERR_CTX_UNINITIALIZED);
  std::uint8_t n12[12] = {};
  EXPECT_EQ(fipsmod_aes_gcm_random_open(&g.ctx, n12, nullptr, 0, msg.data(), msg.size(), tag.data(), 16, out.data()),
            FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_TRUE(untouched());
  EXPECT_EQ(fipsmod_aes_gcm_random_cleanse(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

TEST(GcmRandomNonce, CppWrapper) {
  const Bytes key(32, 0x42), aad{9}, msg(33, 0x11);
  fipsmod::aes_gcm::RandomNonce g(key);
  const Bytes sealed = g.seal(aad, msg);
  ASSERT_EQ(sealed.size(), 12 + msg.size() + 16);
  EXPECT_EQ(g.open(aad, sealed), msg);
  const Bytes again = g.seal(aad, msg);
  EXPECT_FALSE(std::equal(sealed.begin(), sealed.begin() + 12, again.begin()));
  Bytes out(msg.size()), tag(16);
  const auto nonce = g.seal(aad, msg, out, tag);
  Bytes back(msg.size());
  g.open(nonce, aad, out, tag, back);
  EXPECT_EQ(back, msg);
  Bytes bad = sealed;
  bad[12 + msg.size() + 15] ^= 1;  // the tag's last byte
  try {
    (void)g.open(aad, bad);
    ADD_FAILURE() << "a wrong tag opened";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_AUTHENTICATION);
  }
  EXPECT_THROW(fipsmod::aes_gcm::RandomNonce(Bytes(5)), fipsmod::error);
}

}  // namespace
