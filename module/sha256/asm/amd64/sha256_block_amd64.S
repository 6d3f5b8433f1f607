/*
 * SHA-256 block function for x86-64, scalar (FIPS 180-4 §6.2.2).
 *
 *   void fipsmod_sha256_block_amd64(uint32_t state[8], const uint8_t *data,
 *                                   size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data` (any
 * alignment) and updates the eight chaining words. sha256_block_amd64_bmi2.S
 * assembles this file again with FIPSMOD_SHA256_BMI2 defined, as
 * fipsmod_sha256_block_amd64_bmi2: BMI2's rorx makes each rotate one
 * instruction that leaves its source alone (no copy first, no flags), and
 * BMI1's andn makes Ch two disjoint terms.
 *
 * The rounds are scalar; the message schedule runs four words at a time
 * in SSE2 registers, on the vector units, beside them. It stores
 * W[t] + K[t] to the stack, so a round adds one memory word for both.
 * That ring is overwritten with zeros before the return: its last sixteen
 * words give back the last block (after HMAC's key blocks, the key), and
 * a dead frame is read by whatever runs there next. Four 16-byte stores a
 * call, not a block: a few cycles against some 320 for each block's
 * rounds.
 *
 * Register map:
 *   eax, ebx, ecx, edx, r8d-r11d  a..h, the working variables; the round
 *              macro takes them in rotated order, so no round moves them
 *   r14d, r15d a ^ b of this round and b ^ c (a ^ b of the round before),
 *              for Maj; they trade roles each round
 *   r12d, r13d, edi  scratch (Σ and Ch)
 *   rsi        data, advanced by 64 a block
 *   xmm0-xmm3  the schedule: four rolling groups of four words, W[4g..4g+3]
 *              in xmm(g mod 4), W[4g] in the low dword
 *   xmm4-xmm6  scratch for the schedule
 *   stack      W[t] + K[t], a ring of 16 words (0..63(%rsp), 16-byte
 *              aligned, zeroed before the return); the state pointer at
 *              64(%rsp) and the end of the data at 72(%rsp); rbx and
 *              r12-r15 saved above
 *   K comes from the shared table in .rodata, four words a paddd.
 *
 * One round (§6.2.2 step 3), names rotating instead of values:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h = T1 + Σ0(a) + Maj(a, b, c)
 * with h + K[t] + W[t] added before e is known, and Maj(a, b, c) as
 * b ^ ((a ^ b) & (b ^ c)), b ^ c kept from the round before. The critical
 * path, from e to the next e: Σ1 (rotate, xor, xor: 3) then two adds
 * (into h, into d): 5 cycles a round where each takes one, with Ch (ready
 * in 2) added to h in parallel; a's path (Σ0, add, add) is no longer and
 * runs beside it. The plain build's rotates are a mov and a ror each, the
 * mov off the path on cores that eliminate register moves. The schedule of
 * group g+3 is issued with the rounds of group g, well ahead of its use.
 */
#include "core/asm.h"

#define T0 %r12d
#define T1 %r13d
#define T2 %edi

/* dst = src rotated right by n. */
.macro RORD n, src, dst
#ifdef FIPSMOD_SHA256_BMI2
        rorxl   $\n, \src, \dst
#else
        movl    \src, \dst
        rorl    $\n, \dst
#endif
.endm

/* SIGMA1 on {x, x, y, y} in xmm5 leaves σ1(x) and σ1(y) (§4.1.2) in dwords
 * 0 and 2 of xmm6: shifting the 64-bit pair x:x right by n puts x rotated
 * right by n in its low dword, so each rotate is one psrlq. Clobbers xmm5. */
.macro SIGMA1
        movdqa  %xmm5, %xmm6
        psrld   $10, %xmm6                      /* x >> 10 */
        psrlq   $17, %xmm5                      /* x ror 17 */
        pxor    %xmm5, %xmm6
        psrlq   $2, %xmm5                       /* x ror 19 */
        pxor    %xmm5, %xmm6
.endm

/* W[4g..4g+3] for 4g >= 16 (§6.2.2 step 1), over W[4g-16..4g-13] in xa,
 * with xb, xc, xd the three groups after it:
 *   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
 * σ0 and W[t-7] for all four lanes at once; σ1 in two halves, since W[t-2]
 * of lanes 2 and 3 are lanes 0 and 1 of this group. Then W + K into the
 * ring, over the group whose rounds have been issued. */
