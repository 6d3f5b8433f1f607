/*
 * GCM (NIST SP 800-38D) for riscv64 with Zkne (AES encryption), Zbc
 * (carry-less multiplication) and Zbb (rev8):
 *
 *   void fipsmod_gcm_ghash_init_riscv64_zkne(GhashKey *out, const uint8_t h[16]);
 *   void fipsmod_gcm_ghash_riscv64_zkne(const GhashKey *key, uint8_t y[16],
 *                                       const uint8_t *in, size_t blocks);
 *   void fipsmod_gcm_seal_riscv64_zkne(const Schedule *s, const GhashKey *key,
 *                                      uint8_t ctr[16], uint8_t y[16],
 *                                      const uint8_t *in, uint8_t *out,
 *                                      size_t blocks);
 *   void fipsmod_gcm_open_riscv64_zkne(... the same ...);
 *
 * with the contracts of module/gcm/internal.hpp. The AES schedule is the one
 * fipsmod_aes_expand_riscv64_zkne fills (module/aes/asm/riscv64/): round
 * key i at enc + 16i, as bytes in order; rounds at byte 480. Only
 * encryption-side instructions are used here (aes64es, aes64esm), so this
 * kernel needs no Zknd.
 *
 * GHASH. A block's bit string has x^0 as the top bit of byte 0. rev8 of
 * its two little-endian doublewords gives the 128-bit integer (hi = bytes
 * 0..7, lo = bytes 8..15) whose bit 127 - k is the coefficient of x^k: the
 * polynomial bit-reflected. Carry-less products of reflected operands are
 * reflected products shifted by one place: for a, b of degree < 128,
 * rev(a) * rev(b) = rev255(a b), whose bit 254 - k is (a b)_k. The key
 * kept is therefore H' = rev(h x^-1 mod g), g = x^128 + x^7 + x^2 + x + 1:
 * then clmul(rev(a), H') read as 256 bits is rev256(x a h x^-1), a product
 * congruent to a h with its x^k at bit 255 - k. x^-1 = x^127 + x^6 + x + 1,
 * so H' = (H << 1), xor (0xc2 << 120 | 1) when h_0 (H's top bit) is set.
 *
 * The 256-bit product Q3:Q2:Q1:Q0 (Q3 the top doubleword) holds the
 * product c's coefficients 0..63, 64..127, 128..191, 192..255. It is
 * reduced with x^128 = r = x^7 + x^2 + x + 1 (mod g) in two folds of a
 * doubleword each. For a doubleword U = rev64(u),
 *   rev128(u r) = U z^64 + U K,   K = z^64 r(1/z) - z^64 = 0xc200000000000000
 * (z^63 + z^62 + z^57: the reflected x^0 + x^1 + x^2 + x^7 with x^0
 * dropped into the U z^64 term): its top half is U ^ clmulh(U, K), its low
 * half clmul(U, K). Fold 1: x^192 C3 = x^64 (C3 r): Q2 ^= top, Q1 ^= low
 * of Q0's. Fold 2: x^128 C2 = C2 r: Q3 ^= top, Q2 ^= low of Q1's. Then
 * y = Q3:Q2. 128 x 128 bits is four products of 64 x 64 (schoolbook: 8
 * clmul/clmulh and 4 xor, one fewer than Karatsuba's 6 and 7), 22
 * instructions with the reduction; 26 a block with the rev8s and y ^ X.
 * Critical path of a block, y to y: xor (y ^ X) -> clmul -> xor -> xor
 * (Q1) -> clmulh (fold 2) -> xor -> xor.
 *
 * The GhashKey holds H' as two doublewords (hi, then lo); the rest of its
 * 768 bytes is not used.
 *
 * CTR. The counter block is (ctr[0..7], ctr[8..11], N) with N the
 * big-endian 32-bit counter of bytes 12..15. The first AES step, the xor
 * with round key 0, is folded in once a call: CH = ctr[0..7] ^ rk0.lo and
 * FK = ctr[8..11] ^ rk0.lo (bits 0..31 of the register) ^ rk0.hi; a block's
 * state is then CH and FK ^ rev8(N), N held zero-extended (rev8 puts its
 * big-endian bytes in bits 32..63, where bytes 12..15 sit, and its zero
 * upper half in bits 0..31). inc32 is N = (N + 1) & 0xffffffff.
 *
 * AES rounds as in module/aes/asm/riscv64/aes_riscv64_zkn.S: aes64esm of
 * (lo, hi) and (hi, lo), xor of the round key; the key size dispatches by
 * entering the unrolled rounds at KP - 48, KP - 16 or KP + 16, KP being the
 * schedule plus 16 (Nr - 10).
 *
 * Register map of seal and open:
 *   a0 KP, a1 DX = Nr - 12 (after H' is read), a2 ctr, a3 y, a4 in, a5 out,
 *   a6 blocks left, a7 N
 *   t0, t1 the AES state; t2, t3 the round's results; t4, t5 round keys
 *   and then Q0, Q1 of the product; t6 GHASH's and the byte loads' scratch
 *   s0, s1 y (reflected: hi = bytes 0..7, lo = bytes 8..15), also Q3, Q2
 *   s2, s3 H'; s4 K; s5 CH; s6 FK; s7 0xffffffff; s8, s9 the block
 *   (plaintext or ciphertext as read, the ciphertext as GHASH takes it);
 *   s10 the carried doubleword and s11, ra the shifts of an unaligned
 *   in's joins
 * GHASH: a0 key, a1 y, a2 in, a3 blocks; a4, a5 y; a6, a7 H'; t0 K;
 *   t1, t2 the block; t3, t4 Q0, Q1; t5 scratch; t6 the byte loads' of
 *   y; an unaligned in's joins in s10, s11, ra, saved around the loop.
 *
 * The GHASH of a block runs after its AES here (sealing needs the
 * ciphertext first); instructions a 16-byte block with AES-128, aligned:
 * 5 counter, 1 dispatch, 60 rounds, 6 data, 26 GHASH, 4 loop = 102.
 *
 * Alignment: no access is misaligned (many cores trap those to firmware).
 * An aligned in or out is read or written as doublewords; an unaligned in
 * as the aligned doublewords that hold it, joined by shifts (LD16_J, 6
 * more instructions a block), an unaligned out byte by byte (28 more);
 * ctr and y, once a call, as doublewords or bytes by their own alignment.
 * The branches depend on the addresses only.
 */
