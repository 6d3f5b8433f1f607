/*
 * SHA-256 multi-buffer ("lanes") block function for amd64 with AVX2
 * (FIPS 180-4 §6.2.2).
 *
 *   void fipsmod_sha256_lanes_amd64_avx2(uint32_t state[8 * 8],
 *                                        const uint8_t *const data[8],
 *                                        size_t blocks);
 *
 * Hashes W = 8 independent messages at once: lane i runs the compression
 * function over its `blocks` 64-byte blocks at data[i] (any alignment; the
 * same pointer may serve several lanes; blocks == 0 returns at once), and
 * updates its chaining values, which the caller keeps transposed:
 * state[j * 8 + i] is word j (a..h) of lane i, native-endian. state needs
 * 4-byte alignment only. AVX2 instructions only (no AVX-512, BMI or FMA).
 *
 * Width. One ymm holds one 32-bit word of all 8 lanes, so every round is
 * done for 8 lanes by the same instructions as one scalar round. AVX2 has
 * no rotate: x ror n is (x >> n) | (x << 32 - n), and since the three
 * rotates of a Σ or σ are xored, each is two shifts xored in, so Σ0 and
 * Σ1 are six shifts and five xors each, σ0 and σ1 five and four. One group
 * of 8, not two interleaved groups as in the MD5 AVX2 lanes kernel: a
 * round's chain (below) is a fraction of its instruction count, so the
 * instructions, not the chain, are the bound, and a second group would
 * need registers there are not (16 ymm).
 *
 * Register map:
 *   rdi        state: the chaining values, added in and stored each block
 *   rsi        data, the 8 lane pointers (read each block, never written)
 *   rdx        64 * blocks, the end of the offset
 *   rcx        the offset of the current block in every lane: 64 * b
 *   rax        one lane's pointer, while its piece of the block is loaded
 *   ymm0-7     the working variables a..h; the round macro takes them as
 *              register numbers in rotated order, so no round moves them
 *   ymm8-13    scratch (Ch, Maj, the Σ and σ, K[t]); ymm8-15 the load's
 *              transpose
 *   ymm14, 15  a ^ b of this round and b ^ c (a ^ b of the round before),
 *              for Maj; they trade roles each round
 *   stack      the message schedule, a ring: W[t] of the 8 lanes at
 *              32 (t mod 16)(%rsp), 32-byte aligned (512 bytes), each W[t]
 *              for t >= 16 written over W[t - 16] at the start of round t;
 *              rbp holds the caller's rsp and is saved below it
 *   K[t] is broadcast from .LK with vpbroadcastd (a load, no vector ALU
 *   operation on the cores measured). No other callee-saved register.
 *
 * One round (§6.2.2 step 3), names rotating instead of values:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h = T1 + Σ0(a) + Maj(a, b, c)
 * with Ch(e, f, g) = g ^ (e & (f ^ g)) and Maj(a, b, c) = b ^ ((a ^ b) &
 * (b ^ c)), b ^ c kept from the round before: 35 vector instructions, 12
 * of them shifts. The critical path from e to the next e is a shift, two
 * xors (the three pairs of Σ1 xored as a tree) and two adds (into h, into
 * d): 5 operations, as is a's to the next a. Rounds 16-63 first make
 * W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]: 21 more, 10 of them
 * shifts. A block is then 64 * 35 + 48 * 21 = 3248 vector instructions,
 * 1248 of them shifts, for a chain of 5 * 64 = 320: the ports are the bound
 * (Intel cores run 256-bit integer operations on three ports and shifts on
 * two of them: about 1080 cycles a block, 135 a block of each lane).
 *
 * The block. Lane i's word k is the big-endian 32-bit word at
 * data[i] + 64 b + 4 k; a round needs word k of all 8 lanes in one
 * register. LOAD_QUAD loads one 16-byte piece of each lane (a vmovdqu and
 * a vinserti128 with a memory operand) so that in each ymm, 128-bit lane m
 * holds the piece of data lane 4m + j, turns the four registers into four
 * word registers with the 4x4 dword transpose of vpunpck{l,h}dq and
 * vpunpck{l,h}qdq, which works inside each 128-bit lane, swaps the bytes
 * of each word (vpshufb, .Lbswap) and stores them to the ring: 4 inserts,
 * 8 unpacks and 4 shuffles for 4 words of 8 lanes, about 2% of a block.
 */
