/*
 * GCM (NIST SP 800-38D) for arm64 with the ARMv8 Cryptography Extension:
 * AES by aese/aesmc (FEAT_AES), GHASH by pmull/pmull2 (FEAT_PMULL), over
 * the AES schedule of aes_arm64_aes.S (module/aes/internal.hpp's layout).
 *
 *   void fipsmod_gcm_ghash_init_arm64_aes(GhashKey *k, const uint8_t h[16]);
 *   void fipsmod_gcm_ghash_arm64_aes(const GhashKey *k, uint8_t y[16],
 *                                    const uint8_t *in, size_t blocks);
 *   void fipsmod_gcm_seal_arm64_aes(const Schedule *s, const GhashKey *k,
 *                                   uint8_t ctr[16], uint8_t y[16],
 *                                   const uint8_t *in, uint8_t *out, size_t blocks);
 *   void fipsmod_gcm_open_arm64_aes(same);
 *
 * seal/open: out = in xor E_K(ctr), E_K(inc32(ctr)), ..., ctr left at the
 * next unused value, and y = GHASH continued over the ciphertext (out for
 * seal, in for open); ghash: y continued over in (§6.4).
 *
 * GF(2^128). The specification's block is the bit string x0..x127, x0 the
 * most significant bit of byte 0, standing for x0 + x1 a + ... + x127 a^127
 * modulo a^128 + a^7 + a^2 + a + 1. rbit on each byte puts x(8j+i) at bit
 * i of byte j, so that a vector holds the polynomial with coefficient k at
 * bit k of the 128-bit little-endian number: lane d0 the terms a^0..a^63,
 * lane d1 a^64..a^127. pmull (d0 x d0) and pmull2 (d1 x d1) are then
 * plain carry-less products, and x^128 = x^7 + x^2 + x + 1 = 0x87 reduces.
 * Every block is rbit on the way in, y on the way in and out; H and its
 * powers are kept in this form.
 *
 * Products: Karatsuba on 64-bit halves, a * b = hi x^128 + mid x^64 + lo
 * with lo = a0 b0, hi = a1 b1, mid = (a0 + a1)(b0 + b1) + lo + hi. Four
 * blocks X0..X3 are folded at once: y' = (y + X0) H^4 + X1 H^3 + X2 H^2
 * + X3 H, the three parts summed over the four products and reduced once.
 * The key holds H, H^2, H^3, H^4 and their halves' sums (b0 + b1), two to
 * a vector.
 *
 * Reduction (REDUCE below) of the 256-bit hi x^128 + mid x^64 + lo, with
 * c = 0x86 = 0x87 + 1 in both lanes of v10:
 *   T = hi.d1 * c        hi.d1 x^192 = hi.d1 (c + 1) x^64: T at x^64, and
 *                        the + 1 part, hi.d1 x^64, comes back through F
 *   M = mid + lo + hi + T   everything at x^64 (Karatsuba's fix and T)
 *   F = hi + (M.d1, M.d0)   F.d0 = W = hi.d0 + M.d1, the word at x^128;
 *                        F.d1 = hi.d1 + M.d0
 *   U = F.d0 * c = W * 0x87 + W
 *   y = lo + F + U = lo + (W, hi.d1 + M.d0) + W 0x87 + (W, 0)
 *     = lo + W 0x87 + (0, M.d0 + hi.d1),
 * which is lo + (the x^128 word times 0x87) + (M.d0 at x^64) with T's + 1
 * part hi.d1 x^64 included: the full reduction. T.d1 (at most 7 bits)
 * sits in M.d1 and so in W. Two pmull, six eor and an ext, and no zero
 * register or lane insert: with c = 0x87 + 1, F's upper lane is needed
 * as it is.
 *
 * Counters: v8 holds ctr with each 32-bit word byte-reversed (rev32), so
 * that inc32 is a 32-bit add of v9 = (0, 0, 0, 1) to lane 3, wrapping mod
 * 2^32 by itself; rev32 gives each counter block back.
 *
 * Register map (seal, open):
 *   x0 schedule, x1 GHASH key, x2 ctr, x3 y, x4 in, x5 out, x6 blocks,
 *   w7 Nr, x8 groups of four blocks left
 *   v0-v3     four counter blocks through AES (v0 alone in the tail)
 *   v4-v7     four blocks of ciphertext to hash, then the four input blocks
 *   v8 ctr (rev32), v9 (0, 0, 0, 1), v10 c = 0x86 in both lanes
 *   v11-v14   H, H^2, H^3, H^4; v15 (H^2, H) halves' sums; v16 (H^4, H^3)'s
 *   v17 y, and lo while four blocks are folded; v18 hi; v19 mid
 *   v20       spare (the tail's copy of a block)
 *   v21-v31   round keys Nr-10..Nr; a 12 or 14-round key's first two or
 *             four round keys are loaded two at a time into v18, v19 (free
 *             until the hashing starts) for the first rounds
 *   d8-d15 are callee-saved: stored on the stack on entry.
 *
 * Seal runs AES of blocks 4i..4i+3 interleaved with the GHASH of blocks
 * 4i-4..4i-1 (their ciphertext, made by the step before): AES of group 0
 * alone first, the GHASH of the last group after. Open hashes each group's
 * ciphertext (its input) while making its key stream, loading the input
 * twice (once to hash, once to xor). The last 0-3 blocks go one at a time.
 *
 * Critical path of a step of four blocks: the AES chain of one block,
 * 10 aese + 9 aesmc (about 20 cycles where the pairs fuse, 38 where they
 * do not), with the hashing beside it (rbit -> eor y -> pmull -> eor ...
 * -> the reduction, 14 dependent instructions); y is the only value one
 * step hands the next, through G0's eor. The throughput bound is the
 * pipe that runs aes* and pmull, V0 alone on Neoverse N1: 76 AES + 14
 * pmull a step for AES-128, 1.41 cycles a byte.
 *
 * Instructions per step of seal (AES-128): 8 counter, 72 rounds (nine
 * aese + aesmc a block), 12 last round and xor, ld1 + st1, 41 GHASH, cmp,
 * b.lt, subs, b.ne = 139 (2.17 a byte).
 */
