/*
 * AES (FIPS 197) for riscv64 with the scalar crypto extensions Zkne
 * (encryption) and Zknd (decryption):
 *
 *   void fipsmod_aes_expand_riscv64_zkne(Schedule *s, const uint8_t *key,
 *                                        size_t key_len);    Zkne only
 *   void fipsmod_aes_encrypt_riscv64_zkne(const Schedule *s, const uint8_t *in,
 *                                         uint8_t *out, size_t blocks);  Zkne
 *   void fipsmod_aes_decrypt_riscv64_zkne(const Schedule *s, const uint8_t *in,
 *                                         uint8_t *out, size_t blocks);  Zknd
 *
 * The schedule is the layout of module/aes/internal.hpp: at enc + 16i round
 * key i, FIPS 197's w[4i..4i+3] as bytes in order; at dec + 16i the
 * equivalent inverse cipher's key for aes64dsm (§5.3.5): InvMixColumns of
 * round key Nr - i, with dec + 0 and dec + 16Nr round keys Nr and 0 as
 * they are; rounds = Nr. aes64dsm does InvShiftRows, InvSubBytes and then
 * InvMixColumns, so the key it adds after must be InvMixColumns'd: this is
 * exactly the layout it wants.
 *
 * The state is two registers: lo = bytes 0..7 (columns 0, 1), hi = bytes
 * 8..15 (columns 2, 3), each loaded little-endian, which is the byte order
 * the AES instructions take (state byte i in bits 8i+7..8i). A round:
 *   aes64esm T0, lo, hi   columns 0, 1 of MixColumns(SubBytes(ShiftRows))
 *   aes64esm T1, hi, lo   columns 2, 3 (the halves swapped)
 *   lo = T0 ^ rk.lo;  hi = T1 ^ rk.hi
 * the last round the same with aes64es (no MixColumns); decryption with
 * aes64dsm and aes64ds. Critical path of a round: ld (early) ; aes64esm ->
 * xor, two independent chains of two.
 *
 * The expansion uses aes64ks1i (RotWord, SubWord, Rcon of the word in the
 * upper half of a register) and aes64ks2 (the running xor of the next two
 * words), both in Zkne (and in Zknd). The decryption keys need
 * InvMixColumns, whose instruction (aes64im) is Zknd's: the GCM kernel
 * (module/gcm/asm/riscv64/) names this expansion and may run where Zkne is
 * and Zknd is not, so InvMixColumns is computed here with base-ISA bit
 * operations (INV_MIX below), two columns a register, with no table and
 * no multiply.
 *
 * Register map (leaf functions, caller-saved registers only):
 *   encrypt/decrypt: a0 round key 0, a1 in, a2 out, a3 blocks left;
 *     t5 KP = a0 + 16(Nr - 10), t6 Nr - 12 (the dispatch, below);
 *     t0, t1 the state; t2, t3 the round's results (t2 also the loads'
 *     and stores' scratch); t4, a4 round keys; a6 the carried
 *     doubleword and a7, a5 the shifts of an unaligned in's joins
 *   expand: a0 the schedule, a1 the key, a2 key_len; t0-t3 the key
 *     words, t4 the aes64ks1i result; then (INV_MIX) a1 the source
 *     round key, a2 the destination, a3 the count, t0-t4 the constants,
 *     t5, t6, a4-a6 the work.
 *
 * Key sizes: rounds 1..Nr-1 are laid out once, the last nine at KP + 16..
 * KP + 144 and the final one at KP + 160; AES-192 enters two rounds earlier
 * (KP - 16, KP + 0) and AES-256 four (KP - 48 .. KP + 0). Each block takes
 * one or two branches on Nr (public).
 *
 * Alignment: in and out may have any alignment, and no access is ever
 * misaligned (many cores trap those to firmware). An aligned in or out is
 * read or written as doublewords; an unaligned in as the aligned
 * doublewords that hold it, each pair joined by shifts (LD16_J); an
 * unaligned out byte by byte. The branches depend on the addresses only.
 *
 * Instructions per block: 6 per round (2 ld, 2 aes, 2 xor), 6 Nr + 4
 * (rk0), 4 for the data, 4 for the loop, 1-2 for the dispatch: 73 for
 * AES-128, 98 for AES-256; an unaligned in adds 6, an unaligned out 28.
 */
#include "core/asm.h"

        .option arch, +zkne, +zknd

#define S0      t0
#define S1      t1
#define T0      t2
#define T1      t3
#define K0      t4
#define K1      a4
#define KP      t5
#define DX      t6
#define JC      a6      /* the join's carried doubleword */
#define JS      a7      /* 8 (in mod 8) */
#define JN      a5      /* 64 - JS, mod 64 */

#include "aes/asm/riscv64/block_memory.inc"

/* One round: the state S0, S1 through \op (aes64esm/aes64dsm, or the last
 * round's aes64es/aes64ds), then the round key at \off(KP) added. */
