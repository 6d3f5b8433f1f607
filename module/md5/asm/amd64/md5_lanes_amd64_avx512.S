/*
 * MD5 multi-buffer ("lanes") block function for amd64 with AVX-512 F, BW
 * and VL (RFC 1321 §3.4).
 *
 *   void fipsmod_md5_lanes_amd64_avx512(uint32_t state[4 * 32],
 *                                       const uint8_t *const data[32],
 *                                       size_t blocks);
 *
 * Hashes W = 32 independent messages at once: lane i runs the compression
 * function over its `blocks` 64-byte blocks at data[i] (any alignment; the
 * same pointer may serve several lanes; blocks == 0 returns at once), and
 * updates its chaining values, which the caller keeps transposed:
 * state[r * 32 + i] is word r (A, B, C, D) of lane i. state needs 4-byte
 * alignment only. The lanes ABI is LanesFn in
 * module/md5/md5_lanes.hpp.
 *
 * Width. One zmm holds one word of 16 lanes, so every step is done for 16
 * lanes by the same instructions as one scalar step. The 32 lanes are two
 * such groups of 16, g = 0 and 1, whose steps are interleaved instruction
 * by instruction: a step is a chain of dependent operations (below), and
 * the other group's step fills the cycles the chain waits. Built with
 * -DFIPSMOD_MD5_LANES_GROUPS=1 the file is the same kernel for 16 lanes
 * (W = 16); on the build machine (AMD Zen 5) two groups hash 2.0 times
 * as many bytes a second as one (15.3 against 7.7 GB/s for all lanes
 * together, 8 KiB a lane, best of 20 runs), so W = 32.
 *
 * Register map:
 *   rdi        state: the chaining values, added in and stored each block
 *   rsi        data, the 32 lane pointers (read each block, never written)
 *   rdx        64 * blocks, the end of the offset
 *   rcx        the offset of the current block in every lane: 64 * b
 *   r10        the offset of the block loaded during this one: 64 (b + 1),
 *              or 64 b again for the last block
 *   r8, r9     the X buffers (below) of this block and of the next
 *   rax        one lane's pointer, while its block is loaded; r11 the swap
 *   zmm1-4     group 0's A, B, C, D (the step macros take the working
 *              variables as register numbers 1-4: %zmm\a is group 0's,
 *              %zmm1\a, i.e. zmm11-14, group 1's)
 *   zmm5       group 0's BCOPY: a copy of the step's b, which vpternlogd
 *              overwrites with f(b, c, d)
 *   zmm11-15   group 1's A, B, C, D and BCOPY
 *   zmm16-31   the next block of one group, being loaded: 16 lanes' 64
 *              bytes in 128-bit pieces (LOAD_GROUP)
 *   zmm0, 6-9  the transpose's temporaries
 *   stack      two X buffers of 2 KiB, 64-byte aligned: the transposed
 *              block, X[g][k] (word k of group g's 16 lanes) at
 *              (16 * g + k) * 64 in the buffer, of this block (r8) and of
 *              the next (r9); rbp holds the caller's rsp and is saved
 *              below it
 *   The T constants are broadcast memory operands ({1to16}) of .Lt_table.
 *   No other callee-saved register is used; zmm16-31 are zeroed on return,
 *   vzeroupper clears the upper halves of ymm0-15.
 *
 * One step, for the 16 lanes of a group at once,
 *     a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s),
 * is
 *     a += X[k]                 (early: a was written three steps before)
 *     a += T[i]
 *     BCOPY = f(BCOPY, c, d)    vpternlogd; BCOPY held b
 *     a += BCOPY                vpaddd
 *     a = a <<< s               vprold
 *     BCOPY = a + b             vpaddd  } the new a, twice: BCOPY is the
 *     a += b                    vpaddd  } next step's b, for its vpternlogd
 * so the critical path of a step, from b to the next b (the new a), is
 * vpternlogd -> vpaddd -> vprold -> vpaddd in every round: four dependent
 * operations. Zen 5 gives some of them two cycles of latency: measured,
 * a block takes about 420 core cycles (6.6 a step) whatever the width;
 * the two groups' 14 instructions of a step issue in that time with room
 * to spare (Zen 5 runs four 512-bit integer operations a cycle), so 32
 * lanes cost what 16 do: about 0.21 core cycles a byte of all lanes.
 *
 * The block. Lane i's word k is the 32-bit load from data[i] + 64 b + 4 k;
 * a step needs word k of all 16 lanes of a group in one register. LOAD_GROUP
 * loads each lane's 64 bytes as four 16-byte pieces (a vmovdqu32 and three
 * vinserti32x4 with a memory operand) so that, in every zmm, 128-bit lane m
 * holds one piece of data lane 4m + j; then TRANSPOSE_QUAD turns each set
 * of four such registers into four word registers with the 4x4 dword
 * transpose of vpunpck{l,h}dq and vpunpck{l,h}qdq, which works inside each
 * 128-bit lane. That is 48 inserts and 32 unpacks for 16 lanes, where a
 * transpose of 16 full-row loads takes 64 shuffles; no gathers (slower).
 * The words go to the stack; the steps read them as memory operands.
 *
 * Software pipelining. The first block is loaded before the loop; during
 * the rounds of block b, two of every three steps also do one of the 40
 * pieces (CHUNK) of loading block b + 1 into the other X buffer. Loading a
 * whole block between the rounds measured 20% slower at W = 32 (11.8
 * against 15.3 GB/s): the scheduler, full of step instructions waiting on
 * their chains, took the load's independent instructions only as fast as
 * the chains retired, so the load was not hidden. The last block loads
 * itself again (the offset is not advanced), so that no byte past a lane's
 * data is read.
 */
