#!/usr/bin/env bash
# The shared library must export exactly the public C API: the fipsmod_*
# functions the public headers declare FIPSMOD_API (module/CMakeLists.txt
# lists them, one a line), nothing more and nothing less, and no C++ symbol
# at all (the C++ API is header-only).
#
#   check_exports.sh LIBFIPSMOD_SO EXPECTED_LIST
set -euo pipefail
lib=$1 expected=$2
actual=$(nm -D --defined-only "$lib" | awk '{ print $3 }' | LC_ALL=C sort -u)
mangled=$(grep '^_Z' <<<"$actual" || true)
if [ -n "$mangled" ]; then
  echo "$lib exports C++ symbols:"
  echo "$mangled"
  exit 1
fi
if diff -u <(LC_ALL=C sort -u "$expected") <(echo "$actual"); then
  echo "exports match $(basename "$expected"): $(echo "$actual" | wc -l) C functions, no C++ symbol"
else
  echo "the exported symbols of $lib differ from $expected (- expected, + exported)"
  exit 1
fi
