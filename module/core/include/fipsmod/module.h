/* fipsmod C API: what is common to every service.
 *
 * Every function that computes or changes something returns an int status:
 * FIPSMOD_OK (0) or one of the negative FIPSMOD_ERR_* codes below, which
 * fipsmod_strerror() names. The others say what they return. No C++
 * exception crosses this interface: every function is noexcept in C++. On
 * any error nothing is written to the caller's output buffers or context.
 *
 * <fipsmod/fipsmod.h> includes this header and every algorithm's. */
#ifndef FIPSMOD_MODULE_H
#define FIPSMOD_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include <fipsmod/export.h>

#ifdef __cplusplus
extern "C" {
/* In C++ every function is declared noexcept: none can throw. */
#define FIPSMOD_NOEXCEPT noexcept
#else
#define FIPSMOD_NOEXCEPT
#endif

enum {
  FIPSMOD_OK = 0,
  FIPSMOD_ERR_NULL_ARGUMENT = -1,    /* a required pointer was NULL */
  FIPSMOD_ERR_DST_TOO_SHORT = -2,    /* "dst too short" */
  FIPSMOD_ERR_INVALID_OVERLAP = -3,  /* "invalid overlap" */
  FIPSMOD_ERR_HASH_STATE_ID = -4,      /* "invalid hash state identifier" */
  FIPSMOD_ERR_HASH_STATE_SIZE = -5,    /* "invalid hash state size" */
  FIPSMOD_ERR_HASH_STATE_PADDING = -6, /* "invalid hash state padding" */
  FIPSMOD_ERR_CTX_UNINITIALIZED = -7,  /* ctx not set up by its _init */
  FIPSMOD_ERR_MODULE_ERROR = -8,       /* a self-test failed: the module is in
                                          FIPSMOD_STATE_ERROR and refuses every
                                          service, for the life of the process */
  FIPSMOD_ERR_INVALID_ARGUMENT = -9,   /* a value no caller can mean: an unknown
                                          policy, a length no object can have */
  FIPSMOD_ERR_NOT_APPROVED = -10,      /* a non-approved service, refused in
                                          FIPSMOD_MODE_APPROVED_ONLY */
  FIPSMOD_ERR_MODE_FIXED = -11,        /* fipsmod_set_mode after the first
                                          service, or relaxing FIPSMOD_MODE=only */
  FIPSMOD_ERR_IN_SELFTEST_CALLBACK = -12, /* "called from a self-test callback":
                                          a service during the power-on run,
                                          or fipsmod_selftest during any run;
                                          nothing failed */
  FIPSMOD_ERR_MODE_INVALID = -13,         /* FIPSMOD_MODE holds a value that is
                                          no mode: every service is refused,
                                          for the life of the process */
  FIPSMOD_ERR_AUTHENTICATION = -14,    /* "message authentication failed": an
                                          AEAD open whose tag did not match;
                                          no plaintext was left in the output */
  FIPSMOD_ERR_NONCE_EXHAUSTED = -15,   /* a nonce-making GCM context made its
                                          last nonce: re-key it */
  FIPSMOD_ERR_ENTROPY_SOURCE = -16,    /* the entropy source failed a health
                                          test (SP 800-90B 4.4): no random
                                          output is produced; the other
                                          services go on */
  FIPSMOD_ERR_RESEED_REQUIRED = -17    /* a deterministic DRBG reached its
                                          reseed interval: reseed it */
};

/* The library version, "MAJOR.MINOR.PATCH". */
FIPSMOD_API const char *fipsmod_version(void) FIPSMOD_NOEXCEPT;

/* A short English description of a status code. Never NULL; the same
 * string for a code for the life of the process. That of
 * FIPSMOD_ERR_MODE_INVALID names FIPSMOD_MODE's value (escaped) when it
 * holds one that is no mode. */
FIPSMOD_API const char *fipsmod_strerror(int status) FIPSMOD_NOEXCEPT;

/* The name of the kernel in use for an algorithm (a name that
 * fipsmod_algorithm_name lists; `fipsmod info` shows them), for example
 * "generic". NULL for an unknown algorithm name. */
FIPSMOD_API const char *fipsmod_impl_name(const char *algorithm) FIPSMOD_NOEXCEPT;

/* The approved-service indicator (docs/services.md): FIPSMOD_APPROVED when
 * the last service this thread called succeeded as an approved service,
 * FIPSMOD_NOT_APPROVED otherwise (and before the thread's first service).
 * Every service sets it: to not approved on entry, to approved at the end
 * only for a successful approved call. Which services are approved, and
 * under which conditions, is in each algorithm's header and in
 * fipsmod_service_info. Every call that returns an error leaves it not
 * approved. The other functions (fipsmod_state, _cleanse, the self-test
 * calls, ...) are not services and leave it alone. Read it right after the
 * call it is about, on the same thread. */
enum { FIPSMOD_NOT_APPROVED = 0, FIPSMOD_APPROVED = 1 };
FIPSMOD_API int fipsmod_service_indicator(void) FIPSMOD_NOEXCEPT;

/* The mode (docs/services.md). FIPSMOD_MODE_ALL_SERVICES is the default;
 * FIPSMOD_MODE_APPROVED_ONLY refuses every non-approved cryptographic
 * service (docs/services.md lists them) with FIPSMOD_ERR_NOT_APPROVED,
 * writing nothing; approved services and fipsmod_xor_bytes run as before.
 * FIPSMOD_MODE=only in the environment (read once) selects approved-only;
 * unset or empty, the default. Any other value ("ONLY", "only ", "1",
 * "true", ...) fails closed: it is reported on stderr once, the mode is
 * FIPSMOD_MODE_INVALID, every service returns FIPSMOD_ERR_MODE_INVALID
 * (whose fipsmod_strerror names the value) and writes nothing, and
 * fipsmod_set_mode returns FIPSMOD_ERR_MODE_INVALID; the self-tests still
 * run and the state is unaffected. The first service call of the process
 * fixes the mode for its life, whatever its approval and however it ends
 * (refused for its arguments or in the error state included).
 * fipsmod_mode: the mode in effect, or the one the first service will fix.
 * fipsmod_set_mode: before the first service, sets it. Approved-only is a
 * one-way switch: once asked for (by FIPSMOD_MODE=only or by this call),
 * asking for FIPSMOD_MODE_ALL_SERVICES fails with FIPSMOD_ERR_MODE_FIXED.
 * After the first service it returns FIPSMOD_OK if the mode asked for is
 * the one fixed, FIPSMOD_ERR_MODE_FIXED otherwise, and changes nothing.
 * FIPSMOD_ERR_INVALID_ARGUMENT for another value. */
enum { FIPSMOD_MODE_ALL_SERVICES = 0, FIPSMOD_MODE_APPROVED_ONLY = 1, FIPSMOD_MODE_INVALID = 2 /* read only */ };
FIPSMOD_API int fipsmod_mode(void) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_set_mode(int mode) FIPSMOD_NOEXCEPT;

/* A scoped way out of approved-only mode, for a protocol that requires a
 * non-approved use (a GCM nonce the protocol builds, a short HMAC key):
 * runs fn(arg) on the calling thread and returns what it returns
 * (FIPSMOD_ERR_NULL_ARGUMENT, without calling anything, when fn is NULL).
 * While fn runs, that thread's non-approved services are not refused
 * with FIPSMOD_ERR_NOT_APPROVED; the indicator still reports each of them
 * FIPSMOD_NOT_APPROVED, and approved services report FIPSMOD_APPROVED as
 * ever. Nothing else is lifted: a module in error, an invalid
 * FIPSMOD_MODE and every argument check refuse as before. Scopes nest;
 * other threads, including those fn starts, are not affected; the scope
 * ends when fn returns. fn must return: leaving it by longjmp (or a C++
 * exception, which the C++ wrapper fipsmod::without_enforcement catches
 * and rethrows outside) would leave the thread's scope open. Not a
 * service: it passes no gate and sets no indicator. As Go's
 * crypto/fips140.WithoutEnforcement. */
FIPSMOD_API int fipsmod_run_without_enforcement(int (*fn)(void *arg), void *arg) FIPSMOD_NOEXCEPT;

/* Self-tests (docs/self-tests.md). Every service runs the power-on
 * self-tests on first use, once per process (libfipsmod.so runs them when it
 * is loaded); if one fails, each service returns FIPSMOD_ERR_MODULE_ERROR
 * from then on, and writes nothing. */
enum {
  FIPSMOD_STATE_INIT = 0,        /* no service used yet */
  FIPSMOD_STATE_SELFTEST = 1,    /* the power-on self-tests are running */
  FIPSMOD_STATE_OPERATIONAL = 2, /* they passed */
  FIPSMOD_STATE_ERROR = 3        /* one failed */
};
FIPSMOD_API int fipsmod_state(void) FIPSMOD_NOEXCEPT;

/* Runs the power-on self-tests unless they have run (as the first service
 * would, without being one) and returns the state after them. */
FIPSMOD_API int fipsmod_power_on(void) FIPSMOD_NOEXCEPT;

/* Runs every self-test again, now. FIPSMOD_OK when all pass and the module
 * is operational; otherwise FIPSMOD_ERR_MODULE_ERROR: a failure now puts the
 * module in FIPSMOD_STATE_ERROR (or aborts, under FIPSMOD_POLICY_ABORT), and
 * a module already in error stays there even if the run passes. Runs the
 * power-on self-tests first if they have not run. Called from a self-test
 * callback (of any run) it runs nothing and returns
 * FIPSMOD_ERR_IN_SELFTEST_CALLBACK. */
FIPSMOD_API int fipsmod_selftest(void) FIPSMOD_NOEXCEPT;

/* One self-test's outcome in a run, for fipsmod_selftest_run. The strings
 * are valid during the callback. */
typedef struct fipsmod_selftest_result {
  const char *name;      /* "<test prefix>/<kernel>" or "integrity" */
  const char *algorithm; /* a name fipsmod_algorithm_name lists */
  const char *kernel;    /* "amd64-bmi1" */
  int passed;            /* 1 or 0 */
  uint64_t duration_ns;
} fipsmod_selftest_result;
typedef void (*fipsmod_selftest_result_callback)(const fipsmod_selftest_result *result, void *arg);
/* fipsmod_selftest, calling `result` (if not NULL) for each test that ran,
 * in order, and storing the run's total time in *total_ns (if not NULL). */
FIPSMOD_API int fipsmod_selftest_run(fipsmod_selftest_result_callback result, void *arg,
                                     uint64_t *total_ns) FIPSMOD_NOEXCEPT;

/* How long the power-on run took, in nanoseconds; 0 before it has run. */
FIPSMOD_API uint64_t fipsmod_power_on_duration_ns(void) FIPSMOD_NOEXCEPT;

/* The first self-test failure of this process, as one line: "NAME (kernel
 * KERNEL): expected HEX, computed HEX". NULL while none has failed. */
FIPSMOD_API const char *fipsmod_selftest_failure(void) FIPSMOD_NOEXCEPT;

/* The same failure field by field. FIPSMOD_OK and *out filled (the strings
 * live as long as the process), or FIPSMOD_ERR_INVALID_ARGUMENT while none
 * has failed (*out untouched); FIPSMOD_ERR_NULL_ARGUMENT for a NULL out. */
typedef struct fipsmod_selftest_failure_info {
  const char *test;      /* "<test prefix>/<kernel>" */
  const char *algorithm; /* a name fipsmod_algorithm_name lists */
  const char *kernel;    /* "amd64-avx2" */
  const char *expected;  /* hex, or what stood in for it: "(record damaged)",
                          * "(no value recorded: run 'fipsmod-integrity inject
                          * PROGRAM' after linking; in CMake, fipsmod_add_integrity)" */
  const char *computed;  /* hex */
} fipsmod_selftest_failure_info;
FIPSMOD_API int fipsmod_selftest_failure_record(fipsmod_selftest_failure_info *out) FIPSMOD_NOEXCEPT;

/* What a failing self-test does: FIPSMOD_POLICY_ERROR_STATE (the default)
 * puts the module in FIPSMOD_STATE_ERROR for good; FIPSMOD_POLICY_ABORT
 * writes the failure to stderr and aborts the process. Set it before the
 * first service call; set to abort while already in FIPSMOD_STATE_ERROR,
 * it aborts at once. FIPSMOD_ERR_INVALID_ARGUMENT for another value. */
enum { FIPSMOD_POLICY_ERROR_STATE = 0, FIPSMOD_POLICY_ABORT = 1 };
FIPSMOD_API int fipsmod_set_failure_policy(int policy) FIPSMOD_NOEXCEPT;

/* Self-test events: for each self-test that runs, FIPSMOD_SELFTEST_START,
 * then FIPSMOD_SELFTEST_PASS or FIPSMOD_SELFTEST_FAIL. After a failed
 * integrity test no other test runs, so no event follows its FAIL. The
 * strings are valid during the call. */
enum { FIPSMOD_SELFTEST_START = 0, FIPSMOD_SELFTEST_PASS = 1, FIPSMOD_SELFTEST_FAIL = 2 };
typedef struct fipsmod_selftest_event {
  int phase;             /* FIPSMOD_SELFTEST_START, _PASS or _FAIL */
  const char *type;      /* "KAT" (a known answer) or "integrity" */
  const char *name;      /* "<test prefix>/<kernel>" or "integrity" */
  const char *algorithm; /* a name fipsmod_algorithm_name lists (for the
                            integrity test, the one it computes with) */
  const char *kernel;    /* "generic", "amd64-avx2", ... */
} fipsmod_selftest_event;
typedef void (*fipsmod_selftest_callback)(const fipsmod_selftest_event *event, void *arg);
/* Registers the callback (NULL removes it). There is one callback for the
 * process. Registered before the first service call, it sees the power-on
 * self-tests; later, the on-demand runs. It runs on the thread running the
 * tests and must not call a service (during the power-on run such a call is
 * refused with FIPSMOD_ERR_IN_SELFTEST_CALLBACK rather than left waiting for
 * the run it is part of) nor fipsmod_selftest (refused the same way); what
 * it does cannot change a test's result. */
FIPSMOD_API int fipsmod_set_selftest_callback(fipsmod_selftest_callback callback, void *arg) FIPSMOD_NOEXCEPT;

/* Introspection: what the module holds, for `fipsmod info`, `fipsmod
 * selftest` and tools like them. None of these is a service; every string
 * they return lives as long as the process. */

/* The architecture the module was built for: "amd64", "arm64", "riscv64"
 * or "other". */
FIPSMOD_API const char *fipsmod_architecture(void) FIPSMOD_NOEXCEPT;
/* 1 if the module was built with its integrity test, 0 if not
 * (FIPSMOD_INTEGRITY=OFF). */
FIPSMOD_API int fipsmod_integrity_built_in(void) FIPSMOD_NOEXCEPT;

/* CPU features, as comma-separated names ("" for none): those the CPU and
 * OS support, those FIPSMOD_DISABLE removed from them, those left for the
 * kernels, and the names in FIPSMOD_DISABLE that are no feature. A name of
 * the last list may hold any byte but a comma: quote it before printing. */
enum {
  FIPSMOD_CPU_DETECTED = 0,
  FIPSMOD_CPU_DISABLED = 1,
  FIPSMOD_CPU_ENABLED = 2,
  FIPSMOD_CPU_UNKNOWN_IN_DISABLE = 3
};
FIPSMOD_API const char *fipsmod_cpu_features(int which) FIPSMOD_NOEXCEPT;

/* riscv64 only (NULL elsewhere): whether the riscv_hwprobe system call
 * answered ("answered", or "unavailable, features from -march"; in a test
 * build, "unavailable, features from -march and FIPSMOD_TEST_HWPROBE"), and, in
 * *misaligned if not NULL, what it said of misaligned access ("unknown",
 * "emulated", "slow", "fast", "unsupported"). */
FIPSMOD_API const char *fipsmod_riscv_hwprobe(const char **misaligned) FIPSMOD_NOEXCEPT;

/* The i-th algorithm's name, in the order of the package list; NULL
 * past the last. */
FIPSMOD_API const char *fipsmod_algorithm_name(size_t i) FIPSMOD_NOEXCEPT;

typedef struct fipsmod_kernel_info {
  const char *name;    /* "amd64-avx2" */
  const char *needs;   /* the CPU features it needs, comma-separated */
  const char *slow_on; /* the traits of a core it is passed over on, "" for none */
  int supported;       /* the CPU has what it needs */
  int usable;          /* ... and FIPSMOD_DISABLE left it */
  int slow_here;       /* usable, but this core has a trait it is slow on */
  int selected;        /* the one in use */
  const char *why;     /* why it is or is not the one in use */
} fipsmod_kernel_info;
/* The i-th kernel (best first) of the algorithm of that name. FIPSMOD_OK
 * and *out filled; FIPSMOD_ERR_INVALID_ARGUMENT for an unknown algorithm or
 * an i past the last kernel; FIPSMOD_ERR_NULL_ARGUMENT for a NULL pointer. */
FIPSMOD_API int fipsmod_kernel_at(const char *algorithm, size_t i, fipsmod_kernel_info *out) FIPSMOD_NOEXCEPT;

/* How a service runs: FIPSMOD_SERVICE_APPROVED; _NOT_APPROVED (refused in
 * approved-only mode); _NOT_CRYPTOGRAPHIC (runs in every mode, indicator
 * not approved). */
enum { FIPSMOD_SERVICE_NOT_APPROVED = 0, FIPSMOD_SERVICE_APPROVED = 1, FIPSMOD_SERVICE_NOT_CRYPTOGRAPHIC = 2 };
typedef struct fipsmod_service_info {
  const char *name;  /* a row of docs/services.md's table */
  const char *calls; /* "one-shot, streaming" */
  int approval;      /* FIPSMOD_SERVICE_* */
} fipsmod_service_info;
/* The i-th service, as the security policy lists them. FIPSMOD_OK and *out
 * filled; FIPSMOD_ERR_INVALID_ARGUMENT past the last; FIPSMOD_ERR_NULL_ARGUMENT
 * for a NULL out. */
FIPSMOD_API int fipsmod_service_at(size_t i, fipsmod_service_info *out) FIPSMOD_NOEXCEPT;

/* The registered self-tests, in the order a run runs them: first the
 * known answers the integrity test relies on, then the integrity test,
 * then every other known answer, package by package. */
typedef struct fipsmod_selftest_info {
  const char *type;        /* "KAT" or "integrity" */
  const char *name;        /* "<test prefix>/<kernel>" or "integrity" */
  const char *algorithm;   /* a name fipsmod_algorithm_name lists */
  const char *kernel;      /* "generic" */
  const uint8_t *expected; /* a known answer's expected bytes, as the module
                              holds them; NULL for the integrity test */
  size_t expected_len;
} fipsmod_selftest_info;
/* The i-th. FIPSMOD_OK and *out filled; FIPSMOD_ERR_INVALID_ARGUMENT past the
 * last; FIPSMOD_ERR_NULL_ARGUMENT for a NULL out. */
FIPSMOD_API int fipsmod_selftest_at(size_t i, fipsmod_selftest_info *out) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
