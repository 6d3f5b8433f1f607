/*
 * SHA-512 block function for arm64 with the ARMv8.2 SHA-512 instructions
 * (FIPS 180-4 §6.4.2; FEAT_SHA512, HWCAP_SHA512).
 *
 *   void fipsmod_sha512_block_arm64_sha512(uint64_t state[8],
 *                                          const uint8_t *data, size_t blocks);
 *
 * Runs the compression function over `blocks` 128-byte blocks at `data`
 * (any alignment: AArch64 vector loads need none) and updates the eight
 * chaining words H0..H7 (a..h at the start of each block). blocks == 0
 * returns before touching memory.
 *
 * The instructions work on two rounds at a time, on pairs of 64-bit words
 * in a vector, lane 0 (bits 63:0) first; {x, y} below is lane 0 = x,
 * lane 1 = y. The state is kept as AB = {a, b}, CD = {c, d}, EF = {e, f},
 * GH = {g, h}, which is how state[] lies in memory. From the Arm ARM's
 * definitions, for rounds t and t+1:
 *   sha512h  Qs, Qx, Vy.2D   with s = {g + K[t+1] + W[t+1], h + K[t] + W[t]},
 *                            x = {f, g}, y = {d, e}: s becomes {T1', T1},
 *                            the T1 of round t+1 and of round t. Round t is
 *                            Ch(e, f, g) + Σ1(e) + s<127:64>, its new e is
 *                            that + d; round t+1 runs on that e, with e and
 *                            f as its f and g and s<63:0> as its h + K + W.
 *   sha512h2 Qs, Qc, Vab.2D  with s = {T1', T1}, c<63:0> = c, ab = {a, b}:
 *                            s becomes {a'', a'}, the new a of round t+1
 *                            and of round t: the new AB.
 * and after the two rounds: CD'' = AB, EF'' = CD + {T1', T1} = {c + T1',
 * d + T1}, GH'' = EF. For the message schedule,
 *   sha512su0 Vw.2D, Vn.2D       w = {W[t], W[t+1]}, n = {W[t+2], W[t+3]}:
 *                                w becomes {W[t] + σ0(W[t+1]),
 *                                           W[t+1] + σ0(W[t+2])}
 *   sha512su1 Vw.2D, Vn.2D, Vm.2D  that, n = {W[t+14], W[t+15]},
 *                                m = {W[t+9], W[t+10]}: w becomes
 *                                {W[t+16], W[t+17]}, each lane
 *                                w + σ1(n) + m.
 * The pairs {d, e}, {f, g} and {W[t+9], W[t+10]} straddle two vectors and
 * are made with ext; s needs K + W with its lanes swapped (ext of the sum
 * with itself) added to GH.
 *
 * Register map:
 *   x0        state pointer; x1 data pointer, advanced by 128 per block;
 *             x2 blocks left
 *   x3        the K table, advanced by 64 per four pairs of rounds; x4 is
 *             -576, the post-increment of the tenth load that takes x3 back
 *             to the table's start for the next block
 *   v0-v3     AB, CD, EF, GH at the start of the block (H(i-1)). The first
 *             two pairs of rounds read them and no instruction of the block
 *             writes them, so they are also what the block's result is
 *             added to, in place: the next block starts from them again.
 *   v4-v7, v28  the working state: each pair of rounds writes its new AB
 *             (the s above) and EF into two of these and hands the roles
 *             on (CD'' is the old AB's register, GH'' the old EF's), so no
 *             value is moved; the columns of the ROUNDS2 lines name them
 *   v16-v23   the message schedule, sixteen words: v(16 + p mod 8) holds
 *             W[2p], W[2p+1], overwritten by W[2p+16], W[2p+17] once
 *             rounds 2p, 2p+1 have taken it
 *   v24-v27   four pairs of K, loaded four pairs of rounds at a time; each
 *             becomes that pair's K + W, then its lanes swapped
 *   v29, v30  {f, g} and {d, e} for sha512h
 *   v31       {W[t+9], W[t+10]} for sha512su1
 * No callee-saved register (x19-x29, d8-d15) is used, and no stack.
 *
 * Critical path of two rounds: sha512h -> add (the new EF) -> ext (the
 * next {d, e} and {f, g}) -> the next sha512h; sha512h2 needs that
 * sha512h's result and the AB of the sha512h2 before, and is on no other
 * path. s for the next sha512h (K + W, the swap, + GH, GH being the EF of
 * two rounds before) and the schedule do not wait for the rounds.
 *
 * Instructions per block: 2 ld1 and 8 rev64 (the message), 10 ld1 (K),
 * 40 x 8 (the pairs of rounds), 32 x 3 (the schedule), 4 add (H(i)),
 * subs, b.ne = 442.
 */
