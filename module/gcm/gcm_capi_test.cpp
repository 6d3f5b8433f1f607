// AES-GCM and AES through the C API and the C++ wrappers: NIST's ACVP
// sample set and Wycheproof's vectors, the counter-nonce context (its
// nonces, its refusal to wrap), authentication failure, the argument,
// length and overlap errors (each writing nothing), and cleansing.
#include <gtest/gtest.h>

#include <fipsmod/aes.hpp>
#include <fipsmod/gcm.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

#include "internal.hpp"
#include "testing/vec_file.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;

struct Gcm {
  fipsmod_aes_gcm_ctx ctx{};
  explicit Gcm(const Bytes& key) { EXPECT_EQ(fipsmod_aes_gcm_init(&ctx, key.data(), key.size()), FIPSMOD_OK); }
  ~Gcm() { fipsmod_aes_gcm_cleanse(&ctx); }
};

TEST(GcmCApi, AcvpSampleSet) {
  std::size_t seals = 0, opens = 0, failures = 0;
  for (const auto& v : fipsmod::testing::load_vectors("published/gcm_acvp.vec")) {
    Gcm g(v.bytes("Key"));
    const Bytes nonce = v.bytes("Nonce"), aad = v.bytes("AAD"), pt = v.bytes("In"), ct = v.bytes("Out"), tag = v.bytes("Tag");
    if (v.section == "seal") {
      Bytes out(pt.size()), t(tag.size());
      ASSERT_EQ(fipsmod_aes_gcm_seal(&g.ctx, nonce.data(), nonce.size(), aad.data(), aad.size(), pt.data(), pt.size(),
                                     out.data(), t.data(), t.size()),
                FIPSMOD_OK)
          << "tcId " << v.text("Id");
      EXPECT_EQ(out, ct) << "tcId " << v.text("Id");
      EXPECT_EQ(t, tag) << "tcId " << v.text("Id");
      ++seals;
    } else {
      Bytes out(ct.size(), 0xaa);
      const int s = fipsmod_aes_gcm_open(&g.ctx, nonce.data(), nonce.size(), aad.data(), aad.size(), ct.data(), ct.size(),
                                         tag.data(), tag.size(), out.data());
      if (v.text("Result") == "pass") {
        EXPECT_EQ(s, FIPSMOD_OK) << "tcId " << v.text("Id");
        EXPECT_EQ(out, pt) << "tcId " << v.text("Id");
        ++opens;
      } else {
        EXPECT_EQ(s, FIPSMOD_ERR_AUTHENTICATION) << "tcId " << v.text("Id");
        EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }));
        ++failures;
      }
    }
  }
  EXPECT_EQ(seals, 21u);
  EXPECT_GT(opens, 5u);
  EXPECT_GT(failures, 3u);
}

TEST(GcmCApi, Wycheproof) {
  std::size_t checked = 0;
  for (const auto& v : fipsmod::testing::load_vectors("published/gcm_wycheproof.vec")) {
    Gcm g(v.bytes("Key"));
    const Bytes nonce = v.bytes("Nonce"), aad = v.bytes("AAD"), pt = v.bytes("In"), ct = v.bytes("Out"), tag = v.bytes("Tag");
    Bytes out(ct.size(), 0xaa);
    const int s = fipsmod_aes_gcm_open(&g.ctx, nonce.data(), nonce.size(), aad.data(), aad.size(), ct.data(), ct.size(),
                                       tag.data(), tag.size(), out.data());
    if (v.text("Result") == "valid") {
      EXPECT_EQ(s, FIPSMOD_OK) << "tcId " << v.text("Id");
      EXPECT_EQ(out, pt) << "tcId " << v.text("Id");
      Bytes sealed(pt.size()), t(16);
      EXPECT_EQ(fipsmod_aes_gcm_seal(&g.ctx, nonce.data(), nonce.size(), aad.data(), aad.size(), pt.data(), pt.size(),
                                     sealed.data(), t.data(), 16),
                FIPSMOD_OK);
      EXPECT_EQ(sealed, ct) << "tcId " << v.text("Id");
      EXPECT_EQ(t, tag) << "tcId " << v.text("Id");
    } else if (nonce.empty()) {
      EXPECT_EQ(s, FIPSMOD_ERR_INVALID_ARGUMENT) << "tcId " << v.text("Id");
      EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0xaa; })) << "wrote on a refusal";
    } else {
      EXPECT_EQ(s, FIPSMOD_ERR_AUTHENTICATION) << "tcId " << v.text("Id");
    }
    ++checked;
  }
  EXPECT_EQ(checked, 316u);
}

