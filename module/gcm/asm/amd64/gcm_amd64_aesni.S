/*
 * GCM (NIST SP 800-38D) for x86-64 with AES-NI and PCLMULQDQ, in the VEX
 * (AVX) encoding of the xmm forms: GHASH, and the counter mode of seal and
 * open stitched with it.
 *
 *   void fipsmod_gcm_ghash_init_amd64_aesni(GhashKey *out, const uint8_t h[16]);
 *   void fipsmod_gcm_ghash_amd64_aesni(const GhashKey *key, uint8_t y[16],
 *                                      const uint8_t *in, size_t blocks);
 *   void fipsmod_gcm_seal_amd64_aesni(const Schedule *s, const GhashKey *key,
 *                                     uint8_t ctr[16], uint8_t y[16],
 *                                     const uint8_t *in, uint8_t *out,
 *                                     size_t blocks);
 *   void fipsmod_gcm_open_amd64_aesni(... the same ...);
 *
 * with the contracts of module/gcm/internal.hpp; the AES schedule is the
 * amd64 one (round keys 0..Nr at offset 0, Nr at 480).
 *
 * The field. A block is the bit string b0..b127 of the specification, the
 * polynomial sum(b_i x^i) modulo P = x^128 + x^7 + x^2 + x + 1. Loaded
 * into an xmm register with its 16 bytes reversed (vpshufb .Lbswap), b_i
 * is bit 127 - i of the 128-bit integer: the degrees run downwards, and
 * multiplying by x is a right shift. vpclmulqdq of two such 128-bit values
 * (four 64x64 products) is the 255-bit carry-less product, whose bit
 * 254 - k is the coefficient of x^k: the product of a and b times x, in
 * the same reversed order over 256 bits (bit 255 - k for x^k). To absorb
 * that factor x, the key holds G = H x^-1 mod P instead of H: the product
 * of a and G (times x) is a H, unreduced.
 *   H x^-1 is H shifted left by one bit; the bit shifted out, x^0, comes
 *   back as x^-1 = x^127 + x^6 + x + 1 (from 1 = x^128 + x^7 + x^2 + x
 *   mod P): bits 0, 121, 126, 127, the constant .Lpoly.
 *
 * Reduction of the 256-bit X3:X2:X1:X0 (64-bit words, X3 the highest; the
 * degrees 0..127 in X3:X2, 128..255 in X1:X0) to X3:X2. Bit b of X0 is
 * x^(255-b) = x^(127-b) x^128 = x^(127-b) (1 + x + x^2 + x^7), bits
 * b + 128, b + 127, b + 126 and b + 121: X0 xored into X2, plus the
 * carry-less product of X0 and 0xc200000000000000 (bits 63, 62, 57) into
 * X2:X1. The bits it adds to X1 are folded the same way, one word up
 * (pairs written high:low):
 *   P = X0 * c2;  T = X0:X1 ^ P = (X0 ^ P1):(X1 ^ P0)  (a swap and an xor)
 *   Q = (X1 ^ P0) * c2;  result = X3:X2 ^ (X1 ^ P0):(X0 ^ P1) ^ Q
 * two multiplications, two swaps and three xors on the critical path.
 *
 * Aggregation: over n blocks (at most 8), Y' = (Y ^ X1) H^n + X2 H^(n-1)
 * + ... + Xn H, each product unreduced (four vpclmulqdq: low, high and the
 * two middle halves), summed, and reduced once. The key holds G_k =
 * H^k x^-1 for k = 1..8 at 16 (k - 1), 128 bytes of the 768: the product
 * of A and G_k (times x) is A H^k. G_k is the reduced product of
 * G_(k-1) and G_1, which is G_(k-1) G_1 x = H^k x^-1.
 *
 * Seal and open, eight blocks a step: the counter blocks in xmm0-xmm7 go
 * through the AES rounds together (round key in xmm8), and between the
 * rounds the GHASH of eight ciphertext blocks is worked in, one block (a
 * load, a byte swap, four vpclmulqdq) after each of rounds 1..8 and the
 * reduction after round 9. The AES units and the carry-less multiplier
 * are separate, so the two streams share the cycles. Open hashes the
 * eight blocks it is decrypting (their loads come before the stores, so
 * in == out is fine); seal hashes the eight it wrote in the step before,
 * and the last ones after the loop. The last round key is xored into the
 * input block first, so aesenclast leaves the output directly.
 *   Counter blocks: the last dword is swapped to an integer, i added to
 *   it for block i (independent vpaddd), and swapped back: inc32 modulo
 *   2^32, with no branch on the counter, which is secret under a nonce
 *   of other than 12 bytes (J0 is then a GHASH under the key; a fast path
 *   taken while byte 15 stays at most 247 was such a branch, which the
 *   constant-time test reported). eax holds the last word of the counter
 *   as an integer, for the ctr written back.
 *   The critical path of a step is the eight blocks' Nr rounds, bound by
 *   the throughput of vaesenc (eight a round: 4 to 8 cycles by core); the
 *   hash's chain from Y to the new Y (one multiplication, the sum, the
 *   reduction: some 20 cycles) is shorter, and its 34 vpclmulqdq run on
 *   another port.
 * Fewer than eight blocks left: the counters are encrypted as eight, the
 * key stream stored on the stack and xored into the blocks there are one
 * by one; the stack copy is wiped at the end.
 *
 * Register map (seal, open):
 *   rdi  the schedule   rsi  the GHASH key   rdx  ctr   rcx  y
 *   r8   in   r9  out   r10  blocks left     r11  the last round key
 *   eax  the counter's last word, an integer
 *   rbx, r12, r13, rbp  chunk sizes, pointers of the helpers, the start
 *        of the blocks seal has yet to hash
 *   xmm0-7  counter blocks   xmm8  round key   xmm9  the counter block
 *   xmm10-12  the sums of the low, high and middle products
 *   xmm13, xmm14  scratch   xmm15  Y (byte-reversed)
 */
