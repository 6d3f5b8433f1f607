/*
 * MD5 block function for x86-64 (RFC 1321 §3.4).
 *
 *   void fipsmod_md5_block_amd64(uint32_t state[4], const uint8_t *data,
 *                                size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data` (any
 * alignment) and updates the four chaining words. md5_block_amd64_bmi1.S
 * assembles this file again with FIPSMOD_MD5_BMI1 defined, as
 * fipsmod_md5_block_amd64_bmi1, using BMI1's andn where it saves
 * instructions (round 2).
 *
 * Register map:
 *   rdi        state: the chaining words, added in and stored once a block
 *   rsi        data, advanced by 64 a block; rdx the end of the data
 *   r8d-r11d   A, B, C, D, the working variables (the macros take them as
 *              register numbers 8-11, so both %r8 and %r8d can be named)
 *   r12d       all ones, so that NOT is a mov from it and an xor, neither
 *              waiting on anything
 *   eax, ecx   the round function; in round 3, eax carries b ^ c ^ d from
 *              one step to the next
 *   The message words are memory operands; T[i] are immediates.
 *   r12 is saved on the stack.
 *
 * One step, a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), adds X[k] and
 * T[i] to a, and computes whatever part of f does not need b, before b is
 * ready. The critical path of a step, from b to the next b, is then:
 *   F: and -> xor -> add -> rol -> add           (5; c ^ d was made early)
 *   G: and -> add -> rol -> add                  (4; c & ~d was added early)
 *   H: xor -> add -> rol -> add                  (4; c ^ d reused, below)
 *   I: or -> xor -> add -> rol -> add            (5; ~d was made early)
 * 18 cycles per four steps where each of these takes one, 288 a block:
 * 4.5 cycles per byte, which is what this code measures on the build
 * machine (AMD Zen 5). F and I cannot do better with two-operand integer
 * instructions: both need two operations on b before the add.
 */
#include "core/asm.h"

/* The working variables, as register numbers: r8d-r11d. */
#define A 8
#define B 9
#define C 10
#define D 11
#define ONES %r12d

/* T0..T63: the RFC 1321 T table as assembler symbols, used as immediates. */
#define FIPSMOD_MD5_T(i, t) .set T##i, t
#include "../md5_rfc1321_t.inc"

/* a += X[k] + T[i]; neither waits for b. Two adds, one with the message
 * word as a memory operand: its load depends only on rsi, so it issues as
 * soon as the block starts, well ahead of its step. The alternative, the
 * next step's word loaded one step ahead into a register and added with T
 * by one three-component lea, measured no faster on this project's build
 * machine (AMD Zen 5: 4.46-4.60 cycles per byte against 4.47-4.56, 1 MiB,
 * medians of 7, three rounds) and takes a register, so the adds stay. */
.macro ADD_MESSAGE_AND_CONSTANT a, k, i
        addl    $T\i, %r\a\()d
        addl    4*\k(%rsi), %r\a\()d
.endm

/* a = b + (a <<< s) */
.macro ROTATE_ADD a, b, s
        roll    $\s, %r\a\()d
        addl    %r\b\()d, %r\a\()d
.endm

/* Round 1 step: F(b, c, d) = (b & c) | (~b & d), computed as
 * d ^ (b & (c ^ d)) so that c ^ d is ready before b. */
.macro STEP_F a, b, c, d, k, i, s
        movl    %r\c\()d, %eax
        xorl    %r\d\()d, %eax
        ADD_MESSAGE_AND_CONSTANT \a, \k, \i
        andl    %r\b\()d, %eax
        xorl    %r\d\()d, %eax
        addl    %eax, %r\a\()d
        ROTATE_ADD \a, \b, \s
.endm

/* Round 2 step: G(b, c, d) = (b & d) | (c & ~d), as the sum of its two
 * disjoint terms, so that only b & d and one add wait for b. */
.macro STEP_G a, b, c, d, k, i, s
#ifdef FIPSMOD_MD5_BMI1
        andnl   %r\c\()d, %r\d\()d, %eax        /* eax = ~d & c */
#else
        movl    ONES, %eax
        xorl    %r\d\()d, %eax
        andl    %r\c\()d, %eax
#endif
        ADD_MESSAGE_AND_CONSTANT \a, \k, \i
        addl    %eax, %r\a\()d
        movl    %r\d\()d, %ecx
        andl    %r\b\()d, %ecx
        addl    %ecx, %r\a\()d
        ROTATE_ADD \a, \b, \s
.endm

/* Round 3, first step: H(b, c, d) = b ^ c ^ d in full, kept in eax. */
.macro STEP_H_FIRST a, b, c, d, k, i, s
        movl    %r\c\()d, %eax
        xorl    %r\d\()d, %eax
        ADD_MESSAGE_AND_CONSTANT \a, \k, \i
        xorl    %r\b\()d, %eax
        addl    %eax, %r\a\()d
        ROTATE_ADD \a, \b, \s
.endm

/* Round 3, later steps: eax holds the previous H = b' ^ c' ^ d'. This
 * step's c ^ d is b' ^ c' = H ^ d', and d' is this step's a, read before
 * it changes. */
.macro STEP_H a, b, c, d, k, i, s
        xorl    %r\a\()d, %eax
        ADD_MESSAGE_AND_CONSTANT \a, \k, \i
        xorl    %r\b\()d, %eax
        addl    %eax, %r\a\()d
        ROTATE_ADD \a, \b, \s
.endm

/* Round 4 step: I(b, c, d) = c ^ (b | ~d), ~d made from the all-ones
 * register before b is ready. */
