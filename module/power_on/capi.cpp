// The C functions that read the package table: fipsmod_impl_name, the
// self-test calls, and the introspection `fipsmod info` and `fipsmod
// selftest` are built on. None of them is a service.
#include <fipsmod/module.h>

#include <mutex>
#include <string>
#include <vector>

#include "../core/cpu.hpp"
#include "../core/cpu_riscv.hpp"
#include "../core/status.hpp"
#include "selftests.hpp"

namespace fipsmod::internal {
namespace {

std::string join(const std::vector<std::string_view>& items) {
  std::string out;
  for (std::string_view item : items) {
    if (!out.empty()) out += ',';
    out += item;
  }
  return out;
}

// Why a kernel is or is not the one selected, by the selection rule
// (registry.hpp): the first kernel of the list that is usable and not slow
// on this CPU.
std::string reason(const KernelSet& kernels, const KernelInfo& k) {
  const KernelInfo& selected = kernels.selected();
  if (!cpu::detected().contains(k.needs)) return "this CPU lacks " + join(cpu::names(k.needs.without(cpu::detected())));
  if (!k.usable()) return "FIPSMOD_DISABLE removed " + join(cpu::names(k.needs.without(cpu::enabled())));
  if (&k == &selected) return "the first usable kernel of the list not slow here";
  if (k.slow_here()) return "slow on " + join(cpu::names(k.slow_on)) + ", which this CPU has";
  return std::string(selected.name) + " comes first in the list";
}

// The strings introspection returns, made once: they depend on nothing
// that changes after the CPU features are known.
struct Texts {
  std::string features[4];
  std::vector<const Algorithm*> algorithms;
  struct Kernel {
    std::string needs, slow_on, why;
  };
  std::vector<std::vector<Kernel>> kernels;  // per algorithm, per kernel
  std::vector<const ServiceRow*> services;
  std::vector<selftests::Test> tests;
};

const Texts& texts() {
  static const Texts made = [] {
    Texts t;
    t.features[FIPSMOD_CPU_DETECTED] = join(cpu::names(cpu::detected()));
    t.features[FIPSMOD_CPU_DISABLED] = join(cpu::names(cpu::detected().without(cpu::enabled())));
    t.features[FIPSMOD_CPU_ENABLED] = join(cpu::names(cpu::enabled()));
    std::vector<std::string_view> unknown(cpu::disable_request().unknown.begin(), cpu::disable_request().unknown.end());
    t.features[FIPSMOD_CPU_UNKNOWN_IN_DISABLE] = join(unknown);
    t.algorithms = algorithms();
    for (const Algorithm* a : t.algorithms) {
      std::vector<Texts::Kernel> ks;
      for (const KernelInfo* k : a->kernels->all()) {
        ks.push_back({join(cpu::names(k->needs)), join(cpu::names(k->slow_on)), reason(*a->kernels, *k)});
      }
      t.kernels.push_back(std::move(ks));
    }
    t.services = services();
    t.tests = selftests::registered();
    return t;
  }();
  return made;
}

template <class F>
int guarded(F&& f) noexcept {
  try {
    return f();
  } catch (...) {  // out of memory while making the texts
    return code(Status::module_error);
  }
}

// The C callback of fipsmod_selftest_run, over run_all's report.
int run_reporting(fipsmod_selftest_result_callback each, void* arg, std::uint64_t* total_ns) noexcept {
  return guarded([&]() -> int {
    const selftests::Report r = selftests::run_all();
    if (!r.ran) return code(Status::in_selftest_callback);  // asked for from a self-test callback
    for (const selftests::Result& t : r.results) {
      if (each == nullptr) break;
      const fipsmod_selftest_result result{t.name.c_str(), t.algorithm.c_str(), t.kernel.c_str(), t.passed ? 1 : 0,
                                           static_cast<std::uint64_t>(t.duration.count())};
      each(&result, arg);
    }
    if (total_ns != nullptr) *total_ns = static_cast<std::uint64_t>(r.total.count());
    return r.passed() && module_state.load() == State::operational ? FIPSMOD_OK : code(Status::module_error);
  });
}

}  // namespace
}  // namespace fipsmod::internal

using namespace fipsmod::internal;
namespace selftests = fipsmod::selftests;

