// The module state machine (init -> selftest -> operational, or error), the
// power-on and on-demand runs, the failure record and the failure policy.
// docs/self-tests.md describes them for users.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>

#include "../core/state.hpp"
#include "selftests.hpp"

namespace fipsmod::internal {

std::atomic<State> module_state{State::init};
#if FIPSMOD_BREAK_TESTS
std::atomic<void (*)()> after_gate_hook{nullptr};
#endif

}  // namespace fipsmod::internal

namespace fipsmod::selftests {
namespace {

using internal::module_state;
using internal::State;

std::atomic<Policy> policy{Policy::enter_error_state};

std::mutex failure_mutex;
std::optional<Failure> failure;

// Runs (power-on or on-demand) one at a time.
std::mutex run_mutex;
// Set on the thread running the self-tests, so that a service called from
// the callback during the power-on run is refused (power_on() answers
// State::selftest, which the gate turns into in_selftest_callback) instead
// of waiting for the run it is part of, and a run asked for from the
// callback of any run is refused (run_all's report says ran false).
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
  internal::TestRecord r;
  const bool passed = run(t, r);
  const auto duration = std::chrono::steady_clock::now() - start;
  if (!passed) {
    record({t.name, t.algorithm, t.kernel->name, r.expected.empty() ? r.absent : hex(r.expected), hex(r.computed)});
  }
  return {t.name, t.algorithm, t.kernel->name, passed, duration};
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
// pre-operational (integrity) test ends the run: the module's code is not
// the code that was built, so no more of it runs (not even the code that
// builds the rest of the registry), and the report holds the tests up to it.
Report run_and_settle() {
  std::lock_guard lock(run_mutex);
  running_here = true;
  Report report;
  const auto start = std::chrono::steady_clock::now();
  bool ran = true;
  try {
    bool trusted = true;
    for (const Test& t : registered_first()) {
      report.results.push_back(run_one(t));
      if (t.pre != nullptr && !report.results.back().passed) trusted = false;
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
    State expected = State::selftest;
    module_state.compare_exchange_strong(expected, State::operational, std::memory_order_release);
    return report;
  }
  if (!ran) {
    try {
      record({"(self-tests)", "", "", "", "the run could not complete: out of memory"});
      report.results.push_back({"(self-tests)", "", "", false, {}});
    } catch (...) {
    }
  }
  std::lock_guard policy_lock(policy_mutex);
  if (policy.load() == Policy::abort_process) abort_with_failure();
  module_state.store(State::error, std::memory_order_release);
  return report;
}

std::once_flag power_on_flag;
std::atomic<std::chrono::nanoseconds::rep> power_on_ns{0};

}  // namespace

bool Report::passed() const noexcept {
  return std::all_of(results.begin(), results.end(), [](const Result& r) { return r.passed; });
}

Report run_all() {
  if (running_here) {
    Report refused;
    refused.ran = false;
    return refused;
  }
  internal::power_on();
  return run_and_settle();
}

std::chrono::nanoseconds power_on_duration() noexcept { return std::chrono::nanoseconds(power_on_ns.load()); }

const Failure* first_failure() noexcept {
  std::lock_guard lock(failure_mutex);
  return failure ? &*failure : nullptr;  // never changes once set
}

void set_failure_policy(Policy p) noexcept {
  std::lock_guard lock(policy_mutex);
  policy.store(p);
  if (p == Policy::abort_process && module_state.load() == State::error) abort_with_failure();
}

}  // namespace fipsmod::selftests

namespace fipsmod::internal {

State power_on() noexcept {
  if (selftests::running_here) return State::selftest;
  std::call_once(selftests::power_on_flag, [] {
    module_state.store(State::selftest, std::memory_order_release);
    const auto start = std::chrono::steady_clock::now();
    selftests::run_and_settle();
    selftests::power_on_ns.store((std::chrono::steady_clock::now() - start).count());
  });
  return module_state.load(std::memory_order_acquire);
}

}  // namespace fipsmod::internal