#include "core/asm.h"

        .option arch, +zkne, +zbc, +zbb

/* seal and open */
#define KP      a0
#define DX      a1
#define N       a7
#define S0      t0
#define S1      t1
#define T0      t2
#define T1      t3
#define K0      t4
#define K1      t5
#define T       t6
#define YH      s0
#define YL      s1
#define HH      s2
#define HL      s3
#define KC      s4
#define CH      s5
#define FK      s6
#define MASK    s7
#define X0      s8
#define X1      s9
#define JC      s10     /* an unaligned in: the join's carried doubleword */
#define JS      s11     /* 8 (in mod 8) */
#define JN      ra      /* 64 - JS, mod 64 */

#include "aes/asm/riscv64/block_memory.inc"

.macro LD16_ANY lo, hi, base, tmp
        andi    \tmp, \base, 7
        bnez    \tmp, .Lu\@
        LD16_A  \lo, \hi, \base, \tmp
        j       .Ld\@
.Lu\@:
        LD16_U  \lo, \hi, \base, \tmp
.Ld\@:
.endm
.macro SD16_ANY lo, hi, base, tmp
        andi    \tmp, \base, 7
        bnez    \tmp, .Lu\@
        SD16_A  \lo, \hi, \base, \tmp
        j       .Ld\@
.Lu\@:
        SD16_U  \lo, \hi, \base, \tmp
.Ld\@:
.endm

/* y = (y ^ X) * H in GF(2^128) (header), X the block as loaded in \x0, \x1
 * (both clobbered), y reflected in \yh, \yl, H' in \hh, \hl, \kc = K;
 * \q0, \q1, \t scratch. */
