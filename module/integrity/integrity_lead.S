/*
 * The front of the module's bundle (docs/integrity.md). The bundle link
 * (module/integrity/bundle.ld) puts this object's sections first in the
 * module's .text and .rodata, and integrity_tail.S's last, so that in every
 * program or library that links the module, its code and its read-only data
 * are each one block between these markers:
 *
 *   .text    [16 guard][fipsmod_text_start: 16 guard, the module's code ...
 *   .rodata  [16 guard][fipsmod_rodata_start: 16 guard, its constants ...
 *
 * The integrity self-test hashes from each start marker to the matching end
 * marker, guards included. No guard byte is ever executed or read by anything
 * but the check, so a test can change the first and the last hashed byte, and
 * the byte just outside either end, without changing what the module does.
 * The code guards are trap instructions where the architecture has a
 * one-byte one (int3 on x86-64) and zero bytes elsewhere (an undefined
 * instruction on arm64 and riscv64).
 *
 * Also here: the integrity record, which the check reads and the post-link
 * tool (fipsmod-integrity) fills in. It sits in a section of its own,
 * outside both ranges, since the tool writes it after the hash is taken.
 * Layout (module/integrity_format.hpp names each offset):
 *   0   16 bytes  magic "fipsmod-hmac-v1\0"
 *   16  4 x int64 text start, text end, rodata start, rodata end, each as
 *                 its distance from the field itself: link-time constants,
 *                 so the record needs no dynamic relocation and a stripped
 *                 file still describes its own ranges
 *   48  uint64    0 as built; 1 once the tool has recorded the value
 *   56  32 bytes  the HMAC-SHA-256 value the tool recorded
 */
#include "core/asm.h"

#if defined(__x86_64__)
#define FIPSMOD_CODE_GUARD 0xcc
#else
#define FIPSMOD_CODE_GUARD 0x00
#endif

        .section .fipsmod_text_lead, "ax", FIPSMOD_PROGBITS
        .fill   16, 1, FIPSMOD_CODE_GUARD       /* outside the range */
        .globl  fipsmod_text_start
        .hidden fipsmod_text_start
fipsmod_text_start:
        .fill   16, 1, FIPSMOD_CODE_GUARD       /* the first hashed bytes */

        .section .fipsmod_rodata_lead, "a", FIPSMOD_PROGBITS
        .fill   16, 1, 0                        /* outside the range */
        .globl  fipsmod_rodata_start
        .hidden fipsmod_rodata_start
fipsmod_rodata_start:
        .fill   16, 1, 0                        /* the first hashed bytes */

        .section .fipsmod_integrity, "a", FIPSMOD_PROGBITS
        .p2align 3
        .globl  fipsmod_integrity_record
        .hidden fipsmod_integrity_record
fipsmod_integrity_record:
        .ascii  "fipsmod-hmac-v1\0"
        .quad   fipsmod_text_start - .
        .quad   fipsmod_text_end - .
        .quad   fipsmod_rodata_start - .
        .quad   fipsmod_rodata_end - .
        .quad   0                               /* state: no value recorded */
        .fill   32, 1, 0                        /* the value */
        .size   fipsmod_integrity_record, . - fipsmod_integrity_record
