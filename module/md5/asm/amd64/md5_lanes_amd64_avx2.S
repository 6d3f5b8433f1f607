/*
 * MD5 multi-buffer ("lanes") block function for amd64 with AVX2 (RFC 1321
 * §3.4).
 *
 *   void fipsmod_md5_lanes_amd64_avx2(uint32_t state[4 * 16],
 *                                     const uint8_t *const data[16],
 *                                     size_t blocks);
 *
 * Hashes W = 16 independent messages at once: lane i runs the compression
 * function over its `blocks` 64-byte blocks at data[i] (any alignment; the
 * same pointer may serve several lanes; blocks == 0 returns at once), and
 * updates its chaining values, which the caller keeps transposed:
 * state[r * 16 + i] is word r (A, B, C, D) of lane i. state needs 4-byte
 * alignment only. The lanes ABI is LanesFn in
 * module/md5/md5_lanes.hpp. AVX2 instructions only (no AVX-512, BMI or FMA).
 *
 * Width. One ymm holds one word of 8 lanes, so every step is done for 8
 * lanes by the same instructions as one scalar step. The 16 lanes are two
 * such groups of 8, g = 0 and 1, each step done for group 0 and then for
 * group 1: a step is a chain of dependent operations (below), and the
 * other group's step fills the cycles the chain waits. Built with
 * -DFIPSMOD_MD5_LANES_GROUPS=1 the file is the same kernel for 8 lanes
 * (W = 8); on the build machine (AMD Zen 5) two groups hash 1.93 times
 * as many bytes a second as one (5.15 against 2.67 GB/s for all lanes
 * together, 8 KiB a lane, best of 20 runs), so W = 16.
 *
 * Register map:
 *   rdi        state: the chaining values, added in and stored each block
 *   rsi        data, the 16 lane pointers (read each block, never written)
 *   rdx        64 * blocks, the end of the offset
 *   rcx        the offset of the current block in every lane: 64 * b
 *   rax        one lane's pointer, while its piece of the block is loaded
 *   ymm1-4     group 0's A, B, C, D (the step macros take the working
 *              variables as register numbers 1-4: %ymm\a is group 0's,
 *              %ymm1\a, i.e. ymm11-14, group 1's)
 *   ymm5, 6    group 0's temporaries: f, and the rotate's left shift
 *   ymm7, 8    group 1's
 *   ymm0       the vpshufb control of a rotate by 16 (.Lrotate16),
 *              loaded after the transpose of each block
 *   ymm0, 5-10, 15  while a block is loaded: the transpose (LOAD_QUAD)
 *   stack      the transposed block: X[g][k], word k of group g's 8 lanes,
 *              at (16 * g + k) * 32(%rsp), 64-byte aligned (1 KiB); rbp
 *              holds the caller's rsp and is saved below it
 *   The T constants are memory operands of .Lt8_table, each repeated for
 *   the 8 lanes. No other callee-saved register is used; vzeroupper on
 *   return.
 *
 * One step, for the 8 lanes of a group at once,
 *     a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s),
 * adds X[k] and T[i] to a and computes whatever part of f does not need b
 * before b is ready (a was written three steps before, c and d one and two
 * steps before b). AVX2 has no rotate: a <<< s is (a << s) | (a >> 32 - s),
 * two shifts side by side and an or. The critical path of a step, from b
 * to the next b (the new a), is then
 *   F: and -> xor -> add -> shift -> or -> add      (6; c ^ d made early)
 *   G: and -> add -> shift -> or -> add             (5; c & ~d added early)
 *   H: xor -> add -> shift -> or -> add             (5; c ^ d made early)
 *   I: andn -> xor -> sub -> shift -> or -> add     (6; see STEP_I_GROUP)
 * 22 operations per four steps, 348 a block (the four rotates by 16 are
 * one vpshufb each). Zen 5 gives most of them two cycles of latency:
 * measured, a block takes about 610 core cycles, whatever the width. The
 * two groups' 14-20 vector instructions of a step issue in that time with
 * room to spare, so 16 lanes cost about what 8 do: about 0.6 core cycles
 * a byte of all lanes. On Intel (three vector ALU ports) it is the other
 * way round: the 1304 vector ALU operations of a block need 435 cycles
 * of the ports, more than the chain's 348; docs/md5-lanes.md, "The AVX2
 * kernel's ceiling", has the counts per CPU.
 *
 * The block. Lane i's word k is the 32-bit load from data[i] + 64 b + 4 k;
 * a step needs word k of all 8 lanes of a group in one register. LOAD_QUAD
 * loads one 16-byte piece of each lane (a vmovdqu and a vinserti128 with a
 * memory operand) so that in each ymm, 128-bit lane m holds the piece of
 * data lane 4m + j, and turns the four registers into four word registers
 * with the 4x4 dword transpose of vpunpck{l,h}dq and vpunpck{l,h}qdq,
 * which works inside each 128-bit lane: 4 inserts and 8 unpacks for 4
 * words of 8 lanes, where an 8x8 transpose of full-row loads takes 24
 * shuffles for 8 words; no gathers (slower). The words go to the stack;
 * the steps read them as memory operands. The loads of the next block do
 * not wait for the rounds, so they run ahead out of order.
 */
