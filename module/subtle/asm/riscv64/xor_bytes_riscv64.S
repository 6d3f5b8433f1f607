/*
 * XORBytes for riscv64, base RV64GC (no extension needed).
 *
 * Computes dst[i] = x[i] ^ y[i] for i < n (n > 0; dst is exactly x or y, or
 * overlaps neither; any alignment).
 *
 *   void fipsmod_xor_bytes_riscv64(uint8_t *dst, const uint8_t *x,
 *                                  const uint8_t *y, size_t n);
 *
 * Plan: n < 32 goes byte by byte. Otherwise up to 7 bytes are done one at a
 * time until dst is 8-byte aligned; then doublewords are loaded and stored,
 * 64 bytes a loop iteration, then 8 at a time, and the last 0-7 bytes one at
 * a time. No access is ever misaligned (many cores trap misaligned loads to
 * firmware): a source that is not aligned like dst is read as aligned
 * doublewords, and each of its doublewords is joined from two neighbours,
 *   X = (L[i] >> 8k) | (L[i+1] << (64 - 8k)),  k = x mod 8.
 * The first and last aligned doublewords of such a source also hold bytes
 * outside it; an aligned doubleword never crosses a page, so reading it
 * cannot fault, and those bytes are shifted out. The two halves of a join
 * have no bit in common, so | can be ^, which lets the y value be folded in
 * with no extra register.
 *
 * Four loops, by where x and y sit relative to the aligned dst:
 *   AA  both aligned:            dst = x ^ y
 *   XA  both off by the same k:  dst = join(x ^ y), one join for both
 *   MA  x off, y aligned:        dst = join(x) ^ y  (an aligned x with an
 *                                off y is swapped into this: ^ commutes)
 *   MM  off by different k:      dst = join(x) ^ join(y)
 * Each loop body loads a group of doublewords before it uses any of them, so
 * that an in-order core (the U74 issues in order, two a cycle, one memory
 * access a cycle) does not stall on load latency.
 *
 * Register map:
 *   a0      dst, 8-byte aligned in the loops
 *   a1, a2  x, y; in XA/MA/MM the aligned doubleword holding the next
 *           source byte, whose value is already loaded (the "carry")
 *   a3      bytes left (in the loops: less 64, or less 8)
 *   a4, a5  x's join shifts: 8k, and 64 - 8k mod 64 (shifts read only
 *           the low 6 bits of their count)
 *   a6, a7  y's join shifts in MM; spare doubleword registers elsewhere
 *   t0      the carry (x's in MM); t3 y's carry in MM
 *   t1-t6   loaded doublewords and temporaries
 *   s0-s11, ra  more doublewords in the AA, XA and MM loops, saved on the
 *           stack around them
 *
 * Critical path of a doubleword: ld -> (srl, sll) -> or/xor -> xor -> sd.
 * The groups make the loops bound by the one memory port: 3 accesses per
 * doubleword, and in MM the 7 ALU operations of two joins beside them.
 */
#include "core/asm.h"

        FIPSMOD_ENTRY fipsmod_xor_bytes_riscv64, 2
        li      t0, 32
        bltu    a3, t0, .Lbytes

        /* Bytes until dst is 8-byte aligned (n >= 32 leaves n >= 25). */
.Lpeel:
        andi    t0, a0, 7
        beqz    t0, .Laligned_dst
        lbu     t0, 0(a1)
        lbu     t1, 0(a2)
        xor     t0, t0, t1
        sb      t0, 0(a0)
        addi    a0, a0, 1
        addi    a1, a1, 1
        addi    a2, a2, 1
        addi    a3, a3, -1
        j       .Lpeel

.Laligned_dst:
        andi    t0, a1, 7               /* kx */
        andi    t1, a2, 7               /* ky */
        or      t2, t0, t1
        beqz    t2, .Laa
        slli    a4, t0, 3               /* x's shifts */
        neg     a5, a4
        andi    a1, a1, -8
        bne     t0, t1, 1f
        andi    a2, a2, -8              /* XA: the same k for both */
        ld      t0, 0(a1)
        ld      t1, 0(a2)
        xor     t0, t0, t1              /* carry: x ^ y, aligned */
        j       .Lxa
