// The C API of SHA-256, SHA-224 and HMAC: every function, every status
// code, nothing written on error. Digests come from the Botan vectors.
#include <fipsmod/fipsmod.h>

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

const fipsmod::testing::Vector& vector_of(const char* file, std::size_t length) {
  static const auto v256 = load_vectors("sha256.vec"), v224 = load_vectors("sha224.vec");
  return (std::string(file) == "sha256.vec" ? v256 : v224).at(length);  // lengths 0, 1, 2, ... first
}

// The SHA-256 and SHA-224 functions, so one test body covers both.
template <class Ctx, std::size_t Size>
struct Api {
  const char* file;
  int (*one_shot)(const void*, size_t, uint8_t*) noexcept;
  int (*init)(Ctx*) noexcept;
  int (*update)(Ctx*, const void*, size_t) noexcept;
  int (*sum)(const Ctx*, uint8_t*) noexcept;
  int (*marshal)(const Ctx*, uint8_t*) noexcept;
  int (*unmarshal)(Ctx*, const void*, size_t) noexcept;
  std::uint8_t version;
};
const Api<fipsmod_sha256_ctx, FIPSMOD_SHA256_SIZE> kSha256{
    "sha256.vec",          fipsmod_sha256,         fipsmod_sha256_init,      fipsmod_sha256_update,
    fipsmod_sha256_sum,    fipsmod_sha256_marshal, fipsmod_sha256_unmarshal, 0x03};
const Api<fipsmod_sha224_ctx, FIPSMOD_SHA224_SIZE> kSha224{
    "sha224.vec",          fipsmod_sha224,         fipsmod_sha224_init,      fipsmod_sha224_update,
    fipsmod_sha224_sum,    fipsmod_sha224_marshal, fipsmod_sha224_unmarshal, 0x02};

template <class Ctx, std::size_t Size>
void one_shot_and_streaming(const Api<Ctx, Size>& api) {
  const auto& v = vector_of(api.file, 150);
  const Bytes in = v.bytes("In");
  std::uint8_t out[Size];
  ASSERT_EQ(api.one_shot(in.data(), in.size(), out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(api.one_shot(nullptr, 0, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), vector_of(api.file, 0).text("Out"));

  Ctx ctx;
  ASSERT_EQ(api.init(&ctx), FIPSMOD_OK);
  ASSERT_EQ(api.update(&ctx, in.data(), 70), FIPSMOD_OK);
  ASSERT_EQ(api.update(&ctx, nullptr, 0), FIPSMOD_OK);
  std::uint8_t state[FIPSMOD_SHA256_MARSHALED_SIZE];
  ASSERT_EQ(api.marshal(&ctx, state), FIPSMOD_OK);
  EXPECT_EQ(Bytes(state, state + 4), (Bytes{'s', 'h', 'a', api.version}));
  Ctx copy = ctx;  // a plain struct copy clones the hash
  ASSERT_EQ(api.update(&ctx, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  ASSERT_EQ(api.sum(&ctx, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(api.sum(&ctx, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(api.update(&copy, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  ASSERT_EQ(api.sum(&copy, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));

  // Restored into a context that was never initialised, or is garbage
  // behind a stale tag.
  Ctx restored;
  std::memset(&restored, 0xa5, sizeof restored);
  std::memcpy(&restored, &ctx, sizeof(std::uint64_t));
  ASSERT_EQ(api.unmarshal(&restored, state, sizeof state), FIPSMOD_OK);
  ASSERT_EQ(api.update(&restored, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  ASSERT_EQ(api.sum(&restored, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
}

TEST(CApiSha256, OneShotStreamingAndSavedState) {
  one_shot_and_streaming(kSha256);
  one_shot_and_streaming(kSha224);
}

template <class Ctx, std::size_t Size>
void errors_write_nothing(const Api<Ctx, Size>& api) {
  std::uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE];
  std::memset(out, 0x77, sizeof out);
  const std::string untouched(2 * sizeof out, '7');
  Ctx zeroed;
  std::memset(&zeroed, 0, sizeof zeroed);
  EXPECT_EQ(api.update(&zeroed, "abc", 3), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(api.sum(&zeroed, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(api.marshal(&zeroed, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(api.one_shot(nullptr, 5, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(to_hex(out, sizeof out), untouched);

  Ctx ctx;
  ASSERT_EQ(api.init(&ctx), FIPSMOD_OK);
  EXPECT_EQ(api.init(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.one_shot("abc", 3, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.update(nullptr, "a", 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.update(&ctx, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.sum(nullptr, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.sum(&ctx, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.marshal(nullptr, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.marshal(&ctx, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.unmarshal(nullptr, out, FIPSMOD_SHA256_MARSHALED_SIZE), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.unmarshal(&ctx, nullptr, FIPSMOD_SHA256_MARSHALED_SIZE), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(to_hex(out, sizeof out), untouched);

  // Bad states leave the context as it was.
  ASSERT_EQ(api.update(&ctx, "in progress", 11), FIPSMOD_OK);
  std::uint8_t before[FIPSMOD_SHA256_MARSHALED_SIZE], after[FIPSMOD_SHA256_MARSHALED_SIZE];
  ASSERT_EQ(api.marshal(&ctx, before), FIPSMOD_OK);
  std::uint8_t bad[FIPSMOD_SHA256_MARSHALED_SIZE + 1];
  std::memcpy(bad, before, sizeof before);
  bad[3] ^= 0x01;  // "sha\x03" <-> "sha\x02": the other variant's state
  EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_ID);
  EXPECT_EQ(api.unmarshal(&ctx, nullptr, 0), FIPSMOD_ERR_HASH_STATE_ID);
  bad[3] ^= 0x01;
  EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof bad), FIPSMOD_ERR_HASH_STATE_SIZE);
  EXPECT_EQ(api.unmarshal(&ctx, bad, 92), FIPSMOD_ERR_HASH_STATE_SIZE);
  bad[99] = 1;  // past the 11 buffered bytes
  EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_PADDING);
  ASSERT_EQ(api.marshal(&ctx, after), FIPSMOD_OK);
  EXPECT_EQ(to_hex(after, sizeof after), to_hex(before, sizeof before));
}

TEST(CApiSha256, ErrorsWriteNothing) {
  errors_write_nothing(kSha256);
  errors_write_nothing(kSha224);
}

TEST(CApiSha256, ContextsOfTheOtherVariantAreRefused) {
  fipsmod_sha256_ctx ctx256;
  fipsmod_sha224_ctx ctx224;
  ASSERT_EQ(fipsmod_sha256_init(&ctx256), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_sha224_init(&ctx224), FIPSMOD_OK);
  static_assert(sizeof ctx256 == sizeof ctx224);
  fipsmod_sha224_ctx as224;
  std::memcpy(&as224, &ctx256, sizeof as224);
  std::uint8_t out[FIPSMOD_SHA224_SIZE];
  EXPECT_EQ(fipsmod_sha224_sum(&as224, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  fipsmod_sha256_ctx as256;
  std::memcpy(&as256, &ctx224, sizeof as256);
  EXPECT_EQ(fipsmod_sha256_update(&as256, "a", 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
}

TEST(CApiSha256, ImplName) {
  ASSERT_NE(fipsmod_impl_name("sha256"), nullptr);
  EXPECT_STREQ(fipsmod_impl_name("hmac_sha256"), fipsmod_impl_name("sha256"));
  EXPECT_EQ(fipsmod_impl_name("SHA256"), nullptr);
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

}  // namespace
