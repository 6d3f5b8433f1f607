// The approved-service indicator, in the default mode: every service of
// the C and the C++ API (testing/service_cases.hpp) sets it, approved exactly for
// the approved services that succeed; errors, non-approved calls and
// XORBytes leave it not approved; it is per thread; an HMAC context keyed
// with a short key reports not approved on each of its calls whatever ran
// before. Also the mode calls' answers in the default mode.
#include <fipsmod/fipsmod.h>
#include <gtest/gtest.h>

#include <fipsmod/module.hpp>
#include <fipsmod/sha256.hpp>
#include <thread>

#include "testing/service_cases.hpp"

namespace {

using fipsmod::internal::Approval;
using fipsmod::testing::all_cases;
using fipsmod::testing::kOutSize;

int sha256_ok() {
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  return fipsmod_sha256("abc", 3, out);
}
int md5_ok() {
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  return fipsmod_md5("abc", 3, out);
}

TEST(ServiceIndicator, EveryServiceSetsItFromItsApproval) {
  std::size_t approved = 0, not_approved = 0;
  for (const auto& c : all_cases()) {
    // From each starting value, set right before the call: a service must
    // set the indicator, not keep it.
    for (const bool start_approved : {false, true}) {
      fipsmod::testing::Hooks hooks;
      hooks.before = [&] {
        ASSERT_EQ(start_approved ? sha256_ok() : md5_ok(), FIPSMOD_OK);
        ASSERT_EQ(fipsmod_service_indicator(), start_approved ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED);
      };
      alignas(16) std::uint8_t out[kOutSize] = {};
      ASSERT_EQ(c.call(out, hooks), FIPSMOD_OK) << c.name;
      ASSERT_TRUE(hooks.reached) << c.name;
      const int want = c.approval == Approval::approved ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED;
      EXPECT_EQ(fipsmod_service_indicator(), want)
          << c.name << " after a " << (start_approved ? "" : "non-") << "approved call";
      EXPECT_EQ(fipsmod::service_indicator() == fipsmod::Indicator::approved, want == FIPSMOD_APPROVED) << c.name;
    }
    (c.approval == Approval::approved ? approved : not_approved) += 1;
  }
  // Approved: 6 SHA-256 + 6 SHA-224 + 8 HMAC at 14 bytes (C), 9 + 9 + 14
  // (C++). Not: 8 MD5 (6, and 2 on many at once) + 8 HMAC at 13 bytes +
  // XORBytes (C), 11 + 14 + 1 (C++).
  EXPECT_EQ(approved, 52u);
  EXPECT_EQ(not_approved, 43u);
}

TEST(ServiceIndicator, IsNotApprovedBeforeTheThreadsFirstService) {
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  int in_thread = -1;
  std::thread([&] { in_thread = fipsmod_service_indicator(); }).join();
  EXPECT_EQ(in_thread, FIPSMOD_NOT_APPROVED);
}

TEST(ServiceIndicator, IsPerThread) {
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  int in_thread = -1;
  std::thread([&] {
    md5_ok();
    in_thread = fipsmod_service_indicator();
  }).join();
  EXPECT_EQ(in_thread, FIPSMOD_NOT_APPROVED);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED) << "another thread's MD5 changed this thread's indicator";
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
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_hmac_sha256(nullptr, 20, "m", 1, out), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  // XORBytes refused for its arguments.
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  std::size_t n = 0;
  EXPECT_EQ(fipsmod_xor_bytes(out, 1, "ab", 2, "cd", 2, &n), FIPSMOD_ERR_DST_TOO_SHORT);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  // The C++ API: a throwing call.
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  fipsmod::sha256::Digest d;
  EXPECT_THROW(d.unmarshal(std::span<const std::uint8_t>(bad_state, sizeof bad_state)), fipsmod::error);
  EXPECT_EQ(fipsmod::service_indicator(), fipsmod::Indicator::not_approved);
}

