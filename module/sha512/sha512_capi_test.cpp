// The C API of SHA-512, SHA-384, SHA-512/224 and SHA-512/256: every
// function, every status code, nothing written on error, each kind of
// context refused by the others' functions. Digests come from the vectors.
#include <fipsmod/fipsmod.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <fipsmod/sha512.hpp>

#include "testing/vec_file.hpp"

namespace {

using fipsmod::testing::load_vectors;
using fipsmod::testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

const fipsmod::testing::Vector& vector_of(const char* file, std::size_t length) {
  static std::map<std::string, std::vector<fipsmod::testing::Vector>> loaded;
  auto& v = loaded[file];
  if (v.empty()) v = load_vectors(file);
  return v.at(length);  // lengths 0, 1, 2, ... first
}

// One variant's functions, so one test body covers the four.
template <class Ctx, std::size_t Size>
struct Api {
  const char* file;
  int (*one_shot)(const void*, size_t, uint8_t*) noexcept;
  int (*init)(Ctx*) noexcept;
  int (*update)(Ctx*, const void*, size_t) noexcept;
  int (*sum)(const Ctx*, uint8_t*) noexcept;
  int (*marshal)(const Ctx*, uint8_t*) noexcept;
  int (*unmarshal)(Ctx*, const void*, size_t) noexcept;
  int (*cleanse)(Ctx*) noexcept;
  std::uint8_t version;
};
#define FIPSMOD_TEST_API(NAME, SIZE, FILE, VERSION)                                                            \
  const Api<fipsmod_##NAME##_ctx, SIZE> k_##NAME{FILE,                                                         \
                                                 fipsmod_##NAME,                                               \
                                                 fipsmod_##NAME##_init,                                        \
                                                 fipsmod_##NAME##_update,                                      \
                                                 fipsmod_##NAME##_sum,                                         \
                                                 fipsmod_##NAME##_marshal,                                     \
                                                 fipsmod_##NAME##_unmarshal,                                   \
                                                 fipsmod_##NAME##_cleanse,                                     \
                                                 VERSION};
FIPSMOD_TEST_API(sha512, FIPSMOD_SHA512_SIZE, "sha512.vec", 0x07)
FIPSMOD_TEST_API(sha384, FIPSMOD_SHA384_SIZE, "sha384.vec", 0x04)
FIPSMOD_TEST_API(sha512_224, FIPSMOD_SHA512_224_SIZE, "sha512_224.vec", 0x05)
FIPSMOD_TEST_API(sha512_256, FIPSMOD_SHA512_256_SIZE, "sha512_256.vec", 0x06)
#undef FIPSMOD_TEST_API

