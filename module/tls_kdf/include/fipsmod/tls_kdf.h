/* fipsmod: the TLS key derivations. TLS 1.2's PRF (RFC 5246 §5) over
 * SHA-256, SHA-384 and SHA-512, and TLS 1.3's HKDF-Expand-Label and
 * Derive-Secret (RFC 8446 §7.1) over SHA-256 and SHA-384. TLS 1.3's
 * HKDF-Extract steps are <fipsmod/hkdf.h>'s fipsmod_hkdf_sha256_extract
 * and fipsmod_hkdf_sha384_extract.
 *
 * One function per hash, as the hashes, HMAC and HKDF are named; no other
 * hash is offered. Every function here is an approved service (NIST SP
 * 800-135 rev. 1's TLS KDFs): the indicator says approved after each that
 * succeeds.
 *
 * Arguments: a pointer may be NULL when its length is 0; NULL with a
 * nonzero length is FIPSMOD_ERR_NULL_ARGUMENT, a length past a limit below
 * FIPSMOD_ERR_INVALID_ARGUMENT; on error nothing is written. The output
 * may share bytes with the secret (it is read first, whole). */
#ifndef FIPSMOD_TLS_KDF_H
#define FIPSMOD_TLS_KDF_H

#include <fipsmod/module.h>
#include <fipsmod/sha256.h>
#include <fipsmod/sha512.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TLS 1.2: PRF(secret, label, seed) = P_<hash>(secret, label + seed), the
 * first out_len bytes (any length). The extended master secret (RFC 7627
 * §4) is this function with the label "extended master secret" and the
 * session hash as the seed; the master secret (RFC 5246 §8.1), the key
 * block (§6.3) and Finished's verify_data (§7.4.9) are the same function
 * on their own labels and seeds: no separate entry is needed. The label
 * is given without a terminating NUL. The label and the seed are read
 * once per output block: an out that shares bytes with either is refused
 * (FIPSMOD_ERR_INVALID_OVERLAP), writing nothing. */
FIPSMOD_API int fipsmod_tls12_prf_sha256(const void *secret, size_t secret_len, const void *label, size_t label_len,
                                         const void *seed, size_t seed_len, uint8_t *out,
                                         size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_tls12_prf_sha384(const void *secret, size_t secret_len, const void *label, size_t label_len,
                                         const void *seed, size_t seed_len, uint8_t *out,
                                         size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_tls12_prf_sha512(const void *secret, size_t secret_len, const void *label, size_t label_len,
                                         const void *seed, size_t seed_len, uint8_t *out,
                                         size_t out_len) FIPSMOD_NOEXCEPT;

/* TLS 1.3's limits (RFC 8446 §7.1): Label without the "tls13 " prefix,
 * which the functions add, at most 249 bytes (the prefixed label is
 * opaque<7..255>; an empty Label is taken, as Go and OpenSSL take it);
 * Context at most 255 bytes; out_len at most 255 * the hash's size
 * (HKDF-Expand's limit, RFC 5869 §2.3). */
#define FIPSMOD_TLS13_MAX_LABEL_SIZE 249
#define FIPSMOD_TLS13_MAX_CONTEXT_SIZE 255

/* HKDF-Expand-Label(Secret, Label, Context, Length) with Length = out_len.
 * The output is computed in the module's memory and written last: it may
 * share bytes with any input. */
FIPSMOD_API int fipsmod_tls13_sha256_expand_label(const void *secret, size_t secret_len, const void *label,
                                                  size_t label_len, const void *context, size_t context_len,
                                                  uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
/* Derive-Secret(Secret, Label, Messages), given Transcript-Hash(Messages):
 * the hash of the handshake messages (fipsmod_sha256 of them, or the sum
 * of a running fipsmod_sha256_ctx; for Derive-Secret(., "derived", "") the
 * hash of nothing). It is HKDF-Expand-Label(Secret, Label, transcript_hash,
 * 32). */
FIPSMOD_API int fipsmod_tls13_sha256_derive_secret(const void *secret, size_t secret_len, const void *label,
                                                   size_t label_len,
                                                   const uint8_t transcript_hash[FIPSMOD_SHA256_SIZE],
                                                   uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
/* The same over SHA-384 (TLS_AES_256_GCM_SHA384). */
FIPSMOD_API int fipsmod_tls13_sha384_expand_label(const void *secret, size_t secret_len, const void *label,
                                                  size_t label_len, const void *context, size_t context_len,
                                                  uint8_t *out, size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_tls13_sha384_derive_secret(const void *secret, size_t secret_len, const void *label,
                                                   size_t label_len,
                                                   const uint8_t transcript_hash[FIPSMOD_SHA384_SIZE],
                                                   uint8_t out[FIPSMOD_SHA384_SIZE]) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
