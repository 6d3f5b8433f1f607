/*
 * AES-GCM for x86-64 with VAES and VPCLMULQDQ on 256-bit registers
 * (NIST SP 800-38D over FIPS 197), AVX2 otherwise: no AVX-512 instruction.
 *
 *   void fipsmod_gcm_ghash_init_amd64_vaes256(GhashKey* out, const uint8_t h[16]);
 *   void fipsmod_gcm_ghash_amd64_vaes256(const GhashKey* key, uint8_t y[16],
 *                                        const uint8_t* in, size_t blocks);
 *   void fipsmod_gcm_seal_amd64_vaes256(const Schedule* s, const GhashKey* key,
 *                                       uint8_t ctr[16], uint8_t y[16],
 *                                       const uint8_t* in, uint8_t* out, size_t blocks);
 *   void fipsmod_gcm_open_amd64_vaes256(... the same as seal);
 * with the contracts of gcm/internal.hpp: seal and open run counter mode
 * (inc32 on the last four bytes of ctr) over whole blocks and continue
 * GHASH over the ciphertext; the schedule is the amd64 one of
 * aes/internal.hpp (round key i at enc + 16 i, Nr at offset 480).
 *
 * GHASH representation. A block is loaded byte-reversed (vpshufb .Lbswap),
 * so the spec's bit b_i (coefficient of x^i; b_0 the top bit of byte 0)
 * becomes bit 127 - i of the 128-bit integer: the polynomial bit-reflected.
 * For reflected operands, the carry-less product of the integers is the
 * 255-bit reflection of the product shifted by one place: clmul(R(a), R(b))
 * is R256(x a b). So the key holds H' = H x^-1 mod P (R(H) shifted left one
 * bit, with 0xc2000000000000000000000000000001 = R((P + 1) / x) =
 * R(x^127 + x^6 + x + 1) xored in when the top bit, h_0, falls out), and
 * clmul of R(a) and
 * R(H^k') is R256(a H^k). Reduction of a 256-bit R256 value (words
 * T3:T2:T1:T0, T0 lowest, the top degrees) modulo P = x^128 + x^7 + x^2 +
 * x + 1: a word W at bits 64 j..64 j + 63 below bit 128 stands for degrees
 * >= 128, and x^128 = x^7 + x^2 + x + 1 turns it into W at 64 j + 128 xor
 * clmul(W, 0xc200000000000000) at 64 j + 64. Folding T0, then T1 (which
 * the first fold changed), leaves the result in T3:T2. With the products of
 * a multiplication kept as LO = a0 b0, HI = a1 b1 and MID = a0 b1 + a1 b0
 * (MID at bit 64), the two folds are
 *     MID ^= swap(LO) ^ clmul(LO.lo, c);  HI ^= swap(MID) ^ clmul(MID.lo, c)
 * with swap the exchange of the quadwords (vpshufd 0x4e) and c = 0xc2 << 56.
 * The reduction is linear, so a register of several lanes (two products,
 * each already a sum of products) is reduced lane by lane and the lanes
 * xored after.
 *
 * Aggregation: eight blocks X0..X7 are hashed as
 *     y' = (y + X0) H^8 + X1 H^7 + ... + X7 H
 * (eight multiplications, one reduction). The key layout, set by
 * ghash_init: H^k' (reflected, times x^-1) at 16 (8 - k) for k = 8..1, so a
 * 32-byte load at 32 v gives the two powers for blocks 2v, 2v + 1; then 128
 * zero bytes, which the tail reads past the powers (times zero data).
 * A tail of r < 8 blocks takes its powers from 16 (8 - r): block j meets
 * H^(r - j), and the blocks past r are masked to zero.
 *
 * Seal and open: eight counter blocks a chunk, two per register. Counter
 * blocks are kept byte-reversed (CTR: lane 0 the counter c, lane 1 c + 1),
 * where inc32 is a vpaddd on the low doubleword of each lane (mod 2^32, no
 * carry into the other words), and reversed back for AES. The AES rounds
 * of a chunk are interleaved with the GHASH of eight ciphertext blocks:
 * seal hashes the previous chunk's output (read back from out), open the
 * chunk's own input (read before it is overwritten, in == out allowed).
 * The last round xors the input into the last round key, so vaesenclast
 * yields the output. A tail of fewer than eight blocks runs the same rounds
 * on eight counters and loads and stores with vpmaskmovq (masked quadwords
 * are neither read nor written, and cannot fault).
 *
 * Register map (seal, open):
 *   rdi Schedule (rounds at 480), rsi GhashKey, rdx ctr, rcx y, r8 in,
 *   r9 out, r10 blocks left, rax the last round key (enc + 16 Nr), r11 the
 *   tail's base of the powers
 *   ymm0-3  S0-S3, the AES states of blocks 2v, 2v + 1
 *   ymm4    RK, the round key (vbroadcasti128, both lanes)
 *   ymm5    BSWAP, the byte-reversing vpshufb control
 *   ymm6    TWO, 2 in the low doubleword of each lane
 *   ymm7    CTR; ymm8 Y (xmm8, the upper lane zero)
 *   ymm9-11 LO, HI, MID, the accumulated products
 *   ymm12   D, the byte-reversed data; ymm13, ymm14 T, U scratch
 *   ymm15   POLY: 1 in the low quadword and c in the high one, each lane
 *
 * Critical path. The AES rounds of the four registers are independent
 * (4 latency-4 vaesenc a round, issued two a cycle), so a chunk of the loop
 * is bound by the throughput of the ports: 4 (Nr + 1) AES, 18 clmul and
 * about 50 other vector instructions on three vector ports. The one chain
 * carried from chunk to chunk is y: xor into X0, clmul, xor into the sums,
 * two clmul-xor folds, the lane xor: about 30 cycles, shorter than a chunk,
 * and X0 is multiplied last so the other products do not wait for it.
 */
