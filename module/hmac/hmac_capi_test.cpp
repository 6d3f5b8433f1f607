// The C API of HMAC over every SHA-2 hash: the vectors through every
// function, every status code, nothing written on error, zeroisation, and
// the indicator from the key's length.
#include <fipsmod/fipsmod.h>
#include <fipsmod/hmac.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "testing/hash_zeroisation.hpp"
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

#ifndef FIPSMOD_TEST_ASAN
// The one-shot and _sum compute the MAC into a local before writing out;
// hmac.h promises the one-shot leaves no key-derived byte in the library's
// memory, so that local is wiped. The test scrubs the stack below it, makes
// the call (out is on the heap, not in the area read), and looks for the
// MAC in what the call's frames left (testing/hash_zeroisation.hpp, which
// first checks that it would see a residue; skipped under
// AddressSanitizer, whose fake stack hides frames).
TEST(CApiHmac, NoCopyOfTheMacIsLeftOnTheStack) {
  namespace z = fipsmod::testing::zeroisation;
  z::expect_residue_is_seen();
  Bytes key(40), data(100);
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(0x31 + 7 * i);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(0x90 + 11 * i);
  const auto expect_clean = [&](const std::string& what, std::size_t size, auto&& call) {
    Bytes out(size, 0);
    z::scrub_stack();
    const int status = call(out.data());
    const bool left = z::stack_holds(out);  // before anything else runs
    ASSERT_EQ(status, FIPSMOD_OK) << what;
    ASSERT_FALSE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; })) << what;
    EXPECT_FALSE(left) << what << " left a copy of the MAC on the stack";
  };
  expect_clean("fipsmod_hmac_sha256", FIPSMOD_SHA256_SIZE, [&](std::uint8_t* out) {
    return fipsmod_hmac_sha256(key.data(), key.size(), data.data(), data.size(), out);
  });
  expect_clean("fipsmod_hmac_sha512", FIPSMOD_SHA512_SIZE, [&](std::uint8_t* out) {
    return fipsmod_hmac_sha512(key.data(), key.size(), data.data(), data.size(), out);
  });
  auto ctx256 = std::make_unique<fipsmod_hmac_sha256_ctx>();
  ASSERT_EQ(fipsmod_hmac_sha256_init(ctx256.get(), key.data(), key.size()), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_hmac_sha256_update(ctx256.get(), data.data(), data.size()), FIPSMOD_OK);
  expect_clean("fipsmod_hmac_sha256_sum", FIPSMOD_SHA256_SIZE,
               [&](std::uint8_t* out) { return fipsmod_hmac_sha256_sum(ctx256.get(), out); });
  auto ctx512 = std::make_unique<fipsmod_hmac_sha512_ctx>();
  ASSERT_EQ(fipsmod_hmac_sha512_init(ctx512.get(), key.data(), key.size()), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_hmac_sha512_update(ctx512.get(), data.data(), data.size()), FIPSMOD_OK);
  expect_clean("fipsmod_hmac_sha512_sum", FIPSMOD_SHA512_SIZE,
               [&](std::uint8_t* out) { return fipsmod_hmac_sha512_sum(ctx512.get(), out); });
  EXPECT_EQ(fipsmod_hmac_sha256_cleanse(ctx256.get()), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_hmac_sha512_cleanse(ctx512.get()), FIPSMOD_OK);
}
#endif

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


// Every hash through its C functions (HmacApi names them): the vectors
// one-shot and streamed, errors that write nothing, another hash's context
// refused, cleansing, and the 14-byte rule at its boundary.
template <class Hash>
struct Wide {
  using Api = fipsmod::hmac::HmacApi<Hash>;
  static constexpr std::size_t size = std::tuple_size_v<typename Hash::Sum>;
};