.macro ROUND op, off
        ld      K0, \off(KP)
        ld      K1, \off + 8(KP)
        \op     T0, S0, S1
        \op     T1, S1, S0
        xor     S0, T0, K0
        xor     S1, T1, K1
.endm

/* Rounds 1..Nr of one block (round key 0 already added), entered by Nr:
 * DX = Nr - 12 is negative for AES-128, zero for AES-192. */
.macro ROUNDS mid, last
        bltz    DX, .Lr10\@
        beqz    DX, .Lr12\@
        ROUND   \mid, -48
        ROUND   \mid, -32
.Lr12\@:
        ROUND   \mid, -16
        ROUND   \mid, 0
.Lr10\@:
        .irp    off, 16, 32, 48, 64, 80, 96, 112, 128, 144
        ROUND   \mid, \off
        .endr
        ROUND   \last, 160
.endm

/* The ECB loop over a3 blocks (a3 > 0): load with LD16_\ld, rk0, the
 * rounds, store with SD16_\st; returns. */
.macro ECB_LOOP mid, last, ld, st
.Lecb\@:
        LD16_\ld S0, S1, a1, T0
        ld      K0, 0(a0)
        ld      K1, 8(a0)
        xor     S0, S0, K0
        xor     S1, S1, K1
        ROUNDS  \mid, \last
        SD16_\st S0, S1, a2, T0
        addi    a1, a1, 16
        addi    a2, a2, 16
        addi    a3, a3, -1
        bnez    a3, .Lecb\@
        ret
.endm

/* The body of encrypt and decrypt, after a0 is set to the first of the
 * round keys they use (enc or dec). rounds sits at 480 past enc. One loop
 * for each way in (aligned, joined) and out (aligned, bytes) may be. */
.macro ECB mid, last, rounds_off
        beqz    a3, 9f
        lwu     DX, \rounds_off(a0)
        addi    DX, DX, -10
        slli    KP, DX, 4
        add     KP, KP, a0              /* a0 + 16(Nr - 10) */
        addi    DX, DX, -2              /* Nr - 12 */
        andi    T1, a2, 7
        andi    T0, a1, 7
        bnez    T0, 2f
        bnez    T1, 1f
        ECB_LOOP \mid, \last, A, A
1:
        ECB_LOOP \mid, \last, A, U
2:
        JOIN_SETUP a1
        bnez    T1, 3f
        ECB_LOOP \mid, \last, J, A
3:
        ECB_LOOP \mid, \last, J, U
9:
        ret
.endm

FIPSMOD_ENTRY fipsmod_aes_encrypt_riscv64_zkne, 2
        ECB     aes64esm, aes64es, 480
FIPSMOD_END fipsmod_aes_encrypt_riscv64_zkne

FIPSMOD_ENTRY fipsmod_aes_decrypt_riscv64_zkne, 2
        addi    a0, a0, 240             /* dec */
        ECB     aes64dsm, aes64ds, 240
FIPSMOD_END fipsmod_aes_decrypt_riscv64_zkne

/*
 * InvMixColumns of two columns without Zknd. Constants (expand's t0-t4):
 *   M7F  = 0x7f.. (every byte)  the bits xtime shifts within a byte
 *   M1B  = 0x1b.. (every byte)  x^8 mod the AES polynomial x^8+x^4+x^3+x+1
 *   M8   = 0x00ffffff00ffffff   bytes 0..2 of each column
 *   MLO8 = 0x000000ff000000ff   byte 0 of each column
 *   M16  = 0x0000ffff0000ffff   bytes 0..1 of each column
 * A column is the 32 bits of 4 bytes, byte i (row i) in bits 8i+7..8i.
 */
#define M7F     t0
#define M1B     t1
#define M8      t2
#define MLO8    t3
#define M16     t4

/* \v = 2 \v in GF(2^8), each byte: (\v & 7f..) << 1, xor 1b in the bytes
 * whose top bit was set. h = those top bits; (h << 1) - (h >> 7) is 0xff
 * in exactly those bytes (each byte's term is 0x100 - 0x01 of its own
 * position; the top byte's 0x100 wraps out of 64 bits and leaves 0xff). */
.macro XTIME v, t, h
        and     \t, \v, M7F
        xor     \h, \v, \t
        slli    \t, \t, 1
        srli    \v, \h, 7
        slli    \h, \h, 1
        sub     \h, \h, \v
        and     \h, \h, M1B
        xor     \v, \t, \h
.endm

/* \d = each column of \v rotated so that row i gets row i+1 (mod 4). */
.macro ROT8 d, v, t
        srli    \d, \v, 8
        and     \d, \d, M8
        and     \t, \v, MLO8
        slli    \t, \t, 24
        or      \d, \d, \t
.endm

/* \d = each column of \v with row i getting row i+2. */
.macro ROT16 d, v, t
        srli    \d, \v, 16
        and     \d, \d, M16
        and     \t, \v, M16
        slli    \t, \t, 16
        or      \d, \d, \t
.endm

