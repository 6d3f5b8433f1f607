// The C API's module-wide functions: the version, every status code's
// message, and the kernel names. Each algorithm's C functions are tested
// beside it (module/<algorithm>/*_capi_test.cpp).
#include <fipsmod/fipsmod.h>
#include <fipsmod/version.h>

#include <gtest/gtest.h>

#include <string>

#include "algorithm.hpp"

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
  EXPECT_STREQ(fipsmod_strerror(-1000), "unknown status code");
  EXPECT_STREQ(fipsmod_strerror(7), "unknown status code");
}

TEST(CApi, ImplName) {
  for (const fipsmod::internal::Algorithm* a : fipsmod::internal::algorithms()) {
    EXPECT_STREQ(fipsmod_impl_name(std::string(a->name).c_str()), a->kernels.selected().name) << a->name;
  }
  EXPECT_EQ(fipsmod_impl_name("MD5"), nullptr);
  EXPECT_EQ(fipsmod_impl_name(nullptr), nullptr);
}

}  // namespace
