/* fipsmod: CTR_DRBG (NIST SP 800-90A rev. 1 §10.2.1) over AES-256, with
 * the caller as its entropy source: a deterministic DRBG for tests that
 * must reproduce their randomness and for ACVP. It takes exactly the
 * inputs of ACVP's ctrDRBG test: entropy input, nonce and personalisation
 * string at instantiation; entropy input and additional input at reseed;
 * additional input (and, with prediction resistance, entropy input) at
 * each generate. For random numbers, use fipsmod_random_bytes, which the
 * module seeds itself.
 *
 * Approval: approved (the SP 800-90A mechanism). What it generates is only
 * as strong as the entropy the caller gives it, of which the module can
 * make no assurance (docs/drbg.md).
 *
 * Lengths (SP 800-90A table 3 for AES-256), FIPSMOD_ERR_INVALID_ARGUMENT
 * otherwise:
 *   with the derivation function (FIPSMOD_CTR_DRBG_DF): entropy input of at
 *   least 32 bytes, a nonce of at least 16, a personalisation string and
 *   additional input of any length, as long as what goes through the
 *   derivation function together (entropy, nonce and personalisation; or
 *   entropy and additional input) is under 2^32 bytes;
 *   without: entropy input of exactly 48 bytes, no nonce (length 0), a
 *   personalisation string and additional input of at most 48 bytes.
 * A generate asks for at most 65536 bytes. An empty additional input is
 * none (SP 800-90A's Null).
 *
 * Reseeding: after 2^48 generates since the last (re)seed, generate returns
 * FIPSMOD_ERR_RESEED_REQUIRED until fipsmod_ctr_drbg_reseed is called.
 *
 * Errors are returned before anything is written: no output, no change to
 * the context. An output (out, or the context at reseed and generate) that
 * shares a byte with another argument is FIPSMOD_ERR_INVALID_OVERLAP. */
#ifndef FIPSMOD_CTR_DRBG_H
#define FIPSMOD_CTR_DRBG_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Instantiation flags. */
#define FIPSMOD_CTR_DRBG_DF 1                    /* use the derivation function (Block_cipher_df) */
#define FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE 2 /* every generate takes fresh entropy input */

#define FIPSMOD_CTR_DRBG_SEED_SIZE 48        /* entropy input without the derivation function */
#define FIPSMOD_CTR_DRBG_MIN_ENTROPY_SIZE 32 /* with it: the security strength */
#define FIPSMOD_CTR_DRBG_MIN_NONCE_SIZE 16   /* with it: half the security strength */
#define FIPSMOD_CTR_DRBG_MAX_REQUEST 65536   /* bytes a generate */

/* A caller-allocated context, 16-byte aligned, holding the DRBG's working
 * state (secret): when done, call fipsmod_ctr_drbg_cleanse, which zeroises
 * it; a cleansed context is refused as uninitialised. */
typedef struct fipsmod_ctr_drbg_ctx {
  uint64_t fipsmod_private[80] __attribute__((aligned(16)));
} fipsmod_ctr_drbg_ctx;

/* Instantiates ctx (overwriting all it held) from entropy input, a nonce
 * and a personalisation string (either may be NULL when its length is 0),
 * with flags a combination of FIPSMOD_CTR_DRBG_DF and
 * FIPSMOD_CTR_DRBG_PREDICTION_RESISTANCE (any other bit is
 * FIPSMOD_ERR_INVALID_ARGUMENT). */
FIPSMOD_API int fipsmod_ctr_drbg_instantiate(fipsmod_ctr_drbg_ctx *ctx, int flags, const void *entropy,
                                             size_t entropy_len, const void *nonce, size_t nonce_len,
                                             const void *personalization, size_t personalization_len) FIPSMOD_NOEXCEPT;
/* Reseeds ctx from entropy input and additional input. */
FIPSMOD_API int fipsmod_ctr_drbg_reseed(fipsmod_ctr_drbg_ctx *ctx, const void *entropy, size_t entropy_len,
                                        const void *additional, size_t additional_len) FIPSMOD_NOEXCEPT;
/* Writes out_len bytes to out. entropy_pr is required (entropy input of a
 * reseed's lengths) if and only if ctx was instantiated with prediction
 * resistance: then, as SP 800-90A §9.3.1 step 7 says, ctx is reseeded with
 * it and the additional input, and generates with no additional input;
 * otherwise entropy_pr_len must be 0. */
FIPSMOD_API int fipsmod_ctr_drbg_generate(fipsmod_ctr_drbg_ctx *ctx, const void *entropy_pr, size_t entropy_pr_len,
                                          const void *additional, size_t additional_len, uint8_t *out,
                                          size_t out_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_ctr_drbg_cleanse(fipsmod_ctr_drbg_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
