/*
 * MD5 block function for riscv64 (RFC 1321 §3.4), in two variants built
 * from this one file: base RV64GC (fipsmod_md5_block_riscv64) and, when
 * md5_block_riscv64_zbb.S includes it with FIPSMOD_MD5_ZBB defined, Zbb
 * (fipsmod_md5_block_riscv64_zbb: roriw, andn, orn).
 *
 *   void fipsmod_md5_block_riscv64[_zbb](uint32_t state[4],
 *                                        const uint8_t *data, size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks at `data`,
 * which may have any alignment, and updates the four chaining words.
 *
 * Register map:
 *   a0      state pointer (the chaining words at the start of each block)
 *   a1      data pointer, advanced by 64 per block
 *   a2      end of the data
 *   a3-a6   A, B, C, D: the working variables
 *   a7      the T table
 *   t0, t1  step temporaries
 *   s0-s11, t3-t6   the 16 message words X[0..15] of the block, loaded once.
 *           X[2i] sits in the low half of a doubleword register whose high
 *           half is X[2i+1]; the 32-bit instructions (addw, roriw) read
 *           only low halves, so X[2i] needs no extraction.
 *   t2, ra  unaligned data only: 8 * (data mod 8) and its negation, the two
 *           shift counts that join neighbouring aligned doublewords (shifts
 *           read only the low 6 bits of their count).
 *   s0-s11 and ra are saved on the stack.
 *
 * One step, a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), is ordered so
 * that X[k] and T[i] are added to a, and whatever part of f does not need b
 * is computed, before b is ready. The critical path of a step, from b to the
 * next b, is then the round function's own operations on b, one add, the
 * rotate and one add:
 *   Zbb:    F: and|andn -> or -> addw -> roriw -> addw      (5)
 *           G: and -> addw -> roriw -> addw                 (4, c & ~d added early)
 *           H: xor -> addw -> roriw -> addw                 (4, c ^ d early)
 *           I: orn -> xor -> addw -> roriw -> addw          (5)
 *   RV64GC: as above with xor/and/xor for F and G, or/xor for I, and the
 *           rotate as slliw+srliw -> or (one more on the path).
 *
 * Unaligned data is never loaded with a misaligned access (many cores trap
 * those to firmware). The block is read as the nine aligned doublewords
 * that hold it, and each message doubleword is joined from two neighbours:
 *   X = (L[i] >> 8k) | (L[i+1] << (64 - 8k)),  k = data mod 8.
 * The first and last of those doublewords also hold bytes just outside the
 * block; an aligned doubleword never crosses a page, so reading it cannot
 * fault, and those bytes are shifted out.
 */
#include "core/asm.h"

#define STATE   a0
#define DATA    a1
#define END     a2
#define A       a3
#define B       a4
#define C       a5
#define D       a6
#define TABLE   a7
#define SHIFT   t2
#define NSHIFT  ra

#define M0  s0
#define M1  s1
#define M2  s2
#define M3  s3
#define M4  s4
#define M5  s5
#define M6  s6
#define M7  s7
#define M8  s8
#define M9  s9
#define M10 s10
#define M11 s11
#define M12 t3
#define M13 t4
#define M14 t5
#define M15 t6

#ifdef FIPSMOD_MD5_ZBB
#define FUNCTION fipsmod_md5_block_riscv64_zbb
        .option arch, +zbb
#else
#define FUNCTION fipsmod_md5_block_riscv64
#endif

/* Before step 0: A += X[0] + T[0]. */
.macro FIRST_MESSAGE_AND_CONSTANT
        lw      t1, 0(TABLE)            /* T[0], RFC 1321 §3.4 */
        addw    A, A, M0
        addw    A, A, t1
.endm

/* Work for the next step that does not depend on this one, spread through
 * this step's dependency chain so that an in-order dual-issue core has
 * something to issue beside it: the next step's a (this step's d) gets its
 * message word and constant. Omitted after the last step. */
