// fipsmod::tls12 and fipsmod::tls13: the TLS key derivations as C++ over
// <fipsmod/tls_kdf.h>. Header-only. Every function is an approved service;
// each throws fipsmod::error where the C function returns an error and
// writes nothing then.
//
//   tls12::prf<sha256::Digest>(pre_master, "extended master secret", session_hash, master);  // RFC 7627
//   auto c_hs = tls13::derive_secret<sha256::Digest>(handshake_secret, "c hs traffic", transcript_hash);
//   tls13::expand_label<sha256::Digest>(c_hs, "key", {}, key);
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/module.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/sha512.hpp>
#include <fipsmod/tls_kdf.h>

namespace fipsmod::tls12 {

// The C function of the TLS 1.2 PRF over a hash's Digest: sha256::Digest,
// sha384::Digest, sha512::Digest.
template <class Hash>
struct PrfApi;
template <>
struct PrfApi<sha256::Digest> {
  static constexpr auto prf = fipsmod_tls12_prf_sha256;
};
template <>
struct PrfApi<sha384::Digest> {
  static constexpr auto prf = fipsmod_tls12_prf_sha384;
};
template <>
struct PrfApi<sha512::Digest> {
  static constexpr auto prf = fipsmod_tls12_prf_sha512;
};

// PRF(secret, label, seed) into out (RFC 5246 §5); the extended master
// secret is the label "extended master secret" with the session hash as
// the seed (RFC 7627 §4).
template <class Hash>
void prf(std::span<const std::uint8_t> secret, std::string_view label, std::span<const std::uint8_t> seed,
         std::span<std::uint8_t> out) {
  detail::check(PrfApi<Hash>::prf(secret.data(), secret.size(), label.data(), label.size(), seed.data(), seed.size(),
                                  out.data(), out.size()));
}

}  // namespace fipsmod::tls12

namespace fipsmod::tls13 {

// The C functions of TLS 1.3's schedule over sha256::Digest or sha384::Digest.
template <class Hash>
struct KdfApi;
template <>
struct KdfApi<sha256::Digest> {
  static constexpr auto expand_label = fipsmod_tls13_sha256_expand_label;
  static constexpr auto derive_secret = fipsmod_tls13_sha256_derive_secret;
};
template <>
struct KdfApi<sha384::Digest> {
  static constexpr auto expand_label = fipsmod_tls13_sha384_expand_label;
  static constexpr auto derive_secret = fipsmod_tls13_sha384_derive_secret;
};

// HKDF-Expand-Label(secret, label, context, out.size()); label without
// "tls13 ".
template <class Hash>
void expand_label(std::span<const std::uint8_t> secret, std::string_view label, std::span<const std::uint8_t> context,
                  std::span<std::uint8_t> out) {
  detail::check(KdfApi<Hash>::expand_label(secret.data(), secret.size(), label.data(), label.size(), context.data(),
                                           context.size(), out.data(), out.size()));
}

// Derive-Secret(secret, label, Messages), given Transcript-Hash(Messages).
template <class Hash>
typename Hash::Sum derive_secret(std::span<const std::uint8_t> secret, std::string_view label,
                                 const typename Hash::Sum& transcript_hash) {
  typename Hash::Sum out;
  detail::check(KdfApi<Hash>::derive_secret(secret.data(), secret.size(), label.data(), label.size(),
                                            transcript_hash.data(), out.data()));
  return out;
}

}  // namespace fipsmod::tls13
