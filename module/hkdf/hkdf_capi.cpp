// The C functions of HKDF over each SHA-2 hash: one template.
#include <fipsmod/hkdf.h>

#include <array>
#include <cstring>

#include "core/context.hpp"
#include "internal.hpp"

namespace {

using fipsmod::internal::Status;
using fipsmod::internal::bytes;
using fipsmod::internal::refusal_or;

template <class M>
struct Api {
  using H = typename M::Hash;
  using S = fipsmod::hkdf::Service<M>;

  static int extract(const void* secret, std::size_t secret_len, const void* salt, std::size_t salt_len,
                     std::uint8_t* prk) noexcept {
    if (prk == nullptr || (secret == nullptr && secret_len != 0) || (salt == nullptr && salt_len != 0)) {
      return refusal_or(Status::null_argument);
    }
    std::array<std::uint8_t, H::size> local;
    const Status s = S::extract(bytes(secret, secret_len), bytes(salt, salt_len), local);
    if (s == Status::ok) std::memcpy(prk, local.data(), local.size());
    fipsmod::internal::secure_zero(local.data(), local.size());
    return code(s);
  }
  static int expand(const void* prk, std::size_t prk_len, const void* info, std::size_t info_len, std::uint8_t* out,
                    std::size_t out_len) noexcept {
    if ((prk == nullptr && prk_len != 0) || (info == nullptr && info_len != 0) || (out == nullptr && out_len != 0)) {
      return refusal_or(Status::null_argument);
    }
    if (out_len > fipsmod::hkdf::max_output_of<H>) return refusal_or(Status::invalid_argument);
    std::array<std::uint8_t, fipsmod::hkdf::max_output_of<H>> local;
    const Status s = S::expand(bytes(prk, prk_len), bytes(info, info_len), std::span(local).first(out_len));
    return finish(s, local, out, out_len);
  }
  static int key(const void* secret, std::size_t secret_len, const void* salt, std::size_t salt_len, const void* info,
                 std::size_t info_len, std::uint8_t* out, std::size_t out_len) noexcept {
    if ((secret == nullptr && secret_len != 0) || (salt == nullptr && salt_len != 0) ||
        (info == nullptr && info_len != 0) || (out == nullptr && out_len != 0)) {
      return refusal_or(Status::null_argument);
    }
    if (out_len > fipsmod::hkdf::max_output_of<H>) return refusal_or(Status::invalid_argument);
    std::array<std::uint8_t, fipsmod::hkdf::max_output_of<H>> local;
    const Status s = S::key(bytes(secret, secret_len), bytes(salt, salt_len), bytes(info, info_len),
                            std::span(local).first(out_len));
    return finish(s, local, out, out_len);
  }

 private:
  // The output, written last; the module's copy wiped.
  static int finish(Status s, std::span<std::uint8_t> local, std::uint8_t* out, std::size_t out_len) noexcept {
    if (s == Status::ok && out_len != 0) std::memcpy(out, local.data(), out_len);
    fipsmod::internal::secure_zero(local.data(), out_len);
    return code(s);
  }
};

using Sha256 = Api<fipsmod::hkdf::Sha256>;
using Sha224 = Api<fipsmod::hkdf::Sha224>;
using Sha512 = Api<fipsmod::hkdf::Sha512>;
using Sha384 = Api<fipsmod::hkdf::Sha384>;
using Sha512_224 = Api<fipsmod::hkdf::Sha512_224>;
using Sha512_256 = Api<fipsmod::hkdf::Sha512_256>;

}  // namespace

