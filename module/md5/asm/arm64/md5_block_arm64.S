/*
 * MD5 block function for arm64 (RFC 1321 §3.4).
 *
 *   void fipsmod_md5_block_arm64(uint32_t state[4], const uint8_t *data,
 *                                size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data` (any
 * alignment: AArch64 loads need none) and updates the four chaining words.
 *
 * Register map:
 *   x0        state pointer (the chaining words at the start of each block)
 *   x1        data pointer, advanced by 64 per block; x2 the end of the data
 *   w3-w6     A, B, C, D: the working variables
 *   w7-w17, w19-w23   the 16 message words X[0..15], loaded once a block
 *             with ldp
 *   x24       the T table, walked with post-indexed ldp and rewound per block
 *   w25, w26  T[i] and T[i+1], loaded as a pair every other step
 *   w27, w28  the round function; in round 3, w27 carries b ^ c ^ d from
 *             one step to the next
 *   x19-x28 are saved on the stack.
 *
 * One step, a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), adds X[k] and
 * T[i] to a, and computes whatever part of f does not need b, before b is
 * ready. The critical path of a step, from b to the next b, is then:
 *   F: and | bic -> orr -> add -> ror -> add      (5)
 *   G: and -> add -> ror -> add                  (4; c & ~d was added early)
 *   H: eor -> add -> ror -> add                  (4; c ^ d reused, below)
 *   I: orn -> eor -> add -> ror -> add           (5)
 * Round 3 reuses the previous step's xor, as Go's ROUND3FIRST/ROUND3 do:
 * the first step computes b ^ c ^ d in full; after it, the next step's
 * c ^ d is that value with the old d xored out, and the old d is exactly
 * the next step's a before it is updated.
 */
#include "core/asm.h"

#define STATE   x0
#define DATA    x1
#define END     x2
#define A       w3
#define B       w4
#define C       w5
#define D       w6
#define TABLE   x24
#define K0      w25
#define K1      w26
#define X0 w7
#define X1 w8
#define X2 w9
#define X3 w10
#define X4 w11
#define X5 w12
#define X6 w13
#define X7 w14
#define X8 w15
#define X9 w16
#define X10 w17
#define X11 w19
#define X12 w20
#define X13 w21
#define X14 w22
#define X15 w23

/* T[i] and T[i+1] for the next two steps. */
.macro LOAD_CONSTANTS
        ldp     K0, K1, [TABLE], #8
.endm

/* a += X[k] + T[i]: neither waits for b. */
.macro ADD_MESSAGE_AND_CONSTANT a, m, k
        add     \a, \a, \k
        add     \a, \a, \m
.endm

/* a = b + (a <<< s) */
.macro ROTATE_ADD a, b, s
        ror     \a, \a, #(32 - \s)
        add     \a, \a, \b
.endm

/* Round 1 step: F(b, c, d) = (b & c) | (~b & d). */
.macro STEP_F a, b, c, d, m, k, s
        ADD_MESSAGE_AND_CONSTANT \a, \m, \k
        bic     w27, \d, \b
        and     w28, \b, \c
        orr     w27, w27, w28
        add     \a, \a, w27
        ROTATE_ADD \a, \b, \s
.endm

/* Round 2 step: G(b, c, d) = (b & d) | (c & ~d), as the sum of its two
 * disjoint terms so that only and + add wait for b. */
.macro STEP_G a, b, c, d, m, k, s
        ADD_MESSAGE_AND_CONSTANT \a, \m, \k
        bic     w27, \c, \d
        add     \a, \a, w27
        and     w27, \b, \d
        add     \a, \a, w27
        ROTATE_ADD \a, \b, \s
.endm

/* Round 3, first step: H(b, c, d) = b ^ c ^ d in full, kept in w27. */
.macro STEP_H_FIRST a, b, c, d, m, k, s
        eor     w27, \c, \d
        ADD_MESSAGE_AND_CONSTANT \a, \m, \k
        eor     w27, w27, \b
        add     \a, \a, w27
        ROTATE_ADD \a, \b, \s
