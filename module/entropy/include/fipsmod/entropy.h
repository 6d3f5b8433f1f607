/* fipsmod: the module's entropy source (NIST SP 800-90B), which seeds its
 * DRBG: CPU-jitter noise, health-tested (Repetition Count and Adaptive
 * Proportion tests on every sample, a start-up test of 1,024 samples when
 * seed material is first asked for), conditioned by SHA-256
 * (docs/entropy.md). Its output reaches callers only through the DRBG;
 * what this header gives is for assessing it.
 *
 * fipsmod_entropy_raw_samples: raw noise, straight from the noise source,
 * before the health tests and the conditioning (SP 800-90B §3.1.4's raw
 * data, for the min-entropy assessment and `fipsmod entropy-samples`). It
 * is not random output and not an approved service: refused under
 * FIPSMOD_MODE=only. The samples it takes are not used for seeding and do
 * not count in the health tests.
 *
 * fipsmod_entropy_status: the source's health and counts. Introspection,
 * no service: it answers in every mode and module state. */
#ifndef FIPSMOD_ENTROPY_H
#define FIPSMOD_ENTROPY_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The health of the source (fipsmod_entropy_status_t.health). A failure
 * is for the life of the process: the DRBG's seeding, and so every random
 * service, then refuses with FIPSMOD_ERR_ENTROPY_SOURCE. */
#define FIPSMOD_ENTROPY_NOT_STARTED 0       /* no seed material asked for yet */
#define FIPSMOD_ENTROPY_OPERATIONAL 1       /* the start-up test passed, no failure since */
#define FIPSMOD_ENTROPY_FAILED_STARTUP 2    /* the start-up test failed */
#define FIPSMOD_ENTROPY_FAILED_REPETITION 3 /* the Repetition Count Test failed */
#define FIPSMOD_ENTROPY_FAILED_PROPORTION 4 /* the Adaptive Proportion Test failed */

typedef struct fipsmod_entropy_status_t {
  int health;                  /* FIPSMOD_ENTROPY_* */
  uint32_t claimed_millibits;  /* the min-entropy claimed per raw sample, in 1/1000 bit */
  uint64_t samples;            /* raw samples the health-tested path has taken */
  uint64_t seeds;              /* requests for seed material served */
  const char *source;          /* the clock the noise is read with: "rdtsc",
                                  "cntvct_el0", "rdtime", "clock_gettime" (static) */
} fipsmod_entropy_status_t;

/* Writes n raw samples (one byte each) to out. FIPSMOD_ERR_NULL_ARGUMENT
 * when out is NULL and n > 0. Takes about 0.2-1 us a sample. */
FIPSMOD_API int fipsmod_entropy_raw_samples(uint8_t *out, size_t n) FIPSMOD_NOEXCEPT;
/* Fills *out. FIPSMOD_ERR_NULL_ARGUMENT when out is NULL. */
FIPSMOD_API int fipsmod_entropy_status(fipsmod_entropy_status_t *out) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
