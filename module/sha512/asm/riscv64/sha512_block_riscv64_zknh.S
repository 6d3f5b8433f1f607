/*
 * SHA-512 block function for riscv64 with Zknh and Zbb (FIPS 180-4 §6.4.2):
 *
 *   void fipsmod_sha512_block_riscv64_zknh(uint64_t state[8],
 *                                          const uint8_t *data, size_t blocks);
 *
 * Runs the compression function over `blocks` 128-byte blocks at `data`,
 * which may have any alignment, and updates the eight chaining words.
 * blocks == 0 returns before touching memory.
 *
 * On RV64, Zknh does each of the four functions of §4.1.3 in one
 * instruction on one 64-bit register:
 *   sha512sum0 = Σ0(x) = ROTR28 ^ ROTR34 ^ ROTR39
 *   sha512sum1 = Σ1(x) = ROTR14 ^ ROTR18 ^ ROTR41
 *   sha512sig0 = σ0(x) = ROTR1 ^ ROTR8 ^ SHR7
 *   sha512sig1 = σ1(x) = ROTR19 ^ ROTR61 ^ SHR6
 * Zbb gives andn for Ch and rev8 for the big-endian message words:
 *   Ch(e, f, g) = (e & f) + (g & ~e)    and, andn: the two terms have no
 *                                       bit in common, so ^ is +, and each
 *                                       is added on its own
 *   Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, with b ^ c carried from the
 *                                       round before (its a ^ b)
 *
 * Register map (28 registers; the three arguments live on the stack):
 *   a0-a7   a..h, the working variables; a register's role moves one
 *           place a round (the new a is the register that held h, the new
 *           e the one that held d), so no round moves a value, and after
 *           80 rounds every role is back in its register
 *   s0-s11, t3-t6   W[0..15], the message schedule: W[t] lives in the
 *           register of W[t mod 16] and replaces W[t-16] at round t
 *   t2      the K table (and, while the block is read, the data pointer)
 *   t0      the round's temporary
 *   t1, ra  Maj's carried term: one holds b ^ c on entry to a round, the
 *           other gets a ^ b, which is the next round's b ^ c; they swap
 *           roles every round. The one that gets a ^ b is free until then,
 *           and is the second temporary of Ch. While an unaligned block
 *           is read (before the first round), they hold the two shift
 *           counts that join aligned doublewords.
 *   sp+104, +112, +120   the state pointer, the data pointer, the blocks
 *           left; ra and s0-s11 are saved at sp+0..96
 *
 * The message is big-endian and may be unaligned. An aligned block is read
 * with one ld and one rev8 a word. An unaligned one is never loaded with a
 * misaligned access (many cores trap those to firmware): it is read as the
 * seventeen aligned doublewords that hold it, and each word joined from two
 * neighbours, W = rev8((L[i] >> 8k) | (L[i+1] << (64 - 8k))), k = data
 * mod 8 (as the MD5 kernels do). The first and last of those doublewords
 * also hold bytes just outside the block; an aligned doubleword never
 * crosses a page, so reading them cannot fault, and those bytes are
 * shifted out. The branch between the two ways depends on the address
 * only, never on the data.
 *
 * One round (ROUND below) is 16 instructions, a schedule step (SCHEDULE) 5:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h  = T1 + Σ0(a) + Maj(a, b, c)
 * h + K[t] + W[t] is summed before e is ready. Its critical path, from e to
 * the next e (the register of d, plus T1):
 *   sha512sum1 | andn -> add -> add(h) -> add(d)    (and -> add(h) beside it)
 * and from a to the next a, once T1 is ready: sha512sum0 -> add -> add,
 * with Maj's xor -> and -> xor beside it.
 *
 * Instructions per block: 80 x 16 (rounds) + 64 x 5 (schedule) + 32 (an
 * aligned block's loads: ld, rev8) + 38 (the loop: the data pointer, the
 * alignment test, the K table, b ^ c, H(i) = H(i-1) + a..h as ld, add, sd,
 * the blocks count; the loop is longer than a conditional branch reaches,
 * so the assembler makes its back branch a beqz over a j) = 1670; an
 * unaligned block takes 54 more (17 ld and 16 x (srl, sll, or, rev8) for
 * the 32, the shift counts, the jumps out of line and back).
 */
#include "core/asm.h"

        .option arch, +zknh, +zbb

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
#define SHIFT   t1      /* X0, before the first round: 8 * (data mod 8) */
#define NSHIFT  ra      /* X1, before the first round: -SHIFT (mod 64) */

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

