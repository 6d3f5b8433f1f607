// The kernel registry: every implementation of an algorithm (the portable
// generic one, and assembly for particular CPUs) is described by a Kernel
// record holding its name, the CPU features it needs and its entry point.
// Each algorithm keeps one list of them, best first and generic last; the
// module uses the first one whose features are enabled, chosen once.
//
// Tests, self-tests, fuzzers and benchmarks enumerate the same lists, so a
// kernel added to a list is covered everywhere without new test code.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "cpu.hpp"

namespace fipsmod::internal {

// The part of a kernel record every algorithm shares. An algorithm's kernel
// type derives from it and adds the entry point.
struct KernelInfo {
  const char* name;        // "generic", "amd64-avx2", ... unique per algorithm
  cpu::FeatureSet needs;   // all must be enabled for the kernel to be usable
  // Traits of a core (cpu::Feature::vlat2) on which this kernel runs but is
  // slower than the next kernel in the list: selection passes it over there.
  // Tests still run it wherever it is usable.
  cpu::FeatureSet slow_on{};

  bool usable() const noexcept { return cpu::enabled().contains(needs); }
  bool slow_here() const noexcept { return cpu::enabled().intersects(slow_on); }
};

template <class Kernel>
class KernelList {
 public:
  constexpr explicit KernelList(std::span<const Kernel* const> best_first) : kernels_(best_first) {}

  std::span<const Kernel* const> all() const noexcept { return kernels_; }

  std::vector<const Kernel*> usable() const {
    std::vector<const Kernel*> out;
    for (const Kernel* k : kernels_) {
      if (k->usable()) out.push_back(k);
    }
    return out;
  }

  const Kernel* find(std::string_view name) const noexcept {
    for (const Kernel* k : kernels_) {
      if (name == k->name) return k;
    }
    return nullptr;
  }

  // The first usable kernel that is not slow on this core. The last kernel
  // of every list is the generic one, which needs no feature and is slow
  // nowhere, so there always is one.
  const Kernel& best() const noexcept {
    for (const Kernel* k : kernels_) {
      if (k->usable() && !k->slow_here()) return *k;
    }
    return *kernels_.back();
  }

 private:
  std::span<const Kernel* const> kernels_;
};

// The kernel this process uses from a list: its best() on first use, and the
// same one ever after. Each algorithm has its own Kernel type, so each gets
// its own choice.
template <class Kernel>
const Kernel& chosen_once(const KernelList<Kernel>& list) noexcept {
  static const Kernel& chosen = list.best();
  return chosen;
}

// An algorithm as the module-wide tools (impl_name, `fipsmod info`) see it.
struct AlgorithmView {
  std::string_view name;  // "md5", "xor_bytes"
  std::vector<const KernelInfo*> kernels;  // best first
  const KernelInfo* selected;
};

std::vector<AlgorithmView> algorithms();

}  // namespace fipsmod::internal