TEST(GcmCApi, CounterNoncesCountUpAndRefuseToWrap) {
  const Bytes key(32, 0x42), msg(40, 0x11);
  const std::uint8_t prefix[4] = {0xde, 0xad, 0xbe, 0xef};
  fipsmod_aes_gcm_counter_ctx ctx{};
  ASSERT_EQ(fipsmod_aes_gcm_counter_init(&ctx, key.data(), key.size(), prefix), FIPSMOD_OK);
  Gcm plain(key);
  for (std::uint64_t i = 0; i < 3; ++i) {
    Bytes out(msg.size()), tag(16);
    std::uint8_t nonce[12];
    ASSERT_EQ(fipsmod_aes_gcm_counter_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce),
              FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    const std::uint8_t want[12] = {0xde, 0xad, 0xbe, 0xef, 0, 0, 0, 0, 0, 0, 0, static_cast<std::uint8_t>(i)};
    EXPECT_TRUE(std::equal(nonce, nonce + 12, want)) << i;
    Bytes back(msg.size());
    EXPECT_EQ(fipsmod_aes_gcm_counter_open(&ctx, nonce, nullptr, 0, out.data(), out.size(), tag.data(), 16, back.data()),
              FIPSMOD_OK);
    EXPECT_EQ(back, msg);
    EXPECT_EQ(fipsmod_aes_gcm_open(&plain.ctx, nonce, 12, nullptr, 0, out.data(), out.size(), tag.data(), 16, back.data()),
              FIPSMOD_OK);
  }
  // Near the end: the last two nonces, then a refusal that writes nothing.
  auto* state = reinterpret_cast<fipsmod::gcm::CounterState*>(reinterpret_cast<std::uint8_t*>(&ctx) + 16);
  fipsmod::gcm::set_invocation_counter(*state, fipsmod::gcm::last_counter - 2);
  for (int i = 0; i < 2; ++i) {
    Bytes out(msg.size()), tag(16);
    std::uint8_t nonce[12];
    ASSERT_EQ(fipsmod_aes_gcm_counter_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce),
              FIPSMOD_OK);
    EXPECT_EQ(nonce[11], i == 0 ? 0xfd : 0xfe);
  }
  Bytes out(msg.size(), 0x77), tag(16, 0x77);
  std::uint8_t nonce[12];
  std::memset(nonce, 0x77, sizeof nonce);
  EXPECT_EQ(fipsmod_aes_gcm_counter_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce),
            FIPSMOD_ERR_NONCE_EXHAUSTED);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0x77; }));
  EXPECT_TRUE(std::all_of(tag.begin(), tag.end(), [](auto b) { return b == 0x77; }));
  EXPECT_TRUE(std::all_of(nonce, nonce + 12, [](auto b) { return b == 0x77; }));
  // A new set-up starts again at 0.
  ASSERT_EQ(fipsmod_aes_gcm_counter_init(&ctx, key.data(), key.size(), prefix), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_aes_gcm_counter_seal(&ctx, nullptr, 0, msg.data(), msg.size(), out.data(), tag.data(), 16, nonce),
            FIPSMOD_OK);
  EXPECT_EQ(nonce[11], 0);
  fipsmod_aes_gcm_counter_cleanse(&ctx);
}

