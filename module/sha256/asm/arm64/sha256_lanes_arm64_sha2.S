/*
 * SHA-256 block function over two independent messages at once, for arm64
 * with the ARMv8 SHA-256 instructions (FIPS 180-4 §6.2.2; FEAT_SHA256,
 * HWCAP_SHA2): the "sha256 lanes" kernel of width 2.
 *
 *   void fipsmod_sha256_lanes_arm64_sha2(uint32_t state[16],
 *                                        const uint8_t *const data[2],
 *                                        size_t blocks);
 *
 * Runs the compression function over `blocks` 64-byte blocks of each of the
 * two lanes: lane i reads data[i][0, 64 * blocks), at any alignment (AArch64
 * vector loads need none); the two pointers may be equal. The state is
 * transposed, as every lanes kernel has it: state[j * 2 + i] is chaining
 * word j (H0..H7, the working variables a..h at the start of a block) of
 * lane i, native-endian.
 *
 * Why two messages: one message's four rounds are a chain (sha256h and
 * sha256h2 both wait for the previous pair, and sha256h2 for a copy of the
 * ABCD it overwrites), so a single stream leaves the SHA unit idle for
 * most of each step's latency. The second message's rounds are independent
 * of the first's and fill those cycles: the two chains interleave, and
 * what bounds the loop becomes the number of SHA instructions the core
 * issues a cycle rather than their latency. A message-block is 16 sha256h,
 * 16 sha256h2, 12 sha256su0 and 12 sha256su1; on Neoverse N1 (and N2, in
 * llvm-mca's models and Arm's guide) all four issue on one pipe (V0), one a
 * cycle, so 56 cycles a message-block is the floor, where one stream takes
 * 83 on its latency: 0.67x at best. Neoverse V1 issues sha256su1 on
 * another pipe: 44, 0.53x. docs/sha256-lanes.md has the figures.
 *
 * The instructions work on four rounds at a time, with one message's
 * working variables in two vectors, element 0 first: ABCD = {a, b, c, d}
 * and EFGH = {e, f, g, h}.
 *   sha256h   Qabcd, Qefgh, Vwk.4S   four rounds; the new ABCD
 *   sha256h2  Qefgh, Qabcd', Vwk.4S  the same four rounds; the new EFGH,
 *                                    given the ABCD from before them
 *   sha256su0 Vw0.4S, Vw1.4S         W[t..t+3] + sigma0(W[t+1..t+4])
 *   sha256su1 Vw0.4S, Vw2.4S, Vw3.4S that, + W[t+9..t+12] + sigma1(W[t+14..t+17]):
 *                                    W[t+16..t+19]
 * where wk = W[t..t+3] + K[t..t+3] element by element.
 *
 * The transposed state turns into those vectors with one ld2 per half:
 * state[0..7] = a0 a1 b0 b1 c0 c1 d0 d1, and ld2 sends the even words to
 * its first register (lane 0's ABCD) and the odd ones to its second (lane
 * 1's); state[8..15] likewise gives the two EFGH. st2 writes them back the
 * same way.
 *
 * Register map:
 *   x0        state pointer; x5 = x0 + 32, the EFGH half
 *   x1        data pointer array; x3, x4 = data[0], data[1], each advanced
 *             by 64 per block
 *   x2        blocks left
 *   x6        sp + 64: the chaining values at the start of the block
 *   v0, v1    ABCD of lanes 0 and 1
 *   v2, v3    EFGH of lanes 0 and 1
 *   v4, v5    ABCD before the four rounds, for sha256h2, lanes 0 and 1;
 *             at the end of a block, with v6 and v7, the chaining values
 *             loaded back from the stack
 *   v6, v7    wk of lanes 0 and 1
 *   v8-v11    lane 0's message schedule, sixteen words: v(8 + i mod 4)
 *             holds W[4i..4i+3], overwritten by W[4i+16..4i+19] once
 *             rounds 4i..4i+3 have taken it
 *   v12-v15   lane 1's, the same way
 *   v16-v31   K[0..63], loaded once per call
 * That is all 32 vector registers, so the chaining values at the start of
 * a block (needed only at its end) wait on the stack, one st1 and one ld1
 * a block, off the critical path. d8-d15, callee-saved, are saved below
 * them.
 *
 * Critical path of four rounds, per lane: the next sha256h and sha256h2
 * both need this step's ABCD and EFGH, and sha256h2 also the copy of the
 * ABCD before it (one mov). The two lanes share no register, so the core
 * runs one lane's step while the other's waits on its latency; the
 * schedule (add, sha256su0, sha256su1) of both is off the path.
 *
 * Instructions per call-block (both lanes): 16 x 2 x (add, mov, sha256h,
 * sha256h2) + 12 x 2 x (sha256su0, sha256su1) + 2 ld1 + 8 rev32 + st1 +
 * ld1 + 4 add + subs + b.ne = 194, 97 per message-block against the
 * single-stream kernel's 99.
 */
