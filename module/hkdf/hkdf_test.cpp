// HKDF over every SHA-2 hash on every usable kernel of its hash: the Botan
// vectors (vectors/hkdf.vec, OpenSSL's for SHA-512/224) and RFC 5869's test
// cases 1-3; the C and C++ APIs with their argument errors (an output past
// 255 * HashLen, NULL with a length), overlapping arguments, and the
// approval rule at its boundary through the indicator.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <fipsmod/hkdf.hpp>

#include "internal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

namespace fipsmod::hkdf {
namespace {

using testing::load_vectors;
using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

struct Case {
  Bytes secret, salt, info;
  std::string prk, out;
  std::string section;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : load_vectors("hkdf.vec")) {
      c.push_back({v.bytes("Secret"), v.bytes("Salt"), v.bytes("Info"), v.text("PRK"), v.text("Out"), v.section});
    }
    return c;
  }();
  return all;
}

// The hash a section names: "HKDF(SHA-512/256)", "RFC5869(SHA-256)".
std::string hash_of(const Case& c) { return c.section.substr(c.section.find('(') + 1, c.section.find(')') - c.section.find('(') - 1); }

// PRK and OKM of a case on one kernel, through the internal functions.
template <class H>
std::pair<std::string, std::string> derive(const typename H::Kernel& k, const Case& c) {
  std::array<std::uint8_t, H::size> prk;
  extract<H>(k, c.secret, c.salt, prk);
  Bytes out(c.out.size() / 2), whole(c.out.size() / 2);
  expand<H>(k, prk, {c.info}, out);
  key<H>(k, c.secret, c.salt, c.info, whole);
  EXPECT_EQ(out, whole) << c.section;
  return {to_hex(prk), to_hex(out)};
}

template <class H>
std::size_t check_section(const typename H::Kernel& k, const std::string& hash) {
  std::size_t n = 0;
  for (const Case& c : cases()) {
    if (hash_of(c) != hash) continue;
    const auto [prk, out] = derive<H>(k, c);
    EXPECT_EQ(prk, c.prk) << c.section << " secret " << c.secret.size() << " salt " << c.salt.size();
    EXPECT_EQ(out, c.out) << c.section << " secret " << c.secret.size() << " salt " << c.salt.size() << " out "
                          << c.out.size() / 2;
    ++n;
  }
  return n;
}

class HkdfSha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(HkdfSha256Kernel, VectorsAndRfc5869) {
  EXPECT_EQ(check_section<sha256::Sha256>(*GetParam(), "SHA-256"), 25u + 3u);  // with RFC 5869's three
  EXPECT_EQ(check_section<sha256::Sha224>(*GetParam(), "SHA-224"), 25u);
  std::size_t rfc = 0;
  for (const Case& c : cases()) rfc += c.section == "RFC5869(SHA-256)";
  EXPECT_EQ(rfc, 3u);
}

