/*
 * AES-GCM for x86-64 with VAES and VPCLMULQDQ on 512-bit registers
 * (NIST SP 800-38D over FIPS 197), with AVX-512 F/BW/VL.
 *
 *   fipsmod_gcm_ghash_init_amd64_vaes512, fipsmod_gcm_ghash_amd64_vaes512,
 *   fipsmod_gcm_seal_amd64_vaes512, fipsmod_gcm_open_amd64_vaes512
 * with the prototypes and contracts of gcm/internal.hpp, the same as those
 * of gcm_amd64_vaes256.S, whose header explains the representation (blocks
 * byte-reversed, the key's powers times x^-1), the two-fold reduction and
 * the stitching. What differs here:
 *
 * - Sixteen blocks a chunk, four to a zmm register; y' = (y + X0) H^16 +
 *   X1 H^15 + ... + X15 H, one reduction (of four lanes, then the lanes
 *   xored). The key layout, set by ghash_init: H^k' at 16 (16 - k) for
 *   k = 16..1 (a 64-byte load at 64 v gives the powers of blocks 4v..4v+3),
 *   then 256 zero bytes read by the tail past the powers.
 * - The round keys live in registers, broadcast to the four lanes once a
 *   call (zmm16-zmm30), so a round is four vaesenc and no load.
 * - Three-way xors are vpternlogq 0x96.
 * - The tail (fewer than sixteen blocks) loads and stores with quadword
 *   masks in k1-k4 (masked-off elements are neither read nor written and
 *   cannot fault), made by comparing N with each quadword's block index.
 *
 * Register map (seal, open):
 *   rdi Schedule (rounds at 480), rsi GhashKey, rdx ctr, rcx y, r8 in,
 *   r9 out, r10 blocks left, rax the last round key (enc + 16 Nr), r11 the
 *   tail's base of the powers
 *   zmm0-3   S0-S3, the AES states of blocks 4v..4v+3
 *   zmm4     D, the byte-reversed data
 *   zmm5     BSWAP, the byte-reversing vpshufb control
 *   zmm6     FOUR, 4 in the low doubleword of each lane
 *   zmm7     CTR (lane i the counter c + i, byte-reversed)
 *   zmm8     Y (xmm8, the upper lanes zero)
 *   zmm9-11  LO, HI, MID, the accumulated products
 *   zmm12-13 T, U scratch; zmm14 POLY; zmm15 NB (the tail's N, each quadword)
 *   zmm16    round key 0; zmm17-25 the nine rounds before the last
 *            (enc + 16 (Nr - 9) .. enc + 16 (Nr - 1)); zmm26 the last;
 *            zmm27-30 the rounds before those when Nr is 14 (27, 28) and
 *            12 or 14 (29, 30); zmm31 H, the powers of a step
 *   k1-k4    the tail's masks
 *
 * Critical path. A chunk is 4 (Nr + 1) 512-bit AES instructions on the one
 * port that runs them (the bound: 56 cycles for AES-256, 3.5 a block), 18
 * clmul and about 40 other instructions on the other vector port; the
 * chain carried from chunk to chunk, through y (xor, clmul, xor, two
 * folds, the lane xors), is about 35 cycles, shorter than a chunk.
 */
#include "core/asm.h"

#define KEY     %rsi
#define IN      %r8
#define OUT     %r9
#define N       %r10
#define HB      %r11

#define S0      %zmm0
#define S1      %zmm1
#define S2      %zmm2
#define S3      %zmm3
#define D       %zmm4
#define BSWAP   %zmm5
#define FOUR    %zmm6
#define CTR     %zmm7
#define Y       %zmm8
#define LO      %zmm9
#define HI      %zmm10
#define MID     %zmm11
#define T       %zmm12
#define U       %zmm13
#define POLY    %zmm14
#define NB      %zmm15
#define RK0     %zmm16
#define RKLAST  %zmm26
#define H       %zmm31