.macro GHASH_BLOCK yh, yl, hh, hl, kc, x0, x1, q0, q1, t
        rev8    \x0, \x0
        rev8    \x1, \x1
        xor     \x0, \x0, \yh
        xor     \x1, \x1, \yl
        clmul   \q0, \x1, \hl           /* lo x lo: Q1:Q0 */
        clmulh  \q1, \x1, \hl
        clmul   \yl, \x0, \hh           /* hi x hi: Q3:Q2 */
        clmulh  \yh, \x0, \hh
        clmul   \t, \x0, \hl            /* the cross terms into Q2:Q1 */
        xor     \q1, \q1, \t
        clmulh  \t, \x0, \hl
        xor     \yl, \yl, \t
        clmul   \t, \x1, \hh
        xor     \q1, \q1, \t
        clmulh  \t, \x1, \hh
        xor     \yl, \yl, \t
        clmulh  \t, \q0, \kc            /* fold 1: Q0 (x^192..255) */
        xor     \yl, \yl, \q0
        xor     \yl, \yl, \t
        clmul   \t, \q0, \kc
        xor     \q1, \q1, \t
        clmulh  \t, \q1, \kc            /* fold 2: Q1 (x^128..191) */
        xor     \yh, \yh, \q1
        xor     \yh, \yh, \t
        clmul   \t, \q1, \kc
        xor     \yl, \yl, \t
.endm

FIPSMOD_ENTRY fipsmod_gcm_ghash_init_riscv64_zkne, 2
        LDB     t0, 0, a1, t2
        LDB     t1, 8, a1, t2
        rev8    t0, t0                  /* H, reflected: hi */
        rev8    t1, t1                  /* lo */
        srai    t2, t0, 63              /* all ones if h_0 */
        srli    t3, t1, 63
        slli    t0, t0, 1
        or      t0, t0, t3
        slli    t1, t1, 1               /* H << 1 */
        li      t3, 0xc200000000000000
        and     t3, t3, t2
        xor     t0, t0, t3
        andi    t2, t2, 1
        xor     t1, t1, t2              /* ^ (0xc2 << 120 | 1) if h_0 */
        sd      t0, 0(a0)
        sd      t1, 8(a0)
        ret
FIPSMOD_END fipsmod_gcm_ghash_init_riscv64_zkne

/* The GHASH loop over a3 > 0 blocks at a2, loaded with LD16_\ld. */
.macro GHASH_LOOP ld
.Lg\@:
        LD16_\ld t1, t2, a2, t5
        GHASH_BLOCK a4, a5, a6, a7, t0, t1, t2, t3, t4, t5
        addi    a2, a2, 16
        addi    a3, a3, -1
        bnez    a3, .Lg\@
.endm

FIPSMOD_ENTRY fipsmod_gcm_ghash_riscv64_zkne, 2
        beqz    a3, 3f
        ld      a6, 0(a0)
        ld      a7, 8(a0)
        li      t0, 0xc200000000000000
        LD16_ANY a4, a5, a1, t6
        rev8    a4, a4
        rev8    a5, a5
        andi    t6, a2, 7
        bnez    t6, 1f
        GHASH_LOOP A
        j       2f
1:
        addi    sp, sp, -32             /* the join's registers */
        sd      JC, 0(sp)
        sd      JS, 8(sp)
        sd      JN, 16(sp)
        JOIN_SETUP a2
        GHASH_LOOP J
        ld      JC, 0(sp)
        ld      JS, 8(sp)
        ld      JN, 16(sp)
        addi    sp, sp, 32
2:
        rev8    a4, a4
        rev8    a5, a5
        SD16_ANY a4, a5, a1, t6
3:
        ret
FIPSMOD_END fipsmod_gcm_ghash_riscv64_zkne

/* One AES round of the state S0, S1 with \op, then the round key at
 * \off(KP). */
.macro ROUND op, off
        ld      K0, \off(KP)
        ld      K1, \off + 8(KP)
        \op     T0, S0, S1
        \op     T1, S1, S0
        xor     S0, T0, K0
        xor     S1, T1, K1