// The test hook reaches the invocation counter where the C context keeps
// it: after the tag (8 bytes) and its alignment padding, the state.
TEST(GcmCApi, TheTestHookFindsTheCounter) {
  const Bytes key(16, 1);
  const std::uint8_t prefix[4] = {};
  fipsmod_aes_gcm_counter_ctx ctx{};
  ASSERT_EQ(fipsmod_aes_gcm_counter_init(&ctx, key.data(), key.size(), prefix), FIPSMOD_OK);
  auto* state = reinterpret_cast<fipsmod::gcm::CounterState*>(reinterpret_cast<std::uint8_t*>(&ctx) + 16);
  EXPECT_EQ(state->counter, 0u);
  std::uint8_t out[1], tag[16], nonce[12];
  ASSERT_EQ(fipsmod_aes_gcm_counter_seal(&ctx, nullptr, 0, "x", 1, out, tag, 16, nonce), FIPSMOD_OK);
  EXPECT_EQ(state->counter, 1u);
}

TEST(GcmCApi, ArgumentErrorsWriteNothing) {
  const Bytes key(16, 9), nonce(12, 1);
  Gcm g(key);
  Bytes buf(100, 0x5a), tag(16, 0x5a);
  const Bytes before = buf;
  const auto seal = [&](const void* n, std::size_t nl, const void* in, std::size_t len, std::uint8_t* out, std::uint8_t* t,
                        std::size_t tl) { return fipsmod_aes_gcm_seal(&g.ctx, n, nl, nullptr, 0, in, len, out, t, tl); };
  EXPECT_EQ(seal(nonce.data(), 0, buf.data(), 10, buf.data() + 50, tag.data(), 16), FIPSMOD_ERR_INVALID_ARGUMENT);
  for (std::size_t tl : {0, 1, 3, 5, 7, 9, 10, 11, 17}) {
    EXPECT_EQ(seal(nonce.data(), 12, buf.data(), 10, buf.data() + 50, tag.data(), tl), FIPSMOD_ERR_INVALID_ARGUMENT) << tl;
  }
  EXPECT_EQ(seal(nonce.data(), 12, buf.data(), 10, buf.data() + 5, tag.data(), 16), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(nonce.data(), 12, buf.data() + 5, 10, buf.data(), tag.data(), 16), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(nonce.data(), 12, buf.data(), 10, buf.data() + 50, buf.data() + 55, 16), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(nonce.data(), 12, buf.data(), 10, buf.data() + 50, buf.data() + 5, 16), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(buf.data() + 52, 12, buf.data(), 10, buf.data() + 50, tag.data(), 16), FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(nonce.data(), 12, buf.data(), 10, reinterpret_cast<std::uint8_t*>(&g.ctx), tag.data(), 16),
            FIPSMOD_ERR_INVALID_OVERLAP);
  EXPECT_EQ(seal(nullptr, 12, buf.data(), 10, buf.data() + 50, tag.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(seal(nonce.data(), 12, buf.data(), 10, buf.data() + 50, nullptr, 16), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_aes_gcm_seal(&g.ctx, nonce.data(), 12, nullptr, std::size_t{1} << 62, buf.data(), 10, buf.data() + 50,
                                 tag.data(), 16),
            FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(buf, before);
  EXPECT_TRUE(std::all_of(tag.begin(), tag.end(), [](auto b) { return b == 0x5a; }));
  // Lengths past SP 800-38D's limits (never read: refused first).
  EXPECT_EQ(seal(nonce.data(), 12, buf.data(), fipsmod::gcm::max_text_size + 1, buf.data(), tag.data(), 16),
            FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(seal(nonce.data(), std::size_t{1} << 61, buf.data(), 10, buf.data(), tag.data(), 16), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(buf, before);
  // Bad keys and uninitialised contexts.
  fipsmod_aes_gcm_ctx fresh{};
  for (std::size_t n : {0, 15, 17, 20, 31, 33}) {
    EXPECT_EQ(fipsmod_aes_gcm_init(&fresh, key.data(), n), FIPSMOD_ERR_INVALID_ARGUMENT) << n;
  }
  EXPECT_EQ(fipsmod_aes_gcm_seal(&fresh, nonce.data(), 12, nullptr, 0, buf.data(), 10, buf.data(), tag.data(), 16),
            FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_aes_gcm_open(&fresh, nonce.data(), 12, nullptr, 0, buf.data(), 10, tag.data(), 16, buf.data()),
            FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(buf, before);
}

TEST(GcmCApi, InPlaceAndCleanse) {
  const Bytes key(24, 3), nonce(12, 4), msg(1000, 0x61);
  Gcm g(key);
  Bytes buf = msg, tag(16);
  ASSERT_EQ(fipsmod_aes_gcm_seal(&g.ctx, nonce.data(), 12, nullptr, 0, buf.data(), buf.size(), buf.data(), tag.data(), 16),
            FIPSMOD_OK);
  EXPECT_NE(buf, msg);
  ASSERT_EQ(fipsmod_aes_gcm_open(&g.ctx, nonce.data(), 12, nullptr, 0, buf.data(), buf.size(), tag.data(), 16, buf.data()),
            FIPSMOD_OK);
  EXPECT_EQ(buf, msg);
  EXPECT_EQ(fipsmod_aes_gcm_cleanse(&g.ctx), FIPSMOD_OK);
  const auto* p = reinterpret_cast<const std::uint8_t*>(&g.ctx);
  EXPECT_TRUE(std::all_of(p, p + sizeof g.ctx, [](auto b) { return b == 0; }));
  EXPECT_EQ(fipsmod_aes_gcm_seal(&g.ctx, nonce.data(), 12, nullptr, 0, buf.data(), 1, buf.data(), tag.data(), 16),
            FIPSMOD_ERR_CTX_UNINITIALIZED);
  fipsmod_aes_ctx a{};
  ASSERT_EQ(fipsmod_aes_init(&a, key.data(), 16), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_aes_cleanse(&a), FIPSMOD_OK);
  const auto* q = reinterpret_cast<const std::uint8_t*>(&a);
  EXPECT_TRUE(std::all_of(q, q + sizeof a, [](auto b) { return b == 0; }));
}

TEST(GcmCppApi, RoundTripsAndThrowsOnAWrongTag) {
  const Bytes key(32, 0x10), nonce(12, 0x20), aad = {1, 2, 3}, msg(300, 0x30);
  fipsmod::aes_gcm::Gcm g(key);
  Bytes sealed = g.seal(nonce, aad, msg);
  ASSERT_EQ(sealed.size(), msg.size() + 16);
  EXPECT_EQ(g.open(nonce, aad, sealed), msg);
  sealed.back() ^= 1;
  try {
    g.open(nonce, aad, sealed);
    ADD_FAILURE() << "opened with a wrong tag";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_AUTHENTICATION);
  }
  const std::array<std::uint8_t, 4> prefix{9, 9, 9, 9};
  fipsmod::aes_gcm::CounterNonce c(key, prefix);
  const Bytes first = c.seal(aad, msg), second = c.seal(aad, msg);
  EXPECT_NE(first, second);
  EXPECT_EQ(g.open(std::span(first).first(12), aad, std::span(first).subspan(12)), msg);
  fipsmod::aes::Aes a(key);
  const std::array<std::uint8_t, 16> iv{};
  const Bytes ct = a.ctr(iv, msg);
  EXPECT_EQ(a.ctr(iv, ct), msg);
  fipsmod::aes::Block block;
  block.fill(0x30);
  EXPECT_NE(a.encrypt_block(block), block);
  EXPECT_EQ(a.decrypt_block(a.encrypt_block(block)), block);
}

}  // namespace
