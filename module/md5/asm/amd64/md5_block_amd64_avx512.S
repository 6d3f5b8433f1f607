/*
 * MD5 block function for amd64 with AVX-512 F+VL (RFC 1321 §3.4).
 *
 *   void fipsmod_md5_block_amd64_avx512(uint32_t state[4],
 *                                       const uint8_t *data, size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data` (any
 * alignment; blocks == 0 returns at once) and updates the four chaining
 * words. One message stream, one step at a time, as the scalar kernels do,
 * but in vector registers: vpternlogd computes each round function F, G, H
 * and I in one instruction, and vprold rotates in one. The instructions are
 * AVX-512 F+VL ones and AVX ones (which every AVX-512 CPU has); no BMI1 or
 * BMI2.
 *
 * Register map:
 *   rdi       state pointer
 *   rsi       data pointer, advanced by 64 per block; rdx the end of the data
 *   xmm0-3    A, B, C, D: the working variables, in lane 0 (lanes 1-3 hold
 *             whatever the steps leave there and are never read)
 *   xmm4      BCOPY: a second copy of the step's b, which vpternlogd
 *             overwrites with f(b, c, d)
 *   xmm5      four consecutive sums X[k] + T[i] of the current round
 *   zmm6      the block: message words X[0..15]
 *   zmm7-10   the 16 sums X[k] + T[i] of rounds 1-4, in step order
 *   zmm11-13  message-word order of rounds 2-4 (vpermd indices, .Lorder)
 *   xmm16-19  the chaining values at the start of the block
 *   xmm20-22  sums 1-3 of a group of four, each brought to lane 0 (vpshufd)
 *   The T constants are memory operands (.Lt_table). Every 512-bit value
 *   is in zmm0-15, whose upper bits vzeroupper clears; xmm16-22 are only
 *   written by EVEX instructions of 128 bits, which zero their upper bits.
 *   No callee-saved register is used and the stack is not touched.
 *
 * Per block, the message is loaded once. Round r's 16 message words, in
 * that round's order, are one vpermd of it (round 1 is in order already);
 * one vpaddd adds the round's 16 T constants. A step then only adds lane 0
 * of a register to a; the sums are taken four at a time from the zmm
 * (vextracti32x4) and each brought to lane 0 by an in-lane shuffle. None of
 * that waits for the previous step, so it runs ahead out of order.
 *
 * One step, a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), is
 *     a += X[k] + T[i]          (early: a was written four steps before)
 *     BCOPY = f(BCOPY, c, d)    vpternlogd; BCOPY held b
 *     a += BCOPY                vpaddd
 *     a = a <<< s               vprold
 *     BCOPY = a + b             vpaddd  } the new a, twice: BCOPY is the
 *     a += b                    vpaddd  } next step's b, for its vpternlogd
 * so the critical path of a step, from b to the next b (the new a), is
 * vpternlogd -> vpaddd -> vprold -> vpaddd: four dependent operations in
 * every round. Where these take one cycle each (Zen 4, Intel), that is 4
 * cycles a step, 256 a block, 4 cycles a byte. Zen 5 gives simple vector
 * integer operations two cycles of latency, so there it is 8 cycles a step
 * (about 8.1 measured), slower than a scalar kernel.
 *
 * Computing the new a twice costs one more vpaddd than copying it, but no
 * register move sits on the critical path, and the chained value enters
 * vpternlogd as its destination operand: on Zen 5, a step whose vpternlogd
 * takes b as a source and overwrites a copy of d measured about 9.3 cycles
 * instead of 8.1.
 */
#include "core/asm.h"

#define STATE   %rdi
#define DATA    %rsi
#define END     %rdx
#define A       %xmm0
#define B       %xmm1
#define C       %xmm2
#define D       %xmm3
#define BCOPY   %xmm4
#define QUAD_SUMS  %xmm5
#define MESSAGE %zmm6
/* The sums of round r are zmm(6 + r); the round macros take the number. */
#define ZMM(n)  ZMM_(n)
#define ZMM_(n) %zmm##n
#define SUMS_R1 7
#define SUMS_R2 8
#define SUMS_R3 9
#define SUMS_R4 10
#define ORDER_R2 %zmm11
#define ORDER_R3 %zmm12
#define ORDER_R4 %zmm13
#define AA      %xmm16
#define BB      %xmm17
#define CC      %xmm18
#define DD      %xmm19
#define SUM1    %xmm20
#define SUM2    %xmm21
#define SUM3    %xmm22

