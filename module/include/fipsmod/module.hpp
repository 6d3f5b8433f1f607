// fipsmod: module-wide facts.
#pragma once

#include <stdexcept>
#include <string_view>

#include <fipsmod/export.h>

namespace fipsmod {

// The module's state (docs/self-tests.md): init until the first service
// call (or, for libfipsmod.so, until it is loaded), selftest while the
// power-on self-tests run, then operational, or error for the life of the
// process when one of them failed.
enum class ModuleState { init = 0, selftest = 1, operational = 2, error = 3 };
FIPSMOD_API ModuleState state() noexcept;

// What every C++ service throws when it refuses, having computed and
// written nothing: status() is the C API's FIPSMOD_ERR_* code for the same
// refusal, what() its fipsmod_strerror() text.
class FIPSMOD_API error : public std::runtime_error {
 public:
  error(int status, const char* what) : std::runtime_error(what), status_(status) {}
  int status() const noexcept { return status_; }

 private:
  int status_;
};

// The refusal of every service once the module is in ModuleState::error
// (status() is FIPSMOD_ERR_MODULE_ERROR).
class FIPSMOD_API module_error : public error {
 public:
  using error::error;
};

// "MAJOR.MINOR.PATCH".
FIPSMOD_API std::string_view version() noexcept;

// The kernel in use for an algorithm ("md5", "xor_bytes"); empty for an
// unknown name.
FIPSMOD_API std::string_view impl_name(std::string_view algorithm) noexcept;

}  // namespace fipsmod