extern "C" {

int fipsmod_hkdf_sha256_extract(const void* secret, size_t secret_len, const void* salt, size_t salt_len,
                            uint8_t prk[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256::extract(secret, secret_len, salt, salt_len, prk);
}
int fipsmod_hkdf_sha256_expand(const void* prk, size_t prk_len, const void* info, size_t info_len, uint8_t* out,
                           size_t out_len) noexcept {
  return Sha256::expand(prk, prk_len, info, info_len, out, out_len);
}
int fipsmod_hkdf_sha256(const void* secret, size_t secret_len, const void* salt, size_t salt_len, const void* info,
                    size_t info_len, uint8_t* out, size_t out_len) noexcept {
  return Sha256::key(secret, secret_len, salt, salt_len, info, info_len, out, out_len);
}

int fipsmod_hkdf_sha224_extract(const void* secret, size_t secret_len, const void* salt, size_t salt_len,
                            uint8_t prk[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224::extract(secret, secret_len, salt, salt_len, prk);
}
int fipsmod_hkdf_sha224_expand(const void* prk, size_t prk_len, const void* info, size_t info_len, uint8_t* out,
                           size_t out_len) noexcept {
  return Sha224::expand(prk, prk_len, info, info_len, out, out_len);
}
int fipsmod_hkdf_sha224(const void* secret, size_t secret_len, const void* salt, size_t salt_len, const void* info,
                    size_t info_len, uint8_t* out, size_t out_len) noexcept {
  return Sha224::key(secret, secret_len, salt, salt_len, info, info_len, out, out_len);
}

int fipsmod_hkdf_sha512_extract(const void* secret, size_t secret_len, const void* salt, size_t salt_len,
                            uint8_t prk[FIPSMOD_SHA512_SIZE]) noexcept {
  return Sha512::extract(secret, secret_len, salt, salt_len, prk);
}
int fipsmod_hkdf_sha512_expand(const void* prk, size_t prk_len, const void* info, size_t info_len, uint8_t* out,
                           size_t out_len) noexcept {
  return Sha512::expand(prk, prk_len, info, info_len, out, out_len);
}
int fipsmod_hkdf_sha512(const void* secret, size_t secret_len, const void* salt, size_t salt_len, const void* info,
                    size_t info_len, uint8_t* out, size_t out_len) noexcept {
  return Sha512::key(secret, secret_len, salt, salt_len, info, info_len, out, out_len);
}

int fipsmod_hkdf_sha384_extract(const void* secret, size_t secret_len, const void* salt, size_t salt_len,
                            uint8_t prk[FIPSMOD_SHA384_SIZE]) noexcept {
  return Sha384::extract(secret, secret_len, salt, salt_len, prk);
}
int fipsmod_hkdf_sha384_expand(const void* prk, size_t prk_len, const void* info, size_t info_len, uint8_t* out,
                           size_t out_len) noexcept {
  return Sha384::expand(prk, prk_len, info, info_len, out, out_len);
}
int fipsmod_hkdf_sha384(const void* secret, size_t secret_len, const void* salt, size_t salt_len, const void* info,
                    size_t info_len, uint8_t* out, size_t out_len) noexcept {
  return Sha384::key(secret, secret_len, salt, salt_len, info, info_len, out, out_len);
}

int fipsmod_hkdf_sha512_224_extract(const void* secret, size_t secret_len, const void* salt, size_t salt_len,
                            uint8_t prk[FIPSMOD_SHA512_224_SIZE]) noexcept {
  return Sha512_224::extract(secret, secret_len, salt, salt_len, prk);
}
int fipsmod_hkdf_sha512_224_expand(const void* prk, size_t prk_len, const void* info, size_t info_len, uint8_t* out,
                           size_t out_len) noexcept {
  return Sha512_224::expand(prk, prk_len, info, info_len, out, out_len);
}
int fipsmod_hkdf_sha512_224(const void* secret, size_t secret_len, const void* salt, size_t salt_len, const void* info,
                    size_t info_len, uint8_t* out, size_t out_len) noexcept {
  return Sha512_224::key(secret, secret_len, salt, salt_len, info, info_len, out, out_len);
}

int fipsmod_hkdf_sha512_256_extract(const void* secret, size_t secret_len, const void* salt, size_t salt_len,
                            uint8_t prk[FIPSMOD_SHA512_256_SIZE]) noexcept {
  return Sha512_256::extract(secret, secret_len, salt, salt_len, prk);
}
int fipsmod_hkdf_sha512_256_expand(const void* prk, size_t prk_len, const void* info, size_t info_len, uint8_t* out,
                           size_t out_len) noexcept {
  return Sha512_256::expand(prk, prk_len, info, info_len, out, out_len);
}
int fipsmod_hkdf_sha512_256(const void* secret, size_t secret_len, const void* salt, size_t salt_len, const void* info,
                    size_t info_len, uint8_t* out, size_t out_len) noexcept {
  return Sha512_256::key(secret, secret_len, salt, salt_len, info, info_len, out, out_len);
}

}  // extern "C"
