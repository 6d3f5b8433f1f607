// fipsmod: module-wide facts.
#pragma once

#include <stdexcept>
#include <string_view>

#include <fipsmod/export.h>

namespace fipsmod {

// The module's state (docs/self-tests.md): init until the first service
// call (or, for libfipsmod.so, until it is loaded), kSelfTest while the
// power-on self-tests run, then operational, or error for the life of the
// process when one of them failed.
enum class ModuleState { init = 0, selftest = 1, operational = 2, error = 3 };
FIPSMOD_API ModuleState state() noexcept;

// What every C++ service throws, nothing computed or written, once the
// module is in ModuleState::error.
class FIPSMOD_API module_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "MAJOR.MINOR.PATCH".
FIPSMOD_API std::string_view version() noexcept;

// The kernel in use for "md5" or "xor_bytes"; empty for an unknown name.
FIPSMOD_API std::string_view impl_name(std::string_view algorithm) noexcept;

}  // namespace fipsmod