#define S0X     %xmm0
#define S1X     %xmm1
#define S2X     %xmm2
#define CTRX    %xmm7
#define YX      %xmm8
#define TX      %xmm12
#define TY      %ymm12
#define HIY     %ymm10
#define UX      %xmm13
#define BSWAPX  %xmm5
#define POLYX   %xmm14

#define ROUNDS  480(%rdi)

/* LO, HI (first: set, else xor into) the products of the low and of the
 * high quadwords of data d and powers h, lane by lane. */
.macro GH_MUL_LOHI d, h, first
.if \first
        vpclmulqdq $0x00, \h, \d, LO
        vpclmulqdq $0x11, \h, \d, HI
.else
        vpclmulqdq $0x00, \h, \d, T
        vpxorq  T, LO, LO
        vpclmulqdq $0x11, \h, \d, T
        vpxorq  T, HI, HI
.endif
.endm

/* MID (first: set, else xor into) the two cross products d.hi h.lo and
 * d.lo h.hi. */
.macro GH_MUL_MID d, h, first
        vpclmulqdq $0x01, \h, \d, T
        vpclmulqdq $0x10, \h, \d, U
.if \first
        vpxorq  U, T, MID
.else
        vpternlogq $0x96, U, T, MID
.endif
.endm

/* The two folds (see gcm_amd64_vaes256.S), lane by lane: HI becomes the
 * reduced product (LO and MID are used up). */
.macro GH_REDUCE
        vpclmulqdq $0x10, POLY, LO, T           /* T0 c */
        vpshufd $0x4e, LO, LO
        vpternlogq $0x96, T, LO, MID            /* T2:T1 with T0 folded */
        vpclmulqdq $0x10, POLY, MID, T          /* T1 c */
        vpshufd $0x4e, MID, MID
        vpternlogq $0x96, T, MID, HI
.endm

/* Y = the xor of HI's four lanes (the upper lanes of zmm8 zeroed). */
.macro GH_FOLD
        vextracti64x4 $1, HI, TY
        vpxor   HIY, TY, TY
        vextracti128 $1, TY, YX
        vpxor   TX, YX, YX
.endm

/* D = the four blocks at m, byte-reversed; H = the four powers at h. */
.macro GH_LOAD m, h
        vmovdqu64 \m, D
        vmovdqu64 \h, H
        vpshufb BSWAP, D, D
.endm

/* Step i (1..9) of hashing the sixteen blocks at disp(reg) into Y, with
 * the powers of the key: blocks 4..15 first, then 0..3 with Y, then the
 * reduction; split so that the steps can sit between the AES rounds. */
.macro GH_SLOT i, disp, reg
.if \i == 1
        GH_LOAD (\disp + 64)(\reg), 64(KEY)
        GH_MUL_LOHI D, H, 1
.elseif \i == 2
        GH_MUL_MID D, H, 1
.elseif \i == 3
        GH_LOAD (\disp + 128)(\reg), 128(KEY)
        GH_MUL_LOHI D, H, 0
.elseif \i == 5
        GH_LOAD (\disp + 192)(\reg), 192(KEY)
        GH_MUL_LOHI D, H, 0
.elseif \i == 7
        GH_LOAD \disp(\reg), (KEY)
        vpxorq  Y, D, D
        GH_MUL_LOHI D, H, 0
.elseif \i == 9
        GH_REDUCE
        GH_FOLD
.else
        GH_MUL_MID D, H, 0
.endif
.endm

/* Y = GHASH of the sixteen blocks at disp(reg), continuing from Y. */
.macro GHASH_CHUNK disp, reg
        .irp    i, 1, 2, 3, 4, 5, 6, 7, 8, 9
        GH_SLOT \i, \disp, \reg
        .endr
.endm

/* k1-k4 = the quadwords of blocks below N in the four registers of a
 * chunk; NB = N in each quadword. */
