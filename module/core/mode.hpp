// The module's mode: all services, or approved services only. Read from
// FIPSMOD_MODE (once) or set through the API before the first service;
// fixed by the first service for the life of the process. A FIPSMOD_MODE
// that is neither "only" nor unset or empty fails closed: the mode is
// invalid, every service refuses with mode_invalid, and no mode can be set.
#pragma once

#include <fipsmod/module.h>

#include <atomic>

#include "status.hpp"

namespace fipsmod::internal {

enum class Mode : int {
  all_services = FIPSMOD_MODE_ALL_SERVICES,
  approved_only = FIPSMOD_MODE_APPROVED_ONLY,
  invalid = FIPSMOD_MODE_INVALID,  // FIPSMOD_MODE held no mode: every service refuses
};

// The fixed mode as an int, or mode_not_fixed until the first service.
inline constexpr int mode_not_fixed = -1;
extern std::atomic<int> fixed_mode;
// Fixes the mode (under a lock) and returns it.
int fix_mode() noexcept;

// The mode a service runs in. The first call fixes the mode; after that it
// is one load, inline on every service's path.
inline Mode service_mode() noexcept {
  int m = fixed_mode.load(std::memory_order_acquire);
  if (m == mode_not_fixed) [[unlikely]]
    m = fix_mode();
  return static_cast<Mode>(m);
}

// The mode in effect, or the one that the first service will fix; does not
// fix it.
Mode current_mode() noexcept;

// ok, or mode_fixed (see fipsmod::set_mode); invalid_argument for a value
// that is not all_services or approved_only; mode_invalid when FIPSMOD_MODE
// held no mode.
Status set_mode(Mode m) noexcept;

// The message of Status::mode_invalid: naming FIPSMOD_MODE's value (escaped)
// when it holds one that is no mode, generic otherwise. Lives as long as
// the process.
const char* mode_invalid_message() noexcept;

}  // namespace fipsmod::internal
