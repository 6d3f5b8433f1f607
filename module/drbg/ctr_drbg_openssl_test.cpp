// The deterministic CTR_DRBG's C API against OpenSSL's EVP_RAND "CTR-DRBG"
// (AES-256-CTR) as a live oracle, its entropy input and nonce given through
// a "TEST-RAND" parent, as OpenSSL's own evp_test does: pseudo-random call
// sequences, with and without the derivation function and prediction
// resistance, of random lengths around and between every limit; every
// generate's output must be OpenSSL's.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <fipsmod/ctr_drbg.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

class OpenSslCtrDrbg {
 public:
  OpenSslCtrDrbg(bool df, bool pr) : pr_(pr) {
    test_ = EVP_RAND_fetch(nullptr, "TEST-RAND", nullptr);
    ctr_ = EVP_RAND_fetch(nullptr, "CTR-DRBG", nullptr);
    if (test_ == nullptr || ctr_ == nullptr) return;
    parent_ = EVP_RAND_CTX_new(test_, nullptr);
    unsigned int strength = 256;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength), OSSL_PARAM_END};
    ok_ = EVP_RAND_CTX_set_params(parent_, p) == 1 && EVP_RAND_instantiate(parent_, strength, 0, nullptr, 0, nullptr) == 1;
    drbg_ = EVP_RAND_CTX_new(ctr_, parent_);
    int use_df = df ? 1 : 0;
    unsigned int never = 0;  // no reseed of its own after so many requests
    char cipher[] = "AES-256-CTR";
    OSSL_PARAM d[] = {OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER, cipher, 0),
                      OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, &use_df),
                      OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, &never), OSSL_PARAM_END};
    ok_ = ok_ && drbg_ != nullptr && EVP_RAND_CTX_set_params(drbg_, d) == 1;
  }
  ~OpenSslCtrDrbg() {
    EVP_RAND_CTX_free(drbg_);
    EVP_RAND_CTX_free(parent_);
    EVP_RAND_free(ctr_);
    EVP_RAND_free(test_);
  }
  bool ok() const { return ok_; }
  bool instantiate(Bytes entropy, Bytes nonce, const Bytes& pers) {
    give(entropy, nonce);
    // A null personalisation string is OpenSSL's own default one: an empty
    // one must be passed as a pointer.
    static const std::uint8_t none = 0;
    return EVP_RAND_instantiate(drbg_, 256, pr_ ? 1 : 0, pers.empty() ? &none : pers.data(), pers.size(), nullptr) == 1;
  }
  bool reseed(Bytes entropy, const Bytes& additional) {
    give(entropy, {});
    return EVP_RAND_reseed(drbg_, 0, nullptr, 0, additional.data(), additional.size()) == 1;
  }
  bool generate(Bytes& out, const Bytes& additional, Bytes entropy_pr) {
    if (pr_) give(entropy_pr, {});
    return EVP_RAND_generate(drbg_, out.data(), out.size(), 256, pr_ ? 1 : 0, additional.data(), additional.size()) == 1;
  }

 private:
  void give(Bytes& entropy, Bytes nonce) {
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY, entropy.data(), entropy.size()),
                      OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_NONCE, nonce.data(), nonce.size()),
                      OSSL_PARAM_END};
    if (nonce.empty()) p[1] = OSSL_PARAM_construct_end();
    ok_ = ok_ && EVP_RAND_CTX_set_params(parent_, p) == 1;
  }

  bool pr_;
  bool ok_ = false;
  EVP_RAND *test_ = nullptr, *ctr_ = nullptr;
  EVP_RAND_CTX *parent_ = nullptr, *drbg_ = nullptr;
};

TEST(CtrDrbgOpenSsl, RandomSequencesAgree) {
  std::mt19937_64 rng(0x6374726472626721);  // fixed: the same sequences every run
  const auto uniform = [&](std::size_t lo, std::size_t hi) { return lo + rng() % (hi - lo + 1); };
  const auto bytes = [&](std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
  };
  // A length: mostly small, sometimes at a limit.
  const auto entropy_len = [&](bool df) { return df ? (rng() % 4 == 0 ? 32 : uniform(32, 120)) : 48; };
  const auto input_len = [&](bool df) { return df ? uniform(0, 130) : uniform(0, 48); };
  std::size_t generates = 0, bytes_compared = 0;
  for (int sequence = 0; sequence < 160; ++sequence) {
    const bool df = sequence % 2 == 0, pr = sequence % 4 >= 2;
    const std::string where = "sequence " + std::to_string(sequence) + (df ? " df" : " no df") + (pr ? " pr" : "");
    OpenSslCtrDrbg oracle(df, pr);
    ASSERT_TRUE(oracle.ok()) << "OpenSSL has no TEST-RAND or CTR-DRBG with AES-256-CTR";
    fipsmod_ctr_drbg_ctx ctx{};
    const Bytes entropy = bytes(entropy_len(df)), nonce = df ? bytes(uniform(16, 40)) : Bytes{}, pers = bytes(input_len(df));
    ASSERT_TRUE(oracle.instantiate(entropy, nonce, pers)) << where;
    const int flags = (df ? FIPSMOD_CTR_DRBG_DF : 0) | (pr ? FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE : 0);
    ASSERT_EQ(fipsmod_ctr_drbg_instantiate(&ctx, flags, entropy.data(), entropy.size(), nonce.data(), nonce.size(),
                                           pers.data(), pers.size()),
              FIPSMOD_OK)
        << where;
    const int steps = static_cast<int>(uniform(1, 8));
    for (int step = 0; step < steps; ++step) {
      const Bytes additional = bytes(rng() % 3 == 0 ? 0 : input_len(df));
      if (rng() % 4 == 0) {
        const Bytes fresh = bytes(entropy_len(df));
        ASSERT_TRUE(oracle.reseed(fresh, additional)) << where;
        ASSERT_EQ(fipsmod_ctr_drbg_reseed(&ctx, fresh.data(), fresh.size(), additional.data(), additional.size()),
                  FIPSMOD_OK)
            << where;
        continue;
      }
      // At least a byte: after a request of 0 bytes, OpenSSL's next output
      // is not SP 800-90A's (its outlen == 0 path moves V otherwise); the
      // plain model, which follows the specification step by step, holds
      // the module to it there (ctr_drbg_test.cpp, the fuzzer).
      const std::size_t n = rng() % 16 == 0 ? uniform(4000, 9000) : uniform(1, 600);
      const Bytes fresh = pr ? bytes(entropy_len(df)) : Bytes{};
      Bytes want(n), got(n);
      ASSERT_TRUE(oracle.generate(want, additional, fresh)) << where;
      ASSERT_EQ(fipsmod_ctr_drbg_generate(&ctx, fresh.data(), fresh.size(), additional.data(), additional.size(),
                                          got.data(), got.size()),
                FIPSMOD_OK)
          << where;
      ASSERT_EQ(got, want) << where << " step " << step << ": " << n << " bytes, additional " << additional.size();
      ++generates;
      bytes_compared += n;
    }
    fipsmod_ctr_drbg_cleanse(&ctx);
  }
  EXPECT_GT(generates, 300u);
  EXPECT_GT(bytes_compared, 200000u);
}

}  // namespace