.macro TAIL_MASKS
        vpbroadcastq N, NB
        vpcmpgtq .Lidx(%rip), NB, %k1
        vpcmpgtq (.Lidx + 64)(%rip), NB, %k2
        vpcmpgtq (.Lidx + 128)(%rip), NB, %k3
        vpcmpgtq (.Lidx + 192)(%rip), NB, %k4
.endm

/* The products of the blocks of register v of a tail at (reg), masked by
 * k, with their powers at HB; block 0 with Y. */
.macro GH_TAIL_STEP v, k, reg
        vmovdqu64 (64 * \v)(\reg), D{\k}{z}
        vmovdqu64 (64 * \v)(HB), H
        vpshufb BSWAP, D, D
.if \v == 0
        vpxorq  Y, D, D
.endif
        GH_MUL_LOHI D, H, (\v == 1)
        GH_MUL_MID D, H, (\v == 1)
.endm

/* Y = GHASH of the N (1..15) blocks at (reg), continuing from Y, with the
 * masks of TAIL_MASKS: the blocks past N are loaded as zero; their
 * products with the powers (or the zeros past them) vanish. */
.macro GHASH_TAIL reg
        movq    N, HB
        shlq    $4, HB
        negq    HB
        leaq    256(KEY, HB), HB                /* powers from H^N' */
        GH_TAIL_STEP 1, %k2, \reg
        GH_TAIL_STEP 2, %k3, \reg
        GH_TAIL_STEP 3, %k4, \reg
        GH_TAIL_STEP 0, %k1, \reg
        GH_REDUCE
        GH_FOLD
.endm

/* One AES round with the key in register k on the four states. */
.macro AES_ROUND k
        vaesenc \k, S0, S0
        vaesenc \k, S1, S1
        vaesenc \k, S2, S2
        vaesenc \k, S3, S3
.endm

/* The counter blocks c..c+15 from CTR into S0-S3, byte order restored,
 * whitened with round key 0; T left at c + 12. */
.macro CTR_BLOCKS
        vpshufb BSWAP, CTR, S0
        vpaddd  FOUR, CTR, T
        vpshufb BSWAP, T, S1
        vpaddd  FOUR, T, T
        vpshufb BSWAP, T, S2
        vpaddd  FOUR, T, T
        vpshufb BSWAP, T, S3
        vpxorq  RK0, S0, S0
        vpxorq  RK0, S1, S1
        vpxorq  RK0, S2, S2
        vpxorq  RK0, S3, S3
.endm

/* All rounds but the last on S0-S3, and between the nine rounds before the
 * last the GHASH steps of the sixteen blocks at disp(reg) (none if gh is
 * 0). The rounds Nr has beyond ten come first. */
.macro AES_ROUNDS gh, disp, reg
        cmpl    $12, ROUNDS
        jb      .Lnr10_\@
        je      .Lnr12_\@
        AES_ROUND %zmm27
        AES_ROUND %zmm28
.Lnr12_\@:
        AES_ROUND %zmm29
        AES_ROUND %zmm30
.Lnr10_\@:
        .irp    r, 17, 18, 19, 20, 21, 22, 23, 24, 25
        AES_ROUND %zmm\r
.if \gh
        GH_SLOT (\r - 16), \disp, \reg
.endif
        .endr
.endm

/* A chunk of sixteen blocks from IN to OUT, CTR advanced by 16; gh 0: no
 * GHASH, 1: GHASH of the previous chunk's output (seal), 2: GHASH of this
 * chunk's input (open). */
.macro CTR_CHUNK gh
        CTR_BLOCKS
        vpaddd  FOUR, T, CTR
.if \gh == 0
        AES_ROUNDS 0, 0, IN
.elseif \gh == 1
        AES_ROUNDS 1, -256, OUT
.else
        AES_ROUNDS 1, 0, IN
.endif
        .irp    v, 0, 1, 2, 3
        vpxorq  (64 * \v)(IN), RKLAST, U
        vaesenclast U, %zmm\v, %zmm\v
        vmovdqu64 %zmm\v, (64 * \v)(OUT)
        .endr
.endm

