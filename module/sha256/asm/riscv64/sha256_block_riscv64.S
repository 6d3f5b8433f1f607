/*
 * SHA-256 block function for riscv64 (FIPS 180-4 §6.2.2), one source for
 * two kernels:
 *
 *   void fipsmod_sha256_block_riscv64_zbb(uint32_t state[8],
 *                                         const uint8_t *data, size_t blocks);
 *   void fipsmod_sha256_block_riscv64_zknh(uint32_t state[8],
 *                                          const uint8_t *data, size_t blocks);
 *
 * This file assembles the Zbb kernel; sha256_block_riscv64_zknh.S defines
 * FIPSMOD_SHA256_ZKNH and includes it for the Zknh one. They differ only in
 * the four functions of §4.1.2 and in Ch (the macros SUM0, SUM1, SIG0,
 * SIG1 and CH below); registers, loads, schedule and rounds are the same.
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data`,
 * which may have any alignment, and updates the eight chaining words.
 *
 * Zknh does each of the four functions in one instruction (on RV64 they
 * read the low 32 bits of their source and sign-extend the result):
 *   sha256sum0 = Σ0(x) = ROTR2 ^ ROTR13 ^ ROTR22
 *   sha256sum1 = Σ1(x) = ROTR6 ^ ROTR11 ^ ROTR25
 *   sha256sig0 = σ0(x) = ROTR7 ^ ROTR18 ^ SHR3
 *   sha256sig1 = σ1(x) = ROTR17 ^ ROTR19 ^ SHR10
 * and Ch(e, f, g) = ((f ^ g) & e) ^ g, in base RV64GC.
 * With Zbb, ROTRn is roriw by n (which also reads the low 32 bits and
 * sign-extends), SHRn is srliw:
 *   Σ0, Σ1: three roriw, two xor;  σ0, σ1: two roriw, srliw, two xor
 *   Ch(e, f, g) = (e & f) + (g & ~e)      and, andn: the two terms have
 *                                         no bit in common, so ^ is +, and
 *                                         each is added to h on its own
 * In both, Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b. Every other operation
 * is add, and, andn, xor, whose low 32 bits depend only on the low 32 bits
 * of their inputs, and the chaining words are stored with sw; so the
 * working variables and message words carry whatever the adds leave above
 * bit 31 and are never truncated.
 *
 * Register map (28 registers; the three arguments live on the stack):
 *   a0-a7   a..h, the working variables; a register's role moves one
 *           place a round (the new a is the register that held h, the new
 *           e the one that held d), so no round moves a value
 *   s0-s11, t3-t6   W[0..15], the message schedule: W[t] lives in the
 *           register of W[t mod 16] and replaces W[t-16] at round t
 *   t2      the K table (and, while the block is read, the data pointer)
 *   t0      the round's temporary
 *   t1, ra  Maj's carried term: one holds b ^ c on entry to a round, the
 *           other gets a ^ b, which is the next round's b ^ c; they swap
 *           roles every round. The one that gets a ^ b is free until then,
 *           and is the second temporary of the sums, of Ch and of the
 *           schedule that comes before the round
 *   sp+104, +112, +120   the state pointer, the data pointer, the blocks
 *           left; ra and s0-s11 are saved at sp+0..96
 *
 * The message is big-endian and may be unaligned: each word is read as four
 * bytes (lbu) and joined with shifts, so no load is misaligned and no byte
 * outside the block is read.
 *
 * One round (ROUND below) is 16 instructions with Zknh, 24 with Zbb; a
 * schedule step (SCHEDULE) 5 or 13:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h  = T1 + Σ0(a) + Maj(a, b, c)
 * Its critical path, from e to the next e (the register of d, plus T1):
 *   Zknh: sha256sum1 -> add -> add(d)     (Ch's xor -> and -> xor -> add beside it)
 *   Zbb:  roriw -> xor -> xor -> add -> add(d)
 * and from a to the next a, once T1 is ready: Σ0 (one instruction, or
 * roriw -> xor -> xor) -> add -> add, with Maj's xor -> and -> xor beside.
 * K[t] + W[t] and h are summed before e is ready.
 */
