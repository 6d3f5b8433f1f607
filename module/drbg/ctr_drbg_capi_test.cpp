// The deterministic CTR_DRBG through the C API and the C++ wrapper: NIST's
// ACVP ctrDRBG sample set (vectors/acvp/, every case, with and without the
// derivation function), prediction resistance as SP 800-90A §9.3.1 defines
// it, every argument, length and overlap error (each writing nothing), the
// reseed interval, the approval, and zeroisation.
#include <gtest/gtest.h>

#include <fipsmod/ctr_drbg.hpp>

#include <algorithm>
#include <map>
#include <cstring>
#include <new>
#include <vector>

#include "internal.hpp"
#include "testing/json.hpp"
#include "testing/vec_file.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
using fipsmod::testing::Json;

struct Drbg {
  fipsmod_ctr_drbg_ctx ctx{};
  ~Drbg() { fipsmod_ctr_drbg_cleanse(&ctx); }
  int instantiate(int flags, const Bytes& entropy, const Bytes& nonce, const Bytes& pers) {
    return fipsmod_ctr_drbg_instantiate(&ctx, flags, entropy.data(), entropy.size(), nonce.data(), nonce.size(),
                                        pers.data(), pers.size());
  }
  int generate(Bytes& out, const Bytes& additional = {}, const Bytes& entropy_pr = {}) {
    return fipsmod_ctr_drbg_generate(&ctx, entropy_pr.data(), entropy_pr.size(), additional.data(), additional.size(),
                                     out.data(), out.size());
  }
  Bytes bytes() const {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&ctx);
    return Bytes(p, p + sizeof ctx);
  }
};

const Bytes kEntropy48(48, 0x45), kEntropy32(32, 0x65), kNonce(16, 0x4e), kPers(20, 0x50);

// ACVP's convention (ctrDRBG's AFT): instantiate; then each otherInput in
// order, "reSeed" a reseed and "generate" a generate of returnedBitsLen
// bits (with its entropyInput as the prediction-resistance entropy when the
// group has predResistance); the answer is the last generate's output.
TEST(CtrDrbgCApi, AcvpSampleSet) {
  const Json vectors = Json::load("acvp/vectors/ctrDRBG.json").array().at(1);
  const Json expected = Json::load("acvp/expected/ctrDRBG.json").array().at(1);
  ASSERT_EQ(vectors.at("algorithm").string(), "ctrDRBG");
  std::map<std::pair<std::int64_t, std::int64_t>, Bytes> answers;
  for (const Json& g : expected.at("testGroups").array()) {
    for (const Json& t : g.at("tests").array()) answers[{g.at("tgId").integer(), t.at("tcId").integer()}] = t.hex("returnedBits");
  }
  int with_df = 0, without_df = 0, with_additional = 0;
  for (const Json& g : vectors.at("testGroups").array()) {
    if (g.at("mode").string() != "AES-256") continue;
    const bool df = g.at("derFunc").boolean(), pr = g.at("predResistance").boolean();
    const std::size_t out_len = static_cast<std::size_t>(g.at("returnedBitsLen").integer()) / 8;
    const int flags = (df ? FIPSMOD_CTR_DRBG_DF : 0) | (pr ? FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE : 0);
    for (const Json& t : g.at("tests").array()) {
      const auto id = std::make_pair(g.at("tgId").integer(), t.at("tcId").integer());
      const std::string where = "tgId " + std::to_string(id.first) + " tcId " + std::to_string(id.second);
      ASSERT_EQ(answers.count(id), 1u) << where;
      // The C API.
      Drbg d;
      ASSERT_EQ(d.instantiate(flags, t.hex("entropyInput"), t.hex("nonce"), t.hex("persoString")), FIPSMOD_OK) << where;
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
      Bytes out(out_len);
      for (const Json& step : t.at("otherInput").array()) {
        const Bytes entropy = step.hex("entropyInput"), additional = step.hex("additionalInput");
        if (!additional.empty()) ++with_additional;
        if (step.at("intendedUse").string() == "reSeed") {
          ASSERT_EQ(fipsmod_ctr_drbg_reseed(&d.ctx, entropy.data(), entropy.size(), additional.data(), additional.size()),
                    FIPSMOD_OK)
              << where;
        } else {
          ASSERT_EQ(d.generate(out, additional, pr ? entropy : Bytes{}), FIPSMOD_OK) << where;
        }
        EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
      }
      EXPECT_EQ(out, answers[id]) << where;
      // The C++ wrapper.
      fipsmod::CtrDrbg cpp(t.hex("entropyInput"), t.hex("nonce"), t.hex("persoString"), {df, pr});
      Bytes cpp_out;
      for (const Json& step : t.at("otherInput").array()) {
        if (step.at("intendedUse").string() == "reSeed") {
          cpp.reseed(step.hex("entropyInput"), step.hex("additionalInput"));
        } else {
          cpp_out = cpp.generate(out_len, step.hex("additionalInput"), pr ? step.hex("entropyInput") : Bytes{});
        }
      }
      EXPECT_EQ(cpp_out, answers[id]) << where;
      ++(df ? with_df : without_df);
    }
  }
  EXPECT_EQ(with_df, 4);
  EXPECT_EQ(without_df, 4);
  EXPECT_GT(with_additional, 0);
}

