/*
 * The back of the module's bundle: the end markers of the two hashed
 * ranges, each after 16 last guard bytes and before 16 outside the range.
 * integrity_lead.S explains the layout.
 */
#include "core/asm.h"

#if defined(__x86_64__)
#define FIPSMOD_CODE_GUARD 0xcc
#else
#define FIPSMOD_CODE_GUARD 0x00
#endif

        .section .fipsmod_text_tail, "ax", FIPSMOD_PROGBITS
        .fill   16, 1, FIPSMOD_CODE_GUARD       /* the last hashed bytes */
        .globl  fipsmod_text_end
        .hidden fipsmod_text_end
fipsmod_text_end:
        .fill   16, 1, FIPSMOD_CODE_GUARD       /* outside the range */

        .section .fipsmod_rodata_tail, "a", FIPSMOD_PROGBITS
        .fill   16, 1, 0                        /* the last hashed bytes */
        .globl  fipsmod_rodata_end
        .hidden fipsmod_rodata_end
fipsmod_rodata_end:
        .fill   16, 1, 0                        /* outside the range */