#include "core/asm.h"

#ifndef FIPSMOD_MD5_LANES_GROUPS
#define FIPSMOD_MD5_LANES_GROUPS 2
#endif
#ifndef FIPSMOD_MD5_LANES_NAME
#define FIPSMOD_MD5_LANES_NAME fipsmod_md5_lanes_amd64_avx512
#endif
#define GROUPS  FIPSMOD_MD5_LANES_GROUPS
#define WIDTH   (16 * GROUPS)

#define STATE   %rdi
#define DATA    %rsi
#define END     %rdx
#define OFFSET  %rcx
#define LANEPTR %rax
#define NEXTOFF %r10
#define CUR     %r8
#define NXT     %r9

/* The working variables, as register numbers (group 0: zmm1-4, group 1:
 * zmm11-14), and the BCOPY register of each group. */
#define A 1
#define B 2
#define C 3
#define D 4
#define BCOPY0  %zmm5
#define BCOPY1  %zmm15

/* The stack: X[g][k] is 64 bytes at XSLOT(g, k)(%rsp). */
#define XSLOT(g, k) (64 * (16 * (g) + (k)))
#define XBYTES  (64 * 16 * GROUPS)

/* The chaining value r (0-3 for A-D) of group g: 16 words at
 * STATE_AT(r, g)(STATE), the layout state[r * W + i] of the ABI. */
#define STATE_AT(r, g) (4 * ((r) * WIDTH + 16 * (g)))

        .if     GROUPS != 1 && GROUPS != 2
        .error  "FIPSMOD_MD5_LANES_GROUPS is 1 or 2"
        .endif

/* Emits its instruction for group 1 only when there is one. */
.macro G1 insn:vararg
        .if     GROUPS == 2
        \insn
        .endif
.endm

/*
 * The vpternlogd immediates. In AT&T order the instruction is
 *     vpternlogd $imm, src3, src2, dst
 * and bit (dst << 2 | src2 << 1 | src3) of imm is the result for those input
 * bits. Every step uses dst = b (its copy BCOPY), src2 = c, src3 = d. The
 * immediate of a function is then the function applied to the three
 * constants below, each the column of one input in that truth table (bit n
 * of TT_B is bit 2 of n, and so on), with ~ kept to 8 bits:
 */
#define TT_B    0xf0
#define TT_C    0xcc
#define TT_D    0xaa
/*
 *   F = (b & c) | (~b & d) = 0xc0 | 0x0a        = 0xca
 *   G = (b & d) | (c & ~d) = 0xa0 | 0x44        = 0xe4
 *   H = b ^ c ^ d          = 0xf0 ^ 0xcc ^ 0xaa = 0x96
 *   I = c ^ (b | ~d)       = 0xcc ^ 0xf5        = 0x39
 * The assembler computes them from the definitions of RFC 1321 §3.4; the
 * .if pins the values.
 */
        .set    .LF_IMM, ((TT_B & TT_C) | (~TT_B & TT_D)) & 0xff
        .set    .LG_IMM, ((TT_B & TT_D) | (TT_C & ~TT_D)) & 0xff
        .set    .LH_IMM, (TT_B ^ TT_C ^ TT_D) & 0xff
        .set    .LI_IMM, (TT_C ^ (TT_B | ~TT_D)) & 0xff
        .if     .LF_IMM != 0xca || .LG_IMM != 0xe4 || .LH_IMM != 0x96 || .LI_IMM != 0x39
        .error  "vpternlogd immediates"
        .endif