// With prediction resistance, a generate is a reseed with its entropy and
// additional input, then a generate without additional input (§9.3.1 step
// 7); the reseed counter is then fresh, so the interval never binds.
TEST(CtrDrbgCApi, PredictionResistanceIsReseedThenGenerate) {
  for (const bool df : {true, false}) {
    const int flags = df ? FIPSMOD_CTR_DRBG_DF : 0;
    const Bytes entropy = df ? kEntropy32 : kEntropy48, nonce = df ? kNonce : Bytes{};
    Drbg pr, plain;
    ASSERT_EQ(pr.instantiate(flags | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE, entropy, nonce, kPers), FIPSMOD_OK);
    ASSERT_EQ(plain.instantiate(flags, entropy, nonce, kPers), FIPSMOD_OK);
    for (std::size_t i = 0; i < 4; ++i) {
      const Bytes fresh(df ? 40 + i : 48, static_cast<std::uint8_t>(0x70 + i)), additional(i * 7, 0x41);
      Bytes a(33 + i), b(33 + i);
      if (i == 3) {
        ASSERT_EQ(fipsmod::drbg::set_reseed_counter_for_testing(&pr.ctx, fipsmod::drbg::reseed_interval + 1),
                  fipsmod::internal::Status::ok);
      }
      ASSERT_EQ(pr.generate(a, additional, fresh), FIPSMOD_OK) << df << " " << i;
      ASSERT_EQ(fipsmod_ctr_drbg_reseed(&plain.ctx, fresh.data(), fresh.size(), additional.data(), additional.size()),
                FIPSMOD_OK);
      ASSERT_EQ(plain.generate(b), FIPSMOD_OK);
      EXPECT_EQ(a, b) << df << " " << i;
    }
  }
}

