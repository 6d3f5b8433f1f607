// Every service of the C and the C++ API as a test case: its name, how the
// module must classify it, and a call that makes exactly one service call
// after its set-up (the context or object it works on, made by the init or
// constructor of the same service, which its own case tests). Each package
// brings its cases (module/<package>/service_cases.cpp, a function
// <package>_cases, compiled once into the fipsmod_service_cases library);
// all_cases() gathers them in registration order through package_cases.cpp,
// which the build writes from module/packages.def. The
// indicator and approved-only tests and the self-test probe's refusal
// checks run the whole table, so a service missing from it is the only way
// to escape them; service_cases_test.cpp checks that every exported C
// function is in it or named as no service.
#pragma once

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/hash.hpp"
#include "core/service.hpp"

namespace fipsmod::testing {

// What the caller of a case sees around its one service call.
struct Hooks {
  // Runs after the set-up, right before the call.
  std::function<void()> before = [] {};
  // Set by the case: whether `before` ran (a set-up that failed returns
  // its status without the call), and whether the call changed the bytes
  // of the context or object it works on, or of an output other than `out`
  // (its state; a call without one leaves it false).
  bool reached = false;
  bool state_changed = false;
  // The state's bytes after the call, where they are its value: contexts
  // start zeroed, so two runs of a case that succeed leave the same bytes.
  // Empty for a state with padding or a non-trivial copy (the C++ objects),
  // whose bytes may differ between equal values.
  std::vector<std::uint8_t> state_after;
};

struct ServiceCase {
  std::string name;
  internal::Approval approval;
  // The C status of the one service call (a C++ call's fipsmod::error
  // status, FIPSMOD_OK when it returned; see status_of). It writes its
  // result, if any, to `out` (kOutSize bytes); any other memory it writes is
  // its state, reported in hooks.state_changed.
  std::function<int(std::span<std::uint8_t> out, Hooks& hooks)> call;
  // The row of the service list (fipsmod_service_at, `fipsmod info`) this
  // call belongs to: "MD5", "HMAC-SHA-256, key < 14 bytes".
  std::string row;
  // Its output is random (the DRBG's bytes, a seal under a nonce drawn
  // from it): two runs that succeed write different bytes to `out`, and
  // the same state.
  bool random_output = false;
};

// The call `f` right after hooks.before, with no state beyond `out`.
template <class F>
int call_on(Hooks& hooks, F&& f) {
  hooks.before();
  hooks.reached = true;
  return f();
}

// The call `f` on `state` right after hooks.before, recording whether it
// changed the state's bytes.
template <class T, class F>
int call_on(Hooks& hooks, T& state, F&& f) {
  std::array<std::uint8_t, sizeof(T)> was;
  std::memcpy(was.data(), static_cast<const void*>(&state), sizeof(T));
  hooks.before();
  hooks.reached = true;
  const int s = f();
  const auto* now = reinterpret_cast<const std::uint8_t*>(static_cast<const void*>(&state));
  hooks.state_changed = std::memcmp(was.data(), now, sizeof(T)) != 0;
  if constexpr (std::has_unique_object_representations_v<T>) hooks.state_after.assign(now, now + sizeof(T));
  return s;
}

// The size of the output buffer a case is given, aligned as a context.
inline constexpr std::size_t kOutSize = 256;  // the largest output or context a case writes

// What status_of gives for a fipsmod::error of FIPSMOD_ERR_MODULE_ERROR or
// FIPSMOD_ERR_MODE_INVALID (the refusals of every service) that is not a
// fipsmod::module_error, the type the C++ API promises for them.
inline constexpr int kNotAModuleError = -0x7fff;

// A C++ call as a C status.
template <class F>
int status_of(F&& f) {
  try {
    f();
    return FIPSMOD_OK;
  } catch (const fipsmod::module_error& e) {
    return e.status();
  } catch (const fipsmod::error& e) {
    return e.status() == FIPSMOD_ERR_MODULE_ERROR || e.status() == FIPSMOD_ERR_MODE_INVALID ? kNotAModuleError
                                                                                             : e.status();
  }
}

template <class Array>
void put(std::span<std::uint8_t> out, const Array& a) {
  std::memcpy(out.data(), a.data(), a.size());
}

inline const std::uint8_t kMessage[] = "a message of some forty bytes, or so...";
inline std::span<const std::uint8_t> message() { return {kMessage, sizeof kMessage - 1}; }

// A key of n bytes.
inline std::vector<std::uint8_t> key_of(std::size_t n) { return std::vector<std::uint8_t>(n, 0x4b); }

// The saved state of a hash that has taken nothing, in Go's layout.
template <class H>
std::array<std::uint8_t, internal::hash::marshaled_size<H>> saved_state() {
  std::array<std::uint8_t, internal::hash::marshaled_size<H>> out;
  internal::hash::marshal<H>(internal::hash::initial_chain<H>(), out);
  return out;
}

// The C function a case calls: its name without what follows a blank.
inline std::string_view c_function_of(const ServiceCase& c) {
  const std::string_view name = c.name;
  return name.substr(0, name.find(' '));
}

}  // namespace fipsmod::testing

namespace fipsmod::testing {

// Each package's cases, in registration order: package_cases.cpp, which the
// build writes from module/packages.def, calls each package's
// <package>_cases (module/<package>/service_cases.cpp).
void add_package_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp);

inline std::vector<ServiceCase> c_cases() {
  std::vector<ServiceCase> c, cpp;
  add_package_cases(c, cpp);
  return c;
}

inline std::vector<ServiceCase> cpp_cases() {
  std::vector<ServiceCase> c, cpp;
  add_package_cases(c, cpp);
  return cpp;
}

inline std::vector<ServiceCase> all_cases() {
  std::vector<ServiceCase> all, cpp;
  add_package_cases(all, cpp);
  for (ServiceCase& c : cpp) all.push_back(std::move(c));
  return all;
}

}  // namespace fipsmod::testing