#include "core/asm.h"

#if FIPSMOD_SHA256_ZKNH
        .option arch, +zknh
#define KERNEL fipsmod_sha256_block_riscv64_zknh
#else
        .option arch, +zbb
#define KERNEL fipsmod_sha256_block_riscv64_zbb
#endif

#define A       a0
#define B       a1
#define C       a2
#define D       a3
#define E       a4
#define F       a5
#define G       a6
#define H       a7
#define KT      t2
#define T       t0
#define X0      t1
#define X1      ra

#define W0  s0
#define W1  s1
#define W2  s2
#define W3  s3
#define W4  s4
#define W5  s5
#define W6  s6
#define W7  s7
#define W8  s8
#define W9  s9
#define W10 s10
#define W11 s11
#define W12 t3
#define W13 t4
#define W14 t5
#define W15 t6

#define FRAME_STATE  104
#define FRAME_DATA   112
#define FRAME_BLOCKS 120

#if FIPSMOD_SHA256_ZKNH
/* \d = Σ0(\x), Σ1(\x), σ0(\x), σ1(\x): one instruction each; \u unused. */
.macro SUM0 d, x, u
        sha256sum0 \d, \x
.endm
.macro SUM1 d, x, u
        sha256sum1 \d, \x
.endm
.macro SIG0 d, x, u
        sha256sig0 \d, \x
.endm
.macro SIG1 d, x, u
        sha256sig1 \d, \x
.endm
/* \h += Ch(\e, \f, \g) = ((f ^ g) & e) ^ g, through the temporary \u. */
.macro CH h, e, f, g, u
        xor     \u, \f, \g
        and     \u, \u, \e
        xor     \u, \u, \g
        add     \h, \h, \u
.endm
#else
/* \d = Σ0(\x) = ROTR2 ^ ROTR13 ^ ROTR22, with the temporary \u. */
.macro SUM0 d, x, u
        roriw   \d, \x, 2
        roriw   \u, \x, 13
        xor     \d, \d, \u
        roriw   \u, \x, 22
        xor     \d, \d, \u
.endm
/* \d = Σ1(\x) = ROTR6 ^ ROTR11 ^ ROTR25. */
.macro SUM1 d, x, u
        roriw   \d, \x, 6
        roriw   \u, \x, 11
        xor     \d, \d, \u
        roriw   \u, \x, 25
        xor     \d, \d, \u
.endm
/* \d = σ0(\x) = ROTR7 ^ ROTR18 ^ SHR3. */
.macro SIG0 d, x, u
        roriw   \d, \x, 7
        roriw   \u, \x, 18
        xor     \d, \d, \u
        srliw   \u, \x, 3
        xor     \d, \d, \u
.endm
/* \d = σ1(\x) = ROTR17 ^ ROTR19 ^ SHR10. */
.macro SIG1 d, x, u
        roriw   \d, \x, 17
        roriw   \u, \x, 19
        xor     \d, \d, \u
        srliw   \u, \x, 10
        xor     \d, \d, \u
.endm
/* \h += Ch(\e, \f, \g) as the two disjoint terms e & f and g & ~e. */
.macro CH h, e, f, g, u
        and     \u, \e, \f
        add     \h, \h, \u
        andn    \u, \g, \e
        add     \h, \h, \u
.endm
#endif

/* One round t: T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t] accumulated in
 * h, then d += T1 and h = T1 + Σ0(a) + Maj(a, b, c). \x holds b ^ c and
 * is consumed; \y is the second temporary and then gets a ^ b for the next
 * round. \k is 4t, K[t]'s offset. */
.macro ROUND a, b, c, d, e, f, g, h, w, x, y, k
        lw      T, \k(KT)
        add     \h, \h, \w
        add     \h, \h, T               /* h + K[t] + W[t] */
        CH      \h, \e, \f, \g, \y       /* + Ch(e, f, g) */
        SUM1    T, \e, \y
        add     \h, \h, T               /* + Σ1(e): T1 */
        add     \d, \d, \h              /* d + T1: the next e */
        SUM0    T, \a, \y
        add     \h, \h, T               /* T1 + Σ0(a) */
        xor     \y, \a, \b
        and     \x, \x, \y
        xor     \x, \x, \b
        add     \h, \h, \x              /* + Maj(a, b, c): the next a */
