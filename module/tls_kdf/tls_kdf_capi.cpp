// The C functions of the TLS key derivations: one template per protocol.
#include <fipsmod/tls_kdf.h>

#include <array>
#include <cstring>

#include "core/context.hpp"
#include "internal.hpp"

namespace {

using fipsmod::internal::Status;
using fipsmod::internal::bytes;
using fipsmod::internal::overlaps;
using fipsmod::internal::refusal_or;

template <class M>
struct Tls12 {
  using S = fipsmod::tls_kdf::Tls12Service<M>;
  static int prf(const void* secret, std::size_t secret_len, const void* label, std::size_t label_len, const void* seed,
                 std::size_t seed_len, std::uint8_t* out, std::size_t out_len) noexcept {
    if ((secret == nullptr && secret_len != 0) || (label == nullptr && label_len != 0) ||
        (seed == nullptr && seed_len != 0) || (out == nullptr && out_len != 0)) {
      return refusal_or(Status::null_argument);
    }
    // The output has no bound, so it is written where it goes: one that
    // would change the label or the seed before their last read is refused.
    if (overlaps(out, out_len, label, label_len) || overlaps(out, out_len, seed, seed_len)) {
      return refusal_or(Status::invalid_overlap);
    }
    return code(S::prf(bytes(secret, secret_len), bytes(label, label_len), bytes(seed, seed_len),
                       std::span<std::uint8_t>(out, out_len)));
  }
};

template <class M>
struct Tls13 {
  using H = typename M::Hash;
  using S = fipsmod::tls_kdf::Tls13Service<M>;
  static int expand_label(const void* secret, std::size_t secret_len, const void* label, std::size_t label_len,
                          const void* context, std::size_t context_len, std::uint8_t* out,
                          std::size_t out_len) noexcept {
    if ((secret == nullptr && secret_len != 0) || (label == nullptr && label_len != 0) ||
        (context == nullptr && context_len != 0) || (out == nullptr && out_len != 0)) {
      return refusal_or(Status::null_argument);
    }
    if (label_len > fipsmod::tls_kdf::kMaxLabel || context_len > fipsmod::tls_kdf::kMaxContext ||
        out_len > fipsmod::hkdf::max_output_of<H>) {
      return refusal_or(Status::invalid_argument);
    }
    std::array<std::uint8_t, fipsmod::hkdf::max_output_of<H>> local;
    const Status s = S::expand_label(bytes(secret, secret_len), bytes(label, label_len), bytes(context, context_len),
                                     std::span(local).first(out_len));
    if (s == Status::ok && out_len != 0) std::memcpy(out, local.data(), out_len);
    fipsmod::internal::secure_zero(local.data(), out_len);
    return code(s);
  }
  static int derive_secret(const void* secret, std::size_t secret_len, const void* label, std::size_t label_len,
                           const std::uint8_t* transcript_hash, std::uint8_t* out) noexcept {
    if ((secret == nullptr && secret_len != 0) || (label == nullptr && label_len != 0) || transcript_hash == nullptr ||
        out == nullptr) {
      return refusal_or(Status::null_argument);
    }
    if (label_len > fipsmod::tls_kdf::kMaxLabel) return refusal_or(Status::invalid_argument);
    std::array<std::uint8_t, H::size> local;
    const Status s = S::derive_secret(bytes(secret, secret_len), bytes(label, label_len),
                                      std::span<const std::uint8_t, H::size>(transcript_hash, H::size), local);
    if (s == Status::ok) std::memcpy(out, local.data(), local.size());
    fipsmod::internal::secure_zero(local.data(), local.size());
    return code(s);
  }
};

using Tls12Sha256 = Tls12<fipsmod::tls_kdf::Tls12Sha256>;
using Tls12Sha384 = Tls12<fipsmod::tls_kdf::Tls12Sha384>;
using Tls12Sha512 = Tls12<fipsmod::tls_kdf::Tls12Sha512>;
using Tls13Sha256 = Tls13<fipsmod::tls_kdf::Tls13Sha256>;
using Tls13Sha384 = Tls13<fipsmod::tls_kdf::Tls13Sha384>;

}  // namespace

extern "C" {

int fipsmod_tls12_prf_sha256(const void* secret, size_t secret_len, const void* label, size_t label_len,
                             const void* seed, size_t seed_len, uint8_t* out, size_t out_len) noexcept {
  return Tls12Sha256::prf(secret, secret_len, label, label_len, seed, seed_len, out, out_len);
}
int fipsmod_tls12_prf_sha384(const void* secret, size_t secret_len, const void* label, size_t label_len,
                             const void* seed, size_t seed_len, uint8_t* out, size_t out_len) noexcept {
  return Tls12Sha384::prf(secret, secret_len, label, label_len, seed, seed_len, out, out_len);
}
int fipsmod_tls12_prf_sha512(const void* secret, size_t secret_len, const void* label, size_t label_len,
                             const void* seed, size_t seed_len, uint8_t* out, size_t out_len) noexcept {
  return Tls12Sha512::prf(secret, secret_len, label, label_len, seed, seed_len, out, out_len);
}
int fipsmod_tls13_sha256_expand_label(const void* secret, size_t secret_len, const void* label, size_t label_len,
                                      const void* context, size_t context_len, uint8_t* out, size_t out_len) noexcept {
  return Tls13Sha256::expand_label(secret, secret_len, label, label_len, context, context_len, out, out_len);
}
int fipsmod_tls13_sha256_derive_secret(const void* secret, size_t secret_len, const void* label, size_t label_len,
                                       const uint8_t transcript_hash[FIPSMOD_SHA256_SIZE],
                                       uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Tls13Sha256::derive_secret(secret, secret_len, label, label_len, transcript_hash, out);
}
int fipsmod_tls13_sha384_expand_label(const void* secret, size_t secret_len, const void* label, size_t label_len,
                                      const void* context, size_t context_len, uint8_t* out, size_t out_len) noexcept {
  return Tls13Sha384::expand_label(secret, secret_len, label, label_len, context, context_len, out, out_len);
}
int fipsmod_tls13_sha384_derive_secret(const void* secret, size_t secret_len, const void* label, size_t label_len,
                                       const uint8_t transcript_hash[FIPSMOD_SHA384_SIZE],
                                       uint8_t out[FIPSMOD_SHA384_SIZE]) noexcept {
  return Tls13Sha384::derive_secret(secret, secret_len, label, label_len, transcript_hash, out);
}

}  // extern "C"