#include "core/asm.h"

#define KEY     %rsi
#define IN      %r8
#define OUT     %r9
#define N       %r10
#define HB      %r11

#define S0      %ymm0
#define S1      %ymm1
#define S2      %ymm2
#define S3      %ymm3
#define RK      %ymm4
#define BSWAP   %ymm5
#define TWO     %ymm6
#define CTR     %ymm7
#define Y       %ymm8
#define LO      %ymm9
#define HI      %ymm10
#define MID     %ymm11
#define D       %ymm12
#define T       %ymm13
#define U       %ymm14
#define POLY    %ymm15

#define S0X     %xmm0
#define S1X     %xmm1
#define S2X     %xmm2
#define CTRX    %xmm7
#define YX      %xmm8
#define HIX     %xmm10
#define UX      %xmm14
#define BSWAPX  %xmm5
#define POLYX   %xmm15

#define ROUNDS  480(%rdi)

/* LO, HI (first: set, else xor into) the products of the low and of the
 * high quadwords of data d and powers h, lane by lane. */
.macro GH_MUL_LOHI d, h, first
.if \first
        vpclmulqdq $0x00, \h, \d, LO
        vpclmulqdq $0x11, \h, \d, HI
.else
        vpclmulqdq $0x00, \h, \d, T
        vpxor   T, LO, LO
        vpclmulqdq $0x11, \h, \d, T
        vpxor   T, HI, HI
.endif
.endm

/* MID (first: set, else xor into) the two cross products d.hi h.lo and
 * d.lo h.hi. */
.macro GH_MUL_MID d, h, first
        vpclmulqdq $0x01, \h, \d, T
        vpclmulqdq $0x10, \h, \d, U
.if \first
        vpxor   U, T, MID
.else
        vpxor   T, MID, MID
        vpxor   U, MID, MID
.endif
.endm

/* The two folds of the header, lane by lane: HI becomes the reduced
 * product (LO and MID are used up). */
.macro GH_REDUCE
        vpclmulqdq $0x10, POLY, LO, T           /* T0 c */
        vpshufd $0x4e, LO, LO
        vpxor   T, MID, MID
        vpxor   LO, MID, MID                    /* T2:T1 with T0 folded */
        vpclmulqdq $0x10, POLY, MID, T          /* T1 c */
        vpshufd $0x4e, MID, MID
        vpxor   T, HI, HI
        vpxor   MID, HI, HI
.endm

