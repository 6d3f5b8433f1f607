/*
 * XORBytes for amd64 with AVX-512 (F, BW and VL, with the OS saving the
 * zmm and opmask state).
 *
 * Computes dst[i] = x[i] ^ y[i] for i < n (n > 0; dst is exactly x or y, or
 * overlaps neither; any alignment: vmovdqu64 / vmovdqu8, and EVEX
 * instructions with a memory operand, need none).
 *
 *   void fipsmod_xor_bytes_amd64_avx512(uint8_t *dst, const uint8_t *x,
 *                                       const uint8_t *y, size_t n);
 *
 * Register map (System V: the arguments arrive in rdi, rsi, rdx, rcx):
 *   rdi, rsi, rdx  dst, x, y, advanced past the bytes done
 *   rcx            bytes left (in the loop: less 256)
 *   rax            all ones, then the byte mask of the last vector
 *   r9             h, the length of the head (n > 256 only)
 *   r10            the byte mask of the head
 *   r8             bytes left - 1 in the tail, whose bits 7 and 6 pick
 *                  its full vectors
 *   k1             the byte mask of the head, then of the last vector
 *   zmm0-zmm3      256 bytes of x, then of the result; zmm1 also y's bytes
 *                  of a masked vector
 * y is otherwise used straight from memory as the vpxorq source operand.
 * Only caller-saved registers are used (k1 among them); rsp is not
 * touched. Every path for n >= 32 writes zmm registers and ends with
 * vzeroupper; n < 32 takes the short path all amd64 kernels share
 * (xor_bytes_below32.inc: xmm0-3, rax, r8-r10), which needs none.
 *
 * Plan. A masked vector does any 0-64 bytes: vmovdqu8 with the opmask k1
 * loads and stores only the bytes whose mask bit is set; the others are
 * neither read nor written, and cannot fault even where they would lie in
 * an unmapped page. So:
 *   n < 32         the shared short path: two overlapping pieces, no
 *                  mask. A 64-byte masked store to a small buffer, and
 *                  the next call's masked loads from the buffers beside
 *                  it, fall in one 64-byte window, and the core stalls
 *                  those loads as if they overlapped (measured on Zen 5:
 *                  8 bytes took 5.2 ns a call with dst, x and y 32 bytes
 *                  apart, 2.5 ns with them 256 bytes apart).
 *   32 <= n <= 64  one masked vector, no loop.
 *   64 < n <= 256  the tail, below.
 *   n > 256        a masked head of h = 0-63 bytes, which brings one input
 *                  to a 64-byte boundary (below); then the loop does 256
 *                  bytes an iteration while more than 256 are left, which
 *                  leaves 1-256; then the tail.
 * The tail, for r = 1-256 bytes left: with r - 1 = 128a + 64b + c
 * (a, b in {0, 1}, 0 <= c < 64), it does 2a full vectors, then b, then one
 * masked vector of the last c + 1 = 1-64 bytes. Every piece goes forward
 * and loads its bytes of x and y before storing them, and no two pieces
 * overlap, so dst == x or dst == y is safe; no byte outside [0, n) of any
 * buffer is read or written. There is no scalar loop.
 *
 * The head: the loop is bound by its loads (below), and a zmm load that
 * crosses a cache line costs two, so the loop starts where one input is
 * 64-byte aligned: y if dst == y, else x. An in-place call so gets its
 * stores aligned too; a store that crosses a line costs little beside the
 * loads (measured on Zen 5: x and y both misaligned take about 1.3 times as
 * long as one, and a misaligned dst adds next to nothing). When x and y
 * are misaligned differently, one of them has to stay so. h is (-p) mod 64
 * for that input p, and the head's mask, bits 0 .. h-1, is (1 << h) - 1,
 * made with bts and dec (a shift would need the count in cl, which holds
 * n); h = 0 gives mask 0, a vector that touches nothing.
 *
 * The mask of the last vector, for its m = 1-64 bytes: bits 0 .. m-1 set,
 * which is all ones shifted right by 64 - m. A 64-bit shr takes its count
 * mod 64, and 64 - m = (-m) mod 64 = (-r) mod 64 (r and m differ by a
 * multiple of 64), so the count is just -rcx, with m = 64 giving a shift
 * by 0: all 64 bits. Neither mask needs BMI2 (bzhi or shlx would, and the
 * kernel requires only F, BW and VL).
 *
 * Critical path of a loop iteration: vmovdqu64 (x) -> vpxorq (with its
 * load of y) -> vmovdqu64 (store); the four 64-byte lanes are independent
 * of one another, and the pointer updates and loop branch (add, sub/ja)
 * run beside them. 8 loads and 4 stores per 256 bytes: the loop is bound
 * by the load ports.
 *
 * Constants: 64 is the zmm width, the number of bits in k1 and the cache
 * line size the head aligns to (63 its mask for h); 256 the bytes per loop
 * iteration (four zmm); 128 and 64 are the tail's pieces of two and one
 * vectors, tested as bits 7 and 6 of r - 1; -1 gives the all ones the last
 * mask is cut from. The tail adds 128 as "sub $-128": -128 fits a
 * sign-extended 8-bit immediate, +128 does not.
 */
