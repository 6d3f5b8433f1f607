// Wycheproof's HMAC-SHA-224/256/384/512 vectors (vectors/wycheproof/,
// converted to vectors/published/hmac_wycheproof.vec) on every usable
// kernel of each hash, and through the C API: a valid case's tag is the MAC
// (or, for a group whose tagSize is shorter than the digest, the MAC's
// prefix: a truncated MAC), an invalid case's is not.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <fipsmod/hmac.h>

#include "internal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"
#include "traits.hpp"

// In a namespace of its own: the unity build puts this file beside hmac_test.cpp.
namespace fipsmod::hmac::wycheproof {
namespace {

using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

struct Case {
  std::string id, hash;
  Bytes key, in;
  std::string tag;  // hex, as long as the group's tagSize
  bool valid;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : testing::load_vectors("published/hmac_wycheproof.vec")) {
      c.push_back({v.text("Id"), v.section.substr(5), v.bytes("Key"), v.bytes("In"), v.text("Tag"),
                   v.text("Result") == "valid"});
    }
    return c;
  }();
  return all;
}

template <class H>
std::string mac_hex(const typename H::Kernel& k, const Case& c) {
  Bytes out(H::size);
  mac<H>(k, c.key, c.in, out);
  return to_hex(out);
}

// Checks the cases of one hash with mac_hex; returns {valid, invalid, truncated}.
template <class F>
std::array<int, 3> check(const std::string& hash, F mac_hex_of) {
  std::array<int, 3> n{};
  for (const Case& c : cases()) {
    if (c.hash != hash) continue;
    const std::string mac = mac_hex_of(c);
    const bool matches = mac.substr(0, c.tag.size()) == c.tag;
    EXPECT_EQ(matches, c.valid) << "HMAC-" << hash << " tcId " << c.id;
    ++n[c.valid ? 0 : 1];
    n[2] += c.tag.size() < mac.size();
  }
  return n;
}

void expect_counts(const std::array<int, 3>& n, const std::string& hash) {
  EXPECT_GE(n[0], 60) << hash;   // valid
  EXPECT_GE(n[1], 100) << hash;  // invalid
  EXPECT_GE(n[2], 80) << hash;   // truncated MACs, valid and invalid
}

class HmacWycheproofSha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(HmacWycheproofSha256Kernel, ValidAndInvalid) {
  const auto& k = *GetParam();
  expect_counts(check("SHA-256", [&](const Case& c) { return mac_hex<sha256::Sha256>(k, c); }), "SHA-256");
  expect_counts(check("SHA-224", [&](const Case& c) { return mac_hex<sha256::Sha224>(k, c); }), "SHA-224");
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacWycheproofSha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class HmacWycheproofSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(HmacWycheproofSha512Kernel, ValidAndInvalid) {
  const auto& k = *GetParam();
  expect_counts(check("SHA-512", [&](const Case& c) { return mac_hex<sha512::Sha512>(k, c); }), "SHA-512");
  expect_counts(check("SHA-384", [&](const Case& c) { return mac_hex<sha512::Sha384>(k, c); }), "SHA-384");
}

INSTANTIATE_TEST_SUITE_P(Usable, HmacWycheproofSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

// The same through the C API (the selected kernels; ./dev's FIPSMOD_DISABLE
// passes run it on the others).
template <std::size_t N>
std::string capi_hex(int (*f)(const void*, size_t, const void*, size_t, uint8_t*) noexcept, const Case& c) {
  Bytes out(N);
  EXPECT_EQ(f(c.key.data(), c.key.size(), c.in.data(), c.in.size(), out.data()), FIPSMOD_OK) << c.id;
  return to_hex(out);
}

TEST(HmacWycheproof, ThroughTheCApi) {
  expect_counts(check("SHA-224", [](const Case& c) { return capi_hex<FIPSMOD_SHA224_SIZE>(fipsmod_hmac_sha224, c); }),
                "SHA-224");
  expect_counts(check("SHA-256", [](const Case& c) { return capi_hex<FIPSMOD_SHA256_SIZE>(fipsmod_hmac_sha256, c); }),
                "SHA-256");
  expect_counts(check("SHA-384", [](const Case& c) { return capi_hex<FIPSMOD_SHA384_SIZE>(fipsmod_hmac_sha384, c); }),
                "SHA-384");
  expect_counts(check("SHA-512", [](const Case& c) { return capi_hex<FIPSMOD_SHA512_SIZE>(fipsmod_hmac_sha512, c); }),
                "SHA-512");
}

}  // namespace
}  // namespace fipsmod::hmac::wycheproof
