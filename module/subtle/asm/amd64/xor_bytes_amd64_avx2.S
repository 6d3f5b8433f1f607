/*
 * XORBytes for amd64 with AVX2.
 *
 * Computes dst[i] = x[i] ^ y[i] for i < n (n > 0; dst is exactly x or y, or
 * overlaps neither; any alignment: vmovdqu, and VEX instructions with a
 * memory operand, need none).
 *
 *   void fipsmod_xor_bytes_amd64_avx2(uint8_t *dst, const uint8_t *x,
 *                                     const uint8_t *y, size_t n);
 *
 * Register map (System V: the arguments arrive in rdi, rsi, rdx, rcx):
 *   rdi          dst; in the loop, the 128-byte block being written
 *   rsi, rdx     x, y; in the loop, x - dst and y - dst, so that one pointer
 *                (rdi) walks all three buffers and the stores keep a simple
 *                base-only address
 *   rcx          n, never changed
 *   r8           dst + n - 128: where the kept tail goes; the loop runs
 *                while rdi is below it
 *   r9           dst, where the kept head goes
 *   r10, r11     the input the loop aligns, and how far on the loop starts
 *   rax, r8-r10  the 8-, 4- and 1-byte pieces of short inputs
 *                (xor_bytes_below32.inc)
 *   ymm0-ymm3    128 bytes of x, then of the result (their low halves,
 *                xmm0-xmm3, for 16-31 bytes)
 *   ymm4-ymm7    the kept tail: x ^ y over the last 128 bytes, n > 128 only
 *   ymm8         the kept head: x ^ y over the first 32 bytes, n > 128 only
 * y is used straight from memory as the vpxor source operand. Only
 * caller-saved registers are used; rsp is not touched. Every path that
 * writes a ymm register ends with vzeroupper, so that SSE code run after
 * the return pays no AVX-SSE transition penalty; the path for n < 32 uses
 * only xmm and general registers, with the upper halves clean, and returns
 * without it.
 *
 * Plan, by n. Every piece below loads everything it needs from x and y
 * before it stores anything, and stores only x ^ y of bytes it loaded, so
 * pieces may overlap one another, and dst == x or dst == y is safe. No
 * byte outside [0, n) of any buffer is read or written.
 *   1-31     the short path all amd64 kernels share (xor_bytes_below32.inc):
 *            two overlapping pieces of 16, 8 or 4 bytes, or three bytes
 *   32-64    two 32-byte (ymm) vectors, at 0 and n-32
 *   65-128   four ymm vectors, at 0, 32, n-64 and n-32
 *   over 128 the kept tail and the loop, below.
 * So an input of up to 128 bytes costs at most four compare-and-branches,
 * and no loop.
 *
 * n > 128: first x ^ y over the last 128 bytes [n-128, n) is computed and
 * kept in ymm4-ymm7 (the kept tail), and over the first 32 bytes [0, 32)
 * kept in ymm8 (the kept head). Then the loop does 128 bytes an iteration,
 * from a start s = 1-32 bytes on (below), while more than 128 bytes are
 * left (possibly not at all, for n < 160), so it ends with 1-128 bytes
 * left; last the kept head and tail are stored, rewriting with the same
 * values whatever part of [0, 32) and [n-128, n) the loop already wrote;
 * the head covers [0, s). Head and tail must be loaded before the loop,
 * not after: with dst == x (or y) the loop has by then overwritten parts
 * of that input with results. There is no byte loop.
 *
 * The loop's start: it is bound by its loads (below), and a load that
 * crosses a cache line costs two, so the loop starts where one input is
 * 32-byte aligned: y if dst == y, else x. An in-place call so gets its
 * stores aligned too (a line-crossing store costs little beside the loads
 * on Zen 5). When x and y are misaligned differently, one of them has to
 * stay so. With p that input, s = ((p + 32) & -32) - p: 32, not 0, when p
 * is aligned already, which keeps the loop clear of the head's bytes.
 *
 * Critical path of a loop iteration: vmovdqu (x) -> vpxor (with its load of
 * y) -> vmovdqu (store); the four 32-byte lanes are independent of one
 * another, and the pointer update and loop branch (sub, cmp/jb) run beside
 * them. 8 loads and 4 stores per 128 bytes: the loop is bound by the load
 * ports.
 *
 * Constants: 16 and 32 are the xmm and ymm widths, 32 also the size of
 * the kept head and the alignment the loop seeks (-32 its mask); 128 the
 * bytes per loop iteration (four ymm), and so the size of the kept tail;
 * 32, 64 and 128 also bound the straight pieces above; the displacements
 * -1 ... -128 (after adding n) address the last 1 ... 128 bytes. The loop
 * adds 128 as "sub $-128": -128 fits a sign-extended 8-bit immediate, +128
 * does not.
 */
