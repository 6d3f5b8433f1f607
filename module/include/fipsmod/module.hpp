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

// The approved-service indicator (docs/services.md): whether the last
// service this thread called ran as an approved service. Every service sets
// it, first to not_approved on entry, then to approved only if the call
// succeeded as an approved service: SHA-256, SHA-224, and HMAC over either
// under a key of at least hmac::min_approved_key_size bytes (the key the
// context was made with, for every call on it). MD5, HMAC under a shorter
// key, XORBytes (not a cryptographic service) and every refused or failed
// call leave it not_approved. Before the thread's first service it is
// not_approved. The C API's fipsmod_service_indicator() reads the same.
enum class Indicator { not_approved = 0, approved = 1 };
FIPSMOD_API Indicator service_indicator() noexcept;

// Which services the module runs (docs/services.md). all_services is the
// default; approved_only refuses every non-approved cryptographic service
// (MD5, HMAC under a short key) with fipsmod::error FIPSMOD_ERR_NOT_APPROVED,
// having written nothing. FIPSMOD_MODE=only in the environment selects
// approved_only. The mode is fixed by the first service of the process.
enum class Mode { all_services = 0, approved_only = 1 };
// The mode in effect, or the one the first service will fix.
FIPSMOD_API Mode mode() noexcept;
// Sets the mode before the first service. approved_only is a one-way
// switch: once asked for (by FIPSMOD_MODE=only or by this call), asking for
// all_services throws fipsmod::error FIPSMOD_ERR_MODE_FIXED. After the first
// service, asking for the mode fixed is a no-op and asking for the other
// throws the same; either way nothing changes.
FIPSMOD_API void set_mode(Mode m);

// "MAJOR.MINOR.PATCH".
FIPSMOD_API std::string_view version() noexcept;

// The kernel in use for an algorithm ("md5", "xor_bytes"); empty for an
// unknown name.
FIPSMOD_API std::string_view impl_name(std::string_view algorithm) noexcept;

}  // namespace fipsmod
