/* fipsmod: random bytes from the module's own DRBG (docs/random.md):
 * CTR_DRBG (NIST SP 800-90A rev. 1) over AES-256 with the derivation
 * function, seeded from the module's SP 800-90B entropy source, with
 * getrandom(2) output mixed in as uncredited input. Each thread draws from
 * its own DRBG, seeded from a process-wide one; a forked child never
 * repeats its parent's output.
 *
 * The first request in a process runs the entropy source's start-up
 * health test (about a millisecond); the power-on self-tests do not.
 *
 * Approved. Errors are returned before anything is written:
 * FIPSMOD_ERR_ENTROPY_SOURCE when a health test of the entropy source has
 * failed (from then on, for the life of the process, every request that
 * needs a seed is refused), FIPSMOD_ERR_NULL_ARGUMENT for a null pointer
 * with a non-zero length, FIPSMOD_ERR_INVALID_OVERLAP when the output
 * shares a byte with the additional input, FIPSMOD_ERR_INVALID_ARGUMENT for
 * an unknown flag or additional input of 2^32 bytes or more. */
#ifndef FIPSMOD_RANDOM_H
#define FIPSMOD_RANDOM_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/* fipsmod_random_bytes_ex's flags. PREDICTION_RESISTANCE reseeds the
 * calling thread's DRBG from the entropy source before generating (SP
 * 800-90A's prediction resistance; it costs an entropy seed a call). */
#define FIPSMOD_RANDOM_PREDICTION_RESISTANCE 1

/* Fills out with len random bytes (any length: served as requests of at
 * most 64 KiB). len 0 is a success that does nothing. */
FIPSMOD_API int fipsmod_random_bytes(void *out, size_t len) FIPSMOD_NOEXCEPT;
/* The same, with additional input (SP 800-90A: any bytes the caller wants
 * mixed in, less than 2^32; secret or not, never credited as entropy) and
 * flags (0 or FIPSMOD_RANDOM_PREDICTION_RESISTANCE). */
FIPSMOD_API int fipsmod_random_bytes_ex(void *out, size_t len, const void *additional, size_t additional_len,
                                        int flags) FIPSMOD_NOEXCEPT;

/* What the module's DRBG has done, for `fipsmod info`: the calling
 * thread's DRBG and the process-wide parent it is seeded from. */
typedef struct fipsmod_random_info {
  int thread_seeded;           /* 1 once this thread has drawn a byte */
  int parent_seeded;           /* 1 once the parent is seeded from the entropy source */
  uint64_t thread_reseeds;     /* this thread's DRBG's reseeds */
  uint64_t thread_requests;    /* its requests (of <= 64 KiB) since its last (re)seed */
  uint64_t parent_reseeds;     /* the parent's reseeds from the entropy source */
  uint64_t parent_requests;    /* the (re)seeds it served since its own */
  uint64_t thread_reseed_interval;  /* a thread's DRBG reseeds after this many requests */
  uint64_t parent_reseed_interval;  /* the parent after serving this many */
  uint64_t fork_generation;    /* forks detected in this process's line */
  int fork_detection_armed;    /* 1 once the fork detectors are set up (at the first request) */
  int wipe_on_fork;            /* then 1 when MADV_WIPEONFORK detects forks (else pthread_atfork alone) */
} fipsmod_random_info;

/* Fills *out. Not a service: seeds nothing, maps nothing, works in every
 * module state. */
FIPSMOD_API int fipsmod_random_status(fipsmod_random_info *out) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