INSTANTIATE_TEST_SUITE_P(Usable, HkdfSha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class HkdfSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(HkdfSha512Kernel, Vectors) {
  EXPECT_EQ(check_section<sha512::Sha512>(*GetParam(), "SHA-512"), 25u);
  EXPECT_EQ(check_section<sha512::Sha384>(*GetParam(), "SHA-384"), 25u);
  EXPECT_EQ(check_section<sha512::Sha512_224>(*GetParam(), "SHA-512/224"), 21u);  // no empty secret: see hkdf.vec
  EXPECT_EQ(check_section<sha512::Sha512_256>(*GetParam(), "SHA-512/256"), 25u);
}

INSTANTIATE_TEST_SUITE_P(Usable, HkdfSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

// The C functions of one hash, by name, for the tests below.
struct CApi {
  std::string hash;
  std::size_t size;
  int (*extract)(const void*, size_t, const void*, size_t, uint8_t*) noexcept;
  int (*expand)(const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
  int (*key)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
};
const std::vector<CApi>& c_apis() {
  static const std::vector<CApi> all = {
      {"SHA-256", 32, fipsmod_hkdf_sha256_extract, fipsmod_hkdf_sha256_expand, fipsmod_hkdf_sha256},
      {"SHA-224", 28, fipsmod_hkdf_sha224_extract, fipsmod_hkdf_sha224_expand, fipsmod_hkdf_sha224},
      {"SHA-512", 64, fipsmod_hkdf_sha512_extract, fipsmod_hkdf_sha512_expand, fipsmod_hkdf_sha512},
      {"SHA-384", 48, fipsmod_hkdf_sha384_extract, fipsmod_hkdf_sha384_expand, fipsmod_hkdf_sha384},
      {"SHA-512/224", 28, fipsmod_hkdf_sha512_224_extract, fipsmod_hkdf_sha512_224_expand, fipsmod_hkdf_sha512_224},
      {"SHA-512/256", 32, fipsmod_hkdf_sha512_256_extract, fipsmod_hkdf_sha512_256_expand, fipsmod_hkdf_sha512_256},
  };
  return all;
}

TEST(HkdfCApi, EveryVectorOfEveryHash) {
  std::size_t n = 0;
  for (const CApi& api : c_apis()) {
    for (const Case& c : cases()) {
      if (hash_of(c) != api.hash) continue;
      Bytes prk(api.size), out(c.out.size() / 2), whole(c.out.size() / 2);
      ASSERT_EQ(api.extract(c.secret.data(), c.secret.size(), c.salt.data(), c.salt.size(), prk.data()), FIPSMOD_OK);
      EXPECT_EQ(to_hex(prk), c.prk) << c.section;
      ASSERT_EQ(api.expand(prk.data(), prk.size(), c.info.data(), c.info.size(), out.data(), out.size()), FIPSMOD_OK);
      EXPECT_EQ(to_hex(out), c.out) << c.section;
      ASSERT_EQ(api.key(c.secret.data(), c.secret.size(), c.salt.data(), c.salt.size(), c.info.data(), c.info.size(),
                        whole.data(), whole.size()),
                FIPSMOD_OK);
      EXPECT_EQ(to_hex(whole), c.out) << c.section;
      ++n;
    }
  }
  EXPECT_EQ(n, cases().size());
}

TEST(HkdfCApi, OutputUpTo255BlocksAndNotOneBytePast) {
  const Bytes secret(32, 0x11), info(5, 0x22);
  for (const CApi& api : c_apis()) {
    const std::size_t max = 255 * api.size;
    Bytes out(max + 1, 0xee), prk(api.size);
    ASSERT_EQ(api.extract(secret.data(), secret.size(), nullptr, 0, prk.data()), FIPSMOD_OK);
    EXPECT_EQ(api.expand(prk.data(), prk.size(), info.data(), info.size(), out.data(), max + 1),
              FIPSMOD_ERR_INVALID_ARGUMENT) << api.hash;
    EXPECT_EQ(api.key(secret.data(), secret.size(), nullptr, 0, info.data(), info.size(), out.data(), max + 1),
              FIPSMOD_ERR_INVALID_ARGUMENT) << api.hash;
    EXPECT_EQ(api.expand(prk.data(), prk.size(), info.data(), info.size(), out.data(), SIZE_MAX),
              FIPSMOD_ERR_INVALID_ARGUMENT) << api.hash;
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
    EXPECT_EQ(out, Bytes(max + 1, 0xee)) << api.hash << ": a refused call wrote";
    ASSERT_EQ(api.expand(prk.data(), prk.size(), info.data(), info.size(), out.data(), max), FIPSMOD_OK) << api.hash;
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    EXPECT_EQ(out[max], 0xee) << api.hash << ": wrote past out_len";
    Bytes whole(max);
    ASSERT_EQ(api.key(secret.data(), secret.size(), nullptr, 0, info.data(), info.size(), whole.data(), max), FIPSMOD_OK);
    EXPECT_TRUE(std::equal(whole.begin(), whole.end(), out.begin())) << api.hash;
  }
}

TEST(HkdfCApi, NullWithALengthIsRefusedAndNullWithoutOneIsEmpty) {
  const Bytes secret(32, 0x11);
  for (const CApi& api : c_apis()) {
    Bytes out(64, 0xee);
    EXPECT_EQ(api.extract(nullptr, 1, nullptr, 0, out.data()), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.extract(secret.data(), 32, nullptr, 1, out.data()), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.extract(secret.data(), 32, nullptr, 0, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.expand(nullptr, 1, nullptr, 0, out.data(), 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.expand(secret.data(), 32, nullptr, 1, out.data(), 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.expand(secret.data(), 32, nullptr, 0, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.key(nullptr, 1, nullptr, 0, nullptr, 0, out.data(), 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.key(secret.data(), 32, nullptr, 1, nullptr, 0, out.data(), 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.key(secret.data(), 32, nullptr, 0, nullptr, 1, out.data(), 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(api.key(secret.data(), 32, nullptr, 0, nullptr, 0, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
    EXPECT_EQ(out, Bytes(64, 0xee)) << api.hash << ": a refused call wrote";
    // An empty salt is HashLen zero bytes (RFC 5869 §2.2), NULL or not.
    Bytes a(api.size), b(api.size);
    const Bytes zeros(api.size, 0);
    ASSERT_EQ(api.extract(secret.data(), 32, nullptr, 0, a.data()), FIPSMOD_OK);
    ASSERT_EQ(api.extract(secret.data(), 32, zeros.data(), zeros.size(), b.data()), FIPSMOD_OK);
    EXPECT_EQ(a, b) << api.hash;
    EXPECT_EQ(api.expand(a.data(), a.size(), nullptr, 0, nullptr, 0), FIPSMOD_OK);
    EXPECT_EQ(api.key(nullptr, 0, nullptr, 0, nullptr, 0, nullptr, 0), FIPSMOD_OK);
  }
}

// The output over any input gives what it gives over none.
TEST(HkdfCApi, OutputOverAnInputReadsTheInputAsItWas) {
  for (const CApi& api : c_apis()) {
    Bytes buf(600);
    for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<std::uint8_t>(i * 7 + 1);
    const Bytes was = buf;
    const std::size_t n = 3 * api.size + 1;
    Bytes want(n), prk(api.size);
    ASSERT_EQ(api.key(was.data(), 40, was.data() + 40, 20, was.data() + 60, 100, want.data(), n), FIPSMOD_OK);
    for (const std::size_t at : {0u, 30u, 50u, 59u, 60u, 100u}) {
      buf = was;
      ASSERT_EQ(api.key(buf.data(), 40, buf.data() + 40, 20, buf.data() + 60, 100, buf.data() + at, n), FIPSMOD_OK);
      EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.begin() + static_cast<std::ptrdiff_t>(at)))
          << api.hash << " one-shot output at " << at;
      buf = was;
      ASSERT_EQ(api.extract(was.data(), 40, was.data() + 40, 20, prk.data()), FIPSMOD_OK);
      std::copy(prk.begin(), prk.end(), buf.begin() + 300);
      Bytes alone(n);
      ASSERT_EQ(api.expand(buf.data() + 300, prk.size(), buf.data() + 60, 100, alone.data(), n), FIPSMOD_OK);
      EXPECT_EQ(alone, want) << api.hash;
      ASSERT_EQ(api.expand(buf.data() + 300, prk.size(), buf.data() + 60, 100, buf.data() + at + 240, n), FIPSMOD_OK);
      EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.begin() + static_cast<std::ptrdiff_t>(at + 240)))
          << api.hash << " expand output at " << at + 240;
      buf = was;
      ASSERT_EQ(api.extract(buf.data(), 40, buf.data() + 40, 20, buf.data() + at), FIPSMOD_OK);
      EXPECT_TRUE(std::equal(prk.begin(), prk.end(), buf.begin() + static_cast<std::ptrdiff_t>(at)))
          << api.hash << " extract output at " << at;
    }
  }
}

// The approval rule at its boundary, for every hash: extract and the
// one-shot go by the secret (IKM), expand by the PRK, each approved from
// 14 bytes on; the salt's length and the info's never matter.
TEST(HkdfApproval, SecretOf14BytesIsApprovedAnd13IsNot) {
  const Bytes bytes(300, 0x5a);
  for (const CApi& api : c_apis()) {
    for (std::size_t n = 0; n <= 20; ++n) {
      const int want = n >= 14 ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED;
      for (const std::size_t salt : {0u, 1u, 13u, 14u, 200u}) {
        Bytes out(100);
        ASSERT_EQ(api.extract(bytes.data(), n, bytes.data(), salt, out.data()), FIPSMOD_OK);
        EXPECT_EQ(fipsmod_service_indicator(), want) << api.hash << " extract, secret " << n << " salt " << salt;
        ASSERT_EQ(api.key(bytes.data(), n, bytes.data(), salt, bytes.data(), salt, out.data(), 42), FIPSMOD_OK);
        EXPECT_EQ(fipsmod_service_indicator(), want) << api.hash << " one-shot, secret " << n << " salt " << salt;
        ASSERT_EQ(api.expand(bytes.data(), n, bytes.data(), salt, out.data(), 42), FIPSMOD_OK);
        EXPECT_EQ(fipsmod_service_indicator(), want) << api.hash << " expand, PRK " << n << " info " << salt;
      }
    }
  }
  EXPECT_EQ(approval_for_secret(13), internal::Approval::not_approved);
  EXPECT_EQ(approval_for_secret(14), internal::Approval::approved);
  EXPECT_EQ(approval_for_secret(15), internal::Approval::approved);
  EXPECT_EQ(approval_for_secret(16), internal::Approval::approved);
  EXPECT_EQ(approval_for_secret(0), internal::Approval::not_approved);
}

TEST(HkdfCpp, TheRfc5869CasesThroughTheCppApi) {
  // RFC 5869 Appendix A.1 (test case 1), as the RFC prints it.
  const Bytes ikm(22, 0x0b), salt = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
              info = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9};
  const auto prk = extract<sha256::Digest>(ikm, salt);
  EXPECT_EQ(to_hex(prk), "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
  Bytes okm(42);
  expand<sha256::Digest>(prk, info, okm);
  EXPECT_EQ(to_hex(okm), "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
  EXPECT_EQ(key<sha256::Digest>(ikm, salt, info, 42), okm);
  try {
    (void)key<sha384::Digest>(ikm, salt, info, max_output<sha384::Digest> + 1);
    ADD_FAILURE() << "an output past 255 * HashLen did not throw";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_INVALID_ARGUMENT);
  }
  EXPECT_EQ(max_output<sha512::Digest>, 255u * 64u);
  EXPECT_EQ(min_approved_secret_size, 14u);
}

}  // namespace
}  // namespace fipsmod::hkdf
