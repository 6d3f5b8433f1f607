// The C functions of HMAC over one hash, one template for every hash: each
// checks its pointers, then makes exactly one service call. Overlap is
// handled as the hashes' C functions handle it (core/hash_api.hpp): update
// runs on a copy when its data overlaps the context, and init (a key over
// the context), sum and the one-shot compute into a local and write last,
// and wipe the local (the MAC is key-derived) on every return.
#pragma once

#include <array>
#include <cstring>

#include "core/context.hpp"
#include "internal.hpp"

namespace fipsmod::hmac {

template <class M, class Ctx>
struct Api {
  using H = typename M::Hash;
  using C = internal::Context<Ctx, Keyed<H>, M::ctx_tag>;
  using S = Service<M>;
  using Status = internal::Status;

  static int one_shot(const void* key, std::size_t key_len, const void* data, std::size_t len,
                      std::uint8_t* out) noexcept {
    if (out == nullptr || (key == nullptr && key_len != 0) || (data == nullptr && len != 0)) {
      return internal::refusal_or(Status::null_argument);
    }
    std::array<std::uint8_t, H::size> mac;
    const internal::WipedAtExit wipe(mac);  // the MAC is key-derived (hmac.h: nothing of it is left)
    const Status s = S::one_shot(internal::bytes(key, key_len), internal::bytes(data, len), mac);
    if (s != Status::ok) return code(s);
    std::memcpy(out, mac.data(), mac.size());
    return FIPSMOD_OK;
  }
  static int init(Ctx* ctx, const void* key, std::size_t key_len) noexcept {
    if (ctx == nullptr || (key == nullptr && key_len != 0)) return internal::refusal_or(Status::null_argument);
    Keyed<H> fresh;
    const internal::WipedAtExit wipe(fresh);
    if (const Status s = S::init(fresh, internal::bytes(key, key_len)); s != Status::ok) return code(s);
    C::put(ctx, fresh);
    return FIPSMOD_OK;
  }
  static int update(Ctx* ctx, const void* data, std::size_t len) noexcept {
    if (const Status s = C::check(ctx); s != Status::ok) return internal::refusal_or(s);
    if (data == nullptr && len != 0) return internal::refusal_or(Status::null_argument);
    if (!C::overlaps(ctx, data, len)) [[likely]] return code(S::update(C::state(ctx), internal::bytes(data, len)));
    Keyed<H> copy = C::state(ctx);
    const internal::WipedAtExit wipe(copy);
    const Status s = S::update(copy, internal::bytes(data, len));
    if (s == Status::ok) C::state(ctx) = copy;
    return code(s);
  }
  static int sum(const Ctx* ctx, std::uint8_t* out) noexcept {
    if (const Status s = C::check(ctx); s != Status::ok) return internal::refusal_or(s);
    if (out == nullptr) return internal::refusal_or(Status::null_argument);
    std::array<std::uint8_t, H::size> mac;
    const internal::WipedAtExit wipe(mac);
    if (const Status s = S::sum(C::state(ctx), mac); s != Status::ok) return code(s);
    std::memcpy(out, mac.data(), mac.size());
    return FIPSMOD_OK;
  }
  static int reset(Ctx* ctx) noexcept {
    if (const Status s = C::check(ctx); s != Status::ok) return internal::refusal_or(s);
    return code(S::reset(C::state(ctx)));
  }
  static int cleanse(Ctx* ctx) noexcept { return C::cleanse(ctx); }
};

}  // namespace fipsmod::hmac