#include "core/asm.h"

        .arch_extension sha3    /* FEAT_SHA512's four instructions: GAS and GCC name them with SHA-3's */

/* Rounds t, t+1 on AB = v\ab, CD = v\cd, EF = v\ef, GH = v\gh, with
 * v\k = {K[t], K[t+1]} and v\w = {W[t], W[t+1]}: the new AB is written to
 * v\s (which may be GH's register: GH is last read before it), the new EF
 * to v\ef2. After it, AB is v\s, CD v\ab, EF v\ef2, GH v\ef. Register
 * numbers, not names, so that one argument gives both the q and v forms. */
.macro ROUNDS2 ab, cd, ef, gh, s, ef2, k, w
        add     v\k\().2d, v\k\().2d, v\w\().2d                 /* K + W */
        ext     v\k\().16b, v\k\().16b, v\k\().16b, #8          /* {K + W of t+1, of t} */
        ext     v29.16b, v\ef\().16b, v\gh\().16b, #8           /* {f, g} */
        ext     v30.16b, v\cd\().16b, v\ef\().16b, #8           /* {d, e} */
        add     v\s\().2d, v\gh\().2d, v\k\().2d                /* {g + KW[t+1], h + KW[t]} */
        sha512h   q\s, q29, v30.2d                              /* {T1 of t+1, T1 of t} */
        add     v\ef2\().2d, v\cd\().2d, v\s\().2d              /* {c + T1', d + T1}: the new EF */
        sha512h2  q\s, q\cd, v\ab\().2d                         /* the new AB */
.endm

/* ROUNDS2, and the next two message words in place of v\w, the ones these
 * rounds used: W[t+16], W[t+17] from v\w = {W[t], W[t+1]}, v\w1 = {W[t+2],
 * W[t+3]}, v\w4 = {W[t+8], W[t+9]}, v\w5 = {W[t+10], W[t+11]} and
 * v\w7 = {W[t+14], W[t+15]}. v\w is read by the K + W add before
 * sha512su0 overwrites it. */
.macro ROUNDS2_SCHEDULE ab, cd, ef, gh, s, ef2, k, w, w1, w4, w5, w7
        add     v\k\().2d, v\k\().2d, v\w\().2d
        sha512su0 v\w\().2d, v\w1\().2d
        ext     v\k\().16b, v\k\().16b, v\k\().16b, #8
        ext     v29.16b, v\ef\().16b, v\gh\().16b, #8
        ext     v31.16b, v\w4\().16b, v\w5\().16b, #8           /* {W[t+9], W[t+10]} */
        ext     v30.16b, v\cd\().16b, v\ef\().16b, #8
        add     v\s\().2d, v\gh\().2d, v\k\().2d
        sha512su1 v\w\().2d, v\w7\().2d, v31.2d                 /* {W[t+16], W[t+17]} */
        sha512h   q\s, q29, v30.2d
        add     v\ef2\().2d, v\cd\().2d, v\s\().2d
        sha512h2  q\s, q\cd, v\ab\().2d
.endm

FIPSMOD_ENTRY fipsmod_sha512_block_arm64_sha512, 4
        cbz     x2, 2f
        adrp    x3, .Lsha512_k
        add     x3, x3, :lo12:.Lsha512_k
        mov     x4, #-576
        ld1     {v0.2d-v3.2d}, [x0]