#include "core/asm.h"

        .arch_extension aes     /* aese, aesmc, pmull, pmull2 */

/* d8-d15 to the stack and back (AAPCS64 has the callee keep their low
 * halves); nothing else is saved, x30 stays in its register. */
.macro PUSH_D8_D15
        stp     d8, d9, [sp, #-64]!
        stp     d10, d11, [sp, #16]
        stp     d12, d13, [sp, #32]
        stp     d14, d15, [sp, #48]
.endm
.macro POP_D8_D15
        ldp     d10, d11, [sp, #16]
        ldp     d12, d13, [sp, #32]
        ldp     d14, d15, [sp, #48]
        ldp     d8, d9, [sp], #64
.endm

/* v10 = c, v11-v16 = the GHASH key, v17 = y from x\y, in rbit form. */
.macro LOAD_GHASH key, y
        mov     x9, #0x86
        dup     v10.2d, x9
        ld1     {v11.16b-v14.16b}, [\key], #64
        ld1     {v15.16b-v16.16b}, [\key]
        ld1     {v17.16b}, [\y]
        rbit    v17.16b, v17.16b
.endm

/* One AES round with round key v\k on v0 (n = 1) or v0-v3 (n = 4):
 * aese then aesmc, each pair adjacent so that it fuses. */
.macro ROUND n, k
        aese    v0.16b, v\k\().16b
        aesmc   v0.16b, v0.16b
        .if     \n > 1
        aese    v1.16b, v\k\().16b
        aesmc   v1.16b, v1.16b
        aese    v2.16b, v\k\().16b
        aesmc   v2.16b, v2.16b
        aese    v3.16b, v\k\().16b
        aesmc   v3.16b, v3.16b
        .endif
.endm

/* The first rounds of a 12- or 14-round key (nothing for 10 rounds):
 * round keys 0, 1 (and 2, 3) from the schedule into v18, v19. */
.macro EXTRA_ROUNDS n
        cmp     w7, #12
        b.lt    7f
        ldp     q18, q19, [x0]
        ROUND   \n, 18
        ROUND   \n, 19
        b.eq    7f
        ldp     q18, q19, [x0, #32]
        ROUND   \n, 18
        ROUND   \n, 19
7:
.endm

/* The next counter block into v\b, and ctr on by one (inc32). */
.macro NEXT_CTR b
        rev32   v\b\().16b, v8.16b
        add     v8.4s, v8.4s, v9.4s
.endm

/* The last round of v\b: aese with key Nr-1, then key Nr and the input
 * block v\d added: v\d = in xor E_K(ctr). */
.macro LAST b, d
        aese    v\b\().16b, v30.16b
        eor     v\b\().16b, v\b\().16b, v31.16b
        eor     v\d\().16b, v\d\().16b, v\b\().16b
.endm

/* Folding four blocks v4-v7 into y (v17), in ten pieces G0..G9 for the
 * AES rounds to be interleaved with; each piece leaves v4-v7, v17-v19 as
 * the next expects. Ends with y in v17; v4-v7 are consumed. */
.macro G0       /* the blocks to rbit form, y added to the first */
        rbit    v4.16b, v4.16b
        rbit    v5.16b, v5.16b
        rbit    v6.16b, v6.16b
        rbit    v7.16b, v7.16b
        eor     v4.16b, v4.16b, v17.16b
.endm
.macro G1       /* lo, hi of X0 H^4; lo of X1 H^3 */
        pmull   v17.1q, v4.1d, v14.1d
        pmull2  v18.1q, v4.2d, v14.2d
        pmull   v19.1q, v5.1d, v13.1d
        eor     v17.16b, v17.16b, v19.16b
.endm
.macro G2       /* hi of X1 H^3; the halves of X0, X1 paired up */
        pmull2  v19.1q, v5.2d, v13.2d
        eor     v18.16b, v18.16b, v19.16b
        trn1    v19.2d, v4.2d, v5.2d            /* (X0.d0, X1.d0) */
        trn2    v4.2d, v4.2d, v5.2d             /* (X0.d1, X1.d1) */
.endm
.macro G3       /* mid of X0 H^4 and X1 H^3 */
        eor     v4.16b, v4.16b, v19.16b         /* (X0.d0 + X0.d1, X1.d0 + X1.d1) */
        pmull   v19.1q, v4.1d, v16.1d
        pmull2  v5.1q, v4.2d, v16.2d
        eor     v19.16b, v19.16b, v5.16b
.endm
.macro G4       /* lo, hi of X2 H^2 */
        pmull   v4.1q, v6.1d, v12.1d
        eor     v17.16b, v17.16b, v4.16b
        pmull2  v4.1q, v6.2d, v12.2d
        eor     v18.16b, v18.16b, v4.16b
.endm
.macro G5       /* lo, hi of X3 H */
        pmull   v4.1q, v7.1d, v11.1d
        eor     v17.16b, v17.16b, v4.16b
        pmull2  v4.1q, v7.2d, v11.2d
        eor     v18.16b, v18.16b, v4.16b
.endm
.macro G6       /* the halves of X2, X3 paired and summed; mid of X2 H^2 */
        trn1    v4.2d, v6.2d, v7.2d
        trn2    v6.2d, v6.2d, v7.2d
        eor     v6.16b, v6.16b, v4.16b
        pmull   v4.1q, v6.1d, v15.1d
.endm
.macro G7       /* mid of X3 H; then T of the reduction */
        eor     v19.16b, v19.16b, v4.16b
        pmull2  v4.1q, v6.2d, v15.2d
        eor     v19.16b, v19.16b, v4.16b
        pmull2  v4.1q, v18.2d, v10.2d           /* T = hi.d1 * c */
.endm
/* The reduction after T (see the top): lo v17, hi v18, mid v19, T v4 in,
 * y out in v17. G8 and G9 of the four-block fold; the one-block fold uses
 * them as they are. */
.macro G8
        eor     v19.16b, v19.16b, v17.16b
        eor     v19.16b, v19.16b, v18.16b
        eor     v19.16b, v19.16b, v4.16b        /* M */
        ext     v4.16b, v19.16b, v19.16b, #8    /* (M.d1, M.d0) */
.endm
.macro G9
        eor     v18.16b, v18.16b, v4.16b        /* F */
        pmull   v4.1q, v18.1d, v10.1d           /* U = F.d0 * c */
        eor     v17.16b, v17.16b, v18.16b
        eor     v17.16b, v17.16b, v4.16b        /* y */
.endm

.macro GHASH4
        G0
        G1
        G2
        G3
        G4
        G5
        G6
        G7
        G8
        G9
.endm

/* y = (y + X) H for one block X in v4 (consumed): lo, hi, mid of one
 * product (v15.d1 holds H's halves' sum), then the reduction. */
.macro GHASH1
        rbit    v4.16b, v4.16b
        eor     v4.16b, v4.16b, v17.16b
        pmull   v17.1q, v4.1d, v11.1d
        pmull2  v18.1q, v4.2d, v11.2d
        ext     v19.16b, v4.16b, v4.16b, #8
        eor     v19.16b, v19.16b, v4.16b        /* X.d0 + X.d1 in both lanes */
        pmull2  v19.1q, v19.2d, v15.2d
        pmull2  v4.1q, v18.2d, v10.2d           /* T */
        G8
        G9
.endm

/* Four blocks of AES on counter blocks v0-v3 from their first main round
 * (EXTRA_ROUNDS done), with GHASH4 of v4-v7 interleaved when \g = 1. The
 * caller then loads the input into v4-v7 and runs LAST. */
.macro AES4 g
        ROUND   4, 21
        .if \g
        G0
        .endif
        ROUND   4, 22
        .if \g
        G1
        .endif
        ROUND   4, 23
        .if \g
        G2
        .endif
        ROUND   4, 24
        .if \g
        G3
        .endif
        ROUND   4, 25
        .if \g
        G4
        .endif
        ROUND   4, 26
        .if \g
        G5
        .endif
        ROUND   4, 27
        .if \g
        G6
        .endif
        ROUND   4, 28
        .if \g
        G7
        .endif
        ROUND   4, 29
        .if \g
        G8
        G9
        .endif
.endm

/* Four counter blocks to v0-v3, through the extra rounds. */
.macro START4
        NEXT_CTR 0
        NEXT_CTR 1
        NEXT_CTR 2
        NEXT_CTR 3
        EXTRA_ROUNDS 4
.endm

/* in xor the key stream v0-v3 to out, the result left in v4-v7. */
.macro FINISH4
        ld1     {v4.16b-v7.16b}, [x4], #64
        LAST    0, 4
        LAST    1, 5
        LAST    2, 6
        LAST    3, 7
        st1     {v4.16b-v7.16b}, [x5], #64
.endm

/* Everything but the bulk loop: the state in, and the 0-3 blocks after
 * it one at a time, the state out. \seal = 1 hashes the output, 0 the
 * input. */
.macro PROLOGUE
        PUSH_D8_D15
        ldr     w7, [x0, #480]                  /* Nr */
        LOAD_GHASH x1, x3
        ld1     {v8.16b}, [x2]
        rev32   v8.16b, v8.16b
        movi    v9.2d, #0
        mov     w9, #1
        mov     v9.s[3], w9                     /* (0, 0, 0, 1) */
        add     x9, x0, x7, lsl #4
        sub     x9, x9, #160                    /* round key Nr-10 */
        ld1     {v21.16b-v24.16b}, [x9], #64
        ld1     {v25.16b-v28.16b}, [x9], #64
        ld1     {v29.16b-v31.16b}, [x9]
        lsr     x8, x6, #2
.endm

.macro EPILOGUE seal
        ands    x6, x6, #3
        b.eq    9f
8:
        NEXT_CTR 0
        EXTRA_ROUNDS 1
        .irp    k, 21, 22, 23, 24, 25, 26, 27, 28, 29
        ROUND   1, \k
        .endr
        ld1     {v4.16b}, [x4], #16
        mov     v20.16b, v4.16b
        LAST    0, 20
        st1     {v20.16b}, [x5], #16
        .if \seal
        mov     v4.16b, v20.16b
        .endif
        GHASH1
        subs    x6, x6, #1
        b.ne    8b
9:
        rbit    v17.16b, v17.16b
        st1     {v17.16b}, [x3]
        rev32   v8.16b, v8.16b
        st1     {v8.16b}, [x2]
        POP_D8_D15
        ret
.endm

FIPSMOD_ENTRY fipsmod_gcm_seal_arm64_aes, 4
        cbz     x6, 0f                  /* no block: nothing to read or write */
        PROLOGUE
        cbz     x8, 2f
        START4                  /* group 0: AES alone */
        AES4    0
        FINISH4
        subs    x8, x8, #1
        b.eq    1f
3:
        START4                  /* group i: AES, and GHASH of group i-1 */
        AES4    1
        FINISH4
        subs    x8, x8, #1
        b.ne    3b
1:
        GHASH4                  /* the last group's */
2:
        EPILOGUE 1
0:
        ret
FIPSMOD_END fipsmod_gcm_seal_arm64_aes

FIPSMOD_ENTRY fipsmod_gcm_open_arm64_aes, 4
        cbz     x6, 0f
        PROLOGUE
        cbz     x8, 2f
3:
        ld1     {v4.16b-v7.16b}, [x4]   /* the ciphertext, to hash */
        START4
        AES4    1
        FINISH4
        subs    x8, x8, #1
        b.ne    3b
2:
        EPILOGUE 0
0:
        ret
FIPSMOD_END fipsmod_gcm_open_arm64_aes

/* ghash: x0 key, x1 y, x2 in, x3 blocks; four blocks at a time, then one.
 * Registers as above (v4-v7 the blocks, v10-v19 the same roles). */
FIPSMOD_ENTRY fipsmod_gcm_ghash_arm64_aes, 4
        cbz     x3, 0f                  /* no block: y stays, nothing read */
        PUSH_D8_D15
        LOAD_GHASH x0, x1
        lsr     x4, x3, #2
        cbz     x4, 2f
1:
        ld1     {v4.16b-v7.16b}, [x2], #64
        GHASH4
        subs    x4, x4, #1
        b.ne    1b
2:
        ands    x3, x3, #3
        b.eq    4f
3:
        ld1     {v4.16b}, [x2], #16
        GHASH1
        subs    x3, x3, #1
        b.ne    3b
4:
        rbit    v17.16b, v17.16b
        st1     {v17.16b}, [x1]
        POP_D8_D15
0:
        ret
FIPSMOD_END fipsmod_gcm_ghash_arm64_aes

/* ghash_init: x0 key out, x1 h. A null h writes nothing: the all-zero
 * call that cmake/tests/check_bti_run.sh makes of every kernel (the
 * package never passes one). Key layout: H, H^2, H^3, H^4 at 0, 16,
 * 32, 48 (rbit form), then at 64 (H^2.d0 + H^2.d1, H.d0 + H.d1) and at 80
 * (H^4's, H^3's): the Karatsuba factors in the lanes G3 and G6 use them.
 * The powers come from GHASH1 with a zero block: y = y H. */
FIPSMOD_ENTRY fipsmod_gcm_ghash_init_arm64_aes, 4
        cbz     x1, 0f
        PUSH_D8_D15
        mov     x9, #0x86
        dup     v10.2d, x9
        ld1     {v11.16b}, [x1]
        rbit    v11.16b, v11.16b                /* H */
        ext     v20.16b, v11.16b, v11.16b, #8
        eor     v20.16b, v20.16b, v11.16b       /* H's halves' sum, both lanes */
        mov     v15.16b, v20.16b                /* what GHASH1 reads (lane 1) */
        mov     v17.16b, v11.16b
        st1     {v11.16b}, [x0], #16
        .irp    i, 2, 3, 4
        movi    v4.2d, #0
        GHASH1                                  /* y = H^i */
        st1     {v17.16b}, [x0], #16
        ext     v2\i\().16b, v17.16b, v17.16b, #8
        eor     v2\i\().16b, v2\i\().16b, v17.16b
        .endr
        trn1    v0.2d, v22.2d, v20.2d           /* (H^2's, H's) */
        trn1    v1.2d, v24.2d, v23.2d           /* (H^4's, H^3's) */
        st1     {v0.16b-v1.16b}, [x0]
        POP_D8_D15
0:
        ret
FIPSMOD_END fipsmod_gcm_ghash_init_arm64_aes
