/*
 * What every assembly file of the project includes: the macros that open
 * and close a function, the landing pad each function starts with, and the
 * ELF notes that say what the object supports. It replaces the lines each
 * file used to write out for itself, so that no file can forget one.
 *
 *   FIPSMOD_ENTRY name, p2align     open a function: global but hidden (it is
 *                                   not exported from the shared library),
 *                                   of type function, its start aligned to
 *                                   2^p2align bytes, and its first
 *                                   instruction the landing pad
 *   FIPSMOD_ENTRY_CFI name, p2align the same, for a function that describes
 *                                   its stack with .cfi_* directives: the
 *                                   call-frame information then starts at
 *                                   the label, before the landing pad
 *   FIPSMOD_END name                close it: its size, for the symbol table
 *   FIPSMOD_END_CFI name            close a FIPSMOD_ENTRY_CFI function
 *   FIPSMOD_SIGN_LR, FIPSMOD_AUTH_LR (arm64 only) sign the return address
 *                                   before it is saved on the stack, and
 *                                   check it after it is loaded back, before
 *                                   the ret
 *
 * Why. x86-64 CET and arm64 BTI let the CPU refuse an indirect call or jump
 * that lands anywhere but on a landing pad (endbr64; bti c). A program gets
 * this protection only if every object linked into it says, in its GNU
 * property note, that it was built for it: the linker keeps a feature only
 * when all inputs have it. An assembly file without the note would turn the
 * protection off for the whole program without a word, so every .S file
 * emits it, through this header, once per object.
 *
 * What the notes promise, and why it is true here:
 *   x86-64  IBT: every function entry is an endbr64, and the assembly has
 *           no indirect jump inside a function (no jump tables; labels are
 *           reached only by direct branches). SHSTK: every call returns with
 *           a plain ret to the address the call pushed; no code pops, moves
 *           or rewrites a return address.
 *   arm64   BTI: every function entry is a bti c, and no br jumps inside
 *           the assembly. PAC: a function that saves x30 (the link register)
 *           on the stack signs it first (paciasp) and checks it after
 *           loading it back (autiasp); functions that keep x30 in its
 *           register have nothing to sign.
 * The landing pads and the PAC instructions are in the hint space, so they
 * are no-ops on CPUs without the feature: the same code runs everywhere.
 * They are written as hints (hint #34 is bti c, #25 paciasp, #29 autiasp)
 * so that any -march accepts them.
 *
 * riscv64 has no such note here (its Zicfilp/Zicfiss extensions are not
 * used): its files use the same entry and end macros, with no landing pad,
 * and get the .note.GNU-stack section like the others.
 *
 * Every object also carries an empty .note.GNU-stack section: without it
 * the linker assumes the code needs an executable stack.
 *
 * The C and C++ files get the same notes from the compiler, given
 * -fcf-protection=full (x86-64) or -mbranch-protection=standard (arm64) by
 * cmake/FipsmodTargets.cmake; cmake/tests/check_cf_protection.sh checks that
 * every object of libfipsmod.a carries them.
 */
#ifndef FIPSMOD_ASM_H
#define FIPSMOD_ASM_H

#if defined(__x86_64__)
#define FIPSMOD_LANDING_PAD endbr64
/* GNU_PROPERTY_X86_FEATURE_1_AND and its IBT (bit 0) and SHSTK (bit 1). */
#define FIPSMOD_PROPERTY_TYPE 0xc0000002
#define FIPSMOD_PROPERTY_BITS 3
#elif defined(__aarch64__)
#define FIPSMOD_LANDING_PAD hint #34 /* bti c */
/* GNU_PROPERTY_AARCH64_FEATURE_1_AND and its BTI (bit 0) and PAC (bit 1). */
#define FIPSMOD_PROPERTY_TYPE 0xc0000000
#define FIPSMOD_PROPERTY_BITS 3
#elif defined(__riscv)
#define FIPSMOD_LANDING_PAD
#else
#error "asm.h: no entry macros for this architecture"
#endif

