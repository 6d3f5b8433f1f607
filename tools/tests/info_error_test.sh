#!/usr/bin/env bash
# fipsmod info with the module in its error state, which a build with
# FIPSMOD_BREAK_TESTS lets FIPSMOD_BREAK=<self-test> bring about: info (text
# and --json) exits 1 and shows the failure record, the test, its kernel,
# the expected and the computed value, the same the module wrote to stderr.
# The module operational, info exits 0 and the JSON's failure is null.
#
#   info_error_test.sh FIPSMOD_BINARY
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
json_ok() {  # json_ok FILE PYTHON-EXPRESSION: the expression holds for the parsed JSON j
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1], encoding="utf-8")); sys.exit(0 if eval(sys.argv[2]) else 1)' "$@"
}

"$fipsmod" info >ok.txt 2>ok.err
check "info, the module operational, exits 0" test $? = 0 -a ! -s ok.err
check "... and shows no failure" test -z "$(grep -i 'self-test failed' ok.txt)"
"$fipsmod" info --json >ok.json
check "info --json, the module operational, exits 0" test $? = 0
check "... with a null selftest_failure" json_ok ok.json 'j["module_state"] == "operational" and j["selftest_failure"] is None'

# The self-tests to break: a known answer that runs before the integrity
# test (the first listed), MD5's generic one (after it), and the integrity
# test where the build has it.
first=$("$fipsmod" selftest --known-answers | awk 'NR == 1 { print $1 }')
breaks=("$first" MD5/generic)
if json_ok ok.json 'j["integrity_test"]'; then breaks+=(integrity); fi
for test in "${breaks[@]}"; do
  FIPSMOD_BREAK=$test "$fipsmod" info >out 2>err
  check "FIPSMOD_BREAK=$test info exits 1" test $? = 1
  check "... shows the module in error" grep -qx "module state: error" out
  # What the module wrote to stderr when the test failed: "NAME (kernel
  # KERNEL): expected HEX, computed HEX".
  reported=$(sed -n 's/^fipsmod: self-test failed: //p' err)
  check "... the module reported $test failing" grep -Eqx "$(printf '%s' "$test" | sed 's/[][\.*^$/]/\\&/g') \(kernel [a-z0-9_-]+\): expected [0-9a-f]+, computed [0-9a-f]+" <(printf '%s\n' "$reported")
  check "... and info shows that record" grep -qxF "self-test failed: $reported" out
  check "... and still lists the kernels" grep -q "^md5:" out
  FIPSMOD_BREAK=$test "$fipsmod" info --json >out.json 2>/dev/null
  check "FIPSMOD_BREAK=$test info --json exits 1" test $? = 1
  check "... the record, field by field" json_ok out.json \
    'j["module_state"] == "error" and (f := j["selftest_failure"])["test"] == sys.argv[3] and "%s (kernel %s): expected %s, computed %s" % (f["test"], f["kernel"], f["expected"], f["computed"]) == sys.argv[4] and f["algorithm"] in [a["name"] for a in j["algorithms"]] and f["expected"] != f["computed"]' \
    "$test" "$reported"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
