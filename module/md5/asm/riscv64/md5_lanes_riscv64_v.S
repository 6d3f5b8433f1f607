/*
 * MD5 multi-buffer block function for riscv64 with the V extension (RVV
 * 1.0): W = VLEN/32 independent messages ("lanes") at once, one lane per
 * 32-bit element of a vector register at LMUL = 1 (W = 4 at VLEN = 128,
 * 16 at VLEN = 512) (RFC 1321 §3.4).
 *
 *   void fipsmod_md5_lanes_riscv64_v(uint32_t state[4 * W],
 *                                    const uint8_t *const data[W],
 *                                    size_t blocks);
 *   size_t fipsmod_md5_lanes_riscv64_v_width(void);   returns W
 *
 * Runs the compression function over `blocks` 64-byte blocks of each of the
 * W messages data[0..W-1] (any alignment; two lanes may share a pointer;
 * nothing is written but the state) and updates each lane's four chaining
 * words. The state is transposed, as the lanes ABI says: state[r*W + i] is
 * word r (A, B, C, D for r = 0..3) of lane i, so row r is one vector at
 * state + r * vlenb; only 4-byte alignment is assumed, which is all vle32
 * needs.
 *
 * Register map:
 *   a0      state; t4 = vlenb, the bytes of one row (W words)
 *   a1      data, the lane pointers (read once, at the start)
 *   a2      blocks left
 *   a3      the offset of the block in every lane, 64 * blocks done
 *   a4      the T table (RFC 1321 §3.4, from md5_rfc1321_t.inc)
 *   t0      T[i] for the step (vadd.vx takes it as a scalar)
 *   t1      the address base of a message-word gather, a3 + 4k
 *   t2      the address of a state row
 *   t3      W, the vl of the rounds (vlenb / 4)
 *   v0-v3   A, B, C, D of the W lanes (e32, m1; no masks are used, so v0 is
 *           an ordinary register)
 *   v4, v5  the round function, then the rotate's left half
 *   v6      a row of the chaining words the block started from, reloaded
 *           at its end
 *   v8-v23  X[0..15] of the W lanes, gathered at the start of each block
 *   v24-v31 (e64, m8) the 4W byte addresses data[i] + j, j = 0..3: the
 *           gather's index, made once
 *
 * The message: each step needs word k of every lane in one register. A
 * strided load cannot fetch it (the lanes are independent pointers), and
 * an indexed load with SEW = 32 would read 32-bit elements at whatever
 * alignment the caller's data has: RVV lets a core trap a misaligned
 * element, and many do. So the gather is of bytes: vluxei64 with SEW = 8
 * and vl = 4W reads byte data[i] + 4k + j into byte 4i + j of the
 * register, which, read back as e32 (elements are little-endian in the
 * register file), is word k of lane i. The index holds data[i] + j for the
 * whole call; the scalar base, a3 + 4k, moves the gather to word k of the
 * current block. At LMUL = 1 the 4W 64-bit indices fill exactly an m8 group
 * (EMUL = 64/8 * LMUL = 8, the most RVV allows), which is what fixes LMUL
 * at 1. 16 gathers a block, each one instruction.
 *
 * One step, a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), has T[i] and
 * X[k] added to a, and whatever part of f does not need b computed, before
 * b is ready: the step before does both (see STEP). There is no rotate
 * without Zvbb: a <<< s is vsll by s, vsrl by 32 - s, vor. Without andn,
 * F and G are written as selects by xor:
 * F = d ^ (b & (c ^ d)), G = c ^ (d & (b ^ c)). The critical path of a
 * step, from b to the next b:
 *   F: vand -> vxor -> vadd -> vsll|vsrl -> vor -> vadd   (6; c ^ d early)
 *   G: vxor -> vand -> vxor -> vadd -> vsll|vsrl -> vor -> vadd   (7)
 *   H: vxor -> vadd -> vsll|vsrl -> vor -> vadd            (5; c ^ d early)
 *   I: vor -> vxor -> vadd -> vsll|vsrl -> vor -> vadd     (6; ~d early)
 * (G as (b & d) + (c & ~d), with c & ~d added early, would take 2 off its
 * path but costs one operation more a step, which the model below says
 * loses.) A step is 10 operations (H: 9), 624 a block.
 *
 * Cost, llvm-mca -mcpu=sifive-x280 (VLEN = 512, so W = 16; one vector
 * arithmetic pipe, 3 cycles of issue and 4 of latency for each m1
 * operation) on the block loop: 2369 cycles a block for the 16 lanes, 148
 * a lane, where md5_block_riscv64_zbb.S takes 330 for one block and
 * md5_block_riscv64.S 425: 2.2 and 2.9 times their throughput. The 624
 * operations alone take 1872 cycles; the rest is dependent operations
 * issued back to back on the in-order pipe. (At LMUL = 2, where an
 * operation's 5 cycles of issue cover its latency, the same rounds model at
 * about 104 cycles a lane; the message would then have to go through
 * memory, see above.)
 */