.macro NEXT_LOAD i, m_next
.ifnb \m_next
        lw      t1, 4*(\i+1)(TABLE)     /* T[i+1] */
.endif
.endm
.macro NEXT_ADD_MESSAGE d, m_next
.ifnb \m_next
        addw    \d, \d, \m_next
.endif
.endm
.macro NEXT_ADD_CONSTANT d, m_next
.ifnb \m_next
        addw    \d, \d, t1
.endif
.endm

/* a = b + (a <<< s), with the next step's constant added beside it. */
.macro ROTATE_ADD a, b, d, s, m_next
#ifdef FIPSMOD_MD5_ZBB
        roriw   \a, \a, 32 - \s
        NEXT_ADD_CONSTANT \d, \m_next
#else
        slliw   t0, \a, \s
        srliw   \a, \a, 32 - \s
        NEXT_ADD_CONSTANT \d, \m_next
        or      \a, \a, t0
#endif
        addw    \a, \a, \b
.endm

/* Each step macro starts with X[k] + T[i] already in a (added during the
 * previous step), and ends with a = b + ((a + f(b, c, d)) <<< s). t0 holds
 * the round function (and the rotate's spare half on RV64GC); t1 the next
 * step's constant. The next step's a is this step's d, so it is changed
 * only after this step's last read of d. */

/* Round 1 step: F(b, c, d) = (b & c) | (~b & d). The two terms are
 * disjoint, so each can be added on its own. */
.macro STEP_F a, b, c, d, i, s, m_next
        NEXT_LOAD \i, \m_next
#ifdef FIPSMOD_MD5_ZBB
        and     t0, \b, \c
        addw    \a, \a, t0
        andn    t0, \d, \b
#else
        xor     t0, \c, \d              /* F = d ^ (b & (c ^ d)) */
        and     t0, t0, \b
        xor     t0, t0, \d
#endif
        NEXT_ADD_MESSAGE \d, \m_next    /* after the last read of d */
        addw    \a, \a, t0
        ROTATE_ADD \a, \b, \d, \s, \m_next
.endm

/* Round 2 step: G(b, c, d) = (b & d) | (c & ~d). */
.macro STEP_G a, b, c, d, i, s, m_next
#ifdef FIPSMOD_MD5_ZBB
        andn    t0, \c, \d              /* c & ~d: disjoint from b & d, */
        addw    \a, \a, t0              /* so added on its own, before b */
        NEXT_LOAD \i, \m_next
        and     t0, \b, \d
        NEXT_ADD_MESSAGE \d, \m_next
#else
        xor     t0, \b, \c              /* G = c ^ (d & (b ^ c)) */
        NEXT_LOAD \i, \m_next
        and     t0, t0, \d
        NEXT_ADD_MESSAGE \d, \m_next
        xor     t0, t0, \c
#endif
        addw    \a, \a, t0
        ROTATE_ADD \a, \b, \d, \s, \m_next
.endm

/* Round 3 step: H(b, c, d) = b ^ c ^ d. (c ^ d is ready before b; reusing
 * the previous step's partial xor, as Go's arm64 code does, would save no
 * instruction here.) */
.macro STEP_H a, b, c, d, i, s, m_next
        xor     t0, \c, \d
        NEXT_LOAD \i, \m_next
        xor     t0, t0, \b
        NEXT_ADD_MESSAGE \d, \m_next
        addw    \a, \a, t0
        ROTATE_ADD \a, \b, \d, \s, \m_next
.endm

/* Round 4 step: I(b, c, d) = c ^ (b | ~d). */
.macro STEP_I a, b, c, d, i, s, m_next
#ifdef FIPSMOD_MD5_ZBB
        NEXT_LOAD \i, \m_next
        orn     t0, \b, \d
#else
        not     t0, \d
        NEXT_LOAD \i, \m_next
        or      t0, t0, \b
#endif
        NEXT_ADD_MESSAGE \d, \m_next
        xor     t0, t0, \c
        addw    \a, \a, t0
        ROTATE_ADD \a, \b, \d, \s, \m_next
