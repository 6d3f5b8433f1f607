// The module's state and the gate every service passes: a service answers
// only in State::operational. The power-on self-tests run on the first call
// (once per process, thread-safe; other callers wait): the gate asks for
// them through power_on(), which the power-on driver above the algorithms
// defines (module/power_on/); nothing here knows an algorithm.
//
// Each service passes the gate exactly once, at its entry (the C API is the
// one way in), so a state change mid-call can never fail a call half-way.
#pragma once

#include <atomic>

#include <fipsmod/module.h>

#include "status.hpp"

namespace fipsmod::internal {

enum class State : int {
  init = FIPSMOD_STATE_INIT,
  selftest = FIPSMOD_STATE_SELFTEST,
  operational = FIPSMOD_STATE_OPERATIONAL,
  error = FIPSMOD_STATE_ERROR,
};

extern std::atomic<State> module_state;

// Runs the power-on self-tests unless they have run; the state after.
// Defined by the power-on driver (module/power_on/power_on.cpp).
State power_on() noexcept;

#if FIPSMOD_BREAK_TESTS
// Builds for testing the self-tests only: called each time the gate lets a
// service in, so a test can change the state between the gate and the work.
extern std::atomic<void (*)()> after_gate_hook;
#endif

// The gate as a status: ok when a service may answer now; module_error in
// the error state; in_selftest_callback on the thread running the power-on
// self-tests (a service called from the self-test callback: power_on()
// answers State::selftest there, rather than wait for the run it is part
// of). One load on the fast path.
inline Status gate() noexcept {
  const State s = module_state.load(std::memory_order_acquire);
  if (s == State::operational) [[likely]] {
#if FIPSMOD_BREAK_TESTS
    if (auto hook = after_gate_hook.load(std::memory_order_relaxed)) [[unlikely]] hook();
#endif
    return Status::ok;
  }
  if (s == State::error) return Status::module_error;
  switch (power_on()) {
    case State::operational: return Status::ok;
    case State::selftest: return Status::in_selftest_callback;
    default: return Status::module_error;
  }
}

// Whether a service may answer now.
inline bool operational() noexcept { return gate() == Status::ok; }

}  // namespace fipsmod::internal