#include "core/asm.h"

#define STATE   a0
#define LANES   a1
#define BLOCKS  a2
#define OFFSET  a3
#define TABLE   a4
#define ROWSIZE t4
/* The message words' registers. */
#define X0  v8
#define X1  v9
#define X2  v10
#define X3  v11
#define X4  v12
#define X5  v13
#define X6  v14
#define X7  v15
#define X8  v16
#define X9  v17
#define X10 v18
#define X11 v19
#define X12 v20
#define X13 v21
#define X14 v22
#define X15 v23

        .option arch, +v

/* Each step starts with T[i] + X[k] already added to a, and with the part
 * of f that does not need b already in v4 (c ^ d for F and H, ~d for I,
 * nothing for G, all of whose operations need b): the previous step did
 * both, in the gaps of its own
 * chain. A step then finishes f, adds it, rotates and adds b, and, between
 * those dependent operations, does the same preparation for the next step,
 * whose a is this step's d (changed only after f's last read of d) and
 * whose c and d are this step's b and c. \xn is the next step's message
 * word register and \kn its round function; both are blank after step 63.
 * On an in-order vector pipe such as the X280's, where a result is ready
 * 4 cycles after issue and the next operation issues after 3, this keeps
 * most dependent operations from issuing back to back. */
.macro STEP kind, a, b, c, d, i, s, xn, kn
.ifnb \xn
        lw      t0, 4*(\i+1)(TABLE)     /* T[i+1] */
.endif
.ifc \kind, F                           /* F = d ^ (b & (c ^ d)) */
        vand.vv v4, v4, \b
        vxor.vv v4, v4, \d
.endif
.ifc \kind, G                           /* G = c ^ (d & (b ^ c)) */
        vxor.vv v4, \b, \c
        vand.vv v4, v4, \d
        vxor.vv v4, v4, \c
.endif
.ifc \kind, H                           /* H = (c ^ d) ^ b */
        vxor.vv v4, v4, \b
.endif
.ifc \kind, I                           /* I = c ^ (b | ~d) */
        vor.vv  v4, v4, \b
        vxor.vv v4, v4, \c
.endif
        vadd.vv \a, \a, v4
        vsll.vi v5, \a, \s              /* a <<< s: the left part */
.ifnb \xn
        vadd.vx \d, \d, t0              /* next a += T[i+1] */
.endif
        vsrl.vi \a, \a, 32 - \s         /* the right part */
.ifnb \xn
        vadd.vv \d, \d, \xn             /* next a += its X[k] */
.endif
        vor.vv  \a, \a, v5
.ifc \kn, F
        vxor.vv v4, \b, \c              /* next c ^ d */
.endif
.ifc \kn, H
        vxor.vv v4, \b, \c              /* next c ^ d */
.endif
.ifc \kn, I
        vxor.vi v4, \c, -1              /* next ~d */
.endif
        vadd.vv \a, \a, \b
.endm

/* What step 0 expects ready: A += T[0] + X[0], and C ^ D for F. */
.macro FIRST_STEP_PREPARED
        lw      t0, 0(TABLE)
        vadd.vx v0, v0, t0
        vadd.vv v0, v0, X0
        vxor.vv v4, v2, v3
.endm

/* The 64 steps, in the order and with the shifts of RFC 1321 §3.4: each
 * line is the round function, a, b, c, d (A, B, C, D = v0-v3), the step,
 * the shift, then the next step's message word register and function. */
