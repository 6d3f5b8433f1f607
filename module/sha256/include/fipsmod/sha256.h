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
 * output's: use it again only after _init or _unmarshal. */

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

#ifdef __cplusplus
}
#endif

#endif