#include "core/asm.h"

        .arch_extension sha2

/* Four rounds 4i..4i+3 of both lanes, with lane 0's message words in \a
 * and lane 1's in \b (W[4i..4i+3]) and the constants in \k: wk = W + K,
 * the copy of ABCD sha256h2 needs, and the two halves of the rounds.
 * The order is what the models liked best (docs/sha256-lanes.md): each
 * lane's sha256h and sha256h2 together, lane 0's pair then lane 1's, which
 * keeps the SHA pipe of the out-of-order cores (Neoverse N1, V1, Cortex-A76)
 * at its floor and the in-order Cortex-A53 from waiting on one lane's
 * result with the other lane's work left behind it. */
.macro ROUNDS4_X2 a, b, k
        add     v6.4s, \a\().4s, \k\().4s
        mov     v4.16b, v0.16b
        add     v7.4s, \b\().4s, \k\().4s
        mov     v5.16b, v1.16b
        sha256h   q0, q2, v6.4s
        sha256h2  q2, q4, v6.4s
        sha256h   q1, q3, v7.4s
        sha256h2  q3, q5, v7.4s
.endm

/* Four rounds as ROUNDS4_X2, and each lane's next four message words in
 * place of the ones these rounds used: W[t+16..t+19] from W[t..t+3] (\a0,
 * \b0), W[t+4..t+7] (\a1, \b1), W[t+8..t+11] (\a2, \b2) and W[t+12..t+15]
 * (\a3, \b3). \a0 and \b0 are read by the adds before sha256su0 overwrites
 * them. */
.macro ROUNDS4_SCHEDULE_X2 a0, a1, a2, a3, b0, b1, b2, b3, k
        add     v6.4s, \a0\().4s, \k\().4s
        mov     v4.16b, v0.16b
        add     v7.4s, \b0\().4s, \k\().4s
        mov     v5.16b, v1.16b
        sha256su0 \a0\().4s, \a1\().4s
        sha256su0 \b0\().4s, \b1\().4s
        sha256h   q0, q2, v6.4s
        sha256h2  q2, q4, v6.4s
        sha256h   q1, q3, v7.4s
        sha256h2  q3, q5, v7.4s
        sha256su1 \a0\().4s, \a2\().4s, \a3\().4s
        sha256su1 \b0\().4s, \b2\().4s, \b3\().4s
.endm

