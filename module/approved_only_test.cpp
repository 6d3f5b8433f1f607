// Approved-only mode, in a program of its own (the mode is per process and
// fixed by the first service): each test sets it through the API before
// any service (ctest runs each test in a fresh process; run as one program,
// the first test sets it for all), and ctest runs the program again with
// FIPSMOD_MODE=only and no API call. Every service of testing/service_cases.hpp:
// the non-approved ones refused with FIPSMOD_ERR_NOT_APPROVED, writing
// nothing, the others as in the default mode. The self-tests still run MD5.
#include <fipsmod/fipsmod.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fipsmod/module.hpp>
#include <fipsmod/selftest.hpp>
#include <string>
#include <vector>

#include "testing/service_cases.hpp"

namespace {

using fipsmod::internal::Approval;
using fipsmod::testing::kOutSize;

bool mode_from_environment() {
  const char* env = std::getenv("FIPSMOD_MODE");
  return env != nullptr && std::string(env) == "only";
}

class ApprovedOnly : public ::testing::Test {
 protected:
  void SetUp() override {
    if (mode_from_environment()) {
      ASSERT_EQ(fipsmod_mode(), FIPSMOD_MODE_APPROVED_ONLY) << "FIPSMOD_MODE=only was not read";
    } else {
      ASSERT_EQ(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY), FIPSMOD_OK);
    }
    ASSERT_EQ(fipsmod::mode(), fipsmod::Mode::approved_only);
  }
};

// Approved-only is a one-way switch, before the first service (in a fresh
// process, as ctest runs it) and after.
TEST_F(ApprovedOnly, CannotBeLeft) {
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_ALL_SERVICES), FIPSMOD_ERR_MODE_FIXED);
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_APPROVED_ONLY);
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY), FIPSMOD_OK);
  std::uint8_t out[FIPSMOD_SHA256_SIZE];
  ASSERT_EQ(fipsmod_sha256("abc", 3, out), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_ALL_SERVICES), FIPSMOD_ERR_MODE_FIXED);
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_APPROVED_ONLY);
}

TEST_F(ApprovedOnly, RefusesEveryNonApprovedServiceAndRunsTheRest) {
  std::size_t refused = 0, ran = 0;
  for (const auto& c : fipsmod::testing::all_cases()) {
    alignas(16) std::uint8_t out[kOutSize];
    std::fill(std::begin(out), std::end(out), 0x5a);
    fipsmod::testing::Hooks hooks;
    const int status = c.call(out, hooks);
    if (c.approval == Approval::not_approved) {
      EXPECT_EQ(status, FIPSMOD_ERR_NOT_APPROVED) << c.name;
      EXPECT_TRUE(std::all_of(std::begin(out), std::end(out), [](std::uint8_t b) { return b == 0x5a; }))
          << c.name << " wrote to its output";
      EXPECT_FALSE(hooks.state_changed) << c.name << " changed its context";
      ++refused;
    } else {
      EXPECT_EQ(status, FIPSMOD_OK) << c.name;
      ++ran;
    }
    const int want = status == FIPSMOD_OK && c.approval == Approval::approved ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED;
    EXPECT_EQ(fipsmod_service_indicator(), want) << c.name;
  }
  EXPECT_EQ(refused, 41u);  // MD5 and HMAC at 13 bytes (indicator_test.cpp counts them)
  EXPECT_EQ(ran, 54u);      // the approved ones and the two XORBytes
}

// The same refusal on the error's C++ side: the type and the message.
TEST_F(ApprovedOnly, CppThrowsFipsmodError) {
  try {
    (void)fipsmod::md5::sum(std::string_view("abc"));
    ADD_FAILURE() << "md5::sum ran";
  } catch (const fipsmod::module_error&) {
    ADD_FAILURE() << "a refusal for the mode is not a module error";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_NOT_APPROVED);
    EXPECT_STREQ(e.what(), "service not approved in approved-only mode");
  }
  EXPECT_THROW(fipsmod::hmac::HmacSha256(std::string_view("thirteen byte")), fipsmod::error);
  EXPECT_NO_THROW(fipsmod::hmac::HmacSha256(std::string_view("fourteen bytes")));
}

// A refused C context stays as the caller left it.
TEST_F(ApprovedOnly, RefusedInitsLeaveTheContextAlone) {
  fipsmod_md5_ctx md5;
  fipsmod_hmac_sha256_ctx hmac;
  std::memset(&md5, 0x33, sizeof md5);
  std::memset(&hmac, 0x33, sizeof hmac);
  EXPECT_EQ(fipsmod_md5_init(&md5), FIPSMOD_ERR_NOT_APPROVED);
  EXPECT_EQ(fipsmod_hmac_sha256_init(&hmac, "thirteen byte", 13), FIPSMOD_ERR_NOT_APPROVED);
  const auto untouched = [](const auto& ctx) {
    const auto* p = reinterpret_cast<const unsigned char*>(&ctx);
    return std::all_of(p, p + sizeof ctx, [](unsigned char b) { return b == 0x33; });
  };
  EXPECT_TRUE(untouched(md5));
  EXPECT_TRUE(untouched(hmac));
  // So they are still refused as uninitialised.
  std::uint8_t out[FIPSMOD_MD5_SIZE];
  EXPECT_EQ(fipsmod_md5_sum(&md5, out), FIPSMOD_ERR_CTX_UNINITIALIZED);
}

// The self-tests are not services: MD5's known-answer tests still run.
TEST_F(ApprovedOnly, SelfTestsStillRunMd5) {
  std::vector<std::string> passed;
  fipsmod::selftest::set_callback(
      [](const fipsmod::selftest::Event& e, void* arg) {
        if (e.phase == fipsmod::selftest::Phase::pass)
          static_cast<std::vector<std::string>*>(arg)->emplace_back(e.name);
      },
      &passed);
  EXPECT_EQ(fipsmod_selftest(), FIPSMOD_OK);
  fipsmod::selftest::set_callback(nullptr, nullptr);
  EXPECT_TRUE(std::any_of(passed.begin(), passed.end(), [](const std::string& n) { return n.starts_with("MD5/"); }));
  EXPECT_EQ(fipsmod_state(), FIPSMOD_STATE_OPERATIONAL);
}

}  // namespace
