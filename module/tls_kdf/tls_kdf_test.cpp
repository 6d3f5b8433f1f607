// The TLS key derivations on every usable kernel of their hash: the TLS 1.2
// PRF against Botan's vectors (tls12_prf.vec), HKDF-Expand-Label against
// Botan's and OpenSSL's (tls13_kdf.vec) and RFC 8448 §3's simple 1-RTT
// handshake, whose whole key schedule is rebuilt here from its ECDHE
// secret with HKDF-Extract and Derive-Secret; the C and C++ APIs, their
// limits and refusals, and the indicator.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <fipsmod/hkdf.h>
#include <fipsmod/tls_kdf.hpp>

#include "internal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::tls_kdf {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

Bytes unhex(const std::string& h) {
  Bytes b;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2) b.push_back(static_cast<std::uint8_t>(std::stoi(h.substr(i, 2), nullptr, 16)));
  return b;
}

struct Case {
  Bytes secret, label, seed;  // seed: TLS 1.2's seed, TLS 1.3's context
  std::string out, section;
};

std::vector<Case> cases(const char* file, const char* seed_field) {
  std::vector<Case> c;
  for (const testing::Vector& v : load_vectors(file)) {
    c.push_back({v.bytes("Secret"), v.bytes("Label"), v.bytes(seed_field), v.text("Out"), v.section});
  }
  return c;
}
const std::vector<Case>& tls12_cases() {
  static const auto all = cases("tls12_prf.vec", "Seed");
  return all;
}
const std::vector<Case>& tls13_cases() {
  static const auto all = cases("tls13_kdf.vec", "Context");
  return all;
}

template <class H>
std::size_t check_tls12(const typename H::Kernel& k, const std::string& section) {
  std::size_t n = 0;
  for (const Case& c : tls12_cases()) {
    if (c.section != section) continue;
    Bytes out(c.out.size() / 2);
    prf<H>(k, c.secret, c.label, c.seed, out);
    EXPECT_EQ(to_hex(out), c.out) << section << " secret " << c.secret.size() << " seed " << c.seed.size();
    ++n;
  }
  return n;
}

template <class H>
std::size_t check_tls13(const typename H::Kernel& k, const std::string& section) {
  std::size_t n = 0;
  for (const Case& c : tls13_cases()) {
    if (c.section != section) continue;
    Bytes out(c.out.size() / 2);
    expand_label<H>(k, c.secret, c.label, c.seed, out);
    EXPECT_EQ(to_hex(out), c.out) << section << " label " << std::string(c.label.begin(), c.label.end());
    if (c.seed.size() == H::size && out.size() == H::size) {  // the same as Derive-Secret
      std::array<std::uint8_t, H::size> d;
      derive_secret<H>(k, c.secret, c.label, std::span<const std::uint8_t, H::size>(c.seed.data(), H::size), d);
      EXPECT_EQ(to_hex(d), c.out) << section;
    }
    ++n;
  }
  return n;
}

class TlsSha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(TlsSha256Kernel, Vectors) {
  EXPECT_EQ(check_tls12<sha256::Sha256>(*GetParam(), "TLS-12-PRF(SHA-256)"), 24u);
  EXPECT_EQ(check_tls13<sha256::Sha256>(*GetParam(), "TLS13-Expand-Label(SHA-256)"), 41u);
  EXPECT_EQ(check_tls13<sha256::Sha256>(*GetParam(), "RFC8448(SHA-256)"), 12u);
}

