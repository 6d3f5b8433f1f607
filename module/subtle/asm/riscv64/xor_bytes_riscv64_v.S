/*
 * XORBytes for riscv64 with the V extension (RVV 1.0).
 *
 * Computes dst[i] = x[i] ^ y[i] for i < n (n > 0; dst is exactly x or y, or
 * overlaps neither; any alignment).
 *
 *   void fipsmod_xor_bytes_riscv64_v(uint8_t *dst, const uint8_t *x,
 *                                    const uint8_t *y, size_t n);
 *
 * Register map:
 *   a0  dst, advanced by each strip      v0-v7   x strip, then the result
 *   a1  x, advanced                      v8-v15  y strip
 *   a2  y, advanced
 *   a3  bytes left
 *   t0  bytes in this strip (vl)
 *
 * Strip-mining: vsetvli with SEW=8 and LMUL=8 takes as many bytes as eight
 * vector registers hold (VLEN bytes; 128 at VLEN=128), or what is left.
 * Byte elements have no alignment requirement, and a strip never touches a
 * byte outside [0, n). Loads of a strip come before its store, so dst == x
 * or dst == y is safe.
 *
 * Critical path of a strip: vle8 (x), vle8 (y) -> vxor -> vse8; the pointer
 * updates run beside it.
 */
#include "core/asm.h"

        .option arch, +v
        FIPSMOD_ENTRY fipsmod_xor_bytes_riscv64_v, 2
1:      vsetvli t0, a3, e8, m8, ta, ma  /* t0 = min(a3, VLEN) bytes */
        vle8.v  v0, (a1)
        vle8.v  v8, (a2)
        vxor.vv v0, v0, v8
        vse8.v  v0, (a0)
        add     a1, a1, t0
        add     a2, a2, t0
        add     a0, a0, t0
        sub     a3, a3, t0
        bnez    a3, 1b
        ret
        FIPSMOD_END fipsmod_xor_bytes_riscv64_v