#include "core/asm.h"

#ifndef FIPSMOD_MD5_LANES_GROUPS
#define FIPSMOD_MD5_LANES_GROUPS 2
#endif
#ifndef FIPSMOD_MD5_LANES_NAME
#define FIPSMOD_MD5_LANES_NAME fipsmod_md5_lanes_amd64_avx2
#endif
#define GROUPS  FIPSMOD_MD5_LANES_GROUPS
#define WIDTH   (8 * GROUPS)

#define STATE   %rdi
#define DATA    %rsi
#define END     %rdx
#define OFFSET  %rcx
#define LANEPTR %rax

/* The working variables, as register numbers (group 0: ymm1-4, group 1:
 * ymm11-14). */
#define A 1
#define B 2
#define C 3
#define D 4
#define F0      %ymm5
#define SHL0    %ymm6
#define F1      %ymm7
#define SHL1    %ymm8
#define ROT16   %ymm0

/* The stack: X[g][k] is 32 bytes at XSLOT(g, k)(%rsp). */
#define XSLOT(g, k) (32 * (16 * (g) + (k)))
#define FRAME   (32 * 16 * GROUPS)
/* T[i] for 8 lanes: 32 bytes at T8(i)(%rip). */
#define T8(i)   .Lt8_table + 32 * (i)

/* The chaining value r (0-3 for A-D) of group g: 8 words at
 * STATE_AT(r, g)(STATE), the layout state[r * W + i] of the ABI. */
#define STATE_AT(r, g) (4 * ((r) * WIDTH + 8 * (g)))

        .if     GROUPS != 1 && GROUPS != 2
        .error  "FIPSMOD_MD5_LANES_GROUPS is 1 or 2"
        .endif

/* Emits its instruction for group 1 only when there is one. */
.macro G1 insn:vararg
        .if     GROUPS == 2
        \insn
        .endif
.endm

/* a += X[k] + T[i], for group g: neither waits for b. */
.macro ADD_MESSAGE_AND_CONSTANT g, a, k, i
        vpaddd  XSLOT(\g, \k)(%rsp), \a, \a
        vpaddd  T8(\i)(%rip), \a, \a
.endm

/* a = b + (a <<< s), the rotate as two shifts and an or; by 16 (four
 * steps of round 3), one vpshufb that swaps the 16-bit halves of each word
 * (.Lrotate16): one operation in place of three, and one step less in the
 * chain. */
.macro ROTATE_ADD a, b, s, shl
        .if     \s == 16
        vpshufb ROT16, \a, \a
        .else
        vpslld  $\s, \a, \shl
        vpsrld  $32 - \s, \a, \a
        vpor    \shl, \a, \a
        .endif
        vpaddd  \b, \a, \a
.endm

/* Round 1 step for group g (registers a-d, temporaries f and shl):
 * F(b, c, d) = (b & c) | (~b & d), computed as d ^ (b & (c ^ d)) so that
 * c ^ d is ready before b. */
.macro STEP_F_GROUP g, a, b, c, d, f, shl, k, i, s
        ADD_MESSAGE_AND_CONSTANT \g, \a, \k, \i
        vpxor   \c, \d, \f
        vpand   \b, \f, \f
        vpxor   \d, \f, \f
        vpaddd  \f, \a, \a
        ROTATE_ADD \a, \b, \s, \shl
.endm

/* Round 2 step: G(b, c, d) = (b & d) | (c & ~d), as the sum of its two
 * disjoint terms, so that only b & d and one add wait for b. */
