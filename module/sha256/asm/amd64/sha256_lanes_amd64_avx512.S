/*
 * SHA-256 multi-buffer ("lanes") block function for amd64 with AVX-512 F
 * and BW (FIPS 180-4 §6.2.2).
 *
 *   void fipsmod_sha256_lanes_amd64_avx512(uint32_t state[8 * 16],
 *                                          const uint8_t *const data[16],
 *                                          size_t blocks);
 *
 * Hashes W = 16 independent messages at once: lane i runs the compression
 * function over its `blocks` 64-byte blocks at data[i] (any alignment; the
 * same pointer may serve several lanes; blocks == 0 returns at once), and
 * updates its chaining values, which the caller keeps transposed:
 * state[j * 16 + i] is word j (a..h) of lane i, native-endian. state needs
 * 4-byte alignment only.
 *
 * Width. One zmm holds one 32-bit word of all 16 lanes, so every round is
 * done for 16 lanes by the same instructions as one scalar round, with
 * vprord for every rotate and vpternlogd for Ch, Maj and the three-way xors
 * of Σ and σ. One group of 16, not two interleaved groups as in the MD5
 * lanes kernel: a SHA-256 round has four independent pieces (Σ1 with Ch,
 * Σ0 with Maj, the schedule, the h + W + K adds) and is bound by how many
 * instructions the vector ports take, not by its chain (below), so a second
 * group would only double the register pressure.
 *
 * Register map:
 *   rdi        state: the chaining values, added in and stored each block
 *   rsi        data, the 16 lane pointers (read each block, never written)
 *   rdx        64 * blocks, the end of the offset
 *   rcx        the offset of the current block in every lane: 64 * b
 *   rax        one lane's pointer, while its block is loaded
 *   zmm0-7     the working variables a..h; the round macro takes them as
 *              register numbers in rotated order, so no round moves them
 *   zmm8-15    scratch: zmm8-10 Σ0 (and σ0), zmm11 Ch, zmm12-14 Σ1 (and
 *              σ1 in zmm13-15), zmm15 Maj; zmm8-11 the load's transpose
 *   zmm16-31   the message schedule, a ring: W[t] of the 16 lanes in
 *              zmm(16 + t mod 16), each W[t] for t >= 16 written over
 *              W[t - 16] at the start of round t
 *   K[t] is a broadcast memory operand ({1to16}) of .LK. No stack, no
 *   callee-saved register.
 *
 * One round (§6.2.2 step 3), names rotating instead of values:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h = T1 + Σ0(a) + Maj(a, b, c)
 * is 19 instructions: h += W[t], h += K[t] (neither waits for e); a copy of
 * f and one vpternlogd for Ch; three vprord and one vpternlogd for Σ1; two
 * adds into h and the add into d; a copy of b and one vpternlogd for Maj;
 * three vprord and one vpternlogd for Σ0; its add to Maj and the add into h.
 * The critical path from e to the next e is vprord -> vpternlogd -> vpaddd
 * -> vpaddd (Σ1, into h, into d): 4 operations; from a to the next a the
 * same length (Σ0, T2, into h), side by side. Rounds 16-63 first make
 * W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]: 11 more (two sets
 * of two vprord, a vpsrld and a vpternlogd, three adds), whose chain (from
 * W[t-2]) is two rounds long. So a block is 64 * 19 + 48 * 11 = 1744
 * instructions, of which 6 * 64 + 6 * 48 = 672 rotates and shifts, for a
 * chain of 4 * 64 = 256; on Intel cores, which run 512-bit integer
 * operations on two ports (shifts on one), the instruction count is the
 * bound: about 870 cycles a block, 54 a block of each lane.
 *
 * The block. Lane i's word k is the big-endian 32-bit word at
 * data[i] + 64 b + 4 k; a round needs word k of all 16 lanes in one
 * register. LOAD_LANE loads each lane's 64 bytes as four 16-byte pieces (a
 * vmovdqu32 to the xmm and three vinserti32x4 with a memory operand) so
 * that, in every zmm, 128-bit lane m holds one piece of data lane 4m + j;
 * then TRANSPOSE_QUAD turns each set of four such registers into four word
 * registers with the 4x4 dword transpose of vpunpck{l,h}dq and
 * vpunpck{l,h}qdq, which works inside each 128-bit lane, and a vpshufb
 * swaps the bytes of every word (.Lbswap). 64 loads, 32 unpacks, 16
 * shuffles: about 6% of a block. They are done between blocks, straight
 * into zmm16-31; the reads of the next block depend on nothing the rounds
 * compute, so they issue as soon as the front end reaches them.
 */
#include "core/asm.h"