.endm

/* W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], into the register of
 * W[t-16] (\w16); \w15, \w7, \w2 hold W[t-15], W[t-7], W[t-2]. \u is the
 * second temporary (the next round's \y, free until that round's Maj). */
.macro SCHEDULE w16, w15, w7, w2, u
        SIG0    T, \w15, \u
        add     \w16, \w16, T
        SIG1    T, \w2, \u
        add     \w16, \w16, T
        add     \w16, \w16, \w7
.endm

/* W = the big-endian word at \off(t2), read a byte at a time. */
.macro LOAD_WORD w, off
        lbu     \w, \off(t2)
        lbu     T, \off+1(t2)
        slli    \w, \w, 8
        or      \w, \w, T
        lbu     T, \off+2(t2)
        slli    \w, \w, 8
        or      \w, \w, T
        lbu     T, \off+3(t2)
        slli    \w, \w, 8
        or      \w, \w, T
.endm

FIPSMOD_ENTRY KERNEL, 2
        beqz    a2, 2f
        addi    sp, sp, -128
        FIPSMOD_SAVE_CALLEE
        sd      a0, FRAME_STATE(sp)
        sd      a1, FRAME_DATA(sp)
        sd      a2, FRAME_BLOCKS(sp)
        mv      t0, a0
        lw      A, 0(t0)
        lw      B, 4(t0)
        lw      C, 8(t0)
        lw      D, 12(t0)
        lw      E, 16(t0)
        lw      F, 20(t0)
        lw      G, 24(t0)
        lw      H, 28(t0)
