// The kernel registry: every implementation of an algorithm (the portable
// generic one, and assembly for particular CPUs) is described by a Kernel
// record holding its name, the CPU features it needs and its entry points.
// Each algorithm keeps one list of them, best first and generic last; the
// module uses the first one whose features are enabled, chosen once per
// list.
//
// Tests, self-tests, fuzzers and benchmarks enumerate the same lists
// (through the package table, package.hpp), so a kernel added to a list is
// covered everywhere without new test code.
//
// The lists are built by the module's own code the first time they are
// asked for, into zero-initialised memory: a record's entry points and name
// are stored by instructions inside the range the integrity test hashes,
// never kept as relocated pointers in data outside it, where one changed
// byte of the file could send a service to other code (docs/integrity.md).
// `entry()` is what makes that so: the compiler cannot fold a pointer that
// passed through it into constant data.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "cpu.hpp"

namespace fipsmod::internal {

// `v` as the compiler must compute it at run time.
template <class T>
[[gnu::always_inline]] inline T at_run_time(T v) noexcept {
  __asm__("" : "+r"(v));
  return v;
}
// An entry point for a kernel record: always written `entry(&function)`.
template <class Fn>
[[gnu::always_inline]] inline Fn entry(Fn f) noexcept {
  return at_run_time(f);
}

// The part of a kernel record every algorithm shares. An algorithm's
// Kernel derives from it and adds its entry points.
struct KernelInfo {
  const char* name = nullptr;  // "generic", "amd64-avx2", ... unique per list
  cpu::FeatureSet needs{};     // all must be enabled for the kernel to be usable
  // Traits of a core (cpu::Feature::vlat2) on which this kernel runs but is
  // slower than the next kernel in the list: selection passes it over there.
  // Tests still run it wherever it is usable.
  cpu::FeatureSet slow_on{};

  bool usable() const noexcept { return cpu::enabled().contains(needs); }
  bool slow_here() const noexcept { return cpu::enabled().intersects(slow_on); }
};

inline constexpr std::size_t kMaxKernels = 8;

// A kernel list as code that does not know the algorithm's kernel type sees
// it: the self-tests, the introspection API, the tests. Selection is the
// list's (not the kernel type's): two lists of one type choose apart.
class KernelSet {
 public:
  KernelSet(const KernelSet&) = delete;
  KernelSet& operator=(const KernelSet&) = delete;

  // Best first; the generic kernel last.
  std::span<const KernelInfo* const> all() const noexcept { return {infos_.data(), count_}; }
  std::vector<const KernelInfo*> usable() const {
    std::vector<const KernelInfo*> out;
    for (const KernelInfo* k : all()) {
      if (k->usable()) out.push_back(k);
    }
    return out;
  }
  const KernelInfo* find(std::string_view name) const noexcept {
    for (const KernelInfo* k : all()) {
      if (name == k->name) return k;
    }
    return nullptr;
  }
  bool holds(const KernelInfo& k) const noexcept {
    for (const KernelInfo* mine : all()) {
      if (mine == &k) return true;
    }
    return false;
  }
  // The first usable kernel that is not slow on this core. The last kernel
  // of every list is the generic one, which needs no feature and is slow
  // nowhere, so there always is one.
  const KernelInfo& best() const noexcept {
    for (const KernelInfo* k : all()) {
      if (k->usable() && !k->slow_here()) return *k;
    }
    return *infos_[count_ - 1];
  }
  // best() on first use, and the same kernel ever after. (Concurrent first
  // callers compute the same answer: the enabled features are fixed once
  // detected.)
  const KernelInfo& selected() const noexcept {
    const KernelInfo* k = selected_.load(std::memory_order_acquire);
    if (k == nullptr) [[unlikely]] {
      k = &best();
      selected_.store(k, std::memory_order_release);
    }
    return *k;
  }

 protected:
  KernelSet() = default;
  ~KernelSet() = default;

