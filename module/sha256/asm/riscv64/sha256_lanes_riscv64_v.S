/*
 * SHA-256 multi-buffer block function for riscv64 with the V extension
 * (RVV 1.0): W = VLEN/32 independent messages ("lanes") at once, one lane
 * per 32-bit element of a vector register at LMUL = 1 (W = 4 at VLEN =
 * 128, 16 at VLEN = 512) (FIPS 180-4 §6.2.2).
 *
 *   void fipsmod_sha256_lanes_riscv64_v(uint32_t state[8 * W],
 *                                       const uint8_t *const data[W],
 *                                       size_t blocks);
 *   size_t fipsmod_sha256_lanes_riscv64_v_width(void);   returns W
 *
 * Runs the compression function over `blocks` 64-byte blocks of each of the
 * W messages data[0..W-1] (any alignment; two lanes may share a pointer;
 * nothing is written but the state) and updates each lane's eight chaining
 * words. The state is transposed, as the lanes ABI says: state[j*W + i] is
 * word j (a..h for j = 0..7) of lane i, so row j is one vector at
 * state + j * vlenb; only 4-byte alignment is assumed, which is all vle32
 * needs.
 *
 * Register map:
 *   a0      state; t4 = vlenb, the bytes of one row (W words)
 *   a1      data, the lane pointers (read once a block, for the gather index)
 *   a2      blocks left
 *   a3      the offset of the block in every lane, 64 * blocks done
 *   a4      the K table (FIPS 180-4 §4.2.2, from sha256_k.inc)
 *   t0      K[t] for the round (vadd.vx takes it as a scalar)
 *   t1      the address base of a message-word gather, a3 + 4k
 *   t2      the address of a state row
 *   t3      W, the vl of the rounds (vlenb / 4)
 *   v0-v7   a..h of the W lanes (e32, m1; no masks are used, so v0 is an
 *           ordinary register). A register's role moves one place a
 *           round (the new a is the register that held h, the new e the
 *           one that held d), so no round moves a value; after 64 rounds
 *           a is back in v0.
 *   v8-v23  W[0..15], the message schedule: W[t] lives in the register of
 *           W[t mod 16] and replaces W[t-16] before round t
 *   v24-v31 (e64, m8) while a block's words are gathered: the 4W byte
 *           addresses data[i] + 3 - j, j = 0..3, the gather's index. In
 *           the rounds, single registers:
 *             v24, v25  Σ1 (and the schedule's σ0): the sum and a term
 *             v28, v29  Σ0 (and σ1), the same way
 *             v30       Ch
 *             v26, v27  Maj's carried term: one holds b ^ c on entry to
 *                       a round, the other gets a ^ b, which is the next
 *                       round's b ^ c; they swap roles every round
 *
 * The message: each round needs word t of every lane in one register. A
 * strided load cannot fetch it (the lanes are independent pointers), and
 * an indexed load with SEW = 32 would read 32-bit elements at whatever
 * alignment the caller's data has, which RVV lets a core trap. So, as in
 * md5_lanes_riscv64_v.S, the gather is of bytes: vluxei64 with SEW = 8 and
 * vl = 4W reads byte data[i] + 4k + 3 - j into byte 4i + j of the
 * register, which, read back as e32 (elements are little-endian in the
 * register file), is the big-endian word k of lane i, byte-swapped on
 * the way in. The index fills an m8 group; with the eight working
 * variables and the sixteen message words that is all 32 registers, so the
 * index is made again at the start of every block (seven m8 operations,
 * while v8-v23 are free) and its registers are the rounds' temporaries.
 *
 * There is no rotate without Zvbb: ROTRn(x) is vsrl by n, vsll by 32 - n,
 * and the two terms are xored into the sum (they have no bit in common).
 *   Σ0, Σ1: 6 shifts, 5 xors;  σ0, σ1: 5 shifts, 4 xors
 *   Ch(e, f, g) = ((f ^ g) & e) ^ g                    3
 *   Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b             3 (b ^ c carried)
 * A round (ROUND) is 35 vector operations, a schedule step (SCHEDULE) 21;
 * 3,248 a block. Each macro interleaves two independent chains (Σ1 with
 * Ch, Σ0 with Maj, σ0 with σ1) so that on an in-order vector pipe such as
 * the X280's, where a result is ready 4 cycles after issue and the next
 * operation issues after 3, few dependent operations issue back to back.
 *
 * Critical path of a step (a round), from e to the next e (the register
 * of d, plus T1): a shift of e, the five xors that fold Σ1(e) into one
 * sum, the add of Σ1 into T1 and d += T1: 8 dependent vector operations
 * (h + K[t] + W[t] + Ch, and Σ0 and Maj, run beside it). At the X280's 4
 * cycles a result that is 32 cycles, against about 105 cycles to issue a
 * round's 35 operations, so the kernel is bound by issue, not by the
 * chain.
 *
 * Cost, llvm-mca-19 -mcpu=sifive-x280 (VLEN = 512, so W = 16; one vector
 * arithmetic pipe, 3 cycles of issue for each m1 operation) on the block
 * loop: 10,314 cycles a call-block, 645 a message-block, against 1,776
 * for riscv64-zbb on the same model (docs/sha256-lanes.md, "RVV lanes").
 */
