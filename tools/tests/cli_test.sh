#!/usr/bin/env bash
# The fipsmod command line, end to end: help and usage errors, info and its
# JSON, xor against a reference, and md5sum's progress line and memory use.
#
#   cli_test.sh FIPSMOD_BINARY
set -uo pipefail
fipsmod=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
passed=0
failed=0

check() {  # check NAME COMMAND...: the command must succeed
  local name=$1
  shift
  if "$@" >check.log 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    sed 's/^/    /' check.log
  fi
}

# expect_status NAME STATUS ARGS...: fipsmod ARGS exits with STATUS, prints
# exactly one line on stderr when STATUS is not 0, and nothing on stdout then.
expect_status() {
  local name=$1 want=$2
  shift 2
  "$fipsmod" "$@" >out 2>err </dev/null
  local got=$?
  if [ "$got" != "$want" ]; then
    failed=$((failed + 1)); echo "FAIL: $name: exit $got, want $want"; cat err; return
  fi
  if [ "$want" != 0 ] && { [ "$(wc -l <err)" != 1 ] || [ -s out ]; }; then
    failed=$((failed + 1)); echo "FAIL: $name: want one line on stderr and no output"; cat out err; return
  fi
  passed=$((passed + 1))
}

# Help and usage errors.
expect_status "help" 0 --help
check "help lists the commands" grep -q "md5sum" out
expect_status "no command" 2
expect_status "an empty command" 2 ""
expect_status "unknown command" 2 frobnicate
expect_status "version" 0 --version
for cmd in md5sum info xor selftest; do expect_status "$cmd --help" 0 "$cmd" --help; done
expect_status "info with a bad option" 2 info --bogus
expect_status "md5sum with a bad option" 1 md5sum --bogus

# info, as text and as JSON.
expect_status "info" 0 info
check "info shows both algorithms" grep -q "^xor_bytes:" out
check "info shows a selected md5 kernel" grep -A20 "^md5:" out
json_ok() {  # json_ok FILE PYTHON-EXPRESSION: the expression holds for the parsed JSON j
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}
"$fipsmod" info --json >info.json
check "info --json: one selected kernel per algorithm" json_ok info.json \
  'sorted(a["name"] for a in j["algorithms"]) == ["md5", "xor_bytes"] and all(sum(k["selected"] for k in a["kernels"]) == 1 and any(k["name"] == a["selected"] and k["usable"] for k in a["kernels"]) for a in j["algorithms"])'
FIPSMOD_DISABLE=all "$fipsmod" info --json >all.json
check "FIPSMOD_DISABLE=all: everything generic, every detected feature disabled" json_ok all.json \
  'all(a["selected"] == "generic" for a in j["algorithms"]) and j["cpu_features"]["enabled"] == [] and j["cpu_features"]["disabled"] == j["cpu_features"]["detected"]'
FIPSMOD_DISABLE=bogus "$fipsmod" info --json >bogus.json 2>bogus.err
check "an unknown FIPSMOD_DISABLE name is reported" json_ok bogus.json 'j["cpu_features"]["unknown_in_fipsmod_disable"] == ["bogus"]'
check "... and warned about on stderr" grep -q 'unknown feature "bogus"' bogus.err

check "info shows the module operational" grep -q "^module state: operational$" <("$fipsmod" info)
check "info --json: module_state" json_ok info.json 'j["module_state"] == "operational"'

# selftest: one line per known-answer test, in the order --known-answers
# lists them, all passing, then the total.
expect_status "selftest -v" 0 selftest -v
"$fipsmod" selftest --known-answers >kats
check "selftest lists a test for each kernel, md5 and xor_bytes" \
  test "$(grep -c '^MD5/' kats)" = "$(python3 -c 'import json,sys; j=json.load(open("info.json")); print(sum(k["usable"] for a in j["algorithms"] if a["name"] == "md5" for k in a["kernels"]))')"
check "selftest -v: one passing line per test, in order" \
  test "$(awk '{print $1, $3}' out | head -n -1)" = "$(awk '{print $1, "pass"}' kats)"
check "selftest -v: the total" grep -Eq "^$(wc -l <kats) self-tests, 0 failed, [0-9.]+ us; the power-on run took [0-9.]+ us$" out
expect_status "selftest with a bad option" 2 selftest --bogus

# xor against a Python reference, across the 1 MiB chunk boundaries.
head -c 3145733 /dev/urandom >a
head -c 2097155 /dev/urandom >b
xor_ref() { python3 -c 'import sys; a=open(sys.argv[1],"rb").read(); b=open(sys.argv[2],"rb").read(); n=min(len(a),len(b)); sys.stdout.buffer.write(bytes(x^y for x,y in zip(a[:n],b[:n])))' "$1" "$2"; }
xor_ref a b >want
expect_status "xor -o" 0 xor a b -o got
check "xor output is a ^ b up to the shorter" cmp want got
"$fipsmod" xor b a >got2
check "xor to stdout, inputs swapped" cmp want got2
cat a | "$fipsmod" xor - b --output=got3
check "xor from a pipe" cmp want got3
: >empty
"$fipsmod" xor a empty -o got4
check "xor with an empty input gives an empty output" test -f got4 -a ! -s got4
expect_status "xor with a missing input" 1 xor a missing -o never
check "... leaves no output file" test ! -e never
expect_status "xor into a missing directory" 1 xor a b -o no/such/dir/out
expect_status "xor of a directory" 1 xor a . -o never2
check "... leaves no output or temporary file" test -z "$(ls | grep -e never2 -e fipsmod-)"
expect_status "xor with one input" 2 xor a
expect_status "xor with stdin twice" 2 xor - -
expect_status "xor with a bad option" 2 xor a b --bogus
expect_status "xor -o without a name" 2 xor a b -o

# md5sum --progress: a line on a terminal while a slow input is hashed, and
# nothing without a terminal.
cat >slow.sh <<SLOW
#!/usr/bin/env bash
{ head -c 2097152 /dev/zero; sleep 0.6; head -c 1048576 /dev/zero; } | "$fipsmod" md5sum --progress
SLOW
chmod +x slow.sh
script -qec ./slow.sh /dev/null </dev/null >typescript
check "progress is drawn on a terminal" grep -q "MiB" typescript
check "the sum is still printed" grep -q "$(head -c 3145728 /dev/zero | md5sum | cut -c1-32)" typescript
./slow.sh >sum.out 2>progress.err
check "no progress without a terminal" test ! -s progress.err

# md5sum streams: a 1 GiB sparse file hashes with far less memory than its size.
truncate -s 1G sparse
max_rss_kib() { python3 -c 'import resource,subprocess,sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"; }
rss=$(max_rss_kib "$fipsmod" md5sum sparse)
check "md5sum of 1 GiB in under 64 MiB of memory (used ${rss} KiB)" test "$rss" -lt 65536

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