1:      bnez    t0, 2f
        mv      t2, a1                  /* x aligned, y not: swap them */
        mv      a1, a2
        mv      a2, t2
        mv      t0, t1
        mv      t1, zero
        slli    a4, t0, 3
        neg     a5, a4
        andi    a1, a1, -8
2:      ld      t0, 0(a1)               /* x carry */
        beqz    t1, .Lma
        slli    a6, t1, 3               /* MM: y's shifts and carry */
        neg     a7, a6
        andi    a2, a2, -8
        ld      t3, 0(a2)
        j       .Lmm

/* The 64-byte loop and the 8-byte loop around a loop body macro; \group
 * is invoked with the byte offset of each group and covers \size bytes.
 * \enter runs first and \after last (saving and restoring registers, and
 * turning the aligned source pointers back into byte pointers). */
.macro LOOPS name, group, size, single, after, enter
\name:
        \enter
        addi    a3, a3, -64
        bltz    a3, 2f
1:
        .set    offset, 0
        .rept   64 / \size
        \group  offset
        .set    offset, offset + \size
        .endr
        addi    a0, a0, 64
        addi    a1, a1, 64
        addi    a2, a2, 64
        addi    a3, a3, -64
        bgez    a3, 1b
2:      addi    a3, a3, 64 - 8
        bltz    a3, 4f
3:      \single
        addi    a0, a0, 8
        addi    a1, a1, 8
        addi    a2, a2, 8
        addi    a3, a3, -8
        bgez    a3, 3b
4:      addi    a3, a3, 8
        \after
        j       .Lbytes
.endm

/* Saving and restoring the callee-saved registers the wide loops use. */
.macro SAVE_S0_TO_S11_RA
        addi    sp, sp, -112
        sd      s0, 0(sp)
        sd      s1, 8(sp)
        sd      s2, 16(sp)
        sd      s3, 24(sp)
        sd      s4, 32(sp)
        sd      s5, 40(sp)
        sd      s6, 48(sp)
        sd      s7, 56(sp)
        sd      s8, 64(sp)
        sd      s9, 72(sp)
        sd      s10, 80(sp)
        sd      s11, 88(sp)
        sd      ra, 96(sp)
.endm
.macro RESTORE_S0_TO_S11_RA
        ld      s0, 0(sp)
        ld      s1, 8(sp)
        ld      s2, 16(sp)
        ld      s3, 24(sp)
        ld      s4, 32(sp)
        ld      s5, 40(sp)
        ld      s6, 48(sp)
        ld      s7, 56(sp)
        ld      s8, 64(sp)
        ld      s9, 72(sp)
        ld      s10, 80(sp)
        ld      s11, 88(sp)
        ld      ra, 96(sp)
        addi    sp, sp, 112
.endm

/* ---- AA: 128 bytes a loop iteration, in sixteen registers (s0-s7 saved
 * for it): each xor one doubleword behind its loads, then the sixteen
 * stores together (the U74 model charges a cycle each time the memory port
 * turns from loads to stores, so fewer, longer runs are cheaper). The
 * pointer and count updates ride in the spare issue slots. x values in
 * t0-t6, a4, s0-s7; y values rotate through a5-a7. Then 8 bytes at a time.
 * ---- */
.macro AA_SINGLE
        ld      t0, 0(a1)
        ld      t1, 0(a2)
        xor     t0, t0, t1
        sd      t0, 0(a0)
.endm

.Laa:
        addi    a3, a3, -128
        bltz    a3, 2f
        addi    sp, sp, -64
        sd      s0, 0(sp)
        sd      s1, 8(sp)
        sd      s2, 16(sp)
        sd      s3, 24(sp)
        sd      s4, 32(sp)
        sd      s5, 40(sp)
        sd      s6, 48(sp)
        sd      s7, 56(sp)