.macro STEP_I a, b, c, d, k, i, s
        movl    ONES, %eax
        xorl    %r\d\()d, %eax
        ADD_MESSAGE_AND_CONSTANT \a, \k, \i
        orl     %r\b\()d, %eax
        xorl    %r\c\()d, %eax
        addl    %eax, %r\a\()d
        ROTATE_ADD \a, \b, \s
.endm

/* The working variables' registers by name, for the code outside the steps. */
#define REG_A %r8d
#define REG_B %r9d
#define REG_C %r10d
#define REG_D %r11d

#ifdef FIPSMOD_MD5_BMI1
#define ENTRY fipsmod_md5_block_amd64_bmi1
#else
#define ENTRY fipsmod_md5_block_amd64
#endif

        FIPSMOD_ENTRY ENTRY, 5
        testq   %rdx, %rdx
        jz      .Lreturn
        pushq   %r12
        shlq    $6, %rdx
        addq    %rsi, %rdx              /* end = data + 64 * blocks */
        movl    $-1, ONES
        movl    0(%rdi), REG_A
        movl    4(%rdi), REG_B
        movl    8(%rdi), REG_C
        movl    12(%rdi), REG_D
        .p2align 4
.Lblock:
        /* Round 1: F */
        STEP_F       A, B, C, D,  0,  0, 7
        STEP_F       D, A, B, C,  1,  1, 12
        STEP_F       C, D, A, B,  2,  2, 17
        STEP_F       B, C, D, A,  3,  3, 22
        STEP_F       A, B, C, D,  4,  4, 7
        STEP_F       D, A, B, C,  5,  5, 12
        STEP_F       C, D, A, B,  6,  6, 17
        STEP_F       B, C, D, A,  7,  7, 22
        STEP_F       A, B, C, D,  8,  8, 7
        STEP_F       D, A, B, C,  9,  9, 12
        STEP_F       C, D, A, B, 10, 10, 17
        STEP_F       B, C, D, A, 11, 11, 22
        STEP_F       A, B, C, D, 12, 12, 7
        STEP_F       D, A, B, C, 13, 13, 12
        STEP_F       C, D, A, B, 14, 14, 17
        STEP_F       B, C, D, A, 15, 15, 22
        /* Round 2: G */
        STEP_G       A, B, C, D,  1, 16, 5
        STEP_G       D, A, B, C,  6, 17, 9
        STEP_G       C, D, A, B, 11, 18, 14
        STEP_G       B, C, D, A,  0, 19, 20
        STEP_G       A, B, C, D,  5, 20, 5
        STEP_G       D, A, B, C, 10, 21, 9
        STEP_G       C, D, A, B, 15, 22, 14
        STEP_G       B, C, D, A,  4, 23, 20
        STEP_G       A, B, C, D,  9, 24, 5
        STEP_G       D, A, B, C, 14, 25, 9
        STEP_G       C, D, A, B,  3, 26, 14
        STEP_G       B, C, D, A,  8, 27, 20
        STEP_G       A, B, C, D, 13, 28, 5
        STEP_G       D, A, B, C,  2, 29, 9
        STEP_G       C, D, A, B,  7, 30, 14
        STEP_G       B, C, D, A, 12, 31, 20
        /* Round 3: H */
        STEP_H_FIRST A, B, C, D,  5, 32, 4
        STEP_H       D, A, B, C,  8, 33, 11
        STEP_H       C, D, A, B, 11, 34, 16
        STEP_H       B, C, D, A, 14, 35, 23
        STEP_H       A, B, C, D,  1, 36, 4
        STEP_H       D, A, B, C,  4, 37, 11
        STEP_H       C, D, A, B,  7, 38, 16
        STEP_H       B, C, D, A, 10, 39, 23
        STEP_H       A, B, C, D, 13, 40, 4
        STEP_H       D, A, B, C,  0, 41, 11
        STEP_H       C, D, A, B,  3, 42, 16
        STEP_H       B, C, D, A,  6, 43, 23
        STEP_H       A, B, C, D,  9, 44, 4
        STEP_H       D, A, B, C, 12, 45, 11
        STEP_H       C, D, A, B, 15, 46, 16
        STEP_H       B, C, D, A,  2, 47, 23
        /* Round 4: I */
        STEP_I       A, B, C, D,  0, 48, 6
        STEP_I       D, A, B, C,  7, 49, 10
        STEP_I       C, D, A, B, 14, 50, 15
        STEP_I       B, C, D, A,  5, 51, 21
        STEP_I       A, B, C, D, 12, 52, 6
        STEP_I       D, A, B, C,  3, 53, 10
        STEP_I       C, D, A, B, 10, 54, 15
        STEP_I       B, C, D, A,  1, 55, 21
        STEP_I       A, B, C, D,  8, 56, 6
        STEP_I       D, A, B, C, 15, 57, 10
        STEP_I       C, D, A, B,  6, 58, 15
        STEP_I       B, C, D, A, 13, 59, 21
        STEP_I       A, B, C, D,  4, 60, 6
        STEP_I       D, A, B, C, 11, 61, 10
        STEP_I       C, D, A, B,  2, 62, 15
        STEP_I       B, C, D, A,  9, 63, 21
        addl    0(%rdi), REG_A          /* add the block's result to the chaining words */
        addl    4(%rdi), REG_B
        addl    8(%rdi), REG_C
        addl    12(%rdi), REG_D
        movl    REG_A, 0(%rdi)
        movl    REG_B, 4(%rdi)
        movl    REG_C, 8(%rdi)
        movl    REG_D, 12(%rdi)
        addq    $64, %rsi
        cmpq    %rdx, %rsi
        jb      .Lblock
        popq    %r12
.Lreturn:
        ret
        FIPSMOD_END ENTRY