/* Step i of RFC 1321 §3.4 for both groups: a = b + ((a + f(b, c, d) +
 * X[k] + T[i]) <<< s), f given by its vpternlogd immediate, a-d register
 * numbers. BCOPY holds b on entry and becomes f; the new a is written to a
 * and to BCOPY, the next step's b. The groups' instructions alternate, so
 * that each waits on its own chain while the other's issues. Steps i with
 * i mod 3 != 2 then do chunk i - i / 3 of the next block's load (steps
 * 0-58 do chunks 0-39; with one group, steps 0-28 do chunks 0-19). */
.macro STEP f, a, b, c, d, k, i, s
        vpaddd  XSLOT(0, \k)(CUR), %zmm\a, %zmm\a
        G1 vpaddd XSLOT(1, \k)(CUR), %zmm1\a, %zmm1\a
        vpaddd  .Lt_table+4*\i(%rip){1to16}, %zmm\a, %zmm\a
        G1 vpaddd .Lt_table+4*\i(%rip){1to16}, %zmm1\a, %zmm1\a
        vpternlogd $\f, %zmm\d, %zmm\c, BCOPY0
        G1 vpternlogd $\f, %zmm1\d, %zmm1\c, BCOPY1
        vpaddd  BCOPY0, %zmm\a, %zmm\a
        G1 vpaddd BCOPY1, %zmm1\a, %zmm1\a
        vprold  $\s, %zmm\a, %zmm\a
        G1 vprold $\s, %zmm1\a, %zmm1\a
        vpaddd  %zmm\b, %zmm\a, BCOPY0
        G1 vpaddd %zmm1\b, %zmm1\a, BCOPY1
        vpaddd  %zmm\b, %zmm\a, %zmm\a
        G1 vpaddd %zmm1\b, %zmm1\a, %zmm1\a
        .if     (\i % 3) != 2
        CHUNK   (\i - \i / 3), NEXTOFF, NXT
        .endif
.endm

/* Loads data lane 16 g + 4 m + j's 64 bytes of the block, its pieces
 * q = 0-3 (bytes 16 q .. 16 q + 15) to 128-bit lane m of zmm r0-r3:
 * m = 0 writes the xmm (and clears the rest), m = 1-3 insert. */
.macro LOAD_LANE off, g, m, j, r0, r1, r2, r3
        movq    8 * (16 * (\g) + 4 * (\m) + (\j))(DATA), LANEPTR
        .if     (\m) == 0
        vmovdqu32 0(LANEPTR, \off), %xmm\r0
        vmovdqu32 16(LANEPTR, \off), %xmm\r1
        vmovdqu32 32(LANEPTR, \off), %xmm\r2
        vmovdqu32 48(LANEPTR, \off), %xmm\r3
        .else
        vinserti32x4 $(\m), 0(LANEPTR, \off), %zmm\r0, %zmm\r0
        vinserti32x4 $(\m), 16(LANEPTR, \off), %zmm\r1, %zmm\r1
        vinserti32x4 $(\m), 32(LANEPTR, \off), %zmm\r2, %zmm\r2
        vinserti32x4 $(\m), 48(LANEPTR, \off), %zmm\r3, %zmm\r3
        .endif
.endm

/* Piece q of the 4 data lanes 4 m + j (j = 0-3) in 128-bit lane m of
 * zmm r0-r3 (a 4x4 matrix per 128-bit lane: row j, column w = word 4 q + w
 * of the lane) becomes X[g][4 q + w], w = 0-3: the dword transpose, by
 *   t0 = r0[0] r1[0] r0[1] r1[1]    t1 = r0[2] r1[2] r0[3] r1[3]
 *   t2 = r2[0] r3[0] r2[1] r3[1]    t3 = r2[2] r3[2] r2[3] r3[3]
 *   w0 = t0 lo, t2 lo  w1 = t0 hi, t2 hi  w2 = t1 lo, t3 lo  w3 = t1 hi, t3 hi
 * in every 128-bit lane at once; so 128-bit lane m of word w holds data
 * lanes 4 m .. 4 m + 3, in order. */
