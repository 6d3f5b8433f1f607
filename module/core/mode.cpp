#include "mode.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "escaped.hpp"

namespace fipsmod::internal {

constinit std::atomic<int> fixed_mode{mode_not_fixed};

namespace {

// Guards the fixing and `requested`.
std::mutex mode_mutex;
std::optional<Mode> requested;  // by set_mode, before the mode was fixed

constexpr const char* kKnown = "(known: \"only\", or unset or empty for all services)";
constexpr const char* kGenericInvalid =
    "unknown FIPSMOD_MODE value: every service refused (known: \"only\", or unset or empty for all services)";

struct Environment {
  Mode mode = Mode::all_services;
  std::string invalid_message;  // for a value that is no mode: naming it
};

// FIPSMOD_MODE, read and (if it is no mode) reported once. Exactly "only"
// selects approved-only; unset or empty, all services; anything else (a
// different case, a space, "1", "true") fails closed.
// Made once and never destroyed: a service called while the process exits
// still reads it.
const Environment& from_environment() noexcept {
  static const Environment& e = *[]() noexcept {
    alignas(Environment) static unsigned char storage[sizeof(Environment)];
    auto* made = new (storage) Environment;
    Environment& r = *made;
    const char* env = std::getenv("FIPSMOD_MODE");
    const std::string_view value = env ? env : "";
    if (value.empty()) return made;
    if (value == "only") {
      r.mode = Mode::approved_only;
      return made;
    }
    r.mode = Mode::invalid;
    try {
      r.invalid_message = "unknown FIPSMOD_MODE \"" + escaped(value) + "\": every service refused " + kKnown;
    } catch (...) {  // out of memory: the generic message
      r.invalid_message.clear();
    }
    std::fprintf(stderr, "fipsmod: %s\n", r.invalid_message.empty() ? kGenericInvalid : r.invalid_message.c_str());
    return made;
  }();
  return e;
}

// The mode the first service would fix; under mode_mutex. The environment's
// approved_only cannot be relaxed by the API, nor its invalid value
// replaced.
Mode wanted() {
  const Mode env = from_environment().mode;
  if (env != Mode::all_services) return env;
  return requested.value_or(Mode::all_services);
}

}  // namespace

int fix_mode() noexcept {
  std::lock_guard lock(mode_mutex);
  int m = fixed_mode.load(std::memory_order_relaxed);
  if (m == mode_not_fixed) {
    m = static_cast<int>(wanted());
    fixed_mode.store(m, std::memory_order_release);
  }
  return m;
}

Mode current_mode() noexcept {
  std::lock_guard lock(mode_mutex);
  const int m = fixed_mode.load(std::memory_order_relaxed);
  return m == mode_not_fixed ? wanted() : static_cast<Mode>(m);
}

Status set_mode(Mode m) noexcept {
  if (m != Mode::all_services && m != Mode::approved_only) return Status::invalid_argument;
  // An operator's value that is no mode is not the program's to correct.
  if (from_environment().mode == Mode::invalid) return Status::mode_invalid;
  std::lock_guard lock(mode_mutex);
  if (const int fixed = fixed_mode.load(std::memory_order_relaxed); fixed != mode_not_fixed) {
    return fixed == static_cast<int>(m) ? Status::ok : Status::mode_fixed;
  }
  // Approved-only is a one-way switch, whoever asked for it.
  if (m == Mode::all_services && wanted() == Mode::approved_only) return Status::mode_fixed;
  requested = m;
  return Status::ok;
}

const char* mode_invalid_message() noexcept {
  const Environment& e = from_environment();
  return e.mode == Mode::invalid && !e.invalid_message.empty() ? e.invalid_message.c_str() : kGenericInvalid;
}

}  // namespace fipsmod::internal