/* \v = InvMixColumns(\v), two columns. The InvMixColumns matrix,
 * circulant (0e 0b 0d 09), is the MixColumns one (02 03 01 01) times
 * (05 00 04 00) (multiply the row polynomials modulo y^4 + 1), so:
 *   b_i = 5 a_i ^ 4 a_{i+2} = a_i ^ 4 (a_i ^ a_{i+2})
 *   c_i = 2 b_i ^ 3 b_{i+1} ^ b_{i+2} ^ b_{i+3}
 *       = 2 u_i ^ (u_i ^ u_{i+2}) ^ b_i,   u_i = b_i ^ b_{i+1}
 * 45 instructions. */
.macro INV_MIX v, a, b, c, d
        ROT16   \a, \v, \b
        xor     \a, \a, \v
        XTIME   \a, \b, \c
        XTIME   \a, \b, \c
        xor     \v, \v, \a              /* b */
        ROT8    \a, \v, \b
        xor     \a, \a, \v              /* u */
        ROT16   \b, \a, \c
        xor     \b, \b, \a              /* u_i ^ u_{i+2} */
        xor     \b, \b, \v
        XTIME   \a, \c, \d
        xor     \v, \a, \b
.endm

/* One AES-128 step: round key \i + 1 from round key \i in t0, t1. */
.macro STEP128 i
        aes64ks1i t4, t1, \i
        aes64ks2 t0, t4, t0
        aes64ks2 t1, t0, t1
        sd      t0, 16 * (\i + 1)(a0)
        sd      t1, 16 * (\i + 1) + 8(a0)
.endm

/* One AES-192 step: the next six words from the last six in t0-t2. */
.macro STEP192 i
        aes64ks1i t4, t2, \i
        aes64ks2 t0, t4, t0
        aes64ks2 t1, t0, t1
        sd      t0, 24 * (\i + 1)(a0)
        sd      t1, 24 * (\i + 1) + 8(a0)
        .if     \i < 7                  /* the last step needs 4 words */
        aes64ks2 t2, t1, t2
        sd      t2, 24 * (\i + 1) + 16(a0)
        .endif
.endm

/* One AES-256 step: the next eight words from the last eight in t0-t3;
 * the second half's SubWord without RotWord or Rcon (rnum 0xA). */
.macro STEP256 i
        aes64ks1i t4, t3, \i
        aes64ks2 t0, t4, t0
        aes64ks2 t1, t0, t1
        sd      t0, 32 * (\i + 1)(a0)
        sd      t1, 32 * (\i + 1) + 8(a0)
        .if     \i < 6                  /* the last step needs 4 words */
        aes64ks1i t4, t1, 0xA
        aes64ks2 t2, t4, t2
        aes64ks2 t3, t2, t3
        sd      t2, 32 * (\i + 1) + 16(a0)
        sd      t3, 32 * (\i + 1) + 24(a0)
        .endif
.endm

FIPSMOD_ENTRY fipsmod_aes_expand_riscv64_zkne, 2
        /* The key, byte by byte (any alignment), stored as round key 0
         * (and 1 for the longer keys); key_len is public. */
        LDB     t0, 0, a1, t5
        LDB     t1, 8, a1, t5
        sd      t0, 0(a0)
        sd      t1, 8(a0)
        li      t5, 16
        beq     a2, t5, 128f
        LDB     t2, 16, a1, t5
        sd      t2, 16(a0)
        li      t5, 24
        beq     a2, t5, 192f
        LDB     t3, 24, a1, t5
        sd      t3, 24(a0)
        .irp    i, 0, 1, 2, 3, 4, 5, 6
        STEP256 \i
        .endr
        li      a3, 14
        j       1f
192:
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7
        STEP192 \i
        .endr
        li      a3, 12
        j       1f
128:
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
        STEP128 \i
        .endr
        li      a3, 10
1:
        /* dec: round key Nr, InvMixColumns of Nr-1 .. 1, round key 0. */
        sw      a3, 480(a0)
        slli    a1, a3, 4
        add     a1, a1, a0              /* enc + 16 Nr */
        addi    a2, a0, 240             /* dec */
        ld      t5, 0(a1)
        ld      t6, 8(a1)
        sd      t5, 0(a2)
        sd      t6, 8(a2)
        li      M7F, 0x7f7f7f7f7f7f7f7f
        li      M1B, 0x1b1b1b1b1b1b1b1b
        li      M8, 0x00ffffff00ffffff
        li      MLO8, 0x000000ff000000ff
        li      M16, 0x0000ffff0000ffff
        addi    a3, a3, -1
2:
        addi    a1, a1, -16
        addi    a2, a2, 16
        ld      t5, 0(a1)
        INV_MIX t5, t6, a4, a5, a6
        sd      t5, 0(a2)
        ld      t5, 8(a1)
        INV_MIX t5, t6, a4, a5, a6
        sd      t5, 8(a2)
        addi    a3, a3, -1
        bnez    a3, 2b
        ld      t5, 0(a0)
        ld      t6, 8(a0)
        sd      t5, 16(a2)
        sd      t6, 24(a2)
        ret
FIPSMOD_END fipsmod_aes_expand_riscv64_zkne
