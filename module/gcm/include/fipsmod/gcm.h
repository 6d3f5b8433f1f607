/* fipsmod: AES-GCM (NIST SP 800-38D), authenticated encryption with
 * additional data, over AES-128, AES-192 and AES-256.
 *
 * Approval (NIST IG C.H): sealing is approved only when the module makes
 * the nonce, through a counter-nonce context (fipsmod_aes_gcm_counter_*)
 * or a random-nonce context (fipsmod_aes_gcm_random_*), with a tag of 12
 * to 16 bytes. Sealing under a nonce the caller chose
 * works but is not approved (refused in FIPSMOD_MODE_APPROVED_ONLY): GCM's
 * security is lost if a nonce is ever used twice under one key. Opening is
 * approved with a 12-byte nonce and a tag of 12 to 16 bytes. Other nonce
 * lengths (any but 0) and tags of 4 or 8 bytes (SP 800-38D appendix C)
 * are served, not approved; any other tag length is
 * FIPSMOD_ERR_INVALID_ARGUMENT.
 *
 * Limits (SP 800-38D §5.2.1.1): a text of at most 2^36 - 32 bytes, and
 * additional data and a nonce of less than 2^61 bytes;
 * FIPSMOD_ERR_INVALID_ARGUMENT beyond.
 *
 * Overlap: the output may be exactly the input (in place); any other
 * overlap between an output (the text, the tag, the nonce made) and
 * another argument or the context is FIPSMOD_ERR_INVALID_OVERLAP. Every
 * error is returned before anything is written. */
#ifndef FIPSMOD_GCM_H
#define FIPSMOD_GCM_H

#include <fipsmod/aes.h>
#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIPSMOD_AES_GCM_NONCE_SIZE 12
#define FIPSMOD_AES_GCM_TAG_SIZE 16
#define FIPSMOD_AES_GCM_COUNTER_PREFIX_SIZE 4

/* Caller-allocated contexts, 16-byte aligned, holding the expanded key and
 * the hash key (secrets): when done, call the context's _cleanse, which
 * zeroises it; a cleansed context is refused as uninitialised. */
typedef struct fipsmod_aes_gcm_ctx {
  uint64_t fipsmod_private[160] __attribute__((aligned(16)));
} fipsmod_aes_gcm_ctx;
typedef struct fipsmod_aes_gcm_counter_ctx {
  uint64_t fipsmod_private[162] __attribute__((aligned(16)));
} fipsmod_aes_gcm_counter_ctx;
typedef struct fipsmod_aes_gcm_random_ctx {
  uint64_t fipsmod_private[162] __attribute__((aligned(16)));
} fipsmod_aes_gcm_random_ctx;

/* Sets ctx up for key (16, 24 or 32 bytes), overwriting all it held. */
FIPSMOD_API int fipsmod_aes_gcm_init(fipsmod_aes_gcm_ctx *ctx, const void *key, size_t key_len) FIPSMOD_NOEXCEPT;
/* Encrypts len bytes of in to out (len bytes) and writes the first tag_len
 * bytes of the tag to tag, under the caller's nonce (nonce_len >= 1).
 * Not approved. */
FIPSMOD_API int fipsmod_aes_gcm_seal(const fipsmod_aes_gcm_ctx *ctx, const void *nonce, size_t nonce_len,
                                     const void *aad, size_t aad_len, const void *in, size_t len, uint8_t *out,
                                     uint8_t *tag, size_t tag_len) FIPSMOD_NOEXCEPT;
/* Decrypts len bytes of in to out and checks the tag (tag_len bytes, in
 * constant time). On a mismatch returns FIPSMOD_ERR_AUTHENTICATION and
 * leaves out zeroed: no unauthenticated plaintext is released. */
FIPSMOD_API int fipsmod_aes_gcm_open(const fipsmod_aes_gcm_ctx *ctx, const void *nonce, size_t nonce_len,
                                     const void *aad, size_t aad_len, const void *in, size_t len,
                                     const void *tag, size_t tag_len, uint8_t *out) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_aes_gcm_cleanse(fipsmod_aes_gcm_ctx *ctx) FIPSMOD_NOEXCEPT;

/* The counter-nonce context: the caller fixes a 4-byte prefix (unique to
 * this key's user: a device, a connection); each seal uses the nonce
 * prefix || a 64-bit big-endian invocation counter that the module starts
 * at 0 and increments itself, and writes it to nonce_out (12 bytes) for
 * the receiver. When the counter would reach 2^64 - 1, seal returns
 * FIPSMOD_ERR_NONCE_EXHAUSTED instead of wrapping: set the context up again
 * with a new key. Approved with a tag of 12 to 16 bytes. */
FIPSMOD_API int fipsmod_aes_gcm_counter_init(fipsmod_aes_gcm_counter_ctx *ctx, const void *key, size_t key_len,
                                             const uint8_t prefix[FIPSMOD_AES_GCM_COUNTER_PREFIX_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_aes_gcm_counter_seal(fipsmod_aes_gcm_counter_ctx *ctx, const void *aad, size_t aad_len,
                                             const void *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                             uint8_t nonce_out[FIPSMOD_AES_GCM_NONCE_SIZE]) FIPSMOD_NOEXCEPT;
/* Open under the context's key, as fipsmod_aes_gcm_open with a 12-byte
 * nonce. */
FIPSMOD_API int fipsmod_aes_gcm_counter_open(const fipsmod_aes_gcm_counter_ctx *ctx,
                                             const uint8_t nonce[FIPSMOD_AES_GCM_NONCE_SIZE], const void *aad,
                                             size_t aad_len, const void *in, size_t len, const void *tag,
                                             size_t tag_len, uint8_t *out) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_aes_gcm_counter_cleanse(fipsmod_aes_gcm_counter_ctx *ctx) FIPSMOD_NOEXCEPT;

/* The random-nonce context: each seal draws its 12-byte nonce from the
 * module's DRBG (<fipsmod/random.h>) and writes it to nonce_out for the
 * receiver. SP 800-38D §8.3 allows 2^32 seals with random nonces under one
 * key: the seal after the 2^32nd returns FIPSMOD_ERR_NONCE_EXHAUSTED; set
 * the context up again with a new key. A seal can also return
 * FIPSMOD_ERR_ENTROPY_SOURCE, as fipsmod_random_bytes does (nothing is
 * written, and the seal is not counted). Approved with a tag of 12 to 16
 * bytes. */
FIPSMOD_API int fipsmod_aes_gcm_random_init(fipsmod_aes_gcm_random_ctx *ctx, const void *key,
                                            size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_aes_gcm_random_seal(fipsmod_aes_gcm_random_ctx *ctx, const void *aad, size_t aad_len,
                                            const void *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                            uint8_t nonce_out[FIPSMOD_AES_GCM_NONCE_SIZE]) FIPSMOD_NOEXCEPT;
/* Open under the context's key, as fipsmod_aes_gcm_open with a 12-byte
 * nonce. */
FIPSMOD_API int fipsmod_aes_gcm_random_open(const fipsmod_aes_gcm_random_ctx *ctx,
                                            const uint8_t nonce[FIPSMOD_AES_GCM_NONCE_SIZE], const void *aad,
                                            size_t aad_len, const void *in, size_t len, const void *tag,
                                            size_t tag_len, uint8_t *out) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_aes_gcm_random_cleanse(fipsmod_aes_gcm_random_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
