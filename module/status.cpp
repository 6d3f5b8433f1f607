#include "status.hpp"

#include <fipsmod/module.hpp>

#include <stdexcept>

namespace fipsmod::internal {

const char* message(int status) noexcept {
  switch (static_cast<Status>(status)) {
    case Status::ok: return "ok";
    case Status::null_argument: return "null argument";
    case Status::dst_too_short: return "dst too short";
    case Status::invalid_overlap: return "invalid overlap";
    case Status::state_id: return "invalid hash state identifier";
    case Status::state_size: return "invalid hash state size";
    case Status::state_padding: return "invalid hash state padding";
    case Status::ctx_uninitialized: return "context not initialized";
    case Status::module_error: return "module in error state: a self-test failed";
  }
  return "unknown status code";
}

void throw_error(Status s) {
  if (s == Status::module_error) throw fipsmod::module_error(message(s));
  throw std::invalid_argument(message(s));
}

}  // namespace fipsmod::internal
