/* fipsmod: XORBytes, the bulk XOR that ciphers and MACs lean on, with the
 * exact contract of Go's crypto/subtle.XORBytes. Not a cryptographic
 * service: it runs in every mode, and the indicator says not approved
 * after it. */
#ifndef FIPSMOD_SUBTLE_H
#define FIPSMOD_SUBTLE_H

#include <fipsmod/module.h>

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