#define STATE   %rdi
#define DATA    %rsi
#define END     %rdx
#define OFFSET  %rcx
#define LANEPTR %rax

/* The chaining value j (0-7 for a-h): 16 words at 64 j(STATE), the layout
 * state[j * 16 + i] of the ABI. */
#define STATE_AT(j) (64 * (j))

/*
 * The vpternlogd immediates. In AT&T order the instruction is
 *     vpternlogd $imm, src3, src2, dst
 * and bit (dst << 2 | src2 << 1 | src3) of imm is the result for those input
 * bits. The immediate of a function is the function applied to the three
 * constants below, each the column of one input in that truth table (bit n
 * of TT_DST is bit 2 of n, and so on), with ~ kept to 8 bits:
 */
#define TT_DST  0xf0
#define TT_SRC2 0xcc
#define TT_SRC3 0xaa
/*
 *   XOR3 (Σ0, Σ1, σ0, σ1)  dst ^ src2 ^ src3                 = 0x96
 *   CH, dst = f, src2 = e, src3 = g:
 *     Ch(e, f, g) = (e & f) ^ (~e & g) = 0xc0 | 0x22       = 0xe2
 *   MAJ, dst = b, src2 = a, src3 = c (symmetric):
 *     Maj(a, b, c) = (a & b) ^ (a & c) ^ (b & c)            = 0xe8
 * The assembler computes them from the definitions of FIPS 180-4 §4.1.2;
 * the .if pins the values.
 */
        .set    .LXOR3, (TT_DST ^ TT_SRC2 ^ TT_SRC3) & 0xff
        .set    .LCH, ((TT_SRC2 & TT_DST) ^ (~TT_SRC2 & TT_SRC3)) & 0xff
        .set    .LMAJ, ((TT_SRC2 & TT_DST) ^ (TT_SRC2 & TT_SRC3) ^ (TT_DST & TT_SRC3)) & 0xff
        .if     .LXOR3 != 0x96 || .LCH != 0xe2 || .LMAJ != 0xe8
        .error  "vpternlogd immediates"
        .endif

/* Round t of §6.2.2 for the 16 lanes: a-h the register numbers of the
 * working variables, w that of W[t] (16 + t mod 16), and, for t >= 16,
 * w15, w7, w2 those of W[t-15], W[t-7], W[t-2]. For t >= 16 it first makes
 * W[t] over W[t-16] (§6.2.2 step 1), σ0 = ror 7 ^ ror 18 ^ shr 3 and
 * σ1 = ror 17 ^ ror 19 ^ shr 10 (§4.1.2). Then T1 into h, d += T1, and
 * h = T1 + Σ0(a) + Maj(a, b, c): Σ1 = ror 6 ^ ror 11 ^ ror 25,
 * Σ0 = ror 2 ^ ror 13 ^ ror 22. */
.macro ROUND t, a, b, c, d, e, f, g, h, w, w15, w7, w2
        .if     (\t) >= 16
        vprord  $7, %zmm\w15, %zmm8
        vprord  $18, %zmm\w15, %zmm9
        vpsrld  $3, %zmm\w15, %zmm10
        vpternlogd $.LXOR3, %zmm10, %zmm9, %zmm8        /* σ0(W[t-15]) */
        vprord  $17, %zmm\w2, %zmm13
        vprord  $19, %zmm\w2, %zmm14
        vpsrld  $10, %zmm\w2, %zmm15
        vpternlogd $.LXOR3, %zmm15, %zmm14, %zmm13      /* σ1(W[t-2]) */
        vpaddd  %zmm8, %zmm\w, %zmm\w
        vpaddd  %zmm\w7, %zmm\w, %zmm\w
        vpaddd  %zmm13, %zmm\w, %zmm\w                  /* W[t] */
        .endif
        vpaddd  %zmm\w, %zmm\h, %zmm\h
        vpaddd  .LK + 4 * (\t)(%rip){1to16}, %zmm\h, %zmm\h
        vmovdqa64 %zmm\f, %zmm11
        vpternlogd $.LCH, %zmm\g, %zmm\e, %zmm11        /* Ch(e, f, g) */
        vprord  $6, %zmm\e, %zmm12
        vprord  $11, %zmm\e, %zmm13
        vprord  $25, %zmm\e, %zmm14
        vpternlogd $.LXOR3, %zmm14, %zmm13, %zmm12      /* Σ1(e) */
        vpaddd  %zmm11, %zmm\h, %zmm\h
        vpaddd  %zmm12, %zmm\h, %zmm\h                  /* T1 */
        vpaddd  %zmm\h, %zmm\d, %zmm\d                  /* the next e */
        vmovdqa64 %zmm\b, %zmm15
        vpternlogd $.LMAJ, %zmm\c, %zmm\a, %zmm15       /* Maj(a, b, c) */
        vprord  $2, %zmm\a, %zmm8
        vprord  $13, %zmm\a, %zmm9
        vprord  $22, %zmm\a, %zmm10
        vpternlogd $.LXOR3, %zmm10, %zmm9, %zmm8        /* Σ0(a) */
        vpaddd  %zmm15, %zmm8, %zmm8                    /* T2 */
        vpaddd  %zmm8, %zmm\h, %zmm\h                   /* the next a */