INSTANTIATE_TEST_SUITE_P(Usable, TlsSha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class TlsSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(TlsSha512Kernel, Vectors) {
  EXPECT_EQ(check_tls12<sha512::Sha384>(*GetParam(), "TLS-12-PRF(SHA-384)"), 24u);
  EXPECT_EQ(check_tls12<sha512::Sha512>(*GetParam(), "TLS-12-PRF(SHA-512)"), 24u);
  EXPECT_EQ(check_tls13<sha512::Sha384>(*GetParam(), "TLS13-Expand-Label(SHA-384)"), 41u);
}

INSTANTIATE_TEST_SUITE_P(Usable, TlsSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

// RFC 8448 §3, the simple 1-RTT handshake: the whole schedule from the
// ECDHE shared secret and the transcript hashes the trace prints, through
// the public C API (HKDF-Extract from <fipsmod/hkdf.h>, Derive-Secret and
// HKDF-Expand-Label from <fipsmod/tls_kdf.h>), each step held to the
// value the trace prints.
TEST(Tls13Rfc8448, SimpleOneRttHandshakeSchedule) {
  const Bytes zeros(32, 0), empty_hash = unhex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const Bytes ecdhe = unhex("8bd4054fb55b9d63fdfbacf9f04b9f0d35e6d63f537563efd46272900f89492d");
  const Bytes ch_sh = unhex("860c06edc07858ee8e78f0e7428c58edd6b43f2ca3e6e95f02ed063cf0e1cad8");
  const Bytes ch_sf = unhex("9608102a0f1ccc6db6250b7b7e417b1a000eaada3daae4777a7686c9ff83df13");
  const Bytes ch_cf = unhex("209145a96ee8e2a122ff810047cc952684658d6049e86429426db87c54ad143d");
  std::array<std::uint8_t, 32> early, derived, handshake, master, s;
  const auto derive = [&](const std::array<std::uint8_t, 32>& secret, const char* label, const Bytes& hash) {
    std::array<std::uint8_t, 32> out{};
    EXPECT_EQ(fipsmod_tls13_sha256_derive_secret(secret.data(), secret.size(), label, std::strlen(label), hash.data(),
                                                 out.data()),
              FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    return out;
  };
  // extract secret "early": salt 0, IKM 32 zero bytes (no PSK)
  ASSERT_EQ(fipsmod_hkdf_sha256_extract(zeros.data(), 32, nullptr, 0, early.data()), FIPSMOD_OK);
  EXPECT_EQ(to_hex(early), "33ad0a1c607ec03b09e6cd9893680ce210adf300aa1f2660e1b22e10f170f92a");
  derived = derive(early, "derived", empty_hash);
  EXPECT_EQ(to_hex(derived), "6f2615a108c702c5678f54fc9dbab69716c076189c48250cebeac3576c3611ba");
  ASSERT_EQ(fipsmod_hkdf_sha256_extract(ecdhe.data(), 32, derived.data(), 32, handshake.data()), FIPSMOD_OK);
  EXPECT_EQ(to_hex(handshake), "1dc826e93606aa6fdc0aadc12f741b01046aa6b99f691ed221a9f0ca043fbeac");
  const auto c_hs = derive(handshake, "c hs traffic", ch_sh);
  EXPECT_EQ(to_hex(c_hs), "b3eddb126e067f35a780b3abf45e2d8f3b1a950738f52e9600746a0e27a55a21");
  s = derive(handshake, "s hs traffic", ch_sh);
  EXPECT_EQ(to_hex(s), "b67b7d690cc16c4e75e54213cb2d37b4e9c912bcded9105d42befd59d391ad38");
  std::array<std::uint8_t, 16> key;
  std::array<std::uint8_t, 12> iv;
  ASSERT_EQ(fipsmod_tls13_sha256_expand_label(s.data(), 32, "key", 3, nullptr, 0, key.data(), key.size()), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_tls13_sha256_expand_label(s.data(), 32, "iv", 2, nullptr, 0, iv.data(), iv.size()), FIPSMOD_OK);
  EXPECT_EQ(to_hex(key), "3fce516009c21727d0f2e4e86ee403bc");
  EXPECT_EQ(to_hex(iv), "5d313eb2671276ee13000b30");
  derived = derive(handshake, "derived", empty_hash);
  ASSERT_EQ(fipsmod_hkdf_sha256_extract(zeros.data(), 32, derived.data(), 32, master.data()), FIPSMOD_OK);
  EXPECT_EQ(to_hex(master), "18df06843d13a08bf2a449844c5f8a478001bc4d4c627984d5a41da8d0402919");
  EXPECT_EQ(to_hex(derive(master, "c ap traffic", ch_sf)), "9e40646ce79a7f9dc05af8889bce6552875afa0b06df0087f792ebb7c17504a5");
  EXPECT_EQ(to_hex(derive(master, "s ap traffic", ch_sf)), "a11af9f05531f856ad47116b45a950328204b4f44bfb6b3a4b4f1f3fcb631643");
  EXPECT_EQ(to_hex(derive(master, "exp master", ch_sf)), "fe22f881176eda18eb8f44529e6792c50c9a3f89452f68d8ae311b4309d3cf50");
  const auto res = derive(master, "res master", ch_cf);
  EXPECT_EQ(to_hex(res), "7df235f2031d2a051287d02b0241b0bfdaf86cc856231f2d5aba46c434ec196c");
  // The ticket's PSK (RFC 8446 §4.6.1, nonce 00 00), the IKM of RFC 8448 §4's resumed handshake.
  std::array<std::uint8_t, 32> psk;
  const std::uint8_t nonce[2] = {0, 0};
  ASSERT_EQ(fipsmod_tls13_sha256_expand_label(res.data(), 32, "resumption", 10, nonce, 2, psk.data(), 32), FIPSMOD_OK);
  EXPECT_EQ(to_hex(psk), "4ecd0eb6ec3b4d87f5d6028f922ca4c5851a277fd41311c9e62d2c9492e1c4f3");
  // The same through the C++ API.
  sha256::Sum hash;
  std::copy(ch_sh.begin(), ch_sh.end(), hash.begin());
  EXPECT_EQ(to_hex(tls13::derive_secret<sha256::Digest>(handshake, "c hs traffic", hash)), to_hex(c_hs));
}

struct Tls12Api {
  const char* hash;
  int (*prf)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
};
const Tls12Api kTls12[] = {{"TLS-12-PRF(SHA-256)", fipsmod_tls12_prf_sha256},
                           {"TLS-12-PRF(SHA-384)", fipsmod_tls12_prf_sha384},
                           {"TLS-12-PRF(SHA-512)", fipsmod_tls12_prf_sha512}};

TEST(Tls12CApi, EveryVectorApprovedAndTheExtendedMasterSecretIsALabel) {
  std::size_t n = 0;
  for (const Tls12Api& api : kTls12) {
    for (const Case& c : tls12_cases()) {
      if (c.section != api.hash) continue;
      Bytes out(c.out.size() / 2);
      ASSERT_EQ(api.prf(c.secret.data(), c.secret.size(), c.label.data(), c.label.size(), c.seed.data(), c.seed.size(),
                        out.data(), out.size()),
                FIPSMOD_OK);
      EXPECT_EQ(to_hex(out), c.out) << c.section;
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
      n += std::string(c.label.begin(), c.label.end()) == "extended master secret";
    }
  }
  EXPECT_GT(n, 10u) << "the vectors have RFC 7627's label";
}

TEST(Tls12CApi, RefusesNullWithALengthAndAnOutputOverTheLabelOrSeed) {
  for (const Tls12Api& api : kTls12) {
    Bytes buf(300, 0x44);
    const Bytes was = buf;
    EXPECT_EQ(api.prf(nullptr, 1, "a", 1, buf.data(), 1, buf.data() + 100, 10), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.prf(buf.data(), 1, nullptr, 1, buf.data(), 1, buf.data() + 100, 10), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.prf(buf.data(), 1, "a", 1, nullptr, 1, buf.data() + 100, 10), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.prf(buf.data(), 1, "a", 1, buf.data(), 1, nullptr, 10), FIPSMOD_ERR_NULL_ARGUMENT);
    // label at 50..59, seed at 60..99: an output touching either is refused.
    for (const std::size_t at : {41u, 59u, 95u, 99u}) {
      EXPECT_EQ(api.prf(buf.data(), 48, buf.data() + 50, 10, buf.data() + 60, 40, buf.data() + at, 10),
                FIPSMOD_ERR_INVALID_OVERLAP) << api.hash << " at " << at;
    }
    EXPECT_EQ(buf, was) << api.hash << ": a refused call wrote";
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
    // An output over the secret (read first, whole) or next to the label and seed is fine.
    Bytes want(40);
    ASSERT_EQ(api.prf(was.data(), 48, was.data() + 50, 10, was.data() + 60, 40, want.data(), 40), FIPSMOD_OK);
    ASSERT_EQ(api.prf(buf.data(), 48, buf.data() + 50, 10, buf.data() + 60, 40, buf.data() + 5, 40), FIPSMOD_OK);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.begin() + 5)) << api.hash;
    buf = was;
    ASSERT_EQ(api.prf(buf.data(), 48, buf.data() + 50, 10, buf.data() + 60, 40, buf.data() + 100, 40), FIPSMOD_OK);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.begin() + 100)) << api.hash;
    EXPECT_EQ(api.prf(nullptr, 0, nullptr, 0, nullptr, 0, nullptr, 0), FIPSMOD_OK);
  }
}