#include "core/asm.h"

#define ROUNDS_OFF 480  /* offsetof(aes::Schedule, rounds) */

#define RK %xmm8
#define CTR %xmm9
#define LO %xmm10
#define HI %xmm11
#define MID %xmm12
#define X %xmm13
#define T %xmm14
#define Y %xmm15

/* The unreduced product of x and the key power at mem, into LO, HI and
 * MID (first: set them; else: add to them). */
.macro MUL first, x, mem
.if \first
        vpclmulqdq $0x00, \mem, \x, LO
        vpclmulqdq $0x11, \mem, \x, HI
        vpclmulqdq $0x01, \mem, \x, MID
        vpclmulqdq $0x10, \mem, \x, T
        vpxor   T, MID, MID
.else
        vpclmulqdq $0x00, \mem, \x, T
        vpxor   T, LO, LO
        vpclmulqdq $0x11, \mem, \x, T
        vpxor   T, HI, HI
        vpclmulqdq $0x01, \mem, \x, T
        vpxor   T, MID, MID
        vpclmulqdq $0x10, \mem, \x, T
        vpxor   T, MID, MID
.endif
.endm

/* Y = the 256-bit HI:LO ^ MID << 64, reduced (see the top). Uses T. */
.macro REDUCE
        vpslldq $8, MID, T
        vpxor   T, LO, LO                       /* X1:X0 */
        vpsrldq $8, MID, MID
        vpxor   MID, HI, HI                     /* X3:X2 */
        vpclmulqdq $0x10, .Lpoly(%rip), LO, T   /* P = X0 * c2 */
        vpshufd $0x4e, LO, LO
        vpxor   T, LO, LO                       /* (X1 ^ P0, X0 ^ P1) */
        vpclmulqdq $0x10, .Lpoly(%rip), LO, T   /* Q */
        vpshufd $0x4e, LO, LO
        vpxor   T, HI, HI
        vpxor   LO, HI, Y
.endm

/* Block j of eight at off(base) into the hash: its product with H^(8-j),
 * Y added to the first. */
.macro GHASH_BLOCK j, base, off
        vmovdqu (\off + 16 * \j)(\base), X
        vpshufb .Lbswap(%rip), X, X
.if \j == 0
        vpxor   Y, X, X
        MUL     1, X, (16 * (7 - \j))(%rsi)
.else
        MUL     0, X, (16 * (7 - \j))(%rsi)
.endif
.endm

/* Eight counter blocks from CTR into xmm0-xmm7, and CTR advanced by 8:
 * the last dword swapped to an integer (X), i added for block i (inc32,
 * modulo 2^32), swapped back. Uses X. */
.macro CTRS8
        vpshufb .Lswap_last(%rip), CTR, X
        vmovdqa CTR, %xmm0
        .irp    i, 1, 2, 3, 4, 5, 6, 7
        vpaddd  (.Lcount + 16 * (\i - 1))(%rip), X, %xmm\i
        vpshufb .Lswap_last(%rip), %xmm\i, %xmm\i
        .endr
        vpaddd  (.Lcount + 16 * 7)(%rip), X, CTR
        vpshufb .Lswap_last(%rip), CTR, CTR
.endm

