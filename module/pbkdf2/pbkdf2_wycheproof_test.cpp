// Wycheproof's PBKDF2-HMAC-SHA-224/256/384/512 vectors (vectors/wycheproof/,
// converted to vectors/published/pbkdf2_wycheproof.vec; every case valid:
// passwords of 0 to 128 bytes, ASCII, UTF-8 and not, iteration counts of 1
// to 80000) on every usable kernel of each hash, and through the C API.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <fipsmod/pbkdf2.h>

#include "internal.hpp"
#include "testing/kernels.hpp"
#include "testing/vec_file.hpp"
#include "traits.hpp"

// In a namespace of its own: the unity build puts this file beside pbkdf2_test.cpp.
namespace fipsmod::pbkdf2::wycheproof {
namespace {

using testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

struct Case {
  std::string id, hash;
  Bytes password, salt;
  std::uint32_t iterations;
  std::string out;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c;
    for (const testing::Vector& v : testing::load_vectors("published/pbkdf2_wycheproof.vec")) {
      EXPECT_EQ(v.text("Result"), "valid") << v.text("Id");
      c.push_back({v.text("Id"), v.section.substr(7), v.bytes("Password"), v.bytes("Salt"),
                   static_cast<std::uint32_t>(std::stoul(v.text("Iterations"))), v.text("Out")});
    }
    return c;
  }();
  return all;
}

template <class H>
int check(const typename H::Kernel& k, const std::string& hash) {
  int n = 0;
  for (const Case& c : cases()) {
    if (c.hash != hash) continue;
    Bytes out(c.out.size() / 2);
    derive<H>(k, c.password, c.salt, c.iterations, out);
    EXPECT_EQ(to_hex(out), c.out) << "PBKDF2-" << hash << " tcId " << c.id;
    ++n;
  }
  return n;
}

class Pbkdf2WycheproofSha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(Pbkdf2WycheproofSha256Kernel, Vectors) {
  EXPECT_GE(check<sha256::Sha256>(*GetParam(), "SHA-256"), 55);
  EXPECT_GE(check<sha256::Sha224>(*GetParam(), "SHA-224"), 55);
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2WycheproofSha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class Pbkdf2WycheproofSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(Pbkdf2WycheproofSha512Kernel, Vectors) {
  EXPECT_GE(check<sha512::Sha384>(*GetParam(), "SHA-384"), 55);
  EXPECT_GE(check<sha512::Sha512>(*GetParam(), "SHA-512"), 55);
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2WycheproofSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

using CFunction = int (*)(const void*, size_t, const void*, size_t, uint32_t, uint8_t*, size_t) noexcept;

TEST(Pbkdf2Wycheproof, ThroughTheCApi) {
  int n = 0;
  for (const Case& c : cases()) {
    const CFunction f = c.hash == "SHA-224"   ? fipsmod_pbkdf2_sha224
                        : c.hash == "SHA-256" ? fipsmod_pbkdf2_sha256
                        : c.hash == "SHA-384" ? fipsmod_pbkdf2_sha384
                                              : fipsmod_pbkdf2_sha512;
    Bytes out(c.out.size() / 2);
    EXPECT_EQ(f(c.password.data(), c.password.size(), c.salt.data(), c.salt.size(), c.iterations, out.data(),
                out.size()),
              FIPSMOD_OK)
        << c.hash << " tcId " << c.id;
    EXPECT_EQ(to_hex(out), c.out) << c.hash << " tcId " << c.id;
    ++n;
  }
  EXPECT_EQ(n, 234);
}

}  // namespace
}  // namespace fipsmod::pbkdf2::wycheproof
