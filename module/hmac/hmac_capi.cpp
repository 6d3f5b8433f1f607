// The C functions of HMAC over every SHA-2 hash: one template, a line each.
#include <fipsmod/hmac.h>

#include "hmac_api.hpp"
#include "traits.hpp"

namespace {
using Sha256 = fipsmod::hmac::Api<fipsmod::hmac::Sha256, fipsmod_hmac_sha256_ctx>;
using Sha224 = fipsmod::hmac::Api<fipsmod::hmac::Sha224, fipsmod_hmac_sha224_ctx>;
using Sha512 = fipsmod::hmac::Api<fipsmod::hmac::Sha512, fipsmod_hmac_sha512_ctx>;
using Sha384 = fipsmod::hmac::Api<fipsmod::hmac::Sha384, fipsmod_hmac_sha384_ctx>;
using Sha512_224 = fipsmod::hmac::Api<fipsmod::hmac::Sha512_224, fipsmod_hmac_sha512_224_ctx>;
using Sha512_256 = fipsmod::hmac::Api<fipsmod::hmac::Sha512_256, fipsmod_hmac_sha512_256_ctx>;
}  // namespace

extern "C" {

int fipsmod_hmac_sha256(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha256_init(fipsmod_hmac_sha256_ctx* ctx, const void* key, size_t key_len) noexcept {
  return Sha256::init(ctx, key, key_len);
}
int fipsmod_hmac_sha256_update(fipsmod_hmac_sha256_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha256::update(ctx, data, len);
}
int fipsmod_hmac_sha256_sum(const fipsmod_hmac_sha256_ctx* ctx, uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256::sum(ctx, out);
}
int fipsmod_hmac_sha256_reset(fipsmod_hmac_sha256_ctx* ctx) noexcept { return Sha256::reset(ctx); }
int fipsmod_hmac_sha256_cleanse(fipsmod_hmac_sha256_ctx* ctx) noexcept { return Sha256::cleanse(ctx); }

int fipsmod_hmac_sha224(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha224_init(fipsmod_hmac_sha224_ctx* ctx, const void* key, size_t key_len) noexcept {
  return Sha224::init(ctx, key, key_len);
}
int fipsmod_hmac_sha224_update(fipsmod_hmac_sha224_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha224::update(ctx, data, len);
}
int fipsmod_hmac_sha224_sum(const fipsmod_hmac_sha224_ctx* ctx, uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224::sum(ctx, out);
}
int fipsmod_hmac_sha224_reset(fipsmod_hmac_sha224_ctx* ctx) noexcept { return Sha224::reset(ctx); }
int fipsmod_hmac_sha224_cleanse(fipsmod_hmac_sha224_ctx* ctx) noexcept { return Sha224::cleanse(ctx); }

int fipsmod_hmac_sha512(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA512_SIZE]) noexcept {
  return Sha512::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha512_init(fipsmod_hmac_sha512_ctx* ctx, const void* key, size_t key_len) noexcept {
  return Sha512::init(ctx, key, key_len);
}
int fipsmod_hmac_sha512_update(fipsmod_hmac_sha512_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha512::update(ctx, data, len);
}
int fipsmod_hmac_sha512_sum(const fipsmod_hmac_sha512_ctx* ctx, uint8_t out[FIPSMOD_SHA512_SIZE]) noexcept {
  return Sha512::sum(ctx, out);
}
int fipsmod_hmac_sha512_reset(fipsmod_hmac_sha512_ctx* ctx) noexcept { return Sha512::reset(ctx); }
int fipsmod_hmac_sha512_cleanse(fipsmod_hmac_sha512_ctx* ctx) noexcept { return Sha512::cleanse(ctx); }

int fipsmod_hmac_sha384(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA384_SIZE]) noexcept {
  return Sha384::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha384_init(fipsmod_hmac_sha384_ctx* ctx, const void* key, size_t key_len) noexcept {
  return Sha384::init(ctx, key, key_len);
}
int fipsmod_hmac_sha384_update(fipsmod_hmac_sha384_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha384::update(ctx, data, len);
}
int fipsmod_hmac_sha384_sum(const fipsmod_hmac_sha384_ctx* ctx, uint8_t out[FIPSMOD_SHA384_SIZE]) noexcept {
  return Sha384::sum(ctx, out);
}
int fipsmod_hmac_sha384_reset(fipsmod_hmac_sha384_ctx* ctx) noexcept { return Sha384::reset(ctx); }
int fipsmod_hmac_sha384_cleanse(fipsmod_hmac_sha384_ctx* ctx) noexcept { return Sha384::cleanse(ctx); }

int fipsmod_hmac_sha512_224(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA512_224_SIZE]) noexcept {
  return Sha512_224::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha512_224_init(fipsmod_hmac_sha512_224_ctx* ctx, const void* key, size_t key_len) noexcept {
  return Sha512_224::init(ctx, key, key_len);
}
int fipsmod_hmac_sha512_224_update(fipsmod_hmac_sha512_224_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha512_224::update(ctx, data, len);
}
int fipsmod_hmac_sha512_224_sum(const fipsmod_hmac_sha512_224_ctx* ctx, uint8_t out[FIPSMOD_SHA512_224_SIZE]) noexcept {
  return Sha512_224::sum(ctx, out);
}
int fipsmod_hmac_sha512_224_reset(fipsmod_hmac_sha512_224_ctx* ctx) noexcept { return Sha512_224::reset(ctx); }
int fipsmod_hmac_sha512_224_cleanse(fipsmod_hmac_sha512_224_ctx* ctx) noexcept { return Sha512_224::cleanse(ctx); }

int fipsmod_hmac_sha512_256(const void* key, size_t key_len, const void* data, size_t len,
                        uint8_t out[FIPSMOD_SHA512_256_SIZE]) noexcept {
  return Sha512_256::one_shot(key, key_len, data, len, out);
}
int fipsmod_hmac_sha512_256_init(fipsmod_hmac_sha512_256_ctx* ctx, const void* key, size_t key_len) noexcept {
  return Sha512_256::init(ctx, key, key_len);
}
int fipsmod_hmac_sha512_256_update(fipsmod_hmac_sha512_256_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha512_256::update(ctx, data, len);
}
int fipsmod_hmac_sha512_256_sum(const fipsmod_hmac_sha512_256_ctx* ctx, uint8_t out[FIPSMOD_SHA512_256_SIZE]) noexcept {
  return Sha512_256::sum(ctx, out);
}
int fipsmod_hmac_sha512_256_reset(fipsmod_hmac_sha512_256_ctx* ctx) noexcept { return Sha512_256::reset(ctx); }
int fipsmod_hmac_sha512_256_cleanse(fipsmod_hmac_sha512_256_ctx* ctx) noexcept { return Sha512_256::cleanse(ctx); }

}  // extern "C"
