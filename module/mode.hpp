// The module's mode: all services, or approved services only. Read from
// FIPSMOD_MODE (once) or set through the API before the first service;
// fixed by the first service for the life of the process.
#pragma once

#include <fipsmod/module.hpp>

#include "status.hpp"

namespace fipsmod::internal {

// Whether non-approved services are refused. The first call fixes the
// mode; after that it is one load.
bool approved_only() noexcept;

// The mode in effect, or the one that the first service will fix; does not
// fix it.
Mode current_mode() noexcept;

// ok, or mode_fixed (see fipsmod::set_mode); invalid_argument for a value
// that is not a Mode.
Status set_mode(Mode m) noexcept;

}  // namespace fipsmod::internal
