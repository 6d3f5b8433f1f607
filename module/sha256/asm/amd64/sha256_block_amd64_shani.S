/*
 * SHA-256 block function for x86-64 with the SHA extensions (FIPS 180-4
 * §6.2.2, on Intel's SHA256RNDS2, SHA256MSG1 and SHA256MSG2).
 *
 *   void fipsmod_sha256_block_amd64_shani(uint32_t state[8],
 *                                         const uint8_t *data, size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data` (any
 * alignment: the message is read with movdqu) and updates the eight
 * chaining words. Needs SHA, SSSE3 (pshufb, palignr) and SSE4.1 (pblendw,
 * only outside the loop).
 *
 * sha256rnds2 runs two rounds. It wants the working variables split in two
 * registers, ABEF = {A, B, E, F} and CDGH = {C, D, G, H} (A in the top
 * dword, F and H in the bottom one), takes W[t] + K[t] and W[t+1] + K[t+1]
 * from the low two dwords of xmm0, and writes the new ABEF over its CDGH
 * operand. After two rounds the old A, B, E, F are the new C, D, G, H, so
 * the register that held ABEF now holds CDGH: the two registers trade
 * roles every two rounds and are back in place every four.
 *
 * Register map:
 *   rdi        state, read once on entry and written once on return
 *   rsi        data, advanced by 64 a block; rdx the end of the data
 *   rax        the address of K
 *   xmm0       W[t..t+3] + K[t..t+3], the operand sha256rnds2 reads
 *   xmm1       ABEF    xmm2  CDGH (each trades roles, as above)
 *   xmm3-xmm6  the message schedule: four rolling groups of four words,
 *              W[4g..4g+3] in xmm(3 + g mod 4), W[4g] in the low dword
 *   xmm7       scratch for the schedule (W[t-7..t-4])
 *   xmm8       the pshufb mask that turns each big-endian word around
 *   xmm9-10    ABEF and CDGH at the start of the block, added back at its end
 *
 * Critical path: the rounds, 32 dependent sha256rnds2 a block (each reads
 * the other's result); everything else (the byte swap, the schedule, the
 * additions of K, the pshufd that moves the second pair of words down)
 * is off it and overlaps with the rounds. On a core with a
 * sha256rnds2 latency of L cycles that is 32 L cycles a block.
 */
#include "core/asm.h"

#define ABEF %xmm1
#define CDGH %xmm2
#define TMP %xmm7
#define BSWAP %xmm8
#define ABEF_SAVE %xmm9
#define CDGH_SAVE %xmm10

/* Four rounds, 4g to 4g+3, and the part of the schedule that fits between
 * them:
 *   - between the two sha256rnds2, W[4g+4..4g+7] is finished (for
 *     4g+4 >= 16): its group register already holds W[t-16] + σ0(W[t-15])
 *     from sha256msg1 four rounds ago; W[t-7] comes from the two groups
 *     before it by palignr, and sha256msg2 adds σ1(W[t-2]), two of whose
 *     words it computes itself;
 *   - after the second, the sha256msg1 half of group g+2 (for 4g+8 >= 16):
 *     W[4g-8..4g-5] + σ0(W[4g-7..4g-4]), over the group that is no longer
 *     needed. */
.macro ROUNDS4 g, cur, prev, next, next2
        movdqa  \cur, %xmm0
        paddd   16*\g(%rax), %xmm0              /* + K[4g..4g+3] */
        sha256rnds2 %xmm0, ABEF, CDGH           /* rounds 4g, 4g+1: CDGH now holds ABEF */
.if \g >= 3 && \g <= 14
        movdqa  \cur, TMP
        palignr $4, \prev, TMP                  /* W[4g-3..4g]: W[t-7] */
        paddd   TMP, \next
        sha256msg2 \cur, \next                  /* W[4g+4..4g+7] */
.endif
        pshufd  $0x0e, %xmm0, %xmm0             /* the second pair of words down */
        sha256rnds2 %xmm0, CDGH, ABEF           /* rounds 4g+2, 4g+3: back in place */
.if \g >= 2 && \g <= 13
        sha256msg1 \prev, \next2               /* group g+2 over g-2: W[t-16] + σ0(W[t-15]) */