#include "core/asm.h"

#define STATE   %rdi
#define DATA    %rsi
#define END     %rdx
#define OFFSET  %rcx
#define LANEPTR %rax

/* W[t] of the 8 lanes: 32 bytes at WSLOT(t)(%rsp). */
#define WSLOT(t) (32 * ((t) % 16))
#define FRAME   (32 * 16)

/* The chaining value j (0-7 for a-h): 8 words at 32 j(STATE), the layout
 * state[j * 8 + i] of the ABI. */
#define STATE_AT(j) (32 * (j))

/* dst = x ror r1 ^ x ror r2 ^ x ror r3 (Σ0, Σ1 of §4.1.2): six shifts,
 * the pairs xored as a tree so that the result is three operations after x.
 * Clobbers t1-t3 (register numbers, like dst and x). */
.macro SIGMA_BIG x, r1, r2, r3, dst, t1, t2, t3
        vpsrld  $\r1, %ymm\x, %ymm\dst
        vpslld  $32 - \r1, %ymm\x, %ymm\t1
        vpsrld  $\r2, %ymm\x, %ymm\t2
        vpslld  $32 - \r2, %ymm\x, %ymm\t3
        vpxor   %ymm\t1, %ymm\dst, %ymm\dst
        vpxor   %ymm\t3, %ymm\t2, %ymm\t2
        vpsrld  $\r3, %ymm\x, %ymm\t1
        vpslld  $32 - \r3, %ymm\x, %ymm\t3
        vpxor   %ymm\t2, %ymm\dst, %ymm\dst
        vpxor   %ymm\t3, %ymm\t1, %ymm\t1
        vpxor   %ymm\t1, %ymm\dst, %ymm\dst
.endm

/* dst = x ror r1 ^ x ror r2 ^ x >> s (σ0, σ1 of §4.1.2): five shifts and
 * four xors. Clobbers t1, t2. */
.macro SIGMA_SMALL x, r1, r2, s, dst, t1, t2
        vpsrld  $\r1, %ymm\x, %ymm\dst
        vpslld  $32 - \r1, %ymm\x, %ymm\t1
        vpsrld  $\r2, %ymm\x, %ymm\t2
        vpxor   %ymm\t1, %ymm\dst, %ymm\dst
        vpslld  $32 - \r2, %ymm\x, %ymm\t1
        vpxor   %ymm\t2, %ymm\dst, %ymm\dst
        vpsrld  $\s, %ymm\x, %ymm\t2
        vpxor   %ymm\t1, %ymm\dst, %ymm\dst
        vpxor   %ymm\t2, %ymm\dst, %ymm\dst
.endm

/* Round t of §6.2.2 for the 8 lanes: a-h the register numbers of the
 * working variables; ab and bc those of a ^ b (made here) and of b ^ c
 * (made by the round before). For t >= 16 it first makes W[t] over
 * W[t-16] in the ring (§6.2.2 step 1): σ0 = ror 7 ^ ror 18 ^ shr 3 of
 * W[t-15], σ1 = ror 17 ^ ror 19 ^ shr 10 of W[t-2]. Then T1 into h,
 * d += T1, and h = T1 + Σ0(a) + Maj(a, b, c): Σ1 = ror 6 ^ ror 11 ^ ror 25,
 * Σ0 = ror 2 ^ ror 13 ^ ror 22. */