// An independent answer for prediction resistance: OpenSSL 3.0's EVP_RAND
// CTR-DRBG (AES-256-CTR, derivation function, instantiated with prediction
// resistance under a TEST-RAND parent that gives each entropy input),
// computed once outside the tree: instantiate(entropy 0x00..0x2f, nonce
// 0x80..0x8f, personalisation "fipsmod"), then two generates of 40 bytes,
// the first with entropy 0x30..0x5f and additional input "one", the second
// with entropy 0x60..0x8f and none; the answer is the second output.
TEST(CtrDrbgCApi, PredictionResistanceOpenSslVector) {
  Bytes entropy(48), nonce(16), pr1(48), pr2(48);
  for (std::size_t i = 0; i < 48; ++i) {
    entropy[i] = static_cast<std::uint8_t>(i);
    pr1[i] = static_cast<std::uint8_t>(0x30 + i);
    pr2[i] = static_cast<std::uint8_t>(0x60 + i);
  }
  for (std::size_t i = 0; i < 16; ++i) nonce[i] = static_cast<std::uint8_t>(0x80 + i);
  const Bytes pers{'f', 'i', 'p', 's', 'm', 'o', 'd'}, one{'o', 'n', 'e'};
  Drbg d;
  ASSERT_EQ(d.instantiate(FIPSMOD_CTR_DRBG_DF | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE, entropy, nonce, pers), FIPSMOD_OK);
  Bytes out(40);
  ASSERT_EQ(d.generate(out, one, pr1), FIPSMOD_OK);
  ASSERT_EQ(d.generate(out, {}, pr2), FIPSMOD_OK);
  EXPECT_EQ(fipsmod::testing::to_hex(out), "f0969f5ef5bdada1b12b95310907c227037a7d3c2f1f3262a3b26c296e9ebd324a636f82ea3fa086");
}

// Each error leaves the output and the context as they were, clears the
// indicator, and is the status the header names.
struct Unchanged {
  Drbg& d;
  Bytes& out;
  Bytes ctx_before, out_before;
  Unchanged(Drbg& drbg, Bytes& o) : d(drbg), out(o), ctx_before(drbg.bytes()), out_before(o) {}
  void check(int got, int want, const char* what) {
    EXPECT_EQ(got, want) << what;
    EXPECT_EQ(d.bytes(), ctx_before) << what << ": the context changed";
    EXPECT_EQ(out, out_before) << what << ": the output was written";
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED) << what;
  }
};