.endm

/* The 64 steps, in the order and with the shifts of RFC 1321 §3.4. */
.macro ALL_STEPS
        FIRST_MESSAGE_AND_CONSTANT
        /* Round 1: F */
        STEP_F A, B, C, D, 0, 7, M1
        STEP_F D, A, B, C, 1, 12, M2
        STEP_F C, D, A, B, 2, 17, M3
        STEP_F B, C, D, A, 3, 22, M4
        STEP_F A, B, C, D, 4, 7, M5
        STEP_F D, A, B, C, 5, 12, M6
        STEP_F C, D, A, B, 6, 17, M7
        STEP_F B, C, D, A, 7, 22, M8
        STEP_F A, B, C, D, 8, 7, M9
        STEP_F D, A, B, C, 9, 12, M10
        STEP_F C, D, A, B, 10, 17, M11
        STEP_F B, C, D, A, 11, 22, M12
        STEP_F A, B, C, D, 12, 7, M13
        STEP_F D, A, B, C, 13, 12, M14
        STEP_F C, D, A, B, 14, 17, M15
        STEP_F B, C, D, A, 15, 22, M1
        /* Round 2: G */
        STEP_G A, B, C, D, 16, 5, M6
        STEP_G D, A, B, C, 17, 9, M11
        STEP_G C, D, A, B, 18, 14, M0
        STEP_G B, C, D, A, 19, 20, M5
        STEP_G A, B, C, D, 20, 5, M10
        STEP_G D, A, B, C, 21, 9, M15
        STEP_G C, D, A, B, 22, 14, M4
        STEP_G B, C, D, A, 23, 20, M9
        STEP_G A, B, C, D, 24, 5, M14
        STEP_G D, A, B, C, 25, 9, M3
        STEP_G C, D, A, B, 26, 14, M8
        STEP_G B, C, D, A, 27, 20, M13
        STEP_G A, B, C, D, 28, 5, M2
        STEP_G D, A, B, C, 29, 9, M7
        STEP_G C, D, A, B, 30, 14, M12
        STEP_G B, C, D, A, 31, 20, M5
        /* Round 3: H */
        STEP_H A, B, C, D, 32, 4, M8
        STEP_H D, A, B, C, 33, 11, M11
        STEP_H C, D, A, B, 34, 16, M14
        STEP_H B, C, D, A, 35, 23, M1
        STEP_H A, B, C, D, 36, 4, M4
        STEP_H D, A, B, C, 37, 11, M7
        STEP_H C, D, A, B, 38, 16, M10
        STEP_H B, C, D, A, 39, 23, M13
        STEP_H A, B, C, D, 40, 4, M0
        STEP_H D, A, B, C, 41, 11, M3
        STEP_H C, D, A, B, 42, 16, M6
        STEP_H B, C, D, A, 43, 23, M9
        STEP_H A, B, C, D, 44, 4, M12
        STEP_H D, A, B, C, 45, 11, M15
        STEP_H C, D, A, B, 46, 16, M2
        STEP_H B, C, D, A, 47, 23, M0
        /* Round 4: I */
        STEP_I A, B, C, D, 48, 6, M7
        STEP_I D, A, B, C, 49, 10, M14
        STEP_I C, D, A, B, 50, 15, M5
        STEP_I B, C, D, A, 51, 21, M12
        STEP_I A, B, C, D, 52, 6, M3
        STEP_I D, A, B, C, 53, 10, M10
        STEP_I C, D, A, B, 54, 15, M1
        STEP_I B, C, D, A, 55, 21, M8
        STEP_I A, B, C, D, 56, 6, M15
        STEP_I D, A, B, C, 57, 10, M6
        STEP_I C, D, A, B, 58, 15, M13
        STEP_I B, C, D, A, 59, 21, M4
        STEP_I A, B, C, D, 60, 6, M11
        STEP_I D, A, B, C, 61, 10, M2
        STEP_I C, D, A, B, 62, 15, M9
        STEP_I B, C, D, A, 63, 21
