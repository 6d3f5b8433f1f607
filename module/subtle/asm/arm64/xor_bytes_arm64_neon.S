/*
 * XORBytes for arm64 with Advanced SIMD (NEON).
 *
 * Computes dst[i] = x[i] ^ y[i] for i < n (n > 0; dst is exactly x or y, or
 * overlaps neither; any alignment: AArch64 loads and stores need none).
 *
 *   void fipsmod_xor_bytes_arm64_neon(uint8_t *dst, const uint8_t *x,
 *                                     const uint8_t *y, size_t n);
 *
 * Register map:
 *   x0, x1, x2   dst, x, y, advanced by post-indexed addressing
 *   x3           bytes left
 *   v0-v3        64 bytes of x, then the result; v4-v7 64 bytes of y
 *   x4, x5       the 8-, 4-, 2- and 1-byte pieces of the tail
 *
 * 64 bytes an iteration while at least 64 are left; then the remaining
 * 0-63 bytes in at most six pieces, 32, 16, 8, 4, 2 and 1 bytes, each taken
 * when its bit of n is set (tbz), with no byte loop. Short inputs go
 * straight to those pieces. Every load of a piece comes before its store,
 * so dst == x or dst == y is safe; nothing outside [0, n) is touched.
 *
 * Critical path of an iteration: ld1 (x), ld1 (y) -> eor -> st1; the
 * count update and branch run beside it.
 */
#include "core/asm.h"

        FIPSMOD_ENTRY fipsmod_xor_bytes_arm64_neon, 4
        cmp     x3, #64
        b.lo    .Ltail
.Lloop64:
        ld1     {v0.16b-v3.16b}, [x1], #64
        ld1     {v4.16b-v7.16b}, [x2], #64
        sub     x3, x3, #64
        eor     v0.16b, v0.16b, v4.16b
        eor     v1.16b, v1.16b, v5.16b
        eor     v2.16b, v2.16b, v6.16b
        eor     v3.16b, v3.16b, v7.16b
        cmp     x3, #64
        st1     {v0.16b-v3.16b}, [x0], #64
        b.hs    .Lloop64
.Ltail:
        tbz     x3, #5, 1f              /* 32 bytes */
        ld1     {v0.16b-v1.16b}, [x1], #32
        ld1     {v4.16b-v5.16b}, [x2], #32
        eor     v0.16b, v0.16b, v4.16b
        eor     v1.16b, v1.16b, v5.16b
        st1     {v0.16b-v1.16b}, [x0], #32
1:      tbz     x3, #4, 2f              /* 16 bytes */
        ldr     q0, [x1], #16
        ldr     q4, [x2], #16
        eor     v0.16b, v0.16b, v4.16b
        str     q0, [x0], #16
2:      tbz     x3, #3, 3f              /* 8 bytes */
        ldr     x4, [x1], #8
        ldr     x5, [x2], #8
        eor     x4, x4, x5
        str     x4, [x0], #8
3:      tbz     x3, #2, 4f              /* 4 bytes */
        ldr     w4, [x1], #4
        ldr     w5, [x2], #4
        eor     w4, w4, w5
        str     w4, [x0], #4
4:      tbz     x3, #1, 5f              /* 2 bytes */
        ldrh    w4, [x1], #2
        ldrh    w5, [x2], #2
        eor     w4, w4, w5
        strh    w4, [x0], #2
5:      tbz     x3, #0, 6f              /* 1 byte */
        ldrb    w4, [x1]
        ldrb    w5, [x2]
        eor     w4, w4, w5
        strb    w4, [x0]
6:      ret
        FIPSMOD_END fipsmod_xor_bytes_arm64_neon
