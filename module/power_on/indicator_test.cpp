// The approved-service indicator, in the default mode: every service of
// the C and the C++ API (testing/service_cases.hpp) sets it, approved exactly for
// the approved services that succeed; non-approved calls and those that
// are no cryptographic service leave it not approved; it is per thread.
// Also the mode calls' answers in the default mode. (How each algorithm's
// errors and keys set it is tested in its folder.)
#include <fipsmod/fipsmod.h>
#include <gtest/gtest.h>

#include <fipsmod/module.hpp>
#include <thread>

#include "testing/service_cases.hpp"

namespace {

using fipsmod::internal::Approval;
using fipsmod::testing::all_cases;
using fipsmod::testing::kOutSize;

// The first C case of the table with approval `a`, called on its own. (The
// tables are built once: a test calls this before every case.)
int call_one(Approval a, bool cpp = false) {
  static const auto c_table = fipsmod::testing::c_cases();
  static const auto cpp_table = fipsmod::testing::cpp_cases();
  for (const auto& c : cpp ? cpp_table : c_table) {
    if (c.approval != a) continue;
    fipsmod::testing::Hooks hooks;
    alignas(16) std::uint8_t out[kOutSize] = {};
    return c.call(out, hooks);
  }
  ADD_FAILURE() << "no case of that approval";
  return FIPSMOD_ERR_INVALID_ARGUMENT;
}
int approved_ok() { return call_one(Approval::approved); }
int not_approved_ok() { return call_one(Approval::not_approved); }

TEST(ServiceIndicator, EveryServiceSetsItFromItsApproval) {
  std::size_t approved = 0, not_approved = 0;
  for (const auto& c : all_cases()) {
    // From each starting value, set right before the call: a service must
    // set the indicator, not keep it.
    for (const bool start_approved : {false, true}) {
      fipsmod::testing::Hooks hooks;
      hooks.before = [&] {
        ASSERT_EQ(start_approved ? approved_ok() : not_approved_ok(), FIPSMOD_OK);
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
  // Both kinds are there, so each half of the rule was tested.
  EXPECT_GT(approved, 0u);
  EXPECT_GT(not_approved, 0u);
}

TEST(ServiceIndicator, IsNotApprovedBeforeTheThreadsFirstService) {
  ASSERT_EQ(approved_ok(), FIPSMOD_OK);
  int in_thread = -1;
  std::thread([&] { in_thread = fipsmod_service_indicator(); }).join();
  EXPECT_EQ(in_thread, FIPSMOD_NOT_APPROVED);
}

TEST(ServiceIndicator, IsPerThread) {
  ASSERT_EQ(approved_ok(), FIPSMOD_OK);
  int in_thread = -1;
  std::thread([&] {
    not_approved_ok();
    in_thread = fipsmod_service_indicator();
  }).join();
  EXPECT_EQ(in_thread, FIPSMOD_NOT_APPROVED);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED) << "another thread's non-approved service changed this thread's indicator";
}

// Functions that are not services leave the indicator as it was.
TEST(ServiceIndicator, NonServicesLeaveItAlone) {
  ASSERT_EQ(approved_ok(), FIPSMOD_OK);
  ASSERT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
  EXPECT_EQ(fipsmod_state(), FIPSMOD_STATE_OPERATIONAL);
  EXPECT_NE(fipsmod_impl_name(fipsmod_algorithm_name(0)), nullptr);
  fipsmod_kernel_info k;
  EXPECT_EQ(fipsmod_kernel_at(fipsmod_algorithm_name(0), 0, &k), FIPSMOD_OK);
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_NOT_APPROVED), "service not approved in approved-only mode");
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_APPROVED);
}

TEST(ServiceMode, DefaultIsAllServices) {
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
  EXPECT_EQ(fipsmod::mode(), fipsmod::Mode::all_services);
  ASSERT_EQ(not_approved_ok(), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
}

}  // namespace
