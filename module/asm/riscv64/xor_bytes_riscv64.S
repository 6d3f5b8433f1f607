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
 *
 * Critical path of a doubleword: ld -> (srl, sll) -> or/xor -> xor -> sd.
 * The groups make the loops bound by the one memory port: 3 accesses per
 * doubleword, and in MM the 7 ALU operations of two joins beside them.
 */

        .text
        .globl  fipsmod_xor_bytes_riscv64
        .type   fipsmod_xor_bytes_riscv64, @function
        .p2align 2
fipsmod_xor_bytes_riscv64:
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
 * is invoked with the byte offset of each group and covers \size bytes. */
.macro LOOPS name, group, size, single, after
\name:
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

/* ---- AA: all eight doublewords of the 64 bytes as one group: each xor
 * two loads after its operands, the stores together at the end (the U74
 * model charges a cycle each time the memory port turns from loads to
 * stores). x values in t0-t6, a4; y values rotate through a5-a7. ---- */
.macro AA_GROUP off
        ld      t0, \off(a1)
        ld      a5, \off(a2)
        ld      t1, \off+8(a1)
        ld      a6, \off+8(a2)
        xor     t0, t0, a5
        ld      t2, \off+16(a1)
        ld      a7, \off+16(a2)
        xor     t1, t1, a6
        ld      t3, \off+24(a1)
        ld      a5, \off+24(a2)
        xor     t2, t2, a7
        ld      t4, \off+32(a1)
        ld      a6, \off+32(a2)
        xor     t3, t3, a5
        ld      t5, \off+40(a1)
        ld      a7, \off+40(a2)
        xor     t4, t4, a6
        ld      t6, \off+48(a1)
        ld      a5, \off+48(a2)
        xor     t5, t5, a7
        ld      a4, \off+56(a1)
        ld      a6, \off+56(a2)
        xor     t6, t6, a5
        xor     a4, a4, a6
        sd      t0, \off(a0)
        sd      t1, \off+8(a0)
        sd      t2, \off+16(a0)
        sd      t3, \off+24(a0)
        sd      t4, \off+32(a0)
        sd      t5, \off+40(a0)
        sd      t6, \off+48(a0)
        sd      a4, \off+56(a0)
.endm
.macro AA_SINGLE
        ld      t0, 0(a1)
        ld      t1, 0(a2)
        xor     t0, t0, t1
        sd      t0, 0(a0)
.endm
.macro NOTHING
.endm

        LOOPS   .Laa, AA_GROUP, 64, AA_SINGLE, NOTHING

/* ---- XA: one join of x ^ y. c holds the carry; n the next aligned x ^ y,
 * which becomes the next carry; tmp is free. The group interleaves the
 * loads with the xors and joins and keeps the stores together. ---- */
.macro XA_JOIN c, n, tmp, off
        srl     \c, \c, a4
        sll     \tmp, \n, a5
        or      \c, \c, \tmp
        sd      \c, \off(a0)
.endm
.macro XA_GROUP off
        ld      t1, \off+8(a1)          /* x next 1..4: t1-t4 */
        ld      t5, \off+8(a2)          /* y next 1..4: t5, t6, a6, a7 */
        ld      t2, \off+16(a1)
        ld      t6, \off+16(a2)
        srl     t0, t0, a4
        ld      t3, \off+24(a1)
        xor     t1, t1, t5
        ld      a6, \off+24(a2)
        ld      t4, \off+32(a1)
        sll     t5, t1, a5
        ld      a7, \off+32(a2)
        xor     t2, t2, t6
        or      t0, t0, t5              /* doubleword 1 */
        srl     t1, t1, a4
        sll     t6, t2, a5
        xor     t3, t3, a6
        or      t1, t1, t6              /* doubleword 2 */
        srl     t2, t2, a4
        sll     a6, t3, a5
        xor     t4, t4, a7
        or      t2, t2, a6              /* doubleword 3 */
        srl     t3, t3, a4
        sll     a7, t4, a5
        or      t3, t3, a7              /* doubleword 4 */
        sd      t0, \off(a0)
        sd      t1, \off+8(a0)
        sd      t2, \off+16(a0)
        sd      t3, \off+24(a0)
        mv      t0, t4
.endm
.macro XA_SINGLE
        ld      t1, 8(a1)
        ld      t5, 8(a2)
        xor     t1, t1, t5
        XA_JOIN t0, t1, t5, 0
        mv      t0, t1
.endm
.macro XA_AFTER
        srli    t0, a4, 3               /* back to byte addresses */
        add     a1, a1, t0
        add     a2, a2, t0
.endm

        LOOPS   .Lxa, XA_GROUP, 32, XA_SINGLE, XA_AFTER

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

        LOOPS   .Lma, MA_GROUP, 32, MA_SINGLE, MA_AFTER

/* ---- MM: join(x) ^ join(y), two doublewords a group. ---- */
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
        ld      t4, \off+8(a2)
        ld      t2, \off+16(a1)
        ld      t5, \off+16(a2)
        MM_JOIN t0, t1, t3, t4, \off
        MM_JOIN t1, t2, t4, t5, \off+8
        mv      t0, t2
        mv      t3, t5
.endm
.macro MM_SINGLE
        ld      t1, 8(a1)
        ld      t4, 8(a2)
        MM_JOIN t0, t1, t3, t4, 0
        mv      t0, t1
        mv      t3, t4
.endm
.macro MM_AFTER
        srli    t0, a4, 3               /* back to byte addresses */
        add     a1, a1, t0
        srli    t0, a6, 3
        add     a2, a2, t0
.endm

        LOOPS   .Lmm, MM_GROUP, 16, MM_SINGLE, MM_AFTER

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
        .size   fipsmod_xor_bytes_riscv64, .-fipsmod_xor_bytes_riscv64

        .section .note.GNU-stack, "", @progbits
