// The core's C functions: version, status messages, the indicator, the mode
// and the state.
#include <fipsmod/module.h>
#include <fipsmod/version.h>

#include "mode.hpp"
#include "service.hpp"
#include "state.hpp"
#include "status.hpp"

using fipsmod::internal::Mode;
using fipsmod::internal::Status;

extern "C" {

const char* fipsmod_version(void) noexcept { return FIPSMOD_VERSION_STRING; }

const char* fipsmod_strerror(int status) noexcept { return fipsmod::internal::message(status); }

int fipsmod_service_indicator(void) noexcept { return static_cast<int>(fipsmod::internal::last_service_indicator); }

int fipsmod_mode(void) noexcept { return static_cast<int>(fipsmod::internal::current_mode()); }

int fipsmod_set_mode(int mode) noexcept {
  if (mode != FIPSMOD_MODE_ALL_SERVICES && mode != FIPSMOD_MODE_APPROVED_ONLY) return code(Status::invalid_argument);
  return code(fipsmod::internal::set_mode(static_cast<Mode>(mode)));
}

int fipsmod_state(void) noexcept {
  return static_cast<int>(fipsmod::internal::module_state.load(std::memory_order_acquire));
}

int fipsmod_run_without_enforcement(int (*fn)(void* arg), void* arg) noexcept {
  if (fn == nullptr) return code(Status::null_argument);
  // The scope ends however fn returns; fn is C (or the C++ wrapper's
  // trampoline, which lets no exception out), so it returns or the
  // process ends.
  struct Scope {
    Scope() noexcept { ++fipsmod::internal::enforcement_lifted; }
    ~Scope() { --fipsmod::internal::enforcement_lifted; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
  } scope;
  return fn(arg);
}

int fipsmod_power_on(void) noexcept { return static_cast<int>(fipsmod::internal::power_on()); }

}  // extern "C"
