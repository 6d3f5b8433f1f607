/* fipsmod: SHA-256 and SHA-224 (FIPS 180-4), approved hash functions.
 * SHA-224 is SHA-256 with other initial values and the digest cut to 28
 * bytes; both run on the same kernel. Every function is an approved
 * service (the indicator says approved after each that succeeds). */
#ifndef FIPSMOD_SHA256_H
#define FIPSMOD_SHA256_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIPSMOD_SHA256_SIZE 32
#define FIPSMOD_SHA224_SIZE 28
#define FIPSMOD_SHA256_BLOCK_SIZE 64
/* Size of a saved SHA-256 or SHA-224 state; the layout is Go's
 * crypto/sha256 MarshalBinary ("sha\x03" or "sha\x02", then the state). */
#define FIPSMOD_SHA256_MARSHALED_SIZE 108

/* Caller-allocated SHA-256 and SHA-224 contexts: on the stack or in your
 * own struct. Their contents are private; copying one copies the hash
 * state. A context of one kind is refused (FIPSMOD_ERR_CTX_UNINITIALIZED)
 * by the functions of the other. */
typedef struct fipsmod_sha256_ctx {
  uint64_t fipsmod_private[16];
} fipsmod_sha256_ctx;
typedef struct fipsmod_sha224_ctx {
  uint64_t fipsmod_private[16];
} fipsmod_sha224_ctx;

/* Overlapping arguments (docs/design.md): every function reads its inputs
 * as they were before the call. Data, a saved state or a message may share
 * bytes with the context or the output: _update with data over its own
 * context hashes the context's bytes as they were, and an output over the
 * context or the message gets the right bytes (fipsmod_sha256(buf, n, buf)
 * hashes buf in place). The context's bytes under an output are then the
 * output's: use it again only after _init or _unmarshal. The calls on many
 * computations below are the one-computation call on each item in list
 * order, each item reading its message as it is right before that item;
 * they refuse with FIPSMOD_ERR_INVALID_OVERLAP, writing nothing, two
 * contexts that share bytes without being the same, an item list over a
 * context it names, and digests over the data or len array. */

/* One-shot SHA-256 of len bytes at data (data may be NULL when len is 0). */
FIPSMOD_API int fipsmod_sha256(const void *data, size_t len,
                               uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
/* Streaming SHA-256. _sum does not change the context, so a caller can read
 * a running digest and keep hashing. */
FIPSMOD_API int fipsmod_sha256_init(fipsmod_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_update(fipsmod_sha256_ctx *ctx, const void *data,
                                      size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_sum(const fipsmod_sha256_ctx *ctx,
                                   uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
/* Save and restore a running hash, byte-compatible with Go's crypto/sha256
 * MarshalBinary/UnmarshalBinary. _unmarshal leaves ctx unchanged on error,
 * accepts a ctx that was never initialised, and refuses a SHA-224 state
 * (FIPSMOD_ERR_HASH_STATE_ID). */
FIPSMOD_API int fipsmod_sha256_marshal(const fipsmod_sha256_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_unmarshal(fipsmod_sha256_ctx *ctx, const void *state,
                                         size_t state_len) FIPSMOD_NOEXCEPT;
/* Zeroises the context (with stores the compiler cannot drop); a cleansed
 * context is refused as uninitialised. Not a service: it works in every
 * module state and mode and leaves the indicator alone.
 * FIPSMOD_ERR_NULL_ARGUMENT for a NULL ctx, FIPSMOD_OK otherwise. */
FIPSMOD_API int fipsmod_sha256_cleanse(fipsmod_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;

/* SHA-224, the same functions. */
FIPSMOD_API int fipsmod_sha224(const void *data, size_t len,
                               uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_init(fipsmod_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_update(fipsmod_sha224_ctx *ctx, const void *data,
                                      size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_sum(const fipsmod_sha224_ctx *ctx,
                                   uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_marshal(const fipsmod_sha224_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_unmarshal(fipsmod_sha224_ctx *ctx, const void *state,
                                         size_t state_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_cleanse(fipsmod_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;

/* Many SHA-256 or SHA-224 computations at once (docs/sha256-lanes.md).
 * Where the CPU has a multi-buffer kernel, 2 to 64 of them go through one
 * kernel call and their throughput adds up. Each context ends exactly as
 * if it had been updated alone, whatever the mix of lengths. One approved
 * service for the whole call; nothing is allocated; on error nothing
 * changes.
 *
 * _update_many: item i's context takes its data, in list order (a context
 * named twice takes both, in that order). FIPSMOD_ERR_NULL_ARGUMENT for a
 * NULL items with n > 0, a NULL ctx, or NULL data with len > 0;
 * FIPSMOD_ERR_CTX_UNINITIALIZED for a context not set up by _init (or one
 * of the other hash); FIPSMOD_ERR_INVALID_OVERLAP as said above. */
typedef struct fipsmod_sha256_update_item {
  fipsmod_sha256_ctx *ctx;
  const void *data;
  size_t len;
} fipsmod_sha256_update_item;
typedef struct fipsmod_sha224_update_item {
  fipsmod_sha224_ctx *ctx;
  const void *data;
  size_t len;
} fipsmod_sha224_update_item;
FIPSMOD_API int fipsmod_sha256_update_many(const fipsmod_sha256_update_item *items,
                                           size_t n) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_update_many(const fipsmod_sha224_update_item *items,
                                           size_t n) FIPSMOD_NOEXCEPT;
/* out[i] = the digest of data[i][0, len[i]) for i < n.
 * FIPSMOD_ERR_NULL_ARGUMENT for NULL arrays with n > 0 or a NULL data[i]
 * with len[i] > 0; FIPSMOD_ERR_INVALID_OVERLAP for out over data or len. */
FIPSMOD_API int fipsmod_sha256_many(size_t n, const void *const *data, const size_t *len,
                                    uint8_t (*out)[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_many(size_t n, const void *const *data, const size_t *len,
                                    uint8_t (*out)[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