.macro STEP_G_GROUP g, a, b, c, d, f, shl, k, i, s
        ADD_MESSAGE_AND_CONSTANT \g, \a, \k, \i
        vpandn  \c, \d, \f                      /* ~d & c */
        vpaddd  \f, \a, \a
        vpand   \b, \d, \f
        vpaddd  \f, \a, \a
        ROTATE_ADD \a, \b, \s, \shl
.endm

/* Round 3 step: H(b, c, d) = b ^ c ^ d, c ^ d made before b is ready. */
.macro STEP_H_GROUP g, a, b, c, d, f, shl, k, i, s
        ADD_MESSAGE_AND_CONSTANT \g, \a, \k, \i
        vpxor   \c, \d, \f
        vpxor   \b, \f, \f
        vpaddd  \f, \a, \a
        ROTATE_ADD \a, \b, \s, \shl
.endm

/* Round 4 step: I(b, c, d) = c ^ (b | ~d). As b | ~d = ~(~b & d) and
 * c ^ ~y = ~(c ^ y), I = ~(c ^ (~b & d)), and a + ~z = a - z - 1: so
 * a + I = a - (c ^ (~b & d)) - 1, three operations (vpandn, vpxor,
 * vpsubd) where the formula takes four, with no all-ones register; the
 * -1 is folded into T[48..63] in .Lt8_table. */
.macro STEP_I_GROUP g, a, b, c, d, f, shl, k, i, s
        ADD_MESSAGE_AND_CONSTANT \g, \a, \k, \i
        vpandn  \d, \b, \f                      /* ~b & d */
        vpxor   \c, \f, \f
        vpsubd  \f, \a, \a
        ROTATE_ADD \a, \b, \s, \shl
.endm

/* Step i of RFC 1321 §3.4 with round function fn (F, G, H or I) for both
 * groups: a-d are the register numbers of the step's a, b, c, d. */
.macro STEP fn, a, b, c, d, k, i, s
        STEP_\fn\()_GROUP 0, %ymm\a, %ymm\b, %ymm\c, %ymm\d, F0, SHL0, \k, \i, \s
        G1 STEP_\fn\()_GROUP 1, %ymm1\a, %ymm1\b, %ymm1\c, %ymm1\d, F1, SHL1, \k, \i, \s
.endm

/* Piece q (bytes 16 q .. 16 q + 15) of group g's 8 data lanes becomes
 * X[g][4 q + w], w = 0-3. r0-r3 (ymm5-8) get the piece of data lanes
 * 8 g + j (128-bit lane 0) and 8 g + 4 + j (lane 1), j = 0-3: a 4x4 matrix
 * per 128-bit lane, row j, column w. The dword transpose, in both 128-bit
 * lanes at once:
 *   t0 = r0[0] r1[0] r0[1] r1[1]    t1 = r0[2] r1[2] r0[3] r1[3]
 *   t2 = r2[0] r3[0] r2[1] r3[1]    t3 = r2[2] r3[2] r2[3] r3[3]
 *   w0 = t0 lo, t2 lo  w1 = t0 hi, t2 hi  w2 = t1 lo, t3 lo  w3 = t1 hi, t3 hi
 * so 128-bit lane m of word w holds data lanes 8 g + 4 m .. 8 g + 4 m + 3,
 * in order. t0-t3 are ymm9, 10, 0, 15; the words reuse ymm5-8. */
.macro LOAD_PIECE g, q, j, r
        movq    8 * (8 * \g + \j)(DATA), LANEPTR
        vmovdqu 16 * \q(LANEPTR, OFFSET), %xmm\r
        movq    8 * (8 * \g + 4 + \j)(DATA), LANEPTR
        vinserti128 $1, 16 * \q(LANEPTR, OFFSET), %ymm\r, %ymm\r
.endm

.macro LOAD_QUAD g, q
        LOAD_PIECE \g, \q, 0, 5
        LOAD_PIECE \g, \q, 1, 6
        LOAD_PIECE \g, \q, 2, 7
        LOAD_PIECE \g, \q, 3, 8
        vpunpckldq %ymm6, %ymm5, %ymm9
        vpunpckhdq %ymm6, %ymm5, %ymm10
        vpunpckldq %ymm8, %ymm7, %ymm0
        vpunpckhdq %ymm8, %ymm7, %ymm15
        vpunpcklqdq %ymm0, %ymm9, %ymm5
        vpunpckhqdq %ymm0, %ymm9, %ymm6
        vpunpcklqdq %ymm15, %ymm10, %ymm7
        vpunpckhqdq %ymm15, %ymm10, %ymm8
        vmovdqa %ymm5, XSLOT(\g, 4 * \q + 0)(%rsp)
        vmovdqa %ymm6, XSLOT(\g, 4 * \q + 1)(%rsp)
        vmovdqa %ymm7, XSLOT(\g, 4 * \q + 2)(%rsp)
        vmovdqa %ymm8, XSLOT(\g, 4 * \q + 3)(%rsp)