/* Y = the xor of HI's two lanes (the upper lane of ymm8 zeroed). */
.macro GH_FOLD
        vextracti128 $1, HI, YX
        vpxor   HIX, YX, YX
.endm

/* D = the two blocks at m, byte-reversed. */
.macro GH_LOAD m
        vmovdqu \m, D
        vpshufb BSWAP, D, D
.endm

/* Step i (1..9) of hashing the eight blocks at disp(reg) into Y: the
 * blocks 2..7 first, then block 0 and 1 with Y, then the reduction. Split
 * in nine so that the steps can sit between the AES rounds. */
.macro GH_SLOT i, disp, reg
.if \i == 1
        GH_LOAD (\disp + 32)(\reg)
        GH_MUL_LOHI D, 32(KEY), 1
.elseif \i == 2
        GH_MUL_MID D, 32(KEY), 1
.elseif \i == 3
        GH_LOAD (\disp + 64)(\reg)
        GH_MUL_LOHI D, 64(KEY), 0
.elseif \i == 4
        GH_MUL_MID D, 64(KEY), 0
.elseif \i == 5
        GH_LOAD (\disp + 96)(\reg)
        GH_MUL_LOHI D, 96(KEY), 0
.elseif \i == 6
        GH_MUL_MID D, 96(KEY), 0
.elseif \i == 7
        GH_LOAD \disp(\reg)
        vpxor   Y, D, D
        GH_MUL_LOHI D, (KEY), 0
.elseif \i == 8
        GH_MUL_MID D, (KEY), 0
.else
        GH_REDUCE
        GH_FOLD
.endif
.endm

/* Y = GHASH of the eight blocks at disp(reg), continuing from Y. */
.macro GHASH_CHUNK disp, reg
        .irp    i, 1, 2, 3, 4, 5, 6, 7, 8, 9
        GH_SLOT \i, \disp, \reg
        .endr
.endm

/* Y = GHASH of the N (1..7) blocks at (reg), continuing from Y. The
 * blocks past N are masked to zero (not read); their products with the
 * powers (or the zeros past them) vanish. Uses S0 and S1. */
.macro GHASH_TAIL reg
        movq    N, HB
        shlq    $4, HB
        negq    HB
        leaq    128(KEY, HB), HB                /* powers from H^N' */
        vmovq   N, S0X
        vpbroadcastq S0X, S0
        .irp    v, 1, 2, 3, 0
        vpcmpgtq (.Lidx + 32 * \v)(%rip), S0, S1 /* N > block index */
        vpmaskmovq (32 * \v)(\reg), S1, D
        vpshufb BSWAP, D, D
.if \v == 0
        vpxor   Y, D, D
.endif
        GH_MUL_LOHI D, (32 * \v)(HB), (\v == 1)
        GH_MUL_MID D, (32 * \v)(HB), (\v == 1)
        .endr
        GH_REDUCE
        GH_FOLD
.endm

/* One AES round with the key at off(%rax) on the four states. */
.macro AES_ROUND off
        vbroadcasti128 \off(%rax), RK
        vaesenc RK, S0, S0
        vaesenc RK, S1, S1
        vaesenc RK, S2, S2
        vaesenc RK, S3, S3
.endm

/* The counter blocks c..c+7 from CTR into S0-S3, byte order restored, T
 * left at c + 6. */
.macro CTR_BLOCKS
        vpshufb BSWAP, CTR, S0
        vpaddd  TWO, CTR, T
        vpshufb BSWAP, T, S1
        vpaddd  TWO, T, T
        vpshufb BSWAP, T, S2
        vpaddd  TWO, T, T
        vpshufb BSWAP, T, S3
.endm

/* All rounds but the last on S0-S3, and between rounds 1..9 of the last
 * ten the GHASH steps of the eight blocks at disp(reg) (none if gh is 0).
 * The rounds Nr has beyond ten come first. */
.macro AES_ROUNDS gh, disp, reg
        vbroadcasti128 (%rdi), RK
        vpxor   RK, S0, S0
        vpxor   RK, S1, S1
        vpxor   RK, S2, S2
        vpxor   RK, S3, S3
        cmpl    $12, ROUNDS
        jb      .Lnr10_\@
        je      .Lnr12_\@
        AES_ROUND -208
        AES_ROUND -192
