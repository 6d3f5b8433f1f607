/*
 * AES (FIPS 197) for x86-64 with AES-NI: the key expansion and ECB
 * encryption and decryption of whole blocks, in the legacy SSE encoding
 * (the kernel needs AES-NI and SSSE3 of the CPU, not AVX).
 *
 *   void fipsmod_aes_expand_amd64_aesni(Schedule *out, const uint8_t *key,
 *                                       size_t key_len);
 *   void fipsmod_aes_encrypt_amd64_aesni(const Schedule *s,
 *                                        const uint8_t *in, uint8_t *out,
 *                                        size_t blocks);
 *   void fipsmod_aes_decrypt_amd64_aesni(... the same ...);
 *
 * The schedule (module/aes/internal.hpp): enc at offset 0 holds round keys
 * 0..Nr of FIPS 197 §5.2 as bytes in order; dec at offset 240 holds the
 * round keys of the equivalent inverse cipher (§5.3.5) in the order aesdec
 * takes them: dec[0] = round key Nr, dec[i] = InvMixColumns(round key
 * Nr - i) for 0 < i < Nr, dec[Nr] = round key 0; rounds (Nr) at offset
 * 480.
 *
 * Expansion, word by word (§5.2): w[i] = w[i - Nk] ^ temp, with temp =
 * SubWord(RotWord(w[i-1])) ^ Rcon[i/Nk] when i mod Nk = 0, SubWord(w[i-1])
 * when Nk = 8 and i mod Nk = 4, w[i-1] otherwise. SubWord comes from
 * aeskeygenassist, which applies the S-box to dwords 1 and 3 of its source
 * and gives, for dword 1 = X, SubWord(X) in its dword 0 and
 * RotWord(SubWord(X)) ^ imm in dword 1 (RotWord commutes with SubWord).
 * With imm 0 and w in every dword, one movq brings both into rax. The
 * branches depend on i and Nk only, never on the key. Register map:
 *   r8d  w[i-1]   r9  i   r10  i mod Nk   rcx  Nk   rdx  4 (Nr + 1)
 *   r11  the next Rcon byte   rax, xmm0  SubWord results
 * The critical path of a word is the xor with w[i - Nk] (one cycle); of
 * every Nk-th word, movd, pshufd, aeskeygenassist, movq, shift, two xors.
 *
 * ECB, 8 blocks at once: the blocks in xmm0-xmm7, each round one round key
 * (xmm8, loaded once) applied to all eight. aesenc has a latency of 3 to
 * 7 cycles by core and a throughput of 1 or 2 a cycle, so eight
 * independent blocks keep the unit busy; a round of one block is its
 * critical path. Then the remaining blocks one at a time. Register map:
 *   rdi  the round keys (enc or dec)   rsi in   rdx out   rcx blocks left
 *   r8   the last round key            r9  the round key of the loop
 */
#include "core/asm.h"

#define ROUNDS_OFF 480  /* offsetof(Schedule, rounds) */
#define DEC_OFF 240     /* offsetof(Schedule, dec) */

FIPSMOD_ENTRY fipsmod_aes_expand_amd64_aesni, 5
        movq    %rdx, %rcx
        shrq    $2, %rcx                        /* Nk: 4, 6 or 8 */
        leal    6(%rcx), %eax                   /* Nr = Nk + 6 */
        movl    %eax, ROUNDS_OFF(%rdi)
        leal    4(, %rax, 4), %edx              /* 4 (Nr + 1) words */
        xorl    %r9d, %r9d
1:      movl    (%rsi, %r9, 4), %r8d            /* w[0..Nk) = the key */
        movl    %r8d, (%rdi, %r9, 4)
        incq    %r9
        cmpq    %rcx, %r9
        jne     1b
        xorl    %r10d, %r10d
        leaq    .Lrcon(%rip), %r11
2:      testq   %r10, %r10
        jnz     3f
        movd    %r8d, %xmm0                     /* i mod Nk = 0 */
        pshufd  $0, %xmm0, %xmm0
        aeskeygenassist $0, %xmm0, %xmm0
        movq    %xmm0, %rax
        shrq    $32, %rax                       /* RotWord(SubWord(w[i-1])) */
        movzbl  (%r11), %r8d
        incq    %r11
        xorl    %eax, %r8d                      /* ^ Rcon: its byte is the first of the word */
        jmp     4f
