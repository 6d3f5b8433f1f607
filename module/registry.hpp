// The kernel registry: every implementation of an algorithm (the portable
// generic one, and assembly for particular CPUs) is described by a Kernel
// record holding its name, the CPU features it needs and its entry point.
// Each algorithm keeps one list of them, best first and generic last; the
// module uses the first one whose features are enabled, chosen once per
// list.
//
// Tests, self-tests, fuzzers and benchmarks enumerate the same lists
// (through the algorithm table, algorithm.hpp), so a kernel added to a list
// is covered everywhere without new test code.
#pragma once

#include <atomic>
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

// A kernel list as code that does not know the algorithm's kernel type sees
// it: the module-wide tools, the self-test registry, the tests.
class KernelSet {
 public:
  virtual std::vector<const KernelInfo*> all() const = 0;  // best first
  virtual const KernelInfo& selected() const noexcept = 0;

  std::vector<const KernelInfo*> usable() const {
    std::vector<const KernelInfo*> out;
    for (const KernelInfo* k : all()) {
      if (k->usable()) out.push_back(k);
    }
    return out;
  }

 protected:
  constexpr KernelSet() = default;
  ~KernelSet() = default;
};

template <class Kernel>
class KernelList final : public KernelSet {
 public:
  constexpr explicit KernelList(std::span<const Kernel* const> best_first) : kernels_(best_first) {}

  std::span<const Kernel* const> kernels() const noexcept { return kernels_; }

  std::vector<const KernelInfo*> all() const override { return {kernels_.begin(), kernels_.end()}; }

  // The usable kernels as their own type (KernelSet::usable() gives the
  // same ones as KernelInfo).
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

  // The typed record behind a KernelInfo of this list (null if it is not
  // one): how an algorithm gets back its own kernel from module-wide code,
  // without a cast.
  const Kernel* find(const KernelInfo& info) const noexcept {
    for (const Kernel* k : kernels_) {
      if (k == &info) return k;
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

  // best() on first use, and the same kernel ever after. The choice belongs
  // to this list: two algorithms whose kernels share a type still choose
  // apart. (Concurrent first callers compute the same answer, since the
  // enabled features are fixed once detected.)
  const Kernel& selected() const noexcept override {
    const Kernel* k = selected_.load(std::memory_order_acquire);
    if (k == nullptr) [[unlikely]] {
      k = &best();
      selected_.store(k, std::memory_order_release);
    }
    return *k;
  }

 private:
  std::span<const Kernel* const> kernels_;
  mutable std::atomic<const Kernel*> selected_{nullptr};
};

}  // namespace fipsmod::internal
