// fipsmod: module-wide facts, as C++. Like every C++ header of fipsmod, this
// is header-only: inline wrappers over the C API (<fipsmod/module.h>), the
// module's one boundary. They throw where the C API returns an error.
#pragma once

#include <exception>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <utility>

#include <fipsmod/module.h>

namespace fipsmod {

// The module's state (docs/self-tests.md): init until the first service
// call (or, for libfipsmod.so, until it is loaded), selftest while the
// power-on self-tests run, then operational, or error for the life of the
// process when one of them failed.
enum class ModuleState {
  init = FIPSMOD_STATE_INIT,
  selftest = FIPSMOD_STATE_SELFTEST,
  operational = FIPSMOD_STATE_OPERATIONAL,
  error = FIPSMOD_STATE_ERROR,
};
inline ModuleState state() noexcept { return static_cast<ModuleState>(fipsmod_state()); }

// What every C++ service throws when it refuses, having computed and
// written nothing: status() is the C API's FIPSMOD_ERR_* code for the same
// refusal, what() its fipsmod_strerror() text.
class error : public std::runtime_error {
 public:
  error(int status, const char* what) : std::runtime_error(what), status_(status) {}
  int status() const noexcept { return status_; }

 private:
  int status_;
};

// The refusal of every service for the life of the process: status() is
// FIPSMOD_ERR_MODULE_ERROR once the module is in ModuleState::error (a
// self-test failed), or FIPSMOD_ERR_MODE_INVALID when FIPSMOD_MODE holds a
// value that is no mode (what() names it). Any other refusal, such as
// FIPSMOD_ERR_IN_SELFTEST_CALLBACK, is a plain fipsmod::error.
class module_error : public error {
 public:
  using error::error;
};

namespace detail {
// Throws the error of a C status: fipsmod::module_error for the two that
// refuse every service, fipsmod::error for every other.
[[noreturn]] inline void throw_status(int status) {
  if (status == FIPSMOD_ERR_MODULE_ERROR || status == FIPSMOD_ERR_MODE_INVALID) {
    throw module_error(status, fipsmod_strerror(status));
  }
  throw error(status, fipsmod_strerror(status));
}
inline void check(int status) {
  if (status != FIPSMOD_OK) [[unlikely]] throw_status(status);
}
}  // namespace detail

// The approved-service indicator (docs/services.md): whether the last
// service this thread called ran as an approved service. The C API's
// fipsmod_service_indicator() reads the same.
enum class Indicator { not_approved = FIPSMOD_NOT_APPROVED, approved = FIPSMOD_APPROVED };
inline Indicator service_indicator() noexcept { return static_cast<Indicator>(fipsmod_service_indicator()); }

// Which services the module runs (docs/services.md); see fipsmod_set_mode.
// mode() is Mode::invalid when FIPSMOD_MODE holds a value that is no mode:
// every service then throws fipsmod::module_error FIPSMOD_ERR_MODE_INVALID.
// set_mode throws fipsmod::error FIPSMOD_ERR_MODE_FIXED where the C
// function returns it, and module_error FIPSMOD_ERR_MODE_INVALID under such
// a FIPSMOD_MODE.
enum class Mode {
  all_services = FIPSMOD_MODE_ALL_SERVICES,
  approved_only = FIPSMOD_MODE_APPROVED_ONLY,
  invalid = FIPSMOD_MODE_INVALID,
};
inline Mode mode() noexcept { return static_cast<Mode>(fipsmod_mode()); }
inline void set_mode(Mode m) { detail::check(fipsmod_set_mode(static_cast<int>(m))); }

// Runs f() with approved-only mode's refusals lifted on this thread, as
// fipsmod_run_without_enforcement does, and returns what f returns (by
// value). An exception from f leaves the scope first and is then rethrown.
template <class F>
auto without_enforcement(F&& f) -> std::invoke_result_t<F&> {
  using R = std::invoke_result_t<F&>;
  struct Call {
    std::remove_reference_t<F>* f;  // F is L& for an lvalue callable
    std::exception_ptr thrown;
    std::conditional_t<std::is_void_v<R>, bool, std::optional<R>> result{};
  } call{&f, nullptr};
  const int status = fipsmod_run_without_enforcement(
      [](void* arg) noexcept -> int {
        auto* c = static_cast<Call*>(arg);
        try {
          if constexpr (std::is_void_v<R>) {
            (*c->f)();
          } else {
            c->result.emplace((*c->f)());
          }
        } catch (...) {
          c->thrown = std::current_exception();
        }
        return FIPSMOD_OK;
      },
      &call);
  detail::check(status);
  if (call.thrown) std::rethrow_exception(call.thrown);
  if constexpr (!std::is_void_v<R>) return std::move(*call.result);
}

// "MAJOR.MINOR.PATCH".
inline std::string_view version() noexcept { return fipsmod_version(); }

// The kernel in use for an algorithm (as fipsmod_impl_name); empty for an
// unknown name.
inline std::string_view impl_name(const char* algorithm) noexcept {
  const char* name = fipsmod_impl_name(algorithm);
  return name ? name : std::string_view{};
}

}  // namespace fipsmod
