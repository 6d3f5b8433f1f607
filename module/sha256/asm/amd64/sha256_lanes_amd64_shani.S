/*
 * SHA-256 over two messages at once with the SHA extensions (FIPS 180-4
 * §6.2.2, on Intel's SHA256RNDS2, SHA256MSG1 and SHA256MSG2): the lanes
 * kernel "amd64-shani-x2" (core/lanes.hpp, docs/sha256-lanes.md).
 *
 *   void fipsmod_sha256_lanes_amd64_shani(uint32_t *state,
 *                                         const uint8_t *const *data,
 *                                         size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks of each of
 * two messages, lane i reading data[i] (any alignment: movdqu; the two
 * pointers may be the same), and updates the chaining words, which are
 * transposed: state[2 j + i] is word j (a..h) of lane i. Needs SHA, SSSE3
 * (pshufb, palignr); the same needs as the single-stream amd64-shani
 * kernel, whose round and schedule step (sha256_block_amd64_shani.S says
 * how sha256rnds2 holds the working variables) each lane runs here.
 *
 * Why two: the rounds of one message are a chain of 32 dependent
 * sha256rnds2 a block, each waiting for the one before it, and the
 * schedule beside them leaves the SHA unit idle for most of each
 * instruction's latency. The other message's chain is independent, so its
 * rounds run in those idle cycles: the two lanes' four-round groups are
 * written one after the other and the out-of-order core overlaps them.
 *
 * Register map (16 xmm registers, all used):
 *   rdi        state, read once on entry and written once on return
 *   rsi, rcx   lane 0's and lane 1's data, advanced by 64 a block
 *   rdx        blocks left; rax the address of K
 *   xmm0       W[t..t+3] + K[t..t+3], the operand sha256rnds2 reads
 *              (implicit); both lanes use it in turn (renamed)
 *   xmm1-2     lane 0's ABEF and CDGH (each trades roles every two rounds)
 *   xmm3-6     lane 0's message schedule: W[4g..4g+3] in xmm(3 + g mod 4)
 *   xmm7       lane 0's schedule scratch (W[t-7..t-4])
 *   xmm8       the pshufb mask that turns each big-endian word around
 *   xmm9-10    lane 1's ABEF and CDGH
 *   xmm11-14   lane 1's message schedule: W[4g..4g+3] in xmm(11 + g mod 4)
 *   xmm15      lane 1's schedule scratch
 *   red zone   ABEF and CDGH of each lane at the start of the block, added
 *              back at its end: -72, -88 (lane 0), -104, -120 (lane 1)
 *              (%rsp), each 16-byte aligned (rsp is 8 mod 16 on entry)
 *              and inside the 128 bytes below rsp that a leaf function
 *              may use without moving it (System V AMD64 ABI §3.2.2);
 *              zeroed before the return, since a state may be secret (an
 *              HMAC's keyed one): four 16-byte stores a call, not a block
 *
 * Critical path of a step (four rounds of one lane): two dependent
 * sha256rnds2, each reading the other's result, so 32 of them a block per
 * lane, as in the single-stream kernel; the lanes' chains are independent.
 * With a sha256rnds2 latency of L cycles and a throughput of one each T
 * cycles, a block of both lanes takes max(32 L, 64 T) cycles against 32 L
 * for one block of one lane: up to 2x when L >= 2 T.
 */
#include "core/asm.h"

#define BSWAP %xmm8

/* Four rounds, 4g to 4g+3, of one lane, and the part of its schedule that
 * fits between them (as ROUNDS4 of sha256_block_amd64_shani.S):
 *   - between the two sha256rnds2, W[4g+4..4g+7] is finished (for
 *     4g+4 >= 16): its group register holds W[t-16] + σ0(W[t-15]) from
 *     sha256msg1 four rounds ago; W[t-7] comes from the two groups before
 *     it by palignr, and sha256msg2 adds σ1(W[t-2]);
 *   - after the second, the sha256msg1 half of group g+2 (for 4g+8 >= 16)
 *     over the group that is no longer needed. */