template <class Hash>
void expect_vectors_through_the_c_api(const char* file) {
  using Api = typename Wide<Hash>::Api;
  constexpr std::size_t n = Wide<Hash>::size;
  std::size_t checked = 0;
  for (const auto& v : load_vectors(file)) {
    const Bytes key = v.bytes("Key"), in = v.bytes("In");
    const std::string& want = v.text("Out");
    std::uint8_t one[n] = {}, streamed[n] = {};
    const std::size_t half = in.size() / 3;
    ASSERT_EQ(Api::one_shot(key.data(), key.size(), in.data(), in.size(), one), FIPSMOD_OK);
    typename Api::ctx ctx;
    ASSERT_EQ(Api::init(&ctx, key.data(), key.size()), FIPSMOD_OK);
    ASSERT_EQ(Api::update(&ctx, in.data(), half), FIPSMOD_OK);
    ASSERT_EQ(Api::update(&ctx, in.data() + half, in.size() - half), FIPSMOD_OK);
    ASSERT_EQ(Api::sum(&ctx, streamed), FIPSMOD_OK);
    ASSERT_EQ(Api::cleanse(&ctx), FIPSMOD_OK);
    EXPECT_EQ(to_hex(one, n).substr(0, want.size()), want) << file << " line " << v.line;
    EXPECT_EQ(to_hex(streamed, n).substr(0, want.size()), want) << file << " line " << v.line;
    ++checked;
  }
  EXPECT_GT(checked, 1000u) << file;
}

TEST(CApiHmacSha512Family, VectorsOneShotAndStreaming) {
  expect_vectors_through_the_c_api<fipsmod::sha512::Digest>("hmac_sha512.vec");
  expect_vectors_through_the_c_api<fipsmod::sha384::Digest>("hmac_sha384.vec");
  expect_vectors_through_the_c_api<fipsmod::sha512_224::Digest>("hmac_sha512_224.vec");
  expect_vectors_through_the_c_api<fipsmod::sha512_256::Digest>("hmac_sha512_256.vec");
}

TEST(CApiHmacSha512Family, ImplName) {
  for (const char* name : {"hmac_sha512", "hmac_sha384", "hmac_sha512_224", "hmac_sha512_256"}) {
    EXPECT_STREQ(fipsmod_impl_name(name), fipsmod_impl_name("sha512")) << name;
  }
}

