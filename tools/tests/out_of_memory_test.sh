#!/usr/bin/env bash
# Every command, short of memory: from the least address space the program
# starts in (ulimit -v; the least in which `fipsmod --version` runs: below
# it the loader refuses, 127, or the kernel cannot finish the exec and the
# process dies of SIGSEGV before any of its code runs), in steps of 10 KiB
# up to the first limit it finishes in, each run ends as coreutils' programs end there: the result
# (exit 0), "PROGRAM: memory exhausted" (exit 1, nothing on standard
# output), or the loader's refusal (127). Never an abort: just above the
# loader's needs the C++ runtime can be left with no room even for the
# std::bad_alloc it would throw, and calls std::terminate.
#
#   out_of_memory_test.sh FIPSMOD
set -uo pipefail
fipsmod=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
passed=0 failed=0
check() {
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}

# The output, with selftest's timings ("160.9 us") left out.
same_output() { cmp -s <(sed -E 's/[0-9]+\.[0-9]+ us/T us/g' out) <(sed -E 's/[0-9]+\.[0-9]+ us/T us/g' want); }

# Exit 1's messages: the command's "memory exhausted", or, where the
# module's power-on self-tests could not run to their end, the module's
# error state (a FIPS module that cannot finish its self-tests refuses
# every service) with the reason; nothing on standard output either way.
out_of_memory_said() {
  [ ! -s out ] || return 1
  [ "$(cat err)" = "fipsmod $1: memory exhausted" ] && return 0
  [ "$(cat err)" = "fipsmod: self-test failed: (self-tests): the run could not complete: out of memory
fipsmod: module in error state: a self-test failed" ]
}

head -c 300000 /dev/urandom >data
head -c 32 /dev/urandom >key
commands=(
  "md5sum:md5sum data"
  "sha256sum:sha256sum data"
  "sha224sum:sha224sum -c sums"
  "hmac:hmac -k key data"
  "xor:xor data data"
  "info:info"
  "selftest:selftest"
)
"$fipsmod" sha224sum data >sums
start=1000
while [ "$start" -le 200000 ]; do
  { (ulimit -v "$start" && exec "$fipsmod" --version) >/dev/null 2>&1; } 2>/dev/null && break
  start=$((start + 250))
done
check "fipsmod --version runs under some ulimit -v up to 200000 (least: $start)" test "$start" -le 200000
for entry in "${commands[@]}"; do
  name=${entry%%:*}
  read -r -a args <<<"${entry#*:}"
  "$fipsmod" "${args[@]}" >want 2>/dev/null
  seen=""
  for ((limit = start; limit <= 200000; limit += 10)); do
    (ulimit -v "$limit" && exec "$fipsmod" "${args[@]}") >out 2>err
    status=$?
    case $status in
      127) ;;  # the loader, for a longer command line than --version's
      0) check "$name under ulimit -v $limit: exit 0 with its output" same_output; seen+=" $limit:0"; break ;;
      1) check "$name under ulimit -v $limit: exit 1 says memory exhausted, prints nothing ($(head -c 300 err))" \
           out_of_memory_said "$name"
         seen+=" $limit:1" ;;
      *) check "$name under ulimit -v $limit: exit $status, want 0, 1 or 127 ($(head -c 200 err))" false; break ;;
    esac
  done
  check "$name: a limit high enough gives the result (KiB:exit:$seen)" grep -q ':0$' <<<"$seen"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
