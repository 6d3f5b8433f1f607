// The C functions of the module's DRBG (random.h): argument and overlap
// checks, then the calling thread's DRBG (random.hpp) through the service
// entry.
#include <fipsmod/random.h>

#include "core/context.hpp"
#include "core/service.hpp"
#include "ctr_drbg.hpp"
#include "random.hpp"

namespace {

using fipsmod::internal::Status;
using namespace fipsmod;

int random_bytes(void* out, std::size_t len, const void* additional, std::size_t additional_len, int flags) noexcept {
  if ((out == nullptr && len != 0) || (additional == nullptr && additional_len != 0)) {
    return internal::refusal_or(Status::null_argument);
  }
  return internal::code(internal::run_service(drbg::process::approval, "DRBG", [&] {
    // Additional input of less than 2^32 bytes: with the derivation
    // function, its length must fit L's 32 bits (ctr_drbg.cpp,
    // df_lengths_ok); refused here, before any (re)seed.
    if ((flags & ~FIPSMOD_RANDOM_PREDICTION_RESISTANCE) != 0 || additional_len >= drbg::max_input) {
      return Status::invalid_argument;
    }
    if (internal::overlaps(out, len, additional, additional_len)) return Status::invalid_overlap;
    return drbg::process::generate(std::span(static_cast<std::uint8_t*>(out), len),
                                   internal::bytes(additional, additional_len),
                                   (flags & FIPSMOD_RANDOM_PREDICTION_RESISTANCE) != 0);
  }));
}

}  // namespace

extern "C" {

int fipsmod_random_bytes(void* out, size_t len) noexcept { return random_bytes(out, len, nullptr, 0, 0); }

int fipsmod_random_bytes_ex(void* out, size_t len, const void* additional, size_t additional_len, int flags) noexcept {
  return random_bytes(out, len, additional, additional_len, flags);
}

int fipsmod_random_status(fipsmod_random_info* out) noexcept {
  if (out == nullptr) return FIPSMOD_ERR_NULL_ARGUMENT;
  const drbg::process::Info i = drbg::process::info();
  fipsmod_random_info r{};
  r.thread_seeded = i.thread_seeded ? 1 : 0;
  r.parent_seeded = i.parent_seeded ? 1 : 0;
  r.thread_reseeds = i.thread_reseeds;
  r.thread_requests = i.thread_requests;
  r.parent_reseeds = i.parent_reseeds;
  r.parent_requests = i.parent_requests;
  r.thread_reseed_interval = drbg::process::child_reseed_interval;
  r.parent_reseed_interval = drbg::process::parent_reseed_interval;
  r.fork_generation = i.fork_generation;
  r.fork_detection_armed = i.fork_detection_armed ? 1 : 0;
  r.wipe_on_fork = i.wipe_on_fork ? 1 : 0;
  *out = r;
  return FIPSMOD_OK;
}

}  // extern "C"
