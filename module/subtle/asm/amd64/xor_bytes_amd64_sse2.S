/*
 * XORBytes for amd64 with SSE2 (part of the x86-64 baseline: every amd64
 * CPU has it).
 *
 * Computes dst[i] = x[i] ^ y[i] for i < n (n > 0; dst is exactly x or y, or
 * overlaps neither; any alignment: movdqu loads and stores need none).
 *
 *   void fipsmod_xor_bytes_amd64_sse2(uint8_t *dst, const uint8_t *x,
 *                                     const uint8_t *y, size_t n);
 *
 * Register map (System V: the arguments arrive in rdi, rsi, rdx, rcx):
 *   rdi          dst; in the loop, the 64-byte block being written
 *   rsi, rdx     x, y; in the loop, x - dst and y - dst, so that one pointer
 *                (rdi) walks all three buffers and the stores keep a simple
 *                base-only address
 *   rcx          n, never changed
 *   r8           dst + n - 64: where the last 64 bytes go; the loop runs
 *                while rdi is below it
 *   rax, r8-r10  the 8-, 4- and 1-byte pieces of short inputs
 *                (xor_bytes_below32.inc)
 *   xmm0-xmm3    64 bytes of x, then of the result (all of it for
 *                16-64 bytes)
 *   xmm8-xmm11   64 bytes of y in the loop (and of the kept tail before it)
 *   xmm4-xmm7    the kept tail: x ^ y over the last 64 bytes, n > 64 only;
 *                y's bytes for 32-64 bytes (xmm2-xmm3 for 16-31)
 * Only caller-saved registers are used; rsp is not touched.
 *
 * Plan, by n. Every piece below loads everything it needs from x and y
 * before it stores anything, and stores only x ^ y of bytes it loaded, so
 * pieces may overlap one another, and dst == x or dst == y is safe. No
 * byte outside [0, n) of any buffer is read or written.
 *   1-31     the short path all amd64 kernels share (xor_bytes_below32.inc):
 *            two overlapping pieces of 16, 8 or 4 bytes, or three bytes
 *   32-64    four 16-byte vectors, at 0, 16, n-32 and n-16
 *   over 64  the kept tail and the loop, below.
 * So a short input costs at most four compare-and-branches, and no loop.
 *
 * n > 64: first x ^ y over the last 64 bytes [n-64, n) is computed and kept
 * in xmm4-xmm7 (the kept tail). Then the loop does 64 bytes an iteration
 * from the start while more than 64 bytes are left, so it ends with 1-64
 * bytes left; last the kept tail is stored at n-64, rewriting with the same
 * values whatever part of [n-64, n) the loop already wrote. The tail must be
 * loaded before the loop, not after: with dst == x (or y) the loop has by
 * then overwritten part of [n-64, n) of that input with results. There is
 * no byte loop.
 *
 * y is loaded with movdqu, not used as pxor's memory operand: a legacy
 * SSE memory operand must be 16-byte aligned. The loop does not seek an
 * alignment: a misaligned 16-byte stream crosses a cache line on only one
 * load or store in four, and offsets 0-7 of dst and x measured the same
 * (within noise) on Zen 5.
 *
 * Critical path of a loop iteration: movdqu (x), movdqu (y) -> pxor ->
 * movdqu (store); the four 16-byte lanes are independent of one another,
 * and the pointer update and loop branch (add, cmp/jb) run beside them.
 * 8 loads and 4 stores per 64 bytes: the loop is bound by the load ports.
 *
 * Constants: 16 is the xmm width; 64 the bytes per loop iteration (four
 * xmm), and so the size of the kept tail; 32 and 64 also bound the straight
 * pieces above; the displacements -1, -4, -8, -16, -32, -64 (after adding
 * n) address the last 1, 4, 8, 16, 32 and 64 bytes.
 */
#include "core/asm.h"
#include "xor_bytes_below32.inc"

        FIPSMOD_ENTRY fipsmod_xor_bytes_amd64_sse2, 5
        cmp     $32, %rcx
        jb      .Lbelow32
        cmp     $64, %rcx
        ja      .Lover64

        /* 32 <= n <= 64: [0, 32) and [n-32, n), overlapping when n < 64. */
        movdqu  (%rsi), %xmm0
        movdqu  16(%rsi), %xmm1
        movdqu  -32(%rsi,%rcx), %xmm2
        movdqu  -16(%rsi,%rcx), %xmm3
        movdqu  (%rdx), %xmm4
        movdqu  16(%rdx), %xmm5
        movdqu  -32(%rdx,%rcx), %xmm6
        movdqu  -16(%rdx,%rcx), %xmm7
        pxor    %xmm4, %xmm0
        pxor    %xmm5, %xmm1
        pxor    %xmm6, %xmm2
        pxor    %xmm7, %xmm3
        movdqu  %xmm0, (%rdi)
        movdqu  %xmm1, 16(%rdi)
        movdqu  %xmm2, -32(%rdi,%rcx)
        movdqu  %xmm3, -16(%rdi,%rcx)
        ret

.Lover64:
        /* The kept tail: x ^ y over [n-64, n), before any store. */
        movdqu  -64(%rsi,%rcx), %xmm4
        movdqu  -48(%rsi,%rcx), %xmm5
        movdqu  -32(%rsi,%rcx), %xmm6
        movdqu  -16(%rsi,%rcx), %xmm7
        movdqu  -64(%rdx,%rcx), %xmm8
        movdqu  -48(%rdx,%rcx), %xmm9
        movdqu  -32(%rdx,%rcx), %xmm10
        movdqu  -16(%rdx,%rcx), %xmm11
        pxor    %xmm8, %xmm4
        pxor    %xmm9, %xmm5
        pxor    %xmm10, %xmm6
        pxor    %xmm11, %xmm7
        lea     -64(%rdi,%rcx), %r8
        sub     %rdi, %rsi
        sub     %rdi, %rdx

        /* 64 bytes at rdi while rdi < dst + n - 64, i.e. while more than
         * 64 bytes are left; n > 64 makes the first pass always due. */
        .p2align 4
.Lloop64:
        movdqu  (%rdi,%rsi), %xmm0
        movdqu  16(%rdi,%rsi), %xmm1
        movdqu  32(%rdi,%rsi), %xmm2
        movdqu  48(%rdi,%rsi), %xmm3
        movdqu  (%rdi,%rdx), %xmm8
        movdqu  16(%rdi,%rdx), %xmm9
        movdqu  32(%rdi,%rdx), %xmm10
        movdqu  48(%rdi,%rdx), %xmm11
        pxor    %xmm8, %xmm0
        pxor    %xmm9, %xmm1
        pxor    %xmm10, %xmm2
        pxor    %xmm11, %xmm3
        movdqu  %xmm0, (%rdi)
        movdqu  %xmm1, 16(%rdi)
        movdqu  %xmm2, 32(%rdi)
        movdqu  %xmm3, 48(%rdi)
        add     $64, %rdi
        cmp     %r8, %rdi
        jb      .Lloop64

        /* 1-64 bytes were left: the kept tail covers them. */
        movdqu  %xmm4, (%r8)
        movdqu  %xmm5, 16(%r8)
        movdqu  %xmm6, 32(%r8)
        movdqu  %xmm7, 48(%r8)
        ret

.Lbelow32:
        XOR_BELOW32
        FIPSMOD_END fipsmod_xor_bytes_amd64_sse2