/* The last round of register v of a tail, input and output masked by k. */
.macro CTR_TAIL_STEP v, k
        vmovdqu64 (64 * \v)(IN), D{\k}{z}
        vpxorq  D, RKLAST, D
        vaesenclast D, %zmm\v, %zmm\v
        vmovdqu64 %zmm\v, (64 * \v)(OUT){\k}
.endm

/* The N (1..15) blocks from IN to OUT, masked by TAIL_MASKS; CTR advanced
 * by N. */
.macro CTR_TAIL
        CTR_BLOCKS
        vmovq   N, UX
        vpaddd  U, CTR, CTR
        AES_ROUNDS 0, 0, IN
        CTR_TAIL_STEP 0, %k1
        CTR_TAIL_STEP 1, %k2
        CTR_TAIL_STEP 2, %k3
        CTR_TAIL_STEP 3, %k4
.endm

/* Seal and open: load the constants, the round keys, the counter (CTR =
 * c .. c + 3) and Y, N from the stack, rax = the last round key. */
.macro CTR_SETUP
        movq    8(%rsp), N
        vbroadcasti32x4 .Lbswap(%rip), BSWAP
        vbroadcasti32x4 .Lpoly(%rip), POLY
        vbroadcasti32x4 .Lfour(%rip), FOUR
        vbroadcasti32x4 (%rdx), CTR
        vpshufb BSWAP, CTR, CTR
        vpaddd  .Lctr0123(%rip), CTR, CTR
        vmovdqu (%rcx), YX
        vpshufb BSWAPX, YX, YX
        movl    ROUNDS, %eax
        shll    $4, %eax
        addq    %rdi, %rax
        vbroadcasti32x4 (%rdi), RK0
        .irp    r, 17, 18, 19, 20, 21, 22, 23, 24, 25
        vbroadcasti32x4 (16 * \r - 416)(%rax), %zmm\r     /* rkp - 16 (26 - r) */
        .endr
        vbroadcasti32x4 (%rax), RKLAST
        cmpl    $12, ROUNDS
        jb      .Lkeys_\@
        je      .Lkeys12_\@
        vbroadcasti32x4 -208(%rax), %zmm27
        vbroadcasti32x4 -192(%rax), %zmm28
.Lkeys12_\@:
        vbroadcasti32x4 -176(%rax), %zmm29
        vbroadcasti32x4 -160(%rax), %zmm30
.Lkeys_\@:
.endm

/* Store the counter (lane 0 of CTR) and y back. */
.macro CTR_FINISH
        vpshufb BSWAPX, CTRX, CTRX
        vmovdqu CTRX, (%rdx)
        vpshufb BSWAPX, YX, YX
        vmovdqu YX, (%rcx)
        vzeroupper
        ret
.endm

/* ghash_init(out = rdi, h = rsi): H' then H^2'..H^16' (each the last times
 * H'), and 256 zero bytes. */
FIPSMOD_ENTRY fipsmod_gcm_ghash_init_amd64_vaes512, 5
        vmovdqa .Lbswap(%rip), BSWAPX
        vmovdqa .Lpoly(%rip), POLYX
        vmovdqu (%rsi), S0X
        vpshufb BSWAPX, S0X, S0X                /* R(H) */
        vpshufd $0xff, S0X, S1X
        vpsrad  $31, S1X, S1X                   /* all ones if bit 127 is set */
        vpand   POLYX, S1X, S1X
        vpsrlq  $63, S0X, S2X
        vpslldq $8, S2X, S2X                    /* the carry from the low quadword */
        vpsllq  $1, S0X, S0X
        vpor    S2X, S0X, S0X
        vpxor   S1X, S0X, S0X                   /* H' = H x^-1 */
        vmovdqu S0X, 240(%rdi)
        vmovdqa S0X, S1X
        movl    $224, %eax
