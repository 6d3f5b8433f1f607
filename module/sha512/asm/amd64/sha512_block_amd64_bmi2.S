/*
 * SHA-512 block function for x86-64, scalar rounds with BMI2 (FIPS 180-4
 * §6.4.2).
 *
 *   void fipsmod_sha512_block_amd64_bmi2(uint64_t state[8],
 *                                        const uint8_t *data, size_t blocks);
 *
 * Runs the compression function over `blocks` 128-byte blocks at `data`
 * (any alignment; big-endian words) and updates the eight chaining words
 * a..h. Reads exactly blocks * 128 bytes; blocks == 0 touches nothing.
 * Every rotate is one rorx (BMI2: three operands, no flags), and Ch is the
 * sum of its two disjoint terms e & f and ~e & g, the second one andn
 * (BMI1). The message schedule runs two words at a time in SSE2 registers
 * (SSE2 only: the kernel needs no more than BMI1 and BMI2 of the CPU), on
 * the vector units, beside the rounds; it stores W[t] + K[t] to the stack,
 * so a round adds one memory word for both.
 *
 * What the stack held of the schedule is overwritten with zeros before
 * the return, in both kernels: the last sixteen words of a block give
 * back the block (after HMAC's key blocks, the key), and a dead frame is
 * read by whatever runs there next. Once a call, not a block: the bmi2
 * ring is eight 16-byte stores, a few cycles; the AVX2 area forty 32-byte
 * stores, some 20 to 40 cycles, against 400 or more for each block's
 * rounds (80 rounds of at least 5 cycles).
 *
 * sha512_block_amd64_avx2.S assembles this file again with
 * FIPSMOD_SHA512_AVX2 defined, as fipsmod_sha512_block_amd64_avx2: the same
 * rounds, but the schedule of two blocks at once in AVX2 registers (block
 * n in the low 128-bit lane, block n+1 in the high one), so one vector
 * instruction does the work of two; the rounds of block n+1 then run from
 * the stack with no schedule work at all. See the comment above its driver.
 *
 * Register map (both kernels):
 *   rax, rbx, rcx, rdx, r8-r11  a..h, the working variables; the round
 *              macro takes them in rotated order, so no round moves them
 *   r15, rdi   a ^ b of this round and b ^ c (a ^ b of the round before),
 *              for Maj; they trade roles each round
 *   r12-r14    scratch (Σ and Ch)
 *   rsi        data at the start of a block; during the rounds a pointer
 *              into the K table, advanced 16 words an iteration
 *   xmm0-xmm7  the schedule: eight rolling pairs of words, W[2q], W[2q+1]
 *              in xmm(q mod 8), W[2q] in the low quadword (ymm0-ymm7 in the
 *              AVX2 kernel, with the next block's pair in the high lane)
 *   xmm8-xmm12 scratch for the schedule
 *   stack      bmi2: W[t] + K[t], a ring of 16 words (0..127(%rsp), 16-byte
 *              aligned, zeroed before the return); the state pointer, the
 *              block's data and the end of the data above it; rbx and
 *              r12-r15 saved above those. (AVX2: see its driver.)
 *   K comes from the shared table (../sha512_k.inc) in .rodata.
 *
 * One round (§6.4.2 step 3), names rotating instead of values:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h = T1 + Σ0(a) + Maj(a, b, c)
 * with h + K[t] + W[t] added before e is known, Ch(e, f, g) as
 * (e & f) + (~e & g) (the terms share no bit, so + is |), and Maj(a, b, c)
 * as b ^ ((a ^ b) & (b ^ c)), b ^ c kept from the round before. The
 * critical path, from e to the next e: Σ1 (rorx, xor, xor: 3) then two
 * adds (into h, into d): 5 cycles a round, with Ch (ready in 1) added to h
 * in parallel; a's path (Σ0, add, add) is no longer and runs beside it.
 * A round is 24 instructions (two of them register moves), so on a core
 * that issues 4 or 5 a cycle the rounds are bound by issue width about as
 * much as by that path: the schedule's vector work costs round time too,
 * which is why the AVX2 kernel halves it.
 */
#include "core/asm.h"

#define T0 %r12
#define T1 %r13
#define T2 %r14

