// The module's state and the gate every service passes: the power-on
// self-tests run on the first call (once per process, thread-safe; other
// callers wait), and a service answers only in ModuleState::operational.
// Each service passes the gate exactly once, at its entry (the C API and
// the C++ API share one checked layer per algorithm), so a state change
// mid-call can never turn into an exception half-way through.
#pragma once

#include <atomic>

#include <fipsmod/module.hpp>

#include "status.hpp"

namespace fipsmod::internal {

extern std::atomic<ModuleState> module_state;

// Runs the power-on self-tests unless they have run; the state after.
ModuleState power_on() noexcept;

#if FIPSMOD_BREAK_TESTS
// Builds for testing the self-tests only: called each time the gate lets a
// service in, so a test can change the state between the gate and the work.
extern std::atomic<void (*)()> after_gate_hook;
#endif

// Whether a service may answer now. One load on the fast path.
inline bool operational() noexcept {
  const ModuleState s = module_state.load(std::memory_order_acquire);
  if (s == ModuleState::operational) [[likely]] {
#if FIPSMOD_BREAK_TESTS
    if (auto hook = after_gate_hook.load(std::memory_order_relaxed)) [[unlikely]] hook();
#endif
    return true;
  }
  return s != ModuleState::error && power_on() == ModuleState::operational;
}

// The gate as a status: ok, or module_error.
inline Status gate() noexcept { return operational() ? Status::ok : Status::module_error; }

}  // namespace fipsmod::internal