.macro ALL_STEPS
        /* Round 1: F */
        STEP    F, v0, v1, v2, v3, 0, 7, X1, F
        STEP    F, v3, v0, v1, v2, 1, 12, X2, F
        STEP    F, v2, v3, v0, v1, 2, 17, X3, F
        STEP    F, v1, v2, v3, v0, 3, 22, X4, F
        STEP    F, v0, v1, v2, v3, 4, 7, X5, F
        STEP    F, v3, v0, v1, v2, 5, 12, X6, F
        STEP    F, v2, v3, v0, v1, 6, 17, X7, F
        STEP    F, v1, v2, v3, v0, 7, 22, X8, F
        STEP    F, v0, v1, v2, v3, 8, 7, X9, F
        STEP    F, v3, v0, v1, v2, 9, 12, X10, F
        STEP    F, v2, v3, v0, v1, 10, 17, X11, F
        STEP    F, v1, v2, v3, v0, 11, 22, X12, F
        STEP    F, v0, v1, v2, v3, 12, 7, X13, F
        STEP    F, v3, v0, v1, v2, 13, 12, X14, F
        STEP    F, v2, v3, v0, v1, 14, 17, X15, F
        STEP    F, v1, v2, v3, v0, 15, 22, X1, G
        /* Round 2: G */
        STEP    G, v0, v1, v2, v3, 16, 5, X6, G
        STEP    G, v3, v0, v1, v2, 17, 9, X11, G
        STEP    G, v2, v3, v0, v1, 18, 14, X0, G
        STEP    G, v1, v2, v3, v0, 19, 20, X5, G
        STEP    G, v0, v1, v2, v3, 20, 5, X10, G
        STEP    G, v3, v0, v1, v2, 21, 9, X15, G
        STEP    G, v2, v3, v0, v1, 22, 14, X4, G
        STEP    G, v1, v2, v3, v0, 23, 20, X9, G
        STEP    G, v0, v1, v2, v3, 24, 5, X14, G
        STEP    G, v3, v0, v1, v2, 25, 9, X3, G
        STEP    G, v2, v3, v0, v1, 26, 14, X8, G
        STEP    G, v1, v2, v3, v0, 27, 20, X13, G
        STEP    G, v0, v1, v2, v3, 28, 5, X2, G
        STEP    G, v3, v0, v1, v2, 29, 9, X7, G
        STEP    G, v2, v3, v0, v1, 30, 14, X12, G
        STEP    G, v1, v2, v3, v0, 31, 20, X5, H
        /* Round 3: H */
        STEP    H, v0, v1, v2, v3, 32, 4, X8, H
        STEP    H, v3, v0, v1, v2, 33, 11, X11, H
        STEP    H, v2, v3, v0, v1, 34, 16, X14, H
        STEP    H, v1, v2, v3, v0, 35, 23, X1, H
        STEP    H, v0, v1, v2, v3, 36, 4, X4, H
        STEP    H, v3, v0, v1, v2, 37, 11, X7, H
        STEP    H, v2, v3, v0, v1, 38, 16, X10, H
        STEP    H, v1, v2, v3, v0, 39, 23, X13, H
        STEP    H, v0, v1, v2, v3, 40, 4, X0, H
        STEP    H, v3, v0, v1, v2, 41, 11, X3, H
        STEP    H, v2, v3, v0, v1, 42, 16, X6, H
        STEP    H, v1, v2, v3, v0, 43, 23, X9, H
        STEP    H, v0, v1, v2, v3, 44, 4, X12, H
        STEP    H, v3, v0, v1, v2, 45, 11, X15, H
        STEP    H, v2, v3, v0, v1, 46, 16, X2, H
        STEP    H, v1, v2, v3, v0, 47, 23, X0, I
        /* Round 4: I */
        STEP    I, v0, v1, v2, v3, 48, 6, X7, I
        STEP    I, v3, v0, v1, v2, 49, 10, X14, I
        STEP    I, v2, v3, v0, v1, 50, 15, X5, I
        STEP    I, v1, v2, v3, v0, 51, 21, X12, I
        STEP    I, v0, v1, v2, v3, 52, 6, X3, I
        STEP    I, v3, v0, v1, v2, 53, 10, X10, I
        STEP    I, v2, v3, v0, v1, 54, 15, X1, I
        STEP    I, v1, v2, v3, v0, 55, 21, X8, I
        STEP    I, v0, v1, v2, v3, 56, 6, X15, I
        STEP    I, v3, v0, v1, v2, 57, 10, X6, I
        STEP    I, v2, v3, v0, v1, 58, 15, X13, I
        STEP    I, v1, v2, v3, v0, 59, 21, X4, I
        STEP    I, v0, v1, v2, v3, 60, 6, X11, I
        STEP    I, v3, v0, v1, v2, 61, 10, X2, I
        STEP    I, v2, v3, v0, v1, 62, 15, X9, I
        STEP    I, v1, v2, v3, v0, 63, 21
.endm

/* X[0..15] of every lane into v8-v23: X[k] is the byte gather at base
 * a3 + 4k through the index in v24-v31 (vl = 4W bytes, set by the caller). */
