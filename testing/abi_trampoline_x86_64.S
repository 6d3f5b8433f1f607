/*
 * ABI-checking trampoline for x86-64 kernels (System V ABI, LP64).
 *
 *   void fipsmod_abi_trampoline(void *fn, const uint64_t args[8],
 *                               const uint64_t in[9], uint64_t out[10]);
 *
 * Loads the callee-saved registers with the caller's known values (in[0..5]
 * into rbx, rbp, r12, r13, r14, r15), calls fn(args[0], ..., args[7]), and
 * stores what those registers hold afterwards into out[0..5], and into out[9]
 * the change of rsp across the call (0 when the kernel balanced its stack).
 *
 * The ABI also makes the callee keep the control bits of MXCSR (DAZ, the
 * exception masks, RC, FZ; not the status flags, bits 0-5) and the x87
 * control word, and return with DF clear. These cannot take arbitrary
 * values, so they are not loaded from in[6..8]: they keep the caller's
 * values, and out[k] is in[k] XOR the bits the call changed:
 *
 *   out[6] = in[6] ^ ((mxcsr before ^ mxcsr after) & ~0x3f)     "mxcsr"
 *   out[7] = in[7] ^ (x87 control word before ^ after)          "x87cw"
 *   out[8] = in[8] ^ (rflags after & DF)                        "df"
 *
 * so out[k] == in[k] exactly when the call kept the convention, the same
 * test as for the general registers. Afterwards the trampoline puts back
 * the caller's rsp, registers, x87 control word and MXCSR control bits
 * (keeping the status flags the call raised), and clears DF, whatever the
 * kernel did, and returns normally.
 *
 * Register map: rdi fn (moved to r11 for the call), rsi args (moved to
 * r10), rdx in, rcx out (both kept in the frame across the call); after the
 * call rax is the change of rsp, r8 rflags, rdi out, rsi in, rcx and rdx
 * scratch. rsp before the call is kept in a .bss slot, since the call may
 * change every register (so, like the other trampolines, this one is not
 * reentrant: one thread at a time).
 *
 * Stack, after the prologue (rsp is 16-byte aligned at the call):
 *
 *   88(%rsp)   return address (the caller's rsp, 96(%rsp), is
 *              16-byte aligned, so rsp is too)
 *   40..80     the caller's r15, r14, r13, r12, rbx, rbp (at 40, ..., 80)
 *   36(%rsp)   x87 control word after the call (16 bits)
 *   32(%rsp)   MXCSR after the call (32 bits)
 *   28(%rsp)   x87 control word before the call (16 bits)
 *   24(%rsp)   MXCSR before the call (32 bits)
 *   16(%rsp)   unused (padding to keep rsp aligned)
 *    8(%rsp)   in
 *    0(%rsp)   out                   <- rsp at the call, kept in .Lrsp_before
 */
#include "../module/core/asm.h"

#define OUT             0
#define IN              8
#define MXCSR_BEFORE    24
#define FCW_BEFORE      28
#define MXCSR_AFTER     32
#define FCW_AFTER       36
#define FRAME           40
#define MXCSR_STATUS    0x3f            /* exception flags: caller-saved */
#define RFLAGS_DF       0x400

        FIPSMOD_ENTRY_CFI fipsmod_abi_trampoline, 4
        pushq   %rbp
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbp, 0
        pushq   %rbx
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbx, 0
        pushq   %r12
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r12, 0
        pushq   %r13
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r13, 0
        pushq   %r14
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r14, 0
        pushq   %r15
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r15, 0
        subq    $FRAME, %rsp
        .cfi_adjust_cfa_offset FRAME

        movq    %rcx, OUT(%rsp)
        movq    %rdx, IN(%rsp)
        stmxcsr MXCSR_BEFORE(%rsp)
        fnstcw  FCW_BEFORE(%rsp)
        movq    %rsp, .Lrsp_before(%rip)

        movq    %rdi, %r11
        movq    %rsi, %r10
        movq    0(%rdx), %rbx
        movq    8(%rdx), %rbp
        movq    16(%rdx), %r12
        movq    24(%rdx), %r13
        movq    32(%rdx), %r14
        movq    40(%rdx), %r15
        movq    0(%r10), %rdi
        movq    8(%r10), %rsi
        movq    16(%r10), %rdx
        movq    24(%r10), %rcx
        movq    32(%r10), %r8
        movq    40(%r10), %r9
        pushq   56(%r10)                /* args[6], args[7]: the stack arguments */
        .cfi_adjust_cfa_offset 8
        pushq   48(%r10)
        .cfi_adjust_cfa_offset 8
        call    *%r11
        addq    $16, %rsp
        .cfi_adjust_cfa_offset -16

        movq    %rsp, %rax
        movq    .Lrsp_before(%rip), %rsp /* carry on even if the kernel moved rsp */
        subq    %rsp, %rax
        pushfq                          /* mov and sub leave DF as it was */
        .cfi_adjust_cfa_offset 8
        popq    %r8
        .cfi_adjust_cfa_offset -8
        stmxcsr MXCSR_AFTER(%rsp)
        fnstcw  FCW_AFTER(%rsp)

        movq    OUT(%rsp), %rdi
        movq    IN(%rsp), %rsi
        movq    %rbx, 0(%rdi)
        movq    %rbp, 8(%rdi)
        movq    %r12, 16(%rdi)
        movq    %r13, 24(%rdi)
        movq    %r14, 32(%rdi)
        movq    %r15, 40(%rdi)
        movl    MXCSR_BEFORE(%rsp), %ecx
        xorl    MXCSR_AFTER(%rsp), %ecx
        andl    $~MXCSR_STATUS, %ecx    /* zero-extends into rcx */
        xorq    48(%rsi), %rcx
        movq    %rcx, 48(%rdi)
        movzwl  FCW_BEFORE(%rsp), %ecx
        movzwl  FCW_AFTER(%rsp), %edx
        xorl    %edx, %ecx
        xorq    56(%rsi), %rcx
        movq    %rcx, 56(%rdi)
        andl    $RFLAGS_DF, %r8d
        xorq    64(%rsi), %r8
        movq    %r8, 64(%rdi)
        movq    %rax, 72(%rdi)

        cld
        fldcw   FCW_BEFORE(%rsp)
        movl    MXCSR_AFTER(%rsp), %ecx
        andl    $MXCSR_STATUS, %ecx
        movl    MXCSR_BEFORE(%rsp), %edx
        andl    $~MXCSR_STATUS, %edx
        orl     %edx, %ecx
        movl    %ecx, MXCSR_AFTER(%rsp)
        ldmxcsr MXCSR_AFTER(%rsp)

        addq    $FRAME, %rsp
        .cfi_adjust_cfa_offset -FRAME
        popq    %r15
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r15
        popq    %r14
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r14
        popq    %r13
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r13
        popq    %r12
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r12
        popq    %rbx
        .cfi_adjust_cfa_offset -8
        .cfi_restore %rbx
        popq    %rbp
        .cfi_adjust_cfa_offset -8
        .cfi_restore %rbp
        ret
        FIPSMOD_END_CFI fipsmod_abi_trampoline

        .bss
        .p2align 3
.Lrsp_before:
        .zero   8
