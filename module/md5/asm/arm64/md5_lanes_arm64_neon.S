/*
 * MD5 multi-buffer block function for arm64 with Advanced SIMD (NEON):
 * eight independent messages ("lanes") at once, W = 8 (RFC 1321 §3.4).
 *
 *   void fipsmod_md5_lanes_arm64_neon(uint32_t state[32],
 *                                     const uint8_t *const data[8],
 *                                     size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks of each of the
 * eight messages data[0..7] (any alignment: AArch64 loads need none; two
 * lanes may share a pointer; nothing is written but the state and this
 * function's own stack frame) and updates each lane's four chaining words.
 * The state is transposed, as the lanes ABI says: state[8*r + i] is word r
 * (A, B, C, D for r = 0..3) of lane i; only 4-byte alignment is assumed.
 *
 * Each 32-bit element of a q register is one lane. One group of four lanes
 * would spend most of its time waiting: a step's chain, below, is 10 cycles
 * on Neoverse N1 against 4 cycles of issue for its 8 vector operations. So
 * two groups, lanes 0-3 and lanes 4-7, run side by side, one instruction of
 * each in turn, and fill each other's wait. llvm-mca -mcpu=neoverse-n1 on
 * the block loop: 718 cycles a block for the eight lanes (90 a lane), where
 * the four-lane version takes 666 for four (167 a lane) and
 * md5_block_arm64.S 289 for one: 3.2 times its throughput.
 *
 * Register map:
 *   x0        state; x12 = state + 64 (the C and D rows)
 *   x1        data, the lane pointers (read once)
 *   x2        blocks left
 *   x3-x10    the eight lane pointers, advanced by 64 a block by the loads
 *   x11       the T table (each T[i] four times), walked with post-indexed
 *             ldr q, rewound per block
 *   v0-v7     the working variables, laid out as the state rows so that
 *             ld1/st1 move them straight: v0 A of lanes 0-3, v1 A of lanes
 *             4-7, v2/v3 B, v4/v5 C, v6/v7 D. Group 0 is the even registers,
 *             group 1 the odd ones (each group-1 register is its group-0
 *             register + 1).
 *   v16       T[i] in every element
 *   v17, v18  X[k] of group 0 and of group 1, from the stack
 *   v19, v20  the round function of group 0 / group 1
 *   v21, v22  the rotated sum of group 0 / group 1
 *   v16-v27   at the start of a block: four message words of four lanes
 *             at a time, as loaded and then transposed
 *   stack     512 bytes: X[k] of group 0 at sp + 16k, of group 1 at
 *             sp + 256 + 16k. v8-v15 (whose low halves AAPCS64 has the
 *             callee keep) are not used, nor x19-x30: nothing is saved, and
 *             x30 stays in its register (nothing to sign).
 *
 * The message: each step needs X[k] of four lanes in one register, so a
 * block's words are transposed once, at its start, into the stack: an
 * ldr q per lane takes four words, trn1/trn2 and zip1/zip2 turn the four
 * lanes' registers into four words' registers (8 permutes per 16 words).
 * The ld4 single-lane load would do the transpose itself, but takes 4 uops
 * of the vector pipes on N1 per 16 bytes where this takes 2.
 *
 * One step, a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), adds T[i] and
 * X[k] to a, and prepares whatever part of f does not need b, before b is
 * ready. NEON has no rotate: a <<< s is ushr by 32 - s, then sli by s
 * (shift left and insert: the low s bits keep the ushr's result), or, for
 * s = 16, rev32 on halfwords. The critical path of a step, from b to the
 * next b (each of these is 2 cycles on N1):
 *   F: bit -> add -> ushr -> sli -> add         (5; d copied early)
 *   G: bit -> add -> ushr -> sli -> add         (5; c copied early)
 *   H: eor -> add -> ushr -> sli -> add         (5; c ^ d early; with s = 16
 *                                                rev32 replaces ushr + sli)
 *   I: orn -> eor -> add -> ushr -> sli -> add  (6)
 */
#include "core/asm.h"

#define STATE   x0
#define LANES   x1
#define BLOCKS  x2
#define TABLE   x11
#define STATE_CD x12

/* Group 1's copy of the message starts 256 bytes after group 0's. */
#define GROUP1  256

/* The step's constant for both groups and each group's message word:
 * v16 = T[i] in every element, from the table of T[i] four times over,
 * v17/v18 = X[k] of group 0/1. */
