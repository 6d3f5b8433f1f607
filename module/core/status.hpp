// Status codes: what every service returns through the C API (and what the
// C++ wrappers throw as fipsmod::error with the same code and message).
#pragma once

#include <fipsmod/module.h>

namespace fipsmod::internal {

enum class Status : int {
  ok = FIPSMOD_OK,
  null_argument = FIPSMOD_ERR_NULL_ARGUMENT,
  dst_too_short = FIPSMOD_ERR_DST_TOO_SHORT,
  invalid_overlap = FIPSMOD_ERR_INVALID_OVERLAP,
  hash_state_id = FIPSMOD_ERR_HASH_STATE_ID,
  hash_state_size = FIPSMOD_ERR_HASH_STATE_SIZE,
  hash_state_padding = FIPSMOD_ERR_HASH_STATE_PADDING,
  ctx_uninitialized = FIPSMOD_ERR_CTX_UNINITIALIZED,
  module_error = FIPSMOD_ERR_MODULE_ERROR,
  invalid_argument = FIPSMOD_ERR_INVALID_ARGUMENT,
  not_approved = FIPSMOD_ERR_NOT_APPROVED,
  mode_fixed = FIPSMOD_ERR_MODE_FIXED,
  in_selftest_callback = FIPSMOD_ERR_IN_SELFTEST_CALLBACK,
  mode_invalid = FIPSMOD_ERR_MODE_INVALID,
  authentication = FIPSMOD_ERR_AUTHENTICATION,
  nonce_exhausted = FIPSMOD_ERR_NONCE_EXHAUSTED,
  entropy_source = FIPSMOD_ERR_ENTROPY_SOURCE,
  reseed_required = FIPSMOD_ERR_RESEED_REQUIRED,
};

// The message for a status code; "unknown status code" for any other int.
// Constant per code for the life of the process; mode_invalid's names the
// value of FIPSMOD_MODE when it holds one that is no mode (mode.cpp).
const char* message(int status) noexcept;
inline const char* message(Status s) noexcept { return message(static_cast<int>(s)); }

// The C API's int for a status.
constexpr int code(Status s) noexcept { return static_cast<int>(s); }

}  // namespace fipsmod::internal
