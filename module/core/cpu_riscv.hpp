// riscv64 feature detection through the riscv_hwprobe system call (Linux
// 6.4+). The interpretation of an answer is a plain function so that it can
// be tested on any machine with recorded answers.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "cpu.hpp"

namespace fipsmod::cpu::riscv {

// From Linux's arch/riscv/include/uapi/asm/hwprobe.h.
inline constexpr long kSysRiscvHwprobe = 258;  // __NR_riscv_hwprobe
inline constexpr std::int64_t kKeyImaExt0 = 4;
inline constexpr std::uint64_t kImaV = 1u << 2;    // ratified V 1.0 (never 0.7.1)
inline constexpr std::uint64_t kExtZbb = 1u << 4;
inline constexpr std::uint64_t kExtZbc = 1u << 7;    // RISCV_HWPROBE_EXT_ZBC
inline constexpr std::uint64_t kExtZknd = 1u << 11;  // RISCV_HWPROBE_EXT_ZKND
inline constexpr std::uint64_t kExtZkne = 1u << 12;  // RISCV_HWPROBE_EXT_ZKNE
inline constexpr std::uint64_t kExtZknh = 1u << 13;  // RISCV_HWPROBE_EXT_ZKNH
inline constexpr std::int64_t kKeyCpuperf0 = 5;
inline constexpr std::uint64_t kMisalignedMask = 7;

struct Pair {  // struct riscv_hwprobe
  std::int64_t key;  // set to -1 by a kernel that does not know the key
  std::uint64_t value;
};

enum class Misaligned { unknown = 0, emulated = 1, slow = 2, fast = 3, unsupported = 4 };

struct Probe {
  FeatureSet features;
  Misaligned misaligned = Misaligned::unknown;
  bool from_kernel = false;  // false: hwprobe missing (ENOSYS), baseline only (and the test stand-in)
};

// Every feature an answer of hwprobe can give (interpret's).
inline constexpr FeatureSet kProbeable{Feature::zbb, Feature::v, Feature::zknh, Feature::zkne, Feature::zknd,
                                       Feature::zbc};

// The pairs hwprobe is asked for, in this order.
inline constexpr Pair kQuery[] = {{kKeyImaExt0, 0}, {kKeyCpuperf0, 0}};

// Turns a hwprobe answer into features. `result` is the system call's
// return value (0, or -errno); `pairs` the filled-in query; `baseline` what
// the compiler's -march already assumes, which is always kept.
Probe interpret(long result, std::span<const Pair> pairs, FeatureSet baseline);

// The features the -march of this build guarantees.
FeatureSet compile_time_baseline();

// What stands in for hwprobe's answer where the system call is missing
// (ENOSYS): nothing in what ships. A test build (FIPSMOD_BREAK_TESTS) takes
// those of kProbeable that FIPSMOD_TEST_HWPROBE names (read at each call),
// which a riscv64 test preset sets to its QEMU_CPU model's: Debian 12's
// qemu-user (7.2) has no riscv_hwprobe, and so one build for rv64gc, as a
// distribution builds, runs its tests on each CPU model (docs/design.md,
// "Cross builds"). A qemu whose hwprobe answers is taken at its word.
FeatureSet hwprobe_stand_in();

// This machine's answer, asked once (on other architectures: an empty
// probe with from_kernel false).
const Probe& probe();

// "unknown", "emulated", "slow", "fast" or "unsupported".
std::string_view name(Misaligned m);

}  // namespace fipsmod::cpu::riscv
