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
 * Register map:
 *   eax, ebx, ecx, edx, r8d-r11d  a..h, the working variables; the round
 *              macro takes them in rotated order, so no round moves them
 *   r14d, r15d a ^ b of this round and b ^ c (a ^ b of the round before),
 *              for Maj; they trade roles each round
 *   r12d, r13d, edi, ebp  scratch (Σ, Ch, and the schedule)
 *   rsi        data, advanced by 64 a block
 *   stack      W, a ring of 16 words (0..63(%rsp)); the state pointer at
 *              64(%rsp) and the end of the data at 72(%rsp); rbx, rbp and
 *              r12-r15 saved above
 *   K[t] are memory operands, rip-relative, from the shared K table in
 *   .rodata (their loads wait on nothing).
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
 * mov off the path on cores that eliminate register moves.
 */
#include "../asm.h"

#define T0 %r12d
#define T1 %r13d
#define T2 %edi
#define T3 %ebp

/* dst = src rotated right by n. */
.macro RORD n, src, dst
#ifdef FIPSMOD_SHA256_BMI2
        rorxl   $\n, \src, \dst
#else
        movl    \src, \dst
        rorl    $\n, \dst
#endif
.endm

/* W[t] for t >= 16 (§6.2.2 step 1), into its slot of the ring:
 * σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]. */
.macro SCHEDULE t
        movl    4*((\t - 15) & 15)(%rsp), T0
        movl    4*((\t - 2) & 15)(%rsp), T1
        RORD    7, T0, T2
        RORD    18, T0, T3
        shrl    $3, T0
        xorl    T2, T0
        xorl    T3, T0                          /* σ0(W[t-15]) */
        RORD    17, T1, T2
        RORD    19, T1, T3
        shrl    $10, T1
        xorl    T2, T1
        xorl    T3, T1                          /* σ1(W[t-2]) */
        addl    4*((\t - 16) & 15)(%rsp), T0
        addl    4*((\t - 7) & 15)(%rsp), T1
        addl    T1, T0
        movl    T0, 4*(\t & 15)(%rsp)
.endm

/* Round t on a..h; x gets a ^ b, y holds b ^ c and is used up. Leaves the
 * new e in d and the new a in h. */
.macro ROUND t, a, b, c, d, e, f, g, h, x, y
.if \t >= 16
        SCHEDULE \t
.endif
        addl    .LK+4*(\t)(%rip), \h
        addl    4*(\t & 15)(%rsp), \h           /* h + K[t] + W[t] */
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

/* W[i] for i < 16: the block's words, big-endian, into the ring. */
.macro LOAD_WORD i
        movl    4*\i(%rsi), T0
        bswapl  T0
        movl    T0, 4*\i(%rsp)
.endm

#ifdef FIPSMOD_SHA256_BMI2
FIPSMOD_ENTRY fipsmod_sha256_block_amd64_bmi2, 5
#else
FIPSMOD_ENTRY fipsmod_sha256_block_amd64, 5
#endif
        testq   %rdx, %rdx
        jz      1f
        pushq   %rbx
        pushq   %rbp
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $80, %rsp
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
        LOAD_WORD 0
        LOAD_WORD 1
        LOAD_WORD 2
        LOAD_WORD 3
        LOAD_WORD 4
        LOAD_WORD 5
        LOAD_WORD 6
        LOAD_WORD 7
        LOAD_WORD 8
        LOAD_WORD 9
        LOAD_WORD 10
        LOAD_WORD 11
        LOAD_WORD 12
        LOAD_WORD 13
        LOAD_WORD 14
        LOAD_WORD 15
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

        addq    $80, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbp
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
/* K of FIPS 180-4 §4.2.2, in order. */
.LK:
#include "../sha256_k.inc"