.macro ROUNDS4 g, abef, cdgh, tmp, cur, prev, next, next2
        movdqa  \cur, %xmm0
        paddd   16*\g(%rax), %xmm0              /* + K[4g..4g+3] */
        sha256rnds2 %xmm0, \abef, \cdgh         /* rounds 4g, 4g+1: cdgh now holds ABEF */
.if \g >= 3 && \g <= 14
        movdqa  \cur, \tmp
        palignr $4, \prev, \tmp                 /* W[4g-3..4g]: W[t-7] */
        paddd   \tmp, \next
        sha256msg2 \cur, \next                  /* W[4g+4..4g+7] */
.endif
        pshufd  $0x0e, %xmm0, %xmm0             /* the second pair of words down */
        sha256rnds2 %xmm0, \cdgh, \abef         /* rounds 4g+2, 4g+3: back in place */
.if \g >= 2 && \g <= 13
        sha256msg1 \prev, \next2                /* group g+2 over g-2: W[t-16] + σ0(W[t-15]) */
.endif
.endm

/* Four rounds of each lane: lane 0's group registers are xmm3-6 from
 * xmm(3 + g mod 4) on (c, p, n, n2: the current group, the one before, the
 * next two), lane 1's the same eight registers higher (C, P, N, N2). */
.macro ROUNDS4X2 g, c, p, n, n2, C, P, N, N2
        ROUNDS4 \g, %xmm1, %xmm2, %xmm7, %xmm\c, %xmm\p, %xmm\n, %xmm\n2
        ROUNDS4 \g, %xmm9, %xmm10, %xmm15, %xmm\C, %xmm\P, %xmm\N, %xmm\N2
.endm

/* One lane's 64-byte block at \ptr into its four group registers, each
 * word turned around to big-endian order. */
.macro LOAD ptr, w0, w1, w2, w3
        movdqu  0(\ptr), \w0
        movdqu  16(\ptr), \w1
        movdqu  32(\ptr), \w2
        movdqu  48(\ptr), \w3
        pshufb  BSWAP, \w0
        pshufb  BSWAP, \w1
        pshufb  BSWAP, \w2
        pshufb  BSWAP, \w3
.endm

FIPSMOD_ENTRY fipsmod_sha256_lanes_amd64_shani, 5
        testq   %rdx, %rdx
        jz      .Ldone
        movq    8(%rsi), %rcx                   /* lane 1's data */
        movq    (%rsi), %rsi                    /* lane 0's data */
        leaq    .LK(%rip), %rax
        movdqa  .Lbswap(%rip), BSWAP

        /* The transposed words, pairs {lane 0, lane 1}: xmm3 = {a, a, b, b},
         * xmm4 = {c, c, d, d}, xmm5 = {e, e, f, f}, xmm6 = {g, g, h, h}.
         * pshufd 0x72 (dwords 2, 0, 3, 1) turns each into {b0, a0, b1, a1}
         * and the like; the low quadwords then make lane 0's
         * ABEF = {f, e, b, a} and CDGH = {h, g, d, c}, the high ones lane 1's. */
        movdqu  0(%rdi), %xmm3
        movdqu  16(%rdi), %xmm4
        movdqu  32(%rdi), %xmm5
        movdqu  48(%rdi), %xmm6
        pshufd  $0x72, %xmm3, %xmm3             /* {b0, a0, b1, a1} */
        pshufd  $0x72, %xmm4, %xmm4             /* {d0, c0, d1, c1} */
        pshufd  $0x72, %xmm5, %xmm5             /* {f0, e0, f1, e1} */
        pshufd  $0x72, %xmm6, %xmm6             /* {h0, g0, h1, g1} */
        movdqa  %xmm5, %xmm1
        punpcklqdq %xmm3, %xmm1                 /* lane 0 {f, e, b, a} */
        movdqa  %xmm5, %xmm9
        punpckhqdq %xmm3, %xmm9                 /* lane 1 {f, e, b, a} */
        movdqa  %xmm6, %xmm2
        punpcklqdq %xmm4, %xmm2                 /* lane 0 {h, g, d, c} */
        movdqa  %xmm6, %xmm10
        punpckhqdq %xmm4, %xmm10                /* lane 1 {h, g, d, c} */

        .p2align 4