.endm

/* X[0..15] from an aligned block. */
.macro LOAD_ALIGNED
        ld      M0, 0(DATA)
        ld      M2, 8(DATA)
        ld      M4, 16(DATA)
        ld      M6, 24(DATA)
        ld      M8, 32(DATA)
        ld      M10, 40(DATA)
        ld      M12, 48(DATA)
        ld      M14, 56(DATA)
        srli    M1, M0, 32
        srli    M3, M2, 32
        srli    M5, M4, 32
        srli    M7, M6, 32
        srli    M9, M8, 32
        srli    M11, M10, 32
        srli    M13, M12, 32
        srli    M15, M14, 32
.endm

/* Message doubleword lo (holding aligned doubleword L[i]) becomes
 * (L[i] >> SHIFT) | (L[i+1] << NSHIFT), L[i+1] being in next; then its high
 * half goes to hi. hi is free until then and holds the left part. */
.macro JOIN lo, hi, next
        srl     \lo, \lo, SHIFT
        sll     \hi, \next, NSHIFT
        or      \lo, \lo, \hi
        srli    \hi, \lo, 32
.endm

/* X[0..15] from a block that is not 8-byte aligned: the nine aligned
 * doublewords that hold it, joined pairwise. */
.macro LOAD_UNALIGNED
        andi    t0, DATA, -8
        ld      M0, 0(t0)
        ld      M2, 8(t0)
        ld      M4, 16(t0)
        ld      M6, 24(t0)
        ld      M8, 32(t0)
        ld      M10, 40(t0)
        ld      M12, 48(t0)
        ld      M14, 56(t0)
        ld      t0, 64(t0)
        JOIN    M0, M1, M2
        JOIN    M2, M3, M4
        JOIN    M4, M5, M6
        JOIN    M6, M7, M8
        JOIN    M8, M9, M10
        JOIN    M10, M11, M12
        JOIN    M12, M13, M14
        JOIN    M14, M15, t0
.endm

/* Adds the block's result to the chaining words and stores them. */
.macro ADD_STATE
        lw      t0, 0(STATE)
        lw      t1, 4(STATE)
        addw    A, A, t0
        addw    B, B, t1
        lw      t0, 8(STATE)
        lw      t1, 12(STATE)
        addw    C, C, t0
        addw    D, D, t1
        sw      A, 0(STATE)
        sw      B, 4(STATE)
        sw      C, 8(STATE)
        sw      D, 12(STATE)
.endm

        FIPSMOD_ENTRY FUNCTION, 2
        beqz    a2, .Lreturn
        addi    sp, sp, -112
        FIPSMOD_SAVE_CALLEE
        slli    END, a2, 6
        add     END, DATA, END
        lla     TABLE, .Lt_table
        lw      A, 0(STATE)
        lw      B, 4(STATE)
        lw      C, 8(STATE)
        lw      D, 12(STATE)
        andi    t0, DATA, 7
        bnez    t0, .Lunaligned

        /* Aligned data: 8 loads a block. */
.Laligned_block:
        LOAD_ALIGNED
        ALL_STEPS
        ADD_STATE
        addi    DATA, DATA, 64
        bltu    DATA, END, .Laligned_block
        j       .Ldone

.Lunaligned:
        slli    SHIFT, DATA, 3          /* 8 * (data mod 8), in the low 6 bits */
        neg     NSHIFT, SHIFT           /* 64 - that, mod 64 */
.Lunaligned_block:
        LOAD_UNALIGNED
        ALL_STEPS
        ADD_STATE
        addi    DATA, DATA, 64
        bltu    DATA, END, .Lunaligned_block

.Ldone:
        FIPSMOD_RESTORE_CALLEE
        addi    sp, sp, 112
.Lreturn:
        ret
        FIPSMOD_END FUNCTION

        .section .rodata
        .p2align 2
.Lt_table:
#include "../md5_rfc1321_t.inc"