FIPSMOD_ENTRY fipsmod_sha256_lanes_arm64_sha2, 4
        cbz     x2, 2f
        /* The frame: d8-d15 at sp..sp+63, the block's chaining values at
         * sp+64..sp+127. x30 stays in its register: nothing to sign. */
        stp     d8, d9, [sp, #-128]!
        stp     d10, d11, [sp, #16]
        stp     d12, d13, [sp, #32]
        stp     d14, d15, [sp, #48]
        add     x6, sp, #64
        adrp    x7, .Lsha256_k
        add     x7, x7, :lo12:.Lsha256_k
        ld1     {v16.4s-v19.4s}, [x7], #64
        ld1     {v20.4s-v23.4s}, [x7], #64
        ld1     {v24.4s-v27.4s}, [x7], #64
        ld1     {v28.4s-v31.4s}, [x7]
        ldp     x3, x4, [x1]            /* data[0], data[1] */
        add     x5, x0, #32
        ld2     {v0.4s, v1.4s}, [x0]    /* the two ABCD, out of the transposed state */
        ld2     {v2.4s, v3.4s}, [x5]    /* the two EFGH */
1:
        ld1     {v8.16b-v11.16b}, [x3], #64
        ld1     {v12.16b-v15.16b}, [x4], #64
        rev32   v8.16b, v8.16b          /* the messages are big-endian */
        rev32   v9.16b, v9.16b
        rev32   v10.16b, v10.16b
        rev32   v11.16b, v11.16b
        rev32   v12.16b, v12.16b
        rev32   v13.16b, v13.16b
        rev32   v14.16b, v14.16b
        rev32   v15.16b, v15.16b
        st1     {v0.4s-v3.4s}, [x6]     /* H(i-1) of both lanes */

        ROUNDS4_SCHEDULE_X2 v8, v9, v10, v11, v12, v13, v14, v15, v16  /* rounds 0-3; W[16..19] */
        ROUNDS4_SCHEDULE_X2 v9, v10, v11, v8, v13, v14, v15, v12, v17
        ROUNDS4_SCHEDULE_X2 v10, v11, v8, v9, v14, v15, v12, v13, v18
        ROUNDS4_SCHEDULE_X2 v11, v8, v9, v10, v15, v12, v13, v14, v19
        ROUNDS4_SCHEDULE_X2 v8, v9, v10, v11, v12, v13, v14, v15, v20  /* rounds 16-19; W[32..35] */
        ROUNDS4_SCHEDULE_X2 v9, v10, v11, v8, v13, v14, v15, v12, v21
        ROUNDS4_SCHEDULE_X2 v10, v11, v8, v9, v14, v15, v12, v13, v22
        ROUNDS4_SCHEDULE_X2 v11, v8, v9, v10, v15, v12, v13, v14, v23
        ROUNDS4_SCHEDULE_X2 v8, v9, v10, v11, v12, v13, v14, v15, v24  /* rounds 32-35; W[48..51] */
        ROUNDS4_SCHEDULE_X2 v9, v10, v11, v8, v13, v14, v15, v12, v25
        ROUNDS4_SCHEDULE_X2 v10, v11, v8, v9, v14, v15, v12, v13, v26
        ROUNDS4_SCHEDULE_X2 v11, v8, v9, v10, v15, v12, v13, v14, v27  /* rounds 44-47; W[60..63] */
        ROUNDS4_X2 v8, v12, v28                                        /* rounds 48-51 */
        ROUNDS4_X2 v9, v13, v29
        ROUNDS4_X2 v10, v14, v30
        ROUNDS4_X2 v11, v15, v31                                       /* rounds 60-63 */

        ld1     {v4.4s-v7.4s}, [x6]     /* H(i-1), back */
        add     v0.4s, v0.4s, v4.4s     /* H(i) = H(i-1) + a..h, each lane */
        add     v1.4s, v1.4s, v5.4s
        add     v2.4s, v2.4s, v6.4s
        add     v3.4s, v3.4s, v7.4s
        subs    x2, x2, #1
        b.ne    1b

        st2     {v0.4s, v1.4s}, [x0]    /* back into the transposed state */
        st2     {v2.4s, v3.4s}, [x5]
        /* The copy of the chaining values on the stack is cleared: the
         * state may be a keyed one (an HMAC's inner or outer hash), and
         * nothing of it should outlive the call below sp. */
        stp     xzr, xzr, [sp, #64]
        stp     xzr, xzr, [sp, #80]
        stp     xzr, xzr, [sp, #96]
        stp     xzr, xzr, [sp, #112]
        ldp     d10, d11, [sp, #16]
        ldp     d12, d13, [sp, #32]
        ldp     d14, d15, [sp, #48]
        ldp     d8, d9, [sp], #128
2:
        ret
FIPSMOD_END fipsmod_sha256_lanes_arm64_sha2

        .section .rodata
        .p2align 4
.Lsha256_k:
#include "../sha256_k.inc"
