// The interpretation of riscv_hwprobe answers, from recorded answers.
#include "cpu_riscv.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <string>

namespace fipsmod::cpu::riscv {
namespace {

Probe answer(std::uint64_t ima_ext_0, std::uint64_t cpuperf_0, FeatureSet baseline = {}) {
  const Pair pairs[] = {{kKeyImaExt0, ima_ext_0}, {kKeyCpuperf0, cpuperf_0}};
  return interpret(0, pairs, baseline);
}

TEST(RiscvHwprobe, ZbbAndV) {
  EXPECT_EQ(answer(kExtZbb, 0).features, FeatureSet{Feature::zbb});
  EXPECT_EQ(answer(kImaV, 0).features, FeatureSet{Feature::v});
  EXPECT_EQ(answer(kExtZbb | kImaV | 1 | 2 | 8 | 32, 0).features, (FeatureSet{Feature::zbb, Feature::v}));
  EXPECT_TRUE(answer(1 | 2 | 8 | 32, 0).features.empty());  // FD, C, Zba, Zbs: none we use
  EXPECT_TRUE(answer(0, 0).from_kernel);
}

TEST(RiscvHwprobe, Zknh) {
  EXPECT_EQ(answer(kExtZknh, 0).features, FeatureSet{Feature::zknh});
  EXPECT_EQ(answer(kExtZbb | kExtZknh, 0).features, (FeatureSet{Feature::zbb, Feature::zknh}));
  // Its neighbours, Zkne (bit 12) and Zksed (bit 14), are not Zknh.
  EXPECT_EQ(answer((1u << 12) | (1u << 14), 0).features, FeatureSet{Feature::zkne});
}

TEST(RiscvHwprobe, ScalarAesAndCarrylessMultiplication) {
  EXPECT_EQ(answer(kExtZkne, 0).features, FeatureSet{Feature::zkne});
  EXPECT_EQ(answer(kExtZknd, 0).features, FeatureSet{Feature::zknd});
  EXPECT_EQ(answer(kExtZbc, 0).features, FeatureSet{Feature::zbc});
  // Zbkb (bit 8), Zbkc (bit 9) and Zbkx (bit 10) sit between them: none is ours.
  EXPECT_TRUE(answer((1u << 8) | (1u << 9) | (1u << 10), 0).features.empty());
}

TEST(RiscvHwprobe, MisalignedNames) {
  EXPECT_EQ(name(Misaligned::fast), "fast");
  EXPECT_EQ(name(Misaligned::emulated), "emulated");
  EXPECT_EQ(name(Misaligned::unknown), "unknown");
}

TEST(RiscvHwprobe, ThisMachinesProbeAgreesWithTheDetectedFeatures) {
#if defined(__riscv) && __riscv_xlen == 64
  // The probe finds the instruction sets; detect() adds the vlen128 trait.
  EXPECT_EQ(probe().features, detected().without({Feature::vlen128}));
  EXPECT_TRUE(probe().features.has(Feature::v) || !detected().has(Feature::vlen128));
  if (!probe().from_kernel) {
    // No riscv_hwprobe (qemu-user 7.2): what -march promises, and in a test
    // build what FIPSMOD_TEST_HWPROBE names for the missing answer.
    EXPECT_EQ(probe().features, compile_time_baseline().with(hwprobe_stand_in()));
  }
#else
  EXPECT_FALSE(probe().from_kernel);
  EXPECT_TRUE(probe().features.empty());
#endif
}

TEST(RiscvHwprobe, ProbeableIsEveryFeatureAnAnswerCanGive) {
  EXPECT_EQ(answer(~std::uint64_t{0}, 0).features, kProbeable);
}

// The stand-in for a missing hwprobe: in a test build, the probeable
// features FIPSMOD_TEST_HWPROBE names; in what ships, none.
TEST(RiscvHwprobe, StandInTakesOnlyProbeableFeaturesFromATestBuildsEnvironment) {
  const char* was = std::getenv("FIPSMOD_TEST_HWPROBE");
  const std::string saved = was ? was : "";
  ::setenv("FIPSMOD_TEST_HWPROBE", "zbb, zknh,avx2,vlen128,rv64gc", 1);
  const FeatureSet named = hwprobe_stand_in();
  ::setenv("FIPSMOD_TEST_HWPROBE", "all", 1);
  const FeatureSet all = hwprobe_stand_in();
  if (was) {
    ::setenv("FIPSMOD_TEST_HWPROBE", saved.c_str(), 1);
  } else {
    ::unsetenv("FIPSMOD_TEST_HWPROBE");
  }
#if FIPSMOD_BREAK_TESTS
  EXPECT_EQ(named, (FeatureSet{Feature::zbb, Feature::zknh}));
  EXPECT_EQ(all, kProbeable);
#else
  EXPECT_TRUE(named.empty());
  EXPECT_TRUE(all.empty());
#endif
}

TEST(RiscvHwprobe, MisalignedAccessSpeed) {
  EXPECT_EQ(answer(0, 0).misaligned, Misaligned::unknown);
  EXPECT_EQ(answer(0, 1).misaligned, Misaligned::emulated);
  EXPECT_EQ(answer(0, 2).misaligned, Misaligned::slow);
  EXPECT_EQ(answer(0, 3).misaligned, Misaligned::fast);
  EXPECT_EQ(answer(0, 4).misaligned, Misaligned::unsupported);
  EXPECT_EQ(answer(0, 3 | 0x100).misaligned, Misaligned::fast);  // other bits are not ours
  EXPECT_EQ(answer(0, 7).misaligned, Misaligned::unknown);
}

TEST(RiscvHwprobe, BaselineAlwaysHasTheBaseIsa) { EXPECT_TRUE(compile_time_baseline().has(Feature::rv64gc)); }

TEST(RiscvHwprobe, NoSystemCallFallsBackToTheBaseline) {
  const Pair untouched[] = {{kKeyImaExt0, 0}, {kKeyCpuperf0, 0}};
  const Probe p = interpret(-ENOSYS, untouched, {Feature::zbb});
  EXPECT_FALSE(p.from_kernel);
  EXPECT_EQ(p.features, FeatureSet{Feature::zbb});
  EXPECT_EQ(p.misaligned, Misaligned::unknown);
}

TEST(RiscvHwprobe, UnknownKeysAreIgnoredAndTheBaselineKept) {
  const Pair old_kernel[] = {{kKeyImaExt0, kExtZbb}, {-1, 0}};  // CPUPERF_0 unknown to it
  const Probe p = interpret(0, old_kernel, {Feature::v});
  EXPECT_EQ(p.features, (FeatureSet{Feature::zbb, Feature::v}));
  EXPECT_EQ(p.misaligned, Misaligned::unknown);
}

}  // namespace
}  // namespace fipsmod::cpu::riscv