.macro GATHER_WORDS
        addi    t1, OFFSET, 0
        vluxei64.v v8, (t1), v24
        addi    t1, OFFSET, 4
        vluxei64.v v9, (t1), v24
        addi    t1, OFFSET, 8
        vluxei64.v v10, (t1), v24
        addi    t1, OFFSET, 12
        vluxei64.v v11, (t1), v24
        addi    t1, OFFSET, 16
        vluxei64.v v12, (t1), v24
        addi    t1, OFFSET, 20
        vluxei64.v v13, (t1), v24
        addi    t1, OFFSET, 24
        vluxei64.v v14, (t1), v24
        addi    t1, OFFSET, 28
        vluxei64.v v15, (t1), v24
        addi    t1, OFFSET, 32
        vluxei64.v v16, (t1), v24
        addi    t1, OFFSET, 36
        vluxei64.v v17, (t1), v24
        addi    t1, OFFSET, 40
        vluxei64.v v18, (t1), v24
        addi    t1, OFFSET, 44
        vluxei64.v v19, (t1), v24
        addi    t1, OFFSET, 48
        vluxei64.v v20, (t1), v24
        addi    t1, OFFSET, 52
        vluxei64.v v21, (t1), v24
        addi    t1, OFFSET, 56
        vluxei64.v v22, (t1), v24
        addi    t1, OFFSET, 60
        vluxei64.v v23, (t1), v24
.endm

/* Adds the chaining words the block started from, the state row at addr,
 * to \v, and stores the sum back as the new row. */
.macro ADD_ROW v, addr
        vle32.v v6, (\addr)
        vadd.vv \v, \v, v6
        vse32.v \v, (\addr)
.endm

        FIPSMOD_ENTRY fipsmod_md5_lanes_riscv64_v, 2
        beqz    BLOCKS, .Lreturn
        csrr    ROWSIZE, vlenb          /* VLEN/8 = 4W: also the gather's vl */
        /* The gather index, once: element e = 4i + j (e < 4W) holds
         * data[i] + j, data[i] itself fetched by an indexed load at byte
         * offset 8i of the pointer array. */
        vsetvli zero, ROWSIZE, e64, m8, ta, ma  /* vl = 4W: VLMAX of e64, m8 */
        vid.v   v16                     /* e */
        vsrl.vi v8, v16, 2              /* i = e / 4 */
        vsll.vi v8, v8, 3               /* 8i */
        vand.vi v16, v16, 3             /* j = e mod 4 */
        vluxei64.v v24, (LANES), v8     /* data[i] */
        vadd.vv v24, v24, v16           /* data[i] + j */
        srli    t3, ROWSIZE, 2          /* W */
        vsetvli zero, t3, e32, m1, ta, ma
        add     t2, STATE, ROWSIZE      /* row B */
        vle32.v v0, (STATE)
        vle32.v v1, (t2)
        add     t2, t2, ROWSIZE         /* row C */
        vle32.v v2, (t2)
        add     t2, t2, ROWSIZE         /* row D */
        vle32.v v3, (t2)
        lla     TABLE, .Lt_table
        li      OFFSET, 0
.Lblock:
        vsetvli zero, ROWSIZE, e8, m1, ta, ma   /* 4W bytes: the gathers */
        GATHER_WORDS
        vsetvli zero, t3, e32, m1, ta, ma       /* W words: the rounds */
        FIRST_STEP_PREPARED
        ALL_STEPS
        /* Add the block's result to the chaining words, kept in memory. */
        ADD_ROW v0, STATE
        add     t2, STATE, ROWSIZE
        ADD_ROW v1, t2
        add     t2, t2, ROWSIZE
        ADD_ROW v2, t2
        add     t2, t2, ROWSIZE
        ADD_ROW v3, t2
        addi    OFFSET, OFFSET, 64
        addi    BLOCKS, BLOCKS, -1
        bnez    BLOCKS, .Lblock
.Lreturn:
        ret
        FIPSMOD_END fipsmod_md5_lanes_riscv64_v

/* W = VLEN/32 lanes, from vlenb = VLEN/8. */
        FIPSMOD_ENTRY fipsmod_md5_lanes_riscv64_v_width, 2
        csrr    a0, vlenb
        srli    a0, a0, 2
        ret
        FIPSMOD_END fipsmod_md5_lanes_riscv64_v_width

        .section .rodata
        .p2align 2
.Lt_table:
#include "../md5_rfc1321_t.inc"
