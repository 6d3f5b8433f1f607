// The module state machine (init -> selftest -> operational, or error), the
// power-on and on-demand runs, the failure record and the failure policy.
// docs/self-tests.md describes them for users.
#include "power_on.hpp"

#include <fipsmod/selftest.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "selftests.hpp"

namespace fipsmod::internal {

std::atomic<ModuleState> module_state{ModuleState::init};
#if FIPSMOD_BREAK_TESTS
std::atomic<void (*)()> after_gate_hook{nullptr};
#endif

}  // namespace fipsmod::internal

namespace fipsmod::selftest {
namespace {

using internal::module_state;

std::atomic<Policy> policy{Policy::enter_error_state};

std::mutex failure_mutex;
std::optional<Failure> failure;

// Runs (power-on or on-demand) one at a time.
std::mutex run_mutex;
// Set on the thread running the self-tests, so that a service called from
// the callback is refused instead of waiting for the run it is part of.
thread_local bool running_here = false;

// Keeps the first failure of the process, and writes it to stderr once.
void record(Failure f) {
  std::lock_guard lock(failure_mutex);
  if (failure) return;
  failure = std::move(f);
  std::fprintf(stderr, "fipsmod: self-test failed: %s\n", describe(*failure).c_str());
}

Result run_one(const Test& t) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::uint8_t> expected, computed;
  const char* none = "(none)";
  const bool passed = run(t, expected, computed, &none);
  const auto duration = std::chrono::steady_clock::now() - start;
  const std::string algorithm(t.algorithm->name);
  if (!passed) {
    record({t.name, algorithm, t.kernel->name, expected.empty() ? none : hex(expected), hex(computed)});
  }
  return {t.name, algorithm, t.kernel->name, passed, duration};
}

[[noreturn]] void abort_with_failure() {
  std::lock_guard lock(failure_mutex);
  std::fprintf(stderr, "fipsmod: aborting (failure policy): %s\n",
               failure ? describe(*failure).c_str() : "self-test failed");
  std::abort();
}

// Serialises the policy against entering error, so that a policy set while
// a run fails is either applied by the run or sees the error.
std::mutex policy_mutex;

// Runs every registered self-test and settles the state: a failure means
// error for good (or abort); success leaves error as it is. A failed
// integrity test ends the run: the module's code is not the code that was
// built, so no more of it runs (not even the code that builds the rest of
// the registry), and the report holds the tests up to the integrity test.
Report run_and_settle() {
  std::lock_guard lock(run_mutex);
  running_here = true;
  Report report{{}, {}};
  const auto start = std::chrono::steady_clock::now();
  bool ran = true;
  try {
    bool trusted = true;
    for (const Test& t : registered_first()) {
      report.results.push_back(run_one(t));
      if (t.kind == Kind::integrity && !report.results.back().passed) trusted = false;
    }
    if (trusted) {
      for (const Test& t : registered_rest()) report.results.push_back(run_one(t));
    }
  } catch (...) {  // out of memory: the tests did not all run, so they did not pass
    ran = false;
  }
  report.total = std::chrono::steady_clock::now() - start;
  running_here = false;
  if (ran && report.passed()) {
    ModuleState expected = ModuleState::selftest;
    module_state.compare_exchange_strong(expected, ModuleState::operational, std::memory_order_release);
    return report;
  }
  if (!ran) {
    try {
      record({"(self-tests)", "", "", "", "the run could not complete (out of memory)"});
      report.results.push_back({"(self-tests)", "", "", false, {}});
    } catch (...) {
    }
  }
  std::lock_guard policy_lock(policy_mutex);
  if (policy.load() == Policy::abort_process) abort_with_failure();
  module_state.store(ModuleState::error, std::memory_order_release);
  return report;
}

std::once_flag power_on_flag;
std::atomic<std::chrono::nanoseconds::rep> power_on_ns{0};

}  // namespace

bool Report::passed() const noexcept {
  return std::all_of(results.begin(), results.end(), [](const Result& r) { return r.passed; });
}

Report run_all() {
  if (running_here) throw error(FIPSMOD_ERR_INVALID_ARGUMENT, "fipsmod: selftest::run_all called from a self-test callback");
  internal::power_on();
  return run_and_settle();
}

std::chrono::nanoseconds power_on_duration() noexcept { return std::chrono::nanoseconds(power_on_ns.load()); }

std::optional<Failure> first_failure() {
  std::lock_guard lock(failure_mutex);
  return failure;
}

void set_failure_policy(Policy p) noexcept {
  std::lock_guard lock(policy_mutex);
  policy.store(p);
  if (p == Policy::abort_process && module_state.load() == ModuleState::error) abort_with_failure();
}

}  // namespace fipsmod::selftest

namespace fipsmod {

ModuleState state() noexcept { return internal::module_state.load(std::memory_order_acquire); }

namespace internal {

ModuleState power_on() noexcept {
  if (selftest::running_here) return ModuleState::selftest;
  std::call_once(selftest::power_on_flag, [] {
    module_state.store(ModuleState::selftest, std::memory_order_release);
    const auto start = std::chrono::steady_clock::now();
    selftest::run_and_settle();
    selftest::power_on_ns.store((std::chrono::steady_clock::now() - start).count());
  });
  return module_state.load(std::memory_order_acquire);
}

}  // namespace internal
}  // namespace fipsmod