.Lloop:
        movdqa  %xmm1, -72(%rsp)
        movdqa  %xmm2, -88(%rsp)
        movdqa  %xmm9, -104(%rsp)
        movdqa  %xmm10, -120(%rsp)
        LOAD    %rsi, %xmm3, %xmm4, %xmm5, %xmm6
        LOAD    %rcx, %xmm11, %xmm12, %xmm13, %xmm14

        ROUNDS4X2 0, 3, 6, 4, 5, 11, 14, 12, 13
        ROUNDS4X2 1, 4, 3, 5, 6, 12, 11, 13, 14
        ROUNDS4X2 2, 5, 4, 6, 3, 13, 12, 14, 11
        ROUNDS4X2 3, 6, 5, 3, 4, 14, 13, 11, 12
        ROUNDS4X2 4, 3, 6, 4, 5, 11, 14, 12, 13
        ROUNDS4X2 5, 4, 3, 5, 6, 12, 11, 13, 14
        ROUNDS4X2 6, 5, 4, 6, 3, 13, 12, 14, 11
        ROUNDS4X2 7, 6, 5, 3, 4, 14, 13, 11, 12
        ROUNDS4X2 8, 3, 6, 4, 5, 11, 14, 12, 13
        ROUNDS4X2 9, 4, 3, 5, 6, 12, 11, 13, 14
        ROUNDS4X2 10, 5, 4, 6, 3, 13, 12, 14, 11
        ROUNDS4X2 11, 6, 5, 3, 4, 14, 13, 11, 12
        ROUNDS4X2 12, 3, 6, 4, 5, 11, 14, 12, 13
        ROUNDS4X2 13, 4, 3, 5, 6, 12, 11, 13, 14
        ROUNDS4X2 14, 5, 4, 6, 3, 13, 12, 14, 11
        ROUNDS4X2 15, 6, 5, 3, 4, 14, 13, 11, 12

        paddd   -72(%rsp), %xmm1                /* §6.2.2 step 4, each lane */
        paddd   -88(%rsp), %xmm2
        paddd   -104(%rsp), %xmm9
        paddd   -120(%rsp), %xmm10
        addq    $64, %rsi
        addq    $64, %rcx
        decq    %rdx
        jnz     .Lloop

        /* Back to the transposed pairs: the inverse of the entry's
         * shuffles (pshufd 0x8d, dwords 1, 3, 0, 2, undoes 0x72). */
        movdqa  %xmm1, %xmm5
        punpcklqdq %xmm9, %xmm5                 /* {f0, e0, f1, e1} */
        movdqa  %xmm1, %xmm3
        punpckhqdq %xmm9, %xmm3                 /* {b0, a0, b1, a1} */
        movdqa  %xmm2, %xmm6
        punpcklqdq %xmm10, %xmm6                /* {h0, g0, h1, g1} */
        movdqa  %xmm2, %xmm4
        punpckhqdq %xmm10, %xmm4                /* {d0, c0, d1, c1} */
        pshufd  $0x8d, %xmm3, %xmm3             /* {a0, a1, b0, b1} */
        pshufd  $0x8d, %xmm4, %xmm4
        pshufd  $0x8d, %xmm5, %xmm5
        pshufd  $0x8d, %xmm6, %xmm6
        movdqu  %xmm3, 0(%rdi)
        movdqu  %xmm4, 16(%rdi)
        movdqu  %xmm5, 32(%rdi)
        movdqu  %xmm6, 48(%rdi)
        /* Nothing of the chaining values stays in the red zone, which the
         * next call down the stack finds as it was. */
        pxor    %xmm0, %xmm0
        movdqa  %xmm0, -72(%rsp)
        movdqa  %xmm0, -88(%rsp)
        movdqa  %xmm0, -104(%rsp)
        movdqa  %xmm0, -120(%rsp)
.Ldone:
        ret
FIPSMOD_END fipsmod_sha256_lanes_amd64_shani

        .section .rodata
        .p2align 6
/* K of FIPS 180-4 §4.2.2, in order, 16-byte aligned for paddd. */
.LK:
#include "../sha256_k.inc"
/* pshufb mask: bytes 3, 2, 1, 0 of each dword, each word read big-endian. */
.Lbswap:
        .byte   3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
