/* fipsmod: SHA-512, SHA-384, SHA-512/224 and SHA-512/256 (FIPS 180-4),
 * approved hash functions. SHA-384, SHA-512/224 and SHA-512/256 are
 * SHA-512 with other initial values and the digest cut to 48, 28 and 32
 * bytes; all four run on the same kernel. Every function is an approved
 * service (the indicator says approved after each that succeeds). */
#ifndef FIPSMOD_SHA512_H
#define FIPSMOD_SHA512_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIPSMOD_SHA512_SIZE 64
#define FIPSMOD_SHA384_SIZE 48
#define FIPSMOD_SHA512_224_SIZE 28
#define FIPSMOD_SHA512_256_SIZE 32
#define FIPSMOD_SHA512_BLOCK_SIZE 128
/* Size of a saved state of any of the four; the layout is Go's
 * crypto/sha512 MarshalBinary ("sha\x07" SHA-512, "sha\x04" SHA-384,
 * "sha\x05" SHA-512/224, "sha\x06" SHA-512/256, then the eight state words,
 * the block buffer and the byte count, big-endian). */
#define FIPSMOD_SHA512_MARSHALED_SIZE 204

/* Caller-allocated contexts: on the stack or in your own struct. Their
 * contents are private; copying one copies the hash state. A context of
 * one kind is refused (FIPSMOD_ERR_CTX_UNINITIALIZED) by the functions of
 * the others. */
typedef struct fipsmod_sha512_ctx {
  uint64_t fipsmod_private[28];
} fipsmod_sha512_ctx;
typedef struct fipsmod_sha384_ctx {
  uint64_t fipsmod_private[28];
} fipsmod_sha384_ctx;
typedef struct fipsmod_sha512_224_ctx {
  uint64_t fipsmod_private[28];
} fipsmod_sha512_224_ctx;
typedef struct fipsmod_sha512_256_ctx {
  uint64_t fipsmod_private[28];
} fipsmod_sha512_256_ctx;

/* Overlapping arguments (docs/design.md): every function reads its inputs
 * as they were before the call. Data, a saved state or a message may share
 * bytes with the context or the output: _update with data over its own
 * context hashes the context's bytes as they were, and an output over the
 * context or the message gets the right bytes (fipsmod_sha512(buf, n, buf)
 * hashes buf in place). The context's bytes under an output are then the
 * output's: use it again only after _init or _unmarshal. */

/* One-shot SHA-512 of len bytes at data (data may be NULL when len is 0). */
FIPSMOD_API int fipsmod_sha512(const void *data, size_t len,
                               uint8_t out[FIPSMOD_SHA512_SIZE]) FIPSMOD_NOEXCEPT;
/* Streaming SHA-512. _sum does not change the context, so a caller can read
 * a running digest and keep hashing. */
FIPSMOD_API int fipsmod_sha512_init(fipsmod_sha512_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_update(fipsmod_sha512_ctx *ctx, const void *data,
                                      size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_sum(const fipsmod_sha512_ctx *ctx,
                                   uint8_t out[FIPSMOD_SHA512_SIZE]) FIPSMOD_NOEXCEPT;
/* Save and restore a running hash, byte-compatible with Go's crypto/sha512
 * MarshalBinary/UnmarshalBinary. _unmarshal leaves ctx unchanged on error,
 * accepts a ctx that was never initialised, and refuses a state of the
 * other three (FIPSMOD_ERR_HASH_STATE_ID). */
FIPSMOD_API int fipsmod_sha512_marshal(const fipsmod_sha512_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA512_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_unmarshal(fipsmod_sha512_ctx *ctx, const void *state,
                                         size_t state_len) FIPSMOD_NOEXCEPT;
/* Zeroises the context (with stores the compiler cannot drop); a cleansed
 * context is refused as uninitialised. Not a service: it works in every
 * module state and mode and leaves the indicator alone.
 * FIPSMOD_ERR_NULL_ARGUMENT for a NULL ctx, FIPSMOD_OK otherwise. */
FIPSMOD_API int fipsmod_sha512_cleanse(fipsmod_sha512_ctx *ctx) FIPSMOD_NOEXCEPT;

/* SHA-384, the same functions. */
FIPSMOD_API int fipsmod_sha384(const void *data, size_t len,
                               uint8_t out[FIPSMOD_SHA384_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha384_init(fipsmod_sha384_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha384_update(fipsmod_sha384_ctx *ctx, const void *data,
                                      size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha384_sum(const fipsmod_sha384_ctx *ctx,
                                   uint8_t out[FIPSMOD_SHA384_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha384_marshal(const fipsmod_sha384_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA512_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha384_unmarshal(fipsmod_sha384_ctx *ctx, const void *state,
                                         size_t state_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha384_cleanse(fipsmod_sha384_ctx *ctx) FIPSMOD_NOEXCEPT;

/* SHA-512/224, the same functions. */
FIPSMOD_API int fipsmod_sha512_224(const void *data, size_t len,
                                   uint8_t out[FIPSMOD_SHA512_224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_224_init(fipsmod_sha512_224_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_224_update(fipsmod_sha512_224_ctx *ctx, const void *data,
                                          size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_224_sum(const fipsmod_sha512_224_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA512_224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_224_marshal(const fipsmod_sha512_224_ctx *ctx,
                                           uint8_t out[FIPSMOD_SHA512_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_224_unmarshal(fipsmod_sha512_224_ctx *ctx, const void *state,
                                             size_t state_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_224_cleanse(fipsmod_sha512_224_ctx *ctx) FIPSMOD_NOEXCEPT;

/* SHA-512/256, the same functions. */
FIPSMOD_API int fipsmod_sha512_256(const void *data, size_t len,
                                   uint8_t out[FIPSMOD_SHA512_256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_256_init(fipsmod_sha512_256_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_256_update(fipsmod_sha512_256_ctx *ctx, const void *data,
                                          size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_256_sum(const fipsmod_sha512_256_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA512_256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_256_marshal(const fipsmod_sha512_256_ctx *ctx,
                                           uint8_t out[FIPSMOD_SHA512_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_256_unmarshal(fipsmod_sha512_256_ctx *ctx, const void *state,
                                             size_t state_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha512_256_cleanse(fipsmod_sha512_256_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