3:      cmpq    $4, %r10
        jne     4f
        cmpq    $8, %rcx
        jne     4f
        movd    %r8d, %xmm0                     /* Nk = 8, i mod Nk = 4 */
        pshufd  $0, %xmm0, %xmm0
        aeskeygenassist $0, %xmm0, %xmm0
        movd    %xmm0, %r8d                     /* SubWord(w[i-1]) */
4:      movq    %r9, %rax
        subq    %rcx, %rax
        xorl    (%rdi, %rax, 4), %r8d           /* w[i] = w[i - Nk] ^ temp */
        movl    %r8d, (%rdi, %r9, 4)
        incq    %r10
        cmpq    %rcx, %r10
        jne     5f
        xorl    %r10d, %r10d
5:      incq    %r9
        cmpq    %rdx, %r9
        jne     2b

        /* The equivalent inverse cipher's keys, walking enc down from
         * round key Nr while dec goes up. */
        movl    ROUNDS_OFF(%rdi), %ecx
        shlq    $4, %rcx
        leaq    (%rdi, %rcx), %rsi              /* enc + 16 Nr */
        leaq    DEC_OFF(%rdi), %rdx
        movdqu  (%rsi), %xmm0
        movdqu  %xmm0, (%rdx)                   /* dec[0] = round key Nr */
6:      subq    $16, %rsi
        addq    $16, %rdx
        cmpq    %rdi, %rsi
        je      7f
        aesimc  (%rsi), %xmm0
        movdqu  %xmm0, (%rdx)
        jmp     6b
7:      movdqu  (%rdi), %xmm0
        movdqu  %xmm0, (%rdx)                   /* dec[Nr] = round key 0 */
        pxor    %xmm0, %xmm0
        xorl    %eax, %eax
        xorl    %r8d, %r8d
        ret
FIPSMOD_END fipsmod_aes_expand_amd64_aesni

/* ECB over the blocks, with the round keys at rdi + koff: round first
 * (aesenc or aesdec) for rounds 1..Nr-1, last (aesenclast, aesdeclast)
 * for round Nr. */
.macro ECB koff, round, last
        movl    ROUNDS_OFF(%rdi), %eax
        shlq    $4, %rax
        addq    $\koff, %rdi
        leaq    (%rdi, %rax), %r8               /* the last round key */
        cmpq    $8, %rcx
        jb      3f
1:      movdqu  (%rdi), %xmm8                   /* eight blocks */
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        movdqu  (16 * \i)(%rsi), %xmm\i
        pxor    %xmm8, %xmm\i
        .endr
        leaq    16(%rdi), %r9
2:      movdqu  (%r9), %xmm8
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        \round  %xmm8, %xmm\i
        .endr
        addq    $16, %r9
        cmpq    %r8, %r9
        jne     2b
        movdqu  (%r8), %xmm8
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        \last   %xmm8, %xmm\i
        movdqu  %xmm\i, (16 * \i)(%rdx)
        .endr
        addq    $128, %rsi
        addq    $128, %rdx
        subq    $8, %rcx
        cmpq    $8, %rcx
        jae     1b
3:      testq   %rcx, %rcx                      /* then one at a time */
        jz      5f
        movdqu  (%rsi), %xmm0
        movdqu  (%rdi), %xmm8
        pxor    %xmm8, %xmm0
        leaq    16(%rdi), %r9
4:      movdqu  (%r9), %xmm8
        \round  %xmm8, %xmm0
        addq    $16, %r9
        cmpq    %r8, %r9
        jne     4b
        movdqu  (%r8), %xmm8
        \last   %xmm8, %xmm0
        movdqu  %xmm0, (%rdx)
        addq    $16, %rsi
        addq    $16, %rdx
        decq    %rcx
        jmp     3b
5:      ret
.endm

FIPSMOD_ENTRY fipsmod_aes_encrypt_amd64_aesni, 5
        ECB     0, aesenc, aesenclast
FIPSMOD_END fipsmod_aes_encrypt_amd64_aesni

FIPSMOD_ENTRY fipsmod_aes_decrypt_amd64_aesni, 5
        ECB     DEC_OFF, aesdec, aesdeclast
FIPSMOD_END fipsmod_aes_decrypt_amd64_aesni

        .section .rodata
/* Rcon[j] of §5.2, j = 1..10, the powers x^(j-1) in GF(2^8) (the first
 * byte of the word; the other three are 0). AES-128 uses all ten, AES-192
 * eight, AES-256 seven. */
.Lrcon:
        .byte   0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
