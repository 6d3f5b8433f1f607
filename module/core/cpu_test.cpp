#include "cpu.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
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

#if defined(__x86_64__) && defined(__linux__)
// A field of the first CPU in /proc/cpuinfo ("flags", "vendor_id", ...).
std::string linux_cpuinfo(std::string_view key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string_view name(line.data(), colon);
    name = name.substr(0, name.find_last_not_of(" \t") + 1);
    if (name == key) return line.substr(colon + 1);
  }
  return {};
}

// Linux leaves out the AVX flags when it does not save that register state,
// so its view is an independent second opinion on CPUID + XGETBV.
TEST(CpuFeatures, DetectionAgreesWithLinux) {
  std::istringstream words(linux_cpuinfo("flags"));
  const std::set<std::string> flags{std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
  ASSERT_TRUE(flags.contains("sse2")) << "no flags line in /proc/cpuinfo";
  const auto has = [&](std::initializer_list<const char*> names) {
    return std::all_of(names.begin(), names.end(), [&](const char* n) { return flags.contains(n); });
  };
  EXPECT_EQ(detected().has(Feature::bmi1), has({"bmi1"}));
  EXPECT_EQ(detected().has(Feature::bmi2), has({"bmi2"}));
  EXPECT_EQ(detected().has(Feature::ssse3), has({"ssse3"}));
  EXPECT_EQ(detected().has(Feature::sse4_1), has({"sse4_1"}));
  EXPECT_EQ(detected().has(Feature::sha_ni), has({"sha_ni"}));
  EXPECT_EQ(detected().has(Feature::avx2), has({"avx2"}));
  EXPECT_EQ(detected().has(Feature::avx512), has({"avx512f", "avx512bw", "avx512vl"}));
  // Zen 5: AMD's family 1Ah, which Linux prints in decimal.
  const bool zen5 = linux_cpuinfo("vendor_id") == " AuthenticAMD" && linux_cpuinfo("cpu family") == " 26";
  EXPECT_EQ(detected().has(Feature::vlat2), zen5);
}
#endif

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
