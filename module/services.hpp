// The module's services as `fipsmod info` and the docs list them: each
// with the Approval its checked layer runs it as (the same constants, so
// the list cannot say one thing and the code do another).
#pragma once

#include <span>
#include <string_view>

#include "service.hpp"

namespace fipsmod::internal {

struct ServiceInfo {
  std::string_view name;   // "HMAC-SHA-256, key >= 14 bytes"
  std::string_view calls;  // what it covers: "one-shot, streaming, saved state"
  Approval approval;
};

std::span<const ServiceInfo> services() noexcept;

}  // namespace fipsmod::internal
