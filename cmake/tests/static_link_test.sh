#!/usr/bin/env bash
# A C program linked with libfipsmod.a by hand, as the README shows, but
# without the integrity step: the module finds no value recorded, every
# service refuses, and what it says names the fix; after the step
# (fipsmod-integrity inject PROGRAM) the same program works.
#
#   static_link_test.sh C_COMPILER LIBFIPSMOD_A INCLUDE_DIR FIPSMOD_INTEGRITY_TOOL
set -uo pipefail
cc=$1 lib=$(realpath "$2") include=$(realpath "$3") tool=$(realpath "$4")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
status=0
fail() { echo "FAIL: $*"; status=1; }

cat >prog.c <<'C'
/* Prints the SHA-256 of its argument, or why the module refused. */
#include <fipsmod/fipsmod.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  uint8_t digest[FIPSMOD_SHA256_SIZE];
  const int rc = fipsmod_sha256(argv[1], strlen(argv[1]), digest);
  if (rc != FIPSMOD_OK) {
    fprintf(stderr, "prog: %s\n", fipsmod_strerror(rc));
    const char *failure = fipsmod_selftest_failure();
    if (failure) fprintf(stderr, "prog: %s\n", failure);
    return 1;
  }
  for (int i = 0; i < FIPSMOD_SHA256_SIZE; ++i) printf("%02x", digest[i]);
  printf("\n");
  return 0;
}
C
"$cc" prog.c -I"$include" "$lib" -lstdc++ -lm -o prog || { echo "FAIL: cannot link prog.c with $lib"; exit 1; }

message="hashed by a program linked by hand"
want=$(printf %s "$message" | sha256sum | cut -c1-64)
fix="run 'fipsmod-integrity inject PROGRAM' after linking; in CMake, fipsmod_add_integrity"

# Without the step: refused, and both what the module writes to stderr and
# the failure record a caller reads name the fix.
./prog "$message" >out 2>err
rc=$?
[ "$rc" = 1 ] && [ ! -s out ] || fail "without the step: exit $rc (want 1), output '$(cat out)'"
grep -qF "fipsmod: self-test failed: integrity (kernel " err || fail "without the step: no integrity failure on stderr"
[ "$(grep -cF "expected (no value recorded: $fix), computed " err)" = 2 ] ||
  fail "without the step: the message does not name the fix ($fix), on stderr and in the failure record"
sed 's/^/    /' err

# The step, then the same program works.
"$tool" inject prog || fail "fipsmod-integrity inject prog failed"
got=$(./prog "$message" 2>err)
[ $? = 0 ] && [ "$got" = "$want" ] && [ ! -s err ] ||
  fail "after fipsmod-integrity inject: got '$got' (want '$want'), stderr: $(cat err)"

[ "$status" = 0 ] && echo "ok: a static link without the step names the fix, and works after it"
exit $status
