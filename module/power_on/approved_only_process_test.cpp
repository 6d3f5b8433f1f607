// Approved-only mode, in a program of its own (the mode is per process and
// fixed by the first service): each test sets it through the API before
// any service (ctest runs each test in a fresh process; run as one program,
// the first test sets it for all), and ctest runs the program again with
// FIPSMOD_MODE=only and no API call. Every service of testing/service_cases.hpp:
// the non-approved ones refused with FIPSMOD_ERR_NOT_APPROVED, writing
// nothing, the others as in the default mode. The self-tests still run every
// known answer, of non-approved algorithms too.
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
  bool ran = false;
  for (const auto& c : fipsmod::testing::c_cases()) {
    if (c.approval != Approval::approved) continue;
    fipsmod::testing::Hooks hooks;
    alignas(16) std::uint8_t out[kOutSize];
    ASSERT_EQ(c.call(out, hooks), FIPSMOD_OK) << c.name;
    ran = true;
    break;
  }
  ASSERT_TRUE(ran);
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
  EXPECT_GT(refused, 0u);  // the module has non-approved services
  EXPECT_GT(ran, 0u);      // and approved ones
}

// The same refusal on the error's C++ side: the type and the message.
// The self-tests are not services: every known answer still runs, those
// of non-approved algorithms too.
TEST_F(ApprovedOnly, SelfTestsStillRunEveryKnownAnswer) {
  // The power-on run first, so that the callback sees the on-demand run
  // alone, whichever test of this program runs first.
  ASSERT_EQ(fipsmod_power_on(), FIPSMOD_STATE_OPERATIONAL);
  std::vector<std::string> passed;
  fipsmod::selftest::set_callback(
      [](const fipsmod::selftest::Event& e, void* arg) {
        if (e.phase == fipsmod::selftest::Phase::pass)
          static_cast<std::vector<std::string>*>(arg)->emplace_back(e.name);
      },
      &passed);
  EXPECT_EQ(fipsmod_selftest(), FIPSMOD_OK);
  fipsmod::selftest::set_callback(nullptr, nullptr);
  std::size_t registered = 0;
  fipsmod_selftest_info info;
  while (fipsmod_selftest_at(registered, &info) == FIPSMOD_OK) ++registered;
  EXPECT_EQ(passed.size(), registered);
  EXPECT_EQ(fipsmod_state(), FIPSMOD_STATE_OPERATIONAL);
}

}  // namespace