.macro SCHEDULE4 g, xa, xb, xc, xd
        movdqa  \xa, %xmm4
        movss   \xb, %xmm4
        pshufd  $0x39, %xmm4, %xmm4             /* W[t-15]: xa's lanes 1-3, xb's lane 0 */
        movdqa  %xmm4, %xmm5
        psrld   $3, %xmm5
        movdqa  %xmm4, %xmm6
        psrld   $7, %xmm6
        pxor    %xmm6, %xmm5
        psrld   $11, %xmm6                      /* >> 18 */
        pxor    %xmm6, %xmm5
        pslld   $14, %xmm4
        pxor    %xmm4, %xmm5
        pslld   $11, %xmm4                      /* << 25 */
        pxor    %xmm4, %xmm5                    /* σ0: ror 7 ^ ror 18 ^ shr 3 */
        paddd   %xmm5, \xa
        movdqa  \xc, %xmm4
        movss   \xd, %xmm4
        pshufd  $0x39, %xmm4, %xmm4             /* W[t-7]: xc's lanes 1-3, xd's lane 0 */
        paddd   %xmm4, \xa
        pshufd  $0xfa, \xd, %xmm5               /* W[4g-2], W[4g-1], each twice */
        SIGMA1
        pshufd  $0x08, %xmm6, %xmm6
        movq    %xmm6, %xmm6                    /* in lanes 0, 1; 2, 3 zero */
        paddd   %xmm6, \xa                      /* W[4g], W[4g+1] done */
        pshufd  $0x50, \xa, %xmm5               /* W[4g], W[4g+1], each twice */
        SIGMA1
        pshufd  $0x08, %xmm6, %xmm6
        pslldq  $8, %xmm6                       /* in lanes 2, 3; 0, 1 zero */
        paddd   %xmm6, \xa                      /* W[4g+2], W[4g+3] done */
        STORE_WK \g, \xa
.endm

/* W[4g..4g+3] + K[4g..4g+3] into the ring. */
.macro STORE_WK g, x
        movdqa  \x, %xmm4
        paddd   .LK+16*(\g)(%rip), %xmm4
        movdqa  %xmm4, 16*((\g) & 3)(%rsp)
.endm

/* SCHEDULE4 for group g, with its registers: group g in xmm(g mod 4). */
.macro SCHEDULE_GROUP g
.if ((\g) & 3) == 0
        SCHEDULE4 \g, %xmm0, %xmm1, %xmm2, %xmm3
.elseif ((\g) & 3) == 1
        SCHEDULE4 \g, %xmm1, %xmm2, %xmm3, %xmm0
.elseif ((\g) & 3) == 2
        SCHEDULE4 \g, %xmm2, %xmm3, %xmm0, %xmm1
.else
        SCHEDULE4 \g, %xmm3, %xmm0, %xmm1, %xmm2
.endif
.endm

/* x, read as four big-endian words: swap the 16-bit halves of each word,
 * then the bytes of each half (SSE2 has no byte shuffle). */
.macro BSWAP32X4 x
        pshuflw $0xb1, \x, \x
        pshufhw $0xb1, \x, \x
        movdqa  \x, %xmm4
        psllw   $8, \x
        psrlw   $8, %xmm4
        por     %xmm4, \x
.endm

/* Round t on a..h; x gets a ^ b, y holds b ^ c and is used up. Leaves the
 * new e in d and the new a in h. */
.macro ROUND t, a, b, c, d, e, f, g, h, x, y
.if ((\t) & 3) == 0 && (\t) >= 4 && (\t) <= 48
        SCHEDULE_GROUP (((\t) >> 2) + 3)
.endif
        addl    4*((\t) & 15)(%rsp), \h         /* h + K[t] + W[t] */
        RORD    6, \e, T0
        RORD    11, \e, T1
#ifdef FIPSMOD_SHA256_BMI2
        andnl   \g, \e, T2                      /* ~e & g */
        xorl    T1, T0
        RORD    25, \e, T1
        addl    T2, \h
        movl    \f, T2
        andl    \e, T2                          /* e & f: Ch is the sum of the two */
#else
        movl    \f, T2
        xorl    T1, T0
        xorl    \g, T2
        RORD    25, \e, T1
        andl    \e, T2
        xorl    \g, T2                          /* Ch = g ^ (e & (f ^ g)) */