.macro LOAD_T_AND_X k
        ldr     q16, [TABLE], #16
        ldr     q17, [sp, #16*\k]
        ldr     q18, [sp, #GROUP1 + 16*\k]
.endm

/* a += T[i] + X[k] in both groups: nothing here waits for b. */
.macro ADD_T_AND_X a0, a1
        add     v\a0\().4s, v\a0\().4s, v16.4s
        add     v\a1\().4s, v\a1\().4s, v16.4s
        add     v\a0\().4s, v\a0\().4s, v17.4s
        add     v\a1\().4s, v\a1\().4s, v18.4s
.endm

/* a = b + ((a + f) <<< s) in both groups, f being in v19/v20. */
.macro ADD_ROTATE_ADD a0, a1, b0, b1, s
        add     v\a0\().4s, v\a0\().4s, v19.4s
        add     v\a1\().4s, v\a1\().4s, v20.4s
.if \s == 16
        rev32   v21.8h, v\a0\().8h      /* swap the halves of each word */
        rev32   v22.8h, v\a1\().8h
.else
        ushr    v21.4s, v\a0\().4s, #32 - \s
        ushr    v22.4s, v\a1\().4s, #32 - \s
        sli     v21.4s, v\a0\().4s, #\s
        sli     v22.4s, v\a1\().4s, #\s
.endif
        add     v\a0\().4s, v\b0\().4s, v21.4s
        add     v\a1\().4s, v\b1\().4s, v22.4s
.endm

/* Round 1 step: F(b, c, d) = (b & c) | (~b & d), a bitwise select by b:
 * t = d, then bit (insert where b is set) t = c. Only the bit waits for b. */
.macro STEP_F a0, b0, c0, d0, a1, b1, c1, d1, k, s
        LOAD_T_AND_X \k
        mov     v19.16b, v\d0\().16b
        mov     v20.16b, v\d1\().16b
        ADD_T_AND_X \a0, \a1
        bit     v19.16b, v\c0\().16b, v\b0\().16b
        bit     v20.16b, v\c1\().16b, v\b1\().16b
        ADD_ROTATE_ADD \a0, \a1, \b0, \b1, \s
.endm

/* Round 2 step: G(b, c, d) = (b & d) | (c & ~d), a select by d:
 * t = c, then bit t = b where d is set. Only the bit waits for b. */
.macro STEP_G a0, b0, c0, d0, a1, b1, c1, d1, k, s
        LOAD_T_AND_X \k
        mov     v19.16b, v\c0\().16b
        mov     v20.16b, v\c1\().16b
        ADD_T_AND_X \a0, \a1
        bit     v19.16b, v\b0\().16b, v\d0\().16b
        bit     v20.16b, v\b1\().16b, v\d1\().16b
        ADD_ROTATE_ADD \a0, \a1, \b0, \b1, \s
.endm

/* Round 3 step: H(b, c, d) = b ^ c ^ d, c ^ d first. */
.macro STEP_H a0, b0, c0, d0, a1, b1, c1, d1, k, s
        LOAD_T_AND_X \k
        eor     v19.16b, v\c0\().16b, v\d0\().16b
        eor     v20.16b, v\c1\().16b, v\d1\().16b
        ADD_T_AND_X \a0, \a1
        eor     v19.16b, v19.16b, v\b0\().16b
        eor     v20.16b, v20.16b, v\b1\().16b
        ADD_ROTATE_ADD \a0, \a1, \b0, \b1, \s
.endm

/* Round 4 step: I(b, c, d) = c ^ (b | ~d). */
.macro STEP_I a0, b0, c0, d0, a1, b1, c1, d1, k, s
        LOAD_T_AND_X \k
        ADD_T_AND_X \a0, \a1
        orn     v19.16b, v\b0\().16b, v\d0\().16b
        orn     v20.16b, v\b1\().16b, v\d1\().16b
        eor     v19.16b, v19.16b, v\c0\().16b
        eor     v20.16b, v20.16b, v\c1\().16b
        ADD_ROTATE_ADD \a0, \a1, \b0, \b1, \s
.endm

/* Four steps of a round, the working variables in their RFC order
 * (a, b, c, d), (d, a, b, c), (c, d, a, b), (b, c, d, a); group 0 in
 * v0/v2/v4/v6 = A/B/C/D, group 1 in v1/v3/v5/v7. k0-k3 are the message
 * words, s0-s3 the shifts, of RFC 1321 §3.4. */
.macro QUAD step, k0, k1, k2, k3, s0, s1, s2, s3
        \step   0, 2, 4, 6, 1, 3, 5, 7, \k0, \s0
        \step   6, 0, 2, 4, 7, 1, 3, 5, \k1, \s1
        \step   4, 6, 0, 2, 5, 7, 1, 3, \k2, \s2
        \step   2, 4, 6, 0, 3, 5, 7, 1, \k3, \s3
.endm

/* Four message words, 4m .. 4m+3, of one group's lanes (pointers p0..p3,
 * each advanced by 16), transposed and stored at sp + off: one ldr q per
 * lane, then a 4x4 transpose in two stages, trn on words (pairs of lanes)
 * and zip on doublewords (pairs of pairs). */
.macro LOAD_WORDS p0, p1, p2, p3, off
        ldr     q16, [\p0], #16         /* lane 0: words w0 w1 w2 w3 */
        ldr     q17, [\p1], #16
        ldr     q18, [\p2], #16
        ldr     q19, [\p3], #16
        trn1    v20.4s, v16.4s, v17.4s  /* w0 of lanes 0, 1; w2 of lanes 0, 1 */
        trn2    v21.4s, v16.4s, v17.4s  /* w1 ...; w3 ... */
        trn1    v22.4s, v18.4s, v19.4s  /* the same for lanes 2, 3 */
        trn2    v23.4s, v18.4s, v19.4s
        zip1    v24.2d, v20.2d, v22.2d  /* w0 of lanes 0-3 */
        zip1    v25.2d, v21.2d, v23.2d  /* w1 */
        zip2    v26.2d, v20.2d, v22.2d  /* w2 */
        zip2    v27.2d, v21.2d, v23.2d  /* w3 */
        stp     q24, q25, [sp, #\off]
        stp     q26, q27, [sp, #\off + 32]
.endm

/* One group's block: X[0..15] of lanes p0..p3 at sp + off + 16k. */
.macro LOAD_GROUP p0, p1, p2, p3, off
        LOAD_WORDS \p0, \p1, \p2, \p3, \off
        LOAD_WORDS \p0, \p1, \p2, \p3, \off + 64
        LOAD_WORDS \p0, \p1, \p2, \p3, \off + 128
        LOAD_WORDS \p0, \p1, \p2, \p3, \off + 192
.endm

        FIPSMOD_ENTRY fipsmod_md5_lanes_arm64_neon, 4
        cbz     BLOCKS, .Lreturn
        sub     sp, sp, #512            /* the two groups' message words */
        ldp     x3, x4, [LANES]
        ldp     x5, x6, [LANES, #16]
        ldp     x7, x8, [LANES, #32]
        ldp     x9, x10, [LANES, #48]
        adrp    TABLE, .Lt_table
        add     TABLE, TABLE, :lo12:.Lt_table
        add     STATE_CD, STATE, #64
        ld1     {v0.4s-v3.4s}, [STATE]          /* A, B of lanes 0-3, 4-7 */
        ld1     {v4.4s-v7.4s}, [STATE_CD]       /* C, D */
.Lblock:
        LOAD_GROUP x3, x4, x5, x6, 0
        LOAD_GROUP x7, x8, x9, x10, GROUP1
        /* Round 1: F */
        QUAD    STEP_F, 0, 1, 2, 3, 7, 12, 17, 22
        QUAD    STEP_F, 4, 5, 6, 7, 7, 12, 17, 22
        QUAD    STEP_F, 8, 9, 10, 11, 7, 12, 17, 22
        QUAD    STEP_F, 12, 13, 14, 15, 7, 12, 17, 22
        /* Round 2: G */
        QUAD    STEP_G, 1, 6, 11, 0, 5, 9, 14, 20
        QUAD    STEP_G, 5, 10, 15, 4, 5, 9, 14, 20
        QUAD    STEP_G, 9, 14, 3, 8, 5, 9, 14, 20
        QUAD    STEP_G, 13, 2, 7, 12, 5, 9, 14, 20
        /* Round 3: H */
        QUAD    STEP_H, 5, 8, 11, 14, 4, 11, 16, 23
        QUAD    STEP_H, 1, 4, 7, 10, 4, 11, 16, 23
        QUAD    STEP_H, 13, 0, 3, 6, 4, 11, 16, 23
        QUAD    STEP_H, 9, 12, 15, 2, 4, 11, 16, 23
        /* Round 4: I */
        QUAD    STEP_I, 0, 7, 14, 5, 6, 10, 15, 21
        QUAD    STEP_I, 12, 3, 10, 1, 6, 10, 15, 21
        QUAD    STEP_I, 8, 15, 6, 13, 6, 10, 15, 21
        QUAD    STEP_I, 4, 11, 2, 9, 6, 10, 15, 21
        /* Add the block's result to the chaining words, kept in memory. */
        ld1     {v16.4s-v19.4s}, [STATE]
        ld1     {v20.4s-v23.4s}, [STATE_CD]
        add     v0.4s, v0.4s, v16.4s
        add     v1.4s, v1.4s, v17.4s
        add     v2.4s, v2.4s, v18.4s
        add     v3.4s, v3.4s, v19.4s
        add     v4.4s, v4.4s, v20.4s
        add     v5.4s, v5.4s, v21.4s
        add     v6.4s, v6.4s, v22.4s
        add     v7.4s, v7.4s, v23.4s
        st1     {v0.4s-v3.4s}, [STATE]
        st1     {v4.4s-v7.4s}, [STATE_CD]
        sub     TABLE, TABLE, #1024     /* back to T[0] */
        subs    BLOCKS, BLOCKS, #1
        b.ne    .Lblock
        add     sp, sp, #512
.Lreturn:
        ret
        FIPSMOD_END fipsmod_md5_lanes_arm64_neon

/* T[i] of RFC 1321 §3.4, each entry four times (one q register, one copy
 * per lane): a plain ldr q then loads it, where ld1r would also take a
 * vector pipe. */
        .section .rodata
        .p2align 4
.Lt_table:
#define FIPSMOD_MD5_T(i, t) .word t, t, t, t
#include "../md5_rfc1321_t.inc"