template <class Ctx, std::size_t Size>
void one_shot_and_streaming(const Api<Ctx, Size>& api) {
  const auto& v = vector_of(api.file, 290);
  const Bytes in = v.bytes("In");
  std::uint8_t out[Size];
  ASSERT_EQ(api.one_shot(in.data(), in.size(), out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(api.one_shot(nullptr, 0, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), vector_of(api.file, 0).text("Out"));

  Ctx ctx;
  ASSERT_EQ(api.init(&ctx), FIPSMOD_OK);
  ASSERT_EQ(api.update(&ctx, in.data(), 140), FIPSMOD_OK);
  ASSERT_EQ(api.update(&ctx, nullptr, 0), FIPSMOD_OK);
  std::uint8_t state[FIPSMOD_SHA512_MARSHALED_SIZE];
  ASSERT_EQ(api.marshal(&ctx, state), FIPSMOD_OK);
  EXPECT_EQ(Bytes(state, state + 4), (Bytes{'s', 'h', 'a', api.version}));
  Ctx copy = ctx;  // a plain struct copy clones the hash
  ASSERT_EQ(api.update(&ctx, in.data() + 140, in.size() - 140), FIPSMOD_OK);
  ASSERT_EQ(api.sum(&ctx, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(api.sum(&ctx, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(api.update(&copy, in.data() + 140, in.size() - 140), FIPSMOD_OK);
  ASSERT_EQ(api.sum(&copy, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));

  // Restored into a context that was never initialised, or is garbage
  // behind a stale tag.
  Ctx restored;
  std::memset(&restored, 0xa5, sizeof restored);
  std::memcpy(&restored, &ctx, sizeof(std::uint64_t));
  ASSERT_EQ(api.unmarshal(&restored, state, sizeof state), FIPSMOD_OK);
  ASSERT_EQ(api.update(&restored, in.data() + 140, in.size() - 140), FIPSMOD_OK);
  ASSERT_EQ(api.sum(&restored, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));

  // A cleansed context is refused as uninitialised.
  EXPECT_EQ(api.cleanse(&restored), FIPSMOD_OK);
  EXPECT_EQ(api.sum(&restored, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(api.cleanse(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

TEST(CApiSha512, OneShotStreamingAndSavedState) {
  one_shot_and_streaming(k_sha512);
  one_shot_and_streaming(k_sha384);
  one_shot_and_streaming(k_sha512_224);
  one_shot_and_streaming(k_sha512_256);
}

template <class Ctx, std::size_t Size>
void errors_write_nothing(const Api<Ctx, Size>& api) {
  std::uint8_t out[FIPSMOD_SHA512_MARSHALED_SIZE];
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
  EXPECT_EQ(api.unmarshal(nullptr, out, FIPSMOD_SHA512_MARSHALED_SIZE), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(api.unmarshal(&ctx, nullptr, FIPSMOD_SHA512_MARSHALED_SIZE), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(to_hex(out, sizeof out), untouched);

  // Bad states leave the context as it was.
  ASSERT_EQ(api.update(&ctx, "in progress", 11), FIPSMOD_OK);
  std::uint8_t before[FIPSMOD_SHA512_MARSHALED_SIZE], after[FIPSMOD_SHA512_MARSHALED_SIZE];
  ASSERT_EQ(api.marshal(&ctx, before), FIPSMOD_OK);
  std::uint8_t bad[FIPSMOD_SHA512_MARSHALED_SIZE + 1];
  std::memcpy(bad, before, sizeof before);
  for (std::uint8_t other = 0x04; other <= 0x07; ++other) {  // the other three variants' states
    if (other == api.version) continue;
    bad[3] = other;
    EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_ID) << int(other);
  }
  bad[3] = 0x03;  // SHA-256's identifier, at SHA-512's size
  EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_ID);
  EXPECT_EQ(api.unmarshal(&ctx, nullptr, 0), FIPSMOD_ERR_HASH_STATE_ID);
  bad[3] = api.version;
  EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof bad), FIPSMOD_ERR_HASH_STATE_SIZE);
  EXPECT_EQ(api.unmarshal(&ctx, bad, 108), FIPSMOD_ERR_HASH_STATE_SIZE);  // a SHA-256 state's size
  bad[195] = 1;  // past the 11 buffered bytes
  EXPECT_EQ(api.unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_PADDING);
  ASSERT_EQ(api.marshal(&ctx, after), FIPSMOD_OK);
  EXPECT_EQ(to_hex(after, sizeof after), to_hex(before, sizeof before));
}

TEST(CApiSha512, ErrorsWriteNothing) {
  errors_write_nothing(k_sha512);
  errors_write_nothing(k_sha384);
  errors_write_nothing(k_sha512_224);
  errors_write_nothing(k_sha512_256);
}

// A context of one variant, copied byte for byte into another's type, is
// refused by that variant's functions.
template <class From, class To, std::size_t FromSize, std::size_t ToSize>
void expect_context_refused(const Api<From, FromSize>& from, const Api<To, ToSize>& to) {
  static_assert(sizeof(From) == sizeof(To));
  From ctx;
  ASSERT_EQ(from.init(&ctx), FIPSMOD_OK);
  To as;
  std::memcpy(&as, &ctx, sizeof as);
  std::uint8_t out[FIPSMOD_SHA512_MARSHALED_SIZE];
  EXPECT_EQ(to.sum(&as, out), FIPSMOD_ERR_CTX_UNINITIALIZED) << from.file << " as " << to.file;
  EXPECT_EQ(to.update(&as, "a", 1), FIPSMOD_ERR_CTX_UNINITIALIZED) << from.file << " as " << to.file;
  EXPECT_EQ(to.marshal(&as, out), FIPSMOD_ERR_CTX_UNINITIALIZED) << from.file << " as " << to.file;
}

TEST(CApiSha512, ContextsOfTheOtherVariantsAreRefused) {
  const auto each_to = [](const auto& from) {
    if (from.version != k_sha512.version) expect_context_refused(from, k_sha512);
    if (from.version != k_sha384.version) expect_context_refused(from, k_sha384);
    if (from.version != k_sha512_224.version) expect_context_refused(from, k_sha512_224);
    if (from.version != k_sha512_256.version) expect_context_refused(from, k_sha512_256);
  };
  each_to(k_sha512);
  each_to(k_sha384);
  each_to(k_sha512_224);
  each_to(k_sha512_256);
}

TEST(CApiSha512, ImplName) {
  ASSERT_NE(fipsmod_impl_name("sha512"), nullptr);
  EXPECT_STREQ(fipsmod_impl_name("sha384"), fipsmod_impl_name("sha512"));
  EXPECT_STREQ(fipsmod_impl_name("sha512_224"), fipsmod_impl_name("sha512"));
  EXPECT_STREQ(fipsmod_impl_name("sha512_256"), fipsmod_impl_name("sha512"));
  EXPECT_EQ(fipsmod_impl_name("SHA512"), nullptr);
  EXPECT_EQ(fipsmod_impl_name("sha512_"), nullptr);
}

}  // namespace
