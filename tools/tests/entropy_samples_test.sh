#!/usr/bin/env bash
# `fipsmod entropy-samples [-o OUT] N`: N bytes, to standard output or OUT;
# OUT replaced only on success (as xor -o, whose every kind of OUT
# xor_output_test.sh covers through the same OutputTarget); a write error
# exits 1; a bad count is a usage error (2) that writes nothing; refused
# (exit 1, OUT untouched) in approved-only mode, where raw samples are not
# a service the module gives.
#
#   entropy_samples_test.sh FIPSMOD_BINARY
set -uo pipefail
fipsmod=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# expect STATUS ARGS...: fipsmod ARGS exits with STATUS (stdout in out, stderr in err).
expect() {
  local want=$1
  shift
  timeout 60 "$fipsmod" "$@" >out 2>err </dev/null
  local got=$?
  [ "$got" = "$want" ] || { fail "fipsmod $* exited $got, expected $want"; sed 's/^/    /' err; }
}
size() { stat -c %s "$1"; }

expect 0 entropy-samples 1000
[ "$(size out)" = 1000 ] || fail "1000 samples to standard output: $(size out) bytes"
expect 0 entropy-samples 0
[ "$(size out)" = 0 ] || fail "0 samples: $(size out) bytes"
# Past one chunk (1 MiB), into a file.
expect 0 entropy-samples -o samples.bin 1100000
[ "$(size samples.bin)" = 1100000 ] || fail "-o: $(size samples.bin) bytes"
[ ! -s out ] || fail "-o: something on standard output"
# Not constant (a stuck source would be).
[ "$(od -An -v -tu1 -w1 samples.bin | sort -u | wc -l)" -gt 16 ] || fail "fewer than 17 distinct sample values in 1.1M"
# Usage errors write nothing, not even an empty OUT.
for bad in -1 x 1e6 " 5" 1000000000001 ""; do
  expect 2 entropy-samples -o bad.bin "$bad"
  [ ! -e bad.bin ] || fail "count '$bad': OUT created"
done
expect 2 entropy-samples
expect 2 entropy-samples 1 2
# A write error exits 1.
if [ -w /dev/full ]; then
  timeout 60 "$fipsmod" entropy-samples 100000 >/dev/full 2>err
  [ $? = 1 ] || fail "write to /dev/full did not exit 1"
  grep -q "No space left on device" err || fail "write error not reported: $(cat err)"
fi
# Approved-only mode refuses it, and leaves OUT as it was.
echo keep >kept.bin
FIPSMOD_MODE=only expect 1 entropy-samples -o kept.bin 100
[ "$(cat kept.bin)" = keep ] || fail "approved-only: OUT changed"
grep -q "not approved" err || fail "approved-only: no reason given: $(cat err)"
# ... before OUT is opened: the refusal, not a missing directory, is what
# is reported (and a FIFO without a reader is not waited on).
FIPSMOD_MODE=only expect 1 entropy-samples -o missing/samples.bin 100
grep -qx "fipsmod entropy-samples: service not approved in approved-only mode" err ||
  fail "approved-only, OUT in a missing directory: $(cat err)"

[ "$failed" = 0 ] && echo "entropy-samples: all checks passed"
exit "$failed"