1:
        ld1     {v16.16b-v19.16b}, [x1], #64
        ld1     {v20.16b-v23.16b}, [x1], #64
        rev64   v16.16b, v16.16b        /* the message is big-endian */
        rev64   v17.16b, v17.16b
        rev64   v18.16b, v18.16b
        rev64   v19.16b, v19.16b
        rev64   v20.16b, v20.16b
        rev64   v21.16b, v21.16b
        rev64   v22.16b, v22.16b
        rev64   v23.16b, v23.16b

        /* Columns: the registers of AB, CD, EF, GH; where the new AB (s) and
         * the new EF go; this pair's K and W; the schedule's W1, W4, W5, W7.
         *               AB  CD  EF  GH  s   EF'' K   W   W1  W4  W5  W7 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[0..7] */
        ROUNDS2_SCHEDULE 0, 1, 2, 3, 4, 5, 24, 16, 17, 20, 21, 23  /* rounds 0-1 */
        ROUNDS2_SCHEDULE 4, 0, 5, 2, 6, 7, 25, 17, 18, 21, 22, 16  /* rounds 2-3 */
        ROUNDS2_SCHEDULE 6, 4, 7, 5, 5, 28, 26, 18, 19, 22, 23, 17  /* rounds 4-5 */
        ROUNDS2_SCHEDULE 5, 6, 28, 7, 7, 4, 27, 19, 20, 23, 16, 18  /* rounds 6-7 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[8..15] */
        ROUNDS2_SCHEDULE 7, 5, 4, 28, 28, 6, 24, 20, 21, 16, 17, 19  /* rounds 8-9 */
        ROUNDS2_SCHEDULE 28, 7, 6, 4, 4, 5, 25, 21, 22, 17, 18, 20  /* rounds 10-11 */
        ROUNDS2_SCHEDULE 4, 28, 5, 6, 6, 7, 26, 22, 23, 18, 19, 21  /* rounds 12-13 */
        ROUNDS2_SCHEDULE 6, 4, 7, 5, 5, 28, 27, 23, 16, 19, 20, 22  /* rounds 14-15 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[16..23] */
        ROUNDS2_SCHEDULE 5, 6, 28, 7, 7, 4, 24, 16, 17, 20, 21, 23  /* rounds 16-17 */
        ROUNDS2_SCHEDULE 7, 5, 4, 28, 28, 6, 25, 17, 18, 21, 22, 16  /* rounds 18-19 */
        ROUNDS2_SCHEDULE 28, 7, 6, 4, 4, 5, 26, 18, 19, 22, 23, 17  /* rounds 20-21 */
        ROUNDS2_SCHEDULE 4, 28, 5, 6, 6, 7, 27, 19, 20, 23, 16, 18  /* rounds 22-23 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[24..31] */
        ROUNDS2_SCHEDULE 6, 4, 7, 5, 5, 28, 24, 20, 21, 16, 17, 19  /* rounds 24-25 */
        ROUNDS2_SCHEDULE 5, 6, 28, 7, 7, 4, 25, 21, 22, 17, 18, 20  /* rounds 26-27 */
        ROUNDS2_SCHEDULE 7, 5, 4, 28, 28, 6, 26, 22, 23, 18, 19, 21  /* rounds 28-29 */
        ROUNDS2_SCHEDULE 28, 7, 6, 4, 4, 5, 27, 23, 16, 19, 20, 22  /* rounds 30-31 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[32..39] */
        ROUNDS2_SCHEDULE 4, 28, 5, 6, 6, 7, 24, 16, 17, 20, 21, 23  /* rounds 32-33 */
        ROUNDS2_SCHEDULE 6, 4, 7, 5, 5, 28, 25, 17, 18, 21, 22, 16  /* rounds 34-35 */
        ROUNDS2_SCHEDULE 5, 6, 28, 7, 7, 4, 26, 18, 19, 22, 23, 17  /* rounds 36-37 */
        ROUNDS2_SCHEDULE 7, 5, 4, 28, 28, 6, 27, 19, 20, 23, 16, 18  /* rounds 38-39 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[40..47] */
        ROUNDS2_SCHEDULE 28, 7, 6, 4, 4, 5, 24, 20, 21, 16, 17, 19  /* rounds 40-41 */
        ROUNDS2_SCHEDULE 4, 28, 5, 6, 6, 7, 25, 21, 22, 17, 18, 20  /* rounds 42-43 */
        ROUNDS2_SCHEDULE 6, 4, 7, 5, 5, 28, 26, 22, 23, 18, 19, 21  /* rounds 44-45 */
        ROUNDS2_SCHEDULE 5, 6, 28, 7, 7, 4, 27, 23, 16, 19, 20, 22  /* rounds 46-47 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[48..55] */
        ROUNDS2_SCHEDULE 7, 5, 4, 28, 28, 6, 24, 16, 17, 20, 21, 23  /* rounds 48-49 */
        ROUNDS2_SCHEDULE 28, 7, 6, 4, 4, 5, 25, 17, 18, 21, 22, 16  /* rounds 50-51 */
        ROUNDS2_SCHEDULE 4, 28, 5, 6, 6, 7, 26, 18, 19, 22, 23, 17  /* rounds 52-53 */
        ROUNDS2_SCHEDULE 6, 4, 7, 5, 5, 28, 27, 19, 20, 23, 16, 18  /* rounds 54-55 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[56..63] */
        ROUNDS2_SCHEDULE 5, 6, 28, 7, 7, 4, 24, 20, 21, 16, 17, 19  /* rounds 56-57 */
        ROUNDS2_SCHEDULE 7, 5, 4, 28, 28, 6, 25, 21, 22, 17, 18, 20  /* rounds 58-59 */
        ROUNDS2_SCHEDULE 28, 7, 6, 4, 4, 5, 26, 22, 23, 18, 19, 21  /* rounds 60-61 */
        ROUNDS2_SCHEDULE 4, 28, 5, 6, 6, 7, 27, 23, 16, 19, 20, 22  /* rounds 62-63 */
        ld1     {v24.2d-v27.2d}, [x3], #64   /* K[64..71] */
        ROUNDS2 6, 4, 7, 5, 5, 28, 24, 16  /* rounds 64-65 */
        ROUNDS2 5, 6, 28, 7, 7, 4, 25, 17  /* rounds 66-67 */
        ROUNDS2 7, 5, 4, 28, 28, 6, 26, 18  /* rounds 68-69 */
        ROUNDS2 28, 7, 6, 4, 4, 5, 27, 19  /* rounds 70-71 */
        ld1     {v24.2d-v27.2d}, [x3], x4    /* K[72..79], and x3 back to K[0] */
        ROUNDS2 4, 28, 5, 6, 6, 7, 24, 20  /* rounds 72-73 */
        ROUNDS2 6, 4, 7, 5, 5, 28, 25, 21  /* rounds 74-75 */
        ROUNDS2 5, 6, 28, 7, 7, 4, 26, 22  /* rounds 76-77 */
        ROUNDS2 7, 5, 4, 28, 28, 6, 27, 23  /* rounds 78-79 */

        /* H(i) = H(i-1) + a..h: after the last pair of rounds AB is in v28,
         * CD in v7, EF in v6, GH in v4. */
        add     v0.2d, v0.2d, v28.2d
        add     v1.2d, v1.2d, v7.2d
        add     v2.2d, v2.2d, v6.2d
        add     v3.2d, v3.2d, v4.2d
        subs    x2, x2, #1
        b.ne    1b

        st1     {v0.2d-v3.2d}, [x0]
2:
        ret
FIPSMOD_END fipsmod_sha512_block_arm64_sha512

        .section .rodata
        .p2align 4
.Lsha512_k:
#include "../sha512_k.inc"