#include "core/asm.h"
#include "xor_bytes_below32.inc"

        FIPSMOD_ENTRY fipsmod_xor_bytes_amd64_avx2, 5
        cmp     $32, %rcx
        jb      .Lbelow32
        cmp     $64, %rcx
        ja      .Lover64

        /* 32 <= n <= 64: [0, 32) and [n-32, n), overlapping when n < 64. */
        vmovdqu (%rsi), %ymm0
        vmovdqu -32(%rsi,%rcx), %ymm1
        vpxor   (%rdx), %ymm0, %ymm0
        vpxor   -32(%rdx,%rcx), %ymm1, %ymm1
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm1, -32(%rdi,%rcx)
        vzeroupper
        ret

.Lover64:
        cmp     $128, %rcx
        ja      .Lover128
        /* 64 < n <= 128: [0, 64) and [n-64, n). */
        vmovdqu (%rsi), %ymm0
        vmovdqu 32(%rsi), %ymm1
        vmovdqu -64(%rsi,%rcx), %ymm2
        vmovdqu -32(%rsi,%rcx), %ymm3
        vpxor   (%rdx), %ymm0, %ymm0
        vpxor   32(%rdx), %ymm1, %ymm1
        vpxor   -64(%rdx,%rcx), %ymm2, %ymm2
        vpxor   -32(%rdx,%rcx), %ymm3, %ymm3
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm1, 32(%rdi)
        vmovdqu %ymm2, -64(%rdi,%rcx)
        vmovdqu %ymm3, -32(%rdi,%rcx)
        vzeroupper
        ret

.Lover128:
        /* The kept tail: x ^ y over [n-128, n), before any store. */
        vmovdqu -128(%rsi,%rcx), %ymm4
        vmovdqu -96(%rsi,%rcx), %ymm5
        vmovdqu -64(%rsi,%rcx), %ymm6
        vmovdqu -32(%rsi,%rcx), %ymm7
        vpxor   -128(%rdx,%rcx), %ymm4, %ymm4
        vpxor   -96(%rdx,%rcx), %ymm5, %ymm5
        vpxor   -64(%rdx,%rcx), %ymm6, %ymm6
        vpxor   -32(%rdx,%rcx), %ymm7, %ymm7
        /* The kept head: x ^ y over [0, 32), also before any store. */
        vmovdqu (%rsi), %ymm8
        vpxor   (%rdx), %ymm8, %ymm8
        lea     -128(%rdi,%rcx), %r8
        mov     %rdi, %r9
        /* The loop starts s = ((p + 32) & -32) - p = 1-32 bytes on, p = y
         * if dst == y, else x. */
        mov     %rsi, %r10
        cmp     %rdi, %rdx
        cmove   %rdx, %r10
        lea     32(%r10), %r11
        and     $-32, %r11
        sub     %r10, %r11
        sub     %rdi, %rsi
        sub     %rdi, %rdx
        add     %r11, %rdi
        cmp     %r8, %rdi
        jae     .Lkept

        /* 128 bytes at rdi while rdi < dst + n - 128, i.e. while more than
         * 128 bytes are left; the check is at the top as well, since for
         * n < 160 the loop may have nothing to do. */
        .p2align 4
.Lloop128:
        vmovdqu (%rdi,%rsi), %ymm0
        vmovdqu 32(%rdi,%rsi), %ymm1
        vmovdqu 64(%rdi,%rsi), %ymm2
        vmovdqu 96(%rdi,%rsi), %ymm3
        vpxor   (%rdi,%rdx), %ymm0, %ymm0
        vpxor   32(%rdi,%rdx), %ymm1, %ymm1
        vpxor   64(%rdi,%rdx), %ymm2, %ymm2
        vpxor   96(%rdi,%rdx), %ymm3, %ymm3
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm1, 32(%rdi)
        vmovdqu %ymm2, 64(%rdi)
        vmovdqu %ymm3, 96(%rdi)
        sub     $-128, %rdi
        cmp     %r8, %rdi
        jb      .Lloop128

        /* 1-128 bytes were left: the kept tail covers them, and the kept
         * head the bytes the loop skipped at the start. */
.Lkept:
        vmovdqu %ymm8, (%r9)
        vmovdqu %ymm4, (%r8)
        vmovdqu %ymm5, 32(%r8)
        vmovdqu %ymm6, 64(%r8)
        vmovdqu %ymm7, 96(%r8)
        vzeroupper
        ret

.Lbelow32:
        XOR_BELOW32
        FIPSMOD_END fipsmod_xor_bytes_amd64_avx2
