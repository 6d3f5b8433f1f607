// The one entry every service goes through: it clears the calling thread's
// approved-service indicator, fixes the mode (on the first service of the
// process), passes the module's gate (once), refuses every service when
// FIPSMOD_MODE held no mode and a non-approved service in approved-only
// mode, runs the service, and sets the indicator from what the service
// declared and how the call ended. Each algorithm's checked
// layer says, per call, which Approval it runs as.
//
// A service never calls another service: a composite one (a MAC over a
// hash, a mode over a block cipher) calls its parts' internal, gate-free functions
// and decides its own approval from what it did. Builds with
// FIPSMOD_CHECK_NESTING (the clang-noasm and asan presets) hold every service to that: a
// service entered while another runs on the same thread aborts, naming
// both (service_nesting_test).
#pragma once

#include <fipsmod/module.h>

#include "mode.hpp"
#include "state.hpp"
#include "status.hpp"

#ifndef FIPSMOD_CHECK_NESTING
#define FIPSMOD_CHECK_NESTING 0
#endif

namespace fipsmod::internal {

enum class Approval {
  approved,       // an approved service: the indicator says so when it succeeds
  not_approved,   // a non-approved service: refused in approved-only mode
  not_a_service,  // not a cryptographic service (a byte utility): runs in every
                  // mode, and the indicator stays not approved
};

enum class Indicator : int { not_approved = FIPSMOD_NOT_APPROVED, approved = FIPSMOD_APPROVED };

// The thread-locals every service touches use the initial-exec TLS model:
// an access is one instruction at a fixed offset from the thread pointer,
// where the default model for code in a shared library calls
// __tls_get_addr on each service (a dozen instructions and a call, a third
// of the fixed cost of fipsmod_xor_bytes; docs/small-inputs.md). The price
// is a few bytes of the static TLS block, which glibc keeps a surplus of for
// libraries loaded later with dlopen.
#define FIPSMOD_TLS_FAST __attribute__((tls_model("initial-exec")))

// The calling thread's indicator.
extern thread_local constinit FIPSMOD_TLS_FAST Indicator last_service_indicator;

// How many fipsmod_run_without_enforcement scopes the calling thread is
// in: while it is above zero, approved-only mode does not refuse this
// thread's non-approved services (they run, and the indicator still says
// not approved). Other threads are not affected.
extern thread_local constinit FIPSMOD_TLS_FAST unsigned enforcement_lifted;

#if FIPSMOD_CHECK_NESTING
// The service running on this thread (its body, past the gate), or null.
extern thread_local constinit FIPSMOD_TLS_FAST const char* running_service;
// Aborts: `inner` was entered while `outer` ran on this thread.
[[noreturn]] void nested_service(const char* outer, const char* inner) noexcept;
#endif

// Whether a service of approval `a` may run now with nothing to decide:
// the mode is fixed, valid and lets `a` run, and the module is
// operational. Two loads and their compares, inline. When it says no,
// run_service's full path decides (fixing the mode, running the power-on
// self-tests, refusing, or letting a non-approved service run in a
// fipsmod_run_without_enforcement scope); it says nothing the full path
// would not. Builds with the break hooks always take the full path while
// a hook is set.
[[gnu::always_inline]] inline bool admitted_at_once(Approval a) noexcept {
  const int m = fixed_mode.load(std::memory_order_acquire);
  const State s = module_state.load(std::memory_order_acquire);
  const bool mode_lets = a == Approval::not_approved ? m == static_cast<int>(Mode::all_services)
                                                     : (m == static_cast<int>(Mode::all_services) ||
                                                        m == static_cast<int>(Mode::approved_only));
#if FIPSMOD_BREAK_TESTS
  if (after_gate_hook.load(std::memory_order_relaxed) != nullptr) return false;
#endif
  return mode_lets && s == State::operational;
}

// The part of a service past its admission: runs `body` and sets the
// indicator from what the service declared and how the call ended.
template <class Body>
[[gnu::always_inline]] inline Status run_admitted(Approval a, [[maybe_unused]] const char* name, Body&& body) noexcept {
#if FIPSMOD_CHECK_NESTING
  if (running_service != nullptr) nested_service(running_service, name);
  running_service = name;
  const Status s = body();
  running_service = nullptr;
#else
  const Status s = body();
#endif
  if (s == Status::ok && a == Approval::approved) last_service_indicator = Indicator::approved;
  return s;
}

// Runs `body` (a callable returning Status) as a service of approval `a`.
// Every call fixes the mode (service_mode() does, on the first call),
// whatever its approval and however it ends: the mode is read before
// anything can return. The order of the refusals: the gate's (module_error,
// or in_selftest_callback), then an invalid FIPSMOD_MODE's (mode_invalid),
// then a non-approved service's in approved-only mode (not_approved) unless
// the thread is in a fipsmod_run_without_enforcement scope.
// `name` says which service it is (for the nesting check's message).
// Inlined into each service, so that the fast path (a thread-local store,
// two atomic loads) costs a few instructions, not a call through a closure.
//
// A C entry point whose fast path should hold no call but its kernel's
// (no registers saved for a slow path's calls; docs/small-inputs.md) does
// the same in two parts:
//   if (!admitted_at_once(a)) [[unlikely]] return the_entry_slowly(args);
//   last_service_indicator = Indicator::not_approved;
//   ... run_admitted(a, name, body) ...
// where the_entry_slowly is the whole entry on run_service, not inlined,
// so that the call to it is a jump.
template <class Body>
[[gnu::always_inline]] inline Status run_service(Approval a, const char* name, Body&& body) noexcept {
  last_service_indicator = Indicator::not_approved;
  if (!admitted_at_once(a)) [[unlikely]] {
    const Mode mode = service_mode();
    if (const Status s = gate(); s != Status::ok) return s;
    if (mode != Mode::all_services) {
      if (mode == Mode::invalid) return Status::mode_invalid;
      if (a == Approval::not_approved && enforcement_lifted == 0) return Status::not_approved;
    }
  }
  return run_admitted(a, name, static_cast<Body&&>(body));
}

// A service call refused for its arguments before it reached its checked
// layer: the indicator is cleared, the mode is fixed (it is a service call
// like any other), and the gate's refusal (module_error,
// in_selftest_callback) or an invalid mode's comes before the argument
// error, as in run_service.
inline Status refuse(Status argument_error) noexcept {
  last_service_indicator = Indicator::not_approved;
  const Mode mode = service_mode();
  if (const Status s = gate(); s != Status::ok) return s;
  return mode == Mode::invalid ? Status::mode_invalid : argument_error;
}

// The same as the C API's int.
inline int refusal_or(Status argument_error) noexcept { return code(refuse(argument_error)); }

}  // namespace fipsmod::internal
