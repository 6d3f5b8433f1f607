// fipsmod::selftest: the module's self-tests, run on demand, and what
// happens when one fails (docs/self-tests.md), as C++ over <fipsmod/module.h>.
// Header-only. The power-on run happens by itself before the first service
// call.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/module.hpp>

namespace fipsmod::selftest {

// One self-test's outcome in a run.
struct Result {
  std::string name;       // "<test prefix>/<kernel>" or "integrity"
  std::string algorithm;  // a name fipsmod_algorithm_name lists
  std::string kernel;     // "amd64-bmi1"
  bool passed;
  std::chrono::nanoseconds duration;
};

struct Report {
  std::vector<Result> results;  // in the order they ran
  std::chrono::nanoseconds total{};
  [[nodiscard]] bool passed() const noexcept {
    for (const Result& r : results) {
      if (!r.passed) return false;
    }
    return true;
  }
};

// Runs every self-test now (the power-on run first, if it has not
// happened). A failure puts the module in ModuleState::error, or aborts
// under Policy::abort_process; the report says which tests failed. Called
// from a self-test callback (of any run), it throws fipsmod::error (not
// module_error: nothing failed) FIPSMOD_ERR_IN_SELFTEST_CALLBACK, "called
// from a self-test callback", and runs nothing.
inline Report run_all() {
  Report report;
  std::uint64_t total = 0;
  const int status = fipsmod_selftest_run(
      [](const fipsmod_selftest_result* r, void* arg) {
        try {
          static_cast<Report*>(arg)->results.push_back(
              {r->name, r->algorithm, r->kernel, r->passed != 0, std::chrono::nanoseconds(r->duration_ns)});
        } catch (...) {  // out of memory: the report is short, and says so below
        }
      },
      &report, &total);
  if (status == FIPSMOD_ERR_IN_SELFTEST_CALLBACK) fipsmod::detail::throw_status(status);
  report.total = std::chrono::nanoseconds(total);
  return report;
}

// How long the power-on run took (zero before it has run).
inline std::chrono::nanoseconds power_on_duration() noexcept {
  return std::chrono::nanoseconds(fipsmod_power_on_duration_ns());
}

// The first failure of this process, kept exactly.
struct Failure {
  std::string test;       // "<test prefix>/<kernel>" or "integrity"
  std::string algorithm;  // a name fipsmod_algorithm_name lists
  std::string kernel;     // "amd64-avx2"
  std::string expected;   // hex
  std::string computed;   // hex
};
inline std::optional<Failure> first_failure() {
  fipsmod_selftest_failure_info f;
  if (fipsmod_selftest_failure_record(&f) != FIPSMOD_OK) return std::nullopt;
  return Failure{f.test, f.algorithm, f.kernel, f.expected, f.computed};
}

// What a failing self-test does. Set before the first service call;
// choosing abort_process while already in error aborts at once.
enum class Policy { enter_error_state = FIPSMOD_POLICY_ERROR_STATE, abort_process = FIPSMOD_POLICY_ABORT };
inline void set_failure_policy(Policy policy) noexcept { fipsmod_set_failure_policy(static_cast<int>(policy)); }

// A self-test event, for the callback.
enum class Phase { start = FIPSMOD_SELFTEST_START, pass = FIPSMOD_SELFTEST_PASS, fail = FIPSMOD_SELFTEST_FAIL };
struct Event {
  Phase phase;
  std::string_view type;       // "KAT" or "integrity"
  std::string_view name;       // "<test prefix>/<kernel>" or "integrity"
  std::string_view algorithm;  // a name fipsmod_algorithm_name lists
  std::string_view kernel;     // "generic"
};
// Called for each event, on the thread running the tests; it must not call
// a service (during the power-on run such a call is refused: a C++ service
// throws fipsmod::error FIPSMOD_ERR_IN_SELFTEST_CALLBACK) nor run_all (it
// throws the same). Registered
// before the first service call it sees the power-on run, later only
// on-demand runs. nullptr removes it. One callback for the process: this
// and fipsmod_set_selftest_callback replace each other. An exception it
// throws is ignored.
using Callback = void (*)(const Event& event, void* arg);

namespace callbacks {
struct CallbackSlot {
  std::mutex mutex;
  Callback callback = nullptr;
  void* arg = nullptr;
};
inline CallbackSlot& callback_slot() {
  static CallbackSlot slot;
  return slot;
}
inline void forward_event(const fipsmod_selftest_event* e, void*) {
  CallbackSlot& slot = callback_slot();
  Callback callback;
  void* arg;
  {
    std::lock_guard lock(slot.mutex);
    callback = slot.callback;
    arg = slot.arg;
  }
  if (callback == nullptr) return;
  try {
    callback(Event{static_cast<Phase>(e->phase), e->type, e->name, e->algorithm, e->kernel}, arg);
  } catch (...) {  // the application's problem: it must not decide a self-test
  }
}
}  // namespace callbacks

inline void set_callback(Callback callback, void* arg) noexcept {
  callbacks::CallbackSlot& slot = callbacks::callback_slot();
  {
    std::lock_guard lock(slot.mutex);
    slot.callback = callback;
    slot.arg = arg;
  }
  fipsmod_set_selftest_callback(callback ? &callbacks::forward_event : nullptr, nullptr);
}

}  // namespace fipsmod::selftest