.macro ROUND t, a, b, c, d, e, f, g, h, ab, bc
        .if     (\t) >= 16
        vmovdqa WSLOT((\t) + 1)(%rsp), %ymm8           /* W[t-15] */
        SIGMA_SMALL 8, 7, 18, 3, 9, 10, 11
        vpaddd  WSLOT(\t)(%rsp), %ymm9, %ymm9           /* + W[t-16] */
        vpaddd  WSLOT((\t) + 9)(%rsp), %ymm9, %ymm9     /* + W[t-7] */
        vmovdqa WSLOT((\t) + 14)(%rsp), %ymm8          /* W[t-2] */
        SIGMA_SMALL 8, 17, 19, 10, 10, 11, 12
        vpaddd  %ymm10, %ymm9, %ymm9
        vmovdqa %ymm9, WSLOT(\t)(%rsp)                  /* W[t] */
        .endif
        vpaddd  WSLOT(\t)(%rsp), %ymm\h, %ymm\h
        vpbroadcastd .LK + 4 * (\t)(%rip), %ymm8
        vpaddd  %ymm8, %ymm\h, %ymm\h
        vpxor   %ymm\g, %ymm\f, %ymm8
        vpand   %ymm\e, %ymm8, %ymm8
        vpxor   %ymm\g, %ymm8, %ymm8                    /* Ch(e, f, g) */
        vpaddd  %ymm8, %ymm\h, %ymm\h
        SIGMA_BIG \e, 6, 11, 25, 9, 10, 11, 12          /* Σ1(e) */
        vpaddd  %ymm9, %ymm\h, %ymm\h                   /* T1 */
        vpaddd  %ymm\h, %ymm\d, %ymm\d                  /* the next e */
        SIGMA_BIG \a, 2, 13, 22, 9, 10, 11, 12          /* Σ0(a) */
        vpxor   %ymm\b, %ymm\a, %ymm\ab
        vpand   %ymm\bc, %ymm\ab, %ymm8
        vpxor   %ymm\b, %ymm8, %ymm8                    /* Maj(a, b, c) */
        vpaddd  %ymm8, %ymm9, %ymm9                     /* T2 */
        vpaddd  %ymm9, %ymm\h, %ymm\h                   /* the next a */
.endm

/* Rounds t0 .. t0 + 7 (t0 a multiple of 8). Round t's a is register
 * (0 - t) mod 8, its b (1 - t) mod 8, and so on: after a round, its h holds
 * the next a and its d the next e. a ^ b goes to ymm14 in even rounds and
 * ymm15 in odd ones; b ^ c is the other. */
.macro ROUNDS8 t0
        ROUND   (\t0 + 0), 0, 1, 2, 3, 4, 5, 6, 7, 14, 15
        ROUND   (\t0 + 1), 7, 0, 1, 2, 3, 4, 5, 6, 15, 14
        ROUND   (\t0 + 2), 6, 7, 0, 1, 2, 3, 4, 5, 14, 15
        ROUND   (\t0 + 3), 5, 6, 7, 0, 1, 2, 3, 4, 15, 14
        ROUND   (\t0 + 4), 4, 5, 6, 7, 0, 1, 2, 3, 14, 15
        ROUND   (\t0 + 5), 3, 4, 5, 6, 7, 0, 1, 2, 15, 14
        ROUND   (\t0 + 6), 2, 3, 4, 5, 6, 7, 0, 1, 14, 15
        ROUND   (\t0 + 7), 1, 2, 3, 4, 5, 6, 7, 0, 15, 14
.endm

/* Piece q (bytes 16 q .. 16 q + 15) of the block at OFFSET of the 8 lanes
 * becomes W[4q + u], u = 0-3, native-endian. ymm8-11 (row j) get the piece
 * of data lanes j (128-bit lane 0) and 4 + j (lane 1), j = 0-3: a 4x4
 * matrix per 128-bit lane, row j, column u. The dword transpose, in both
 * 128-bit lanes at once:
 *   t0 = r0[0] r1[0] r0[1] r1[1]    t1 = r0[2] r1[2] r0[3] r1[3]
 *   t2 = r2[0] r3[0] r2[1] r3[1]    t3 = r2[2] r3[2] r2[3] r3[3]
 *   u0 = t0 lo, t2 lo  u1 = t0 hi, t2 hi  u2 = t1 lo, t3 lo  u3 = t1 hi, t3 hi
 * (t0-t3 in ymm12-15), so dword i of word u is lane i. */