#endif
        xorl    T1, T0                          /* Σ1(e) */
        addl    T2, \h
        addl    T0, \h                          /* T1 */
        RORD    2, \a, T0
        RORD    13, \a, T1
        addl    \h, \d                          /* new e = d + T1 */
        xorl    T1, T0
        RORD    22, \a, T1
        movl    \a, \x
        xorl    \b, \x                          /* a ^ b, the next round's b ^ c */
        xorl    T1, T0                          /* Σ0(a) */
        andl    \x, \y
        xorl    \b, \y                          /* Maj(a, b, c) */
        addl    T0, \h
        addl    \y, \h                          /* new a = T1 + T2 */
.endm

/* Eight rounds from t: after them every name is back in its register, and
 * x and y too (they swap each round). */
.macro ROUNDS8 t
        ROUND   (\t + 0), %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r14d, %r15d
        ROUND   (\t + 1), %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r15d, %r14d
        ROUND   (\t + 2), %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r14d, %r15d
        ROUND   (\t + 3), %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r15d, %r14d
        ROUND   (\t + 4), %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r14d, %r15d
        ROUND   (\t + 5), %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %r15d, %r14d
        ROUND   (\t + 6), %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r14d, %r15d
        ROUND   (\t + 7), %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %r15d, %r14d
.endm

#ifdef FIPSMOD_SHA256_BMI2
FIPSMOD_ENTRY fipsmod_sha256_block_amd64_bmi2, 5
#else
FIPSMOD_ENTRY fipsmod_sha256_block_amd64, 5
#endif
        testq   %rdx, %rdx
        jz      1f
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $80, %rsp                       /* 8 mod 16 on entry, 48 pushed: aligned, for movdqa */
        shlq    $6, %rdx
        addq    %rsi, %rdx
        movq    %rdi, 64(%rsp)
        movq    %rdx, 72(%rsp)
        movl    0(%rdi), %eax
        movl    4(%rdi), %ebx
        movl    8(%rdi), %ecx
        movl    12(%rdi), %edx
        movl    16(%rdi), %r8d
        movl    20(%rdi), %r9d
        movl    24(%rdi), %r10d
        movl    28(%rdi), %r11d

        .p2align 4
2:
        movdqu  0(%rsi), %xmm0
        movdqu  16(%rsi), %xmm1
        movdqu  32(%rsi), %xmm2
        movdqu  48(%rsi), %xmm3
        BSWAP32X4 %xmm0
        BSWAP32X4 %xmm1
        BSWAP32X4 %xmm2
        BSWAP32X4 %xmm3
        STORE_WK 0, %xmm0
        STORE_WK 1, %xmm1
        STORE_WK 2, %xmm2
        STORE_WK 3, %xmm3
        movl    %ebx, %r15d
        xorl    %ecx, %r15d                     /* b ^ c for round 0 */

        ROUNDS8 0
        ROUNDS8 8
        ROUNDS8 16
        ROUNDS8 24
        ROUNDS8 32
        ROUNDS8 40
        ROUNDS8 48
        ROUNDS8 56

        /* §6.2.2 step 4: the intermediate hash value. */
        movq    64(%rsp), %rdi
        addl    0(%rdi), %eax
        addl    4(%rdi), %ebx
        addl    8(%rdi), %ecx
        addl    12(%rdi), %edx
        addl    16(%rdi), %r8d
        addl    20(%rdi), %r9d
        addl    24(%rdi), %r10d
        addl    28(%rdi), %r11d
        movl    %eax, 0(%rdi)
        movl    %ebx, 4(%rdi)
        movl    %ecx, 8(%rdi)
        movl    %edx, 12(%rdi)
        movl    %r8d, 16(%rdi)
        movl    %r9d, 20(%rdi)
        movl    %r10d, 24(%rdi)
        movl    %r11d, 28(%rdi)
        addq    $64, %rsi
        cmpq    72(%rsp), %rsi
        jb      2b

        /* No schedule word stays behind in the dead frame: the W + K ring
         * is overwritten with zeros (xmm4 is the schedule's scratch). */
        pxor    %xmm4, %xmm4
        movdqa  %xmm4, 0(%rsp)
        movdqa  %xmm4, 16(%rsp)
        movdqa  %xmm4, 32(%rsp)
        movdqa  %xmm4, 48(%rsp)
        addq    $80, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
1:
        ret
#ifdef FIPSMOD_SHA256_BMI2
FIPSMOD_END fipsmod_sha256_block_amd64_bmi2
#else
FIPSMOD_END fipsmod_sha256_block_amd64
#endif

        .section .rodata
        .p2align 6
/* K of FIPS 180-4 §4.2.2, in order, 16-byte aligned for paddd. */
.LK:
#include "../sha256_k.inc"
