/* fipsmod: MD5 (RFC 1321). MD5 is broken for collision resistance: use it
 * for checksums, ETags and protocols that require it, not for signatures.
 * Every function is a non-approved service: refused in approved-only mode,
 * and the indicator says not approved after it. */
#ifndef FIPSMOD_MD5_H
#define FIPSMOD_MD5_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIPSMOD_MD5_SIZE 16
#define FIPSMOD_MD5_BLOCK_SIZE 64
/* Size of a saved MD5 state; the layout is Go's crypto/md5 MarshalBinary. */
#define FIPSMOD_MD5_MARSHALED_SIZE 92

/* Caller-allocated MD5 context: put it on the stack or inside your own
 * struct. Its contents are private; copying it copies the hash state. */
typedef struct fipsmod_md5_ctx {
  uint64_t fipsmod_private[14];
} fipsmod_md5_ctx;

/* Overlapping arguments (docs/design.md): every function reads its inputs
 * as they were before the call. Data, a saved state or a message may share
 * bytes with the context or the output: _update with data over its own
 * context hashes the context's bytes as they were, and an output over the
 * context or the message gets the right bytes (fipsmod_md5(buf, n, buf)
 * hashes buf in place). The context's bytes under an output are then the
 * output's: use it again only after _init or _unmarshal. The calls on many
 * computations below are the one-computation call on each item in list
 * order, each item reading its message as it is right before that item;
 * they refuse with FIPSMOD_ERR_INVALID_OVERLAP, writing nothing, two
 * contexts that share bytes without being the same, an item list over a
 * context it names, and digests over the data or len array. */

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
 * by fipsmod_md5_init; FIPSMOD_ERR_INVALID_OVERLAP as said above. */
typedef struct fipsmod_md5_update_item {
  fipsmod_md5_ctx *ctx;
  const void *data;
  size_t len;
} fipsmod_md5_update_item;
FIPSMOD_API int fipsmod_md5_update_many(const fipsmod_md5_update_item *items, size_t n) FIPSMOD_NOEXCEPT;
/* out[i] = MD5 of data[i][0, len[i]) for i < n.
 * FIPSMOD_ERR_NULL_ARGUMENT for NULL arrays with n > 0 or a NULL data[i]
 * with len[i] > 0; FIPSMOD_ERR_INVALID_OVERLAP for out over data or len. */
FIPSMOD_API int fipsmod_md5_many(size_t n, const void *const *data, const size_t *len,
                                 uint8_t (*out)[FIPSMOD_MD5_SIZE]) FIPSMOD_NOEXCEPT;

/* Zeroises the context (with stores the compiler cannot drop); a cleansed
 * context is refused as uninitialised. Not a service: it works in every
 * module state and mode and leaves the indicator alone.
 * FIPSMOD_ERR_NULL_ARGUMENT for a NULL ctx, FIPSMOD_OK otherwise. */
FIPSMOD_API int fipsmod_md5_cleanse(fipsmod_md5_ctx *ctx) FIPSMOD_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
