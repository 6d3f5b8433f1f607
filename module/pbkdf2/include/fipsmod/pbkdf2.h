/* fipsmod: PBKDF2 (NIST SP 800-132, RFC 8018 §5.2) with HMAC over every
 * SHA-2 hash, a password-based key derivation function, approved with a
 * salt of at least FIPSMOD_PBKDF2_MIN_APPROVED_SALT_SIZE bytes, an output of
 * at least FIPSMOD_PBKDF2_MIN_APPROVED_OUTPUT_SIZE bytes and at least
 * FIPSMOD_PBKDF2_MIN_APPROVED_ITERATIONS iterations (docs/services.md). */
#ifndef FIPSMOD_PBKDF2_H
#define FIPSMOD_PBKDF2_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The approval rule. A call that misses any of the three still derives the
 * key, as a non-approved service (refused with FIPSMOD_ERR_NOT_APPROVED in
 * FIPSMOD_MODE_APPROVED_ONLY). The password may have any length, the empty
 * one included: SP 800-132 sets no minimum, and HMAC's 14-byte key rule is
 * for HMAC as a MAC, not for the PRF inside PBKDF2.
 *   salt: 128 bits (SP 800-132 §5.1);
 *   output: 112 bits (SP 800-132 §5.2 and SP 800-131A; FIPS 140-3 IG C.M);
 *   iterations: 1,000, the count SP 800-132 §5.2 recommends. */
#define FIPSMOD_PBKDF2_MIN_APPROVED_SALT_SIZE 16
#define FIPSMOD_PBKDF2_MIN_APPROVED_OUTPUT_SIZE 14
#define FIPSMOD_PBKDF2_MIN_APPROVED_ITERATIONS 1000

/* PBKDF2 (RFC 8018 §5.2) with HMAC-SHA-256 as its PRF: writes out_len bytes
 * of the key derived from the password and the salt with `iterations`
 * iterations to out. password may be NULL when password_len is 0, salt when
 * salt_len is 0. Errors, each writing nothing: FIPSMOD_ERR_NULL_ARGUMENT for
 * a NULL pointer with a nonzero length (or a NULL out);
 * FIPSMOD_ERR_INVALID_ARGUMENT for iterations 0, out_len 0, or out_len past
 * (2^32 - 1) times the hash's size (RFC 8018 §5.2 step 1).
 *
 * Overlapping arguments (docs/design.md): the password and salt are read
 * as they were before the call, so out may share bytes with either. No
 * byte derived from the password is left in the library's memory. */
FIPSMOD_API int fipsmod_pbkdf2_sha256(const void *password, size_t password_len, const void *salt, size_t salt_len,
                                      uint32_t iterations, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
/* The same with HMAC-SHA-224, -SHA-384, -SHA-512, -SHA-512/224 and
 * -SHA-512/256. */
FIPSMOD_API int fipsmod_pbkdf2_sha224(const void *password, size_t password_len, const void *salt, size_t salt_len,
                                      uint32_t iterations, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_pbkdf2_sha384(const void *password, size_t password_len, const void *salt, size_t salt_len,
                                      uint32_t iterations, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_pbkdf2_sha512(const void *password, size_t password_len, const void *salt, size_t salt_len,
                                      uint32_t iterations, uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_pbkdf2_sha512_224(const void *password, size_t password_len, const void *salt,
                                          size_t salt_len, uint32_t iterations, uint8_t *out,
                                          size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_pbkdf2_sha512_256(const void *password, size_t password_len, const void *salt,
                                          size_t salt_len, uint32_t iterations, uint8_t *out,
                                          size_t out_len) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
