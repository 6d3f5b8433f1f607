// fipsmod::selftest: the module's known-answer self-tests, run on demand,
// and what happens when one fails (docs/self-tests.md). The power-on run
// happens by itself before the first service call.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/export.h>

namespace fipsmod::selftest {

// One self-test's outcome in a run.
struct Result {
  std::string name;       // "MD5/amd64-bmi1"
  std::string algorithm;  // "md5", "xor_bytes"
  std::string kernel;     // "amd64-bmi1"
  bool passed;
  std::chrono::nanoseconds duration;
};

struct Report {
  std::vector<Result> results;  // registry order
  std::chrono::nanoseconds total;
  [[nodiscard]] FIPSMOD_API bool passed() const noexcept;
};

// Runs every self-test now (the power-on run first, if it has not
// happened). A failure puts the module in ModuleState::error, or aborts
// under Policy::abort_process; the report says which tests failed. Called
// from a self-test callback, it throws fipsmod::error
// FIPSMOD_ERR_INVALID_ARGUMENT and runs nothing.
FIPSMOD_API Report run_all();

// The first failure of this process, kept exactly.
struct Failure {
  std::string test;       // "XORBytes/amd64-avx2"
  std::string algorithm;  // "xor_bytes"
  std::string kernel;     // "amd64-avx2"
  std::string expected;   // hex
  std::string computed;   // hex
};
FIPSMOD_API std::optional<Failure> first_failure();

// What a failing self-test does. Set before the first service call;
// choosing abort_process while already in error aborts at once.
enum class Policy { enter_error_state, abort_process };
FIPSMOD_API void set_failure_policy(Policy policy) noexcept;

// A self-test event, for the callback.
enum class Phase { start, pass, fail };
struct Event {
  Phase phase;
  std::string_view type;       // "KAT"
  std::string_view name;       // "MD5/generic"
  std::string_view algorithm;  // "md5"
  std::string_view kernel;     // "generic"
};
// Called for each event, on the thread running the tests; it must not call
// a service (during the power-on run such a call is refused). Registered
// before the first service call it sees the power-on run, later only
// on-demand runs. nullptr removes it. One callback for the process: this
// and fipsmod_set_selftest_callback replace each other. An exception it
// throws is ignored.
using Callback = void (*)(const Event& event, void* arg);
FIPSMOD_API void set_callback(Callback callback, void* arg) noexcept;

}  // namespace fipsmod::selftest