/* WK_ADDR(j): where W[t] + K[t] of round j of a run of sixteen is. */
#ifndef FIPSMOD_SHA512_AVX2
/* The ring at 0(%rsp): the runs start at multiples of 16, so j is the
 * word's place in the ring. */
#define WK_ADDR(j) (8 * (j))(%rsp)
#else
/* Pair j / 2 of the run at rbp, in block n's lane (the low 16 bytes of
 * the pair's 32). */
#define WK_ADDR(j) (32 * ((j) >> 1) + 8 * ((j) & 1))(%rbp)
#endif

/* Round t on a..h, its W[t] + K[t] at the memory operand wk; x gets a ^ b,
 * y holds b ^ c and is used up. Leaves the new e in d and the new a in h. */
.macro ROUND wk, a, b, c, d, e, f, g, h, x, y
        addq    \wk, \h                         /* h + K[t] + W[t] */
        rorxq   $14, \e, T0
        rorxq   $18, \e, T1
        andnq   \g, \e, T2                      /* ~e & g */
        xorq    T1, T0
        rorxq   $41, \e, T1
        addq    T2, \h
        movq    \f, T2
        andq    \e, T2                          /* e & f: Ch is the sum of the two */
        xorq    T1, T0                          /* Σ1(e) */
        addq    T2, \h
        addq    T0, \h                          /* T1 */
        rorxq   $28, \a, T0
        rorxq   $34, \a, T1
        addq    \h, \d                          /* new e = d + T1 */
        xorq    T1, T0
        rorxq   $39, \a, T1
        movq    \a, \x
        xorq    \b, \x                          /* a ^ b, the next round's b ^ c */
        xorq    T1, T0                          /* Σ0(a) */
        andq    \x, \y
        xorq    \b, \y                          /* Maj(a, b, c) */
        addq    T0, \h
        addq    \y, \h                          /* new a = T1 + Σ0(a) + Maj */
.endm

/* Round j (0..15) of a run of sixteen, names rotated by j mod 8: after
 * eight rounds every name is back in its register, and x and y too (they
 * swap each round). WK_ADDR j is where the run's word j + K is. */
.macro ROUND_J j
.if ((\j) & 7) == 0
        ROUND   WK_ADDR(\j), %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %r15, %rdi
.elseif ((\j) & 7) == 1
        ROUND   WK_ADDR(\j), %r11, %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %rdi, %r15
.elseif ((\j) & 7) == 2
        ROUND   WK_ADDR(\j), %r10, %r11, %rax, %rbx, %rcx, %rdx, %r8, %r9, %r15, %rdi
.elseif ((\j) & 7) == 3
        ROUND   WK_ADDR(\j), %r9, %r10, %r11, %rax, %rbx, %rcx, %rdx, %r8, %rdi, %r15
.elseif ((\j) & 7) == 4
        ROUND   WK_ADDR(\j), %r8, %r9, %r10, %r11, %rax, %rbx, %rcx, %rdx, %r15, %rdi
.elseif ((\j) & 7) == 5
        ROUND   WK_ADDR(\j), %rdx, %r8, %r9, %r10, %r11, %rax, %rbx, %rcx, %rdi, %r15
.elseif ((\j) & 7) == 6
        ROUND   WK_ADDR(\j), %rcx, %rdx, %r8, %r9, %r10, %r11, %rax, %rbx, %r15, %rdi
.else
        ROUND   WK_ADDR(\j), %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rax, %rdi, %r15
.endif
.endm

/* y = b ^ c for the first round of a block (rdi is its y, b ^ c). */
.macro INIT_MAJ
        movq    %rbx, %rdi
        xorq    %rcx, %rdi
.endm

/* Sixteen rounds, no schedule work. */
.macro ROUNDS16
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        ROUND_J \j
        .endr
.endm

/* Sixteen rounds with the schedule of the next sixteen words, one pair
 * (SCHED j) after each two rounds. */
.macro ROUNDS16_SCHED
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        ROUND_J (2 * \j)
        ROUND_J (2 * \j + 1)
        SCHED_J \j
        .endr
.endm

/* SCHED_J j: SCHED on the eight pair registers rotated by j, so that the
 * pair being replaced (W[2q-16], W[2q-15], for the pair q = 8 + j of the
 * coming run) is xmm(j). */
