// HKDF's approval rule in approved-only mode, at the boundary, in a program
// of its own (the mode is per process): for every hash, extract and the
// one-shot with a secret, and expand with a PRK, of 0 to 20 bytes, under
// salts and infos of several lengths. Under 14 bytes the call is refused
// with FIPSMOD_ERR_NOT_APPROVED and writes nothing; from 14 on it runs and
// the indicator says approved. (golang/go#79228: a KDF shipped marked
// non-approved by a wrong length check.)
#include <fipsmod/fipsmod.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

struct CApi {
  const char* hash;
  int (*extract)(const void*, size_t, const void*, size_t, uint8_t*) noexcept;
  int (*expand)(const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
  int (*key)(const void*, size_t, const void*, size_t, const void*, size_t, uint8_t*, size_t) noexcept;
};
const CApi kApis[] = {
    {"SHA-256", fipsmod_hkdf_sha256_extract, fipsmod_hkdf_sha256_expand, fipsmod_hkdf_sha256},
    {"SHA-224", fipsmod_hkdf_sha224_extract, fipsmod_hkdf_sha224_expand, fipsmod_hkdf_sha224},
    {"SHA-512", fipsmod_hkdf_sha512_extract, fipsmod_hkdf_sha512_expand, fipsmod_hkdf_sha512},
    {"SHA-384", fipsmod_hkdf_sha384_extract, fipsmod_hkdf_sha384_expand, fipsmod_hkdf_sha384},
    {"SHA-512/224", fipsmod_hkdf_sha512_224_extract, fipsmod_hkdf_sha512_224_expand, fipsmod_hkdf_sha512_224},
    {"SHA-512/256", fipsmod_hkdf_sha512_256_extract, fipsmod_hkdf_sha512_256_expand, fipsmod_hkdf_sha512_256},
};

// One call: refused and silent under 14 bytes, approved from 14 on.
void expect_rule(std::size_t n, const std::string& what, const std::function<int(std::uint8_t*)>& call) {
  Bytes out(100, 0xa5);
  const int s = call(out.data());
  if (n < FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE) {
    EXPECT_EQ(s, FIPSMOD_ERR_NOT_APPROVED) << what;
    EXPECT_EQ(out, Bytes(100, 0xa5)) << what << " wrote while refused";
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED) << what;
  } else {
    EXPECT_EQ(s, FIPSMOD_OK) << what;
    EXPECT_NE(out, Bytes(100, 0xa5)) << what << " wrote nothing";
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED) << what;
  }
}

TEST(HkdfApprovedOnly, RefusesASecretUnder14BytesAndRunsTheRest) {
  ASSERT_EQ(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY), FIPSMOD_OK);
  const Bytes bytes(300, 0x3c);
  for (const CApi& api : kApis) {
    for (std::size_t n = 0; n <= 20; ++n) {
      for (const std::size_t other : {0u, 1u, 13u, 14u, 200u}) {
        const std::string at = std::string(api.hash) + " secret " + std::to_string(n) + ", salt/info " + std::to_string(other);
        expect_rule(n, "extract, " + at, [&](std::uint8_t* out) {
          return api.extract(bytes.data(), n, bytes.data(), other, out);
        });
        expect_rule(n, "one-shot, " + at, [&](std::uint8_t* out) {
          return api.key(bytes.data(), n, bytes.data(), other, bytes.data(), other, out, 42);
        });
        expect_rule(n, "expand, " + at, [&](std::uint8_t* out) {
          return api.expand(bytes.data(), n, bytes.data(), other, out, 42);
        });
      }
    }
  }
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_APPROVED_ONLY);
}

}  // namespace