#include "core/asm.h"

#define STATE   a0
#define LANES   a1
#define BLOCKS  a2
#define OFFSET  a3
#define TABLE   a4
#define ROWSIZE t4
/* The message words' registers. */
#define W0  v8
#define W1  v9
#define W2  v10
#define W3  v11
#define W4  v12
#define W5  v13
#define W6  v14
#define W7  v15
#define W8  v16
#define W9  v17
#define W10 v18
#define W11 v19
#define W12 v20
#define W13 v21
#define W14 v22
#define W15 v23

        .option arch, +v

/* One round t on the W lanes, with \w = W[t] and the working variables in
 * the registers named a..h for this round:
 *   T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t];  d += T1
 *   h  = T1 + Σ0(a) + Maj(a, b, c)                (the next round's a)
 * \cin holds b ^ c; \cout gets a ^ b (the next round's b ^ c). Σ1 is
 * interleaved with Ch and the adds into h, Σ0 with Maj. */
.macro ROUND a, b, c, d, e, f, g, h, t, w, cin, cout
        lw      t0, 4*\t(TABLE)         /* K[t] */
        vsrl.vi v24, \e, 6              /* Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25 */
        vxor.vv v30, \f, \g             /* Ch = ((f ^ g) & e) ^ g */
        vsll.vi v25, \e, 26
        vand.vv v30, v30, \e
        vxor.vv v24, v24, v25
        vsrl.vi v25, \e, 11
        vxor.vv v30, v30, \g
        vxor.vv v24, v24, v25
        vsll.vi v25, \e, 21
        vadd.vx \h, \h, t0              /* h + K[t] */
        vxor.vv v24, v24, v25
        vsrl.vi v25, \e, 25
        vadd.vv \h, \h, \w              /* + W[t] */
        vxor.vv v24, v24, v25
        vsll.vi v25, \e, 7
        vadd.vv \h, \h, v30             /* + Ch */
        vxor.vv v24, v24, v25
        vsrl.vi v28, \a, 2              /* Σ0(a) = ROTR2 ^ ROTR13 ^ ROTR22 */
        vadd.vv \h, \h, v24             /* + Σ1: T1 */
        vsll.vi v29, \a, 30
        vadd.vv \d, \d, \h              /* d += T1 */
        vxor.vv v28, v28, v29
        vsrl.vi v29, \a, 13
        vxor.vv \cout, \a, \b           /* a ^ b */
        vxor.vv v28, v28, v29
        vsll.vi v29, \a, 19
        vand.vv \cin, \cin, \cout       /* Maj = ((a ^ b) & (b ^ c)) ^ b */
        vxor.vv v28, v28, v29
        vsrl.vi v29, \a, 22
        vxor.vv \cin, \cin, \b
        vxor.vv v28, v28, v29
        vsll.vi v29, \a, 10
        vadd.vv \h, \h, \cin            /* T1 + Maj */
        vxor.vv v28, v28, v29
        vadd.vv \h, \h, v28             /* + Σ0: the new a */
.endm

/* W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], in place of W[t-16]
 * (\w): \x15 = W[t-15], \x7 = W[t-7], \x2 = W[t-2]. The two sigmas are
 * interleaved:
 *   σ0(x) = ROTR7 ^ ROTR18 ^ SHR3,  σ1(x) = ROTR17 ^ ROTR19 ^ SHR10 */
.macro SCHEDULE w, x15, x7, x2
        vsrl.vi v24, \x15, 7
        vsrl.vi v28, \x2, 17
        vsll.vi v25, \x15, 25
        vsll.vi v29, \x2, 15
        vxor.vv v24, v24, v25
        vxor.vv v28, v28, v29
        vsrl.vi v25, \x15, 18
        vsrl.vi v29, \x2, 19
        vxor.vv v24, v24, v25
        vxor.vv v28, v28, v29
        vsll.vi v25, \x15, 14
        vsll.vi v29, \x2, 13
        vxor.vv v24, v24, v25
        vxor.vv v28, v28, v29
        vsrl.vi v25, \x15, 3
        vsrl.vi v29, \x2, 10
        vxor.vv v24, v24, v25
        vxor.vv v28, v28, v29
        vadd.vv \w, \w, v24
        vadd.vv \w, \w, \x7
        vadd.vv \w, \w, v28
.endm