struct Tls13Api {
  const char* hash;
  std::size_t size;
  int (*expand_label)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
  int (*derive_secret)(const void*, size_t, const void*, size_t, const uint8_t*, uint8_t*) noexcept;
};
const Tls13Api kTls13[] = {
    {"TLS13-Expand-Label(SHA-256)", 32, fipsmod_tls13_sha256_expand_label, fipsmod_tls13_sha256_derive_secret},
    {"TLS13-Expand-Label(SHA-384)", 48, fipsmod_tls13_sha384_expand_label, fipsmod_tls13_sha384_derive_secret}};

TEST(Tls13CApi, EveryVectorAndTheLimits) {
  for (const Tls13Api& api : kTls13) {
    for (const Case& c : tls13_cases()) {
      if (c.section != api.hash) continue;
      Bytes out(c.out.size() / 2);
      ASSERT_EQ(api.expand_label(c.secret.data(), c.secret.size(), c.label.data(), c.label.size(), c.seed.data(),
                                 c.seed.size(), out.data(), out.size()),
                FIPSMOD_OK);
      EXPECT_EQ(to_hex(out), c.out) << c.section;
      EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    }
    const Bytes big(300, 0x61), secret(api.size, 7), hash(api.size, 9);
    Bytes out(255 * api.size + 1, 0xee);
    const Bytes was = out;
    // Label 249 bytes ("tls13 " + it: 255), context 255, 255 * HashLen out: taken; one more: refused.
    EXPECT_EQ(api.expand_label(secret.data(), secret.size(), big.data(), 249, big.data(), 255, out.data(), 16), FIPSMOD_OK);
    EXPECT_EQ(api.expand_label(secret.data(), secret.size(), big.data(), 1, big.data(), 0, out.data(), 255 * api.size), FIPSMOD_OK);
    EXPECT_EQ(out.back(), 0xee);
    out = was;
    EXPECT_EQ(api.expand_label(secret.data(), secret.size(), big.data(), 250, big.data(), 0, out.data(), 16),
              FIPSMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(api.expand_label(secret.data(), secret.size(), big.data(), 5, big.data(), 256, out.data(), 16),
              FIPSMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(api.expand_label(secret.data(), secret.size(), big.data(), 5, big.data(), 0, out.data(), 255 * api.size + 1),
              FIPSMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(api.derive_secret(secret.data(), secret.size(), big.data(), 250, hash.data(), out.data()),
              FIPSMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(api.expand_label(nullptr, 1, "a", 1, nullptr, 0, out.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.expand_label(secret.data(), 1, nullptr, 1, nullptr, 0, out.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.expand_label(secret.data(), 1, "a", 1, nullptr, 1, out.data(), 16), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.expand_label(secret.data(), 1, "a", 1, nullptr, 0, nullptr, 16), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.derive_secret(secret.data(), 1, "a", 1, nullptr, out.data()), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.derive_secret(secret.data(), 1, "a", 1, hash.data(), nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(out, was) << api.hash << ": a refused call wrote";
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
    // An output over every input gets what it gets over none.
    Bytes buf(400);
    for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<std::uint8_t>(i * 5 + 3);
    const Bytes orig = buf;
    Bytes want(100);
    ASSERT_EQ(api.expand_label(orig.data(), api.size, orig.data() + 50, 20, orig.data() + 80, 60, want.data(), 100), FIPSMOD_OK);
    ASSERT_EQ(api.expand_label(buf.data(), api.size, buf.data() + 50, 20, buf.data() + 80, 60, buf.data() + 10, 100), FIPSMOD_OK);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.begin() + 10)) << api.hash;
    buf = orig;
    ASSERT_EQ(api.derive_secret(orig.data(), api.size, orig.data() + 50, 20, orig.data() + 80, want.data()), FIPSMOD_OK);
    ASSERT_EQ(api.derive_secret(buf.data(), api.size, buf.data() + 50, 20, buf.data() + 80, buf.data() + 60), FIPSMOD_OK);
    EXPECT_TRUE(std::equal(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(api.size), buf.begin() + 60)) << api.hash;
  }
}

// Approved-only mode refuses nothing here: every TLS derivation offered is
// approved (docs/services.md); the table's cases run them all in that mode
// (approved_only_process_test) and through the indicator.
TEST(TlsApproval, EveryOfferedDerivationIsApproved) {
  EXPECT_EQ(approval, internal::Approval::approved);
  const Bytes secret(1, 1);  // even a one-byte secret: TLS has no secret-length rule
  std::array<std::uint8_t, 64> out;
  for (const Tls12Api& api : kTls12) {
    ASSERT_EQ(api.prf(secret.data(), 1, "master secret", 13, nullptr, 0, out.data(), 48), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED) << api.hash;
  }
  for (const Tls13Api& api : kTls13) {
    ASSERT_EQ(api.expand_label(secret.data(), 1, "key", 3, nullptr, 0, out.data(), 16), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED) << api.hash;
  }
}

}  // namespace
}  // namespace fipsmod::tls_kdf
