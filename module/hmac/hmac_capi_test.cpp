// The C API of HMAC over SHA-256 and SHA-224: the vectors through every
// function, every status code, nothing written on error, zeroisation, and
// the indicator from the key's length.
#include <fipsmod/fipsmod.h>
#include <fipsmod/hmac.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "testing/vec_file.hpp"

namespace {

using fipsmod::testing::load_vectors;
using fipsmod::testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

int sha256_ok() {
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  return fipsmod_sha256("abc", 3, out);
}
// A non-approved call: HMAC under a 13-byte key.
int short_key_ok() {
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  return fipsmod_hmac_sha256("thirteen byte", 13, "abc", 3, out);
}

TEST(CApiHmac, ImplName) {
  EXPECT_STREQ(fipsmod_impl_name("hmac_sha256"), fipsmod_impl_name("sha256"));
  EXPECT_STREQ(fipsmod_impl_name("hmac_sha224"), fipsmod_impl_name("sha256"));
}

TEST(CApiHmac, AFailedCallLeavesTheIndicatorNotApproved) {
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_hmac_sha256(nullptr, 20, "m", 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
}

// HMAC: the vectors of both hashes and RFC 4231 through the C functions.
TEST(CApiHmac, VectorsOneShotAndStreaming) {
  std::size_t checked = 0;
  for (const auto& v : load_vectors("hmac_sha256.vec")) {
    const Bytes key = v.bytes("Key"), in = v.bytes("In");
    const std::string& want = v.text("Out");
    const bool is224 = v.section.find("SHA-224") != std::string::npos;
    std::uint8_t one[FIPSMOD_SHA256_SIZE] = {}, streamed[FIPSMOD_SHA256_SIZE] = {};
    const std::size_t n = is224 ? FIPSMOD_SHA224_SIZE : FIPSMOD_SHA256_SIZE;
    const std::size_t half = in.size() / 2;
    if (is224) {
      ASSERT_EQ(fipsmod_hmac_sha224(key.data(), key.size(), in.data(), in.size(), one), FIPSMOD_OK);
      fipsmod_hmac_sha224_ctx ctx;
      ASSERT_EQ(fipsmod_hmac_sha224_init(&ctx, key.data(), key.size()), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha224_update(&ctx, in.data(), half), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha224_update(&ctx, in.data() + half, in.size() - half), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha224_sum(&ctx, streamed), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha224_cleanse(&ctx), FIPSMOD_OK);
    } else {
      ASSERT_EQ(fipsmod_hmac_sha256(key.data(), key.size(), in.data(), in.size(), one), FIPSMOD_OK);
      fipsmod_hmac_sha256_ctx ctx;
      ASSERT_EQ(fipsmod_hmac_sha256_init(&ctx, key.data(), key.size()), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha256_update(&ctx, in.data(), half), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha256_update(&ctx, in.data() + half, in.size() - half), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha256_sum(&ctx, streamed), FIPSMOD_OK);
      ASSERT_EQ(fipsmod_hmac_sha256_cleanse(&ctx), FIPSMOD_OK);
    }
    EXPECT_EQ(to_hex(one, n).substr(0, want.size()), want) << v.section << " line " << v.line;
    EXPECT_EQ(to_hex(streamed, n).substr(0, want.size()), want) << v.section << " line " << v.line;
    ++checked;
  }
  EXPECT_GT(checked, 1000u);
}

TEST(CApiHmac, ErrorsWriteNothing) {
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  std::memset(out, 0x77, sizeof out);
  const std::string untouched(2 * sizeof out, '7');
  EXPECT_EQ(fipsmod_hmac_sha256(nullptr, 1, "m", 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha256("k", 1, nullptr, 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha256("k", 1, "m", 1, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha224(nullptr, 1, "m", 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(to_hex(out, sizeof out), untouched);
  ASSERT_EQ(fipsmod_hmac_sha256(nullptr, 0, nullptr, 0, out), FIPSMOD_OK);  // empty key, empty message

  fipsmod_hmac_sha256_ctx ctx;
  std::memset(&ctx, 0x33, sizeof ctx);
  EXPECT_EQ(fipsmod_hmac_sha256_init(nullptr, "k", 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha256_init(&ctx, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  const auto* bytes = reinterpret_cast<const unsigned char*>(&ctx);
  EXPECT_TRUE(std::all_of(bytes, bytes + sizeof ctx, [](unsigned char b) { return b == 0x33; }))
      << "a refused init writes nothing";
  EXPECT_EQ(fipsmod_hmac_sha256_update(&ctx, "m", 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
  std::memset(out, 0x77, sizeof out);
  EXPECT_EQ(fipsmod_hmac_sha256_sum(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  ASSERT_EQ(fipsmod_hmac_sha256_init(&ctx, "k", 1), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_hmac_sha256_update(&ctx, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha256_update(nullptr, "m", 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha256_sum(&ctx, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_hmac_sha256_sum(nullptr, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(to_hex(out, sizeof out), untouched);
  // An HMAC-SHA-224 function refuses an HMAC-SHA-256 context.
  fipsmod_hmac_sha224_ctx other;
  static_assert(sizeof other == sizeof ctx);
  std::memcpy(&other, &ctx, sizeof other);
  EXPECT_EQ(fipsmod_hmac_sha224_sum(&other, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_hmac_sha224_cleanse(&other), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_hmac_sha256_cleanse(&ctx), FIPSMOD_OK);
}

TEST(CApiHmac, CleansedContextHoldsOnlyZerosAndIsRefused) {
  fipsmod_hmac_sha256_ctx ctx;
  ASSERT_EQ(fipsmod_hmac_sha256_init(&ctx, "key", 3), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_hmac_sha256_update(&ctx, "data", 4), FIPSMOD_OK);
  const auto* bytes = reinterpret_cast<const unsigned char*>(&ctx);
  EXPECT_GT(std::count_if(bytes, bytes + sizeof ctx, [](unsigned char b) { return b != 0; }), 40);
  ASSERT_EQ(fipsmod_hmac_sha256_cleanse(&ctx), FIPSMOD_OK);
  EXPECT_TRUE(std::all_of(bytes, bytes + sizeof ctx, [](unsigned char b) { return b == 0; }));
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  EXPECT_EQ(fipsmod_hmac_sha256_sum(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_hmac_sha256_update(&ctx, "x", 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_hmac_sha256_cleanse(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);

  fipsmod_hmac_sha224_ctx ctx224;
  ASSERT_EQ(fipsmod_hmac_sha224_init(&ctx224, "key", 3), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_hmac_sha224_cleanse(&ctx224), FIPSMOD_OK);
  const auto* b224 = reinterpret_cast<const unsigned char*>(&ctx224);
  EXPECT_TRUE(std::all_of(b224, b224 + sizeof ctx224, [](unsigned char b) { return b == 0; }));
}

// The status comes from the context: each call on an HMAC context keyed
// with 13 bytes is not approved, even right after an approved call, and
// each call on one keyed with 14 bytes is approved, even right after a non-approved call.
TEST(HmacIndicator, HmacContextsCarryTheirKeysApproval) {
  const std::uint8_t key[14] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
  fipsmod_hmac_sha256_ctx short_key, long_key;
  ASSERT_EQ(fipsmod_hmac_sha256_init(&short_key, key, 13), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  ASSERT_EQ(fipsmod_hmac_sha256_init(&long_key, key, 14), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  std::uint8_t mac[FIPSMOD_SHA256_SIZE];
  for (int round = 0; round < 3; ++round) {
    ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hmac_sha256_update(&short_key, "data", 4), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
    ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hmac_sha256_sum(&short_key, mac), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
    ASSERT_EQ(short_key_ok(), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hmac_sha256_update(&long_key, "data", 4), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    ASSERT_EQ(short_key_ok(), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hmac_sha256_sum(&long_key, mac), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  }
  // A copy of a context carries it too.
  fipsmod_hmac_sha256_ctx copy;
  std::memcpy(&copy, &short_key, sizeof copy);
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_hmac_sha256_sum(&copy, mac), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  fipsmod_hmac_sha256_cleanse(&short_key);
  fipsmod_hmac_sha256_cleanse(&long_key);
  fipsmod_hmac_sha256_cleanse(&copy);

  // C++: the same, reset included.
  fipsmod::hmac::Hmac<fipsmod::sha224::Digest> short_cpp(std::span<const std::uint8_t>(key, 13));
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  short_cpp.reset();
  EXPECT_EQ(fipsmod::service_indicator(), fipsmod::Indicator::not_approved);
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  (void)short_cpp.sum();
  EXPECT_EQ(fipsmod::service_indicator(), fipsmod::Indicator::not_approved);
}

// A key hashed first (longer than the block) is approved for its length.
TEST(HmacIndicator, LongKeysAreApproved) {
  const std::vector<std::uint8_t> key(100, 7);
  std::uint8_t mac[FIPSMOD_SHA256_SIZE];
  ASSERT_EQ(fipsmod_hmac_sha256(key.data(), key.size(), "m", 1, mac), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  ASSERT_EQ(fipsmod_hmac_sha256(nullptr, 0, "m", 1, mac), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED) << "the empty key";
}

}  // namespace