.macro TRANSPOSE_QUAD base, g, q, r0, r1, r2, r3
        vpunpckldq %zmm\r1, %zmm\r0, %zmm6
        vpunpckhdq %zmm\r1, %zmm\r0, %zmm7
        vpunpckldq %zmm\r3, %zmm\r2, %zmm8
        vpunpckhdq %zmm\r3, %zmm\r2, %zmm9
        vpunpcklqdq %zmm8, %zmm6, %zmm0
        vmovdqa64 %zmm0, XSLOT(\g, 4 * \q + 0)(\base)
        vpunpckhqdq %zmm8, %zmm6, %zmm0
        vmovdqa64 %zmm0, XSLOT(\g, 4 * \q + 1)(\base)
        vpunpcklqdq %zmm9, %zmm7, %zmm0
        vmovdqa64 %zmm0, XSLOT(\g, 4 * \q + 2)(\base)
        vpunpckhqdq %zmm9, %zmm7, %zmm0
        vmovdqa64 %zmm0, XSLOT(\g, 4 * \q + 3)(\base)
.endm

/* The block of group g's 16 lanes to X[g][0..15]: zmm 16 + 4 q + j gets
 * piece q of data lanes j, 4 + j, 8 + j, 12 + j; then one transpose per q. */
.macro LOAD_GROUP off, base, g
        .irp    m, 0, 1, 2, 3
        LOAD_LANE \off, \g, \m, 0, 16, 20, 24, 28
        LOAD_LANE \off, \g, \m, 1, 17, 21, 25, 29
        LOAD_LANE \off, \g, \m, 2, 18, 22, 26, 30
        LOAD_LANE \off, \g, \m, 3, 19, 23, 27, 31
        .endr
        TRANSPOSE_QUAD \base, \g, 0, 16, 17, 18, 19
        TRANSPOSE_QUAD \base, \g, 1, 20, 21, 22, 23
        TRANSPOSE_QUAD \base, \g, 2, 24, 25, 26, 27
        TRANSPOSE_QUAD \base, \g, 3, 28, 29, 30, 31
.endm

/* Chunk c (0 .. 20 GROUPS - 1) of LOAD_GROUP, for the steps to spread the
 * next block's loads over the rounds: chunks 20 g .. 20 g + 15 load group
 * g's lanes (LOAD_LANE m = r / 4, j = r % 4 for r = c - 20 g), chunks
 * 20 g + 16 .. 20 g + 19 transpose them (TRANSPOSE_QUAD q = r - 16). */
.macro CHUNK c, off, base
        .if     (\c) < 20 * GROUPS
        .if     ((\c) % 20) < 16
        .if     ((\c) % 4) == 0
        LOAD_LANE \off, (\c) / 20, ((\c) % 20) / 4, 0, 16, 20, 24, 28
        .elseif ((\c) % 4) == 1
        LOAD_LANE \off, (\c) / 20, ((\c) % 20) / 4, 1, 17, 21, 25, 29
        .elseif ((\c) % 4) == 2
        LOAD_LANE \off, (\c) / 20, ((\c) % 20) / 4, 2, 18, 22, 26, 30
        .else
        LOAD_LANE \off, (\c) / 20, ((\c) % 20) / 4, 3, 19, 23, 27, 31
        .endif
        .elseif ((\c) % 20) == 16
        TRANSPOSE_QUAD \base, (\c) / 20, 0, 16, 17, 18, 19
        .elseif ((\c) % 20) == 17
        TRANSPOSE_QUAD \base, (\c) / 20, 1, 20, 21, 22, 23
        .elseif ((\c) % 20) == 18
        TRANSPOSE_QUAD \base, (\c) / 20, 2, 24, 25, 26, 27
        .else
        TRANSPOSE_QUAD \base, (\c) / 20, 3, 28, 29, 30, 31
        .endif
        .endif
.endm

/* Loads group g's chaining values to a-d at entry; bcopy gets B, the first
 * step's b. */
.macro LOAD_STATE g, a, b, c, d, bcopy
        vmovdqu32 STATE_AT(0, \g)(STATE), \a
        vmovdqu32 STATE_AT(1, \g)(STATE), \b
        vmovdqu32 STATE_AT(2, \g)(STATE), \c
        vmovdqu32 STATE_AT(3, \g)(STATE), \d
        vmovdqa64 \b, \bcopy