.macro SCHED_J j
.if (\j) == 0
        SCHED   \j, 0, 1, 4, 5, 7
.elseif (\j) == 1
        SCHED   \j, 1, 2, 5, 6, 0
.elseif (\j) == 2
        SCHED   \j, 2, 3, 6, 7, 1
.elseif (\j) == 3
        SCHED   \j, 3, 4, 7, 0, 2
.elseif (\j) == 4
        SCHED   \j, 4, 5, 0, 1, 3
.elseif (\j) == 5
        SCHED   \j, 5, 6, 1, 2, 4
.elseif (\j) == 6
        SCHED   \j, 6, 7, 2, 3, 5
.else
        SCHED   \j, 7, 0, 3, 4, 6
.endif
.endm

/* §6.4.2 step 4: add the working variables into the state at T0 and store
 * them back there. */
.macro ADD_STATE
        addq    0(T0), %rax
        addq    8(T0), %rbx
        addq    16(T0), %rcx
        addq    24(T0), %rdx
        addq    32(T0), %r8
        addq    40(T0), %r9
        addq    48(T0), %r10
        addq    56(T0), %r11
        movq    %rax, 0(T0)
        movq    %rbx, 8(T0)
        movq    %rcx, 16(T0)
        movq    %rdx, 24(T0)
        movq    %r8, 32(T0)
        movq    %r9, 40(T0)
        movq    %r10, 48(T0)
        movq    %r11, 56(T0)
.endm

/* The state words into a..h, from the pointer in rdi. */
.macro LOAD_STATE
        movq    0(%rdi), %rax
        movq    8(%rdi), %rbx
        movq    16(%rdi), %rcx
        movq    24(%rdi), %rdx
        movq    32(%rdi), %r8
        movq    40(%rdi), %r9
        movq    48(%rdi), %r10
        movq    56(%rdi), %r11
.endm

#ifndef FIPSMOD_SHA512_AVX2

/* The stack frame: the W + K ring, then three pointers. 5 registers pushed
 * onto the 8 mod 16 of the entry leave rsp 0 mod 16; 160 keeps it so. */
#define RING 0
#define STATE_PTR 128
#define DATA_PTR 136
#define END_PTR 144
#define FRAME 160


/* x (a pair of words loaded from the data), read as two big-endian
 * words: swap the dwords of each quadword, the 16-bit halves of each
 * dword, then the bytes of each half (SSE2 has no byte shuffle). */
.macro BSWAP64X2 x
        pshufd  $0xb1, \x, \x
        pshuflw $0xb1, \x, \x
        pshufhw $0xb1, \x, \x
        movdqa  \x, %xmm8
        psllw   $8, \x
        psrlw   $8, %xmm8
        por     %xmm8, \x
.endm

/* W[2q..2q+1] + K[2q..2q+1] into ring slot j (words 2j, 2j+1) from the
 * pair in x, with rsi at K[2q - 2j]. */
.macro STORE_WK j, x, koff
        movdqa  \x, %xmm8
        paddq   (\koff + 16 * (\j))(%rsi), %xmm8
        movdqa  %xmm8, (RING + 16 * (\j))(%rsp)
.endm

/* The pair W[2q], W[2q+1] for 2q >= 16 (§6.4.2 step 1), with q = 16i + 8
 * + j in iteration i of the loop below (rsi at K[16i]):
 *   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
 * in xmm(a), which holds W[2q-16], W[2q-15]; xmm(b), xmm(e), xmm(f) and
 * xmm(h) hold the pairs from W[2q-14], W[2q-8], W[2q-6] and W[2q-2]. Both
 * words of a pair at once: W[2q+1] needs W[2q-1], not W[2q]. Then W + K
 * into ring slot j, whose words rounds 2j and 2j+1 of this run have read.
 *   σ0(x) = (x ror 1) ^ (x ror 8) ^ (x >> 7)
 *   σ1(x) = (x ror 19) ^ (x ror 61) ^ (x >> 6)
 * each rotate a right and a left shift (SSE2 has no 64-bit rotate). */
