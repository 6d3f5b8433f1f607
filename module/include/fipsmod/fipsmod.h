/* fipsmod C API.
 *
 * Every function that computes or changes something returns an int status:
 * FIPSMOD_OK (0) or one of the negative FIPSMOD_ERR_* codes below, which
 * fipsmod_strerror() names. The others say what they return: a string
 * (fipsmod_version, fipsmod_strerror, fipsmod_impl_name,
 * fipsmod_selftest_failure), the module state (fipsmod_state), the
 * approved-service indicator (fipsmod_service_indicator) or the mode
 * (fipsmod_mode). No C++
 * exception crosses this interface: every function is noexcept in C++. On
 * any error nothing is written to the caller's output buffers or context. */
#ifndef FIPSMOD_FIPSMOD_H
#define FIPSMOD_FIPSMOD_H

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
  FIPSMOD_ERR_CTX_UNINITIALIZED = -7,  /* ctx not set up by fipsmod_md5_init */
  FIPSMOD_ERR_MODULE_ERROR = -8,       /* a self-test failed: the module is in
                                          FIPSMOD_STATE_ERROR and refuses every
                                          service, for the life of the process */
  FIPSMOD_ERR_INVALID_ARGUMENT = -9,   /* a value no caller can mean: an unknown
                                          policy, a length no object can have */
  FIPSMOD_ERR_NOT_APPROVED = -10,      /* a non-approved service, refused in
                                          FIPSMOD_MODE_APPROVED_ONLY */
  FIPSMOD_ERR_MODE_FIXED = -11         /* fipsmod_set_mode after the first
                                          service, or relaxing FIPSMOD_MODE=only */
};

#define FIPSMOD_MD5_SIZE 16
#define FIPSMOD_MD5_BLOCK_SIZE 64
/* Size of a saved MD5 state; the layout is Go's crypto/md5 MarshalBinary. */
#define FIPSMOD_MD5_MARSHALED_SIZE 92

/* Caller-allocated MD5 context: put it on the stack or inside your own
 * struct. Its contents are private; copying it copies the hash state. */
typedef struct fipsmod_md5_ctx {
  uint64_t fipsmod_private[14];
} fipsmod_md5_ctx;

/* The library version, "MAJOR.MINOR.PATCH". */
FIPSMOD_API const char *fipsmod_version(void) FIPSMOD_NOEXCEPT;

/* A short English description of a status code. Never NULL. */
FIPSMOD_API const char *fipsmod_strerror(int status) FIPSMOD_NOEXCEPT;

/* The name of the kernel in use for an algorithm ("md5", "xor_bytes",
 * "sha256", which SHA-224 uses too, or "hmac_sha256", the same one),
 * for example "generic". NULL for an unknown algorithm name. */
FIPSMOD_API const char *fipsmod_impl_name(const char *algorithm) FIPSMOD_NOEXCEPT;

/* One-shot MD5 of len bytes at data (data may be NULL when len is 0). */
FIPSMOD_API int fipsmod_md5(const void *data, size_t len,
                            uint8_t out[FIPSMOD_MD5_SIZE]) FIPSMOD_NOEXCEPT;

/* Streaming MD5. fipsmod_md5_sum does not change the context, so a caller
 * can read a running digest and keep hashing. */
