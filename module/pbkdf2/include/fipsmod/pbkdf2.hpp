// fipsmod::pbkdf2: PBKDF2 (NIST SP 800-132, RFC 8018 §5.2) with HMAC over
// every SHA-2 hash, as C++ over <fipsmod/pbkdf2.h>. Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <fipsmod/module.hpp>
#include <fipsmod/pbkdf2.h>
#include <fipsmod/sha256.hpp>
#include <fipsmod/sha512.hpp>

namespace fipsmod::pbkdf2 {

// The approval rule: a salt of at least min_approved_salt_size bytes, an
// output of at least min_approved_output_size bytes and at least
// min_approved_iterations iterations, a password of any length. A call
// that misses one derives the key as a non-approved service (in
// approved-only mode, it throws fipsmod::error FIPSMOD_ERR_NOT_APPROVED).
inline constexpr std::size_t min_approved_salt_size = FIPSMOD_PBKDF2_MIN_APPROVED_SALT_SIZE;
inline constexpr std::size_t min_approved_output_size = FIPSMOD_PBKDF2_MIN_APPROVED_OUTPUT_SIZE;
inline constexpr std::uint32_t min_approved_iterations = FIPSMOD_PBKDF2_MIN_APPROVED_ITERATIONS;

// The C function of PBKDF2 over a hash's Digest: Pbkdf2Api<sha256::Digest>,
// <sha224::Digest>, <sha384::Digest>, <sha512::Digest>,
// <sha512_224::Digest>, <sha512_256::Digest>.
template <class Hash>
struct Pbkdf2Api;
#define FIPSMOD_PBKDF2_CXX_API(ns)                                                                               \
  template <>                                                                                                    \
  struct Pbkdf2Api<ns::Digest> {                                                                                 \
    static int derive(const void* p, std::size_t pn, const void* s, std::size_t sn, std::uint32_t iterations,   \
                      std::uint8_t* out, std::size_t n) noexcept {                                               \
      return fipsmod_pbkdf2_##ns(p, pn, s, sn, iterations, out, n);                                              \
    }                                                                                                            \
  };
FIPSMOD_PBKDF2_CXX_API(sha256)
FIPSMOD_PBKDF2_CXX_API(sha224)
FIPSMOD_PBKDF2_CXX_API(sha384)
FIPSMOD_PBKDF2_CXX_API(sha512)
FIPSMOD_PBKDF2_CXX_API(sha512_224)
FIPSMOD_PBKDF2_CXX_API(sha512_256)
#undef FIPSMOD_PBKDF2_CXX_API

// Fills `out` with the key PBKDF2 with HMAC over Hash derives from the
// password and the salt in `iterations` iterations. Throws fipsmod::error
// (and writes nothing) on what the C function refuses: iterations 0, an
// empty out or one longer than (2^32 - 1) hash sizes, a non-approved call
// in approved-only mode; fipsmod::module_error once a self-test has
// failed. No password-derived byte is left in the module's memory; the key
// in `out` is the caller's to wipe.
template <class Hash>
void derive(std::span<const std::uint8_t> password, std::span<const std::uint8_t> salt, std::uint32_t iterations,
            std::span<std::uint8_t> out) {
  detail::check(
      Pbkdf2Api<Hash>::derive(password.data(), password.size(), salt.data(), salt.size(), iterations, out.data(), out.size()));
}
template <class Hash>
void derive(std::string_view password, std::span<const std::uint8_t> salt, std::uint32_t iterations,
            std::span<std::uint8_t> out) {
  derive<Hash>(detail::bytes_of(password), salt, iterations, out);
}

}  // namespace fipsmod::pbkdf2
