/*
 * ABI-checking trampoline for riscv64 kernels.
 *
 *   void fipsmod_abi_trampoline(void *fn, const uint64_t args[8],
 *                               const uint64_t in[24], uint64_t out[25]);
 *
 * Loads the callee-saved registers with the caller's known values (in[0..11]
 * into s0-s11, in[12..23] into fs0-fs11), calls fn(args[0], ..., args[7]),
 * and stores what those registers hold afterwards into out[0..23], and into
 * out[24] the change of sp across the call (0 when the kernel balanced its
 * stack). The caller's own s/fs registers are kept on this function's stack.
 *
 * Register map: a0 fn (moved to t0 for the call), a1 args, a2 in, a3 out
 * (kept in a .bss slot across the call, since the call may clobber any
 * caller-saved register); t1 sp before the call.
 */
#include "../module/core/asm.h"

        FIPSMOD_ENTRY fipsmod_abi_trampoline, 2
        addi    sp, sp, -208
        sd      ra, 0(sp)
        sd      s0, 8(sp)
        sd      s1, 16(sp)
        sd      s2, 24(sp)
        sd      s3, 32(sp)
        sd      s4, 40(sp)
        sd      s5, 48(sp)
        sd      s6, 56(sp)
        sd      s7, 64(sp)
        sd      s8, 72(sp)
        sd      s9, 80(sp)
        sd      s10, 88(sp)
        sd      s11, 96(sp)
        fsd     fs0, 104(sp)
        fsd     fs1, 112(sp)
        fsd     fs2, 120(sp)
        fsd     fs3, 128(sp)
        fsd     fs4, 136(sp)
        fsd     fs5, 144(sp)
        fsd     fs6, 152(sp)
        fsd     fs7, 160(sp)
        fsd     fs8, 168(sp)
        fsd     fs9, 176(sp)
        fsd     fs10, 184(sp)
        fsd     fs11, 192(sp)

        lla     t0, .Lout
        sd      a3, 0(t0)
        lla     t0, .Lsp_before
        sd      sp, 0(t0)

        ld      s0, 0(a2)
        ld      s1, 8(a2)
        ld      s2, 16(a2)
        ld      s3, 24(a2)
        ld      s4, 32(a2)
        ld      s5, 40(a2)
        ld      s6, 48(a2)
        ld      s7, 56(a2)
        ld      s8, 64(a2)
        ld      s9, 72(a2)
        ld      s10, 80(a2)
        ld      s11, 88(a2)
        fld     fs0, 96(a2)
        fld     fs1, 104(a2)
        fld     fs2, 112(a2)
        fld     fs3, 120(a2)
        fld     fs4, 128(a2)
        fld     fs5, 136(a2)
        fld     fs6, 144(a2)
        fld     fs7, 152(a2)
        fld     fs8, 160(a2)
        fld     fs9, 168(a2)
        fld     fs10, 176(a2)
        fld     fs11, 184(a2)

        mv      t0, a0
        ld      a0, 0(a1)
        ld      a4, 32(a1)
        ld      a5, 40(a1)
        ld      a6, 48(a1)
        ld      a7, 56(a1)
        ld      a3, 24(a1)
        ld      a2, 16(a1)
        ld      a1, 8(a1)
        jalr    t0

        lla     t0, .Lout
        ld      t0, 0(t0)
        sd      s0, 0(t0)
        sd      s1, 8(t0)
        sd      s2, 16(t0)
        sd      s3, 24(t0)
        sd      s4, 32(t0)
        sd      s5, 40(t0)
        sd      s6, 48(t0)
        sd      s7, 56(t0)
        sd      s8, 64(t0)
        sd      s9, 72(t0)
        sd      s10, 80(t0)
        sd      s11, 88(t0)
        fsd     fs0, 96(t0)
        fsd     fs1, 104(t0)
        fsd     fs2, 112(t0)
        fsd     fs3, 120(t0)
        fsd     fs4, 128(t0)
        fsd     fs5, 136(t0)
        fsd     fs6, 144(t0)
        fsd     fs7, 152(t0)
        fsd     fs8, 160(t0)
        fsd     fs9, 168(t0)
        fsd     fs10, 176(t0)
        fsd     fs11, 184(t0)
        lla     t1, .Lsp_before
        ld      t1, 0(t1)
        sub     t1, sp, t1
        sd      t1, 192(t0)
        ld      sp, .Lsp_before         /* carry on even if the kernel moved sp */

        ld      ra, 0(sp)
        ld      s0, 8(sp)
        ld      s1, 16(sp)
        ld      s2, 24(sp)
        ld      s3, 32(sp)
        ld      s4, 40(sp)
        ld      s5, 48(sp)
        ld      s6, 56(sp)
        ld      s7, 64(sp)
        ld      s8, 72(sp)
        ld      s9, 80(sp)
        ld      s10, 88(sp)
        ld      s11, 96(sp)
        fld     fs0, 104(sp)
        fld     fs1, 112(sp)
        fld     fs2, 120(sp)
        fld     fs3, 128(sp)
        fld     fs4, 136(sp)
        fld     fs5, 144(sp)
        fld     fs6, 152(sp)
        fld     fs7, 160(sp)
        fld     fs8, 168(sp)
        fld     fs9, 176(sp)
        fld     fs10, 184(sp)
        fld     fs11, 192(sp)
        addi    sp, sp, 208
        ret
        FIPSMOD_END fipsmod_abi_trampoline

        .bss
        .p2align 3
.Lout:  .zero   8
.Lsp_before:
        .zero   8