.endm

/* Rounds t0 .. t0 + 15 (t0 a multiple of 16). Round t's a is register
 * (0 - t) mod 8, its b (1 - t) mod 8, and so on: after a round, its h holds
 * the next a and its d the next e. The last four numbers are W[t], W[t-15],
 * W[t-7], W[t-2] in the ring: 16 + t, 16 + (t + 1), 16 + (t + 9),
 * 16 + (t + 14), each mod 16. */
.macro ROUNDS16 t0
        ROUND   (\t0 + 0),  0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 25, 30
        ROUND   (\t0 + 1),  7, 0, 1, 2, 3, 4, 5, 6, 17, 18, 26, 31
        ROUND   (\t0 + 2),  6, 7, 0, 1, 2, 3, 4, 5, 18, 19, 27, 16
        ROUND   (\t0 + 3),  5, 6, 7, 0, 1, 2, 3, 4, 19, 20, 28, 17
        ROUND   (\t0 + 4),  4, 5, 6, 7, 0, 1, 2, 3, 20, 21, 29, 18
        ROUND   (\t0 + 5),  3, 4, 5, 6, 7, 0, 1, 2, 21, 22, 30, 19
        ROUND   (\t0 + 6),  2, 3, 4, 5, 6, 7, 0, 1, 22, 23, 31, 20
        ROUND   (\t0 + 7),  1, 2, 3, 4, 5, 6, 7, 0, 23, 24, 16, 21
        ROUND   (\t0 + 8),  0, 1, 2, 3, 4, 5, 6, 7, 24, 25, 17, 22
        ROUND   (\t0 + 9),  7, 0, 1, 2, 3, 4, 5, 6, 25, 26, 18, 23
        ROUND   (\t0 + 10), 6, 7, 0, 1, 2, 3, 4, 5, 26, 27, 19, 24
        ROUND   (\t0 + 11), 5, 6, 7, 0, 1, 2, 3, 4, 27, 28, 20, 25
        ROUND   (\t0 + 12), 4, 5, 6, 7, 0, 1, 2, 3, 28, 29, 21, 26
        ROUND   (\t0 + 13), 3, 4, 5, 6, 7, 0, 1, 2, 29, 30, 22, 27
        ROUND   (\t0 + 14), 2, 3, 4, 5, 6, 7, 0, 1, 30, 31, 23, 28
        ROUND   (\t0 + 15), 1, 2, 3, 4, 5, 6, 7, 0, 31, 16, 24, 29
.endm

/* Loads data lane 4 m + j's 64 bytes of the block, its pieces q = 0-3
 * (bytes 16 q .. 16 q + 15) to 128-bit lane m of zmm r0-r3: m = 0 writes
 * the xmm (and clears the rest), m = 1-3 insert. */
.macro LOAD_LANE m, j, r0, r1, r2, r3
        movq    8 * (4 * (\m) + (\j))(DATA), LANEPTR
        .if     (\m) == 0
        vmovdqu32 0(LANEPTR, OFFSET), %xmm\r0
        vmovdqu32 16(LANEPTR, OFFSET), %xmm\r1
        vmovdqu32 32(LANEPTR, OFFSET), %xmm\r2
        vmovdqu32 48(LANEPTR, OFFSET), %xmm\r3
        .else
        vinserti32x4 $(\m), 0(LANEPTR, OFFSET), %zmm\r0, %zmm\r0
        vinserti32x4 $(\m), 16(LANEPTR, OFFSET), %zmm\r1, %zmm\r1
        vinserti32x4 $(\m), 32(LANEPTR, OFFSET), %zmm\r2, %zmm\r2
        vinserti32x4 $(\m), 48(LANEPTR, OFFSET), %zmm\r3, %zmm\r3
        .endif
.endm

