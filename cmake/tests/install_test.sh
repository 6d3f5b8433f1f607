#!/usr/bin/env bash
# Installs a build tree into a temporary prefix, then builds and runs a C and
# a C++ program against it, once through pkg-config and once through
# find_package(fipsmod CONFIG); each must print the MD5 coreutils prints.
#
#   install_test.sh BUILD_DIR C_COMPILER CXX_COMPILER [INTEGRITY]
# INTEGRITY is 1 (the default) for a build with the integrity self-test
# (FIPSMOD_INTEGRITY=ON), 0 for one without it.
set -euo pipefail
build=$(realpath "$1") cc=$2 cxx=$3 integrity=${4:-1}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name fipsmod.pc)
libdir=$(cd "$(dirname "$pc")/.." && pwd)
export PKG_CONFIG_PATH=$(dirname "$pc")

message="The quick brown fox jumps over the lazy dog, and hashes in two halves"
want=$(printf %s "$message" | md5sum | cut -c1-32)
status=0
expect() {  # expect NAME PROGRAM: PROGRAM "$message" prints $want
  local got
  if got=$(LD_LIBRARY_PATH=$libdir "$2" "$message") && [ "$got" = "$want" ]; then
    echo "ok: $1"
  else
    echo "FAIL: $1: got '${got:-}' want '$want'"
    status=1
  fi
}

# pkg-config: both link the shared library.
"$cc" "$here/consumer/consumer.c" $(pkg-config --cflags --libs fipsmod) -o "$work/c-pkgconfig"
"$cxx" -std=c++20 "$here/consumer/consumer.cpp" $(pkg-config --cflags --libs fipsmod) -o "$work/cxx-pkgconfig"
expect "C through pkg-config" "$work/c-pkgconfig"
expect "C++ through pkg-config" "$work/cxx-pkgconfig"
# (ldd's output is captured first: with pipefail, grep -q closing the pipe
# early would make the pipeline fail at random.)
libs=$(LD_LIBRARY_PATH=$libdir ldd "$work/c-pkgconfig")
if ! grep -q "$libdir/libfipsmod.so" <<<"$libs"; then
  echo "FAIL: the pkg-config build does not use the installed libfipsmod.so"
  status=1
fi

# find_package: C with fipsmod::fipsmod (shared), C++ with fipsmod::fipsmod_static.
cmake -S "$here/consumer" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
cmake --build "$work/cmake" >/dev/null
expect "C through find_package" "$work/cmake/consumer_c"
expect "C++ through find_package (static)" "$work/cmake/consumer_cxx"
libs=$(ldd "$work/cmake/consumer_cxx")
if grep -q libfipsmod <<<"$libs"; then
  echo "FAIL: fipsmod::fipsmod_static linked the shared library"
  status=1
fi

# A static link without the integrity step does not pass silently: the
# module finds no recorded value and refuses; the installed tool records it.
# A module built without the integrity self-test has nothing to record.
"$cxx" -std=c++20 "$here/consumer/consumer.cpp" -I"$prefix/include" "$libdir/libfipsmod.a" -o "$work/cxx-unrecorded"
if [ "$integrity" = 0 ]; then
  expect "a static link of a module built without the integrity test" "$work/cxx-unrecorded"
elif "$work/cxx-unrecorded" "$message" >/dev/null 2>"$work/unrecorded.err" ||
   ! grep -q "self-test failed: integrity (kernel [^)]*): expected (no value recorded)" "$work/unrecorded.err"; then
  echo "FAIL: a static link without fipsmod-integrity inject was not refused: $(cat "$work/unrecorded.err")"
  status=1
else
  echo "ok: a static link without the integrity step is refused"
fi
if [ "$integrity" != 0 ]; then
  "$prefix/bin/fipsmod-integrity" inject "$work/cxx-unrecorded"
  expect "the same program after fipsmod-integrity inject" "$work/cxx-unrecorded"
fi

# The installed command line runs.
if "$prefix/bin/fipsmod" info >/dev/null && [ "$("$prefix/bin/fipsmod" md5sum <<<"$message" | cut -c1-32)" = "$(md5sum <<<"$message" | cut -c1-32)" ]; then
  echo "ok: installed bin/fipsmod"
else
  echo "FAIL: installed bin/fipsmod"
  status=1
fi
exit $status