1:
        ld      t0, 0(a1)
        ld      a5, 0(a2)
        ld      t1, 8(a1)
        ld      a6, 8(a2)
        xor     t0, t0, a5
        ld      t2, 16(a1)
        ld      a7, 16(a2)
        xor     t1, t1, a6
        addi    a3, a3, -128
        ld      t3, 24(a1)
        ld      a5, 24(a2)
        xor     t2, t2, a7
        ld      t4, 32(a1)
        ld      a6, 32(a2)
        xor     t3, t3, a5
        ld      t5, 40(a1)
        ld      a7, 40(a2)
        xor     t4, t4, a6
        ld      t6, 48(a1)
        ld      a5, 48(a2)
        xor     t5, t5, a7
        ld      a4, 56(a1)
        ld      a6, 56(a2)
        xor     t6, t6, a5
        ld      s0, 64(a1)
        ld      a7, 64(a2)
        xor     a4, a4, a6
        ld      s1, 72(a1)
        ld      a5, 72(a2)
        xor     s0, s0, a7
        ld      s2, 80(a1)
        ld      a6, 80(a2)
        xor     s1, s1, a5
        ld      s3, 88(a1)
        ld      a7, 88(a2)
        xor     s2, s2, a6
        ld      s4, 96(a1)
        ld      a5, 96(a2)
        xor     s3, s3, a7
        ld      s5, 104(a1)
        ld      a6, 104(a2)
        xor     s4, s4, a5
        ld      s6, 112(a1)
        ld      a7, 112(a2)
        xor     s5, s5, a6
        ld      s7, 120(a1)
        ld      a5, 120(a2)
        xor     s6, s6, a7
        addi    a1, a1, 128
        addi    a2, a2, 128
        xor     s7, s7, a5
        sd      t0, 0(a0)
        sd      t1, 8(a0)
        sd      t2, 16(a0)
        sd      t3, 24(a0)
        sd      t4, 32(a0)
        sd      t5, 40(a0)
        sd      t6, 48(a0)
        sd      a4, 56(a0)
        sd      s0, 64(a0)
        sd      s1, 72(a0)
        sd      s2, 80(a0)
        sd      s3, 88(a0)
        sd      s4, 96(a0)
        sd      s5, 104(a0)
        sd      s6, 112(a0)
        sd      s7, 120(a0)
        addi    a0, a0, 128
        bgez    a3, 1b
        ld      s0, 0(sp)
        ld      s1, 8(sp)
        ld      s2, 16(sp)
        ld      s3, 24(sp)
        ld      s4, 32(sp)
        ld      s5, 40(sp)
        ld      s6, 48(sp)
        ld      s7, 56(sp)
        addi    sp, sp, 64
2:      addi    a3, a3, 128 - 8
        bltz    a3, 4f
3:      AA_SINGLE
        addi    a0, a0, 8
        addi    a1, a1, 8
        addi    a2, a2, 8
        addi    a3, a3, -8
        bgez    a3, 3b
4:      addi    a3, a3, 8
        j       .Lbytes

/* ---- XA: one join of x ^ y. c holds the carry; n the next aligned x ^ y,
 * which becomes the next carry; tmp is free. The group covers 64 bytes: x
 * doublewords in t1-t6, s0, s1 (the carry in t0), y doublewords in s2-s9,
 * which then hold the joins' left parts; the loads come first, each xor
 * and join as soon as its operands have arrived, and the stores together.
 * ---- */
.macro XA_JOIN c, n, tmp, off
        srl     \c, \c, a4
        sll     \tmp, \n, a5
        or      \c, \c, \tmp
        sd      \c, \off(a0)
.endm
.macro XA_GROUP off
        ld      t1, \off+8(a1)
        ld      s2, \off+8(a2)
        ld      t2, \off+16(a1)
        ld      s3, \off+16(a2)
        xor     t1, t1, s2
        ld      t3, \off+24(a1)
        ld      s4, \off+24(a2)
        ld      t4, \off+32(a1)
        sll     s2, t1, a5
        ld      s5, \off+32(a2)
        srl     t0, t0, a4
        ld      t5, \off+40(a1)
        ld      s6, \off+40(a2)
        ld      t6, \off+48(a1)
        or      t0, t0, s2
        ld      s7, \off+48(a2)
        xor     t2, t2, s3
        ld      s0, \off+56(a1)
        ld      s8, \off+56(a2)
        ld      s1, \off+64(a1)
        sll     s3, t2, a5
        ld      s9, \off+64(a2)
        srl     t1, t1, a4
        or      t1, t1, s3
        xor     t3, t3, s4
        sll     s4, t3, a5
        srl     t2, t2, a4
        or      t2, t2, s4
        xor     t4, t4, s5
        sll     s5, t4, a5
        srl     t3, t3, a4
        or      t3, t3, s5
        xor     t5, t5, s6
        sll     s6, t5, a5
        srl     t4, t4, a4
        or      t4, t4, s6
        xor     t6, t6, s7
        sll     s7, t6, a5
        srl     t5, t5, a4
        or      t5, t5, s7
        xor     s0, s0, s8
        sll     s8, s0, a5
        srl     t6, t6, a4
        or      t6, t6, s8
        xor     s1, s1, s9
        sll     s9, s1, a5
        srl     s0, s0, a4
        or      s0, s0, s9
        sd      t0, \off+0(a0)
        sd      t1, \off+8(a0)
        sd      t2, \off+16(a0)
        sd      t3, \off+24(a0)
        sd      t4, \off+32(a0)
        sd      t5, \off+40(a0)
        sd      t6, \off+48(a0)
        sd      s0, \off+56(a0)
        mv      t0, s1
