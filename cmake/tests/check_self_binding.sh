#!/usr/bin/env bash
# The shared library's calls to its own exported functions must be bound
# inside it at link time (-Bsymbolic-functions, module/CMakeLists.txt): no
# PLT or GOT relocation (JUMP_SLOT, GLOB_DAT) may name a function the
# library defines, or a program defining the same symbol would interpose it
# (fipsmod_state -> fipsmod::state(), a string_view overload -> its span
# overload, ...) and run its own code inside the module. Exported data (the
# typeinfo and vtables of fipsmod::error and module_error) stays
# interposable on purpose: a program's copy relocation must find one
# object, and no code of a program runs through it.
#
#   check_self_binding.sh LIBFIPSMOD_SO [READELF] [NM]
set -euo pipefail
lib=$1 readelf=${2:-readelf} nm=${3:-nm}
# The functions it defines: T (text), W (weak function), i (ifunc).
defined=$("$nm" -D --defined-only "$lib" | awk '$2 ~ /^[TWi]$/ { sub(/@.*/, "", $3); print $3 }' | LC_ALL=C sort -u)
if [ -z "$defined" ]; then
  echo "$lib defines no function?"
  exit 1
fi
# The symbols its PLT and GOT slots are relocated against.
slots=$("$readelf" -rW "$lib" | awk '$3 ~ /(JUMP_SLOT|GLOB_DAT)$/ { sub(/@.*/, "", $5); print $5 }' | LC_ALL=C sort -u)
bound=$(LC_ALL=C comm -12 <(echo "$defined") <(echo "$slots"))
if [ -n "$bound" ]; then
  echo "$lib reaches these functions of its own through the PLT or GOT (interposable):"
  echo "$bound" | c++filt
  exit 1
fi
echo "$(echo "$defined" | wc -l) functions defined, none reached through a PLT or GOT slot"
