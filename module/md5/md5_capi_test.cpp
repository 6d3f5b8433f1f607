// MD5's C functions: one-shot, streaming, saved states, every status code,
// and nothing written on error. Digests come from the Botan vectors.
#include <fipsmod/fipsmod.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "testing/vec_file.hpp"

namespace {

using fipsmod::testing::load_vectors;
using fipsmod::testing::to_hex;
using Bytes = std::vector<std::uint8_t>;

const fipsmod::testing::Vector& md5_vector(std::size_t length) {
  static const auto all = load_vectors("md5.vec");
  return all.at(length);  // the file starts with lengths 0, 1, 2, ...
}

TEST(CApi, OneShotMd5) {
  const auto& v = md5_vector(100);
  const Bytes in = v.bytes("In");
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  ASSERT_EQ(fipsmod_md5(in.data(), in.size(), out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(fipsmod_md5(nullptr, 0, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), md5_vector(0).text("Out"));

  std::uint8_t untouched[FIPSMOD_MD5_SIZE];
  std::memset(untouched, 0x77, sizeof untouched);
  EXPECT_EQ(fipsmod_md5(nullptr, 5, untouched), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(to_hex(untouched, sizeof untouched), std::string(32, '7'));
  EXPECT_EQ(fipsmod_md5(in.data(), in.size(), nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

TEST(CApi, StreamingMd5AndSavedState) {
  const auto& v = md5_vector(150);
  const Bytes in = v.bytes("In");
  fipsmod_md5_ctx ctx;
  ASSERT_EQ(fipsmod_md5_init(&ctx), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update(&ctx, in.data(), 70), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update(&ctx, nullptr, 0), FIPSMOD_OK);

  std::uint8_t state[FIPSMOD_MD5_MARSHALED_SIZE];
  ASSERT_EQ(fipsmod_md5_marshal(&ctx, state), FIPSMOD_OK);
  fipsmod_md5_ctx copy = ctx;  // a plain struct copy clones the hash
  ASSERT_EQ(fipsmod_md5_update(&ctx, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  ASSERT_EQ(fipsmod_md5_sum(&ctx, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
  ASSERT_EQ(fipsmod_md5_sum(&ctx, out), FIPSMOD_OK);  // sum leaves the state alone
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));

  ASSERT_EQ(fipsmod_md5_update(&copy, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_sum(&copy, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));

  // A context that was never initialised can be restored from a state.
  fipsmod_md5_ctx restored;
  std::memset(&restored, 0, sizeof restored);
  ASSERT_EQ(fipsmod_md5_unmarshal(&restored, state, sizeof state), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update(&restored, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_sum(&restored, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
}

TEST(CApi, UninitializedContextIsRefused) {
  fipsmod_md5_ctx ctx;
  std::memset(&ctx, 0, sizeof ctx);
  std::uint8_t out[FIPSMOD_MD5_MARSHALED_SIZE];
  std::memset(out, 0x77, sizeof out);
  EXPECT_EQ(fipsmod_md5_update(&ctx, "abc", 3), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_md5_sum(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(fipsmod_md5_marshal(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(to_hex(out, sizeof out), std::string(2 * sizeof out, '7'));
}

// A context whose first word still holds the tag of an earlier life but
// whose rest is garbage (memory reused without fipsmod_md5_init): restoring
// a saved state into it must not keep anything of it, the kernel pointer
// least of all. (Before the fix the restored context hashed through the
// garbage pointer and crashed on the next update.)
TEST(CApi, UnmarshalIntoAStaleContextKeepsNothingOfIt) {
  const auto& v = md5_vector(200);
  const Bytes in = v.bytes("In");
  fipsmod_md5_ctx fresh;
  ASSERT_EQ(fipsmod_md5_init(&fresh), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update(&fresh, in.data(), 70), FIPSMOD_OK);
  std::uint8_t saved[FIPSMOD_MD5_MARSHALED_SIZE];
  ASSERT_EQ(fipsmod_md5_marshal(&fresh, saved), FIPSMOD_OK);

  fipsmod_md5_ctx stale;
  std::memset(&stale, 0xa5, sizeof stale);
  std::memcpy(&stale, &fresh, sizeof(std::uint64_t));  // the tag, and nothing else
  ASSERT_EQ(fipsmod_md5_unmarshal(&stale, saved, sizeof saved), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update(&stale, in.data() + 70, in.size() - 70), FIPSMOD_OK);
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  ASSERT_EQ(fipsmod_md5_sum(&stale, out), FIPSMOD_OK);
  EXPECT_EQ(to_hex(out, sizeof out), v.text("Out"));
}

TEST(CApi, NullArguments) {
  fipsmod_md5_ctx ctx;
  ASSERT_EQ(fipsmod_md5_init(&ctx), FIPSMOD_OK);
  std::uint8_t out[FIPSMOD_MD5_MARSHALED_SIZE];
  EXPECT_EQ(fipsmod_md5_init(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_update(nullptr, "a", 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_update(&ctx, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_sum(nullptr, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_sum(&ctx, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_marshal(nullptr, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_marshal(&ctx, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_unmarshal(nullptr, out, sizeof out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_md5_unmarshal(&ctx, nullptr, 92), FIPSMOD_ERR_NULL_ARGUMENT);
  std::uint8_t d[4];
  EXPECT_EQ(fipsmod_xor_bytes(d, 4, nullptr, 4, "abcd", 4, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_xor_bytes(nullptr, 4, "abcd", 4, "abcd", 4, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

TEST(CApi, BadStatesLeaveTheContextUnchanged) {
  fipsmod_md5_ctx ctx;
  ASSERT_EQ(fipsmod_md5_init(&ctx), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_md5_update(&ctx, "in progress", 11), FIPSMOD_OK);
  std::uint8_t before[FIPSMOD_MD5_MARSHALED_SIZE], after[FIPSMOD_MD5_MARSHALED_SIZE];
  ASSERT_EQ(fipsmod_md5_marshal(&ctx, before), FIPSMOD_OK);

  std::uint8_t bad[FIPSMOD_MD5_MARSHALED_SIZE + 1];
  std::memcpy(bad, before, sizeof before);
  bad[0] = 'M';
  EXPECT_EQ(fipsmod_md5_unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_ID);
  EXPECT_EQ(fipsmod_md5_unmarshal(&ctx, nullptr, 0), FIPSMOD_ERR_HASH_STATE_ID);
  bad[0] = 'm';
  EXPECT_EQ(fipsmod_md5_unmarshal(&ctx, bad, sizeof bad), FIPSMOD_ERR_HASH_STATE_SIZE);
  bad[83] = 1;  // past the 11 buffered bytes
  EXPECT_EQ(fipsmod_md5_unmarshal(&ctx, bad, sizeof before), FIPSMOD_ERR_HASH_STATE_PADDING);

  ASSERT_EQ(fipsmod_md5_marshal(&ctx, after), FIPSMOD_OK);
  EXPECT_EQ(to_hex(after, sizeof after), to_hex(before, sizeof before));
}

}  // namespace