1:
        GH_MUL_LOHI S1, S0, 1
        GH_MUL_MID S1, S0, 1
        GH_REDUCE
        vmovdqa %xmm10, S1X
        vmovdqu S1X, (%rdi, %rax)
        subq    $16, %rax
        jnc     1b
        vpxor   S2X, S2X, S2X
        .irp    off, 256, 320, 384, 448
        vmovdqu64 %zmm2, \off(%rdi)
        .endr
        vzeroupper
        ret
FIPSMOD_END fipsmod_gcm_ghash_init_amd64_vaes512

/* ghash(key = rdi, y = rsi, in = rdx, blocks = rcx): moved to the
 * registers of seal (KEY, rcx, IN, N). */
FIPSMOD_ENTRY fipsmod_gcm_ghash_amd64_vaes512, 5
        movq    %rcx, N
        movq    %rdx, IN
        movq    %rsi, %rcx
        movq    %rdi, KEY
        vbroadcasti32x4 .Lbswap(%rip), BSWAP
        vbroadcasti32x4 .Lpoly(%rip), POLY
        vmovdqu (%rcx), YX
        vpshufb BSWAPX, YX, YX
        cmpq    $16, N
        jb      2f
1:
        GHASH_CHUNK 0, IN
        addq    $256, IN
        subq    $16, N
        cmpq    $16, N
        jae     1b
2:
        testq   N, N
        jz      3f
        TAIL_MASKS
        GHASH_TAIL IN
3:
        vpshufb BSWAPX, YX, YX
        vmovdqu YX, (%rcx)
        vzeroupper
        ret
FIPSMOD_END fipsmod_gcm_ghash_amd64_vaes512

/* seal: the first chunk without GHASH, then chunks that hash the one
 * before, the last chunk's GHASH, the tail (encrypted, then hashed from
 * out). */
FIPSMOD_ENTRY fipsmod_gcm_seal_amd64_vaes512, 5
        CTR_SETUP
        cmpq    $16, N
        jb      3f
        CTR_CHUNK 0
        addq    $256, IN
        addq    $256, OUT
        subq    $16, N
        cmpq    $16, N
        jb      2f
        .p2align 4
1:
        CTR_CHUNK 1
        addq    $256, IN
        addq    $256, OUT
        subq    $16, N
        cmpq    $16, N
        jae     1b
2:
        GHASH_CHUNK -256, OUT
3:
        testq   N, N
        jz      4f
        TAIL_MASKS
        CTR_TAIL
        GHASH_TAIL OUT
4:
        CTR_FINISH
FIPSMOD_END fipsmod_gcm_seal_amd64_vaes512

/* open: chunks that hash their own input, the tail (hashed, then
 * decrypted: in == out may be overwritten). */
FIPSMOD_ENTRY fipsmod_gcm_open_amd64_vaes512, 5
        CTR_SETUP
        cmpq    $16, N
        jb      2f
        .p2align 4
1:
        CTR_CHUNK 2
        addq    $256, IN
        addq    $256, OUT
        subq    $16, N
        cmpq    $16, N
        jae     1b
2:
        testq   N, N
        jz      3f
        TAIL_MASKS
        GHASH_TAIL IN
        CTR_TAIL
3:
        CTR_FINISH
FIPSMOD_END fipsmod_gcm_open_amd64_vaes512

        .section .rodata
        .p2align 6
/* vpshufb control reversing the 16 bytes of a lane. */
.Lbswap:
        .byte   15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* R((P + 1) / x) = 0xc2000000000000000000000000000001, whole for H', its
 * high quadword c = 0xc2 << 56 for the folds (see gcm_amd64_vaes256.S). */
.Lpoly:
        .quad   1, 0xc200000000000000
/* 4 in the counter's low doubleword (the counter is byte-reversed). */
.Lfour:
        .long   4, 0, 0, 0
/* Added to the counter for lanes 0..3. */
.Lctr0123:
        .long   0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
/* The block index of each quadword of the four registers of a chunk: a
 * quadword is in the tail when N > its index. */
.Lidx:
        .quad   0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7
        .quad   8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15
