#!/usr/bin/env bash
# fipsmod rand, end to end: raw, --hex and --base64 output laid out as
# `openssl rand` lays it out (the same line lengths for the same N), -o OUT
# written as xor -o writes it (replaced only once all is written; a failed
# write leaves it as it was and no temporary file), write errors on
# standard output, and usage errors.
#
#   rand_test.sh FIPSMOD_BINARY
set -uo pipefail
fipsmod=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# run STATUS ARGS...: fipsmod rand ARGS must exit with STATUS (stdout in out, stderr in err).
run() {
  local want=$1
  shift
  timeout 30 "$fipsmod" rand "$@" >out 2>err </dev/null
  local got=$?
  if [ "$got" = "$want" ]; then ok; else fail "rand $*: exit $got, want $want"; sed 's/^/    /' err; fi
}

# Raw bytes: N of them, different each run.
run 0 16
[ "$(stat -c %s out)" = 16 ] && ok || fail "rand 16 wrote $(stat -c %s out) bytes"
cp out first
run 0 16
cmp -s out first && fail "two runs of rand 16 agree" || ok
run 0 200000
[ "$(stat -c %s out)" = 200000 ] && ok || fail "rand 200000 wrote $(stat -c %s out) bytes"

# Hex: 2N lowercase digits on one line.
for n in 1 16 33 100000; do
  run 0 --hex "$n"
  if [ "$(wc -l <out)" = 1 ] && [ "$(wc -c <out)" = $((2 * n + 1)) ] && ! tr -d '0-9a-f\n' <out | grep -q .; then
    ok
  else
    fail "--hex $n: $(head -c 80 out)"
  fi
done

# Base64: the lines of openssl rand -base64 N, and N bytes decoded.
for n in 1 2 3 47 48 49 96 100 1000 65520 65521 200000; do
  run 0 --base64 "$n"
  if [ "$(base64 -d <out | wc -c)" = "$n" ]; then ok; else fail "--base64 $n does not decode to $n bytes"; fi
  if command -v openssl >/dev/null; then
    openssl rand -base64 "$n" >ref
    if [ "$(awk '{print length}' out)" = "$(awk '{print length}' ref)" ]; then ok; else fail "--base64 $n: lines unlike openssl's"; fi
  fi
done
# Option spellings.
run 0 --b 3
[ "$(cat out)" != "" ] && [ "$(base64 -d <out | wc -c)" = 3 ] && ok || fail "--b (an abbreviation) is --base64"
run 2 --he 4  # --hex or --help: ambiguous, as getopt_long finds it
run 0 -- 4

# -o OUT: the bytes go to OUT, replacing it whole.
echo old >file
run 0 -o file --hex 8
[ ! -s out ] && grep -qxE '[0-9a-f]{16}' file && ok || fail "-o file"
run 0 --output=file 1000
[ "$(stat -c %s file)" = 1000 ] && ok || fail "--output=file"
run 0 -ofile 10
[ "$(stat -c %s file)" = 10 ] && ok || fail "-ofile"
# A failed write (over the file size limit) leaves OUT as it was, and no
# temporary file in its directory.
mkdir d
echo keep >d/file
(ulimit -f 8; trap '' XFSZ; "$fipsmod" rand -o d/file 100000 >out 2>err)
status=$?
[ "$status" = 1 ] && ok || fail "a write over the file size limit: exit $status, want 1"
[ "$(cat d/file)" = keep ] && [ "$(ls -A d)" = file ] && ok || fail "a failed write changed OUT or left a file: $(ls -A d)"
grep -q "^fipsmod rand: d/file: File too large" err && ok || fail "the message: $(cat err)"
run 1 -o missing/file 10
[ ! -e missing ] && grep -q "^fipsmod rand: " err && ok || fail "-o into a missing directory"
run 1 -o d 10
# Standard output that cannot be written: exit 1 and a message.
"$fipsmod" rand 100000 >/dev/full 2>err
status=$?
[ "$status" = 1 ] && [ -s err ] && ok || fail "rand >/dev/full: exit $status"
"$fipsmod" rand --hex 10 >/dev/full 2>err
status=$?
[ "$status" = 1 ] && [ -s err ] && ok || fail "rand --hex >/dev/full: exit $status"

# Usage errors: exit 2, a message pointing to --help, nothing written.
for args in "" "0" "-5" "abc" "1x" "1 2" "--hex --base64 4" "--hex=yes 4" "99999999999999999999" "-o"; do
  # shellcheck disable=SC2086
  run 2 $args
  [ ! -s out ] && grep -q "fipsmod rand" err && grep -q -- "--help" err && ok || fail "rand $args: $(cat err)"
done
run 0 --help
grep -q "^Usage: fipsmod rand" out && ok || fail "--help"

# info shows the DRBG.
"$fipsmod" info >out && grep -q "^DRBG: CTR_DRBG AES-256 with the derivation function, not seeded yet" out && ok ||
  fail "info: $(grep DRBG out)"
"$fipsmod" info --json | python3 -c 'import json,sys; d=json.load(sys.stdin)["drbg"]; assert d["seeded"] is False and d["reseed_interval"] == 1024' &&
  ok || fail "info --json has no drbg object"

echo "rand: $passed passed, $failed failed"
[ "$failed" = 0 ]
