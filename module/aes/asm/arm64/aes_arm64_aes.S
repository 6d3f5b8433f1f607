/*
 * AES (FIPS 197) for arm64 with the ARMv8 Cryptography Extension (FEAT_AES,
 * HWCAP_AES): the key expansion and the block cipher in both directions,
 * over the schedule layout of module/aes/internal.hpp.
 *
 *   void fipsmod_aes_expand_arm64_aes(Schedule *s, const uint8_t *key, size_t key_len);
 *   void fipsmod_aes_encrypt_arm64_aes(const Schedule *s, const uint8_t *in,
 *                                      uint8_t *out, size_t blocks);
 *   void fipsmod_aes_decrypt_arm64_aes(same);
 *
 * Schedule: enc (offset 0) holds FIPS 197's w[0..4(Nr+1)) as bytes in
 * order, round key i at enc + 16i; dec (offset 240) holds the equivalent
 * inverse cipher's keys (§5.3.5) in the order they are used: dec + 0 is
 * round key Nr, dec + 16i is InvMixColumns(round key Nr - i) for
 * 0 < i < Nr, dec + 16Nr is round key 0; rounds (offset 480) is Nr.
 *
 * The instructions: aese v, k is ShiftRows and SubBytes of v xor k; aesmc
 * is MixColumns; aesd v, k is InvShiftRows and InvSubBytes of v xor k;
 * aesimc is InvMixColumns. A byte vector loaded from memory has byte 0 of
 * the block in lane 0, the order FIPS 197's state takes its input in, so
 * round keys and blocks are loaded as they lie. Cipher (§5.1):
 *   Nr - 1 times { aese rk[i]; aesmc }, aese rk[Nr-1], eor rk[Nr]
 * and the equivalent inverse cipher (§5.3.5) the same with aesd, aesimc
 * and the dec keys. Each aese is followed at once by its aesmc (and aesd
 * by aesimc), the pairs that cores from Cortex-A57 on fuse into one
 * operation.
 *
 * Expansion (§5.2): one word at a time, temp = w[i-1], then SubWord and
 * RotWord and the round constant when i mod Nk = 0, SubWord alone when
 * Nk = 8 and i mod 8 = 4, then w[i] = w[i-Nk] xor temp. SubWord is aese
 * with a zero round key of temp duplicated into all four columns: the
 * columns being equal, ShiftRows leaves the state unchanged and column 0
 * is SubWord(temp). A word loaded little-endian holds w's first byte in
 * bits 7:0, so RotWord (first byte to the end) is a rotate right by 8.
 * Every branch depends on Nk and i, never on the key.
 *
 * Register map (encrypt/decrypt):
 *   x0 schedule, x1 in, x2 out, x3 blocks left, w4 Nr, x5 key pointer
 *   v0-v3     four blocks in flight (v0 alone in the one-block loop)
 *   v16-v30   the round keys: key Nr at v30, key Nr-1 at v29, ..., so key 0
 *             is v20 (Nr = 10), v18 (Nr = 12) or v16 (Nr = 14), and the
 *             rounds of a longer key are extra ones run before v20's
 * No callee-saved register (x19-x29, d8-d15) is used, and no stack.
 *
 * Critical path of a step: the chain of one block, Nr aese and Nr - 1
 * aesmc (fused pairs: about 2 cycles a round on Neoverse N1, 3 on A57);
 * the four blocks are independent, so four chains fill the AES pipe.
 */
#include "core/asm.h"

        .arch_extension aes     /* aese, aesd, aesmc, aesimc */

/* One round on block v0 (n = 1) or blocks v0-v3 (n = 4) with round key
 * v\k: \op (aese or aesd) then \mc (aesmc or aesimc) on each block, pair
 * by pair. */
.macro ROUND n, op, mc, k
        \op     v0.16b, v\k\().16b
        \mc     v0.16b, v0.16b
        .if     \n > 1
        \op     v1.16b, v\k\().16b
        \mc     v1.16b, v1.16b
        \op     v2.16b, v\k\().16b
        \mc     v2.16b, v2.16b
        \op     v3.16b, v\k\().16b
        \mc     v3.16b, v3.16b
        .endif
.endm

/* The whole cipher (or inverse cipher) on v0 or v0-v3 (n = 1 or 4), keys
 * v16-v30 as in the register map; w4 = Nr (10, 12, 14) selects where to
 * start: four extra rounds for 14, two for 12. The last round has no
 * (Inv)MixColumns: \op and key Nr's eor. */
.macro CIPHER n, op, mc
        cmp     w4, #12
        b.lt    10f
        b.eq    12f
        ROUND   \n, \op, \mc, 16
        ROUND   \n, \op, \mc, 17
12:
        ROUND   \n, \op, \mc, 18
        ROUND   \n, \op, \mc, 19
10:
        .irp    k, 20, 21, 22, 23, 24, 25, 26, 27, 28
        ROUND   \n, \op, \mc, \k
        .endr
        \op     v0.16b, v29.16b
        eor     v0.16b, v0.16b, v30.16b
        .if     \n > 1
        \op     v1.16b, v29.16b
        eor     v1.16b, v1.16b, v30.16b
        \op     v2.16b, v29.16b
        eor     v2.16b, v2.16b, v30.16b
        \op     v3.16b, v29.16b
        eor     v3.16b, v3.16b, v30.16b
        .endif