.macro SCHED j, a, b, e, f, h
        movdqa  %xmm\a, %xmm8
        shufpd  $1, %xmm\b, %xmm8               /* W[2q-15], W[2q-14] */
        movdqa  %xmm8, %xmm9
        psrlq   $1, %xmm9                       /* x >> 1 */
        movdqa  %xmm9, %xmm10
        psrlq   $6, %xmm10                      /* x >> 7 */
        pxor    %xmm10, %xmm9
        psrlq   $1, %xmm10                      /* x >> 8 */
        pxor    %xmm10, %xmm9
        psllq   $56, %xmm8                      /* x << 56 */
        pxor    %xmm8, %xmm9
        psllq   $7, %xmm8                       /* x << 63 */
        pxor    %xmm8, %xmm9                    /* σ0 */
        paddq   %xmm9, %xmm\a
        movdqa  %xmm\e, %xmm11
        shufpd  $1, %xmm\f, %xmm11              /* W[2q-7], W[2q-6] */
        paddq   %xmm11, %xmm\a
        movdqa  %xmm\h, %xmm9
        psrlq   $6, %xmm9                       /* x >> 6 */
        movdqa  %xmm\h, %xmm10
        psrlq   $19, %xmm10                     /* x >> 19 */
        movdqa  %xmm\h, %xmm11
        psllq   $45, %xmm11                     /* x << 45 */
        movdqa  %xmm\h, %xmm12
        psrlq   $61, %xmm12                     /* x >> 61 */
        pxor    %xmm10, %xmm9
        pxor    %xmm12, %xmm11
        movdqa  %xmm\h, %xmm12
        psllq   $3, %xmm12                      /* x << 3 */
        pxor    %xmm11, %xmm9
        pxor    %xmm12, %xmm9                   /* σ1 */
        paddq   %xmm9, %xmm\a                   /* W[2q], W[2q+1] */
        STORE_WK \j, %xmm\a, 128
.endm

FIPSMOD_ENTRY fipsmod_sha512_block_amd64_bmi2, 5
        testq   %rdx, %rdx
        jz      9f
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $FRAME, %rsp
        shlq    $7, %rdx
        addq    %rsi, %rdx
        movq    %rdi, STATE_PTR(%rsp)
        movq    %rdx, END_PTR(%rsp)
        LOAD_STATE

        .p2align 4
1:      /* One block: W[0..15] from the data, their W + K into the ring. */
        movq    %rsi, DATA_PTR(%rsp)
        movdqu  0(%rsi), %xmm0
        movdqu  16(%rsi), %xmm1
        movdqu  32(%rsi), %xmm2
        movdqu  48(%rsi), %xmm3
        movdqu  64(%rsi), %xmm4
        movdqu  80(%rsi), %xmm5
        movdqu  96(%rsi), %xmm6
        movdqu  112(%rsi), %xmm7
        BSWAP64X2 %xmm0
        BSWAP64X2 %xmm1
        BSWAP64X2 %xmm2
        BSWAP64X2 %xmm3
        BSWAP64X2 %xmm4
        BSWAP64X2 %xmm5
        BSWAP64X2 %xmm6
        BSWAP64X2 %xmm7
        leaq    .LK(%rip), %rsi
        STORE_WK 0, %xmm0, 0
        STORE_WK 1, %xmm1, 0
        STORE_WK 2, %xmm2, 0
        STORE_WK 3, %xmm3, 0
        STORE_WK 4, %xmm4, 0
        STORE_WK 5, %xmm5, 0
        STORE_WK 6, %xmm6, 0
        STORE_WK 7, %xmm7, 0
        INIT_MAJ

        /* Rounds 0..63, each run of sixteen scheduling the next sixteen
         * words. */
2:      ROUNDS16_SCHED
        addq    $128, %rsi
        leaq    .LK+512(%rip), T0
        cmpq    T0, %rsi
        jb      2b
        /* Rounds 64..79. */
        ROUNDS16

        movq    STATE_PTR(%rsp), T0
        ADD_STATE
        movq    DATA_PTR(%rsp), %rsi
        addq    $128, %rsi
        cmpq    END_PTR(%rsp), %rsi
        jb      1b

        /* The ring overwritten with zeros (xmm8 is the schedule's
         * scratch): no schedule word stays in the dead frame. */
        pxor    %xmm8, %xmm8
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        movdqa  %xmm8, (RING + 16 * \j)(%rsp)
        .endr
        addq    $FRAME, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