/*
 * The vpternlogd immediates. In AT&T order the instruction is
 *     vpternlogd $imm, src3, src2, dst
 * and bit (dst << 2 | src2 << 1 | src3) of imm is the result for those input
 * bits. Every step uses dst = b (the copy in BCOPY), src2 = c, src3 = d. The
 * immediate of a function is then the function applied to the three
 * constants below, each the column of one input in that truth table
 * (bit n of TT_B is bit 2 of n, and so on), with ~ kept to 8 bits:
 */
#define TT_B    0xf0
#define TT_C    0xcc
#define TT_D    0xaa
/*
 *   F = (b & c) | (~b & d) = 0xc0 | 0x0a        = 0xca
 *   G = (b & d) | (c & ~d) = 0xa0 | 0x44        = 0xe4
 *   H = b ^ c ^ d          = 0xf0 ^ 0xcc ^ 0xaa = 0x96
 *   I = c ^ (b | ~d)       = 0xcc ^ 0xf5        = 0x39
 * The assembler computes them from the definitions (as .L symbols, which
 * stay out of the object's symbol table); the .if pins the values.
 */
        .set    .LF_IMM, ((TT_B & TT_C) | (~TT_B & TT_D)) & 0xff
        .set    .LG_IMM, ((TT_B & TT_D) | (TT_C & ~TT_D)) & 0xff
        .set    .LH_IMM, (TT_B ^ TT_C ^ TT_D) & 0xff
        .set    .LI_IMM, (TT_C ^ (TT_B | ~TT_D)) & 0xff
        .if     .LF_IMM != 0xca || .LG_IMM != 0xe4 || .LH_IMM != 0x96 || .LI_IMM != 0x39
        .error  "vpternlogd immediates"
        .endif

/* One step: a = b + ((a + f(b, c, d) + sum) <<< s), sum = X[k] + T[i] in
 * lane 0 of a register, f given by its vpternlogd immediate. BCOPY holds b
 * on entry and becomes f; the new a is written to a and to BCOPY, the next
 * step's b. */
.macro STEP f, a, b, c, d, sum, s
        vpaddd  \sum, \a, \a
        vpternlogd $\f, \d, \c, BCOPY
        vpaddd  BCOPY, \a, \a
        vprold  $\s, \a, \a
        vpaddd  \b, \a, BCOPY
        vpaddd  \b, \a, \a
.endm

/* Four steps with function f, rotates s0-s3 (RFC 1321 §3.4), and their
 * sums in lanes 0-3 of the xmm register `sums`; vpshufd $j brings lane j to
 * lane 0. The variables take the a, b, c, d roles in turn as in the RFC:
 * ABCD, DABC, CDAB, BCDA. */
.macro FOUR_STEPS f, sums, s0, s1, s2, s3
        STEP    \f, A, B, C, D, \sums, \s0
        vpshufd $1, \sums, SUM1
        STEP    \f, D, A, B, C, SUM1, \s1
        vpshufd $2, \sums, SUM2
        STEP    \f, C, D, A, B, SUM2, \s2
        vpshufd $3, \sums, SUM3
        STEP    \f, B, C, D, A, SUM3, \s3
.endm

/* One round: 16 steps with function f and rotates s0-s3; its sums are
 * zmm`sums`. Steps 0-3 take theirs from the low 128 bits (the xmm of the
 * same number), steps 4q to 4q + 3 from the 128 bits vextracti32x4 $q puts
 * in QUAD_SUMS. */
.macro ROUND f, sums, s0, s1, s2, s3
        FOUR_STEPS \f, %xmm\sums, \s0, \s1, \s2, \s3
        vextracti32x4 $1, %zmm\sums, QUAD_SUMS
        FOUR_STEPS \f, QUAD_SUMS, \s0, \s1, \s2, \s3
        vextracti32x4 $2, %zmm\sums, QUAD_SUMS
        FOUR_STEPS \f, QUAD_SUMS, \s0, \s1, \s2, \s3
        vextracti32x4 $3, %zmm\sums, QUAD_SUMS
        FOUR_STEPS \f, QUAD_SUMS, \s0, \s1, \s2, \s3
