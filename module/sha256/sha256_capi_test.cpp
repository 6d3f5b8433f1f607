// The C API of SHA-256 and SHA-224: every function, every status
// code, nothing written on error. Digests come from the Botan vectors.
#include <fipsmod/fipsmod.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <fipsmod/sha256.hpp>

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
  EXPECT_STREQ(fipsmod_impl_name("sha224"), fipsmod_impl_name("sha256"));
  EXPECT_EQ(fipsmod_impl_name("SHA256"), nullptr);
}

int sha256_ok() {
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  return fipsmod_sha256("abc", 3, out);
}

TEST(ServiceIndicator, AFailedCallLeavesItNotApproved) {
  std::uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE];
  const std::uint8_t bad_state[FIPSMOD_SHA256_MARSHALED_SIZE] = {'s', 'h', 'a', 9};
  fipsmod_sha256_ctx ctx;
  ASSERT_EQ(fipsmod_sha256_init(&ctx), FIPSMOD_OK);
  // An error found in the checked layer, after the gate.
  ASSERT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  EXPECT_EQ(fipsmod_sha256_unmarshal(&ctx, bad_state, sizeof bad_state), FIPSMOD_ERR_HASH_STATE_ID);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  // Errors found in the C layer, before it.
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_sha256(nullptr, 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  fipsmod_sha256_ctx never_initialised{};
  EXPECT_EQ(fipsmod_sha256_sum(&never_initialised, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_sha256_init(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  // The C++ API: a throwing call.
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  fipsmod::sha256::Digest d;
  EXPECT_THROW(d.unmarshal(std::span<const std::uint8_t>(bad_state, sizeof bad_state)), fipsmod::error);
  EXPECT_EQ(fipsmod::service_indicator(), fipsmod::Indicator::not_approved);
}

}  // namespace