.endif
.endm

FIPSMOD_ENTRY fipsmod_sha256_block_amd64_shani, 5
        testq   %rdx, %rdx
        jz      .Ldone
        shlq    $6, %rdx
        addq    %rsi, %rdx
        leaq    .LK(%rip), %rax
        movdqa  .Lbswap(%rip), BSWAP

        /* state[0..3] = {a, b, c, d} and state[4..7] = {e, f, g, h}, lowest
         * first, into ABEF = {f, e, b, a} and CDGH = {h, g, d, c}. */
        movdqu  (%rdi), %xmm1
        movdqu  16(%rdi), %xmm2
        pshufd  $0xb1, %xmm1, %xmm1             /* {b, a, d, c} */
        pshufd  $0x1b, %xmm2, %xmm2             /* {h, g, f, e} */
        movdqa  %xmm1, %xmm7
        palignr $8, %xmm2, %xmm1                /* {f, e, b, a} */
        pblendw $0xf0, %xmm7, %xmm2             /* {h, g, d, c} */

        .p2align 4
.Lloop:
        movdqa  ABEF, ABEF_SAVE
        movdqa  CDGH, CDGH_SAVE
        movdqu  0(%rsi), %xmm3
        movdqu  16(%rsi), %xmm4
        movdqu  32(%rsi), %xmm5
        movdqu  48(%rsi), %xmm6
        pshufb  BSWAP, %xmm3
        pshufb  BSWAP, %xmm4
        pshufb  BSWAP, %xmm5
        pshufb  BSWAP, %xmm6

        ROUNDS4 0, %xmm3, %xmm6, %xmm4, %xmm5
        ROUNDS4 1, %xmm4, %xmm3, %xmm5, %xmm6
        ROUNDS4 2, %xmm5, %xmm4, %xmm6, %xmm3
        ROUNDS4 3, %xmm6, %xmm5, %xmm3, %xmm4
        ROUNDS4 4, %xmm3, %xmm6, %xmm4, %xmm5
        ROUNDS4 5, %xmm4, %xmm3, %xmm5, %xmm6
        ROUNDS4 6, %xmm5, %xmm4, %xmm6, %xmm3
        ROUNDS4 7, %xmm6, %xmm5, %xmm3, %xmm4
        ROUNDS4 8, %xmm3, %xmm6, %xmm4, %xmm5
        ROUNDS4 9, %xmm4, %xmm3, %xmm5, %xmm6
        ROUNDS4 10, %xmm5, %xmm4, %xmm6, %xmm3
        ROUNDS4 11, %xmm6, %xmm5, %xmm3, %xmm4
        ROUNDS4 12, %xmm3, %xmm6, %xmm4, %xmm5
        ROUNDS4 13, %xmm4, %xmm3, %xmm5, %xmm6
        ROUNDS4 14, %xmm5, %xmm4, %xmm6, %xmm3
        ROUNDS4 15, %xmm6, %xmm5, %xmm3, %xmm4

        paddd   ABEF_SAVE, ABEF                 /* §6.2.2 step 4 */
        paddd   CDGH_SAVE, CDGH
        addq    $64, %rsi
        cmpq    %rdx, %rsi
        jb      .Lloop

        /* Back to {a, b, c, d} and {e, f, g, h}. */
        pshufd  $0x1b, %xmm1, %xmm1             /* {a, b, e, f} */
        pshufd  $0xb1, %xmm2, %xmm2             /* {g, h, c, d} */
        movdqa  %xmm1, %xmm7
        pblendw $0xf0, %xmm2, %xmm7             /* {a, b, c, d} */
        palignr $8, %xmm1, %xmm2                /* {e, f, g, h} */
        movdqu  %xmm7, (%rdi)
        movdqu  %xmm2, 16(%rdi)
.Ldone:
        ret
FIPSMOD_END fipsmod_sha256_block_amd64_shani

        .section .rodata
        .p2align 6
/* K of FIPS 180-4 §4.2.2, in order, 16-byte aligned for paddd. */
.LK:
#include "../sha256_k.inc"
/* pshufb mask: bytes 3, 2, 1, 0 of each dword, each word read big-endian. */
.Lbswap:
        .byte   3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