FIPSMOD_API int fipsmod_md5_init(fipsmod_md5_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_md5_update(fipsmod_md5_ctx *ctx, const void *data,
                                   size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_md5_sum(const fipsmod_md5_ctx *ctx,
                                uint8_t out[FIPSMOD_MD5_SIZE]) FIPSMOD_NOEXCEPT;

/* Save and restore a running hash, byte-compatible with Go's crypto/md5
 * MarshalBinary/UnmarshalBinary. unmarshal leaves ctx unchanged on error; it
 * also accepts a ctx that was never initialised. */
FIPSMOD_API int fipsmod_md5_marshal(const fipsmod_md5_ctx *ctx,
                                    uint8_t out[FIPSMOD_MD5_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_md5_unmarshal(fipsmod_md5_ctx *ctx, const void *state,
                                      size_t state_len) FIPSMOD_NOEXCEPT;

/* Many MD5 computations at once (docs/md5-lanes.md). Where the CPU has a
 * multi-buffer kernel, 4 to 64 of them go through one kernel call and their
 * throughput adds up. Each context ends exactly as if it had been updated
 * alone, whatever the mix of lengths. One service for the whole call (MD5:
 * not approved); nothing is allocated; on error nothing changes.
 *
 * fipsmod_md5_update_many: item i's context takes its data, in list order
 * (a context named twice takes both, in that order).
 * FIPSMOD_ERR_NULL_ARGUMENT for a NULL items with n > 0, a NULL ctx, or NULL
 * data with len > 0; FIPSMOD_ERR_CTX_UNINITIALIZED for a context not set up
 * by fipsmod_md5_init. */
typedef struct fipsmod_md5_update_item {
  fipsmod_md5_ctx *ctx;
  const void *data;
  size_t len;
} fipsmod_md5_update_item;
FIPSMOD_API int fipsmod_md5_update_many(const fipsmod_md5_update_item *items, size_t n) FIPSMOD_NOEXCEPT;
/* out[i] = MD5 of data[i][0, len[i]) for i < n.
 * FIPSMOD_ERR_NULL_ARGUMENT for NULL arrays with n > 0 or a NULL data[i]
 * with len[i] > 0. */
FIPSMOD_API int fipsmod_md5_many(size_t n, const void *const *data, const size_t *len,
                                 uint8_t (*out)[FIPSMOD_MD5_SIZE]) FIPSMOD_NOEXCEPT;

/* Zeroises the context (with stores the compiler cannot drop); a cleansed
 * context is refused as uninitialised. Not a service: it works in every
 * module state and mode and leaves the indicator alone.
 * FIPSMOD_ERR_NULL_ARGUMENT for a NULL ctx, FIPSMOD_OK otherwise. The
 * SHA-256, SHA-224 and HMAC contexts have the same function. */
FIPSMOD_API int fipsmod_md5_cleanse(fipsmod_md5_ctx *ctx) FIPSMOD_NOEXCEPT;

#define FIPSMOD_SHA256_SIZE 32
#define FIPSMOD_SHA224_SIZE 28
#define FIPSMOD_SHA256_BLOCK_SIZE 64
/* Size of a saved SHA-256 or SHA-224 state; the layout is Go's
 * crypto/sha256 MarshalBinary ("sha\x03" or "sha\x02", then the state). */
#define FIPSMOD_SHA256_MARSHALED_SIZE 108

/* Caller-allocated SHA-256 and SHA-224 contexts, as fipsmod_md5_ctx: on
 * the stack or in your own struct, private contents, a copy clones the
 * hash. A context of one kind is refused (FIPSMOD_ERR_CTX_UNINITIALIZED)
 * by the functions of the other. */
typedef struct fipsmod_sha256_ctx {
  uint64_t fipsmod_private[16];
} fipsmod_sha256_ctx;
typedef struct fipsmod_sha224_ctx {
  uint64_t fipsmod_private[16];
} fipsmod_sha224_ctx;

/* SHA-256 (FIPS 180-4), one-shot and streaming, as the MD5 functions:
 * data may be NULL when len is 0; _sum does not change the context;
 * _unmarshal leaves ctx unchanged on error and accepts a ctx that was never
 * initialised, and refuses a SHA-224 state (FIPSMOD_ERR_HASH_STATE_ID). */
FIPSMOD_API int fipsmod_sha256(const void *data, size_t len,
                               uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_init(fipsmod_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_update(fipsmod_sha256_ctx *ctx, const void *data,
                                      size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_sum(const fipsmod_sha256_ctx *ctx,
                                   uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_marshal(const fipsmod_sha256_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha256_unmarshal(fipsmod_sha256_ctx *ctx, const void *state,
                                         size_t state_len) FIPSMOD_NOEXCEPT;
/* As fipsmod_md5_cleanse. */
FIPSMOD_API int fipsmod_sha256_cleanse(fipsmod_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;

/* SHA-224 (FIPS 180-4), the same functions. */
FIPSMOD_API int fipsmod_sha224(const void *data, size_t len,
                               uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_init(fipsmod_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_update(fipsmod_sha224_ctx *ctx, const void *data,
                                      size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_sum(const fipsmod_sha224_ctx *ctx,
                                   uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_marshal(const fipsmod_sha224_ctx *ctx,
                                       uint8_t out[FIPSMOD_SHA256_MARSHALED_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_unmarshal(fipsmod_sha224_ctx *ctx, const void *state,
                                         size_t state_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_sha224_cleanse(fipsmod_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;

/* Caller-allocated HMAC contexts. They hold key-derived secrets: when done,
 * call fipsmod_hmac_sha256_cleanse (or _sha224_), which zeroises the whole
 * context; a cleansed context is refused as uninitialised. */
typedef struct fipsmod_hmac_sha256_ctx {
  uint64_t fipsmod_private[32];
} fipsmod_hmac_sha256_ctx;
typedef struct fipsmod_hmac_sha224_ctx {
  uint64_t fipsmod_private[32];
} fipsmod_hmac_sha224_ctx;

/* The shortest key for which HMAC is an approved service: 112 bits (NIST
 * SP 800-131A). A shorter key still computes the MAC, as a non-approved
 * service (refused in FIPSMOD_MODE_APPROVED_ONLY). */
#define FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE 14

/* HMAC (FIPS 198-1) with SHA-256, one-shot and streaming. key may have any
 * length (a key longer than 64 bytes is hashed first) and may be NULL when
 * key_len is 0; so may data when len is 0. The one-shot leaves no
 * key-derived byte in the library's memory. _sum does not change the
 * context; _init overwrites all a context held. */
FIPSMOD_API int fipsmod_hmac_sha256(const void *key, size_t key_len, const void *data, size_t len,
                                    uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_init(fipsmod_hmac_sha256_ctx *ctx, const void *key,
                                         size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_update(fipsmod_hmac_sha256_ctx *ctx, const void *data,
                                           size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha256_sum(const fipsmod_hmac_sha256_ctx *ctx,
                                        uint8_t out[FIPSMOD_SHA256_SIZE]) FIPSMOD_NOEXCEPT;
/* Zeroises the context (with stores the compiler cannot drop). Not a
 * service: it works in every module state, FIPSMOD_ERR_NULL_ARGUMENT for a
 * NULL ctx, FIPSMOD_OK otherwise. */
FIPSMOD_API int fipsmod_hmac_sha256_cleanse(fipsmod_hmac_sha256_ctx *ctx) FIPSMOD_NOEXCEPT;

/* HMAC with SHA-224, the same functions. */
FIPSMOD_API int fipsmod_hmac_sha224(const void *key, size_t key_len, const void *data, size_t len,
                                    uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_init(fipsmod_hmac_sha224_ctx *ctx, const void *key,
                                         size_t key_len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_update(fipsmod_hmac_sha224_ctx *ctx, const void *data,
                                           size_t len) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_sum(const fipsmod_hmac_sha224_ctx *ctx,
                                        uint8_t out[FIPSMOD_SHA224_SIZE]) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_hmac_sha224_cleanse(fipsmod_hmac_sha224_ctx *ctx) FIPSMOD_NOEXCEPT;

/* dst[i] = x[i] ^ y[i] for i < n = min(x_len, y_len); stores n in *n_out
 * when n_out is not NULL. Fails with FIPSMOD_ERR_DST_TOO_SHORT when
 * dst_len < n and FIPSMOD_ERR_INVALID_OVERLAP when dst[:n] overlaps x[:n]
 * or y[:n] other than exactly; with FIPSMOD_ERR_INVALID_ARGUMENT when n
 * exceeds PTRDIFF_MAX or dst, x or y plus n would run past the end of the
 * address space (no object is that large). n == 0 succeeds without
 * touching dst. */
FIPSMOD_API int fipsmod_xor_bytes(void *dst, size_t dst_len, const void *x,
                                  size_t x_len, const void *y, size_t y_len,
                                  size_t *n_out) FIPSMOD_NOEXCEPT;

/* The approved-service indicator (docs/services.md): FIPSMOD_APPROVED when
 * the last service this thread called succeeded as an approved service,
 * FIPSMOD_NOT_APPROVED otherwise (and before the thread's first service).
 * Every service sets it: to not approved on entry, to approved at the end
 * only for a successful approved call. Approved: SHA-256 and SHA-224 (every
 * function), HMAC under a key of at least FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE
 * bytes (for _update and _sum, the key the context was initialised with).
 * Not approved: MD5 (every function), HMAC under a shorter key, every call
 * that returns an error, and fipsmod_xor_bytes, which is not a
 * cryptographic service. The other functions (fipsmod_state, _cleanse, the
 * self-test calls, ...) are not services and leave it alone. Read it right
 * after the call it is about, on the same thread. */
enum { FIPSMOD_NOT_APPROVED = 0, FIPSMOD_APPROVED = 1 };
FIPSMOD_API int fipsmod_service_indicator(void) FIPSMOD_NOEXCEPT;

/* The mode (docs/services.md). FIPSMOD_MODE_ALL_SERVICES is the default;
 * FIPSMOD_MODE_APPROVED_ONLY refuses every non-approved cryptographic
 * service (MD5, HMAC under a short key) with FIPSMOD_ERR_NOT_APPROVED,
 * writing nothing; approved services and fipsmod_xor_bytes run as before.
 * FIPSMOD_MODE=only in the environment (read once) selects approved-only; a
 * value other than "only" or empty is reported on stderr and ignored. The
 * first service call of the process fixes the mode for its life, whatever
 * its approval and however it ends (refused for its arguments or in the
 * error state included).
 * fipsmod_mode: the mode in effect, or the one the first service will fix.
 * fipsmod_set_mode: before the first service, sets it. Approved-only is a
 * one-way switch: once asked for (by FIPSMOD_MODE=only or by this call),
 * asking for FIPSMOD_MODE_ALL_SERVICES fails with FIPSMOD_ERR_MODE_FIXED.
 * After the first service it returns FIPSMOD_OK if the mode asked for is
 * the one fixed, FIPSMOD_ERR_MODE_FIXED otherwise, and changes nothing.
 * FIPSMOD_ERR_INVALID_ARGUMENT for another value. */
enum { FIPSMOD_MODE_ALL_SERVICES = 0, FIPSMOD_MODE_APPROVED_ONLY = 1 };
FIPSMOD_API int fipsmod_mode(void) FIPSMOD_NOEXCEPT;
FIPSMOD_API int fipsmod_set_mode(int mode) FIPSMOD_NOEXCEPT;

/* Self-tests (docs/self-tests.md). Every service above runs the power-on
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

/* Runs every self-test again, now. FIPSMOD_OK when all pass and the module
 * is operational; otherwise FIPSMOD_ERR_MODULE_ERROR: a failure now puts the
 * module in FIPSMOD_STATE_ERROR (or aborts, under FIPSMOD_POLICY_ABORT), and
 * a module already in error stays there even if the run passes. Runs the
 * power-on self-tests first if they have not run. */
FIPSMOD_API int fipsmod_selftest(void) FIPSMOD_NOEXCEPT;

/* The first self-test failure of this process, as one line: "NAME (kernel
 * KERNEL): expected HEX, computed HEX". NULL while none has failed. */
FIPSMOD_API const char *fipsmod_selftest_failure(void) FIPSMOD_NOEXCEPT;

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
  const char *name;      /* "MD5/generic", "XORBytes/amd64-avx2", ... */
  const char *algorithm; /* "md5", "xor_bytes", "sha256" or "hmac_sha256"
                            (the integrity test's: "hmac_sha256") */
  const char *kernel;    /* "generic", "amd64-avx2", ... */
} fipsmod_selftest_event;
typedef void (*fipsmod_selftest_callback)(const fipsmod_selftest_event *event, void *arg);
/* Registers the callback (NULL removes it). There is one callback for the
 * process: this and fipsmod::selftest::set_callback replace each other.
 * Registered before the first service call, it sees the power-on self-tests;
 * later, the on-demand runs. It runs on the thread running the tests and
 * must not call a service (during the power-on run such a call is refused
 * rather than left waiting for the run it is part of); what it throws or
 * does cannot change a test's result. */
FIPSMOD_API int fipsmod_set_selftest_callback(fipsmod_selftest_callback callback, void *arg) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