.Lnr12_\@:
        AES_ROUND -176
        AES_ROUND -160
.Lnr10_\@:
        .irp    i, 1, 2, 3, 4, 5, 6, 7, 8, 9
        AES_ROUND (-160 + 16 * \i)
.if \gh
        GH_SLOT \i, \disp, \reg
.endif
        .endr
.endm

/* A chunk of eight blocks from IN to OUT, CTR advanced by 8; gh 0: no
 * GHASH, 1: GHASH of the previous chunk's output (seal), 2: GHASH of this
 * chunk's input (open). */
.macro CTR_CHUNK gh
        CTR_BLOCKS
        vpaddd  TWO, T, CTR
.if \gh == 0
        AES_ROUNDS 0, 0, IN
.elseif \gh == 1
        AES_ROUNDS 1, -128, OUT
.else
        AES_ROUNDS 1, 0, IN
.endif
        vbroadcasti128 (%rax), RK
        .irp    v, 0, 1, 2, 3
        vpxor   (32 * \v)(IN), RK, U
        vaesenclast U, %ymm\v, %ymm\v
        vmovdqu %ymm\v, (32 * \v)(OUT)
        .endr
.endm

/* The N (1..7) blocks from IN to OUT, masked; CTR advanced by N. */
.macro CTR_TAIL
        CTR_BLOCKS
        vmovq   N, UX
        vpaddd  U, CTR, CTR
        AES_ROUNDS 0, 0, IN
        vbroadcasti128 (%rax), RK
        vpbroadcastq UX, TWO                    /* N, each quadword */
        .irp    v, 0, 1, 2, 3
        vpcmpgtq (.Lidx + 32 * \v)(%rip), TWO, U
        vpmaskmovq (32 * \v)(IN), U, D
        vpxor   D, RK, D
        vaesenclast D, %ymm\v, %ymm\v
        vpmaskmovq %ymm\v, U, (32 * \v)(OUT)
        .endr
.endm

/* Seal and open: load the constants, the counter (CTR = c, c + 1) and Y,
 * N from the stack, rax = the last round key. */
.macro CTR_SETUP
        movq    8(%rsp), N
        vmovdqa .Lbswap(%rip), BSWAP
        vmovdqa .Lpoly(%rip), POLY
        vmovdqa .Ltwo(%rip), TWO
        vbroadcasti128 (%rdx), CTR
        vpshufb BSWAP, CTR, CTR
        vpaddd  .Lctr01(%rip), CTR, CTR
        vmovdqu (%rcx), YX
        vpshufb BSWAPX, YX, YX
        movl    ROUNDS, %eax
        shll    $4, %eax
        addq    %rdi, %rax
.endm

/* Store the counter (lane 0 of CTR) and y back. */
.macro CTR_FINISH
        vpshufb BSWAP, CTR, CTR
        vmovdqu CTRX, (%rdx)
        vpshufb BSWAPX, YX, YX
        vmovdqu YX, (%rcx)
        vzeroupper
        ret
.endm

/* ghash_init(out = rdi, h = rsi): H' then H^2'..H^8' (each the last times
 * H': the product of two primed values is primed), and 128 zero bytes. */
FIPSMOD_ENTRY fipsmod_gcm_ghash_init_amd64_vaes256, 5
        vmovdqa .Lbswap(%rip), BSWAP
        vmovdqa .Lpoly(%rip), POLY
        vmovdqu (%rsi), S0X
        vpshufb BSWAPX, S0X, S0X                /* R(H), upper lane zero */
        vpshufd $0xff, S0X, S1X
        vpsrad  $31, S1X, S1X                   /* all ones if bit 127 is set */
        vpand   POLYX, S1X, S1X
        vpsrlq  $63, S0X, S2X
        vpslldq $8, S2X, S2X                    /* the carry from the low quadword */
        vpsllq  $1, S0X, S0X
        vpor    S2X, S0X, S0X
        vpxor   S1X, S0X, S0X                   /* H' = H x^-1 */
        vmovdqu S0X, 112(%rdi)
        vmovdqa S0, S1
        movl    $96, %eax