.endm

/* An ECB function: keys from schedule offset \off (0 enc, 240 dec), four
 * blocks at a time, then one at a time. */
.macro ECB name, off, op, mc
FIPSMOD_ENTRY \name, 4
        cbz     x3, 9f
        ldr     w4, [x0, #480]  /* rounds: Nr, after enc[240] and dec[240] */
        add     x5, x0, #\off
        /* keys 0..Nr into v(30 - Nr)..v30 */
        cmp     w4, #12
        b.lt    1f
        b.eq    2f
        ldp     q16, q17, [x5], #32
2:
        ldp     q18, q19, [x5], #32
1:
        ld1     {v20.16b-v23.16b}, [x5], #64
        ld1     {v24.16b-v27.16b}, [x5], #64
        ld1     {v28.16b-v30.16b}, [x5]
        subs    x3, x3, #4  /* borrow: fewer than four blocks */
        b.lo    5f
3:
        ld1     {v0.16b-v3.16b}, [x1], #64
        CIPHER  4, \op, \mc
        st1     {v0.16b-v3.16b}, [x2], #64
        subs    x3, x3, #4
        b.hs    3b
5:
        adds    x3, x3, #4      /* 0..3 blocks left */
        b.eq    9f
6:
        ld1     {v0.16b}, [x1], #16
        CIPHER  1, \op, \mc
        st1     {v0.16b}, [x2], #16
        subs    x3, x3, #1
        b.ne    6b
9:
        ret
FIPSMOD_END \name
.endm

        ECB     fipsmod_aes_encrypt_arm64_aes, 0, aese, aesmc
        ECB     fipsmod_aes_decrypt_arm64_aes, 240, aesd, aesimc

/*
 * Expansion. Register map:
 *   x0 schedule (enc), x1 key, x2 key_len, then
 *   x3  Nk (4, 6, 8); x4 words left to make, 4(Nr+1) - Nk; x5 the next
 *       word to write (enc + 4i); x6 the round constants (.Laes_rcon)
 *   w7  temp (w[i-1]); w8 w[i-Nk]; x9 words until the next i mod Nk = 0;
 *       w10 the round constant
 *   v0 temp for SubWord, v1 zero (the round key of SubWord's aese)
 *   then x3 Nr, x5 walks enc down from key Nr, x4 walks dec up, v0 a key
 * Critical path of a word: dup -> aese -> umov -> ror -> eor -> eor, the
 * next word's temp; words without SubWord are a single eor.
 */
FIPSMOD_ENTRY fipsmod_aes_expand_arm64_aes, 4
        /* key_len 0 writes nothing: the all-zero call cmake/tests/
         * check_bti_run.sh makes of every kernel (the package checks
         * key_len is 16, 24 or 32). */
        cbz     x2, 6f
        lsr     x3, x2, #2              /* Nk */
        mov     x5, x0
        mov     x9, x3
1:      /* w[0..Nk) = the key */
        ldr     w7, [x1], #4
        str     w7, [x5], #4
        subs    x9, x9, #1
        b.ne    1b
        add     x4, x3, #28             /* 4(Nk + 7) - Nk = 3Nk + 28 words left */
        add     x4, x4, x3, lsl #1
        adrp    x6, .Laes_rcon
        add     x6, x6, :lo12:.Laes_rcon
        movi    v1.2d, #0
        mov     x9, #0                  /* i = Nk: i mod Nk = 0 first */
2:
        sub     x8, x5, x3, lsl #2
        ldr     w8, [x8]                /* w[i-Nk] */
        cbnz    x9, 3f
        /* i mod Nk = 0: RotWord, SubWord, Rcon */
        dup     v0.4s, w7
        aese    v0.16b, v1.16b
        umov    w7, v0.s[0]
        ror     w7, w7, #8
        ldrb    w10, [x6], #1
        eor     w7, w7, w10
        mov     x9, x3
        b       4f
3:
        cmp     x3, #8
        b.ne    4f
        cmp     x9, #4
        b.ne    4f
        /* Nk = 8, i mod 8 = 4: SubWord alone */
        dup     v0.4s, w7
        aese    v0.16b, v1.16b
        umov    w7, v0.s[0]
4:
        eor     w7, w7, w8
        str     w7, [x5], #4
        sub     x9, x9, #1
        subs    x4, x4, #1
        b.ne    2b

        /* dec: key Nr, InvMixColumns of keys Nr-1..1, key 0 */
        add     x3, x3, #6              /* Nr */
        str     w3, [x0, #480]
        add     x5, x0, x3, lsl #4      /* enc + 16 Nr */
        add     x4, x0, #240            /* dec */
        ldr     q0, [x5], #-16
        str     q0, [x4], #16
        sub     x9, x3, #1
5:
        ldr     q0, [x5], #-16
        aesimc  v0.16b, v0.16b
        str     q0, [x4], #16
        subs    x9, x9, #1
        b.ne    5b
        ldr     q0, [x5]
        str     q0, [x4]
6:
        ret
FIPSMOD_END fipsmod_aes_expand_arm64_aes

        .section .rodata
/* Rcon[j] of §5.2, the low byte of the round constant word (its other
 * three bytes are 0): x^(j-1) in GF(2^8), j = 1..10. */
.Laes_rcon:
        .byte   0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