1:
        ld      t2, FRAME_DATA(sp)
        LOAD_WORD W0, 0
        LOAD_WORD W1, 4
        LOAD_WORD W2, 8
        LOAD_WORD W3, 12
        LOAD_WORD W4, 16
        LOAD_WORD W5, 20
        LOAD_WORD W6, 24
        LOAD_WORD W7, 28
        LOAD_WORD W8, 32
        LOAD_WORD W9, 36
        LOAD_WORD W10, 40
        LOAD_WORD W11, 44
        LOAD_WORD W12, 48
        LOAD_WORD W13, 52
        LOAD_WORD W14, 56
        LOAD_WORD W15, 60
        addi    t2, t2, 64
        sd      t2, FRAME_DATA(sp)
        lla     KT, .Lsha256_k
        xor     X0, B, C                /* b ^ c for round 0's Maj */

        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 0
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 4
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 8
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 12
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 16
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 20
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 24
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 28
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 32
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 36
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 40
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 44
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 48
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 52
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 56
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 60

        SCHEDULE W0, W1, W9, W14, X1            /* W[16] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 64
        SCHEDULE W1, W2, W10, W15, X0           /* W[17] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 68
        SCHEDULE W2, W3, W11, W0, X1            /* W[18] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 72
        SCHEDULE W3, W4, W12, W1, X0            /* W[19] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 76
        SCHEDULE W4, W5, W13, W2, X1            /* W[20] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 80
        SCHEDULE W5, W6, W14, W3, X0            /* W[21] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 84
        SCHEDULE W6, W7, W15, W4, X1            /* W[22] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 88
        SCHEDULE W7, W8, W0, W5, X0             /* W[23] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 92
        SCHEDULE W8, W9, W1, W6, X1             /* W[24] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 96
        SCHEDULE W9, W10, W2, W7, X0            /* W[25] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 100
        SCHEDULE W10, W11, W3, W8, X1           /* W[26] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 104
        SCHEDULE W11, W12, W4, W9, X0           /* W[27] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 108
        SCHEDULE W12, W13, W5, W10, X1          /* W[28] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 112
        SCHEDULE W13, W14, W6, W11, X0          /* W[29] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 116
        SCHEDULE W14, W15, W7, W12, X1          /* W[30] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 120
        SCHEDULE W15, W0, W8, W13, X0           /* W[31] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 124

        SCHEDULE W0, W1, W9, W14, X1            /* W[32] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 128
        SCHEDULE W1, W2, W10, W15, X0           /* W[33] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 132
        SCHEDULE W2, W3, W11, W0, X1            /* W[34] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 136
        SCHEDULE W3, W4, W12, W1, X0            /* W[35] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 140
        SCHEDULE W4, W5, W13, W2, X1            /* W[36] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 144
        SCHEDULE W5, W6, W14, W3, X0            /* W[37] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 148
        SCHEDULE W6, W7, W15, W4, X1            /* W[38] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 152
        SCHEDULE W7, W8, W0, W5, X0             /* W[39] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 156
        SCHEDULE W8, W9, W1, W6, X1             /* W[40] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 160
        SCHEDULE W9, W10, W2, W7, X0            /* W[41] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 164
        SCHEDULE W10, W11, W3, W8, X1           /* W[42] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 168
        SCHEDULE W11, W12, W4, W9, X0           /* W[43] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 172
        SCHEDULE W12, W13, W5, W10, X1          /* W[44] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 176
        SCHEDULE W13, W14, W6, W11, X0          /* W[45] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 180
        SCHEDULE W14, W15, W7, W12, X1          /* W[46] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 184
        SCHEDULE W15, W0, W8, W13, X0           /* W[47] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 188

        SCHEDULE W0, W1, W9, W14, X1            /* W[48] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 192
        SCHEDULE W1, W2, W10, W15, X0           /* W[49] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 196
        SCHEDULE W2, W3, W11, W0, X1            /* W[50] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 200
        SCHEDULE W3, W4, W12, W1, X0            /* W[51] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 204
        SCHEDULE W4, W5, W13, W2, X1            /* W[52] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 208
        SCHEDULE W5, W6, W14, W3, X0            /* W[53] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 212
        SCHEDULE W6, W7, W15, W4, X1            /* W[54] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 216
        SCHEDULE W7, W8, W0, W5, X0             /* W[55] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 220
        SCHEDULE W8, W9, W1, W6, X1             /* W[56] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 224
        SCHEDULE W9, W10, W2, W7, X0            /* W[57] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 228
        SCHEDULE W10, W11, W3, W8, X1           /* W[58] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 232
        SCHEDULE W11, W12, W4, W9, X0           /* W[59] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 236
        SCHEDULE W12, W13, W5, W10, X1          /* W[60] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 240
        SCHEDULE W13, W14, W6, W11, X0          /* W[61] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 244
        SCHEDULE W14, W15, W7, W12, X1          /* W[62] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 248
        SCHEDULE W15, W0, W8, W13, X0           /* W[63] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 252

        /* H(i) = H(i-1) + a..h: after 64 rounds every role is back in its
         * register. The sums stay in a..h for the next block. */
        ld      t0, FRAME_STATE(sp)
        lw      t1, 0(t0)
        add     A, A, t1
        sw      A, 0(t0)
        lw      t1, 4(t0)
        add     B, B, t1
        sw      B, 4(t0)
        lw      t1, 8(t0)
        add     C, C, t1
        sw      C, 8(t0)
        lw      t1, 12(t0)
        add     D, D, t1
        sw      D, 12(t0)
        lw      t1, 16(t0)
        add     E, E, t1
        sw      E, 16(t0)
        lw      t1, 20(t0)
        add     F, F, t1
        sw      F, 20(t0)
        lw      t1, 24(t0)
        add     G, G, t1
        sw      G, 24(t0)
        lw      t1, 28(t0)
        add     H, H, t1
        sw      H, 28(t0)
        ld      t1, FRAME_BLOCKS(sp)
        addi    t1, t1, -1
        sd      t1, FRAME_BLOCKS(sp)
        bnez    t1, 1b

        FIPSMOD_RESTORE_CALLEE
        addi    sp, sp, 128
2:
        ret
FIPSMOD_END KERNEL

        .section .rodata
        .p2align 2
.Lsha256_k:
#include "../sha256_k.inc"
