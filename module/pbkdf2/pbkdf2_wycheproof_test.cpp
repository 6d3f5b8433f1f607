// Wycheproof's PBKDF2-HMAC-SHA-224/256/384/512 vectors (vectors/wycheproof/,
// converted to vectors/published/pbkdf2_wycheproof.vec; every case valid:
// passwords of 0 to 128 bytes, ASCII, UTF-8 and not, iteration counts of 1
// to 80000) on every usable kernel of each hash: the selected kernel through
// the C API, the others through the internal function. Each kernel runs
// every case once: with 1.3 million iterations in all, a second run of the
// selected kernel would cost seconds under qemu for nothing it could find.
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

using CFunction = int (*)(const void*, size_t, const void*, size_t, uint32_t, uint8_t*, size_t) noexcept;

// The cases of one hash on kernel k: through the C API (c) when k is the
// selected kernel, through derive<H> otherwise. Returns how many.
template <class H>
int check(const typename H::Kernel& k, const std::string& hash, CFunction c) {
  const bool selected = &k == &H::kernels().selected();
  int n = 0;
  for (const Case& v : cases()) {
    if (v.hash != hash) continue;
    Bytes out(v.out.size() / 2);
    if (selected) {
      EXPECT_EQ(c(v.password.data(), v.password.size(), v.salt.data(), v.salt.size(), v.iterations, out.data(),
                  out.size()),
                FIPSMOD_OK)
          << "PBKDF2-" << hash << " tcId " << v.id;
    } else {
      derive<H>(k, v.password, v.salt, v.iterations, out);
    }
    EXPECT_EQ(to_hex(out), v.out) << "PBKDF2-" << hash << " tcId " << v.id << (selected ? " (C API)" : "");
    ++n;
  }
  return n;
}

class Pbkdf2WycheproofSha256Kernel : public ::testing::TestWithParam<const sha256::Kernel*> {};

TEST_P(Pbkdf2WycheproofSha256Kernel, Vectors) {
  EXPECT_EQ(check<sha256::Sha256>(*GetParam(), "SHA-256", fipsmod_pbkdf2_sha256), 60);
  EXPECT_EQ(check<sha256::Sha224>(*GetParam(), "SHA-224", fipsmod_pbkdf2_sha224), 58);
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2WycheproofSha256Kernel, ::testing::ValuesIn(sha256::kernels().usable()),
                         testing::KernelParamName{});

class Pbkdf2WycheproofSha512Kernel : public ::testing::TestWithParam<const sha512::Kernel*> {};

TEST_P(Pbkdf2WycheproofSha512Kernel, Vectors) {
  EXPECT_EQ(check<sha512::Sha384>(*GetParam(), "SHA-384", fipsmod_pbkdf2_sha384), 58);
  EXPECT_EQ(check<sha512::Sha512>(*GetParam(), "SHA-512", fipsmod_pbkdf2_sha512), 58);
}

INSTANTIATE_TEST_SUITE_P(Usable, Pbkdf2WycheproofSha512Kernel, ::testing::ValuesIn(sha512::kernels().usable()),
                         testing::KernelParamName{});

}  // namespace
}  // namespace fipsmod::pbkdf2::wycheproof
