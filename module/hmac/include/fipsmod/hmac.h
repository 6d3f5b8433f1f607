/* fipsmod: HMAC (FIPS 198-1) over every SHA-2 hash (SHA-256, SHA-224,
 * SHA-512, SHA-384, SHA-512/224 and SHA-512/256), an approved message
 * authentication code under a key of at least
 * FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE bytes. */
#ifndef FIPSMOD_HMAC_H
#define FIPSMOD_HMAC_H

#include <fipsmod/module.h>
#include <fipsmod/sha256.h>
#include <fipsmod/sha512.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Caller-allocated HMAC contexts. They hold key-derived secrets: when done,
 * call fipsmod_hmac_sha256_cleanse (or that of its hash), which zeroises the
 * whole context; a cleansed context is refused as uninitialised. The
 * contexts of the SHA-512 family are larger: their hash's block is 128
 * bytes. */
typedef struct fipsmod_hmac_sha256_ctx {
  uint64_t fipsmod_private[32];
} fipsmod_hmac_sha256_ctx;
typedef struct fipsmod_hmac_sha224_ctx {
  uint64_t fipsmod_private[32];
} fipsmod_hmac_sha224_ctx;
typedef struct fipsmod_hmac_sha512_ctx {
  uint64_t fipsmod_private[48];
} fipsmod_hmac_sha512_ctx;
typedef struct fipsmod_hmac_sha384_ctx {
  uint64_t fipsmod_private[48];
} fipsmod_hmac_sha384_ctx;
typedef struct fipsmod_hmac_sha512_224_ctx {
  uint64_t fipsmod_private[48];
} fipsmod_hmac_sha512_224_ctx;
typedef struct fipsmod_hmac_sha512_256_ctx {
  uint64_t fipsmod_private[48];
} fipsmod_hmac_sha512_256_ctx;

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

/* HMAC with SHA-512 (a key longer than its 128-byte block is hashed
 * first), the same functions. */
FIPSMOD_API int fipsmod_hmac_sha512(const void *key, size_t key_len, const void *data, size_t len,
                                    uint8_t out[FIPSMOD_SHA512_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_init(fipsmod_hmac_sha512_ctx *ctx, const void *key,
                                         size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_update(fipsmod_hmac_sha512_ctx *ctx, const void *data,
                                           size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_sum(const fipsmod_hmac_sha512_ctx *ctx,
                                        uint8_t out[FIPSMOD_SHA512_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_reset(fipsmod_hmac_sha512_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_cleanse(fipsmod_hmac_sha512_ctx *ctx) FIPSMOD_NOEXCEPT;

/* HMAC with SHA-384, the same functions. */
FIPSMOD_API int fipsmod_hmac_sha384(const void *key, size_t key_len, const void *data, size_t len,
                                    uint8_t out[FIPSMOD_SHA384_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha384_init(fipsmod_hmac_sha384_ctx *ctx, const void *key,
                                         size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha384_update(fipsmod_hmac_sha384_ctx *ctx, const void *data,
                                           size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha384_sum(const fipsmod_hmac_sha384_ctx *ctx,
                                        uint8_t out[FIPSMOD_SHA384_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha384_reset(fipsmod_hmac_sha384_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha384_cleanse(fipsmod_hmac_sha384_ctx *ctx) FIPSMOD_NOEXCEPT;

/* HMAC with SHA-512/224, the same functions. */
FIPSMOD_API int fipsmod_hmac_sha512_224(const void *key, size_t key_len, const void *data, size_t len,
                                        uint8_t out[FIPSMOD_SHA512_224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_224_init(fipsmod_hmac_sha512_224_ctx *ctx, const void *key,
                                             size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_224_update(fipsmod_hmac_sha512_224_ctx *ctx, const void *data,
                                               size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_224_sum(const fipsmod_hmac_sha512_224_ctx *ctx,
                                            uint8_t out[FIPSMOD_SHA512_224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_224_reset(fipsmod_hmac_sha512_224_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_224_cleanse(fipsmod_hmac_sha512_224_ctx *ctx) FIPSMOD_NOEXCEPT;

/* HMAC with SHA-512/256, the same functions. */
FIPSMOD_API int fipsmod_hmac_sha512_256(const void *key, size_t key_len, const void *data, size_t len,
                                        uint8_t out[FIPSMOD_SHA512_256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_256_init(fipsmod_hmac_sha512_256_ctx *ctx, const void *key,
                                             size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_256_update(fipsmod_hmac_sha512_256_ctx *ctx, const void *data,
                                               size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_256_sum(const fipsmod_hmac_sha512_256_ctx *ctx,
                                            uint8_t out[FIPSMOD_SHA512_256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_256_reset(fipsmod_hmac_sha512_256_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha512_256_cleanse(fipsmod_hmac_sha512_256_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