/* zmm r0-r3 hold piece q of the data lanes 4 m + j, j = 0-3, in 128-bit
 * lane m (a 4x4 matrix per 128-bit lane: row j, column u = word 4 q + u of
 * the lane). They become W[4q + u], u = 0-3, big-endian words made native:
 *   t0 = r0[0] r1[0] r0[1] r1[1]    t1 = r0[2] r1[2] r0[3] r1[3]
 *   t2 = r2[0] r3[0] r2[1] r3[1]    t3 = r2[2] r3[2] r2[3] r3[3]
 *   u0 = t0 lo, t2 lo  u1 = t0 hi, t2 hi  u2 = t1 lo, t3 lo  u3 = t1 hi, t3 hi
 * in every 128-bit lane at once (t0-t3 in zmm8-11); so 128-bit lane m of
 * word u holds data lanes 4 m .. 4 m + 3, in order, and dword i of the
 * register is lane i. */
.macro TRANSPOSE_QUAD r0, r1, r2, r3
        vpunpckldq %zmm\r1, %zmm\r0, %zmm8
        vpunpckhdq %zmm\r1, %zmm\r0, %zmm9
        vpunpckldq %zmm\r3, %zmm\r2, %zmm10
        vpunpckhdq %zmm\r3, %zmm\r2, %zmm11
        vpunpcklqdq %zmm10, %zmm8, %zmm\r0
        vpunpckhqdq %zmm10, %zmm8, %zmm\r1
        vpunpcklqdq %zmm11, %zmm9, %zmm\r2
        vpunpckhqdq %zmm11, %zmm9, %zmm\r3
        vpshufb .Lbswap(%rip), %zmm\r0, %zmm\r0
        vpshufb .Lbswap(%rip), %zmm\r1, %zmm\r1
        vpshufb .Lbswap(%rip), %zmm\r2, %zmm\r2
        vpshufb .Lbswap(%rip), %zmm\r3, %zmm\r3
.endm

/* The block at OFFSET of all 16 lanes to W[0..15] in zmm16-31: zmm
 * 16 + 4 q + j gets piece q of data lanes j, 4 + j, 8 + j, 12 + j; then one
 * transpose per q. */
.macro LOAD_BLOCK
        .irp    m, 0, 1, 2, 3
        LOAD_LANE \m, 0, 16, 20, 24, 28
        LOAD_LANE \m, 1, 17, 21, 25, 29
        LOAD_LANE \m, 2, 18, 22, 26, 30
        LOAD_LANE \m, 3, 19, 23, 27, 31
        .endr
        TRANSPOSE_QUAD 16, 17, 18, 19
        TRANSPOSE_QUAD 20, 21, 22, 23
        TRANSPOSE_QUAD 24, 25, 26, 27
        TRANSPOSE_QUAD 28, 29, 30, 31
.endm

        FIPSMOD_ENTRY fipsmod_sha256_lanes_amd64_avx512, 6
        testq   %rdx, %rdx
        jz      .Lreturn
        shlq    $6, END                         /* END = 64 * blocks */
        xorl    %ecx, %ecx                      /* OFFSET = 0 */
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        vmovdqu32 STATE_AT(\j)(STATE), %zmm\j
        .endr
        .p2align 4
.Lblock:
        LOAD_BLOCK
        ROUNDS16 0
        ROUNDS16 16
        ROUNDS16 32
        ROUNDS16 48
        /* The block's result added to the chaining values at its start
         * (still in memory), and stored for the next block and the caller. */
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        vpaddd  STATE_AT(\j)(STATE), %zmm\j, %zmm\j
        vmovdqu32 %zmm\j, STATE_AT(\j)(STATE)
        .endr
        addq    $64, OFFSET
        cmpq    END, OFFSET
        jne     .Lblock
        /* No message words or values made from them stay in the registers:
         * zmm16-31 are cleared (EVEX writes of an xmm clear the rest of the
         * zmm; vzeroall does not reach them), then vzeroall clears
         * zmm0-15. */
        .irp    r, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
        vpxord  %xmm\r, %xmm\r, %xmm\r
        .endr
        vzeroall
.Lreturn:
        ret
        FIPSMOD_END fipsmod_sha256_lanes_amd64_avx512

        .section .rodata
        .p2align 6
/* K[0..63] of FIPS 180-4 §4.2.2, from the shared table (../sha256_k.inc),
 * one .long each; round t broadcasts K[t] from .LK + 4 t to all 16 lanes. */
.LK:
#include "../sha256_k.inc"
        .if     . - .LK != 64 * 4
        .error  "the K table is not 64 32-bit words"
        .endif
/* vpshufb's control for the byte swap of every 32-bit word: byte 4 k + n of
 * each 128-bit lane takes byte 4 k + 3 - n; repeated for the four 128-bit
 * lanes of a zmm. */
        .p2align 6
.Lbswap:
        .rept   4
        .byte   3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
        .endr