/* The type in .type and the section flags: x86 and riscv write @function,
 * arm writes %function (@ starts a comment there). */
#if defined(__aarch64__)
#define FIPSMOD_TYPE_FUNCTION %function
#define FIPSMOD_PROGBITS %progbits
#define FIPSMOD_NOTE %note
#else
#define FIPSMOD_TYPE_FUNCTION @function
#define FIPSMOD_PROGBITS @progbits
#define FIPSMOD_NOTE @note
#endif

.macro FIPSMOD_ENTRY name, p2align
        .text
        .globl  \name
        .hidden \name
        .type   \name, FIPSMOD_TYPE_FUNCTION
        .p2align \p2align
\name:
        FIPSMOD_LANDING_PAD
.endm

.macro FIPSMOD_ENTRY_CFI name, p2align
        .text
        .globl  \name
        .hidden \name
        .type   \name, FIPSMOD_TYPE_FUNCTION
        .p2align \p2align
\name:
        .cfi_startproc
        FIPSMOD_LANDING_PAD
.endm

.macro FIPSMOD_END name
        .size   \name, .-\name
.endm

.macro FIPSMOD_END_CFI name
        .cfi_endproc
        .size   \name, .-\name
.endm

#if defined(__x86_64__)
/* An amd64 frame aligned for vector stores: rbp saved and made the frame
 * pointer (the CFA follows it, so the unwinder needs nothing more), then
 * `size` bytes below it with rsp rounded down to `align`, a power of two.
 * FIPSMOD_ALIGNED_FRAME_END takes it down again before the return. */
.macro FIPSMOD_ALIGNED_FRAME size, align
        pushq   %rbp
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbp, 0
        movq    %rsp, %rbp
        .cfi_def_cfa_register %rbp
        subq    $\size, %rsp
        andq    $-\align, %rsp
.endm
.macro FIPSMOD_ALIGNED_FRAME_END
        movq    %rbp, %rsp
        popq    %rbp
        .cfi_def_cfa %rsp, 8
        .cfi_restore %rbp
.endm
#endif

#if defined(__aarch64__)
.macro FIPSMOD_SIGN_LR
        hint    #25                     /* paciasp: sign x30, with sp as the modifier */
.endm
.macro FIPSMOD_AUTH_LR
        hint    #29                     /* autiasp: check x30 against the same sp */
.endm
#endif

#if defined(__riscv)
/* riscv64 frames: ra and s0-s11, the registers the psABI has a callee
 * keep, stored at 0(sp) to 96(sp) on entry and loaded back before the
 * return. The function has made room for them (sp lowered by its frame
 * size, at least 104 bytes, a multiple of 16) before FIPSMOD_SAVE_CALLEE. */
.macro FIPSMOD_SAVE_CALLEE
        sd      ra, 0(sp)
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        sd      s\i, (8 + 8 * \i)(sp)
        .endr
.endm
.macro FIPSMOD_RESTORE_CALLEE
        ld      ra, 0(sp)
        .irp    i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        ld      s\i, (8 + 8 * \i)(sp)
        .endr
.endm
#endif

/* The GNU property note: one NT_GNU_PROPERTY_TYPE_0 note in
 * .note.gnu.property holding one property, the feature word above. ELF64
 * aligns the section and the property's data to 8 bytes. */
#if defined(FIPSMOD_PROPERTY_TYPE)
        .pushsection .note.gnu.property, "a", FIPSMOD_NOTE
        .p2align 3
        .long   4                       /* n_namesz: "GNU" and its NUL */
        .long   16                      /* n_descsz: the property below */
        .long   5                       /* n_type: NT_GNU_PROPERTY_TYPE_0 */
        .asciz  "GNU"
        .long   FIPSMOD_PROPERTY_TYPE   /* pr_type */
        .long   4                       /* pr_datasz */
        .long   FIPSMOD_PROPERTY_BITS   /* pr_data */
        .long   0                       /* padding to 8 bytes */
        .popsection
#endif

        .pushsection .note.GNU-stack, "", FIPSMOD_PROGBITS
        .popsection

#endif
