// HMAC (FIPS 198-1) inside the module, over any hash of the streaming core
// (core/hash.hpp): the key-derived state, keying, the inner and outer
// hashes, the services, and the wiping of everything key-derived. One
// template for every hash: the SHA-2 hashes of traits.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include <fipsmod/hmac.h>

#include "core/hash.hpp"
#include "core/secure_zero.hpp"
#include "core/service.hpp"

// Everything below is the module's own: declared hidden, so that code
// compiled for a shared library reaches it PC-relative, never through a
// GOT slot that the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)

namespace fipsmod::hmac {

// The shortest key for which HMAC is an approved service: 112 bits (NIST
// SP 800-131A). The public C++ header (fipsmod/hmac.hpp) names the same.
constexpr std::size_t kMinApprovedKeySize = FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE;

// Everything a keyed HMAC holds, all of it derived from the key: the hash
// states after the key xor ipad block and after the key xor opad block,
// and the running inner hash. The key itself is not kept.
template <class H>
struct Keyed {
  const typename H::Kernel* kernel;
  std::array<internal::hash::Word<H>, H::words> inner_start, outer_start;
  internal::hash::Chain<H> inner;
  // 1 if the key had at least kMinApprovedKeySize bytes: a whole word, so
  // the state has no padding (context.hpp copies it into the caller's memory).
  std::uint64_t approved_key;
};

constexpr std::uint8_t kIpad = 0x36, kOpad = 0x5c;  // FIPS 198-1 §3

template <class H>
void restart(Keyed<H>& k) noexcept {
  k.inner = internal::hash::Chain<H>{k.inner_start, H::block_size, {}};
}

// Without the gate (FIPS 198-1 §4): keys k on `kernel`.
template <class H>
void key(Keyed<H>& k, const typename H::Kernel& kernel, std::span<const std::uint8_t> key) noexcept {
  // Steps 1-3: K0 is the key padded with zeros to the block, or the hash
  // of the key so padded when the key is longer than the block.
  std::array<std::uint8_t, H::block_size> k0{};
  if (key.size() > H::block_size) {
    internal::hash::digest<H>(kernel, key, std::span(k0).first(H::size));
  } else {
    std::copy(key.begin(), key.end(), k0.begin());
  }
  // Steps 4 and 7: K0 ^ ipad and K0 ^ opad, each hashed as one block now.
  std::array<std::uint8_t, H::block_size> pad;
  for (std::size_t i = 0; i < H::block_size; ++i) pad[i] = k0[i] ^ kIpad;
  k.inner_start = H::iv;
  kernel.block(k.inner_start.data(), pad.data(), 1);
  for (std::size_t i = 0; i < H::block_size; ++i) pad[i] = k0[i] ^ kOpad;
  k.outer_start = H::iv;
  kernel.block(k.outer_start.data(), pad.data(), 1);
  internal::secure_zero(k0.data(), k0.size());
  internal::secure_zero(pad.data(), pad.size());
  k.kernel = &kernel;
  k.approved_key = key.size() >= kMinApprovedKeySize ? 1 : 0;
  restart(k);
}

template <class H>
void absorb(Keyed<H>& k, std::span<const std::uint8_t> data) noexcept {
  internal::hash::absorb<H>(*k.kernel, k.inner, data);
}

// Steps 5-6 on a copy of the inner state, then steps 8-9: the outer hash of
// the inner digest after the K0 ^ opad block. Writes min(out.size(),
// H::size) bytes; k is unchanged.
template <class H>
void finish(const Keyed<H>& k, std::span<std::uint8_t> out) noexcept {
  std::array<std::uint8_t, H::size> inner;
  internal::hash::finish<H>(*k.kernel, k.inner, inner);
  internal::hash::Chain<H> outer{k.outer_start, H::block_size, {}};
  internal::hash::absorb<H>(*k.kernel, outer, inner);
  internal::hash::finish<H>(*k.kernel, outer, out);
  internal::secure_zero(inner.data(), inner.size());
  internal::secure_zero(&outer, sizeof outer);
}

// Zeroises all of k, with stores the compiler keeps.
template <class H>
void wipe(Keyed<H>& k) noexcept {
  internal::secure_zero(&k, sizeof k);
}

// The whole MAC on a kernel, without the gate (the self-test's and the
// integrity test's computation); leaves nothing key-derived behind.
template <class H>
void mac(const typename H::Kernel& kernel, std::span<const std::uint8_t> k, std::span<const std::uint8_t> data,
         std::span<std::uint8_t> out) noexcept {
  Keyed<H> keyed;
  hmac::key<H>(keyed, kernel, k);
  absorb<H>(keyed, data);
  finish<H>(keyed, out);
  wipe<H>(keyed);
}

// How a call runs (internal::run_service): keying and the one-shot by the
// key's length, the calls on a keyed state by the key it was made with.
constexpr internal::Approval approval_for_key(std::size_t key_size) noexcept {
  return key_size >= kMinApprovedKeySize ? internal::Approval::approved : internal::Approval::not_approved;
}
template <class H>
constexpr internal::Approval approval_of(const Keyed<H>& k) noexcept {
  return k.approved_key != 0 ? internal::Approval::approved : internal::Approval::not_approved;
}

// The services of HMAC over one hash: each passes the gate once
// (run_service); on error nothing is written. M names the hash (M::Hash),
// the service (M::service) and its C contexts' tag (M::ctx_tag).
template <class M>
struct Service {
  using H = typename M::Hash;
  using Status = internal::Status;
  static Status init(Keyed<H>& k, std::span<const std::uint8_t> key) noexcept {
    return internal::run_service(approval_for_key(key.size()), M::service, [&] {
      hmac::key<H>(k, H::kernels().selected(), key);
      return Status::ok;
    });
  }
  static Status update(Keyed<H>& k, std::span<const std::uint8_t> data) noexcept {
    return internal::run_service(approval_of(k), M::service, [&] {
      absorb<H>(k, data);
      return Status::ok;
    });
  }
  static Status sum(const Keyed<H>& k, std::span<std::uint8_t, H::size> out) noexcept {
    return internal::run_service(approval_of(k), M::service, [&] {
      finish<H>(k, out);
      return Status::ok;
    });
  }
  static Status reset(Keyed<H>& k) noexcept {
    return internal::run_service(approval_of(k), M::service, [&] {
      restart<H>(k);
      return Status::ok;
    });
  }
  static Status one_shot(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data,
                         std::span<std::uint8_t, H::size> out) noexcept {
    return internal::run_service(approval_for_key(key.size()), M::service, [&] {
      mac<H>(H::kernels().selected(), key, data, out);
      return Status::ok;
    });
  }
};

// A known answer's input: a key of this many bytes, then the message.
inline constexpr std::size_t kat_key_size = 32;

}  // namespace fipsmod::hmac

#pragma GCC visibility pop
