// The gate every service passes: the power-on self-tests run on the first
// call (once per process, thread-safe; other callers wait), and a service
// answers only in ModuleState::operational. Implemented in selftest/.
#pragma once

#include <atomic>

#include <fipsmod/module.hpp>

namespace fipsmod::internal {

extern std::atomic<ModuleState> module_state;

// Runs the power-on self-tests unless they have run; the state after.
ModuleState power_on() noexcept;

// Whether a service may answer now. One load on the fast path.
inline bool operational() noexcept {
  const ModuleState s = module_state.load(std::memory_order_acquire);
  if (s == ModuleState::operational) [[likely]] return true;
  return s != ModuleState::error && power_on() == ModuleState::operational;
}

// Throws fipsmod::module_error unless operational().
void require_operational();

}  // namespace fipsmod::internal
