// Wycheproof's HKDF-SHA-256/384/512 vectors (vectors/wycheproof/, converted
// to vectors/published/hkdf_wycheproof.vec) on every usable kernel of each
// hash, and through the C API: a valid case derives its output; an invalid
// one (an output longer than 255 blocks) is refused by the C API, which
// writes nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <fipsmod/hkdf.h>

#include "internal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"

// In a namespace of its own: the unity build puts this file beside hkdf_test.cpp.
namespace fipsmod::hkdf::wycheproof {
namespace {

using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

struct Case {
  std::string id, hash;
  Bytes secret, salt, info;
  std::size_t size;
  std::string out;
  bool valid;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : testing::load_vectors("published/hkdf_wycheproof.vec")) {
      c.push_back({v.text("Id"), v.section.substr(5), v.bytes("Secret"), v.bytes("Salt"), v.bytes("Info"),
                   std::stoul(v.text("Size")), v.text("Out"), v.text("Result") == "valid"});
    }
    return c;
  }();
  return all;
}

// The valid cases of one hash on a kernel; returns how many.
template <class H>
int check_valid(const typename H::Kernel& k, const std::string& hash) {
  int n = 0;
  for (const Case& c : cases()) {
    if (c.hash != hash || !c.valid) continue;
    Bytes out(c.size);
    key<H>(k, c.secret, c.salt, c.info, out);
    EXPECT_EQ(to_hex(out), c.out) << "HKDF-" << hash << " tcId " << c.id;
    ++n;
  }
  return n;
}

class HkdfWycheproofSha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(HkdfWycheproofSha256Kernel, Valid) { EXPECT_GE(check_valid<sha256::Sha256>(*GetParam(), "SHA-256"), 80); }

INSTANTIATE_TEST_SUITE_P(Usable, HkdfWycheproofSha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class HkdfWycheproofSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(HkdfWycheproofSha512Kernel, Valid) {
  EXPECT_GE(check_valid<sha512::Sha384>(*GetParam(), "SHA-384"), 80);
  EXPECT_GE(check_valid<sha512::Sha512>(*GetParam(), "SHA-512"), 80);
}

INSTANTIATE_TEST_SUITE_P(Usable, HkdfWycheproofSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

using CFunction = int (*)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;

TEST(HkdfWycheproof, ValidAndInvalidThroughTheCApi) {
  int valid = 0, invalid = 0;
  for (const Case& c : cases()) {
    const CFunction f = c.hash == "SHA-256"   ? fipsmod_hkdf_sha256
                        : c.hash == "SHA-384" ? fipsmod_hkdf_sha384
                                              : fipsmod_hkdf_sha512;
    Bytes out(c.size, 0xa5);
    const int status =
        f(c.secret.data(), c.secret.size(), c.salt.data(), c.salt.size(), c.info.data(), c.info.size(), out.data(), c.size);
    if (c.valid) {
      EXPECT_EQ(status, FIPSMOD_OK) << c.hash << " tcId " << c.id;
      EXPECT_EQ(to_hex(out), c.out) << c.hash << " tcId " << c.id;
      ++valid;
    } else {
      EXPECT_EQ(status, FIPSMOD_ERR_INVALID_ARGUMENT) << c.hash << " tcId " << c.id;
      EXPECT_EQ(out, Bytes(c.size, 0xa5)) << c.hash << " tcId " << c.id;
      ++invalid;
    }
  }
  EXPECT_GE(valid, 240);
  EXPECT_GE(invalid, 9);
}

}  // namespace
}  // namespace fipsmod::hkdf::wycheproof
