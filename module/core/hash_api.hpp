// The C functions of a hash (one-shot, init, update, sum, marshal,
// unmarshal, cleanse) over its services (hash.hpp), one template for every
// hash: each checks its pointers, then makes exactly one service call.
//
// Overlap (docs/design.md, "Overlapping arguments"): an input that shares
// bytes with the context or the output is read as it was before the call:
// update then runs on a copy of the state and stores it back at the end;
// every output (a digest, a saved state, a restored context) is computed
// into a local and copied out last. testing/overlap.hpp holds every hash to
// it on every kernel.
#pragma once

#include <array>
#include <cstring>

#include "context.hpp"
#include "hash.hpp"

namespace fipsmod::internal::hash {

template <class H, class Ctx>
struct Api {
  using C = Context<Ctx, Running<H>, H::ctx_tag>;
  using S = Service<H>;

  // Split as service.hpp shows, so that a short message pays no call but
  // the kernel's (docs/small-inputs.md): the whole path (one_shot_slowly)
  // for every call that is not admitted at once, comes before the kernel
  // is chosen, or has a null pointer.
  static int one_shot(const void* data, std::size_t len, std::uint8_t* out) noexcept {
    const typename H::Kernel* kernel = selected_kernel_if_cached<typename H::Kernel, &H::kernels>();
    if (!admitted_at_once(H::approval) || kernel == nullptr || out == nullptr || (data == nullptr && len != 0))
        [[unlikely]] {
      return one_shot_slowly(data, len, out);
    }
    last_service_indicator = Indicator::not_approved;
    std::array<std::uint8_t, H::size> sum;
    (void)run_admitted(H::approval, H::service, [&] {
      digest<H>(*kernel, bytes(data, len), sum);
      return Status::ok;
    });
    std::memcpy(out, sum.data(), sum.size());
    return FIPSMOD_OK;
  }
  [[gnu::noinline]] static int one_shot_slowly(const void* data, std::size_t len, std::uint8_t* out) noexcept {
    if (out == nullptr || (data == nullptr && len != 0)) return refusal_or(Status::null_argument);
    std::array<std::uint8_t, H::size> sum;
    if (const Status s = S::one_shot(bytes(data, len), sum); s != Status::ok) return code(s);
    std::memcpy(out, sum.data(), sum.size());
    return FIPSMOD_OK;
  }
  static int init(Ctx* ctx) noexcept {
    if (ctx == nullptr) return refusal_or(Status::null_argument);
    Running<H> fresh;
    if (const Status s = S::init(fresh); s != Status::ok) return code(s);
    C::put(ctx, fresh);
    return FIPSMOD_OK;
  }
  static int update(Ctx* ctx, const void* data, std::size_t len) noexcept {
    if (const Status s = C::check(ctx); s != Status::ok) return refusal_or(s);
    if (data == nullptr && len != 0) return refusal_or(Status::null_argument);
    if (!C::overlaps(ctx, data, len)) [[likely]] return code(S::update(C::state(ctx), bytes(data, len)));
    Running<H> copy = C::state(ctx);
    const WipedAtExit wipe(copy);
    const Status s = S::update(copy, bytes(data, len));
    if (s == Status::ok) C::state(ctx) = copy;
    return code(s);
  }
  static int sum(const Ctx* ctx, std::uint8_t* out) noexcept {
    if (const Status s = C::check(ctx); s != Status::ok) return refusal_or(s);
    if (out == nullptr) return refusal_or(Status::null_argument);
    std::array<std::uint8_t, H::size> sum;
    if (const Status s = S::sum(C::state(ctx), sum); s != Status::ok) return code(s);
    std::memcpy(out, sum.data(), sum.size());
    return FIPSMOD_OK;
  }
  static int marshal(const Ctx* ctx, std::uint8_t* out) noexcept {
    if (const Status s = C::check(ctx); s != Status::ok) return refusal_or(s);
    if (out == nullptr) return refusal_or(Status::null_argument);
    std::array<std::uint8_t, marshaled_size<H>> state;
    const WipedAtExit wipe(state);
    if (const Status s = S::marshal(C::state(ctx), state); s != Status::ok) return code(s);
    std::memcpy(out, state.data(), state.size());
    return FIPSMOD_OK;
  }
  static int unmarshal(Ctx* ctx, const void* state, std::size_t state_len) noexcept {
    if (ctx == nullptr || (state == nullptr && state_len != 0)) return refusal_or(Status::null_argument);
    // Everything is restored from the state but the kernel, which is the
    // selected one, as init sets it: nothing of ctx is read, so a stale tag
    // on garbage cannot carry a garbage kernel pointer over. Restored in a
    // local, copied into ctx at the end.
    Running<H> restored = start<H>(H::kernels().selected());
    const WipedAtExit wipe(restored);
    if (const Status s = S::unmarshal(restored, bytes(state, state_len)); s != Status::ok) return code(s);
    C::put(ctx, restored);
    return FIPSMOD_OK;
  }
  static int cleanse(Ctx* ctx) noexcept { return C::cleanse(ctx); }
};

}  // namespace fipsmod::internal::hash

// Defines a hash's C functions fipsmod_NAME (one-shot), fipsmod_NAME_init,
// _update, _sum, _marshal, _unmarshal and _cleanse, as its public header
// declares them, over Api<TRAITS, fipsmod_NAME_ctx>. Stands inside
// extern "C".
#define FIPSMOD_HASH_C_FUNCTIONS(NAME, TRAITS)                                                             \
  int fipsmod_##NAME(const void* data, size_t len, uint8_t* out) noexcept {                               \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::one_shot(data, len, out);         \
  }                                                                                                        \
  int fipsmod_##NAME##_init(fipsmod_##NAME##_ctx* ctx) noexcept {                                          \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::init(ctx);                        \
  }                                                                                                        \
  int fipsmod_##NAME##_update(fipsmod_##NAME##_ctx* ctx, const void* data, size_t len) noexcept {          \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::update(ctx, data, len);           \
  }                                                                                                        \
  int fipsmod_##NAME##_sum(const fipsmod_##NAME##_ctx* ctx, uint8_t* out) noexcept {                       \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::sum(ctx, out);                    \
  }                                                                                                        \
  int fipsmod_##NAME##_marshal(const fipsmod_##NAME##_ctx* ctx, uint8_t* out) noexcept {                   \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::marshal(ctx, out);                \
  }                                                                                                        \
  int fipsmod_##NAME##_unmarshal(fipsmod_##NAME##_ctx* ctx, const void* state, size_t state_len) noexcept { \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::unmarshal(ctx, state, state_len); \
  }                                                                                                        \
  int fipsmod_##NAME##_cleanse(fipsmod_##NAME##_ctx* ctx) noexcept {                                       \
    return ::fipsmod::internal::hash::Api<TRAITS, fipsmod_##NAME##_ctx>::cleanse(ctx);                     \
  }