/* W[0..15] of every lane into v8-v23: W[k] is the byte gather at base
 * a3 + 4k through the index in v24-v31 (vl = 4W bytes, set by the
 * caller). */
.macro GATHER_WORDS
        addi    t1, OFFSET, 0
        vluxei64.v W0, (t1), v24
        addi    t1, OFFSET, 4
        vluxei64.v W1, (t1), v24
        addi    t1, OFFSET, 8
        vluxei64.v W2, (t1), v24
        addi    t1, OFFSET, 12
        vluxei64.v W3, (t1), v24
        addi    t1, OFFSET, 16
        vluxei64.v W4, (t1), v24
        addi    t1, OFFSET, 20
        vluxei64.v W5, (t1), v24
        addi    t1, OFFSET, 24
        vluxei64.v W6, (t1), v24
        addi    t1, OFFSET, 28
        vluxei64.v W7, (t1), v24
        addi    t1, OFFSET, 32
        vluxei64.v W8, (t1), v24
        addi    t1, OFFSET, 36
        vluxei64.v W9, (t1), v24
        addi    t1, OFFSET, 40
        vluxei64.v W10, (t1), v24
        addi    t1, OFFSET, 44
        vluxei64.v W11, (t1), v24
        addi    t1, OFFSET, 48
        vluxei64.v W12, (t1), v24
        addi    t1, OFFSET, 52
        vluxei64.v W13, (t1), v24
        addi    t1, OFFSET, 56
        vluxei64.v W14, (t1), v24
        addi    t1, OFFSET, 60
        vluxei64.v W15, (t1), v24
.endm

/* Adds the chaining words the block started from, the state row at addr,
 * to \v, and stores the sum back as the new row. */
.macro ADD_ROW v, addr
        vle32.v v24, (\addr)
        vadd.vv \v, \v, v24
        vse32.v \v, (\addr)
.endm

        FIPSMOD_ENTRY fipsmod_sha256_lanes_riscv64_v, 2
        beqz    BLOCKS, .Lreturn
        csrr    ROWSIZE, vlenb          /* VLEN/8 = 4W: also the gather's vl */
        srli    t3, ROWSIZE, 2          /* W */
        vsetvli zero, t3, e32, m1, ta, ma
        mv      t2, STATE
        .irp    r, 0, 1, 2, 3, 4, 5, 6, 7
        vle32.v v\r, (t2)               /* row r: word r of every lane */
        add     t2, t2, ROWSIZE
        .endr
        lla     TABLE, .Lsha256_k
        li      OFFSET, 0