.endm

        FIPSMOD_ENTRY fipsmod_md5_block_amd64_avx512, 5
        test    %rdx, %rdx
        jz      .Lreturn
        shl     $6, END
        add     DATA, END                       /* END = data + 64 * blocks */
        vmovdqa64 .Lorder+0*64(%rip), ORDER_R2
        vmovdqa64 .Lorder+1*64(%rip), ORDER_R3
        vmovdqa64 .Lorder+2*64(%rip), ORDER_R4
        vmovd   0(STATE), A
        vmovd   4(STATE), B
        vmovd   8(STATE), C
        vmovd   12(STATE), D
        vmovdqa B, BCOPY                        /* the first step's b */
        .p2align 4
.Lblock:
        /* The block's sums X[k] + T[i] for all 64 steps. */
        vmovdqu32 (DATA), MESSAGE
        vpaddd  .Lt_table+0*64(%rip), MESSAGE, ZMM(SUMS_R1)
        vpermd  MESSAGE, ORDER_R2, ZMM(SUMS_R2)
        vpaddd  .Lt_table+1*64(%rip), ZMM(SUMS_R2), ZMM(SUMS_R2)
        vpermd  MESSAGE, ORDER_R3, ZMM(SUMS_R3)
        vpaddd  .Lt_table+2*64(%rip), ZMM(SUMS_R3), ZMM(SUMS_R3)
        vpermd  MESSAGE, ORDER_R4, ZMM(SUMS_R4)
        vpaddd  .Lt_table+3*64(%rip), ZMM(SUMS_R4), ZMM(SUMS_R4)
        vmovdqa32 A, AA
        vmovdqa32 B, BB
        vmovdqa32 C, CC
        vmovdqa32 D, DD
        /* Rounds 1-4: F, G, H, I with the rotate amounts of RFC 1321 §3.4. */
        ROUND   .LF_IMM, SUMS_R1, 7, 12, 17, 22
        ROUND   .LG_IMM, SUMS_R2, 5, 9, 14, 20
        ROUND   .LH_IMM, SUMS_R3, 4, 11, 16, 23
        ROUND   .LI_IMM, SUMS_R4, 6, 10, 15, 21
        /* Add the block's result to the chaining values (B twice: BCOPY
         * is the next block's first b). */
        vpaddd  AA, A, A
        vpaddd  BB, B, BCOPY
        vpaddd  BB, B, B
        vpaddd  CC, C, C
        vpaddd  DD, D, D
        add     $64, DATA
        cmp     END, DATA
        jne     .Lblock
        vpunpckldq B, A, A                      /* lanes A0 B0 .. */
        vpunpckldq D, C, C                      /* lanes C0 D0 .. */
        vpunpcklqdq C, A, A                     /* A0 B0 C0 D0 */
        vmovdqu A, (STATE)
        vzeroupper
.Lreturn:
        ret
        FIPSMOD_END fipsmod_md5_block_amd64_avx512

        .section .rodata
        .p2align 6
/* T[0..63] of RFC 1321 §3.4, from the shared table; each entry is
 * FIPSMOD_MD5_T(i, T[i]), made here a .long (on x86, .word is 16 bits).
 * Row r (64 bytes) holds the constants of round r + 1. */
.Lt_table:
#define FIPSMOD_MD5_T(i, t) .long t
#include "../md5_rfc1321_t.inc"
#undef FIPSMOD_MD5_T
        .if     . - .Lt_table != 64 * 4
        .error  "the T table is not 64 32-bit words"
        .endif

/* Message-word order of rounds 2-4 (RFC 1321 §3.4): step i of the round
 * (i = 0..15) uses X[k] with k = (1 + 5i) mod 16 in round 2, (5 + 3i) mod 16
 * in round 3 and 7i mod 16 in round 4; round 1 uses k = i. One 64-byte row
 * each: the vpermd index vectors. */
.Lorder:
        .set    .Li, 0
        .rept   16
        .long   (1 + 5 * .Li) & 15
        .set    .Li, .Li + 1
        .endr
        .set    .Li, 0
        .rept   16
        .long   (5 + 3 * .Li) & 15
        .set    .Li, .Li + 1
        .endr
        .set    .Li, 0
        .rept   16
        .long   (7 * .Li) & 15
        .set    .Li, .Li + 1
        .endr