.endm

/* Round 3, later steps: w27 holds the previous H = b' ^ c' ^ d'. This
 * step's c ^ d is b' ^ c' = H ^ d', and d' is this step's a, read before
 * it changes. */
.macro STEP_H a, b, c, d, m, k, s
        eor     w27, w27, \a
        ADD_MESSAGE_AND_CONSTANT \a, \m, \k
        eor     w27, w27, \b
        add     \a, \a, w27
        ROTATE_ADD \a, \b, \s
.endm

/* Round 4 step: I(b, c, d) = c ^ (b | ~d). */
.macro STEP_I a, b, c, d, m, k, s
        ADD_MESSAGE_AND_CONSTANT \a, \m, \k
        orn     w27, \b, \d
        eor     w27, w27, \c
        add     \a, \a, w27
        ROTATE_ADD \a, \b, \s
.endm

        FIPSMOD_ENTRY fipsmod_md5_block_arm64, 4
        cbz     x2, .Lreturn
        stp     x19, x20, [sp, #-80]!
        stp     x21, x22, [sp, #16]
        stp     x23, x24, [sp, #32]
        stp     x25, x26, [sp, #48]
        stp     x27, x28, [sp, #64]
        add     END, DATA, x2, lsl #6
        adrp    TABLE, .Lt_table
        add     TABLE, TABLE, :lo12:.Lt_table
        ldp     A, B, [STATE]
        ldp     C, D, [STATE, #8]
.Lblock:
        ldp     X0, X1, [DATA]
        ldp     X2, X3, [DATA, #8]
        ldp     X4, X5, [DATA, #16]
        ldp     X6, X7, [DATA, #24]
        ldp     X8, X9, [DATA, #32]
        ldp     X10, X11, [DATA, #40]
        ldp     X12, X13, [DATA, #48]
        ldp     X14, X15, [DATA, #56]
        /* Round 1: F */
        LOAD_CONSTANTS
        STEP_F A, B, C, D, X0, K0, 7
        STEP_F D, A, B, C, X1, K1, 12
        LOAD_CONSTANTS
        STEP_F C, D, A, B, X2, K0, 17
        STEP_F B, C, D, A, X3, K1, 22
        LOAD_CONSTANTS
        STEP_F A, B, C, D, X4, K0, 7
        STEP_F D, A, B, C, X5, K1, 12
        LOAD_CONSTANTS
        STEP_F C, D, A, B, X6, K0, 17
        STEP_F B, C, D, A, X7, K1, 22
        LOAD_CONSTANTS
        STEP_F A, B, C, D, X8, K0, 7
        STEP_F D, A, B, C, X9, K1, 12
        LOAD_CONSTANTS
        STEP_F C, D, A, B, X10, K0, 17
        STEP_F B, C, D, A, X11, K1, 22
        LOAD_CONSTANTS
        STEP_F A, B, C, D, X12, K0, 7
        STEP_F D, A, B, C, X13, K1, 12
        LOAD_CONSTANTS
        STEP_F C, D, A, B, X14, K0, 17
        STEP_F B, C, D, A, X15, K1, 22
        /* Round 2: G */
        LOAD_CONSTANTS
        STEP_G A, B, C, D, X1, K0, 5
        STEP_G D, A, B, C, X6, K1, 9
        LOAD_CONSTANTS
        STEP_G C, D, A, B, X11, K0, 14
        STEP_G B, C, D, A, X0, K1, 20
        LOAD_CONSTANTS
        STEP_G A, B, C, D, X5, K0, 5
        STEP_G D, A, B, C, X10, K1, 9
        LOAD_CONSTANTS
        STEP_G C, D, A, B, X15, K0, 14
        STEP_G B, C, D, A, X4, K1, 20
        LOAD_CONSTANTS
        STEP_G A, B, C, D, X9, K0, 5
        STEP_G D, A, B, C, X14, K1, 9
        LOAD_CONSTANTS
        STEP_G C, D, A, B, X3, K0, 14
        STEP_G B, C, D, A, X8, K1, 20
        LOAD_CONSTANTS
        STEP_G A, B, C, D, X13, K0, 5
        STEP_G D, A, B, C, X2, K1, 9
        LOAD_CONSTANTS
        STEP_G C, D, A, B, X7, K0, 14
        STEP_G B, C, D, A, X12, K1, 20
        /* Round 3: H */
        LOAD_CONSTANTS
        STEP_H_FIRST A, B, C, D, X5, K0, 4
        STEP_H D, A, B, C, X8, K1, 11
        LOAD_CONSTANTS
        STEP_H C, D, A, B, X11, K0, 16
        STEP_H B, C, D, A, X14, K1, 23
        LOAD_CONSTANTS
        STEP_H A, B, C, D, X1, K0, 4
        STEP_H D, A, B, C, X4, K1, 11
        LOAD_CONSTANTS
        STEP_H C, D, A, B, X7, K0, 16
        STEP_H B, C, D, A, X10, K1, 23
        LOAD_CONSTANTS
        STEP_H A, B, C, D, X13, K0, 4
        STEP_H D, A, B, C, X0, K1, 11
        LOAD_CONSTANTS
        STEP_H C, D, A, B, X3, K0, 16
        STEP_H B, C, D, A, X6, K1, 23
        LOAD_CONSTANTS
        STEP_H A, B, C, D, X9, K0, 4
        STEP_H D, A, B, C, X12, K1, 11
        LOAD_CONSTANTS
        STEP_H C, D, A, B, X15, K0, 16
        STEP_H B, C, D, A, X2, K1, 23
        /* Round 4: I */
        LOAD_CONSTANTS
        STEP_I A, B, C, D, X0, K0, 6
        STEP_I D, A, B, C, X7, K1, 10
        LOAD_CONSTANTS
        STEP_I C, D, A, B, X14, K0, 15
        STEP_I B, C, D, A, X5, K1, 21
        LOAD_CONSTANTS
        STEP_I A, B, C, D, X12, K0, 6
        STEP_I D, A, B, C, X3, K1, 10
        LOAD_CONSTANTS
        STEP_I C, D, A, B, X10, K0, 15
        STEP_I B, C, D, A, X1, K1, 21
        LOAD_CONSTANTS
        STEP_I A, B, C, D, X8, K0, 6
        STEP_I D, A, B, C, X15, K1, 10
        LOAD_CONSTANTS
        STEP_I C, D, A, B, X6, K0, 15
        STEP_I B, C, D, A, X13, K1, 21
        LOAD_CONSTANTS
        STEP_I A, B, C, D, X4, K0, 6
        STEP_I D, A, B, C, X11, K1, 10
        LOAD_CONSTANTS
        STEP_I C, D, A, B, X2, K0, 15
        STEP_I B, C, D, A, X9, K1, 21
        ldp     K0, K1, [STATE]         /* add the block's result to the chaining words */
        add     A, A, K0
        add     B, B, K1
        ldp     K0, K1, [STATE, #8]
        add     C, C, K0
        add     D, D, K1
        stp     A, B, [STATE]
        stp     C, D, [STATE, #8]
        add     DATA, DATA, #64
        sub     TABLE, TABLE, #256      /* back to T[0] */
        cmp     DATA, END
        b.lo    .Lblock
        ldp     x21, x22, [sp, #16]
        ldp     x23, x24, [sp, #32]
        ldp     x25, x26, [sp, #48]
        ldp     x27, x28, [sp, #64]
        ldp     x19, x20, [sp], #80
.Lreturn:
        ret
        FIPSMOD_END fipsmod_md5_block_arm64

        .section .rodata
        .p2align 3
.Lt_table:
#include "../md5_rfc1321_t.inc"
