// The C functions of HMAC-SHA-256 and HMAC-SHA-224: one template.
#include <fipsmod/hmac.h>

#include "hmac_api.hpp"
#include "traits.hpp"

namespace {
using Sha256 = fipsmod::hmac::Api<fipsmod::hmac::Sha256, fipsmod_hmac_sha256_ctx>;
using Sha224 = fipsmod::hmac::Api<fipsmod::hmac::Sha224, fipsmod_hmac_sha224_ctx>;
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

}  // extern "C"
