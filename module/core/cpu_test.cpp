#include "cpu.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

namespace fipsmod::cpu {
namespace {

TEST(CpuFeatures, NamesAreUniqueAndRoundTrip) {
  std::set<std::string_view> names;
  for (const FeatureInfo& f : all_features()) {
    EXPECT_TRUE(names.insert(f.name()).second) << f.name();
    EXPECT_EQ(name(f.feature), f.name());
    EXPECT_NE(f.name(), "all");
  }
  EXPECT_EQ(to_string(FeatureSet{Feature::avx2, Feature::sse2}), "sse2,avx2");
  EXPECT_EQ(to_string({}), "");
}

TEST(CpuFeatures, FeatureSetAlgebra) {
  const FeatureSet s{Feature::bmi1, Feature::avx2};
  EXPECT_TRUE(s.has(Feature::bmi1));
  EXPECT_FALSE(s.has(Feature::neon));
  EXPECT_TRUE(s.contains({}));
  EXPECT_TRUE(s.contains({Feature::avx2}));
  EXPECT_FALSE(s.contains({Feature::avx2, Feature::avx512}));
  EXPECT_EQ(s.without({Feature::avx2}), FeatureSet{Feature::bmi1});
  EXPECT_TRUE(FeatureSet::everything().contains(s));
  EXPECT_TRUE(s.without(FeatureSet::everything()).empty());
  EXPECT_EQ(s.with(FeatureSet{Feature::avx2, Feature::neon}), (FeatureSet{Feature::bmi1, Feature::avx2, Feature::neon}));
  EXPECT_EQ(s.with(FeatureSet{}), s);
  EXPECT_EQ(s.only(FeatureSet{Feature::avx2, Feature::neon}), FeatureSet{Feature::avx2});
  EXPECT_TRUE(s.only(FeatureSet{}).empty());
}

TEST(ParseDisable, EmptyRemovesNothing) {
  for (std::string_view v : {"", " ", ",", " , ,"}) {
    const DisableRequest r = parse_disable(v);
    EXPECT_TRUE(r.removed.empty()) << v;
    EXPECT_TRUE(r.unknown.empty()) << v;
  }
}

TEST(ParseDisable, NamesAndBlanks) {
  const DisableRequest r = parse_disable(" avx2 ,zbb,, neon ");
  EXPECT_EQ(r.removed, (FeatureSet{Feature::avx2, Feature::zbb, Feature::neon}));
  EXPECT_TRUE(r.unknown.empty());
}

TEST(ParseDisable, AllRemovesEveryFeature) {
  const DisableRequest r = parse_disable("all");
  EXPECT_EQ(r.removed, FeatureSet::everything());
  EXPECT_TRUE(r.unknown.empty());
  for (const FeatureInfo& f : all_features()) EXPECT_TRUE(r.removed.has(f.feature));
}

TEST(ParseDisable, UnknownNamesAreKeptNotDropped) {
  const DisableRequest r = parse_disable("avx2,AVX512,avx-512,sse3");
  EXPECT_EQ(r.removed, FeatureSet{Feature::avx2});
  EXPECT_EQ(r.unknown, (std::vector<std::string>{"AVX512", "avx-512", "sse3"}));
}

TEST(CpuFeatures, EnabledIsDetectedMinusDisabled) {
  const char* env = std::getenv("FIPSMOD_DISABLE");
  const DisableRequest expected = parse_disable(env ? env : "");
  EXPECT_EQ(disable_request().removed, expected.removed);
  EXPECT_EQ(disable_request().unknown, expected.unknown);
  EXPECT_EQ(enabled(), detected().without(expected.removed));
}

#if defined(__x86_64__)
TEST(CpuFeatures, EveryX8664HasSse2) { EXPECT_TRUE(detected().has(Feature::sse2)); }
#endif

// Whether detection agrees with Linux (/proc/cpuinfo, on every
// architecture, each feature by the one table of how Linux shows it) is
// ctest's kernel_selection_expected (testing/kernel_expectations.py).

TEST(CpuFeatures, OnlyThisArchitecturesFeaturesAreDetected) {
#if defined(__x86_64__)
  constexpr std::string_view arch = "amd64";
#elif defined(__aarch64__)
  constexpr std::string_view arch = "arm64";
#elif defined(__riscv)
  constexpr std::string_view arch = "riscv64";
#else
  constexpr std::string_view arch = "none";
#endif
  for (const FeatureInfo& f : all_features()) {
    if (f.arch() != arch) {
      EXPECT_FALSE(detected().has(f.feature)) << f.name();
    }
  }
}

}  // namespace
}  // namespace fipsmod::cpu