extern "C" {

const char* fipsmod_impl_name(const char* algorithm) noexcept {
  if (algorithm == nullptr) return nullptr;
  const Algorithm* a = find_algorithm(algorithm);
  return a ? a->kernels->selected().name : nullptr;
}

int fipsmod_selftest(void) noexcept { return run_reporting(nullptr, nullptr, nullptr); }

int fipsmod_selftest_run(fipsmod_selftest_result_callback result, void* arg, uint64_t* total_ns) noexcept {
  return run_reporting(result, arg, total_ns);
}

uint64_t fipsmod_power_on_duration_ns(void) noexcept {
  return static_cast<uint64_t>(selftests::power_on_duration().count());
}

const char* fipsmod_selftest_failure(void) noexcept {
  // The first failure never changes once there is one, so neither does
  // its line.
  static std::once_flag once;
  static std::string line;
  try {
    const selftests::Failure* f = selftests::first_failure();
    if (f == nullptr) return nullptr;
    std::call_once(once, [&] { line = selftests::describe(*f); });
    return line.c_str();
  } catch (...) {  // out of memory
    return "a self-test failed";
  }
}

int fipsmod_selftest_failure_record(fipsmod_selftest_failure_info* out) noexcept {
  if (out == nullptr) return code(Status::null_argument);
  const selftests::Failure* f = selftests::first_failure();
  if (f == nullptr) return code(Status::invalid_argument);
  *out = {f->test.c_str(), f->algorithm.c_str(), f->kernel.c_str(), f->expected.c_str(), f->computed.c_str()};
  return FIPSMOD_OK;
}

int fipsmod_set_failure_policy(int policy) noexcept {
  if (policy == FIPSMOD_POLICY_ERROR_STATE) {
    selftests::set_failure_policy(selftests::Policy::enter_error_state);
  } else if (policy == FIPSMOD_POLICY_ABORT) {
    selftests::set_failure_policy(selftests::Policy::abort_process);
  } else {
    return code(Status::invalid_argument);
  }
  return FIPSMOD_OK;
}

int fipsmod_set_selftest_callback(fipsmod_selftest_callback callback, void* arg) noexcept {
  selftests::set_callback(callback, arg);
  return FIPSMOD_OK;
}

const char* fipsmod_architecture(void) noexcept {
#if defined(__x86_64__)
  return "amd64";
#elif defined(__aarch64__)
  return "arm64";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64";
#else
  return "other";
#endif
}

int fipsmod_integrity_built_in(void) noexcept {
  return guarded([]() -> int {
    for (const Package& p : packages()) {
      if (!p.parts.pre_operational.empty()) return 1;
    }
    return 0;
  });
}

const char* fipsmod_cpu_features(int which) noexcept {
  if (which < FIPSMOD_CPU_DETECTED || which > FIPSMOD_CPU_UNKNOWN_IN_DISABLE) return nullptr;
  try {
    return texts().features[which].c_str();
  } catch (...) {
    return nullptr;
  }
}

const char* fipsmod_riscv_hwprobe(const char** misaligned) noexcept {
#if defined(__riscv) && __riscv_xlen == 64
  const fipsmod::cpu::riscv::Probe& p = fipsmod::cpu::riscv::probe();
  if (misaligned != nullptr) *misaligned = fipsmod::cpu::riscv::name(p.misaligned).data();
#if FIPSMOD_BREAK_TESTS
  return p.from_kernel ? "answered" : "unavailable, features from -march and FIPSMOD_TEST_HWPROBE";
#else
  return p.from_kernel ? "answered" : "unavailable, features from -march";
#endif
#else
  (void)misaligned;
  return nullptr;
#endif
}

const char* fipsmod_algorithm_name(size_t i) noexcept {
  try {
    const auto& t = texts();
    return i < t.algorithms.size() ? t.algorithms[i]->name : nullptr;
  } catch (...) {
    return nullptr;
  }
}

int fipsmod_kernel_at(const char* algorithm, size_t i, fipsmod_kernel_info* out) noexcept {
  if (algorithm == nullptr || out == nullptr) return code(Status::null_argument);
  return guarded([&]() -> int {
    const auto& t = texts();
    for (std::size_t a = 0; a < t.algorithms.size(); ++a) {
      if (std::string_view(algorithm) != t.algorithms[a]->name) continue;
      const auto all = t.algorithms[a]->kernels->all();
      if (i >= all.size()) break;
      const KernelInfo& k = *all[i];
      const Texts::Kernel& text = t.kernels[a][i];
      *out = {k.name, text.needs.c_str(), text.slow_on.c_str(),
              fipsmod::cpu::detected().contains(k.needs) ? 1 : 0, k.usable() ? 1 : 0,
              k.usable() && k.slow_here() ? 1 : 0, &k == &t.algorithms[a]->kernels->selected() ? 1 : 0,
              text.why.c_str()};
      return FIPSMOD_OK;
    }
    return code(Status::invalid_argument);
  });
}

int fipsmod_service_at(size_t i, fipsmod_service_info* out) noexcept {
  if (out == nullptr) return code(Status::null_argument);
  return guarded([&]() -> int {
    const auto& t = texts();
    if (i >= t.services.size()) return code(Status::invalid_argument);
    const ServiceRow& s = *t.services[i];
    const int approval = s.approval == Approval::approved       ? FIPSMOD_SERVICE_APPROVED
                         : s.approval == Approval::not_approved ? FIPSMOD_SERVICE_NOT_APPROVED
                                                                : FIPSMOD_SERVICE_NOT_CRYPTOGRAPHIC;
    *out = {s.name, s.calls, approval};
    return FIPSMOD_OK;
  });
}

int fipsmod_selftest_at(size_t i, fipsmod_selftest_info* out) noexcept {
  if (out == nullptr) return code(Status::null_argument);
  return guarded([&]() -> int {
    const auto& t = texts();
    if (i >= t.tests.size()) return code(Status::invalid_argument);
    const selftests::Test& test = t.tests[i];
    const auto expected = test.known ? test.known->answer.expected : std::span<const std::uint8_t>{};
    *out = {test.pre ? "integrity" : "KAT", test.name.c_str(), test.algorithm, test.kernel->name,
            test.known ? expected.data() : nullptr, expected.size()};
    return FIPSMOD_OK;
  });
}

}  // extern "C"