.endm

/* At the end of a block: adds the chaining values at the block's start
 * (still in memory) to a-d, stores the sums, and copies B to bcopy. */
.macro ADD_STATE g, a, b, c, d, bcopy
        vpaddd  STATE_AT(0, \g)(STATE), \a, \a
        vpaddd  STATE_AT(1, \g)(STATE), \b, \bcopy
        vpaddd  STATE_AT(1, \g)(STATE), \b, \b
        vpaddd  STATE_AT(2, \g)(STATE), \c, \c
        vpaddd  STATE_AT(3, \g)(STATE), \d, \d
        vmovdqu32 \a, STATE_AT(0, \g)(STATE)
        vmovdqu32 \b, STATE_AT(1, \g)(STATE)
        vmovdqu32 \c, STATE_AT(2, \g)(STATE)
        vmovdqu32 \d, STATE_AT(3, \g)(STATE)
.endm

        FIPSMOD_ENTRY_CFI FIPSMOD_MD5_LANES_NAME, 6
        testq   %rdx, %rdx
        jz      .Lreturn
        FIPSMOD_ALIGNED_FRAME (2 * XBYTES), 64     /* the X buffers, 64-byte aligned */
        movq    %rsp, CUR
        leaq    XBYTES(%rsp), NXT
        shlq    $6, END                         /* END = 64 * blocks */
        xorl    %ecx, %ecx                      /* OFFSET = 0 */
        LOAD_STATE 0, %zmm1, %zmm2, %zmm3, %zmm4, BCOPY0
        G1 LOAD_STATE 1, %zmm11, %zmm12, %zmm13, %zmm14, BCOPY1
        LOAD_GROUP OFFSET, CUR, 0
        G1 LOAD_GROUP OFFSET, CUR, 1
        .p2align 4
