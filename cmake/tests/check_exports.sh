#!/usr/bin/env bash
# The shared library must export exactly the public API: the symbols listed
# (demangled, one a line) in module/exported_symbols.txt, nothing more and
# nothing less.
#
#   check_exports.sh LIBFIPSMOD_SO EXPECTED_LIST
set -euo pipefail
lib=$1 expected=$2
actual=$(nm -D --defined-only --demangle "$lib" | cut -d' ' -f3- | LC_ALL=C sort -u)
if diff -u <(LC_ALL=C sort -u "$expected") <(echo "$actual"); then
  echo "exports match $(basename "$expected"): $(echo "$actual" | wc -l) symbols"
else
  echo "the exported symbols of $lib differ from $expected (- expected, + exported)"
  exit 1
fi
