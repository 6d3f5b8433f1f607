/* fipsmod: HKDF (RFC 5869; NIST SP 800-56C rev. 2, two-step key derivation
 * with HMAC) over every SHA-2 hash: extract, expand, and both in one call.
 *
 * One set of functions per hash (fipsmod_hkdf_sha256_extract, ..._expand,
 * fipsmod_hkdf_sha256), not one set with a hash selector: that is how the
 * hashes and HMAC are named (fipsmod_sha256, fipsmod_hmac_sha256), each
 * output array has its hash's size in the prototype, and an unknown hash
 * cannot be asked for.
 *
 * Approval: an approved service when the secret that keys the derivation
 * has at least FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE bytes: the input
 * keying material for _extract and the one-shot, the pseudorandom key for
 * _expand. A shorter one still derives, as a non-approved service (refused
 * in FIPSMOD_MODE_APPROVED_ONLY). The salt may have any length, empty
 * included (RFC 5869's "not provided": HashLen zero bytes, which HMAC
 * treats the same). docs/services.md says why.
 *
 * Arguments: a pointer may be NULL when its length is 0 (out too, for an
 * out_len of 0). out_len above 255 times the hash's size is refused with
 * FIPSMOD_ERR_INVALID_ARGUMENT (RFC 5869 §2.3), NULL with a nonzero length
 * with FIPSMOD_ERR_NULL_ARGUMENT; on error nothing is written.
 *
 * Overlapping arguments (docs/design.md): every function reads its inputs
 * as they were before the call. The output may share bytes with any input:
 * it is computed in the module's memory and written last. Nothing
 * key-derived is left in the module's memory. */
#ifndef FIPSMOD_HKDF_H
#define FIPSMOD_HKDF_H

#include <fipsmod/module.h>
#include <fipsmod/sha256.h>
#include <fipsmod/sha512.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The shortest secret of an approved HKDF: 112 bits (NIST SP 800-131A). */
#define FIPSMOD_HKDF_MIN_APPROVED_SECRET_SIZE 14

/* HKDF-SHA-256. _extract writes PRK = HMAC(salt, secret) (RFC 5869 §2.2);
 * _expand writes out_len bytes of OKM from a pseudorandom key and the
 * context info (§2.3), out_len <= 255 * FIPSMOD_SHA256_SIZE; the one-shot is
 * _extract then _expand. */
FIPSMOD_API int fipsmod_hkdf_sha256_extract(const void *secret, size_t secret_len, const void *salt,
                                          size_t salt_len, uint8_t prk[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha256_expand(const void *prk, size_t prk_len, const void *info, size_t info_len,
                                         uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha256(const void *secret, size_t secret_len, const void *salt, size_t salt_len,
                                  const void *info, size_t info_len, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;

/* HKDF-SHA-224, the same functions (out_len <= 255 * FIPSMOD_SHA224_SIZE). */
FIPSMOD_API int fipsmod_hkdf_sha224_extract(const void *secret, size_t secret_len, const void *salt,
                                          size_t salt_len, uint8_t prk[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha224_expand(const void *prk, size_t prk_len, const void *info, size_t info_len,
                                         uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha224(const void *secret, size_t secret_len, const void *salt, size_t salt_len,
                                  const void *info, size_t info_len, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;

/* HKDF-SHA-512, the same functions (out_len <= 255 * FIPSMOD_SHA512_SIZE). */
FIPSMOD_API int fipsmod_hkdf_sha512_extract(const void *secret, size_t secret_len, const void *salt,
                                          size_t salt_len, uint8_t prk[FIPSMOD_SHA512_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha512_expand(const void *prk, size_t prk_len, const void *info, size_t info_len,
                                         uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha512(const void *secret, size_t secret_len, const void *salt, size_t salt_len,
                                  const void *info, size_t info_len, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;

/* HKDF-SHA-384, the same functions (out_len <= 255 * FIPSMOD_SHA384_SIZE). */
FIPSMOD_API int fipsmod_hkdf_sha384_extract(const void *secret, size_t secret_len, const void *salt,
                                          size_t salt_len, uint8_t prk[FIPSMOD_SHA384_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha384_expand(const void *prk, size_t prk_len, const void *info, size_t info_len,
                                         uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha384(const void *secret, size_t secret_len, const void *salt, size_t salt_len,
                                  const void *info, size_t info_len, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;

/* HKDF-SHA-512/224, the same functions (out_len <= 255 * FIPSMOD_SHA512_224_SIZE). */
FIPSMOD_API int fipsmod_hkdf_sha512_224_extract(const void *secret, size_t secret_len, const void *salt,
                                          size_t salt_len, uint8_t prk[FIPSMOD_SHA512_224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha512_224_expand(const void *prk, size_t prk_len, const void *info, size_t info_len,
                                         uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha512_224(const void *secret, size_t secret_len, const void *salt, size_t salt_len,
                                  const void *info, size_t info_len, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;

/* HKDF-SHA-512/256, the same functions (out_len <= 255 * FIPSMOD_SHA512_256_SIZE). */
FIPSMOD_API int fipsmod_hkdf_sha512_256_extract(const void *secret, size_t secret_len, const void *salt,
                                          size_t salt_len, uint8_t prk[FIPSMOD_SHA512_256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha512_256_expand(const void *prk, size_t prk_len, const void *info, size_t info_len,
                                         uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hkdf_sha512_256(const void *secret, size_t secret_len, const void *salt, size_t salt_len,
                                  const void *info, size_t info_len, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
