/*
 * SHA-256 block function for arm64 with the ARMv8 SHA-256 instructions
 * (FIPS 180-4 §6.2.2; FEAT_SHA256, HWCAP_SHA2).
 *
 *   void fipsmod_sha256_block_arm64_sha2(uint32_t state[8], const uint8_t *data,
 *                                        size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data` (any
 * alignment: AArch64 vector loads need none) and updates the eight chaining
 * words H0..H7 (the working variables a..h at the start of each block).
 *
 * The instructions work on four rounds at a time, with the working
 * variables in two vectors, lane 0 first: ABCD = {a, b, c, d} and
 * EFGH = {e, f, g, h}, which is exactly how state[] lies in memory.
 *   sha256h   Qabcd, Qefgh, Vwk.4S   four rounds; the new ABCD
 *   sha256h2  Qefgh, Qabcd', Vwk.4S  the same four rounds; the new EFGH,
 *                                    given the ABCD from before them
 *   sha256su0 Vw0.4S, Vw1.4S         W[t..t+3] + sigma0(W[t+1..t+4])
 *   sha256su1 Vw0.4S, Vw2.4S, Vw3.4S that, + W[t+9..t+12] + sigma1(W[t+14..t+17]):
 *                                    W[t+16..t+19]
 * where wk = W[t..t+3] + K[t..t+3] lane by lane.
 *
 * Register map:
 *   x0        state pointer; x1 data pointer, advanced by 64 per block;
 *             x2 blocks left
 *   v0, v1    ABCD, EFGH
 *   v2        ABCD before the four rounds, for sha256h2
 *   v3        wk, the four W[t] + K[t] of the rounds
 *   v4-v7     the message schedule, sixteen words: v(4 + i mod 4) holds
 *             W[4i..4i+3], overwritten by W[4i+16..4i+19] once rounds
 *             4i..4i+3 have taken it
 *   v8, v9    ABCD and EFGH at the start of the block (d8, d9 are
 *             callee-saved: saved on the stack)
 *   v16-v31   K[0..63], loaded once per call
 *
 * Critical path of four rounds: the next sha256h and sha256h2 both need
 * the ABCD and EFGH of this one, and this pair can issue together (both
 * read the ABCD from before, one through the copy in v2), so it is one
 * mov and one SHA-256 instruction latency per four rounds. The schedule
 * (add, sha256su0, sha256su1) is off the path: it runs ahead in the
 * other vector lanes of the core.
 *
 * Instructions per block: 16 x (add, mov, sha256h, sha256h2) + 12 x
 * (sha256su0, sha256su1) + ld1 + 4 rev32 + 2 mov + 2 add + subs + b.ne
 * = 99.
 */
#include "core/asm.h"

        .arch_extension sha2

/* Four rounds 4i..4i+3, with the message words in \w (W[4i..4i+3]) and
 * the constants in \k: wk = W + K, copy ABCD for sha256h2, and the two
 * halves of the rounds. */
.macro ROUNDS4 w, k
        add     v3.4s, \w\().4s, \k\().4s
        mov     v2.16b, v0.16b
        sha256h   q0, q1, v3.4s
        sha256h2  q1, q2, v3.4s
.endm

/* Four rounds as ROUNDS4, and the next four message words in place of \w0,
 * the ones these rounds used: W[t+16..t+19] from W[t..t+3] (\w0),
 * W[t+4..t+7] (\w1), W[t+8..t+11] (\w2) and W[t+12..t+15] (\w3). \w0 is
 * read by the add before sha256su0 overwrites it. */
.macro ROUNDS4_SCHEDULE w0, w1, w2, w3, k
        add     v3.4s, \w0\().4s, \k\().4s
        sha256su0 \w0\().4s, \w1\().4s
        mov     v2.16b, v0.16b
        sha256h   q0, q1, v3.4s
        sha256h2  q1, q2, v3.4s
        sha256su1 \w0\().4s, \w2\().4s, \w3\().4s
.endm

FIPSMOD_ENTRY fipsmod_sha256_block_arm64_sha2, 4
        cbz     x2, 2f
        stp     d8, d9, [sp, #-16]!
        adrp    x3, .Lsha256_k
        add     x3, x3, :lo12:.Lsha256_k
        ld1     {v16.4s-v19.4s}, [x3], #64
        ld1     {v20.4s-v23.4s}, [x3], #64
        ld1     {v24.4s-v27.4s}, [x3], #64
        ld1     {v28.4s-v31.4s}, [x3]
        ld1     {v0.4s, v1.4s}, [x0]
1:
        ld1     {v4.16b-v7.16b}, [x1], #64
        rev32   v4.16b, v4.16b          /* the message is big-endian */
        rev32   v5.16b, v5.16b
        rev32   v6.16b, v6.16b
        rev32   v7.16b, v7.16b
        mov     v8.16b, v0.16b
        mov     v9.16b, v1.16b

        ROUNDS4_SCHEDULE v4, v5, v6, v7, v16    /* rounds 0-3; W[16..19] */
        ROUNDS4_SCHEDULE v5, v6, v7, v4, v17
        ROUNDS4_SCHEDULE v6, v7, v4, v5, v18
        ROUNDS4_SCHEDULE v7, v4, v5, v6, v19
        ROUNDS4_SCHEDULE v4, v5, v6, v7, v20    /* rounds 16-19; W[32..35] */
        ROUNDS4_SCHEDULE v5, v6, v7, v4, v21
        ROUNDS4_SCHEDULE v6, v7, v4, v5, v22
        ROUNDS4_SCHEDULE v7, v4, v5, v6, v23
        ROUNDS4_SCHEDULE v4, v5, v6, v7, v24    /* rounds 32-35; W[48..51] */
        ROUNDS4_SCHEDULE v5, v6, v7, v4, v25
        ROUNDS4_SCHEDULE v6, v7, v4, v5, v26
        ROUNDS4_SCHEDULE v7, v4, v5, v6, v27    /* rounds 44-47; W[60..63] */
        ROUNDS4 v4, v28                         /* rounds 48-51 */
        ROUNDS4 v5, v29
        ROUNDS4 v6, v30
        ROUNDS4 v7, v31                         /* rounds 60-63 */

        add     v0.4s, v0.4s, v8.4s     /* H(i) = H(i-1) + a..h */
        add     v1.4s, v1.4s, v9.4s
        subs    x2, x2, #1
        b.ne    1b

        st1     {v0.4s, v1.4s}, [x0]
        ldp     d8, d9, [sp], #16
2:
        ret
FIPSMOD_END fipsmod_sha256_block_arm64_sha2

        .section .rodata
        .p2align 4
.Lsha256_k:
#include "../sha256_k.inc"
