#!/usr/bin/env bash
# Installs a build tree into a temporary prefix, then builds and runs a C and
# a C++ program against it, once through pkg-config and once through
# find_package(fipsmod CONFIG); each must print the MD5 coreutils prints.
# Then the drop-in links (FIPSMOD_INSTALL_LINKS): they run as coreutils'
# programs do, and never replace a file already there.
#
#   install_test.sh BUILD_DIR C_COMPILER CXX_COMPILER [INTEGRITY [LINKS]]
# INTEGRITY is 1 (the default) for a build with the integrity self-test
# (FIPSMOD_INTEGRITY=ON), 0 for one without it; LINKS is 1 for a build
# with FIPSMOD_INSTALL_LINKS=ON, 0 (the default) for one without.
set -euo pipefail
build=$(realpath "$1") cc=$2 cxx=$3 integrity=${4:-1} links=${5:-0}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
# Where a drop-in link would go, a file that is not one: installing must
# leave it as it is.
mkdir -p "$prefix/bin"
echo "not fipsmod's" >"$prefix/bin/sha224sum"
cmake --install "$build" --prefix "$prefix" >/dev/null 2>"$work/install.err"
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
   ! grep -q "self-test failed: integrity (kernel [^)]*): expected (no value recorded: run 'fipsmod-integrity inject PROGRAM' after linking" "$work/unrecorded.err"; then
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

# The installed ACVP module wrapper answers getConfig (one string, the
# capabilities: a JSON array). Its reply goes to a file first: head -c
# closing a pipe early would kill the writer with SIGPIPE, which pipefail
# and set -e turn into a failure at random (the clang run of CI saw it).
printf '\001\000\000\000\011\000\000\000getConfig' | "$prefix/bin/fipsmod-acvp" >"$work/getconfig.out"
config=$(head -c 22 "$work/getconfig.out" | tail -c 14)
if [ "$config" = '[
  {"algorith' ]; then
  echo "ok: installed bin/fipsmod-acvp"
else
  echo "FAIL: installed bin/fipsmod-acvp: getConfig gave '$config'"
  status=1
fi

# The drop-in links: in the default installation only with
# FIPSMOD_INSTALL_LINKS; the component installs them in any build. Every
# command `fipsmod --help` says a link may name is installed as a link to
# fipsmod, but the one whose name was taken, and no other.
if [ "$links" = 1 ] && [ "$(readlink "$prefix/bin/md5sum")" != fipsmod ]; then
  echo "FAIL: FIPSMOD_INSTALL_LINKS=ON installed no bin/md5sum -> fipsmod"
  status=1
elif [ "$links" = 0 ] && [ -e "$prefix/bin/md5sum" ]; then
  echo "FAIL: bin/md5sum installed without FIPSMOD_INSTALL_LINKS"
  status=1
fi
cmake --install "$build" --prefix "$prefix" --component fipsmod_links >/dev/null 2>>"$work/install.err"
names=$("$prefix/bin/fipsmod" --help | sed -n 's/^A link to fipsmod named \(.*\) runs that command\.$/\1/p' | sed 's/,\| or / /g')
installed=$(cd "$prefix/bin" && for f in *; do if [ "$(readlink "$f")" = fipsmod ]; then echo "$f"; fi; done | sort | xargs)
if [ -z "$names" ] || [ "$(printf '%s\n' $names | grep -vx sha224sum | sort | xargs)" != "$installed" ]; then
  echo "FAIL: installed links ($installed) are not those fipsmod --help names ($names) but sha224sum"
  status=1
fi
if [ "$(cat "$prefix/bin/sha224sum")" != "not fipsmod's" ] ||
   ! grep -q "not installing $prefix/bin/sha224sum: a file of that name is there already" <(tr -s ' \n' ' ' <"$work/install.err"); then
  echo "FAIL: the links replaced a file, or did not say they left it: $(cat "$work/install.err")"
  status=1
fi
# Each runs fipsmod's command, as coreutils' program of that name does, run
# by name (env looks it up in the PATH it is given), messages too.
echo data >"$work/file"
for name in $installed; do
  got=$(cd "$work" && { env PATH="$prefix/bin:$PATH" "$name" file missing 2>&1; echo "exit $?"; })
  want=$(cd "$work" && { "$name" file missing 2>&1; echo "exit $?"; })
  version=$(env PATH="$prefix/bin:$PATH" "$name" --version)
  if [ "$got" = "$want" ] && [ "$version" = "$name (fipsmod) $("$prefix/bin/fipsmod" --version | cut -d' ' -f2)" ]; then
    echo "ok: installed bin/$name runs as $name"
  else
    echo "FAIL: installed bin/$name ($version): got '$got' want '$want'"
    status=1
  fi
done
exit $status
