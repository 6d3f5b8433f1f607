#include "mode.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string_view>

#include "escaped.hpp"

namespace fipsmod::internal {

constinit std::atomic<int> fixed_mode{mode_not_fixed};

namespace {

// Guards the fixing and `requested`.
std::mutex mode_mutex;
std::optional<Mode> requested;  // by set_mode, before the mode was fixed

// FIPSMOD_MODE, read and (if unknown) reported once.
Mode from_environment() {
  static const Mode m = [] {
    const char* env = std::getenv("FIPSMOD_MODE");
    const std::string_view value = env ? env : "";
    if (value.empty()) return Mode::all_services;
    if (value == "only") return Mode::approved_only;
    std::fprintf(stderr, "fipsmod: FIPSMOD_MODE: unknown mode \"%s\" ignored (known: only)\n", escaped(value).c_str());
    return Mode::all_services;
  }();
  return m;
}

// The mode the first service would fix; under mode_mutex. The environment's
// approved_only cannot be relaxed by the API.
Mode wanted() {
  if (from_environment() == Mode::approved_only) return Mode::approved_only;
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
  std::lock_guard lock(mode_mutex);
  if (const int fixed = fixed_mode.load(std::memory_order_relaxed); fixed != mode_not_fixed) {
    return fixed == static_cast<int>(m) ? Status::ok : Status::mode_fixed;
  }
  // Approved-only is a one-way switch, whoever asked for it.
  if (m == Mode::all_services && wanted() == Mode::approved_only) return Status::mode_fixed;
  requested = m;
  return Status::ok;
}

}  // namespace fipsmod::internal

