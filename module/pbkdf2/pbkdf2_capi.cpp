// The C functions of PBKDF2 over every SHA-2 hash: one template, which
// checks the arguments (refusing before anything is written) and makes
// exactly one service call. The output is written as the derivation goes,
// block by block: the password and the salt have been read whole before
// its first byte (internal.hpp), so an output over either is fine.
#include <fipsmod/pbkdf2.h>

#include "core/context.hpp"
#include "internal.hpp"
#include "traits.hpp"

namespace {

using fipsmod::internal::Status;

template <class M>
int derive(const void* password, std::size_t password_len, const void* salt, std::size_t salt_len,
           std::uint32_t iterations, std::uint8_t* out, std::size_t out_len) noexcept {
  namespace in = fipsmod::internal;
  using H = typename M::Hash;
  if (out == nullptr || (password == nullptr && password_len != 0) || (salt == nullptr && salt_len != 0)) {
    return in::refusal_or(Status::null_argument);
  }
  if (iterations == 0 || out_len == 0 || std::uint64_t{out_len} > fipsmod::pbkdf2::kMaxOutputSize<H>) {
    return in::refusal_or(Status::invalid_argument);
  }
  return in::code(fipsmod::pbkdf2::Service<M>::derive(in::bytes(password, password_len), in::bytes(salt, salt_len),
                                                      iterations, {out, out_len}));
}

}  // namespace

extern "C" {

int fipsmod_pbkdf2_sha256(const void* password, size_t password_len, const void* salt, size_t salt_len,
                          uint32_t iterations, uint8_t* out, size_t out_len) noexcept {
  return derive<fipsmod::pbkdf2::Sha256>(password, password_len, salt, salt_len, iterations, out, out_len);
}
int fipsmod_pbkdf2_sha224(const void* password, size_t password_len, const void* salt, size_t salt_len,
                          uint32_t iterations, uint8_t* out, size_t out_len) noexcept {
  return derive<fipsmod::pbkdf2::Sha224>(password, password_len, salt, salt_len, iterations, out, out_len);
}
int fipsmod_pbkdf2_sha384(const void* password, size_t password_len, const void* salt, size_t salt_len,
                          uint32_t iterations, uint8_t* out, size_t out_len) noexcept {
  return derive<fipsmod::pbkdf2::Sha384>(password, password_len, salt, salt_len, iterations, out, out_len);
}
int fipsmod_pbkdf2_sha512(const void* password, size_t password_len, const void* salt, size_t salt_len,
                          uint32_t iterations, uint8_t* out, size_t out_len) noexcept {
  return derive<fipsmod::pbkdf2::Sha512>(password, password_len, salt, salt_len, iterations, out, out_len);
}
int fipsmod_pbkdf2_sha512_224(const void* password, size_t password_len, const void* salt, size_t salt_len,
                              uint32_t iterations, uint8_t* out, size_t out_len) noexcept {
  return derive<fipsmod::pbkdf2::Sha512_224>(password, password_len, salt, salt_len, iterations, out, out_len);
}
int fipsmod_pbkdf2_sha512_256(const void* password, size_t password_len, const void* salt, size_t salt_len,
                              uint32_t iterations, uint8_t* out, size_t out_len) noexcept {
  return derive<fipsmod::pbkdf2::Sha512_256>(password, password_len, salt, salt_len, iterations, out, out_len);
}

}  // extern "C"
