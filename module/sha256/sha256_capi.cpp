// The C functions of SHA-256 and SHA-224: the hash core's one template.
#include <fipsmod/sha256.h>

#include "core/hash_api.hpp"
#include "internal.hpp"

namespace {
using Sha256 = fipsmod::internal::hash::Api<fipsmod::sha256::Sha256, fipsmod_sha256_ctx>;
using Sha224 = fipsmod::internal::hash::Api<fipsmod::sha256::Sha224, fipsmod_sha224_ctx>;
}  // namespace

extern "C" {

int fipsmod_sha256(const void* data, size_t len, uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256::one_shot(data, len, out);
}
int fipsmod_sha256_init(fipsmod_sha256_ctx* ctx) noexcept { return Sha256::init(ctx); }
int fipsmod_sha256_update(fipsmod_sha256_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha256::update(ctx, data, len);
}
int fipsmod_sha256_sum(const fipsmod_sha256_ctx* ctx, uint8_t out[FIPSMOD_SHA256_SIZE]) noexcept {
  return Sha256::sum(ctx, out);
}
int fipsmod_sha256_marshal(const fipsmod_sha256_ctx* ctx, uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) noexcept {
  return Sha256::marshal(ctx, out);
}
int fipsmod_sha256_unmarshal(fipsmod_sha256_ctx* ctx, const void* state, size_t state_len) noexcept {
  return Sha256::unmarshal(ctx, state, state_len);
}
int fipsmod_sha256_cleanse(fipsmod_sha256_ctx* ctx) noexcept { return Sha256::cleanse(ctx); }

int fipsmod_sha224(const void* data, size_t len, uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224::one_shot(data, len, out);
}
int fipsmod_sha224_init(fipsmod_sha224_ctx* ctx) noexcept { return Sha224::init(ctx); }
int fipsmod_sha224_update(fipsmod_sha224_ctx* ctx, const void* data, size_t len) noexcept {
  return Sha224::update(ctx, data, len);
}
int fipsmod_sha224_sum(const fipsmod_sha224_ctx* ctx, uint8_t out[FIPSMOD_SHA224_SIZE]) noexcept {
  return Sha224::sum(ctx, out);
}
int fipsmod_sha224_marshal(const fipsmod_sha224_ctx* ctx, uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) noexcept {
  return Sha224::marshal(ctx, out);
}
int fipsmod_sha224_unmarshal(fipsmod_sha224_ctx* ctx, const void* state, size_t state_len) noexcept {
  return Sha224::unmarshal(ctx, state, state_len);
}
int fipsmod_sha224_cleanse(fipsmod_sha224_ctx* ctx) noexcept { return Sha224::cleanse(ctx); }

}  // extern "C"
