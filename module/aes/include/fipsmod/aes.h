/* fipsmod: AES (FIPS 197) with 128-, 192- and 256-bit keys: the block
 * cipher itself (AES-ECB, one block a call) and CTR mode (NIST SP 800-38A),
 * both approved. For authenticated encryption use AES-GCM (fipsmod/gcm.h). */
#ifndef FIPSMOD_AES_H
#define FIPSMOD_AES_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIPSMOD_AES_BLOCK_SIZE 16

/* A caller-allocated AES context: the expanded key, 16-byte aligned. It
 * holds the key schedule, a secret: when done, call fipsmod_aes_cleanse,
 * which zeroises it; a cleansed context is refused as uninitialised. */
typedef struct fipsmod_aes_ctx {
  uint64_t fipsmod_private[64] __attribute__((aligned(16)));
} fipsmod_aes_ctx;

/* Expands key (key_len 16, 24 or 32 bytes; FIPSMOD_ERR_INVALID_ARGUMENT for
 * any other length, ctx untouched) into ctx, overwriting all it held. */
FIPSMOD_API int fipsmod_aes_init(fipsmod_aes_ctx *ctx, const void *key, size_t key_len) FIPSMOD_NOEXCEPT;
/* One block, encrypted or decrypted. in and out may be the same block;
 * any other overlap, or an out over the context, is
 * FIPSMOD_ERR_INVALID_OVERLAP. */
FIPSMOD_API int fipsmod_aes_encrypt_block(const fipsmod_aes_ctx *ctx, const uint8_t in[FIPSMOD_AES_BLOCK_SIZE],
                                          uint8_t out[FIPSMOD_AES_BLOCK_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_aes_decrypt_block(const fipsmod_aes_ctx *ctx, const uint8_t in[FIPSMOD_AES_BLOCK_SIZE],
                                          uint8_t out[FIPSMOD_AES_BLOCK_SIZE]) FIPSMOD_NOEXCEPT;
/* CTR mode: out = in xor the keystream E(iv), E(iv + 1), ..., the whole
 * 16-byte counter block taken as a big-endian integer (wrapping modulo
 * 2^128). Encryption and decryption are the same call. len may be 0 (in
 * and out may then be NULL); in == out is allowed, any other overlap (or
 * out over ctx or iv) is FIPSMOD_ERR_INVALID_OVERLAP, with nothing written.
 * CTR does not authenticate: an attacker can flip any bit of the
 * plaintext. A counter block must never be used twice under one key. */
FIPSMOD_API int fipsmod_aes_ctr(const fipsmod_aes_ctx *ctx, const uint8_t iv[FIPSMOD_AES_BLOCK_SIZE], const void *in,
                                size_t len, uint8_t *out) FIPSMOD_NOEXCEPT;
/* Zeroises the context (with stores the compiler cannot drop). Not a
 * service: it works in every module state, FIPSMOD_ERR_NULL_ARGUMENT for a
 * NULL ctx, FIPSMOD_OK otherwise. */
FIPSMOD_API int fipsmod_aes_cleanse(fipsmod_aes_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
