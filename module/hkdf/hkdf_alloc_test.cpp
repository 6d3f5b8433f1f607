// HKDF allocates nothing per call (issue 26: HKDF-SHA-256 with a 32-byte
// secret and 42 bytes out is meant to beat OpenSSL's EVP_PKEY HKDF, which
// allocates a context each time): this binary replaces operator new and
// counts allocations around extract, expand and the one-shot of every hash.
#include <gtest/gtest.h>

#include "testing/allocation_counter.hpp"

#include <fipsmod/fipsmod.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

using fipsmod::testing::allocations;

namespace {

TEST(HkdfNoAllocation, ExtractExpandAndOneShot) {
  std::vector<std::uint8_t> secret(32, 1), salt(32, 2), info(10, 3), out(255 * 64);
  ASSERT_EQ(fipsmod_power_on(), FIPSMOD_STATE_OPERATIONAL);  // the self-tests allocate, before counting
  const long before = allocations();
  std::uint8_t prk[64];
  for (std::size_t n : {0u, 1u, 42u, 255u * 28u}) {
    ASSERT_EQ(fipsmod_hkdf_sha256(secret.data(), 32, salt.data(), 32, info.data(), 10, out.data(), n < 255 * 32 ? n : 255 * 32), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha256_extract(secret.data(), 32, salt.data(), 32, prk), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha256_expand(prk, 32, info.data(), 10, out.data(), n < 255 * 32 ? n : 255 * 32), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha224(secret.data(), 32, salt.data(), 32, info.data(), 10, out.data(), n), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha512(secret.data(), 32, salt.data(), 32, info.data(), 10, out.data(), n), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha512_extract(secret.data(), 32, salt.data(), 32, prk), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha512_expand(prk, 64, info.data(), 10, out.data(), n), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha384(secret.data(), 32, salt.data(), 32, info.data(), 10, out.data(), n), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha512_224(secret.data(), 32, salt.data(), 32, info.data(), 10, out.data(), n), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hkdf_sha512_256(secret.data(), 32, salt.data(), 32, info.data(), 10, out.data(), n), FIPSMOD_OK);
  }
  EXPECT_EQ(allocations() - before, 0);
}

}  // namespace
