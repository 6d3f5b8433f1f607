// fipsmod::hkdf: HKDF (RFC 5869, NIST SP 800-56C rev. 2) over every SHA-2
// hash, as C++ over <fipsmod/hkdf.h>. Header-only.
//
//   auto prk = hkdf::extract<sha256::Digest>(secret, salt);
//   hkdf::expand<sha256::Digest>(prk, info, okm);        // okm: a span
//   auto k = hkdf::key<sha256::Digest>(secret, salt, info, 42);
//
// Every function is a service: approved when the secret keying it (extract
// and key: the input keying material; expand: the pseudorandom key) has at
// least min_approved_secret_size bytes. They throw fipsmod::error where the
// C function returns an error (FIPSMOD_ERR_NOT_APPROVED for a short secret
// in approved-only mode; FIPSMOD_ERR_INVALID_ARGUMENT for an output longer
// than 255 times the hash's size) and write nothing then.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <vector>

#include <fipsmod/hkdf.h>
#include <fipsmod/module.hpp>
#include <fipsmod/sha256.hpp>
#include <fipsmod/sha512.hpp>

namespace fipsmod::hkdf {

inline constexpr std::size_t min_approved_secret_size = FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE;

// The C functions of HKDF over a hash's Digest: HkdfApi<sha256::Digest>, ...
template <class Hash>
struct HkdfApi;

#define FIPSMOD_HKDF_CXX_API_(ns, c)                                                                              \
  template <>                                                                                                    \
  struct HkdfApi<ns::Digest> {                                                                                   \
    static int extract(const void* s, std::size_t sn, const void* t, std::size_t tn, std::uint8_t* prk) noexcept { \
      return fipsmod_hkdf_##c##_extract(s, sn, t, tn, prk);                                                      \
    }                                                                                                            \
    static int expand(const void* p, std::size_t pn, const void* i, std::size_t in, std::uint8_t* o,             \
                      std::size_t on) noexcept {                                                                 \
      return fipsmod_hkdf_##c##_expand(p, pn, i, in, o, on);                                                     \
    }                                                                                                            \
    static int key(const void* s, std::size_t sn, const void* t, std::size_t tn, const void* i, std::size_t in,  \
                   std::uint8_t* o, std::size_t on) noexcept {                                                   \
      return fipsmod_hkdf_##c(s, sn, t, tn, i, in, o, on);                                                       \
    }                                                                                                            \
  };
FIPSMOD_HKDF_CXX_API_(sha256, sha256)
FIPSMOD_HKDF_CXX_API_(sha224, sha224)
FIPSMOD_HKDF_CXX_API_(sha512, sha512)
FIPSMOD_HKDF_CXX_API_(sha384, sha384)
FIPSMOD_HKDF_CXX_API_(sha512_224, sha512_224)
FIPSMOD_HKDF_CXX_API_(sha512_256, sha512_256)
#undef FIPSMOD_HKDF_CXX_API_

// The largest output of expand and key: 255 times the hash's size.
template <class Hash>
inline constexpr std::size_t max_output = 255 * std::tuple_size_v<typename Hash::Sum>;

// HKDF-Extract: the pseudorandom key, Hash's size.
template <class Hash>
typename Hash::Sum extract(std::span<const std::uint8_t> secret, std::span<const std::uint8_t> salt) {
  typename Hash::Sum prk;
  detail::check(HkdfApi<Hash>::extract(secret.data(), secret.size(), salt.data(), salt.size(), prk.data()));
  return prk;
}

// HKDF-Expand into out (out.size() bytes).
template <class Hash>
void expand(std::span<const std::uint8_t> prk, std::span<const std::uint8_t> info, std::span<std::uint8_t> out) {
  detail::check(HkdfApi<Hash>::expand(prk.data(), prk.size(), info.data(), info.size(), out.data(), out.size()));
}

// Extract then expand into out.
template <class Hash>
void key(std::span<const std::uint8_t> secret, std::span<const std::uint8_t> salt, std::span<const std::uint8_t> info,
         std::span<std::uint8_t> out) {
  detail::check(HkdfApi<Hash>::key(secret.data(), secret.size(), salt.data(), salt.size(), info.data(), info.size(),
                                   out.data(), out.size()));
}
// The same, returning `length` bytes (the vector is the caller's to wipe).
template <class Hash>
std::vector<std::uint8_t> key(std::span<const std::uint8_t> secret, std::span<const std::uint8_t> salt,
                              std::span<const std::uint8_t> info, std::size_t length) {
  std::vector<std::uint8_t> out(length);
  key<Hash>(secret, salt, info, out);
  return out;
}

}  // namespace fipsmod::hkdf
