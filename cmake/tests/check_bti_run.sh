#!/usr/bin/env bash
# The arm64 assembly kernels run with BTI enforced: a program linked from
# them alone keeps the BTI property, and calling each kernel through a
# register (blr) does not trap, while a call that skips a kernel's landing
# pad does.
#
# No ordinary program linked here has BTI on: Debian's start files and libc
# carry no property note, so the linker drops the feature. This program has
# its own _start and links nothing else: the module's assembly objects
# (the *.S.o files of the objects it is given) and a start file made here, which calls
# every global function they define with all arguments zero (zero blocks,
# zero bytes: each kernel returns without touching memory) and exits with
# status 0. qemu-aarch64 guards the pages of a program with the BTI
# property when the CPU model has BTI (QEMU_CPU=max), as Linux does on such
# hardware: an indirect branch to anything but a landing pad is SIGILL.
#
#   check_bti_run.sh CC READELF EMULATOR OBJECT...   (the module's objects)
#
# CC is the target's C compiler driver (it assembles and links), EMULATOR
# the command that runs a target program (qemu-aarch64).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 CC READELF EMULATOR OBJECT..." >&2
  exit 2
fi
cc=$1 readelf=$2 emulator=$3
shift 3
# The module's objects as compiled (libfipsmod.a holds them prelinked into
# one bundle, docs/integrity.md); the assembly kernels are its .S objects.
# (ctest may pass CMake's list of them as one argument, joined by ';'.)
objects=()
for arg in "$@"; do
  IFS=';' read -ra listed <<<"$arg"
  for o in "${listed[@]}"; do objects+=("$(realpath "$o")"); done
done
here=$(cd "$(dirname "$0")" && pwd)
header_dir=$here/../../module/core

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

members=()
for o in "${objects[@]}"; do
  case $o in *.S.o) members+=("$o") ;; esac
done
[ "${#members[@]}" -gt 0 ] || { echo "FAIL: no assembly objects among $*"; exit 1; }
kernels=$(for m in "${members[@]}"; do
  "$readelf" -s -W "$m" | awk '$4 == "FUNC" && $5 == "GLOBAL" && $7 != "UND" { print $8 }'
done | LC_ALL=C sort -u)
[ -n "$kernels" ] || { echo "FAIL: no functions in ${members[*]}"; exit 1; }

# start.S calls every kernel through x9, every argument register (x0-x7)
# zero, so each returns at once (a zero count, a zero length); with SKIP_LANDING_PAD it calls the
# first one 4 bytes past its entry, where BTI must stop it.
{
  echo '#include "asm.h"'
  echo '        .macro CALL_KERNEL name, skip'
  echo '        mov     x0, xzr'
  echo '        mov     x1, xzr'
  echo '        mov     x2, xzr'
  echo '        mov     x3, xzr'
  echo '        mov     x4, xzr'
  echo '        mov     x5, xzr'
  echo '        mov     x6, xzr'
  echo '        mov     x7, xzr'
  echo '        adrp    x9, \name'
  echo '        add     x9, x9, :lo12:\name'
  echo '        add     x9, x9, \skip'
  echo '        blr     x9'
  echo '        .endm'
  echo '        .text'
  echo '        .globl  _start'
  echo '        .type   _start, %function'
  echo '_start:'
  echo '#ifdef SKIP_LANDING_PAD'
  echo "        CALL_KERNEL $(head -n 1 <<<"$kernels"), 4"
  echo '#endif'
  for k in $kernels; do
    echo "        CALL_KERNEL $k, 0"
  done
  echo '        mov     x0, #0                  /* exit(0) */'
  echo '        mov     x8, #93'
  echo '        svc     #0'
  echo '        .size   _start, .-_start'
} >start.S

link() { # link OUTPUT [CPPFLAGS]
  "$cc" -c -I"$header_dir" ${2:-} start.S -o start.o
  "$cc" -nostdlib -nostartfiles -static -o "$1" start.o "${members[@]}"
}
link kernels
link skips_a_landing_pad -DSKIP_LANDING_PAD

failures=0
if ! "$readelf" -n kernels | grep -F 'AArch64 feature:' | grep -qw BTI; then
  echo "FAIL: the program linked from ${members[*]} has no BTI property"
  "$readelf" -n kernels
  failures=$((failures + 1))
fi
status=0
"$emulator" ./kernels || status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: calling the kernels through blr with BTI on ended with status $status"
  failures=$((failures + 1))
fi
# The control: without it, a pass could mean BTI was never on.
status=0
"$emulator" ./skips_a_landing_pad 2>/dev/null || status=$?
if [ "$status" -ne $((128 + 4)) ]; then
  echo "FAIL: a blr past the landing pad ended with status $status, not SIGILL (132): is BTI on?"
  failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
echo "BTI on: called $(wc -w <<<"$kernels") kernels through blr ($(echo $kernels)); a blr past a landing pad gets SIGILL"
