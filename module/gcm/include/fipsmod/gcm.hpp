// fipsmod::aes_gcm: AES-GCM (NIST SP 800-38D) as C++ over <fipsmod/gcm.h>.
// Header-only. See gcm.h for what is approved: sealing under a nonce the
// module makes (CounterNonce, RandomNonce), opening with a 12-byte nonce,
// tags of 12 to 16 bytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <fipsmod/gcm.h>
#include <fipsmod/module.hpp>

namespace fipsmod::aes_gcm {

inline constexpr std::size_t nonce_size = FIPSMOD_AES_GCM_NONCE_SIZE;
inline constexpr std::size_t tag_size = FIPSMOD_AES_GCM_TAG_SIZE;
inline constexpr std::size_t prefix_size = FIPSMOD_AES_GCM_COUNTER_PREFIX_SIZE;
using Nonce = std::array<std::uint8_t, nonce_size>;

namespace detail {
inline void need(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  if (out.size() < in.size()) fipsmod::detail::throw_status(FIPSMOD_ERR_DST_TOO_SHORT);
}
}  // namespace detail

// AES-GCM under a key (16, 24 or 32 bytes), zeroised when destroyed.
// seal under a caller's nonce is not approved (refused in approved-only
// mode); open throws fipsmod::error FIPSMOD_ERR_AUTHENTICATION on a wrong
// tag, with out zeroed.
class Gcm {
 public:
  explicit Gcm(std::span<const std::uint8_t> key) { fipsmod::detail::check(fipsmod_aes_gcm_init(&ctx_, key.data(), key.size())); }
  ~Gcm() { fipsmod_aes_gcm_cleanse(&ctx_); }
  Gcm(const Gcm&) = delete;
  Gcm& operator=(const Gcm&) = delete;

  // Encrypts in to out (in.size() bytes of it; out may be in) and writes
  // the tag (tag.size() bytes: 16, 15, 14, 13, 12, 8 or 4).
  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
            std::span<std::uint8_t> out, std::span<std::uint8_t> tag) const {
    detail::need(in, out);
    fipsmod::detail::check(fipsmod_aes_gcm_seal(&ctx_, nonce.data(), nonce.size(), aad.data(), aad.size(), in.data(),
                                                in.size(), out.data(), tag.data(), tag.size()));
  }
  // The ciphertext followed by a 16-byte tag.
  std::vector<std::uint8_t> seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                                 std::span<const std::uint8_t> plaintext) const {
    std::vector<std::uint8_t> out(plaintext.size() + tag_size);
    seal(nonce, aad, plaintext, std::span(out).first(plaintext.size()), std::span(out).last(tag_size));
    return out;
  }
  void open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in,
            std::span<const std::uint8_t> tag, std::span<std::uint8_t> out) const {
    detail::need(in, out);
    fipsmod::detail::check(fipsmod_aes_gcm_open(&ctx_, nonce.data(), nonce.size(), aad.data(), aad.size(), in.data(),
                                                in.size(), tag.data(), tag.size(), out.data()));
  }
  // Opens a ciphertext followed by a 16-byte tag.
  std::vector<std::uint8_t> open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                                 std::span<const std::uint8_t> sealed) const {
    if (sealed.size() < tag_size) fipsmod::detail::throw_status(FIPSMOD_ERR_AUTHENTICATION);
    std::vector<std::uint8_t> out(sealed.size() - tag_size);
    open(nonce, aad, sealed.first(out.size()), sealed.last(tag_size), out);
    return out;
  }

 private:
  fipsmod_aes_gcm_ctx ctx_{};
};

namespace detail {
// What the two kinds of context whose nonces the module makes share: seal
// returns the nonce it used, open takes it back; the C functions of the
// kind are the template's arguments.
template <class Ctx, auto Seal, auto Open, auto Cleanse>
class ModuleNonce {
 public:
  ~ModuleNonce() { Cleanse(&ctx_); }
  ModuleNonce(const ModuleNonce&) = delete;
  ModuleNonce& operator=(const ModuleNonce&) = delete;

  Nonce seal(std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
             std::span<std::uint8_t> tag) {
    need(in, out);
    Nonce nonce;
    fipsmod::detail::check(
        Seal(&ctx_, aad.data(), aad.size(), in.data(), in.size(), out.data(), tag.data(), tag.size(), nonce.data()));
    return nonce;
  }
  // The nonce, then the ciphertext and a 16-byte tag.
  std::vector<std::uint8_t> seal(std::span<const std::uint8_t> aad, std::span<const std::uint8_t> plaintext) {
    std::vector<std::uint8_t> out(nonce_size + plaintext.size() + tag_size);
    const Nonce n = seal(aad, plaintext, std::span(out).subspan(nonce_size, plaintext.size()), std::span(out).last(tag_size));
    std::copy(n.begin(), n.end(), out.begin());
    return out;
  }
  void open(std::span<const std::uint8_t, nonce_size> nonce, std::span<const std::uint8_t> aad,
            std::span<const std::uint8_t> in, std::span<const std::uint8_t> tag, std::span<std::uint8_t> out) const {
    need(in, out);
    fipsmod::detail::check(
        Open(&ctx_, nonce.data(), aad.data(), aad.size(), in.data(), in.size(), tag.data(), tag.size(), out.data()));
  }
  // Opens what seal(aad, plaintext) returned: the nonce, the ciphertext and
  // a 16-byte tag.
  std::vector<std::uint8_t> open(std::span<const std::uint8_t> aad, std::span<const std::uint8_t> sealed) const {
    if (sealed.size() < nonce_size + tag_size) fipsmod::detail::throw_status(FIPSMOD_ERR_AUTHENTICATION);
    std::vector<std::uint8_t> out(sealed.size() - nonce_size - tag_size);
    open(sealed.first<nonce_size>(), aad, sealed.subspan(nonce_size, out.size()), sealed.last(tag_size), out);
    return out;
  }

 protected:
  ModuleNonce() = default;
  Ctx ctx_{};
};
}  // namespace detail

// AES-GCM whose nonces the module makes: prefix || a 64-bit counter
// (gcm.h). seal returns the nonce it used; the approved way to seal.
class CounterNonce : public detail::ModuleNonce<fipsmod_aes_gcm_counter_ctx, &fipsmod_aes_gcm_counter_seal,
                                                &fipsmod_aes_gcm_counter_open, &fipsmod_aes_gcm_counter_cleanse> {
 public:
  CounterNonce(std::span<const std::uint8_t> key, std::span<const std::uint8_t, prefix_size> prefix) {
    fipsmod::detail::check(fipsmod_aes_gcm_counter_init(&ctx_, key.data(), key.size(), prefix.data()));
  }
};

// AES-GCM whose nonces the module draws from its DRBG (gcm.h): seal
// returns the nonce it used; at most 2^32 seals under one key (then
// FIPSMOD_ERR_NONCE_EXHAUSTED). The approved way to seal when no unique
// prefix can be given to each user of a key.
class RandomNonce : public detail::ModuleNonce<fipsmod_aes_gcm_random_ctx, &fipsmod_aes_gcm_random_seal,
                                               &fipsmod_aes_gcm_random_open, &fipsmod_aes_gcm_random_cleanse> {
 public:
  explicit RandomNonce(std::span<const std::uint8_t> key) {
    fipsmod::detail::check(fipsmod_aes_gcm_random_init(&ctx_, key.data(), key.size()));
  }
};

}  // namespace fipsmod::aes_gcm