.endm
.macro XA_SINGLE
        ld      t1, 8(a1)
        ld      t5, 8(a2)
        xor     t1, t1, t5
        XA_JOIN t0, t1, t5, 0
        mv      t0, t1
.endm
.macro XA_AFTER
        RESTORE_S0_TO_S11_RA
        srli    t0, a4, 3               /* back to byte addresses */
        add     a1, a1, t0
        add     a2, a2, t0
.endm

        LOOPS   .Lxa, XA_GROUP, 64, XA_SINGLE, XA_AFTER, SAVE_S0_TO_S11_RA

/* ---- MA: join(x) ^ y. c is x's carry, n the next aligned x doubleword
 * (the next carry), y the aligned y doubleword, reused as the temporary. ---- */
.macro MA_JOIN c, n, y, off
        srl     \c, \c, a4
        xor     \c, \c, \y
        sll     \y, \n, a5
        xor     \c, \c, \y
        sd      \c, \off(a0)
.endm
/* Four doublewords: the loads interleaved with the joins, the stores
 * together. Each register's raw value is shifted left for one join before
 * it is shifted right, in place, for the next. */
.macro MA_GROUP off
        ld      t1, \off+8(a1)          /* x next 1..4: t1-t4 */
        ld      t5, \off(a2)            /* y 1..4: t5, t6, a6, a7 */
        ld      t2, \off+16(a1)
        ld      t6, \off+8(a2)
        srl     t0, t0, a4
        ld      t3, \off+24(a1)
        xor     t0, t0, t5
        ld      a6, \off+16(a2)
        sll     t5, t1, a5
        ld      t4, \off+32(a1)
        xor     t0, t0, t5              /* doubleword 1 */
        ld      a7, \off+24(a2)
        srl     t1, t1, a4
        xor     t1, t1, t6
        sll     t6, t2, a5
        srl     t2, t2, a4
        xor     t1, t1, t6              /* doubleword 2 */
        xor     t2, t2, a6
        sll     a6, t3, a5
        srl     t3, t3, a4
        xor     t2, t2, a6              /* doubleword 3 */
        xor     t3, t3, a7
        sll     a7, t4, a5
        xor     t3, t3, a7              /* doubleword 4 */
        sd      t0, \off(a0)
        sd      t1, \off+8(a0)
        sd      t2, \off+16(a0)
        sd      t3, \off+24(a0)
        mv      t0, t4
.endm
.macro MA_SINGLE
        ld      t1, 8(a1)
        ld      t5, 0(a2)
        MA_JOIN t0, t1, t5, 0
        mv      t0, t1
.endm
.macro MA_AFTER
        srli    t0, a4, 3               /* back to x's byte address */
        add     a1, a1, t0
.endm

.macro NO_REGISTERS_TO_SAVE
.endm
        LOOPS   .Lma, MA_GROUP, 32, MA_SINGLE, MA_AFTER, NO_REGISTERS_TO_SAVE

/* ---- MM: join(x) ^ join(y). MM_JOIN is one doubleword (for the 8-byte
 * loop); the group covers 64 bytes with x doublewords in t1, t2, t4-t6,
 * s0-s2 (carry t0), y doublewords in s3-s10 (carry t3), and s11 and ra for
 * the left shifts, scheduled like XA's: 4 shifts and 3 xors a doubleword.
 * ---- */