1:
        GH_MUL_LOHI S1, S0, 1
        GH_MUL_MID S1, S0, 1
        GH_REDUCE
        vmovdqa HI, S1
        vmovdqu S1X, (%rdi, %rax)
        subq    $16, %rax
        jnc     1b
        vpxor   S2X, S2X, S2X
        vmovdqu S2, 128(%rdi)
        vmovdqu S2, 160(%rdi)
        vmovdqu S2, 192(%rdi)
        vmovdqu S2, 224(%rdi)
        vzeroupper
        ret
FIPSMOD_END fipsmod_gcm_ghash_init_amd64_vaes256

/* ghash(key = rdi, y = rsi, in = rdx, blocks = rcx): moved to the
 * registers of seal (KEY, rcx, IN, N). */
FIPSMOD_ENTRY fipsmod_gcm_ghash_amd64_vaes256, 5
        movq    %rcx, N
        movq    %rdx, IN
        movq    %rsi, %rcx
        movq    %rdi, KEY
        vmovdqa .Lbswap(%rip), BSWAP
        vmovdqa .Lpoly(%rip), POLY
        vmovdqu (%rcx), YX
        vpshufb BSWAPX, YX, YX
        cmpq    $8, N
        jb      2f
1:
        GHASH_CHUNK 0, IN
        addq    $128, IN
        subq    $8, N
        cmpq    $8, N
        jae     1b
2:
        testq   N, N
        jz      3f
        GHASH_TAIL IN
3:
        vpshufb BSWAPX, YX, YX
        vmovdqu YX, (%rcx)
        vzeroupper
        ret
FIPSMOD_END fipsmod_gcm_ghash_amd64_vaes256

/* seal: the first chunk without GHASH, then chunks that hash the one
 * before, the last chunk's GHASH, the tail (encrypted, then hashed from
 * out). */
FIPSMOD_ENTRY fipsmod_gcm_seal_amd64_vaes256, 5
        CTR_SETUP
        cmpq    $8, N
        jb      3f
        CTR_CHUNK 0
        addq    $128, IN
        addq    $128, OUT
        subq    $8, N
        cmpq    $8, N
        jb      2f
        .p2align 4
1:
        CTR_CHUNK 1
        addq    $128, IN
        addq    $128, OUT
        subq    $8, N
        cmpq    $8, N
        jae     1b
2:
        GHASH_CHUNK -128, OUT
3:
        testq   N, N
        jz      4f
        CTR_TAIL
        GHASH_TAIL OUT
4:
        CTR_FINISH
FIPSMOD_END fipsmod_gcm_seal_amd64_vaes256

/* open: chunks that hash their own input, the tail (hashed, then
 * decrypted: in == out may be overwritten). */
FIPSMOD_ENTRY fipsmod_gcm_open_amd64_vaes256, 5
        CTR_SETUP
        cmpq    $8, N
        jb      2f
        .p2align 4
1:
        CTR_CHUNK 2
        addq    $128, IN
        addq    $128, OUT
        subq    $8, N
        cmpq    $8, N
        jae     1b
2:
        testq   N, N
        jz      3f
        GHASH_TAIL IN
        CTR_TAIL
3:
        CTR_FINISH
FIPSMOD_END fipsmod_gcm_open_amd64_vaes256

        .section .rodata
        .p2align 5
/* vpshufb control reversing the 16 bytes of each lane. */
.Lbswap:
        .byte   15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
        .byte   15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* Each lane: R((P + 1) / x) = 0xc2000000000000000000000000000001 (bits
 * 127, 126, 121, 0: x^0, x^1, x^6, x^127), used whole for H', and its high
 * quadword c = 0xc2 << 56 (bits 63, 62, 57: x^128 = 1 + x + x^2 + x^7
 * reflected, less the 1 that the folds add as the plain shifted copy). */
.Lpoly:
        .quad   1, 0xc200000000000000, 1, 0xc200000000000000
/* Added to the counter (reversed: its low doubleword) for lanes 0 and 1. */
.Lctr01:
        .long   0, 0, 0, 0, 1, 0, 0, 0
.Ltwo:
        .long   2, 0, 0, 0, 2, 0, 0, 0
/* The block index of each quadword of the four registers of a chunk: a
 * quadword is in the tail when N > its index. */
.Lidx:
        .quad   0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7