/* One round t: T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t] accumulated in
 * h, then d += T1 and h = T1 + Σ0(a) + Maj(a, b, c). \x holds b ^ c and
 * is consumed; \y is the second temporary and then gets a ^ b for the next
 * round. \k is 8t, K[t]'s offset. */
.macro ROUND a, b, c, d, e, f, g, h, w, x, y, k
        ld      T, \k(KT)
        add     \h, \h, \w
        add     \h, \h, T               /* h + K[t] + W[t] */
        sha512sum1 T, \e
        andn    \y, \g, \e
        add     T, T, \y                /* Σ1(e) + (g & ~e) */
        and     \y, \e, \f
        add     \h, \h, \y
        add     \h, \h, T               /* T1 */
        add     \d, \d, \h              /* d + T1: the next e */
        sha512sum0 T, \a
        xor     \y, \a, \b
        and     \x, \x, \y
        xor     \x, \x, \b              /* Maj(a, b, c) */
        add     \h, \h, T
        add     \h, \h, \x              /* T1 + Σ0(a) + Maj: the next a */
.endm

/* W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], into the register of
 * W[t-16] (\w16); \w15, \w7, \w2 hold W[t-15], W[t-7], W[t-2]. */
.macro SCHEDULE w16, w15, w7, w2
        sha512sig0 T, \w15
        add     \w16, \w16, T
        sha512sig1 T, \w2
        add     \w16, \w16, T
        add     \w16, \w16, \w7
.endm

/* \w = the big-endian word at the aligned address \off(t2): ld, rev8. */
.macro LOAD_WORD w, off
        ld      \w, \off(t2)
        rev8    \w, \w
.endm

/* W[0..15] from an aligned block at t2. */
.macro LOAD_ALIGNED
        LOAD_WORD W0, 0
        LOAD_WORD W1, 8
        LOAD_WORD W2, 16
        LOAD_WORD W3, 24
        LOAD_WORD W4, 32
        LOAD_WORD W5, 40
        LOAD_WORD W6, 48
        LOAD_WORD W7, 56
        LOAD_WORD W8, 64
        LOAD_WORD W9, 72
        LOAD_WORD W10, 80
        LOAD_WORD W11, 88
        LOAD_WORD W12, 96
        LOAD_WORD W13, 104
        LOAD_WORD W14, 112
        LOAD_WORD W15, 120
.endm

/* \w, which holds aligned doubleword L[i], becomes the message word
 * rev8((L[i] >> SHIFT) | (L[i+1] << NSHIFT)), L[i+1] being in \next. */
.macro JOIN w, next
        srl     \w, \w, SHIFT
        sll     T, \next, NSHIFT
        or      \w, \w, T
        rev8    \w, \w
.endm

/* W[0..15] from a block that is not 8-byte aligned, t2 being the aligned
 * address below it: the seventeen aligned doublewords that hold it, each
 * pair joined as soon as both are loaded. */
.macro LOAD_UNALIGNED
        ld      W0, 0(t2)
        ld      W1, 8(t2)
        JOIN    W0, W1
        ld      W2, 16(t2)
        JOIN    W1, W2
        ld      W3, 24(t2)
        JOIN    W2, W3
        ld      W4, 32(t2)
        JOIN    W3, W4
        ld      W5, 40(t2)
        JOIN    W4, W5
        ld      W6, 48(t2)
        JOIN    W5, W6
        ld      W7, 56(t2)
        JOIN    W6, W7
        ld      W8, 64(t2)
        JOIN    W7, W8
        ld      W9, 72(t2)
        JOIN    W8, W9
        ld      W10, 80(t2)
        JOIN    W9, W10
        ld      W11, 88(t2)
        JOIN    W10, W11
        ld      W12, 96(t2)
        JOIN    W11, W12
        ld      W13, 104(t2)
        JOIN    W12, W13
        ld      W14, 112(t2)
        JOIN    W13, W14
        ld      W15, 120(t2)
        JOIN    W14, W15
        ld      T, 128(t2)
        srl     W15, W15, SHIFT
        sll     T, T, NSHIFT
        or      W15, W15, T
        rev8    W15, W15
.endm