.Lblock:
        /* The gather index: element e = 4i + j (e < 4W) holds
         * data[i] + 3 - j, data[i] itself fetched by an indexed load at
         * byte offset 8i of the pointer array; v8-v23 are free here. */
        vsetvli zero, ROWSIZE, e64, m8, ta, ma  /* vl = 4W: VLMAX of e64, m8 */
        vid.v   v16                     /* e */
        vsrl.vi v8, v16, 2              /* i = e / 4 */
        vsll.vi v8, v8, 3               /* 8i */
        vand.vi v16, v16, 3             /* j = e mod 4 */
        vrsub.vi v16, v16, 3            /* 3 - j: the words are big-endian */
        vluxei64.v v24, (LANES), v8     /* data[i] */
        vadd.vv v24, v24, v16           /* data[i] + 3 - j */
        vsetvli zero, ROWSIZE, e8, m1, ta, ma   /* 4W bytes: the gathers */
        GATHER_WORDS
        vsetvli zero, t3, e32, m1, ta, ma       /* W words: the rounds */
        vxor.vv v26, v1, v2             /* b ^ c for round 0's Maj */
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 0, W0, v26, v27
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 1, W1, v27, v26
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 2, W2, v26, v27
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 3, W3, v27, v26
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 4, W4, v26, v27
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 5, W5, v27, v26
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 6, W6, v26, v27
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 7, W7, v27, v26
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 8, W8, v26, v27
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 9, W9, v27, v26
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 10, W10, v26, v27
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 11, W11, v27, v26
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 12, W12, v26, v27
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 13, W13, v27, v26
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 14, W14, v26, v27
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 15, W15, v27, v26
        SCHEDULE W0, W1, W9, W14
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 16, W0, v26, v27
        SCHEDULE W1, W2, W10, W15
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 17, W1, v27, v26
        SCHEDULE W2, W3, W11, W0
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 18, W2, v26, v27
        SCHEDULE W3, W4, W12, W1
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 19, W3, v27, v26
        SCHEDULE W4, W5, W13, W2
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 20, W4, v26, v27
        SCHEDULE W5, W6, W14, W3
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 21, W5, v27, v26
        SCHEDULE W6, W7, W15, W4
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 22, W6, v26, v27
        SCHEDULE W7, W8, W0, W5
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 23, W7, v27, v26
        SCHEDULE W8, W9, W1, W6
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 24, W8, v26, v27
        SCHEDULE W9, W10, W2, W7
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 25, W9, v27, v26
        SCHEDULE W10, W11, W3, W8
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 26, W10, v26, v27
        SCHEDULE W11, W12, W4, W9
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 27, W11, v27, v26
        SCHEDULE W12, W13, W5, W10
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 28, W12, v26, v27
        SCHEDULE W13, W14, W6, W11
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 29, W13, v27, v26
        SCHEDULE W14, W15, W7, W12
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 30, W14, v26, v27
        SCHEDULE W15, W0, W8, W13
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 31, W15, v27, v26
        SCHEDULE W0, W1, W9, W14
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 32, W0, v26, v27
        SCHEDULE W1, W2, W10, W15
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 33, W1, v27, v26
        SCHEDULE W2, W3, W11, W0
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 34, W2, v26, v27
        SCHEDULE W3, W4, W12, W1
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 35, W3, v27, v26
        SCHEDULE W4, W5, W13, W2
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 36, W4, v26, v27
        SCHEDULE W5, W6, W14, W3
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 37, W5, v27, v26
        SCHEDULE W6, W7, W15, W4
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 38, W6, v26, v27
        SCHEDULE W7, W8, W0, W5
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 39, W7, v27, v26
        SCHEDULE W8, W9, W1, W6
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 40, W8, v26, v27
        SCHEDULE W9, W10, W2, W7
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 41, W9, v27, v26
        SCHEDULE W10, W11, W3, W8
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 42, W10, v26, v27
        SCHEDULE W11, W12, W4, W9
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 43, W11, v27, v26
        SCHEDULE W12, W13, W5, W10
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 44, W12, v26, v27
        SCHEDULE W13, W14, W6, W11
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 45, W13, v27, v26
        SCHEDULE W14, W15, W7, W12
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 46, W14, v26, v27
        SCHEDULE W15, W0, W8, W13
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 47, W15, v27, v26
        SCHEDULE W0, W1, W9, W14
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 48, W0, v26, v27
        SCHEDULE W1, W2, W10, W15
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 49, W1, v27, v26
        SCHEDULE W2, W3, W11, W0
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 50, W2, v26, v27
        SCHEDULE W3, W4, W12, W1
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 51, W3, v27, v26
        SCHEDULE W4, W5, W13, W2
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 52, W4, v26, v27
        SCHEDULE W5, W6, W14, W3
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 53, W5, v27, v26
        SCHEDULE W6, W7, W15, W4
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 54, W6, v26, v27
        SCHEDULE W7, W8, W0, W5
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 55, W7, v27, v26
        SCHEDULE W8, W9, W1, W6
        ROUND   v0, v1, v2, v3, v4, v5, v6, v7, 56, W8, v26, v27
        SCHEDULE W9, W10, W2, W7
        ROUND   v7, v0, v1, v2, v3, v4, v5, v6, 57, W9, v27, v26
        SCHEDULE W10, W11, W3, W8
        ROUND   v6, v7, v0, v1, v2, v3, v4, v5, 58, W10, v26, v27
        SCHEDULE W11, W12, W4, W9
        ROUND   v5, v6, v7, v0, v1, v2, v3, v4, 59, W11, v27, v26
        SCHEDULE W12, W13, W5, W10
        ROUND   v4, v5, v6, v7, v0, v1, v2, v3, 60, W12, v26, v27
        SCHEDULE W13, W14, W6, W11
        ROUND   v3, v4, v5, v6, v7, v0, v1, v2, 61, W13, v27, v26
        SCHEDULE W14, W15, W7, W12
        ROUND   v2, v3, v4, v5, v6, v7, v0, v1, 62, W14, v26, v27
        SCHEDULE W15, W0, W8, W13
        ROUND   v1, v2, v3, v4, v5, v6, v7, v0, 63, W15, v27, v26

        /* Add the block's result to the chaining words, kept in memory. */
        mv      t2, STATE
        .irp    r, 0, 1, 2, 3, 4, 5, 6, 7
        ADD_ROW v\r, t2
        add     t2, t2, ROWSIZE
        .endr
        addi    OFFSET, OFFSET, 64
        addi    BLOCKS, BLOCKS, -1
        bnez    BLOCKS, .Lblock
.Lreturn:
        ret
        FIPSMOD_END fipsmod_sha256_lanes_riscv64_v

/* W = VLEN/32 lanes, from vlenb = VLEN/8. */
        FIPSMOD_ENTRY fipsmod_sha256_lanes_riscv64_v_width, 2
        csrr    a0, vlenb
        srli    a0, a0, 2
        ret
        FIPSMOD_END fipsmod_sha256_lanes_riscv64_v_width

        .section .rodata
        .p2align 2
.Lsha256_k:
#include "../sha256_k.inc"
