// The entropy source's C API: raw samples (a non-approved service) and its
// status (introspection, no service).
#include <fipsmod/entropy.h>

#include "core/service.hpp"
#include "health.hpp"
#include "internal.hpp"

extern "C" int fipsmod_entropy_raw_samples(uint8_t* out, size_t n) noexcept {
  using namespace fipsmod;
  if (out == nullptr && n != 0) return internal::refusal_or(internal::Status::null_argument);
  return internal::code(internal::run_service(entropy::raw_samples_approval, "entropy raw samples", [&] {
    entropy::raw_samples({out, n});
    return internal::Status::ok;
  }));
}

extern "C" int fipsmod_entropy_status(fipsmod_entropy_status_t* out) noexcept {
  using namespace fipsmod;
  if (out == nullptr) return FIPSMOD_ERR_NULL_ARGUMENT;
  const entropy::Report r = entropy::report();
  *out = fipsmod_entropy_status_t{static_cast<int>(r.health), entropy::claim_millibits, r.samples, r.seeds, r.source};
  return FIPSMOD_OK;
}