// The status comes from the context: each call on an HMAC context keyed
// with 13 bytes is not approved, even right after an approved call, and
// each call on one keyed with 14 bytes is approved, even right after MD5.
TEST(ServiceIndicator, HmacContextsCarryTheirKeysApproval) {
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
    ASSERT_EQ(md5_ok(), FIPSMOD_OK);
    ASSERT_EQ(fipsmod_hmac_sha256_update(&long_key, "data", 4), FIPSMOD_OK);
    EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
    ASSERT_EQ(md5_ok(), FIPSMOD_OK);
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
  fipsmod::hmac::HmacSha224 short_cpp(std::span<const std::uint8_t>(key, 13));
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  short_cpp.reset();
  EXPECT_EQ(fipsmod::service_indicator(), fipsmod::Indicator::not_approved);
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  (void)short_cpp.sum();
  EXPECT_EQ(fipsmod::service_indicator(), fipsmod::Indicator::not_approved);
}

// A key hashed first (longer than the block) is approved for its length.
TEST(ServiceIndicator, LongKeysAreApproved) {
  const std::vector<std::uint8_t> key(100, 7);
  std::uint8_t mac[FIPSMOD_SHA256_SIZE];
  ASSERT_EQ(fipsmod_hmac_sha256(key.data(), key.size(), "m", 1, mac), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  ASSERT_EQ(fipsmod_hmac_sha256(nullptr, 0, "m", 1, mac), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED) << "the empty key";
}

// Functions that are not services leave the indicator as it was.
TEST(ServiceIndicator, NonServicesLeaveItAlone) {
  fipsmod_sha256_ctx ctx;
  ASSERT_EQ(fipsmod_sha256_init(&ctx), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  EXPECT_EQ(fipsmod_sha256_cleanse(&ctx), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_state(), FIPSMOD_STATE_OPERATIONAL);
  EXPECT_NE(fipsmod_impl_name("sha256"), nullptr);
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_NOT_APPROVED), "service not approved in approved-only mode");
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
}

TEST(ServiceMode, DefaultIsAllServices) {
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
  EXPECT_EQ(fipsmod::mode(), fipsmod::Mode::all_services);
  ASSERT_EQ(md5_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
}

TEST(ServiceMode, IsFixedByTheFirstService) {
  ASSERT_EQ(md5_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY), FIPSMOD_ERR_MODE_FIXED);
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_MODE_FIXED), "mode already fixed: set it before the first service");
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_ALL_SERVICES), FIPSMOD_OK) << "the mode in effect";
  EXPECT_EQ(fipsmod_set_mode(2), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_set_mode(-1), FIPSMOD_ERR_INVALID_ARGUMENT);
  try {
    fipsmod::set_mode(fipsmod::Mode::approved_only);
    ADD_FAILURE() << "set_mode after the first service did not throw";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_MODE_FIXED);
  }
  EXPECT_EQ(md5_ok(), FIPSMOD_OK) << "MD5 still runs";
}

// Each first service below is the first of its process when ctest runs it
// (one process per test): whatever the service, the mode is then fixed.
void expect_fixed_by_first_service() {
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY), FIPSMOD_ERR_MODE_FIXED);
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
  EXPECT_EQ(md5_ok(), FIPSMOD_OK) << "MD5 still runs";
}

TEST(ServiceMode, IsFixedByAnApprovedFirstService) {
  ASSERT_EQ(sha256_ok(), FIPSMOD_OK);
  expect_fixed_by_first_service();
}

TEST(ServiceMode, IsFixedByXorBytesFirst) {
  std::uint8_t a[4] = {1, 2, 3, 4}, out[4];
  std::size_t n = 0;
  ASSERT_EQ(fipsmod_xor_bytes(out, sizeof out, a, sizeof a, a, sizeof a, &n), FIPSMOD_OK);
  expect_fixed_by_first_service();
}

TEST(ServiceMode, IsFixedByAFirstServiceRefusedForItsArguments) {
  ASSERT_EQ(fipsmod_sha256("abc", 3, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  expect_fixed_by_first_service();
}

TEST(ServiceMode, IsFixedByAFirstCppService) {
  (void)fipsmod::sha256::sum(std::string_view("abc"));
  expect_fixed_by_first_service();
}

}  // namespace
