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
 * doublewords and each doubleword of it is joined from two neighbours,
 *   X = (L[i] >> 8k) | (L[i+1] << (64 - 8k)),  k = x mod 8.
 * The first and last aligned doublewords of such a source also hold bytes
 * outside it; an aligned doubleword never crosses a page, so reading it
 * cannot fault, and those bytes are shifted out. Since XOR is commutative,
 * an aligned x with a misaligned y is swapped, leaving three loops: both
 * aligned (AA), x misaligned (MA), both misaligned (MM).
 *
 * Register map:
 *   a0      dst (8-byte aligned in the loops)
 *   a1, a2  x, y; in the MA/MM loops the aligned doubleword holding the
 *           next source byte, whose value is already loaded (the "carry")
 *   a3      bytes left (in the loops: less 64, or less 8)
 *   a4, a5  x: 8k and its negation mod 64, the two join shift counts
 *   a6, a7  y: the same
 *   t2/t3   x carry and next doubleword, alternating from one doubleword
 *           to the next so that nothing is moved
 *   t4/t5   y carry and next doubleword, likewise
 *   t0, t1, t6   temporaries
 *
 * Critical path of a doubleword: ld -> (srl, sll) -> or -> xor -> sd; the
 * loads for the next doubleword are independent, so on a dual-issue core
 * the loop is bound by the memory port: 3 accesses per doubleword (AA), and
 * the joins' ALU work beside them (MA, MM).
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
        andi    t0, a1, 7
        andi    t1, a2, 7
        or      t6, t0, t1
        beqz    t6, .Laa
        bnez    t0, 1f
        mv      t6, a1                  /* x aligned, y not: swap them */
        mv      a1, a2
        mv      a2, t6
        mv      t6, t0
        mv      t0, t1
        mv      t1, t6
1:      slli    a4, t0, 3               /* x: 8k, and 64 - 8k (mod 64) */
        neg     a5, a4
        andi    a1, a1, -8
        ld      t2, 0(a1)               /* x carry */
        beqz    t1, .Lma
        slli    a6, t1, 3               /* y: the same */
        neg     a7, a6
        andi    a2, a2, -8
        ld      t4, 0(a2)               /* y carry */
        j       .Lmm

/* ---- AA: x, y and dst all aligned. ---- */

/* One doubleword at offset 8*i: dst = x ^ y. */
.macro AA_DWORD i
        ld      t0, 8*\i(a1)
        ld      t1, 8*\i(a2)
        xor     t0, t0, t1
        sd      t0, 8*\i(a0)
.endm

.Laa:
        addi    a3, a3, -64
        bltz    a3, 2f
1:      AA_DWORD 0
        AA_DWORD 1
        AA_DWORD 2
        AA_DWORD 3
        AA_DWORD 4
        AA_DWORD 5
        AA_DWORD 6
        AA_DWORD 7
        addi    a0, a0, 64
        addi    a1, a1, 64
        addi    a2, a2, 64
        addi    a3, a3, -64
        bgez    a3, 1b
2:      addi    a3, a3, 64-8
        bltz    a3, 4f
3:      AA_DWORD 0
        addi    a0, a0, 8
        addi    a1, a1, 8
        addi    a2, a2, 8
        addi    a3, a3, -8
        bgez    a3, 3b
4:      addi    a3, a3, 8
        j       .Lbytes

/* ---- MA: x misaligned, y aligned. ---- */

/* Joins the x doubleword at offset 8*i from carry cx and the next aligned
 * doubleword (loaded into nx, the next carry) into t6. */
.macro JOIN_X i, cx, nx
        ld      \nx, 8*(\i+1)(a1)
        srl     t6, \cx, a4
        sll     t0, \nx, a5
        or      t6, t6, t0
.endm

/* The same for y into t1. */
.macro JOIN_Y i, cy, ny
        ld      \ny, 8*(\i+1)(a2)
        srl     t1, \cy, a6
        sll     t0, \ny, a7
        or      t1, t1, t0
.endm

/* One doubleword at offset 8*i, x joined, y aligned. */
.macro MA_DWORD i, cx, nx
        JOIN_X  \i, \cx, \nx
        ld      t1, 8*\i(a2)
        xor     t6, t6, t1
        sd      t6, 8*\i(a0)
.endm

.Lma:
        addi    a3, a3, -64
        bltz    a3, 2f
1:      MA_DWORD 0, t2, t3
        MA_DWORD 1, t3, t2
        MA_DWORD 2, t2, t3
        MA_DWORD 3, t3, t2
        MA_DWORD 4, t2, t3
        MA_DWORD 5, t3, t2
        MA_DWORD 6, t2, t3
        MA_DWORD 7, t3, t2
        addi    a0, a0, 64
        addi    a1, a1, 64
        addi    a2, a2, 64
        addi    a3, a3, -64
        bgez    a3, 1b
2:      addi    a3, a3, 64-8
        bltz    a3, 4f
3:      MA_DWORD 0, t2, t3
        mv      t2, t3
        addi    a0, a0, 8
        addi    a1, a1, 8
        addi    a2, a2, 8
        addi    a3, a3, -8
        bgez    a3, 3b
4:      addi    a3, a3, 8
        srli    t0, a4, 3               /* back to x's byte address */
        add     a1, a1, t0
        j       .Lbytes

/* ---- MM: x and y both misaligned (by the same or different amounts). ---- */

/* One doubleword at offset 8*i, both joined. */
.macro MM_DWORD i, cx, nx, cy, ny
        JOIN_X  \i, \cx, \nx
        JOIN_Y  \i, \cy, \ny
        xor     t6, t6, t1
        sd      t6, 8*\i(a0)
.endm

.Lmm:
        addi    a3, a3, -64
        bltz    a3, 2f
1:      MM_DWORD 0, t2, t3, t4, t5
        MM_DWORD 1, t3, t2, t5, t4
        MM_DWORD 2, t2, t3, t4, t5
        MM_DWORD 3, t3, t2, t5, t4
        MM_DWORD 4, t2, t3, t4, t5
        MM_DWORD 5, t3, t2, t5, t4
        MM_DWORD 6, t2, t3, t4, t5
        MM_DWORD 7, t3, t2, t5, t4
        addi    a0, a0, 64
        addi    a1, a1, 64
        addi    a2, a2, 64
        addi    a3, a3, -64
        bgez    a3, 1b
2:      addi    a3, a3, 64-8
        bltz    a3, 4f
3:      MM_DWORD 0, t2, t3, t4, t5
        mv      t2, t3
        mv      t4, t5
        addi    a0, a0, 8
        addi    a1, a1, 8
        addi    a2, a2, 8
        addi    a3, a3, -8
        bgez    a3, 3b
4:      addi    a3, a3, 8
        srli    t0, a4, 3               /* back to byte addresses */
        add     a1, a1, t0
        srli    t0, a6, 3
        add     a2, a2, t0
        /* fall through */

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