template <class Hash, class OtherCtx>
void expect_errors_write_nothing(OtherCtx& other) {
  using Api = typename Wide<Hash>::Api;
  constexpr std::size_t n = Wide<Hash>::size;
  std::uint8_t out[n];
  std::memset(out, 0x77, sizeof out);
  const std::string untouched(2 * n, '7');
  EXPECT_EQ(Api::one_shot(nullptr, 1, "m", 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(Api::one_shot("k", 1, nullptr, 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(Api::one_shot("k", 1, "m", 1, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  typename Api::ctx ctx;
  std::memset(&ctx, 0x33, sizeof ctx);
  EXPECT_EQ(Api::init(nullptr, "k", 1), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(Api::init(&ctx, nullptr, 1), FIPSMOD_ERR_NULL_ARGUMENT);
  const auto* bytes = reinterpret_cast<const unsigned char*>(&ctx);
  EXPECT_TRUE(std::all_of(bytes, bytes + sizeof ctx, [](unsigned char b) { return b == 0x33; }))
      << "a refused init writes nothing";
  EXPECT_EQ(Api::update(&ctx, "m", 1), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(Api::sum(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(Api::reset(&ctx), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(to_hex(out, n), untouched);
  ASSERT_EQ(Api::one_shot(nullptr, 0, nullptr, 0, out), FIPSMOD_OK);  // empty key, empty message
  // A context of another hash (of the same size) is refused.
  static_assert(sizeof other == sizeof ctx);
  ASSERT_EQ(Api::init(&ctx, "key", 3), FIPSMOD_OK);
  std::memcpy(&other, &ctx, sizeof other);
  // Cleansed: all zero, and refused.
  ASSERT_EQ(Api::cleanse(&ctx), FIPSMOD_OK);
  EXPECT_TRUE(std::all_of(bytes, bytes + sizeof ctx, [](unsigned char b) { return b == 0; }));
  EXPECT_EQ(Api::sum(&ctx, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
  EXPECT_EQ(Api::cleanse(nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

TEST(CApiHmacSha512Family, ErrorsWriteNothingAndOtherHashesContextsAreRefused) {
  fipsmod_hmac_sha512_ctx a;
  fipsmod_hmac_sha384_ctx b;
  fipsmod_hmac_sha512_224_ctx c;
  fipsmod_hmac_sha512_256_ctx d;
  expect_errors_write_nothing<fipsmod::sha512::Digest>(b);  // b: a SHA-512 context
  expect_errors_write_nothing<fipsmod::sha384::Digest>(c);
  expect_errors_write_nothing<fipsmod::sha512_224::Digest>(d);
  expect_errors_write_nothing<fipsmod::sha512_256::Digest>(a);
  std::uint8_t out[FIPSMOD_SHA512_SIZE];
  EXPECT_EQ(fipsmod_hmac_sha384_sum(&b, out), FIPSMOD_ERR_CTX_UNINITIALIZED) << "an HMAC-SHA-512 context";
  EXPECT_EQ(fipsmod_hmac_sha512_224_sum(&c, out), FIPSMOD_ERR_CTX_UNINITIALIZED) << "an HMAC-SHA-384 context";
  EXPECT_EQ(fipsmod_hmac_sha512_256_sum(&d, out), FIPSMOD_ERR_CTX_UNINITIALIZED) << "an HMAC-SHA-512/224 context";
  EXPECT_EQ(fipsmod_hmac_sha512_sum(&a, out), FIPSMOD_ERR_CTX_UNINITIALIZED) << "an HMAC-SHA-512/256 context";
  for (void* ctx : {static_cast<void*>(&a), static_cast<void*>(&b), static_cast<void*>(&c), static_cast<void*>(&d)}) {
    std::memset(ctx, 0, sizeof a);
  }
}

// The 14-byte rule for every hash, at its boundary (13 not approved; 14 and
// 15 approved; an empty key not; a key longer than the 128-byte block, which
// is hashed first, approved): the one-shot, init, and every call on the
// context, through the indicator; approved-only mode refusing the same
// calls is approved_only_process_test's, over the service cases.
template <class Hash>
void expect_the_14_byte_rule(const char* name) {
  using Api = typename Wide<Hash>::Api;
  std::uint8_t out[Wide<Hash>::size];
  const std::vector<std::uint8_t> key(200, 0x42);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{13}, std::size_t{14}, std::size_t{15},
                              std::size_t{128}, std::size_t{129}, std::size_t{200}}) {
    SCOPED_TRACE(std::string(name) + ", key " + std::to_string(n) + " bytes");
    const int want = n >= 14 ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED;
    const int other = n >= 14 ? FIPSMOD_NOT_APPROVED : FIPSMOD_APPROVED;
    // Before each call, a call that leaves the other status.
    const auto set_other = [&] { ASSERT_EQ(other == FIPSMOD_APPROVED ? sha256_ok() : short_key_ok(), FIPSMOD_OK); };
    set_other();
    ASSERT_EQ(Api::one_shot(key.data(), n, "m", 1, out), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), want) << "one-shot";
    typename Api::ctx ctx;
    set_other();
    ASSERT_EQ(Api::init(&ctx, key.data(), n), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), want) << "init";
    set_other();
    ASSERT_EQ(Api::update(&ctx, "data", 4), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), want) << "update";
    set_other();
    ASSERT_EQ(Api::sum(&ctx, out), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), want) << "sum";
    set_other();
    ASSERT_EQ(Api::reset(&ctx), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), want) << "reset";
    Api::cleanse(&ctx);
  }
}

TEST(HmacIndicator, TheKeyRuleForEveryHashAtItsBoundary) {
  expect_the_14_byte_rule<fipsmod::sha256::Digest>("HMAC-SHA-256");
  expect_the_14_byte_rule<fipsmod::sha224::Digest>("HMAC-SHA-224");
  expect_the_14_byte_rule<fipsmod::sha512::Digest>("HMAC-SHA-512");
  expect_the_14_byte_rule<fipsmod::sha384::Digest>("HMAC-SHA-384");
  expect_the_14_byte_rule<fipsmod::sha512_224::Digest>("HMAC-SHA-512/224");
  expect_the_14_byte_rule<fipsmod::sha512_256::Digest>("HMAC-SHA-512/256");
}

}  // namespace