.macro LOAD_PIECE q, j, r
        movq    8 * (\j)(DATA), LANEPTR
        vmovdqu 16 * (\q)(LANEPTR, OFFSET), %xmm\r
        movq    8 * (4 + (\j))(DATA), LANEPTR
        vinserti128 $1, 16 * (\q)(LANEPTR, OFFSET), %ymm\r, %ymm\r
.endm

/* Word k of the 8 lanes, in ymm r, byte-swapped and stored as W[k]. */
.macro BSWAP_STORE r, k
        vpshufb .Lbswap(%rip), %ymm\r, %ymm\r
        vmovdqa %ymm\r, WSLOT(\k)(%rsp)
.endm

.macro LOAD_QUAD q
        LOAD_PIECE \q, 0, 8
        LOAD_PIECE \q, 1, 9
        LOAD_PIECE \q, 2, 10
        LOAD_PIECE \q, 3, 11
        vpunpckldq %ymm9, %ymm8, %ymm12
        vpunpckhdq %ymm9, %ymm8, %ymm13
        vpunpckldq %ymm11, %ymm10, %ymm14
        vpunpckhdq %ymm11, %ymm10, %ymm15
        vpunpcklqdq %ymm14, %ymm12, %ymm8
        vpunpckhqdq %ymm14, %ymm12, %ymm9
        vpunpcklqdq %ymm15, %ymm13, %ymm10
        vpunpckhqdq %ymm15, %ymm13, %ymm11
        BSWAP_STORE 8, (4 * (\q) + 0)
        BSWAP_STORE 9, (4 * (\q) + 1)
        BSWAP_STORE 10, (4 * (\q) + 2)
        BSWAP_STORE 11, (4 * (\q) + 3)
.endm

        FIPSMOD_ENTRY_CFI fipsmod_sha256_lanes_amd64_avx2, 6
        testq   %rdx, %rdx
        jz      .Lreturn
        FIPSMOD_ALIGNED_FRAME FRAME, 64                 /* the ring, 64-byte aligned */
        shlq    $6, END                         /* END = 64 * blocks */
        xorl    %ecx, %ecx                      /* OFFSET = 0 */
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        vmovdqu STATE_AT(\j)(STATE), %ymm\j
        .endr
        .p2align 4
.Lblock:
        LOAD_QUAD 0
        LOAD_QUAD 1
        LOAD_QUAD 2
        LOAD_QUAD 3
        vpxor   %ymm2, %ymm1, %ymm15            /* b ^ c for round 0 */
        ROUNDS8 0
        ROUNDS8 8
        ROUNDS8 16
        ROUNDS8 24
        ROUNDS8 32
        ROUNDS8 40
        ROUNDS8 48
        ROUNDS8 56
        /* The block's result added to the chaining values at its start
         * (still in memory), and stored for the next block and the caller. */
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        vpaddd  STATE_AT(\j)(STATE), %ymm\j, %ymm\j
        vmovdqu %ymm\j, STATE_AT(\j)(STATE)
        .endr
        addq    $64, OFFSET
        cmpq    END, OFFSET
        jne     .Lblock
        /* No message words stay behind: the ring is overwritten with zeros
         * and vzeroall clears every ymm. */
        vzeroall
        .irp    t, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        vmovdqa %ymm0, WSLOT(\t)(%rsp)
        .endr
        FIPSMOD_ALIGNED_FRAME_END
.Lreturn:
        ret
        FIPSMOD_END_CFI fipsmod_sha256_lanes_amd64_avx2

        .section .rodata
        .p2align 6
/* K[0..63] of FIPS 180-4 §4.2.2, from the shared table (../sha256_k.inc),
 * one .long each; round t broadcasts K[t] from .LK + 4 t to the 8 lanes. */
.LK:
#include "../sha256_k.inc"
        .if     . - .LK != 64 * 4
        .error  "the K table is not 64 32-bit words"
        .endif
/* vpshufb's control for the byte swap of every 32-bit word: byte 4 k + n of
 * each 128-bit lane takes byte 4 k + 3 - n; for both 128-bit lanes. */
        .p2align 5
.Lbswap:
        .rept   2
        .byte   3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
        .endr
