#include "cpu_riscv.hpp"

namespace fipsmod::cpu::riscv {

Probe interpret(long result, std::span<const Pair> pairs, FeatureSet baseline) {
  Probe probe{baseline, Misaligned::unknown, false};
  if (result != 0) return probe;
  probe.from_kernel = true;
  for (const Pair& p : pairs) {
    if (p.key == kKeyImaExt0) {
      if (p.value & kExtZbb) probe.features = probe.features.with(Feature::zbb);
      if (p.value & kImaV) probe.features = probe.features.with(Feature::v);
      if (p.value & kExtZknh) probe.features = probe.features.with(Feature::zknh);
      if (p.value & kExtZkne) probe.features = probe.features.with(Feature::zkne);
      if (p.value & kExtZknd) probe.features = probe.features.with(Feature::zknd);
      if (p.value & kExtZbc) probe.features = probe.features.with(Feature::zbc);
    } else if (p.key == kKeyCpuperf0) {
      const auto m = p.value & kMisalignedMask;
      probe.misaligned = m <= 4 ? static_cast<Misaligned>(m) : Misaligned::unknown;
    }
  }
  return probe;
}

std::string_view name(Misaligned m) {
  switch (m) {
    case Misaligned::emulated: return "emulated";
    case Misaligned::slow: return "slow";
    case Misaligned::fast: return "fast";
    case Misaligned::unsupported: return "unsupported";
    case Misaligned::unknown: break;
  }
  return "unknown";
}

FeatureSet hwprobe_stand_in() {
#if FIPSMOD_BREAK_TESTS
  return features_in_env("FIPSMOD_TEST_HWPROBE").only(kProbeable);
#else
  return {};
#endif
}

FeatureSet compile_time_baseline() {
  FeatureSet s{Feature::rv64gc};  // the riscv64 Linux ABI requires it
#if defined(__riscv_zbb)
  s = s.with(Feature::zbb);
#endif
#if defined(__riscv_zknh)
  s = s.with(Feature::zknh);
#endif
#if defined(__riscv_zkne)
  s = s.with(Feature::zkne);
#endif
#if defined(__riscv_zknd)
  s = s.with(Feature::zknd);
#endif
#if defined(__riscv_zbc)
  s = s.with(Feature::zbc);
#endif
#if defined(__riscv_vector)
  s = s.with(Feature::v);
#endif
  return s;
}

}  // namespace fipsmod::cpu::riscv