#include "core/asm.h"
#include "xor_bytes_below32.inc"

        FIPSMOD_ENTRY fipsmod_xor_bytes_amd64_avx512, 5
        cmp     $32, %rcx
        jb      .Lbelow32
        mov     $-1, %rax
        cmp     $64, %rcx
        ja      .Lover64

        /* The last 1-64 bytes (here all n <= 64 of them), masked: rdi, rsi
         * and rdx point at them, and rcx is their count up to a multiple
         * of 64; rax is all ones. */
.Lmasked:
        neg     %ecx
        shr     %cl, %rax
        kmovq   %rax, %k1
        vmovdqu8 (%rsi), %zmm0{%k1}{z}
        vmovdqu8 (%rdx), %zmm1{%k1}{z}
        vpxorq  %zmm1, %zmm0, %zmm0
        vmovdqu8 %zmm0, (%rdi){%k1}
        vzeroupper
        ret

.Lover64:
        cmp     $256, %rcx
        jbe     .Ltail
        /* n > 256. The masked head of h = (-p) mod 64 bytes, p = y if
         * dst == y, else x; h < 64 leaves more than 192 bytes. */
        mov     %esi, %r9d
        cmp     %rdi, %rdx
        cmove   %edx, %r9d
        neg     %r9d
        and     $63, %r9d
        xor     %r10d, %r10d
        bts     %r9, %r10
        dec     %r10
        kmovq   %r10, %k1
        vmovdqu8 (%rsi), %zmm0{%k1}{z}
        vmovdqu8 (%rdx), %zmm1{%k1}{z}
        vpxorq  %zmm1, %zmm0, %zmm0
        vmovdqu8 %zmm0, (%rdi){%k1}
        add     %r9, %rsi
        add     %r9, %rdx
        add     %r9, %rdi
        sub     %r9, %rcx
        cmp     $256, %rcx
        jbe     .Ltail
        /* 256 bytes an iteration while more than 256 are left. rcx holds
         * bytes left - 256, so the loop goes on while it stays above 0
         * after the sub (ja: no borrow and not zero). */
        sub     $256, %rcx
        .p2align 4
.Lloop256:
        vmovdqu64 (%rsi), %zmm0
        vmovdqu64 64(%rsi), %zmm1
        vmovdqu64 128(%rsi), %zmm2
        vmovdqu64 192(%rsi), %zmm3
        vpxorq  (%rdx), %zmm0, %zmm0
        vpxorq  64(%rdx), %zmm1, %zmm1
        vpxorq  128(%rdx), %zmm2, %zmm2
        vpxorq  192(%rdx), %zmm3, %zmm3
        vmovdqu64 %zmm0, (%rdi)
        vmovdqu64 %zmm1, 64(%rdi)
        vmovdqu64 %zmm2, 128(%rdi)
        vmovdqu64 %zmm3, 192(%rdi)
        add     $256, %rsi
        add     $256, %rdx
        add     $256, %rdi
        sub     $256, %rcx
        ja      .Lloop256
        add     $256, %rcx

        /* The tail: rcx = r = 1-256 bytes left, r8 = r - 1. */
.Ltail:
        lea     -1(%rcx), %r8
        test    $128, %r8b
        jz      1f
        /* Two full vectors. */
        vmovdqu64 (%rsi), %zmm0
        vmovdqu64 64(%rsi), %zmm1
        vpxorq  (%rdx), %zmm0, %zmm0
        vpxorq  64(%rdx), %zmm1, %zmm1
        vmovdqu64 %zmm0, (%rdi)
        vmovdqu64 %zmm1, 64(%rdi)
        sub     $-128, %rsi
        sub     $-128, %rdx
        sub     $-128, %rdi
1:      test    $64, %r8b
        jz      .Lmasked
        /* One full vector. */
        vmovdqu64 (%rsi), %zmm0
        vpxorq  (%rdx), %zmm0, %zmm0
        vmovdqu64 %zmm0, (%rdi)
        add     $64, %rsi
        add     $64, %rdx
        add     $64, %rdi
        jmp     .Lmasked

.Lbelow32:
        XOR_BELOW32
        FIPSMOD_END fipsmod_xor_bytes_amd64_avx512
