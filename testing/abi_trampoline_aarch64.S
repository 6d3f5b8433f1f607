/*
 * ABI-checking trampoline for arm64 kernels.
 *
 *   void fipsmod_abi_trampoline(void *fn, const uint64_t args[8],
 *                               const uint64_t in[19], uint64_t out[20]);
 *
 * Loads the registers a callee must preserve with the caller's known values
 * (in[0..10] into x19-x29, in[11..18] into d8-d15), calls fn(args[0], ...,
 * args[7]), and stores what they hold afterwards into out[0..18], and into
 * out[19] the change of sp across the call. The caller's own registers are
 * kept on this function's stack.
 *
 * Register map: x0 fn (moved to x9 for the call), x1 args, x2 in, x3 out
 * (kept in a .bss slot across the call); x9-x11 scratch.
 */
#include "../module/core/asm.h"

        FIPSMOD_ENTRY fipsmod_abi_trampoline, 2
        FIPSMOD_SIGN_LR                 /* x30 goes on the stack: sign it */
        stp     x29, x30, [sp, #-160]!
        stp     x19, x20, [sp, #16]
        stp     x21, x22, [sp, #32]
        stp     x23, x24, [sp, #48]
        stp     x25, x26, [sp, #64]
        stp     x27, x28, [sp, #80]
        stp     d8, d9, [sp, #96]
        stp     d10, d11, [sp, #112]
        stp     d12, d13, [sp, #128]
        stp     d14, d15, [sp, #144]

        adrp    x9, .Lout
        str     x3, [x9, :lo12:.Lout]
        adrp    x9, .Lsp_before
        mov     x10, sp
        str     x10, [x9, :lo12:.Lsp_before]

        ldp     x19, x20, [x2, #0]
        ldp     x21, x22, [x2, #16]
        ldp     x23, x24, [x2, #32]
        ldp     x25, x26, [x2, #48]
        ldp     x27, x28, [x2, #64]
        ldr     x29, [x2, #80]
        ldp     d8, d9, [x2, #88]
        ldp     d10, d11, [x2, #104]
        ldp     d12, d13, [x2, #120]
        ldp     d14, d15, [x2, #136]

        mov     x9, x0
        ldp     x4, x5, [x1, #32]
        ldp     x6, x7, [x1, #48]
        ldp     x2, x3, [x1, #16]
        ldp     x0, x1, [x1, #0]
        blr     x9

        adrp    x9, .Lout
        ldr     x9, [x9, :lo12:.Lout]
        stp     x19, x20, [x9, #0]
        stp     x21, x22, [x9, #16]
        stp     x23, x24, [x9, #32]
        stp     x25, x26, [x9, #48]
        stp     x27, x28, [x9, #64]
        str     x29, [x9, #80]
        stp     d8, d9, [x9, #88]
        stp     d10, d11, [x9, #104]
        stp     d12, d13, [x9, #120]
        stp     d14, d15, [x9, #136]
        adrp    x10, .Lsp_before
        ldr     x10, [x10, :lo12:.Lsp_before]
        mov     x11, sp
        sub     x11, x11, x10
        str     x11, [x9, #152]
        mov     sp, x10                 /* carry on even if the kernel moved sp */

        ldp     x19, x20, [sp, #16]
        ldp     x21, x22, [sp, #32]
        ldp     x23, x24, [sp, #48]
        ldp     x25, x26, [sp, #64]
        ldp     x27, x28, [sp, #80]
        ldp     d8, d9, [sp, #96]
        ldp     d10, d11, [sp, #112]
        ldp     d12, d13, [sp, #128]
        ldp     d14, d15, [sp, #144]
        ldp     x29, x30, [sp], #160
        FIPSMOD_AUTH_LR                 /* sp is back to its value at the sign */
        ret
        FIPSMOD_END fipsmod_abi_trampoline

        .bss
        .p2align 3
.Lout:  .zero   8
.Lsp_before:
        .zero   8