.endm

/* The block of group g's 8 lanes to X[g][0..15]. */
.macro LOAD_GROUP g
        LOAD_QUAD \g, 0
        LOAD_QUAD \g, 1
        LOAD_QUAD \g, 2
        LOAD_QUAD \g, 3
.endm

/* Loads group g's chaining values to a-d at entry. */
.macro LOAD_STATE g, a, b, c, d
        vmovdqu STATE_AT(0, \g)(STATE), \a
        vmovdqu STATE_AT(1, \g)(STATE), \b
        vmovdqu STATE_AT(2, \g)(STATE), \c
        vmovdqu STATE_AT(3, \g)(STATE), \d
.endm

/* At the end of a block: adds the chaining values at the block's start
 * (still in memory) to a-d and stores the sums. */
.macro ADD_STATE g, a, b, c, d
        vpaddd  STATE_AT(0, \g)(STATE), \a, \a
        vpaddd  STATE_AT(1, \g)(STATE), \b, \b
        vpaddd  STATE_AT(2, \g)(STATE), \c, \c
        vpaddd  STATE_AT(3, \g)(STATE), \d, \d
        vmovdqu \a, STATE_AT(0, \g)(STATE)
        vmovdqu \b, STATE_AT(1, \g)(STATE)
        vmovdqu \c, STATE_AT(2, \g)(STATE)
        vmovdqu \d, STATE_AT(3, \g)(STATE)
.endm

        FIPSMOD_ENTRY_CFI FIPSMOD_MD5_LANES_NAME, 6
        testq   %rdx, %rdx
        jz      .Lreturn
        FIPSMOD_ALIGNED_FRAME FRAME, 64                 /* the X slots, 64-byte aligned */
        shlq    $6, END                         /* END = 64 * blocks */
        xorl    %ecx, %ecx                      /* OFFSET = 0 */
        LOAD_STATE 0, %ymm1, %ymm2, %ymm3, %ymm4
        G1 LOAD_STATE 1, %ymm11, %ymm12, %ymm13, %ymm14
        .p2align 4
