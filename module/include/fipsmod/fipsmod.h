/* fipsmod C API.
 *
 * Every function returns an int status: FIPSMOD_OK (0) or one of the
 * negative FIPSMOD_ERR_* codes below; fipsmod_strerror() names each one.
 * No C++ exception crosses this interface. On any error nothing is written
 * to the caller's output buffers or context. */
#ifndef FIPSMOD_FIPSMOD_H
#define FIPSMOD_FIPSMOD_H

#include <stddef.h>
#include <stdint.h>

#include <fipsmod/export.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  FIPSMOD_OK = 0,
  FIPSMOD_ERR_NULL_ARGUMENT = -1,    /* a required pointer was NULL */
  FIPSMOD_ERR_DST_TOO_SHORT = -2,    /* "dst too short" */
  FIPSMOD_ERR_INVALID_OVERLAP = -3,  /* "invalid overlap" */
  FIPSMOD_ERR_STATE_ID = -4,         /* "invalid hash state identifier" */
  FIPSMOD_ERR_STATE_SIZE = -5,       /* "invalid hash state size" */
  FIPSMOD_ERR_STATE_PADDING = -6,    /* "invalid hash state padding" */
  FIPSMOD_ERR_CTX_UNINITIALIZED = -7 /* ctx not set up by fipsmod_md5_init */
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
FIPSMOD_API const char *fipsmod_version(void);

/* A short English description of a status code. Never NULL. */
FIPSMOD_API const char *fipsmod_strerror(int status);

/* The name of the kernel in use for an algorithm ("md5" or "xor_bytes"),
 * for example "generic". NULL for an unknown algorithm name. */
FIPSMOD_API const char *fipsmod_impl_name(const char *algorithm);

/* One-shot MD5 of len bytes at data (data may be NULL when len is 0). */
FIPSMOD_API int fipsmod_md5(const void *data, size_t len,
                            uint8_t out[FIPSMOD_MD5_SIZE]);

/* Streaming MD5. fipsmod_md5_sum does not change the context, so a caller
 * can read a running digest and keep hashing. */
FIPSMOD_API int fipsmod_md5_init(fipsmod_md5_ctx *ctx);
FIPSMOD_API int fipsmod_md5_update(fipsmod_md5_ctx *ctx, const void *data,
                                   size_t len);
FIPSMOD_API int fipsmod_md5_sum(const fipsmod_md5_ctx *ctx,
                                uint8_t out[FIPSMOD_MD5_SIZE]);

/* Save and restore a running hash, byte-compatible with Go's crypto/md5
 * MarshalBinary/UnmarshalBinary. unmarshal leaves ctx unchanged on error; it
 * also accepts a ctx that was never initialised. */
FIPSMOD_API int fipsmod_md5_marshal(const fipsmod_md5_ctx *ctx,
                                    uint8_t out[FIPSMOD_MD5_MARSHALED_SIZE]);
FIPSMOD_API int fipsmod_md5_unmarshal(fipsmod_md5_ctx *ctx, const void *state,
                                      size_t state_len);

/* dst[i] = x[i] ^ y[i] for i < n = min(x_len, y_len); stores n in *n_out
 * when n_out is not NULL. Fails with FIPSMOD_ERR_DST_TOO_SHORT when
 * dst_len < n and FIPSMOD_ERR_INVALID_OVERLAP when dst[:n] overlaps x[:n]
 * or y[:n] other than exactly. n == 0 succeeds without touching dst. */
FIPSMOD_API int fipsmod_xor_bytes(void *dst, size_t dst_len, const void *x,
                                  size_t x_len, const void *y, size_t y_len,
                                  size_t *n_out);

#ifdef __cplusplus
}
#endif

#endif
