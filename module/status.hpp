// Status codes shared by the C and C++ APIs: the C API returns them, the
// C++ API throws fipsmod::error with the same code and message
// (fipsmod::module_error for module_error).
#pragma once

#include <fipsmod/fipsmod.h>

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
};

// The message for a status code; "unknown status code" for any other int.
const char* message(int status) noexcept;
inline const char* message(Status s) noexcept { return message(static_cast<int>(s)); }

// Throws fipsmod::error (module_error for Status::module_error) with s and
// message(s).
[[noreturn]] void throw_error(Status s);
// The same, unless s is ok. Inline, so that
// the success path of a small call (xor_bytes on 8 bytes) costs a compare.
inline void throw_if_error(Status s) {
  if (s != Status::ok) [[unlikely]] throw_error(s);
}

}  // namespace fipsmod::internal