/* One AES round (key at off(rdi)) on xmm0-xmm7. */
.macro AES_ROUND off
        vmovdqu \off(%rdi), RK
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vaesenc RK, %xmm\i, %xmm\i
        .endr
.endm

/* Eight counter blocks encrypted and xored into eight blocks from r8 to
 * r9, with the eight blocks at off(base) hashed into Y on the way; r8, r9
 * and eax advanced. */
.macro STITCH8 base, off
        CTRS8
        vmovdqu (%rdi), RK
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vpxor   RK, %xmm\i, %xmm\i
        .endr
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7
        AES_ROUND (16 * (\j + 1))
        GHASH_BLOCK \j, \base, \off
        .endr
        AES_ROUND (16 * 9)
        REDUCE
        cmpl    $10, ROUNDS_OFF(%rdi)
        je      22f
        AES_ROUND (16 * 10)
        AES_ROUND (16 * 11)
        cmpl    $12, ROUNDS_OFF(%rdi)
        je      22f
        AES_ROUND (16 * 12)
        AES_ROUND (16 * 13)
22:     vmovdqu (%r11), RK
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vpxor   (16 * \i)(%r8), RK, X
        vaesenclast X, %xmm\i, %xmm\i
        vmovdqu %xmm\i, (16 * \i)(%r9)
        .endr
        addq    $128, %r8
        addq    $128, %r9
        addl    $8, %eax
.endm

/* What seal and open do first: blocks into r10 (returning at once if
 * none), the registers saved, 128 bytes of stack for the key stream, Y,
 * the counter, the last round key. */
.macro ENTER
        movq    8(%rsp), %r10
        testq   %r10, %r10
        jz      29f
        pushq   %rbx
        pushq   %rbp
        pushq   %r12
        pushq   %r13
        subq    $128, %rsp
        vmovdqu (%rcx), Y
        vpshufb .Lbswap(%rip), Y, Y
        vmovdqu (%rdx), CTR
        movl    12(%rdx), %eax
        bswapl  %eax
        movl    ROUNDS_OFF(%rdi), %r11d
        shlq    $4, %r11
        addq    %rdi, %r11
.endm

/* What they do last: y and the counter's last word stored, the key
 * stream on the stack wiped, the registers restored. */
.macro LEAVE
        vpshufb .Lbswap(%rip), Y, Y
        vmovdqu Y, (%rcx)
        bswapl  %eax
        movl    %eax, 12(%rdx)
        vpxor   %xmm0, %xmm0, %xmm0
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vmovdqu %xmm0, (16 * \i)(%rsp)
        .endr
        addq    $128, %rsp
        popq    %r13
        popq    %r12
        popq    %rbp
        popq    %rbx
29:     ret
.endm

FIPSMOD_ENTRY fipsmod_gcm_seal_amd64_aesni, 5
        ENTER
        movq    %r9, %rbp                       /* the blocks yet to hash start here */
        movq    $8, %rbx
        cmpq    %rbx, %r10
        cmovbq  %r10, %rbx
        subq    %rbx, %r10
        call    .Lctr_chunk                     /* the first eight (or fewer) */
1:      cmpq    $8, %r10
        jb      2f
        STITCH8 %r9, -128                       /* the next eight, the last eight hashed */
        leaq    -128(%r9), %rbp
        subq    $8, %r10
        jmp     1b
2:      movq    %r10, %rbx
        testq   %rbx, %rbx
        jz      3f
        call    .Lctr_chunk                     /* the rest */
3:      movq    %rbp, %r12
        movq    %r9, %rbx
        subq    %rbp, %rbx
        shrq    $4, %rbx
        call    .Lghash_core                    /* the blocks written since the last hash */
        LEAVE
FIPSMOD_END fipsmod_gcm_seal_amd64_aesni

FIPSMOD_ENTRY fipsmod_gcm_open_amd64_aesni, 5
        ENTER
1:      cmpq    $8, %r10
        jb      2f
        STITCH8 %r8, 0
        subq    $8, %r10
        jmp     1b
2:      testq   %r10, %r10
        jz      3f
        movq    %r8, %r12
        movq    %r10, %rbx
        call    .Lghash_core                    /* the rest hashed, then decrypted */
        movq    %r10, %rbx
        call    .Lctr_chunk
3:      LEAVE
FIPSMOD_END fipsmod_gcm_open_amd64_aesni

/* Internal: rbx (1..8) blocks from r8 to r9 xored with the key stream of
 * eight counter blocks from CTR, held in the caller's 128 bytes of stack
 * (above the return address); r8, r9 and eax advanced by rbx blocks, CTR
 * by eight. Clobbers rbx, r12, xmm0-8, X. */
        .text
        .p2align 5