  std::array<const KernelInfo*, kMaxKernels> infos_{};
  std::size_t count_ = 0;
  mutable std::atomic<const KernelInfo*> selected_{nullptr};
};

// An algorithm's list, with its own record type. Built at run time (see
// above); an algorithm keeps it as a function-local static:
//
//   const KernelList<Kernel>& kernels() noexcept {
//     static const KernelList<Kernel> list{
//         Kernel{{"amd64-avx2", {Feature::avx2}}, entry(&fipsmod_..._avx2)},
//         Kernel{{"generic", {}}, entry(&block_generic)},
//     };
//     return list;
//   }
template <class Kernel>
class KernelList final : public KernelSet {
 public:
  KernelList(std::initializer_list<Kernel> best_first) noexcept {
    for (const Kernel& k : best_first) {
      if (count_ == kMaxKernels) break;  // a static_assert-free guard; the registry test checks the counts
      kernels_[count_] = k;
      infos_[count_] = &kernels_[count_];
      ++count_;
    }
  }

  std::span<const Kernel> kernels() const noexcept { return {kernels_.data(), count_}; }

  // The usable kernels as their own type.
  std::vector<const Kernel*> usable() const {
    std::vector<const Kernel*> out;
    for (const Kernel& k : kernels()) {
      if (k.usable()) out.push_back(&k);
    }
    return out;
  }
  const Kernel* find(std::string_view name) const noexcept {
    for (const Kernel& k : kernels()) {
      if (name == k.name) return &k;
    }
    return nullptr;
  }
  // The typed record behind a KernelInfo of this list (null if it is not
  // one): how an algorithm gets back its own kernel from module-wide code,
  // without a cast.
  const Kernel* find(const KernelInfo& info) const noexcept {
    for (const Kernel& k : kernels()) {
      if (&k == &info) return &k;
    }
    return nullptr;
  }
  // Every KernelInfo of this list is the base of one of its records.
  const Kernel& best() const noexcept { return static_cast<const Kernel&>(KernelSet::best()); }
  const Kernel& selected() const noexcept { return static_cast<const Kernel&>(KernelSet::selected()); }
  // The last kernel: the generic one, usable everywhere.
  const Kernel& generic() const noexcept { return kernels_[count_ - 1]; }

 private:
  std::array<Kernel, kMaxKernels> kernels_{};
};

// list().selected(), as a service's fast path asks for it: one load of a
// pointer kept beside the code, where the list's own accessor costs a call,
// the guard of its function-local static and then the load (a tenth of the
// fixed cost of an 8-byte fipsmod_xor_bytes; docs/small-inputs.md). The
// pointer is a cache of the list's selection, which never changes once
// made, so both always name the same kernel. It is zero until the first
// call stores it (constinit: no guard), written at run time like the
// records themselves. Hidden, so that the module reaches it PC-relative,
// not through a GOT slot.
#pragma GCC visibility push(hidden)
template <class Kernel, const KernelList<Kernel>& (*list)() noexcept>
[[gnu::always_inline]] inline std::atomic<const Kernel*>& selection_cache() noexcept {
  static constinit std::atomic<const Kernel*> cached{nullptr};
  return cached;
}
// The cached selection, or null before the first selected_kernel() call:
// for a fast path that leaves that case (a call) to its slow path.
template <class Kernel, const KernelList<Kernel>& (*list)() noexcept>
[[gnu::always_inline]] inline const Kernel* selected_kernel_if_cached() noexcept {
  return selection_cache<Kernel, list>().load(std::memory_order_acquire);
}
template <class Kernel, const KernelList<Kernel>& (*list)() noexcept>
[[gnu::always_inline]] inline const Kernel& selected_kernel() noexcept {
  const Kernel* k = selected_kernel_if_cached<Kernel, list>();
  if (k == nullptr) [[unlikely]] {
    k = &list().selected();
    selection_cache<Kernel, list>().store(k, std::memory_order_release);
  }
  return *k;
}
#pragma GCC visibility pop

}  // namespace fipsmod::internal
