// The C API's module-wide functions: the version, every status code's
// message, and the kernel names. Each algorithm's C functions are tested
// beside it (module/<algorithm>/*_capi_test.cpp).
#include <fipsmod/fipsmod.h>
#include <fipsmod/version.h>

#include <gtest/gtest.h>

#include <iterator>
#include <set>
#include <string>

#include "packages.hpp"

namespace {

TEST(CApi, VersionAndStrerror) {
  const std::string numbers = std::to_string(FIPSMOD_VERSION_MAJOR) + "." + std::to_string(FIPSMOD_VERSION_MINOR) +
                              "." + std::to_string(FIPSMOD_VERSION_PATCH);
  EXPECT_EQ(fipsmod_version(), numbers);
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_OK), "ok");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_NULL_ARGUMENT), "null argument");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_DST_TOO_SHORT), "dst too short");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_INVALID_OVERLAP), "invalid overlap");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_HASH_STATE_ID), "invalid hash state identifier");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_HASH_STATE_SIZE), "invalid hash state size");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_HASH_STATE_PADDING), "invalid hash state padding");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_CTX_UNINITIALIZED), "context not initialized");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_MODULE_ERROR), "module in error state: a self-test failed");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_INVALID_ARGUMENT), "invalid argument");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_NOT_APPROVED), "service not approved in approved-only mode");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_MODE_FIXED), "mode already fixed: set it before the first service");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_IN_SELFTEST_CALLBACK), "called from a self-test callback");
  // With FIPSMOD_MODE unset, as ctest runs this, the message names no value
  // (selftest_probe mode-invalid checks the one that does).
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_MODE_INVALID),
               "unknown FIPSMOD_MODE value: every service refused (known: \"only\", or unset or empty for all services)");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_AUTHENTICATION), "message authentication failed");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_NONCE_EXHAUSTED), "nonce counter exhausted: re-key");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_ENTROPY_SOURCE), "entropy source failed a health test: no random output");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_RESEED_REQUIRED), "DRBG reseed required");
  EXPECT_STREQ(fipsmod_strerror(-1000), "unknown status code");
  EXPECT_STREQ(fipsmod_strerror(FIPSMOD_ERR_RESEED_REQUIRED - 1), "unknown status code");
  EXPECT_STREQ(fipsmod_strerror(7), "unknown status code");
}

// Every status code, from FIPSMOD_OK down to the last, has a message of its
// own: none is "unknown status code", no two are the same.
TEST(CApi, EveryStatusHasItsOwnMessage) {
  const int codes[] = {FIPSMOD_OK,
                       FIPSMOD_ERR_NULL_ARGUMENT,
                       FIPSMOD_ERR_DST_TOO_SHORT,
                       FIPSMOD_ERR_INVALID_OVERLAP,
                       FIPSMOD_ERR_HASH_STATE_ID,
                       FIPSMOD_ERR_HASH_STATE_SIZE,
                       FIPSMOD_ERR_HASH_STATE_PADDING,
                       FIPSMOD_ERR_CTX_UNINITIALIZED,
                       FIPSMOD_ERR_MODULE_ERROR,
                       FIPSMOD_ERR_INVALID_ARGUMENT,
                       FIPSMOD_ERR_NOT_APPROVED,
                       FIPSMOD_ERR_MODE_FIXED,
                       FIPSMOD_ERR_IN_SELFTEST_CALLBACK,
                       FIPSMOD_ERR_MODE_INVALID,
                       FIPSMOD_ERR_AUTHENTICATION,
                       FIPSMOD_ERR_NONCE_EXHAUSTED,
                       FIPSMOD_ERR_ENTROPY_SOURCE,
                       FIPSMOD_ERR_RESEED_REQUIRED};
  std::set<std::string> messages;
  for (std::size_t i = 0; i < std::size(codes); ++i) {
    EXPECT_EQ(codes[i], -static_cast<int>(i)) << "the codes are 0, -1, -2, ... with none left out";
    const std::string m = fipsmod_strerror(codes[i]);
    EXPECT_NE(m, "unknown status code") << codes[i];
    EXPECT_TRUE(messages.insert(m).second) << codes[i] << ": " << m << " is another code's message";
  }
}

TEST(CApi, ImplName) {
  for (const fipsmod::internal::Algorithm* a : fipsmod::internal::algorithms()) {
    EXPECT_STREQ(fipsmod_impl_name(a->name), a->kernels->selected().name) << a->name;
  }
  // A self-test prefix is not an algorithm's name.
  EXPECT_EQ(fipsmod_impl_name(fipsmod::internal::algorithms().front()->cast_prefix), nullptr);
  EXPECT_EQ(fipsmod_impl_name(nullptr), nullptr);
}

// The introspection functions agree with the package table and refuse
// what is out of range.
TEST(CApi, Introspection) {
  const auto algorithms = fipsmod::internal::algorithms();
  std::size_t i = 0;
  for (; fipsmod_algorithm_name(i) != nullptr; ++i) {
    ASSERT_LT(i, algorithms.size());
    EXPECT_STREQ(fipsmod_algorithm_name(i), algorithms[i]->name);
    const auto kernels = algorithms[i]->kernels->all();
    fipsmod_kernel_info k;
    for (std::size_t j = 0; j < kernels.size(); ++j) {
      ASSERT_EQ(fipsmod_kernel_at(algorithms[i]->name, j, &k), FIPSMOD_OK);
      EXPECT_STREQ(k.name, kernels[j]->name);
      EXPECT_EQ(k.selected != 0, kernels[j] == &algorithms[i]->kernels->selected());
      EXPECT_EQ(k.usable != 0, kernels[j]->usable());
      EXPECT_NE(std::string(k.why), "");
    }
    EXPECT_EQ(fipsmod_kernel_at(algorithms[i]->name, kernels.size(), &k), FIPSMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fipsmod_kernel_at(algorithms[i]->name, 0, nullptr), FIPSMOD_ERR_NULL_ARGUMENT);
  }
  EXPECT_EQ(i, algorithms.size());
  fipsmod_kernel_info k;
  EXPECT_EQ(fipsmod_kernel_at("no-such-algorithm", 0, &k), FIPSMOD_ERR_INVALID_ARGUMENT);
  fipsmod_service_info s;
  std::size_t services = 0;
  while (fipsmod_service_at(services, &s) == FIPSMOD_OK) ++services;
  EXPECT_EQ(services, fipsmod::internal::services().size());
  fipsmod_selftest_info t;
  std::size_t tests = 0;
  for (; fipsmod_selftest_at(tests, &t) == FIPSMOD_OK; ++tests) {
    EXPECT_EQ(t.expected == nullptr, std::string(t.type) == "integrity") << t.name;
  }
  EXPECT_GT(tests, algorithms.size() - 1);
  EXPECT_NE(fipsmod_cpu_features(FIPSMOD_CPU_DETECTED), nullptr);
  EXPECT_EQ(fipsmod_cpu_features(7), nullptr);
}

}  // namespace
