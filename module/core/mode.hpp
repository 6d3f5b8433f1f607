// The module's mode: all services, or approved services only. Read from
// FIPSMOD_MODE (once) or set through the API before the first service;
// fixed by the first service for the life of the process.
#pragma once

#include <fipsmod/module.h>

#include <atomic>

#include "status.hpp"

namespace fipsmod::internal {

enum class Mode : int { all_services = FIPSMOD_MODE_ALL_SERVICES, approved_only = FIPSMOD_MODE_APPROVED_ONLY };

// The fixed mode as an int, or mode_not_fixed until the first service.
inline constexpr int mode_not_fixed = -1;
extern std::atomic<int> fixed_mode;
// Fixes the mode (under a lock) and returns it.
int fix_mode() noexcept;

// Whether non-approved services are refused. The first call fixes the
// mode; after that it is one load, inline on every service's path.
inline bool approved_only() noexcept {
  int m = fixed_mode.load(std::memory_order_acquire);
  if (m == mode_not_fixed) [[unlikely]]
    m = fix_mode();
  return m == static_cast<int>(Mode::approved_only);
}

// The mode in effect, or the one that the first service will fix; does not
// fix it.
Mode current_mode() noexcept;

// ok, or mode_fixed (see fipsmod::set_mode); invalid_argument for a value
// that is not a Mode.
Status set_mode(Mode m) noexcept;

}  // namespace fipsmod::internal