9:
        ret
FIPSMOD_END fipsmod_sha512_block_amd64_bmi2

#else /* FIPSMOD_SHA512_AVX2 */

/*
 * The AVX2 kernel, fipsmod_sha512_block_amd64_avx2: the rounds above, the
 * schedule of two blocks at once. Each ymm of the schedule holds one pair
 * of words of block n in its low 128-bit lane and the same pair of block
 * n+1 in its high lane; every AVX2 instruction works lane by lane, so the
 * schedule code is SCHED's, three-operand and with byte shuffles, run
 * once for two blocks. It stores W + K of both blocks, all 80 words of
 * each, to the stack: pair q at 32q, block n's half at +0, block n+1's at
 * +16. Block n's rounds run beside the schedule; block n+1's rounds then
 * run from the stack alone. An odd last block runs alone: the high lane
 * loads nothing (VEX loads of an xmm clear the upper lane) and its
 * schedule is computed and never read.
 *
 * Stack (32-byte aligned, for vmovdqa of a ymm): the W + K area, 1280
 * bytes from 0(%rsp), zeroed before the return, then the state pointer,
 * the pair's data, the end of the data and the rsp of the entry; rbx, rbp
 * and r12-r15 pushed above.
 * rbp points into the W + K area: at the run of rounds (advanced 256 bytes
 * a run of sixteen), or 16 bytes on for block n+1.
 */
#define WK_AREA 0
#define STATE_PTR 1280
#define DATA_PTR 1288
#define END_PTR 1296
#define SAVED_RSP 1304
#define FRAME 1312


/* W[2q..2q+1] + K[2q..2q+1] of both blocks, from the pairs in ymm(x),
 * into the W + K area at off(%rbp); rsi + koff points at K[2q]. */
.macro STORE_WK2 x, koff, off
        vbroadcasti128 \koff(%rsi), %ymm8       /* K[2q], K[2q+1] in both lanes */
        vpaddq  %ymm\x, %ymm8, %ymm8
        vmovdqa %ymm8, \off(%rbp)
.endm

/* SCHED of the bmi2 kernel, for both blocks: the pairs W[2q], W[2q+1],
 * q = 16i + 8 + j in iteration i, into ymm(a) (which held W[2q-16],
 * W[2q-15]), and their W + K into the W + K area, 256 bytes past the run
 * of rounds it runs beside. ror 8 is one byte shuffle; the other rotates
 * are two shifts each. */
.macro SCHED j, a, b, e, f, h
        vpalignr $8, %ymm\a, %ymm\b, %ymm8      /* W[2q-15], W[2q-14] */
        vpsrlq  $1, %ymm8, %ymm9
        vpsllq  $63, %ymm8, %ymm10
        vpsrlq  $7, %ymm8, %ymm11
        vpshufb .Lror8(%rip), %ymm8, %ymm8      /* x ror 8 */
        vpxor   %ymm9, %ymm10, %ymm9            /* x ror 1 */
        vpxor   %ymm11, %ymm8, %ymm8
        vpxor   %ymm9, %ymm8, %ymm8             /* σ0 */
        vpalignr $8, %ymm\e, %ymm\f, %ymm9      /* W[2q-7], W[2q-6] */
        vpaddq  %ymm8, %ymm\a, %ymm\a
        vpaddq  %ymm9, %ymm\a, %ymm\a
        vpsrlq  $6, %ymm\h, %ymm8
        vpsrlq  $19, %ymm\h, %ymm9
        vpsllq  $45, %ymm\h, %ymm10
        vpsrlq  $61, %ymm\h, %ymm11
        vpsllq  $3, %ymm\h, %ymm12
        vpxor   %ymm9, %ymm8, %ymm8
        vpxor   %ymm11, %ymm10, %ymm10
        vpxor   %ymm12, %ymm8, %ymm8
        vpxor   %ymm10, %ymm8, %ymm8            /* σ1 */
        vpaddq  %ymm8, %ymm\a, %ymm\a           /* W[2q], W[2q+1] */
        STORE_WK2 \a, (128 + 16 * (\j)), (256 + 32 * (\j))
.endm

/* Pair j of the data (words 2j, 2j+1) of block n into ymm(j)'s low lane,
 * the upper lane cleared. */