FIPSMOD_ENTRY fipsmod_sha512_block_riscv64_zknh, 2
        beqz    a2, 2f
        addi    sp, sp, -128
        FIPSMOD_SAVE_CALLEE
        sd      a0, FRAME_STATE(sp)
        sd      a1, FRAME_DATA(sp)
        sd      a2, FRAME_BLOCKS(sp)
        mv      t0, a0
        ld      A, 0(t0)
        ld      B, 8(t0)
        ld      C, 16(t0)
        ld      D, 24(t0)
        ld      E, 32(t0)
        ld      F, 40(t0)
        ld      G, 48(t0)
        ld      H, 56(t0)
1:
        ld      t2, FRAME_DATA(sp)
        andi    T, t2, 7
        bnez    T, 4f                   /* unaligned: read out of line */
        LOAD_ALIGNED
        addi    t2, t2, 128
        sd      t2, FRAME_DATA(sp)
3:
        lla     KT, .Lsha512_k
        xor     X0, B, C                /* b ^ c for round 0's Maj */

        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 0
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 8
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 16
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 24
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 32
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 40
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 48
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 56
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 64
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 72
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 80
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 88
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 96
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 104
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 112
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 120

        SCHEDULE W0, W1, W9, W14                /* W[16] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 128
        SCHEDULE W1, W2, W10, W15               /* W[17] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 136
        SCHEDULE W2, W3, W11, W0                /* W[18] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 144
        SCHEDULE W3, W4, W12, W1                /* W[19] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 152
        SCHEDULE W4, W5, W13, W2                /* W[20] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 160
        SCHEDULE W5, W6, W14, W3                /* W[21] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 168
        SCHEDULE W6, W7, W15, W4                /* W[22] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 176
        SCHEDULE W7, W8, W0, W5                 /* W[23] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 184
        SCHEDULE W8, W9, W1, W6                 /* W[24] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 192
        SCHEDULE W9, W10, W2, W7                /* W[25] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 200
        SCHEDULE W10, W11, W3, W8               /* W[26] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 208
        SCHEDULE W11, W12, W4, W9               /* W[27] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 216
        SCHEDULE W12, W13, W5, W10              /* W[28] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 224
        SCHEDULE W13, W14, W6, W11              /* W[29] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 232
        SCHEDULE W14, W15, W7, W12              /* W[30] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 240
        SCHEDULE W15, W0, W8, W13               /* W[31] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 248

        SCHEDULE W0, W1, W9, W14                /* W[32] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 256
        SCHEDULE W1, W2, W10, W15               /* W[33] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 264
        SCHEDULE W2, W3, W11, W0                /* W[34] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 272
        SCHEDULE W3, W4, W12, W1                /* W[35] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 280
        SCHEDULE W4, W5, W13, W2                /* W[36] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 288
        SCHEDULE W5, W6, W14, W3                /* W[37] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 296
        SCHEDULE W6, W7, W15, W4                /* W[38] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 304
        SCHEDULE W7, W8, W0, W5                 /* W[39] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 312
        SCHEDULE W8, W9, W1, W6                 /* W[40] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 320
        SCHEDULE W9, W10, W2, W7                /* W[41] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 328
        SCHEDULE W10, W11, W3, W8               /* W[42] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 336
        SCHEDULE W11, W12, W4, W9               /* W[43] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 344
        SCHEDULE W12, W13, W5, W10              /* W[44] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 352
        SCHEDULE W13, W14, W6, W11              /* W[45] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 360
        SCHEDULE W14, W15, W7, W12              /* W[46] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 368
        SCHEDULE W15, W0, W8, W13               /* W[47] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 376

        SCHEDULE W0, W1, W9, W14                /* W[48] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 384
        SCHEDULE W1, W2, W10, W15               /* W[49] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 392
        SCHEDULE W2, W3, W11, W0                /* W[50] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 400
        SCHEDULE W3, W4, W12, W1                /* W[51] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 408
        SCHEDULE W4, W5, W13, W2                /* W[52] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 416
        SCHEDULE W5, W6, W14, W3                /* W[53] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 424
        SCHEDULE W6, W7, W15, W4                /* W[54] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 432
        SCHEDULE W7, W8, W0, W5                 /* W[55] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 440
        SCHEDULE W8, W9, W1, W6                 /* W[56] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 448
        SCHEDULE W9, W10, W2, W7                /* W[57] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 456
        SCHEDULE W10, W11, W3, W8               /* W[58] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 464
        SCHEDULE W11, W12, W4, W9               /* W[59] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 472
        SCHEDULE W12, W13, W5, W10              /* W[60] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 480
        SCHEDULE W13, W14, W6, W11              /* W[61] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 488
        SCHEDULE W14, W15, W7, W12              /* W[62] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 496
        SCHEDULE W15, W0, W8, W13               /* W[63] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 504

        SCHEDULE W0, W1, W9, W14                /* W[64] */
        ROUND   A, B, C, D, E, F, G, H, W0, X0, X1, 512
        SCHEDULE W1, W2, W10, W15               /* W[65] */
        ROUND   H, A, B, C, D, E, F, G, W1, X1, X0, 520
        SCHEDULE W2, W3, W11, W0                /* W[66] */
        ROUND   G, H, A, B, C, D, E, F, W2, X0, X1, 528
        SCHEDULE W3, W4, W12, W1                /* W[67] */
        ROUND   F, G, H, A, B, C, D, E, W3, X1, X0, 536
        SCHEDULE W4, W5, W13, W2                /* W[68] */
        ROUND   E, F, G, H, A, B, C, D, W4, X0, X1, 544
        SCHEDULE W5, W6, W14, W3                /* W[69] */
        ROUND   D, E, F, G, H, A, B, C, W5, X1, X0, 552
        SCHEDULE W6, W7, W15, W4                /* W[70] */
        ROUND   C, D, E, F, G, H, A, B, W6, X0, X1, 560
        SCHEDULE W7, W8, W0, W5                 /* W[71] */
        ROUND   B, C, D, E, F, G, H, A, W7, X1, X0, 568
        SCHEDULE W8, W9, W1, W6                 /* W[72] */
        ROUND   A, B, C, D, E, F, G, H, W8, X0, X1, 576
        SCHEDULE W9, W10, W2, W7                /* W[73] */
        ROUND   H, A, B, C, D, E, F, G, W9, X1, X0, 584
        SCHEDULE W10, W11, W3, W8               /* W[74] */
        ROUND   G, H, A, B, C, D, E, F, W10, X0, X1, 592
        SCHEDULE W11, W12, W4, W9               /* W[75] */
        ROUND   F, G, H, A, B, C, D, E, W11, X1, X0, 600
        SCHEDULE W12, W13, W5, W10              /* W[76] */
        ROUND   E, F, G, H, A, B, C, D, W12, X0, X1, 608
        SCHEDULE W13, W14, W6, W11              /* W[77] */
        ROUND   D, E, F, G, H, A, B, C, W13, X1, X0, 616
        SCHEDULE W14, W15, W7, W12              /* W[78] */
        ROUND   C, D, E, F, G, H, A, B, W14, X0, X1, 624
        SCHEDULE W15, W0, W8, W13               /* W[79] */
        ROUND   B, C, D, E, F, G, H, A, W15, X1, X0, 632

        /* H(i) = H(i-1) + a..h: after 80 rounds every role is back in its
         * register. The sums stay in a..h for the next block. */
        ld      t0, FRAME_STATE(sp)
        ld      t1, 0(t0)
        add     A, A, t1
        sd      A, 0(t0)
        ld      t1, 8(t0)
        add     B, B, t1
        sd      B, 8(t0)
        ld      t1, 16(t0)
        add     C, C, t1
        sd      C, 16(t0)
        ld      t1, 24(t0)
        add     D, D, t1
        sd      D, 24(t0)
        ld      t1, 32(t0)
        add     E, E, t1
        sd      E, 32(t0)
        ld      t1, 40(t0)
        add     F, F, t1
        sd      F, 40(t0)
        ld      t1, 48(t0)
        add     G, G, t1
        sd      G, 48(t0)
        ld      t1, 56(t0)
        add     H, H, t1
        sd      H, 56(t0)
        ld      t1, FRAME_BLOCKS(sp)
        addi    t1, t1, -1
        sd      t1, FRAME_BLOCKS(sp)
        bnez    t1, 1b

        FIPSMOD_RESTORE_CALLEE
        addi    sp, sp, 128
2:
        ret

        /* An unaligned block (data mod 8 = k, not 0): the next block's
         * address saved first, then the shift counts and the aligned
         * address below the block, and back to the rounds. */
4:
        addi    T, t2, 128
        sd      T, FRAME_DATA(sp)
        slli    SHIFT, t2, 3            /* 8k, in the low 6 bits shifts read */
        neg     NSHIFT, SHIFT           /* 64 - 8k, the same way */
        andi    t2, t2, -8
        LOAD_UNALIGNED
        j       3b
FIPSMOD_END fipsmod_sha512_block_riscv64_zknh

        .section .rodata
        .p2align 3
.Lsha512_k:
#include "../sha512_k.inc"
