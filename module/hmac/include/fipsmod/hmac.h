/* fipsmod: HMAC (FIPS 198-1) over SHA-256 and SHA-224, an approved message
 * authentication code under a key of at least
 * FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE bytes. */
#ifndef FIPSMOD_HMAC_H
#define FIPSMOD_HMAC_H

#include <fipsmod/module.h>
#include <fipsmod/sha256.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Caller-allocated HMAC contexts. They hold key-derived secrets: when done,
 * call fipsmod_hmac_sha256_cleanse (or _sha224_), which zeroises the whole
 * context; a cleansed context is refused as uninitialised. */
typedef struct fipsmod_hmac_sha256_ctx {
  uint64_t fipsmod_private[32];
} fipsmod_hmac_sha256_ctx;
typedef struct fipsmod_hmac_sha224_ctx {
  uint64_t fipsmod_private[32];
} fipsmod_hmac_sha224_ctx;

/* The shortest key for which HMAC is an approved service: 112 bits (NIST
 * SP 800-131A). A shorter key still computes the MAC, as a non-approved
 * service (refused in FIPSMOD_MODE_APPROVED_ONLY). Every call on a context
 * runs as the key it was initialised with. */
#define FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE 14

/* Overlapping arguments (docs/design.md): every function reads its inputs
 * as they were before the call. The key, the message or the output may
 * share bytes with each other or with the context: _update with data over
 * its own context MACs the context's bytes as they were, _init with a key
 * over its context keys it with the key as it was, and an output over the
 * context, the key or the message gets the right bytes. The context's
 * bytes under an output are then the output's: use it again only after
 * _init. */

/* HMAC with SHA-256, one-shot and streaming. key may have any length (a key
 * longer than 64 bytes is hashed first) and may be NULL when key_len is 0;
 * so may data when len is 0. The one-shot leaves no key-derived byte in the
 * library's memory. _sum does not change the context; _reset starts a new
 * message under the same key; _init overwrites all a context held. */
FIPSMOD_API int fipsmod_hmac_sha256(const void *key, size_t key_len, const void *data, size_t len,
                                    uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_init(fipsmod_hmac_sha256_ctx *ctx, const void *key,
                                         size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_update(fipsmod_hmac_sha256_ctx *ctx, const void *data,
                                           size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_sum(const fipsmod_hmac_sha256_ctx *ctx,
                                        uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_reset(fipsmod_hmac_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;
/* Zeroises the context (with stores the compiler cannot drop). Not a
 * service: it works in every module state, FIPSMOD_ERR_NULL_ARGUMENT for a
 * NULL ctx, FIPSMOD_OK otherwise. */
FIPSMOD_API int fipsmod_hmac_sha256_cleanse(fipsmod_hmac_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;

/* HMAC with SHA-224, the same functions. */
FIPSMOD_API int fipsmod_hmac_sha224(const void *key, size_t key_len, const void *data, size_t len,
                                    uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_init(fipsmod_hmac_sha224_ctx *ctx, const void *key,
                                         size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_update(fipsmod_hmac_sha224_ctx *ctx, const void *data,
                                           size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_sum(const fipsmod_hmac_sha224_ctx *ctx,
                                        uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_reset(fipsmod_hmac_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_cleanse(fipsmod_hmac_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
