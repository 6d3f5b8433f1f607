// The DRBG package inside the module, beyond the mechanism (ctr_drbg.hpp):
// the state of the public deterministic DRBG's context, its test hook, and
// the sizes of the known answer.
#pragma once

#include <cstddef>
#include <cstdint>

#include <fipsmod/ctr_drbg.h>

#include "core/service.hpp"
#include "ctr_drbg.hpp"

#pragma GCC visibility push(hidden)

namespace fipsmod::drbg {

// What a fipsmod_ctr_drbg_ctx holds: the mechanism's state and whether
// each generate takes fresh entropy (prediction resistance, SP 800-90A
// §9.3.1). No padding: a context is copied whole.
struct DeterministicState {
  State drbg;
  std::uint32_t prediction_resistance;  // 0 or 1
  std::uint32_t reserved[3];            // zero
};

// The public deterministic DRBG (the mechanism with the caller as its
// entropy source) is approved: it is the SP 800-90A mechanism ACVP tests,
// through this very API. What it generates is only as strong as the
// entropy the caller gave it, which the module cannot judge: the security
// policy says so (docs/drbg.md), and the module's own random numbers come
// only from its own DRBG (fipsmod_random_bytes).
inline constexpr internal::Approval deterministic_approval = internal::Approval::approved;

// The test hook (not in the C API): sets a context's reseed counter, so the
// refusal at the reseed interval is tested without 2^48 requests. ok, or
// ctx_uninitialized / null_argument for a context that is not one.
internal::Status set_reseed_counter_for_testing(fipsmod_ctr_drbg_ctx* ctx, std::uint64_t counter) noexcept;

// The known answer (vectors/gen_vectors.cpp writes it): the inputs of one
// case of NIST's ACVP ctrDRBG sample set (AES-256 with the derivation
// function, tgId 1): entropy input, nonce, personalisation string, the
// reseed's entropy input and additional input, and two generates'
// additional inputs, in that order. The answer: instantiate, generate
// (kat_first_output_size bytes, the first additional input), reseed,
// generate (kat_second_output_size bytes, the second), both outputs.
inline constexpr std::size_t kat_entropy_size = 52, kat_nonce_size = 16, kat_personalization_size = 48,
                             kat_additional_size = 44, kat_first_output_size = 67, kat_second_output_size = 256;
inline constexpr std::size_t kat_input_size =
    2 * kat_entropy_size + kat_nonce_size + kat_personalization_size + 3 * kat_additional_size;

}  // namespace fipsmod::drbg

#pragma GCC visibility pop