.endm

/* Rounds 1..Nr, entered by the key size (DX = Nr - 12). */
.macro ROUNDS
        bltz    DX, .Lr10\@
        beqz    DX, .Lr12\@
        ROUND   aes64esm, -48
        ROUND   aes64esm, -32
.Lr12\@:
        ROUND   aes64esm, -16
        ROUND   aes64esm, 0
.Lr10\@:
        .irp    off, 16, 32, 48, 64, 80, 96, 112, 128, 144
        ROUND   aes64esm, \off
        .endr
        ROUND   aes64es, 160
.endm

/* The fused loop over a6 > 0 blocks: the keystream block E(ctr), in ^ it
 * to out, GHASH of the ciphertext (out when sealing, in when opening).
 * LD16_\ld, SD16_\st: how in and out are accessed. */
.macro GCM_LOOP mode, ld, st
.Lb\@:
        .ifc    \mode, open
        LD16_\ld X0, X1, a4, T          /* the ciphertext */
        .endif
        rev8    S1, N                   /* the counter block ^ rk0 */
        xor     S1, S1, FK
        mv      S0, CH
        addi    N, N, 1                 /* inc32 */
        and     N, N, MASK
        ROUNDS
        .ifc    \mode, seal
        LD16_\ld X0, X1, a4, T
        xor     X0, X0, S0              /* the ciphertext */
        xor     X1, X1, S1
        SD16_\st X0, X1, a5, T
        .else
        xor     S0, S0, X0
        xor     S1, S1, X1
        SD16_\st S0, S1, a5, T
        .endif
        GHASH_BLOCK YH, YL, HH, HL, KC, X0, X1, K0, K1, T
        addi    a4, a4, 16
        addi    a5, a5, 16
        addi    a6, a6, -1
        bnez    a6, .Lb\@
.endm

.macro GCM_BODY mode
        beqz    a6, 9f
        addi    sp, sp, -112
        FIPSMOD_SAVE_CALLEE
        ld      HH, 0(a1)
        ld      HL, 8(a1)
        li      KC, 0xc200000000000000
        li      MASK, -1
        srli    MASK, MASK, 32
        LD16_ANY X0, X1, a2, T          /* ctr */
        ld      K0, 0(a0)               /* rk0 */
        ld      K1, 8(a0)
        xor     CH, X0, K0
        and     FK, X1, MASK
        xor     FK, FK, K1
        rev8    N, X1
        and     N, N, MASK
        LD16_ANY YH, YL, a3, T
        rev8    YH, YH
        rev8    YL, YL
        lwu     DX, 480(a0)
        addi    DX, DX, -10
        slli    T, DX, 4
        add     KP, a0, T
        addi    DX, DX, -2
        andi    T1, a5, 7
        andi    T, a4, 7
        bnez    T, 2f
        bnez    T1, 1f
        GCM_LOOP \mode, A, A
        j       4f
1:
        GCM_LOOP \mode, A, U
        j       4f
2:
        JOIN_SETUP a4
        bnez    T1, 3f
        GCM_LOOP \mode, J, A
        j       4f
3:
        GCM_LOOP \mode, J, U
4:
        rev8    YH, YH
        rev8    YL, YL
        SD16_ANY YH, YL, a3, T
        srli    T, N, 24                /* ctr[12..15] = N, big-endian */
        sb      T, 12(a2)
        srli    T, N, 16
        sb      T, 13(a2)
        srli    T, N, 8
        sb      T, 14(a2)
        sb      N, 15(a2)
        FIPSMOD_RESTORE_CALLEE
        addi    sp, sp, 112
9:
        ret
.endm

FIPSMOD_ENTRY fipsmod_gcm_seal_riscv64_zkne, 2
        GCM_BODY seal
FIPSMOD_END fipsmod_gcm_seal_riscv64_zkne

FIPSMOD_ENTRY fipsmod_gcm_open_riscv64_zkne, 2
        GCM_BODY open
FIPSMOD_END fipsmod_gcm_open_riscv64_zkne