TEST(CtrDrbgCApi, InstantiateErrorsWriteNothing) {
  Drbg d;
  Bytes out(16, 0xaa);
  ASSERT_EQ(d.instantiate(FIPSMOD_CTR_DRBG_DF, kEntropy32, kNonce, kPers), FIPSMOD_OK);
  Unchanged u(d, out);
  const Bytes e31(31, 1), e47(47, 1), e49(49, 1), n15(15, 2), p49(49, 3), n1(1, 2);
  const auto inst = [&](int flags, const Bytes& e, const Bytes& n, const Bytes& p) { return d.instantiate(flags, e, n, p); };
  const int df = FIPSMOD_CTR_DRBG_DF;
  u.check(fipsmod_ctr_drbg_instantiate(nullptr, df, kEntropy32.data(), 32, kNonce.data(), 16, nullptr, 0),
          FIPSMOD_ERR_NULL_ARGUMENT, "null ctx");
  u.check(fipsmod_ctr_drbg_instantiate(&d.ctx, df, nullptr, 32, kNonce.data(), 16, nullptr, 0), FIPSMOD_ERR_NULL_ARGUMENT,
          "null entropy");
  u.check(fipsmod_ctr_drbg_instantiate(&d.ctx, df, kEntropy32.data(), 32, nullptr, 16, nullptr, 0),
          FIPSMOD_ERR_NULL_ARGUMENT, "null nonce");
  u.check(fipsmod_ctr_drbg_instantiate(&d.ctx, df, kEntropy32.data(), 32, kNonce.data(), 16, nullptr, 1),
          FIPSMOD_ERR_NULL_ARGUMENT, "null personalisation");
  u.check(inst(4, kEntropy32, kNonce, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "unknown flag");
  u.check(inst(-1, kEntropy32, kNonce, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "every flag");
  u.check(inst(df, e31, kNonce, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "df: 31-byte entropy");
  u.check(inst(df, kEntropy32, n15, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "df: 15-byte nonce");
  u.check(inst(df, kEntropy32, {}, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "df: no nonce");
  u.check(inst(0, e47, {}, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "no df: 47-byte entropy");
  u.check(inst(0, e49, {}, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "no df: 49-byte entropy");
  u.check(inst(0, kEntropy48, n1, kPers), FIPSMOD_ERR_INVALID_ARGUMENT, "no df: a nonce");
  u.check(inst(0, kEntropy48, {}, p49), FIPSMOD_ERR_INVALID_ARGUMENT, "no df: 49-byte personalisation");
  // What goes through the derivation function must fit its 32-bit length
  // (checked before anything is read: these lengths are far past the
  // buffers).
  const std::size_t big = std::size_t{1} << 32;
  u.check(fipsmod_ctr_drbg_instantiate(&d.ctx, df, kEntropy32.data(), big, kNonce.data(), 16, nullptr, 0),
          FIPSMOD_ERR_INVALID_ARGUMENT, "df: 2^32-byte entropy");
  u.check(fipsmod_ctr_drbg_instantiate(&d.ctx, df, kEntropy32.data(), 32, kNonce.data(), 16, kPers.data(), big - 48),
          FIPSMOD_ERR_INVALID_ARGUMENT, "df: 2^32 bytes in all");
  // At each limit it works.
  EXPECT_EQ(inst(df, Bytes(32, 1), Bytes(16, 2), {}), FIPSMOD_OK);
  EXPECT_EQ(inst(0, kEntropy48, {}, Bytes(48, 3)), FIPSMOD_OK);
}

TEST(CtrDrbgCApi, ReseedAndGenerateErrorsWriteNothing) {
  for (const int flags : {FIPSMOD_CTR_DRBG_DF, 0}) {
    const bool df = flags != 0;
    Drbg d;
    Bytes out(64, 0xaa);
    ASSERT_EQ(d.instantiate(flags, df ? kEntropy32 : kEntropy48, df ? kNonce : Bytes{}, kPers), FIPSMOD_OK);
    Unchanged u(d, out);
    const Bytes a49(49, 4), e31(31, 1), e47(47, 1);
    u.check(fipsmod_ctr_drbg_reseed(nullptr, kEntropy48.data(), 48, nullptr, 0), FIPSMOD_ERR_NULL_ARGUMENT, "reseed null ctx");
    u.check(fipsmod_ctr_drbg_reseed(&d.ctx, nullptr, 48, nullptr, 0), FIPSMOD_ERR_NULL_ARGUMENT, "reseed null entropy");
    u.check(fipsmod_ctr_drbg_reseed(&d.ctx, kEntropy48.data(), 48, nullptr, 3), FIPSMOD_ERR_NULL_ARGUMENT,
            "reseed null additional");
    u.check(fipsmod_ctr_drbg_reseed(&d.ctx, (df ? e31 : e47).data(), df ? 31 : 47, nullptr, 0), FIPSMOD_ERR_INVALID_ARGUMENT,
            "reseed short entropy");
    if (!df) {
      u.check(fipsmod_ctr_drbg_reseed(&d.ctx, kEntropy48.data(), 48, a49.data(), 49), FIPSMOD_ERR_INVALID_ARGUMENT,
              "reseed 49-byte additional");
      u.check(d.generate(out, a49), FIPSMOD_ERR_INVALID_ARGUMENT, "generate 49-byte additional");
    }
    u.check(fipsmod_ctr_drbg_generate(nullptr, nullptr, 0, nullptr, 0, out.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT,
            "generate null ctx");
    u.check(fipsmod_ctr_drbg_generate(&d.ctx, nullptr, 0, nullptr, 0, nullptr, 16), FIPSMOD_ERR_NULL_ARGUMENT,
            "generate null out");
    u.check(fipsmod_ctr_drbg_generate(&d.ctx, nullptr, 0, nullptr, 5, out.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT,
            "generate null additional");
    u.check(fipsmod_ctr_drbg_generate(&d.ctx, nullptr, 5, nullptr, 0, out.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT,
            "generate null entropy");
    u.check(d.generate(out, {}, kEntropy48), FIPSMOD_ERR_INVALID_ARGUMENT, "generate: entropy without prediction resistance");
    Bytes big(FIPSMOD_CTR_DRBG_MAX_REQUEST + 1, 0xaa);
    Unchanged ub(d, big);
    ub.check(d.generate(big), FIPSMOD_ERR_INVALID_ARGUMENT, "generate 65537 bytes");
    // Overlaps: the output with the context or an input; an input inside
    // the context.
    const auto* ctx_bytes = reinterpret_cast<std::uint8_t*>(&d.ctx);
    u.check(fipsmod_ctr_drbg_generate(&d.ctx, nullptr, 0, nullptr, 0, reinterpret_cast<std::uint8_t*>(&d.ctx) + 100, 16),
            FIPSMOD_ERR_INVALID_OVERLAP, "out inside ctx");
    u.check(fipsmod_ctr_drbg_generate(&d.ctx, nullptr, 0, out.data() + 8, 8, out.data(), 16), FIPSMOD_ERR_INVALID_OVERLAP,
            "out over additional");
    u.check(fipsmod_ctr_drbg_generate(&d.ctx, nullptr, 0, ctx_bytes + 8, 8, out.data(), 16), FIPSMOD_ERR_INVALID_OVERLAP,
            "additional inside ctx");
    u.check(fipsmod_ctr_drbg_reseed(&d.ctx, ctx_bytes, df ? 32 : 48, nullptr, 0), FIPSMOD_ERR_INVALID_OVERLAP,
            "reseed entropy inside ctx");
    u.check(fipsmod_ctr_drbg_reseed(&d.ctx, kEntropy48.data(), df ? 32 : 48, ctx_bytes + 600, 8),
            FIPSMOD_ERR_INVALID_OVERLAP, "reseed additional inside ctx");
  }
}

TEST(CtrDrbgCApi, PredictionResistanceErrorsWriteNothing) {
  Drbg d;
  Bytes out(64, 0xaa);
  ASSERT_EQ(d.instantiate(FIPSMOD_CTR_DRBG_DF | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE, kEntropy32, kNonce, kPers),
            FIPSMOD_OK);
  Unchanged u(d, out);
  u.check(d.generate(out), FIPSMOD_ERR_INVALID_ARGUMENT, "no entropy");
  u.check(d.generate(out, {}, Bytes(31, 1)), FIPSMOD_ERR_INVALID_ARGUMENT, "31-byte entropy");
  u.check(fipsmod_ctr_drbg_generate(&d.ctx, out.data() + 16, 32, nullptr, 0, out.data(), 32), FIPSMOD_ERR_INVALID_OVERLAP,
          "out over entropy");
  // The request's length is checked before the reseed would change the
  // state.
  Bytes big(FIPSMOD_CTR_DRBG_MAX_REQUEST + 1, 0xaa);
  Unchanged ub(d, big);
  ub.check(d.generate(big, {}, kEntropy32), FIPSMOD_ERR_INVALID_ARGUMENT, "65537 bytes");
  Bytes max(FIPSMOD_CTR_DRBG_MAX_REQUEST);
  EXPECT_EQ(d.generate(max, {}, kEntropy32), FIPSMOD_OK);
}

TEST(CtrDrbgCApi, UninitializedAndCleansedContextsAreRefused) {
  Drbg d;
  Bytes out(16, 0xaa);
  Unchanged u(d, out);
  u.check(d.generate(out), FIPSMOD_ERR_CTX_UNINITIALIZED, "never instantiated");
  u.check(fipsmod_ctr_drbg_reseed(&d.ctx, kEntropy48.data(), 48, nullptr, 0), FIPSMOD_ERR_CTX_UNINITIALIZED,
          "reseed never instantiated");
  ASSERT_EQ(d.instantiate(FIPSMOD_CTR_DRBG_DF, kEntropy32, kNonce, kPers), FIPSMOD_OK);
  ASSERT_EQ(d.generate(out), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_ctr_drbg_cleanse(&d.ctx), FIPSMOD_OK);
  const Bytes after = d.bytes();
  EXPECT_TRUE(std::all_of(after.begin(), after.end(), [](std::uint8_t b) { return b == 0; })) << "cleanse left a byte";
  Bytes out2 = out;
  Unchanged u2(d, out2);
  u2.check(d.generate(out2), FIPSMOD_ERR_CTX_UNINITIALIZED, "cleansed");
  EXPECT_EQ(fipsmod_ctr_drbg_cleanse(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

// The C++ object's destructor zeroises its context.
TEST(CtrDrbgCpp, DestructorZeroises) {
  alignas(fipsmod::CtrDrbg) std::uint8_t storage[sizeof(fipsmod::CtrDrbg)];
  auto* d = new (storage) fipsmod::CtrDrbg(kEntropy32, kNonce);
  (void)d->generate(16);
  EXPECT_FALSE(std::all_of(storage, storage + sizeof storage, [](std::uint8_t b) { return b == 0; }));
  d->~CtrDrbg();
  EXPECT_TRUE(std::all_of(storage, storage + sizeof storage, [](std::uint8_t b) { return b == 0; }));
}

TEST(CtrDrbgCpp, ThrowsTheStatus) {
  try {
    fipsmod::CtrDrbg d(Bytes(31, 1), kNonce);
    FAIL() << "a 31-byte entropy input was taken";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_INVALID_ARGUMENT);
  }
}

// After reseed_interval generates since the last (re)seed, generate
// refuses until a reseed (the test hook sets the counter near the limit).
TEST(CtrDrbgCApi, ReseedRequiredAtTheInterval) {
  for (const int flags : {FIPSMOD_CTR_DRBG_DF, 0}) {
    const bool df = flags != 0;
    Drbg d;
    ASSERT_EQ(d.instantiate(flags, df ? kEntropy32 : kEntropy48, df ? kNonce : Bytes{}, kPers), FIPSMOD_OK);
    ASSERT_EQ(fipsmod::drbg::set_reseed_counter_for_testing(&d.ctx, fipsmod::drbg::reseed_interval),
              fipsmod::internal::Status::ok);
    Bytes out(16, 0xaa);
    EXPECT_EQ(d.generate(out), FIPSMOD_OK) << "the 2^48th request";
    Bytes again(16, 0xbb);
    Unchanged u(d, again);
    u.check(d.generate(again), FIPSMOD_ERR_RESEED_REQUIRED, "the 2^48 + 1st request");
    u.check(d.generate(again, Bytes(8, 1)), FIPSMOD_ERR_RESEED_REQUIRED, "with additional input");
    ASSERT_EQ(fipsmod_ctr_drbg_reseed(&d.ctx, kEntropy48.data(), df ? 32 : 48, nullptr, 0), FIPSMOD_OK);
    EXPECT_EQ(d.generate(again), FIPSMOD_OK);
  }
  EXPECT_NE(fipsmod_strerror(FIPSMOD_ERR_RESEED_REQUIRED), fipsmod_strerror(-9999));
}

// An input inside the context is read before the context is written.
TEST(CtrDrbgCApi, InstantiateFromBytesOfTheContextItself) {
  Drbg d, copy;
  ASSERT_EQ(d.instantiate(FIPSMOD_CTR_DRBG_DF, kEntropy32, kNonce, kPers), FIPSMOD_OK);
  const Bytes before = d.bytes();
  const Bytes entropy(before.begin() + 100, before.begin() + 148);
  ASSERT_EQ(fipsmod_ctr_drbg_instantiate(&d.ctx, 0, reinterpret_cast<std::uint8_t*>(&d.ctx) + 100, 48, nullptr, 0,
                                         nullptr, 0),
            FIPSMOD_OK);
  ASSERT_EQ(copy.instantiate(0, entropy, {}, {}), FIPSMOD_OK);
  EXPECT_EQ(d.bytes(), copy.bytes());
}

}  // namespace
