// The C functions of the deterministic CTR_DRBG: argument, length and
// overlap checks, then the mechanism (ctr_drbg.cpp) on the selected AES
// kernel through the service entry. Every check comes before anything is
// written.
#include <fipsmod/ctr_drbg.h>

#include "core/context.hpp"
#include "core/service.hpp"
#include "internal.hpp"

namespace {

using fipsmod::internal::Status;
using namespace fipsmod;

using Ctx = internal::Context<fipsmod_ctr_drbg_ctx, drbg::DeterministicState, 0x666970736d647262>;  // "fipsmdrb"

constexpr const char* kService = "CTR_DRBG";
constexpr int kKnownFlags = FIPSMOD_CTR_DRBG_DF | FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE;

static_assert(FIPSMOD_CTR_DRBG_SEED_SIZE == drbg::seed_size &&
              FIPSMOD_CTR_DRBG_MIN_ENTROPY_SIZE == drbg::security_strength &&
              FIPSMOD_CTR_DRBG_MIN_NONCE_SIZE == drbg::security_strength / 2 &&
              FIPSMOD_CTR_DRBG_MAX_REQUEST == drbg::max_request);

// A pointer that may be null only with a zero length.
bool present(const void* p, std::size_t n) noexcept { return p != nullptr || n == 0; }

std::span<const std::uint8_t> bytes(const void* p, std::size_t n) noexcept { return internal::bytes(p, n); }

}  // namespace

namespace fipsmod::drbg {

internal::Status set_reseed_counter_for_testing(fipsmod_ctr_drbg_ctx* ctx, std::uint64_t counter) noexcept {
  if (const Status s = Ctx::check(ctx); s != Status::ok) return s;
  Ctx::state(ctx).drbg.reseed_counter = counter;
  return Status::ok;
}

}  // namespace fipsmod::drbg

extern "C" {

int fipsmod_ctr_drbg_instantiate(fipsmod_ctr_drbg_ctx* ctx, int flags, const void* entropy, size_t entropy_len,
                                 const void* nonce, size_t nonce_len, const void* personalization,
                                 size_t personalization_len) noexcept {
  if (ctx == nullptr || !present(entropy, entropy_len) || !present(nonce, nonce_len) ||
      !present(personalization, personalization_len)) {
    return internal::refusal_or(Status::null_argument);
  }
  return internal::code(internal::run_service(drbg::deterministic_approval, kService, [&] {
    if ((flags & ~kKnownFlags) != 0) return Status::invalid_argument;
    // On the stack: an input inside ctx is read before ctx is written.
    drbg::DeterministicState state{};
    const Status s = drbg::instantiate(state.drbg, (flags & FIPSMOD_CTR_DRBG_DF) != 0, bytes(entropy, entropy_len),
                                       bytes(nonce, nonce_len), bytes(personalization, personalization_len));
    state.prediction_resistance = (flags & FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE) != 0 ? 1 : 0;
    if (s == Status::ok) Ctx::put(ctx, state);
    internal::secure_zero(&state, sizeof state);
    return s;
  }));
}

int fipsmod_ctr_drbg_reseed(fipsmod_ctr_drbg_ctx* ctx, const void* entropy, size_t entropy_len, const void* additional,
                            size_t additional_len) noexcept {
  if (ctx == nullptr || !present(entropy, entropy_len) || !present(additional, additional_len)) {
    return internal::refusal_or(Status::null_argument);
  }
  return internal::code(internal::run_service(drbg::deterministic_approval, kService, [&] {
    if (const Status s = Ctx::check(ctx); s != Status::ok) return s;
    if (Ctx::overlaps(ctx, entropy, entropy_len) || Ctx::overlaps(ctx, additional, additional_len)) {
      return Status::invalid_overlap;
    }
    return drbg::reseed(Ctx::state(ctx).drbg, bytes(entropy, entropy_len), bytes(additional, additional_len));
  }));
}

int fipsmod_ctr_drbg_generate(fipsmod_ctr_drbg_ctx* ctx, const void* entropy_pr, size_t entropy_pr_len,
                              const void* additional, size_t additional_len, uint8_t* out, size_t out_len) noexcept {
  if (ctx == nullptr || !present(entropy_pr, entropy_pr_len) || !present(additional, additional_len) ||
      !present(out, out_len)) {
    return internal::refusal_or(Status::null_argument);
  }
  return internal::code(internal::run_service(drbg::deterministic_approval, kService, [&] {
    if (const Status s = Ctx::check(ctx); s != Status::ok) return s;
    using internal::overlaps;
    if (Ctx::overlaps(ctx, entropy_pr, entropy_pr_len) || Ctx::overlaps(ctx, additional, additional_len) ||
        Ctx::overlaps(ctx, out, out_len) || overlaps(out, out_len, entropy_pr, entropy_pr_len) ||
        overlaps(out, out_len, additional, additional_len)) {
      return Status::invalid_overlap;
    }
    drbg::DeterministicState& state = Ctx::state(ctx);
    const auto add = bytes(additional, additional_len);
    const std::span<std::uint8_t> dst(out, out_len);
    if (state.prediction_resistance == 0) {
      if (entropy_pr_len != 0) return Status::invalid_argument;
      return drbg::generate(state.drbg, dst, add);
    }
    // §9.3.1 step 7: reseed with the fresh entropy and the additional
    // input, then generate with none. The request's length is checked
    // first: once the reseed has changed the state, the generate (a fresh
    // counter, no additional input) cannot fail.
    if (out_len > drbg::max_request) return Status::invalid_argument;
    if (const Status s = drbg::reseed(state.drbg, bytes(entropy_pr, entropy_pr_len), add); s != Status::ok) return s;
    return drbg::generate(state.drbg, dst, {});
  }));
}

int fipsmod_ctr_drbg_cleanse(fipsmod_ctr_drbg_ctx* ctx) noexcept { return Ctx::cleanse(ctx); }

}  // extern "C"
