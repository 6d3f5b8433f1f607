// The mode is fixed by the first service of the process, whatever it is:
// approved, not approved, no cryptographic service at all, a C++ call, or
// a call refused for its arguments. Each test must be the first thing its
// process does, so this is a program of its own that ctest runs a test a
// process (EACH_TEST_ALONE, cmake/FipsmodTargets.cmake); run whole, its
// second test fails, saying so, rather than pass without testing anything.
#include <fipsmod/fipsmod.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <fipsmod/module.hpp>
#include <fipsmod/sha256.hpp>
#include <string_view>

namespace {

class FirstService : public ::testing::Test {
 protected:
  void SetUp() override {
    static int tests_in_this_process = 0;
    ASSERT_EQ(++tests_in_this_process, 1) << "a test of this program needs a fresh process: run it alone "
                                             "(--gtest_filter), as ctest does";
  }

  // Whatever the first service was, the mode is now fixed, and it is the
  // default: every service still runs.
  static void expect_fixed() {
    EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_APPROVED_ONLY), FIPSMOD_ERR_MODE_FIXED);
    EXPECT_EQ(fipsmod_mode(), FIPSMOD_MODE_ALL_SERVICES);
    EXPECT_EQ(fipsmod::mode(), fipsmod::Mode::all_services);
    std::uint8_t md5[FIPSMOD_MD5_SIZE];
    EXPECT_EQ(fipsmod_md5("abc", 3, md5), FIPSMOD_OK) << "non-approved services still run";
  }
};

TEST_F(FirstService, NotApprovedFixesTheMode) {
  std::uint8_t md5[FIPSMOD_MD5_SIZE];
  ASSERT_EQ(fipsmod_md5("abc", 3, md5), FIPSMOD_OK);
  expect_fixed();
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_MODE_FIXED), "mode already fixed: set it before the first service");
  EXPECT_EQ(fipsmod_set_mode(FIPSMOD_MODE_ALL_SERVICES), FIPSMOD_OK) << "the mode in effect";
  EXPECT_EQ(fipsmod_set_mode(2), FIPSMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(fipsmod_set_mode(-1), FIPSMOD_ERR_INVALID_ARGUMENT);
  try {
    fipsmod::set_mode(fipsmod::Mode::approved_only);
    ADD_FAILURE() << "set_mode after the first service did not throw";
  } catch (const fipsmod::error& e) {
    EXPECT_EQ(e.status(), FIPSMOD_ERR_MODE_FIXED);
  }
}

TEST_F(FirstService, ApprovedFixesTheMode) {
  std::uint8_t sha256[FIPSMOD_SHA256_SIZE];
  ASSERT_EQ(fipsmod_sha256("abc", 3, sha256), FIPSMOD_OK);
  expect_fixed();
}

TEST_F(FirstService, NotCryptographicFixesTheMode) {
  std::uint8_t x[4] = {1, 2, 3, 4}, y[4] = {5, 6, 7, 8}, dst[4];
  std::size_t n = 0;
  ASSERT_EQ(fipsmod_xor_bytes(dst, sizeof dst, x, sizeof x, y, sizeof y, &n), FIPSMOD_OK);
  expect_fixed();
}

TEST_F(FirstService, CppFixesTheMode) {
  (void)fipsmod::sha256::sum(std::string_view("abc"));
  expect_fixed();
}

TEST_F(FirstService, RefusedForItsArgumentsFixesTheMode) {
  ASSERT_EQ(fipsmod_sha256("abc", 3, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  expect_fixed();
}

}  // namespace