.Lctr_chunk:
        CTRS8
        vmovdqu (%rdi), RK
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vpxor   RK, %xmm\i, %xmm\i
        .endr
        leaq    16(%rdi), %r12
1:      vmovdqu (%r12), RK
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vaesenc RK, %xmm\i, %xmm\i
        .endr
        addq    $16, %r12
        cmpq    %r11, %r12
        jne     1b
        vmovdqu (%r11), RK
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        vaesenclast RK, %xmm\i, %xmm\i
        vmovdqu %xmm\i, (8 + 16 * \i)(%rsp)
        .endr
        addl    %ebx, %eax
        leaq    8(%rsp), %r12
2:      vmovdqu (%r8), X
        vpxor   (%r12), X, X
        vmovdqu X, (%r9)
        addq    $16, %r8
        addq    $16, %r9
        addq    $16, %r12
        decq    %rbx
        jnz     2b
        ret

/* Internal: rbx blocks (any number) at r12 hashed into Y, eight at a time
 * and then the rest, each group with one reduction. Clobbers rbx, r12,
 * r13, xmm10-14. */
        .p2align 5
.Lghash_core:
        testq   %rbx, %rbx
        jz      3f
1:      movq    $8, %r13
        cmpq    %r13, %rbx
        cmovbq  %rbx, %r13
        subq    %r13, %rbx
        shlq    $4, %r13                        /* 16 n: H^n is at -16(rsi, r13) */
        vpxor   LO, LO, LO
        vpxor   HI, HI, HI
        vpxor   MID, MID, MID
2:      vmovdqu (%r12), X
        vpshufb .Lbswap(%rip), X, X
        vpxor   Y, X, X                         /* Y into the group's first block */
        vpxor   Y, Y, Y
        MUL     0, X, "-16(%rsi, %r13)"
        addq    $16, %r12
        subq    $16, %r13
        jnz     2b
        REDUCE
        testq   %rbx, %rbx
        jnz     1b
3:      ret

FIPSMOD_ENTRY fipsmod_gcm_ghash_amd64_aesni, 5
        testq   %rcx, %rcx
        jz      1f
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        vmovdqu (%rsi), Y
        vpshufb .Lbswap(%rip), Y, Y
        movq    %rsi, %rax
        movq    %rdi, %rsi
        movq    %rdx, %r12
        movq    %rcx, %rbx
        call    .Lghash_core
        vpshufb .Lbswap(%rip), Y, Y
        vmovdqu Y, (%rax)
        popq    %r13
        popq    %r12
        popq    %rbx
1:      ret
FIPSMOD_END fipsmod_gcm_ghash_amd64_aesni

/* G_1 = H x^-1 (H shifted left by one bit, .Lpoly xored in if the bit
 * shifted out was set), then G_k = G_(k-1) G_1 for k = 2..8. */
FIPSMOD_ENTRY fipsmod_gcm_ghash_init_amd64_aesni, 5
        vmovdqu (%rsi), Y
        vpshufb .Lbswap(%rip), Y, Y
        vpshufd $0xff, Y, T
        vpsrad  $31, T, T                       /* all ones if bit 127 is set */
        vpsrlq  $63, Y, X
        vpsllq  $1, Y, Y
        vpslldq $8, X, X                        /* bit 63 carried into bit 64 */
        vpor    X, Y, Y
        vpand   .Lpoly(%rip), T, T
        vpxor   T, Y, Y
        vmovdqu Y, (%rdi)
        movl    $7, %ecx
        movq    %rdi, %rdx
1:      MUL     1, Y, (%rdi)
        REDUCE
        addq    $16, %rdx
        vmovdqu Y, (%rdx)
        decl    %ecx
        jnz     1b
        ret
FIPSMOD_END fipsmod_gcm_ghash_init_amd64_aesni

        .section .rodata
        .p2align 4
/* vpshufb control reversing the 16 bytes: a block to the integer whose
 * bit 127 - i is its bit i, and back. */
.Lbswap:
        .byte   15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* x^-1 mod P (bits 0, 121, 126, 127); its high quadword 0xc2 << 56 is
 * the reduction multiplier. */
.Lpoly:
        .quad   1, 0xc200000000000000
/* vpshufb control reversing the bytes of the last dword only: the
 * counter's big-endian 32-bit word to an integer in dword 3, and back. */
.Lswap_last:
        .byte   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12
/* i in dword 3, i = 1..8: inc32 i times on the swapped counter. */
.Lcount:
        .irp    i, 1, 2, 3, 4, 5, 6, 7, 8
        .long   0, 0, 0, \i
        .endr