.macro MM_JOIN cx, nx, cy, ny, off
        srl     \cx, \cx, a4
        sll     t6, \nx, a5
        xor     \cx, \cx, t6
        srl     \cy, \cy, a6
        xor     \cx, \cx, \cy
        sll     t6, \ny, a7
        xor     \cx, \cx, t6
        sd      \cx, \off(a0)
.endm
.macro MM_GROUP off
        ld      t1, \off+8(a1)
        ld      s3, \off+8(a2)
        ld      t2, \off+16(a1)
        sll     s11, t1, a5
        ld      s4, \off+16(a2)
        srl     t0, t0, a4
        ld      t4, \off+24(a1)
        ld      s5, \off+24(a2)
        ld      t5, \off+32(a1)
        xor     t0, t0, s11
        ld      s6, \off+32(a2)
        srl     t3, t3, a6
        ld      t6, \off+40(a1)
        ld      s7, \off+40(a2)
        ld      s0, \off+48(a1)
        xor     t0, t0, t3
        ld      s8, \off+48(a2)
        sll     ra, s3, a7
        ld      s1, \off+56(a1)
        ld      s9, \off+56(a2)
        ld      s2, \off+64(a1)
        xor     t0, t0, ra
        ld      s10, \off+64(a2)
        sll     s11, t2, a5
        srl     t1, t1, a4
        xor     t1, t1, s11
        srl     s3, s3, a6
        xor     t1, t1, s3
        sll     ra, s4, a7
        xor     t1, t1, ra
        sll     s11, t4, a5
        srl     t2, t2, a4
        xor     t2, t2, s11
        srl     s4, s4, a6
        xor     t2, t2, s4
        sll     ra, s5, a7
        xor     t2, t2, ra
        sll     s11, t5, a5
        srl     t4, t4, a4
        xor     t4, t4, s11
        srl     s5, s5, a6
        xor     t4, t4, s5
        sll     ra, s6, a7
        xor     t4, t4, ra
        sll     s11, t6, a5
        srl     t5, t5, a4
        xor     t5, t5, s11
        srl     s6, s6, a6
        xor     t5, t5, s6
        sll     ra, s7, a7
        xor     t5, t5, ra
        sll     s11, s0, a5
        srl     t6, t6, a4
        xor     t6, t6, s11
        srl     s7, s7, a6
        xor     t6, t6, s7
        sll     ra, s8, a7
        xor     t6, t6, ra
        sll     s11, s1, a5
        srl     s0, s0, a4
        xor     s0, s0, s11
        srl     s8, s8, a6
        xor     s0, s0, s8
        sll     ra, s9, a7
        xor     s0, s0, ra
        sll     s11, s2, a5
        srl     s1, s1, a4
        xor     s1, s1, s11
        srl     s9, s9, a6
        xor     s1, s1, s9
        sll     ra, s10, a7
        xor     s1, s1, ra
        sd      t0, \off+0(a0)
        sd      t1, \off+8(a0)
        sd      t2, \off+16(a0)
        sd      t4, \off+24(a0)
        sd      t5, \off+32(a0)
        sd      t6, \off+40(a0)
        sd      s0, \off+48(a0)
        sd      s1, \off+56(a0)
        mv      t0, s2
        mv      t3, s10
.endm
.macro MM_SINGLE
        ld      t1, 8(a1)
        ld      t4, 8(a2)
        MM_JOIN t0, t1, t3, t4, 0
        mv      t0, t1
        mv      t3, t4
.endm
.macro MM_AFTER
        RESTORE_S0_TO_S11_RA
        srli    t0, a4, 3               /* back to byte addresses */
        add     a1, a1, t0
        srli    t0, a6, 3
        add     a2, a2, t0
.endm

        LOOPS   .Lmm, MM_GROUP, 64, MM_SINGLE, MM_AFTER, SAVE_S0_TO_S11_RA

/* ---- Byte by byte: short inputs and the last 0-7 bytes. ---- */
.Lbytes:
        beqz    a3, .Lreturn
1:      lbu     t0, 0(a1)
        lbu     t1, 0(a2)
        xor     t0, t0, t1
        sb      t0, 0(a0)
        addi    a0, a0, 1
        addi    a1, a1, 1
        addi    a2, a2, 1
        addi    a3, a3, -1
        bnez    a3, 1b
.Lreturn:
        ret
        FIPSMOD_END fipsmod_xor_bytes_riscv64