.Lblock:
        /* The next block's offset; the last block loads itself again. */
        leaq    64(OFFSET), NEXTOFF
        cmpq    END, NEXTOFF
        cmoveq  OFFSET, NEXTOFF
        /* Round 1: F, X[k] in order. */
        STEP    .LF_IMM, A, B, C, D,  0,  0, 7
        STEP    .LF_IMM, D, A, B, C,  1,  1, 12
        STEP    .LF_IMM, C, D, A, B,  2,  2, 17
        STEP    .LF_IMM, B, C, D, A,  3,  3, 22
        STEP    .LF_IMM, A, B, C, D,  4,  4, 7
        STEP    .LF_IMM, D, A, B, C,  5,  5, 12
        STEP    .LF_IMM, C, D, A, B,  6,  6, 17
        STEP    .LF_IMM, B, C, D, A,  7,  7, 22
        STEP    .LF_IMM, A, B, C, D,  8,  8, 7
        STEP    .LF_IMM, D, A, B, C,  9,  9, 12
        STEP    .LF_IMM, C, D, A, B, 10, 10, 17
        STEP    .LF_IMM, B, C, D, A, 11, 11, 22
        STEP    .LF_IMM, A, B, C, D, 12, 12, 7
        STEP    .LF_IMM, D, A, B, C, 13, 13, 12
        STEP    .LF_IMM, C, D, A, B, 14, 14, 17
        STEP    .LF_IMM, B, C, D, A, 15, 15, 22
        /* Round 2: G, k = (1 + 5 i) mod 16. */
        STEP    .LG_IMM, A, B, C, D,  1, 16, 5
        STEP    .LG_IMM, D, A, B, C,  6, 17, 9
        STEP    .LG_IMM, C, D, A, B, 11, 18, 14
        STEP    .LG_IMM, B, C, D, A,  0, 19, 20
        STEP    .LG_IMM, A, B, C, D,  5, 20, 5
        STEP    .LG_IMM, D, A, B, C, 10, 21, 9
        STEP    .LG_IMM, C, D, A, B, 15, 22, 14
        STEP    .LG_IMM, B, C, D, A,  4, 23, 20
        STEP    .LG_IMM, A, B, C, D,  9, 24, 5
        STEP    .LG_IMM, D, A, B, C, 14, 25, 9
        STEP    .LG_IMM, C, D, A, B,  3, 26, 14
        STEP    .LG_IMM, B, C, D, A,  8, 27, 20
        STEP    .LG_IMM, A, B, C, D, 13, 28, 5
        STEP    .LG_IMM, D, A, B, C,  2, 29, 9
        STEP    .LG_IMM, C, D, A, B,  7, 30, 14
        STEP    .LG_IMM, B, C, D, A, 12, 31, 20
        /* Round 3: H, k = (5 + 3 i) mod 16. */
        STEP    .LH_IMM, A, B, C, D,  5, 32, 4
        STEP    .LH_IMM, D, A, B, C,  8, 33, 11
        STEP    .LH_IMM, C, D, A, B, 11, 34, 16
        STEP    .LH_IMM, B, C, D, A, 14, 35, 23
        STEP    .LH_IMM, A, B, C, D,  1, 36, 4
        STEP    .LH_IMM, D, A, B, C,  4, 37, 11
        STEP    .LH_IMM, C, D, A, B,  7, 38, 16
        STEP    .LH_IMM, B, C, D, A, 10, 39, 23
        STEP    .LH_IMM, A, B, C, D, 13, 40, 4
        STEP    .LH_IMM, D, A, B, C,  0, 41, 11
        STEP    .LH_IMM, C, D, A, B,  3, 42, 16
        STEP    .LH_IMM, B, C, D, A,  6, 43, 23
        STEP    .LH_IMM, A, B, C, D,  9, 44, 4
        STEP    .LH_IMM, D, A, B, C, 12, 45, 11
        STEP    .LH_IMM, C, D, A, B, 15, 46, 16
        STEP    .LH_IMM, B, C, D, A,  2, 47, 23
        /* Round 4: I, k = 7 i mod 16. */
        STEP    .LI_IMM, A, B, C, D,  0, 48, 6
        STEP    .LI_IMM, D, A, B, C,  7, 49, 10
        STEP    .LI_IMM, C, D, A, B, 14, 50, 15
        STEP    .LI_IMM, B, C, D, A,  5, 51, 21
        STEP    .LI_IMM, A, B, C, D, 12, 52, 6
        STEP    .LI_IMM, D, A, B, C,  3, 53, 10
        STEP    .LI_IMM, C, D, A, B, 10, 54, 15
        STEP    .LI_IMM, B, C, D, A,  1, 55, 21
        STEP    .LI_IMM, A, B, C, D,  8, 56, 6
        STEP    .LI_IMM, D, A, B, C, 15, 57, 10
        STEP    .LI_IMM, C, D, A, B,  6, 58, 15
        STEP    .LI_IMM, B, C, D, A, 13, 59, 21
        STEP    .LI_IMM, A, B, C, D,  4, 60, 6
        STEP    .LI_IMM, D, A, B, C, 11, 61, 10
        STEP    .LI_IMM, C, D, A, B,  2, 62, 15
        STEP    .LI_IMM, B, C, D, A,  9, 63, 21
        /* The block's result added to the chaining values, which are
         * stored (the next block adds them from there); BCOPY gets B. */
        ADD_STATE 0, %zmm1, %zmm2, %zmm3, %zmm4, BCOPY0
        G1 ADD_STATE 1, %zmm11, %zmm12, %zmm13, %zmm14, BCOPY1
        movq    CUR, %r11                       /* swap the X buffers */
        movq    NXT, CUR
        movq    %r11, NXT
        addq    $64, OFFSET
        cmpq    END, OFFSET
        jne     .Lblock
        /* No message bytes stay in zmm16-31 (vzeroupper does not reach
         * them); EVEX writes of an xmm clear the rest of the zmm. */
        .irp    r, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
        vpxord  %xmm\r, %xmm\r, %xmm\r
        .endr
        vzeroupper
        FIPSMOD_ALIGNED_FRAME_END
.Lreturn:
        ret
        FIPSMOD_END_CFI FIPSMOD_MD5_LANES_NAME

        .section .rodata
        .p2align 6
/* T[0..63] of RFC 1321 §3.4, from the shared table (module/asm/
 * md5_rfc1321_t.inc); each entry FIPSMOD_MD5_T(i, T[i]) is made here a
 * .long (on x86, .word is 16 bits). The steps broadcast T[i] from
 * .Lt_table + 4 i to all 16 lanes. */
.Lt_table:
#define FIPSMOD_MD5_T(i, t) .long t
#include "../md5_rfc1321_t.inc"
#undef FIPSMOD_MD5_T
        .if     . - .Lt_table != 64 * 4
        .error  "the T table is not 64 32-bit words"
        .endif
