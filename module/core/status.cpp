#include "status.hpp"

#include "mode.hpp"

namespace fipsmod::internal {

const char* message(int status) noexcept {
  switch (static_cast<Status>(status)) {
    case Status::ok: return "ok";
    case Status::null_argument: return "null argument";
    case Status::dst_too_short: return "dst too short";
    case Status::invalid_overlap: return "invalid overlap";
    case Status::hash_state_id: return "invalid hash state identifier";
    case Status::hash_state_size: return "invalid hash state size";
    case Status::hash_state_padding: return "invalid hash state padding";
    case Status::ctx_uninitialized: return "context not initialized";
    case Status::module_error: return "module in error state: a self-test failed";
    case Status::invalid_argument: return "invalid argument";
    case Status::not_approved: return "service not approved in approved-only mode";
    case Status::mode_fixed: return "mode already fixed: set it before the first service";
    case Status::in_selftest_callback: return "called from a self-test callback";
    case Status::mode_invalid: return mode_invalid_message();
    case Status::authentication: return "message authentication failed";
    case Status::nonce_exhausted: return "nonce counter exhausted: re-key";
    case Status::entropy_source: return "entropy source failed a health test: no random output";
    case Status::reseed_required: return "DRBG reseed required";
  }
  return "unknown status code";
}

}  // namespace fipsmod::internal