.Lblock:
        LOAD_GROUP 0
        G1 LOAD_GROUP 1
        vmovdqa .Lrotate16(%rip), ROT16         /* the transpose used ymm0 */
        /* Round 1: F, X[k] in order. */
        STEP    F, A, B, C, D,  0,  0, 7
        STEP    F, D, A, B, C,  1,  1, 12
        STEP    F, C, D, A, B,  2,  2, 17
        STEP    F, B, C, D, A,  3,  3, 22
        STEP    F, A, B, C, D,  4,  4, 7
        STEP    F, D, A, B, C,  5,  5, 12
        STEP    F, C, D, A, B,  6,  6, 17
        STEP    F, B, C, D, A,  7,  7, 22
        STEP    F, A, B, C, D,  8,  8, 7
        STEP    F, D, A, B, C,  9,  9, 12
        STEP    F, C, D, A, B, 10, 10, 17
        STEP    F, B, C, D, A, 11, 11, 22
        STEP    F, A, B, C, D, 12, 12, 7
        STEP    F, D, A, B, C, 13, 13, 12
        STEP    F, C, D, A, B, 14, 14, 17
        STEP    F, B, C, D, A, 15, 15, 22
        /* Round 2: G, k = (1 + 5 i) mod 16. */
        STEP    G, A, B, C, D,  1, 16, 5
        STEP    G, D, A, B, C,  6, 17, 9
        STEP    G, C, D, A, B, 11, 18, 14
        STEP    G, B, C, D, A,  0, 19, 20
        STEP    G, A, B, C, D,  5, 20, 5
        STEP    G, D, A, B, C, 10, 21, 9
        STEP    G, C, D, A, B, 15, 22, 14
        STEP    G, B, C, D, A,  4, 23, 20
        STEP    G, A, B, C, D,  9, 24, 5
        STEP    G, D, A, B, C, 14, 25, 9
        STEP    G, C, D, A, B,  3, 26, 14
        STEP    G, B, C, D, A,  8, 27, 20
        STEP    G, A, B, C, D, 13, 28, 5
        STEP    G, D, A, B, C,  2, 29, 9
        STEP    G, C, D, A, B,  7, 30, 14
        STEP    G, B, C, D, A, 12, 31, 20
        /* Round 3: H, k = (5 + 3 i) mod 16. */
        STEP    H, A, B, C, D,  5, 32, 4
        STEP    H, D, A, B, C,  8, 33, 11
        STEP    H, C, D, A, B, 11, 34, 16
        STEP    H, B, C, D, A, 14, 35, 23
        STEP    H, A, B, C, D,  1, 36, 4
        STEP    H, D, A, B, C,  4, 37, 11
        STEP    H, C, D, A, B,  7, 38, 16
        STEP    H, B, C, D, A, 10, 39, 23
        STEP    H, A, B, C, D, 13, 40, 4
        STEP    H, D, A, B, C,  0, 41, 11
        STEP    H, C, D, A, B,  3, 42, 16
        STEP    H, B, C, D, A,  6, 43, 23
        STEP    H, A, B, C, D,  9, 44, 4
        STEP    H, D, A, B, C, 12, 45, 11
        STEP    H, C, D, A, B, 15, 46, 16
        STEP    H, B, C, D, A,  2, 47, 23
        /* Round 4: I, k = 7 i mod 16. */
        STEP    I, A, B, C, D,  0, 48, 6
        STEP    I, D, A, B, C,  7, 49, 10
        STEP    I, C, D, A, B, 14, 50, 15
        STEP    I, B, C, D, A,  5, 51, 21
        STEP    I, A, B, C, D, 12, 52, 6
        STEP    I, D, A, B, C,  3, 53, 10
        STEP    I, C, D, A, B, 10, 54, 15
        STEP    I, B, C, D, A,  1, 55, 21
        STEP    I, A, B, C, D,  8, 56, 6
        STEP    I, D, A, B, C, 15, 57, 10
        STEP    I, C, D, A, B,  6, 58, 15
        STEP    I, B, C, D, A, 13, 59, 21
        STEP    I, A, B, C, D,  4, 60, 6
        STEP    I, D, A, B, C, 11, 61, 10
        STEP    I, C, D, A, B,  2, 62, 15
        STEP    I, B, C, D, A,  9, 63, 21
        /* The block's result added to the chaining values, which are
         * stored (the next block adds them from there). */
        ADD_STATE 0, %ymm1, %ymm2, %ymm3, %ymm4
        G1 ADD_STATE 1, %ymm11, %ymm12, %ymm13, %ymm14
        addq    $64, OFFSET
        cmpq    END, OFFSET
        jne     .Lblock
        vzeroupper
        FIPSMOD_ALIGNED_FRAME_END
.Lreturn:
        ret
        FIPSMOD_END_CFI FIPSMOD_MD5_LANES_NAME

        .section .rodata
        .p2align 6
/* T[0..63] of RFC 1321 §3.4, from the shared table (module/asm/
 * md5_rfc1321_t.inc), each entry FIPSMOD_MD5_T(i, T[i]) made here eight
 * .longs: T[i] for the 8 lanes of a ymm at .Lt8_table + 32 i (AVX2 has no
 * broadcast memory operand). */
.Lt8_table:
/* (i) / 48 is 1 for the steps of round 4 (i = 48-63), 0 before: their
 * T[i] - 1 carries the -1 of STEP_I_GROUP's a - z - 1. */
#define FIPSMOD_MD5_T(i, t) .rept 8; .long t - (i) / 48; .endr
#include "../md5_rfc1321_t.inc"
#undef FIPSMOD_MD5_T
        .if     . - .Lt8_table != 64 * 32
        .error  "the T table is not 64 times 8 32-bit words"
        .endif
/* The vpshufb control of a rotate by 16: byte j of each 32-bit word takes
 * byte j ^ 2 of the same word. vpshufb indexes within each 128-bit lane,
 * so word n of a lane (n = 0-3) takes bytes 4n + 2, 4n + 3, 4n, 4n + 1;
 * the same 16 bytes for both lanes. */
        .p2align 5
.Lrotate16:
        .rept   2
        .byte   2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
        .endr
