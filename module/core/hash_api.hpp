// The C functions of a hash (one-shot, init, update, sum, marshal,
// unmarshal, cleanse) over its services (hash.hpp), one template for every
// hash: each checks its pointers, then makes exactly one service call.
//
// Overlap: an input that shares bytes with the context (or an output that
// does) is read as it was before the call: update then runs on a copy of
// the state and stores it back at the end; every output is computed into a
// local buffer and copied out last.
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

  static int one_shot(const void* data, std::size_t len, std::uint8_t* out) noexcept {
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
