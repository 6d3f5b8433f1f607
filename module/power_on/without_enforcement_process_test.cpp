// The scoped way out of approved-only mode (fipsmod_run_without_enforcement,
// fipsmod::without_enforcement), in a program of its own: each test sets
// approved-only mode before any service, as approved_only_process_test
// does. Inside a scope every service of testing/service_cases.hpp runs as
// in the default mode, with the indicator it has there; outside, the
// non-approved ones are refused again. Scopes nest; a scope is the calling
// thread's alone; an exception leaves it.
#include <fipsmod/fipsmod.h>
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <fipsmod/md5.hpp>
#include <fipsmod/module.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "testing/service_cases.hpp"

namespace {

using fipsmod::internal::Approval;
using fipsmod::testing::kOutSize;

class WithoutEnforcement : public ::testing::Test {
 protected:
  void SetUp() override {
    const int s = fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY);
    ASSERT_TRUE(s == FIPSMOD_OK) << fipsmod_strerror(s);
    ASSERT_EQ(fipsmod::mode(), fipsmod::Mode::approved_only);
  }
};

// A non-approved service (MD5), as a status.
int md5_status() {
  std::array<std::uint8_t, FIPSMOD_MD5_SIZE> out{};
  return fipsmod_md5("abc", 3, out.data());
}
int md5_in_scope(void*) { return md5_status(); }

TEST_F(WithoutEnforcement, LiftsTheRefusalOnlyInsideTheScope) {
  EXPECT_EQ(md5_status(), FIPSMOD_ERR_NOT_APPROVED);
  EXPECT_EQ(fipsmod_run_without_enforcement(&md5_in_scope, nullptr), FIPSMOD_OK);
  EXPECT_EQ(fipsmod_service_indicator(), FIPSMOD_NOT_APPROVED);
  EXPECT_EQ(md5_status(), FIPSMOD_ERR_NOT_APPROVED) << "the scope leaked past its end";
  EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_APPROVED_ONLY);
}

// Every service case inside one scope: all run (the non-approved ones
// too), each with the indicator of the default mode.
TEST_F(WithoutEnforcement, EveryServiceRunsWithItsIndicator) {
  std::size_t lifted = 0;
  fipsmod::without_enforcement([&] {
    for (const auto& c : fipsmod::testing::all_cases()) {
      alignas(16) std::uint8_t out[kOutSize];
      fipsmod::testing::Hooks hooks;
      const int status = c.call(out, hooks);
      EXPECT_EQ(status, FIPSMOD_OK) << c.name << ": " << fipsmod_strerror(status);
      const int want = c.approval == Approval::approved ? FIPSMOD_APPROVED : FIPSMOD_NOT_APPROVED;
      EXPECT_EQ(fipsmod_service_indicator(), want) << c.name;
      if (c.approval == Approval::not_approved) ++lifted;
    }
  });
  EXPECT_GT(lifted, 0u);
  // And refused again after it.
  for (const auto& c : fipsmod::testing::all_cases()) {
    if (c.approval != Approval::not_approved) continue;
    alignas(16) std::uint8_t out[kOutSize];
    fipsmod::testing::Hooks hooks;
    EXPECT_EQ(c.call(out, hooks), FIPSMOD_ERR_NOT_APPROVED) << c.name;
  }
}

// The callable may be an lvalue, const or not, as well as a temporary.
TEST_F(WithoutEnforcement, TakesLvalueCallables) {
  int calls = 0;
  auto counted = [&calls] {
    ++calls;
    return md5_status();
  };
  EXPECT_EQ(fipsmod::without_enforcement(counted), FIPSMOD_OK);
  const auto& as_const = counted;
  EXPECT_EQ(fipsmod::without_enforcement(as_const), FIPSMOD_OK);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(md5_status(), FIPSMOD_ERR_NOT_APPROVED);
}

TEST_F(WithoutEnforcement, ScopesNest) {
  const int inner_then_outer = fipsmod::without_enforcement([] {
    const int inner = fipsmod::without_enforcement([] { return md5_status(); });
    // Still inside the outer scope after the inner one ended.
    return inner == FIPSMOD_OK ? md5_status() : inner;
  });
  EXPECT_EQ(inner_then_outer, FIPSMOD_OK);
  EXPECT_EQ(md5_status(), FIPSMOD_ERR_NOT_APPROVED);
}

// A scope is the calling thread's: a thread it starts, and a thread running
// beside it, are still refused.
TEST_F(WithoutEnforcement, OtherThreadsStayEnforced) {
  std::atomic<int> started_inside{1}, beside{1};
  std::atomic<bool> in_scope{false}, checked{false};
  std::thread other([&] {
    while (!in_scope.load()) std::this_thread::yield();
    beside = md5_status();
    checked = true;
  });
  fipsmod::without_enforcement([&] {
    std::thread child([&] { started_inside = md5_status(); });
    child.join();
    in_scope = true;
    while (!checked.load()) std::this_thread::yield();
    EXPECT_EQ(md5_status(), FIPSMOD_OK);
  });
  other.join();
  EXPECT_EQ(started_inside.load(), FIPSMOD_ERR_NOT_APPROVED);
  EXPECT_EQ(beside.load(), FIPSMOD_ERR_NOT_APPROVED);
}

// An exception thrown in the C++ scope ends the scope and reaches the
// caller; a refusal inside (a C++ service's fipsmod::error) too.
TEST_F(WithoutEnforcement, AnExceptionLeavesTheScope) {
  EXPECT_THROW(fipsmod::without_enforcement([]() -> int { throw std::runtime_error("from the callback"); }),
               std::runtime_error);
  EXPECT_EQ(md5_status(), FIPSMOD_ERR_NOT_APPROVED);
  // fipsmod::md5::sum is refused outside, runs inside.
  const std::array<std::uint8_t, 3> abc{'a', 'b', 'c'};
  EXPECT_THROW(fipsmod::md5::sum(abc), fipsmod::error);
  const auto digest = fipsmod::without_enforcement([&] { return fipsmod::md5::sum(abc); });
  EXPECT_EQ(digest[0], 0x90);  // MD5("abc") = 900150983cd24fb0...
  EXPECT_EQ(digest[15], 0x72);
}

int returns_arg(void* arg) { return *static_cast<int*>(arg); }

TEST_F(WithoutEnforcement, ReturnsWhatTheFunctionReturns) {
  int v = 1234;
  EXPECT_EQ(fipsmod_run_without_enforcement(&returns_arg, &v), 1234);
  v = FIPSMOD_ERR_AUTHENTICATION;
  EXPECT_EQ(fipsmod_run_without_enforcement(&returns_arg, &v), FIPSMOD_ERR_AUTHENTICATION);
  EXPECT_EQ(fipsmod_run_without_enforcement(nullptr, &v), FIPSMOD_ERR_NULL_ARGUMENT);
  EXPECT_EQ(md5_status(), FIPSMOD_ERR_NOT_APPROVED);
}

// Argument errors are not lifted: a non-approved service given a null
// pointer inside the scope is refused for it.
int md5_null(void*) { return fipsmod_md5("abc", 3, nullptr); }
TEST_F(WithoutEnforcement, ArgumentChecksStillApply) {
  EXPECT_EQ(fipsmod_run_without_enforcement(&md5_null, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
}

}  // namespace