.macro LOAD_ONE j
        vmovdqu (16 * (\j))(%rsi), %xmm\j
.endm

/* The same pair of both blocks, block n+1's in the high lane. */
.macro LOAD_TWO j
        vmovdqu (16 * (\j))(%rsi), %xmm\j
        vinserti128 $1, (128 + 16 * (\j))(%rsi), %ymm\j, %ymm\j
.endm

FIPSMOD_ENTRY fipsmod_sha512_block_amd64_avx2, 5
        testq   %rdx, %rdx
        jz      9f
        pushq   %rbx
        pushq   %rbp
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        movq    %rsp, T0
        subq    $FRAME, %rsp
        andq    $-32, %rsp
        movq    T0, SAVED_RSP(%rsp)
        shlq    $7, %rdx
        addq    %rsi, %rdx
        movq    %rdi, STATE_PTR(%rsp)
        movq    %rdx, END_PTR(%rsp)
        LOAD_STATE

        .p2align 4
1:      /* Blocks n and n+1 (if there is one): W[0..15] of both from the
         * data, their W + K into the area. */
        movq    %rsi, DATA_PTR(%rsp)
        leaq    128(%rsi), T0
        cmpq    END_PTR(%rsp), T0
        jb      3f
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        LOAD_ONE \j
        .endr
        jmp     4f
3:
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        LOAD_TWO \j
        .endr
4:
        vmovdqa .Lbswap(%rip), %ymm9
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        vpshufb %ymm9, %ymm\j, %ymm\j           /* big-endian words */
        .endr
        leaq    .LK(%rip), %rsi
        movq    %rsp, %rbp
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        STORE_WK2 \j, (16 * \j), (32 * \j)
        .endr
        INIT_MAJ

        /* Block n, rounds 0..63, each run of sixteen scheduling the next
         * sixteen words of both blocks. */
2:      ROUNDS16_SCHED
        addq    $128, %rsi
        addq    $256, %rbp
        leaq    .LK+512(%rip), T0
        cmpq    T0, %rsi
        jb      2b
        /* Rounds 64..79. */
        ROUNDS16

        movq    STATE_PTR(%rsp), T0
        ADD_STATE
        movq    DATA_PTR(%rsp), %rsi
        addq    $128, %rsi
        cmpq    END_PTR(%rsp), %rsi
        jae     8f

        /* Block n+1: its 80 rounds from the high halves of the area. */
        leaq    16(%rsp), %rbp
        INIT_MAJ
5:      ROUNDS16
        addq    $256, %rbp
        leaq    (16 + 1280)(%rsp), T0
        cmpq    T0, %rbp
        jb      5b

        movq    STATE_PTR(%rsp), T0
        ADD_STATE
        movq    DATA_PTR(%rsp), %rsi
        addq    $256, %rsi
        cmpq    END_PTR(%rsp), %rsi
        jb      1b

8:
        /* The W + K area overwritten with zeros, all five runs of both
         * lanes (a lone last block's high lane holds K: zeroed too): no
         * schedule word stays in the dead frame. */
        vpxor   %xmm8, %xmm8, %xmm8             /* all of ymm8 (VEX) */
        .irp    i, 0, 1, 2, 3, 4
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        vmovdqa %ymm8, (WK_AREA + 256 * \i + 32 * \j)(%rsp)
        .endr
        .endr
        vzeroupper
        movq    SAVED_RSP(%rsp), %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbp
        popq    %rbx
9:
        ret
FIPSMOD_END fipsmod_sha512_block_amd64_avx2

        .section .rodata
        .p2align 5
/* vpshufb controls, the same in both lanes. .Lbswap reverses the bytes
 * of each quadword (big-endian words); .Lror8 rotates each quadword right
 * by 8 bits: result byte i is byte (i + 1) mod 8 of its quadword. */
.Lbswap:
        .byte   7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
        .byte   7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
.Lror8:
        .byte   1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
        .byte   1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8

#endif /* FIPSMOD_SHA512_AVX2 */

        .section .rodata
        .p2align 6
/* K of FIPS 180-4 §4.2.3, in order, 16-byte aligned for paddq and
 * vbroadcasti128. */
.LK:
#include "../sha512_k.inc"
