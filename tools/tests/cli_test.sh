#!/usr/bin/env bash
# The fipsmod command line, end to end: help and usage errors, info and its
# JSON, xor against a reference, hmac against Python's hmac module,
# approved-only mode, and md5sum's progress line and memory use.
#
#   cli_test.sh FIPSMOD_BINARY [commands|large-files]
#
# In two parts of about equal length (ctest runs them side by side): the
# commands, and md5sum over files of hundreds of MiB (both by default).
set -uo pipefail
fipsmod=$(realpath "$1")
tests_dir=$(dirname "$(realpath "$0")")
part=${2:-all}
case $part in all | commands | large-files) ;; *) echo "unknown part $part"; exit 2 ;; esac
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
# exactly one line (or $lines) on stderr when STATUS is not 0, and nothing on
# stdout then.
expect_status() {
  local name=$1 want=$2
  shift 2
  "$fipsmod" "$@" >out 2>err </dev/null
  local got=$?
  if [ "$got" != "$want" ]; then
    failed=$((failed + 1)); echo "FAIL: $name: exit $got, want $want"; cat err; return
  fi
  if [ "$want" != 0 ] && { [ "$(wc -l <err)" != "${lines:-1}" ] || [ -s out ]; }; then
    failed=$((failed + 1)); echo "FAIL: $name: want ${lines:-1} line(s) on stderr and no output"; cat out err; return
  fi
  passed=$((passed + 1))
}

# Part large-files: md5sum's progress line and memory use over sparse files
# of hundreds of MiB (about half the time of the whole script).
if [ "$part" != commands ]; then
  # md5sum --progress on many files at once counts them all: two long sparse
  # files on one thread take long enough to be drawn.
  truncate -s 384M sparse-a sparse-b
  printf '#!/bin/sh\n"%s" md5sum -j 1 --progress sparse-a sparse-b\n' "$fipsmod" >many.sh
  chmod +x many.sh
  SHELL=/bin/sh script -qec ./many.sh /dev/null </dev/null >typescript3
  check "progress counts the files on a terminal" grep -qE "[0-2] of 2 files, [0-9.]+ MiB" typescript3
  # (5ec4c4cd... is coreutils' md5sum of 384 MiB of zeros, written out: it
  # never changes, and coreutils took most of a second to give it.)
  check "... and every sum is printed" test "$(grep -ac "5ec4c4cd4f2cb2450d3aa57dd6df84bb  sparse-" typescript3)" = 2
  rm -f sparse-a sparse-b

  # md5sum streams: a 1 GiB sparse file hashes with far less memory than its size.
  truncate -s 1G sparse
  max_rss_kib() { python3 -c 'import resource,subprocess,sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"; }
  rss=$(max_rss_kib "$fipsmod" md5sum sparse)
  check "md5sum of 1 GiB in under 64 MiB of memory (used ${rss} KiB)" test "$rss" -lt 65536
fi
# The rest is part commands.
if [ "$part" = large-files ]; then
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
fi

# The checks in Python run in one Python process (py, py_checks.bash).
# shellcheck source=tools/tests/py_checks.bash
. "$tests_dir/py_checks.bash" || exit 1
py_start

# Help and usage errors.
expect_status "help" 0 --help
check "help lists the commands" grep -q "md5sum" out
expect_status "no command" 2
expect_status "an empty command" 2 ""
expect_status "unknown command" 2 frobnicate
check "... named in quotes" grep -qxF "fipsmod: unknown command 'frobnicate' (see 'fipsmod --help')" err
expect_status "an unknown command holding a terminal escape" 2 $'\x1b]0;owned\x07'
check "... is quoted, its control bytes spelled out" grep -qF "unknown command ''\$'\\033'']0;owned'\$'\\a' (see" err
for cmd in info selftest; do
  expect_status "$cmd with an argument holding a terminal escape" 2 "$cmd" $'\x1b[2J'
  check "... is quoted" grep -qF "unexpected argument ''\$'\\033''[2J' (see" err
done
expect_status "version" 0 --version
for cmd in md5sum sha256sum sha224sum sha384sum sha512sum hmac info xor selftest; do
  expect_status "$cmd --help" 0 "$cmd" --help
  check "fipsmod --help lists $cmd" grep -q "^  $cmd " <("$fipsmod" --help)
done
# The summary of hmac names every hash its -a takes (the -a loop below
# runs the same four); the mode line points at the list of the services
# it refuses rather than naming a few.
for a in 224 256 384 512; do
  check "fipsmod --help's hmac line names SHA-$a" grep -Eq "^  hmac .*\b$a\b" <("$fipsmod" --help)
done
check "fipsmod --help says where the refused services are listed" \
  grep -q "^FIPSMOD_MODE=only .*'fipsmod info' lists them" <("$fipsmod" --help)
check "sha256sum --help names its algorithm" grep -qx "Print or check SHA256 (256-bit) checksums, as GNU sha256sum does." \
  <("$fipsmod" sha256sum --help)
check "sha512sum --help names its algorithm" grep -qx "Print or check SHA512 (512-bit) checksums, as GNU sha512sum does." \
  <("$fipsmod" sha512sum --help)
check "sha384sum --help names its algorithm" grep -qx "Print or check SHA384 (384-bit) checksums, as GNU sha384sum does." \
  <("$fipsmod" sha384sum --help)
check "hmac --help gives the line format" grep -qF '"<64 hex digits>  <name>"' <("$fipsmod" hmac --help)
expect_status "info with a bad option" 2 info --bogus
# md5sum words option errors as coreutils does: getopt's line, then a hint.
lines=2 expect_status "md5sum with a bad option" 1 md5sum --bogus
check "... worded as by coreutils" test "$(cat err)" = "fipsmod md5sum: unrecognized option '--bogus'
Try 'fipsmod md5sum --help' for more information."
lines=2 expect_status "md5sum --progress=1" 1 md5sum --progress=1
check "... names the long option" grep -qx "fipsmod md5sum: option '--progress' doesn't allow an argument" err

# Write errors: every command fails when its output cannot be written (a
# full device, a closed standard output, a pipe nobody reads while SIGPIPE
# is ignored), with coreutils' message.
unread_pipe() {  # unread_pipe COMMAND...: stdout is a pipe whose reader is gone
  # (perl starts in a few ms, Python in 0.2 s: this runs for every case).
  # The read end is closed before the command starts, and SIGPIPE stays
  # ignored across exec; the status is the command's own.
  perl -e 'pipe(my $r, my $w) or die "pipe: $!"; close $r; $SIG{PIPE} = "IGNORE";
open(STDOUT, ">&", $w) or die "dup: $!"; close $w; exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n"' "$@"
}
echo data >small
for args in "--help" "--version" "info" "info --json" "selftest" "selftest -v" "selftest --known-answers" \
  "md5sum small" "md5sum --help" "sha256sum small" "sha224sum small" "sha384sum small" "sha512sum small" "hmac -k small small" "hmac --help" \
  "info --help" "xor --help"; do
  read -ra argv <<<"$args"
  prefix="fipsmod"
  case $args in --*) ;; *) prefix="fipsmod ${argv[0]}" ;; esac
  "$fipsmod" "${argv[@]}" >/dev/full 2>err
  check "$args >/dev/full fails" test $? = 1 -a "$(cat err)" != ""
  check "... with a write error" grep -Eqx "$prefix: write error(: No space left on device)?" err
  "$fipsmod" "${argv[@]}" >&- 2>err
  check "$args >&- fails" test $? = 1
  check "... with a write error" grep -qx "$prefix: write error: Bad file descriptor" err
  unread_pipe "$fipsmod" "${argv[@]}" 2>err
  check "$args into a closed pipe fails" test $? = 1
  check "... with a write error" grep -Eqx "$prefix: write error(: Broken pipe)?" err
done
# A closed standard input is never replaced by a file opened later.
echo other >b
"$fipsmod" xor - b -o z <&- 2>err
check "xor from a closed stdin fails" test $? = 1
check "... saying why" grep -qx "fipsmod xor: -: Bad file descriptor" err
check "... and writes nothing" test ! -e z
# A closed descriptor stays closed (every open goes to 3 or above), so the
# names of a closed standard stream lead nowhere, as in coreutils.
for name in /dev/stdin /dev/fd/0 /proc/self/fd/0; do
  rm -f z
  "$fipsmod" xor "$name" b -o z <&- 2>err
  check "xor from $name with stdin closed fails" test $? = 1
  check "... saying why" grep -qxF "fipsmod xor: $name: No such file or directory" err
  check "... and writes nothing" test ! -e z
done
"$fipsmod" xor b b -o /dev/stdout >&- 2>err
check "xor -o /dev/stdout with stdout closed fails" test $? = 1
check "... as cp would" grep -qxF "fipsmod xor: not writing through dangling symlink '/dev/stdout'" err
"$fipsmod" xor b b -o /proc/self/fd/1 >&- 2>err
check "xor -o /proc/self/fd/1 with stdout closed fails" test $? = 1
check "... saying why" grep -qxF "fipsmod xor: /proc/self/fd/1: No such file or directory" err
"$fipsmod" xor b b -o /dev/stderr 2>&-
check "xor -o /dev/stderr with stderr closed fails" test $? = 1

# info, as text and as JSON.
expect_status "info" 0 info
check "info shows both algorithms" grep -q "^xor_bytes:" out
check "info shows sha256" grep -q "^sha256:" out
check "info shows hmac_sha256" grep -q "^hmac_sha256:" out
check "info shows sha512" grep -q "^sha512:" out
check "info shows a selected md5 kernel" grep -A20 "^md5:" out
json_ok() {  # json_ok FILE PYTHON-EXPRESSION: the expression holds for the parsed JSON j
  py 'import json,sys; j=json.load(open(sys.argv[1], encoding="utf-8")); sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}
"$fipsmod" info --json >info.json
# The JSON lists the algorithms the text does (a line "NAME:" followed by
# kernel lines, "  KERNEL  needs ..."), whatever they are.
text_algorithms=$(awk 'prev != "" && / needs / { print "\"" prev "\"" } { prev = ($0 ~ /^[a-z0-9_]+:$/) ? substr($0, 1, length($0) - 1) : "" }' out |
  LC_ALL=C sort | paste -sd, -)
check "info --json: the algorithms of the text, one selected kernel each" json_ok info.json \
  'sorted(a["name"] for a in j["algorithms"]) == sorted(['"$text_algorithms"']) and len(j["algorithms"]) >= 2 and all(sum(k["selected"] for k in a["kernels"]) == 1 and any(k["name"] == a["selected"] and k["usable"] for k in a["kernels"]) for a in j["algorithms"])'
FIPSMOD_DISABLE=all "$fipsmod" info --json >all.json
# (The kernel that needs nothing is "generic", or "single-stream" for md5_lanes.)
check "FIPSMOD_DISABLE=all: every algorithm on its kernel that needs no feature, every detected feature disabled" json_ok all.json \
  'all(k["needs"] == [] for a in j["algorithms"] for k in a["kernels"] if k["selected"]) and j["cpu_features"]["enabled"] == [] and j["cpu_features"]["disabled"] == j["cpu_features"]["detected"]'
# FIPSMOD_DISABLE can hold any bytes: the JSON stays valid (what is not
# UTF-8 becomes U+FFFD) and no control character reaches the terminal.
FIPSMOD_DISABLE=$'\xff,\xed\xa0\x80,caf\xc3\xa9,\xe2\x82,\x1b]0;owned\x07,\xc2\x9b2J,"q"\\' "$fipsmod" info --json >odd.json 2>odd.err
check "info --json with non-UTF-8 in FIPSMOD_DISABLE is valid JSON" json_ok odd.json \
  'j["cpu_features"]["unknown_in_fipsmod_disable"] == ["\ufffd", "\ufffd" * 3, "caf\u00e9", "\ufffd", "\x1b]0;owned\x07", "\x9b2J", "\"q\"\\"]'
check "... and escapes every control character (C0, DEL and C1)" py 'import sys; sys.exit(any((ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160 for c in open(sys.argv[1], encoding="utf-8").read()))' odd.json
check "... the warning escapes the names" grep -qF 'unknown feature "\x1b]0;owned\x07" ignored' odd.err
check "... and the bytes that are not ASCII" grep -qF 'unknown feature "\xed\xa0\x80" ignored' odd.err
no_controls() {  # no_controls FILE: no control byte but newline, no DEL
  py 'import sys; sys.exit(any((b < 32 and b != 10) or b == 127 for b in open(sys.argv[1], "rb").read()))' "$1"
}
check "... and holds no control character" no_controls odd.err
FIPSMOD_DISABLE=$'\x1b]0;owned\x07' "$fipsmod" info >odd.txt 2>/dev/null
check "info shows unknown names quoted" grep -qxF "unknown names in FIPSMOD_DISABLE (ignored): ''\$'\\033'']0;owned'\$'\\a'" odd.txt
check "... with no control character" no_controls odd.txt
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
  test "$(grep -c '^MD5/' kats)" = "$(py 'import json,sys; j=json.load(open("info.json")); print(sum(k["usable"] for a in j["algorithms"] if a["name"] == "md5" for k in a["kernels"]))')"
check "selftest -v: one passing line per test, in order" \
  test "$(awk '{print $1, $3}' out | head -n -1)" = "$(awk '{print $1, "pass"}' kats)"
check "selftest -v: the columns line up (each line's status at one offset)" \
  test "$(head -n -1 out | awk '{print index($0, " " $3 " ")}' | sort -u | wc -l)" = 1
check "selftest -v: the total" grep -Eq "^$(wc -l <kats) self-tests, 0 failed, [0-9.]+ us; the power-on run took [0-9.]+ us$" out
expect_status "selftest with a bad option" 2 selftest --bogus
# ... wherever it is: after --known-answers too, which then lists nothing.
expect_status "selftest --known-answers with a bad option after it" 2 selftest --known-answers --bogus
expect_status "selftest -v with a bad option after --known-answers" 2 selftest -v --known-answers -x

# The inputs of the xor and hmac cases below, and what they must print,
# from Python in one process up front (it takes 0.2 s to start, fipsmod a
# few ms; one run for each compared case was half of this script's time):
# a and b for xor (sizes across the 1 MiB chunk boundaries), keys of
# every length the hmac cases use (around the 64- and 128-byte blocks and
# the 14-byte rule), files empty, small and over the 1 MiB chunk.
head -c 3145733 /dev/urandom >a
head -c 2097155 /dev/urandom >b
: >empty
hmac_keys=(empty /dev/null)
for n in 0 1 13 14 32 63 64 65 127 128 129 200; do head -c "$n" /dev/urandom >"key$n"; hmac_keys+=("key$n"); done
head -c 3145729 /dev/urandom >big
printf 'abc' >abc
# want: a ^ b up to the shorter. mac[HASH/KEYFILE/FILE]: the hex HMAC of
# FILE under KEYFILE over HASH, from Python's hmac module, for every hash,
# key and file above.
declare -A mac
while read -r ref_hash ref_key ref_file ref_mac; do
  mac[$ref_hash/$ref_key/$ref_file]=$ref_mac
done < <(python3 -c 'import hmac, hashlib, sys
a = open("a", "rb").read(); b = open("b", "rb").read(); n = min(len(a), len(b))
open("want", "wb").write((int.from_bytes(a[:n], "big") ^ int.from_bytes(b[:n], "big")).to_bytes(n, "big"))
files = {f: open(f, "rb").read() for f in ("empty", "abc", "small", "big")}
for k in sys.argv[1:]:
    key = open(k, "rb").read()
    for h in ("sha224", "sha256", "sha384", "sha512"):
        for f, data in files.items():
            print(h, k, f, hmac.new(key, data, getattr(hashlib, h)).hexdigest())' "${hmac_keys[@]}")
[ "${#mac[@]}" = $((4 * ${#hmac_keys[@]} * 4)) ] || { echo "FAIL: the reference MACs were not computed"; exit 1; }
# hmac_ref_a HASH KEYFILE FILE...: the lines fipsmod hmac -a HASH must print
# (FILE - is standard input, which is the file named by $stdin_is).
hmac_ref_a() {
  local hash=$1 key=$2 f src
  shift 2
  for f; do
    src=$f; [ "$f" = - ] && src=${stdin_is-}
    local m=${mac[$hash/$key/$src]-}
    [ -n "$m" ] || { echo "no reference MAC for $hash/$key/$f" >&2; return 1; }
    printf '%s  %s\n' "$m" "$f"
  done
}
hmac_ref() { hmac_ref_a sha256 "$@"; }  # hmac_ref KEYFILE FILE...: the lines fipsmod hmac must print

# xor against the reference (want), across the 1 MiB chunk boundaries.
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
# xor and hmac word an unknown option as getopt_long does (and md5sum
# through it), then coreutils' hint; exit 2, their status for a usage error.
lines=2 expect_status "xor with a bad option" 2 xor a b --bogus
check "... worded as by getopt" test "$(cat err)" = "fipsmod xor: unrecognized option '--bogus'
Try 'fipsmod xor --help' for more information."
lines=2 expect_status "xor with a bad option and a value" 2 xor --bogus=1 a b
check "... worded as by getopt" test "$(cat err)" = "fipsmod xor: unrecognized option '--bogus=1'
Try 'fipsmod xor --help' for more information."
lines=2 expect_status "xor with a bad short option" 2 xor -x a b
check "... worded as by getopt" test "$(cat err)" = "fipsmod xor: invalid option -- 'x'
Try 'fipsmod xor --help' for more information."
lines=2 expect_status "xor with a bad short option before -o's letter" 2 xor -xo out a b
check "... names the first letter, as getopt" grep -qxF "fipsmod xor: invalid option -- 'x'" err
check "... as sha256sum words it" test "$(sed 's/fipsmod xor/P/g' err)" = "$(sha256sum -x 2>&1 | sed 's/sha256sum/P/g')"
lines=2 expect_status "xor with an option holding a terminal escape" 2 xor $'--\x1b]0;pwn\x07' a b
check "... is quoted, its control bytes spelled out" \
  grep -qxF "fipsmod xor: unrecognized option '--'\$'\\033'']0;pwn'\$'\\a'" err
check "... never raw" no_controls err
lines=2 expect_status "xor with a short option that is a control byte" 2 xor $'-\x1b' a b
check "... is quoted, spelled out" grep -qxF "fipsmod xor: invalid option -- ''\$'\\033'" err
check "... never raw" no_controls err
# -- ends the options: what follows are file names, even -x or --.
expect_status "xor -- A B" 0 xor -- a b
check "... is a ^ b" cmp want out
cp a ./-x && cp b ./--
expect_status "xor -- -x --" 0 xor -o got5 -- -x --
check "... reads the files -x and --" cmp want got5
expect_status "xor -- -x -o OUT: -o is a file name after --" 2 xor -- -x -o got6
check "... so there are three inputs" grep -qxF "fipsmod xor: expected two input files, got 3 (see 'fipsmod xor --help')" err
ln -s nowhere dang
expect_status "xor into a dangling link" 1 xor a b -o dang
check "... named in quotes, as cp does" grep -qxF "fipsmod xor: not writing through dangling symlink 'dang'" err
ln -s nowhere $'dang\x1b'
expect_status "xor into a dangling link with an awkward name" 1 xor a b -o $'dang\x1b'
check "... quoted, its control bytes spelled out" \
  grep -qxF "fipsmod xor: not writing through dangling symlink 'dang'\$'\\033'" err
expect_status "xor -o without a name" 2 xor a b -o

# hmac: HMAC-SHA-256 against Python's hmac module (hmac_ref, the MACs
# computed above), for keys shorter than, exactly, just over and far over
# the 64-byte block, and files empty, small and over the 1 MiB chunk.
for n in 0 1 32 63 64 65 200; do
  expect_status "hmac, a $n-byte key" 0 hmac -k "key$n" empty abc small big
  hmac_ref "key$n" empty abc small big >want
  check "... matches Python's hmac" cmp want out
done
"$fipsmod" hmac --key=key65 - abc <big >out
check "hmac --key=, from standard input" cmp out <(stdin_is=big hmac_ref key65 - abc)
"$fipsmod" hmac -k - abc small <key200 >out
check "hmac -k -: the key from standard input" cmp out <(hmac_ref key200 abc small)
"$fipsmod" hmac -kkey1 -- abc >out 2>/dev/null
check "hmac -kKEYFILE and --" cmp out <(hmac_ref key1 abc)
"$fipsmod" hmac --ke key1 abc >out 2>/dev/null
check "hmac --ke KEYFILE, an abbreviation as getopt_long takes it" cmp out <(hmac_ref key1 abc)
# xor reads its options as hmac does (tools/value_option.cpp).
printf 'ab' >xa; printf 'cd' >xb
for args in "-oxo xa xb" "-o xo xa xb" "--out xo xa xb" "xa xb --output=xo" "--o=xo xa xb"; do
  rm -f xo
  # shellcheck disable=SC2086
  "$fipsmod" xor $args
  check "xor $args" test "$(od -An -tx1 xo | tr -d ' ')" = "0206"
done
"$fipsmod" xor --he >out
check "xor --he: help" grep -q "^Usage: fipsmod xor" out
expect_status "xor --=x: no option" 2 xor --=x xa xb
check "... an empty name, ambiguous as getopt_long finds it" \
  grep -qxF "fipsmod xor: option '--=x' is ambiguous; possibilities: '--output' '--help' (see 'fipsmod xor --help')" err
expect_status "hmac --help=1: help takes no argument" 2 hmac --help=1
# RFC 4231 test case 2: key "Jefe".
printf 'Jefe' >jefe; printf 'what do ya want for nothing?' >msg
"$fipsmod" hmac -k jefe msg >out 2>/dev/null
check "hmac, RFC 4231 test case 2" test "$(cat out)" = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843  msg"
cp abc $'new\nline'
"$fipsmod" hmac -k key1 $'new\nline' >out 2>/dev/null
check "hmac escapes a name with a newline, as sha256sum" \
  test "$(cat out)" = "\\$(hmac_ref key1 abc | cut -c1-64)  new\\nline"
# Errors: one message each, quoted as coreutils quotes; no line for a file
# that failed; the other files are still done; exit 1.
expect_status "hmac with a missing key file" 1 hmac -k no-such-key abc
check "... says so" grep -qxF "fipsmod hmac: no-such-key: No such file or directory" err
expect_status "hmac with a directory as the key" 1 hmac -k . abc
check "... says so" grep -qxF "fipsmod hmac: .: Is a directory" err
expect_status "hmac with a missing file" 1 hmac -k key1 no-such-file
check "... names it" grep -qxF "fipsmod hmac: no-such-file: No such file or directory" err
"$fipsmod" hmac -k key64 abc no-such-file . $'bad\x1bname' big >out 2>err
check "hmac with unreadable files among good ones exits 1" test $? = 1
check "... prints the good files' lines only, whole" cmp out <(hmac_ref key64 abc big)
check "... and a message for each bad one" test "$(cat err)" = "fipsmod hmac: no-such-file: No such file or directory
fipsmod hmac: .: Is a directory
fipsmod hmac: 'bad'\$'\\033''name': No such file or directory"
expect_status "hmac with an empty file name" 1 hmac -k key1 ''
check "... quoted" grep -qxF "fipsmod hmac: '': No such file or directory" err
expect_status "hmac without -k" 2 hmac abc
check "... says what is missing" grep -qxF "fipsmod hmac: missing key file (-k KEYFILE) (see 'fipsmod hmac --help')" err
expect_status "hmac without a file" 2 hmac -k key1
check "... says what is missing" grep -qxF "fipsmod hmac: missing file operand (see 'fipsmod hmac --help')" err
expect_status "hmac with no arguments" 2 hmac
expect_status "hmac -k without its argument" 2 hmac -k
expect_status "hmac with an empty key file name" 2 hmac -k '' abc
expect_status "hmac with the key and a file both on stdin" 2 hmac -k - -
lines=2 expect_status "hmac with a bad option" 2 hmac -k key1 --bogus abc
check "... worded as by getopt" test "$(cat err)" = "fipsmod hmac: unrecognized option '--bogus'
Try 'fipsmod hmac --help' for more information."
check "... as sha256sum words it" test "$(sed 's/fipsmod hmac/P/g' err)" = "$(sha256sum --bogus 2>&1 | sed 's/sha256sum/P/g')"
lines=2 expect_status "hmac with a bad short option" 2 hmac -x -k key1 abc
check "... worded as by getopt" test "$(cat err)" = "fipsmod hmac: invalid option -- 'x'
Try 'fipsmod hmac --help' for more information."
check "... as sha256sum words it" test "$(sed 's/fipsmod hmac/P/g' err)" = "$(sha256sum -x 2>&1 | sed 's/sha256sum/P/g')"
lines=2 expect_status "hmac -h (no such short option)" 2 hmac -h
check "... worded as by getopt" grep -qxF "fipsmod hmac: invalid option -- 'h'" err
"$fipsmod" hmac -k key1 - <&- >out 2>err
check "hmac of a closed stdin fails" test $? = 1 -a ! -s out
check "... saying why" grep -qxF "fipsmod hmac: -: Bad file descriptor" err

# md5sum -j: a bad number of jobs is an option error, worded as coreutils
# words a bad number (then the hint), exit 1, nothing hashed.
for bad in 0 x -1 1025 "" 2x " 2" 99999999999999999999999; do
  lines=2 expect_status "md5sum -j $(printf %q "$bad")" 1 md5sum -j "$bad" abc abc
  check "... says so" test "$(cat err)" = "fipsmod md5sum: invalid number of jobs: '$bad'
Try 'fipsmod md5sum --help' for more information."
done
lines=2 expect_status "md5sum --jobs=0" 1 md5sum --jobs=0 abc abc
check "... says so" grep -qxF "fipsmod md5sum: invalid number of jobs: '0'" err
lines=2 expect_status "md5sum -j without a number" 1 md5sum abc -j
check "... as getopt says it" grep -qxF "fipsmod md5sum: option requires an argument -- 'j'" err
expect_status "md5sum -j 1024" 0 md5sum -j 1024 abc abc
expect_status "md5sum --jobs 2" 0 md5sum --jobs 2 abc abc
check "md5sum --help documents --jobs" grep -qE '^  -j, --jobs=N ' <("$fipsmod" md5sum --help)

# md5sum --progress: a line on a terminal while a slow input is hashed, and
# nothing without a terminal.
cat >slow.sh <<SLOW
#!/usr/bin/env bash
{ head -c 2097152 /dev/zero; sleep 0.6; head -c 1048576 /dev/zero; } | "$fipsmod" md5sum --progress
SLOW
chmod +x slow.sh
SHELL=/bin/sh script -qec ./slow.sh /dev/null </dev/null >typescript
check "progress is drawn on a terminal" grep -q "MiB" typescript
check "the sum is still printed" grep -q "$(head -c 3145728 /dev/zero | md5sum | cut -c1-32)" typescript
./slow.sh >sum.out 2>progress.err
check "no progress without a terminal" test ! -s progress.err
# A file name holding a terminal escape is shown quoted, as in error
# messages, so it cannot set the window title.
title=$'\x1b]0;owned\x07'
mkfifo "$title"
# The name is spelled inside the script: script(1) runs its command with
# $SHELL, which is sh where SHELL is unset (as under CI), and sh does not
# read bash's $'...' quoting. SHELL is pinned to sh to test that case.
cat >slow-name.sh <<SLOW
#!/usr/bin/env bash
name=$(printf %q "$title")
{ head -c 2097152 /dev/zero; sleep 0.6; head -c 1048576 /dev/zero; } >"\$name" &
"$fipsmod" md5sum --progress -- "\$name" >/dev/null
wait
SLOW
chmod +x slow-name.sh
SHELL=/bin/sh script -qec ./slow-name.sh /dev/null </dev/null >typescript2
check "progress shows an awkward name quoted" grep -qF "''\$'\\033'']0;owned'\$'\\a': " typescript2
check "... never raw" py 'import sys; sys.exit(b"\x1b]0;" in open(sys.argv[1], "rb").read())' typescript2

# Approved-only mode (FIPSMOD_MODE=only): MD5 and HMAC under a key shorter
# than 14 bytes are refused with one line on stderr, exit 1 and nothing on
# stdout; SHA-256, SHA-224, HMAC under 14 bytes and more, and xor still run.
# (key13 and key14 are made with the others, above.)
FIPSMOD_MODE=only expect_status "md5sum under FIPSMOD_MODE=only" 1 md5sum abc
check "... says MD5 is not approved" grep -qxF "fipsmod md5sum: MD5 is not an approved service (FIPSMOD_MODE=only)" err
# The missing file first: without the check up front, its "FAILED open or
# read" line would reach stdout before MD5 is refused.
printf '%s  missing\n%s  abc\n' 0123456789abcdef0123456789abcdef "$("$fipsmod" md5sum <abc | cut -d' ' -f1)" >md5list
FIPSMOD_MODE=only expect_status "md5sum --check under FIPSMOD_MODE=only, a file missing" 1 md5sum --check md5list
check "... refused before any line" grep -qxF "fipsmod md5sum: MD5 is not an approved service (FIPSMOD_MODE=only)" err
FIPSMOD_MODE=only expect_status "sha256sum under FIPSMOD_MODE=only" 0 sha256sum abc small
check "... prints the sums sha256sum prints" cmp out <(sha256sum abc small)
FIPSMOD_MODE=only expect_status "sha224sum under FIPSMOD_MODE=only" 0 sha224sum abc
check "... prints the sum sha224sum prints" cmp out <(sha224sum abc)
FIPSMOD_MODE=only expect_status "sha384sum under FIPSMOD_MODE=only" 0 sha384sum abc small
check "... prints the sums sha384sum prints" cmp out <(sha384sum abc small)
FIPSMOD_MODE=only expect_status "sha512sum under FIPSMOD_MODE=only" 0 sha512sum abc small
check "... prints the sums sha512sum prints" cmp out <(sha512sum abc small)
FIPSMOD_MODE=only expect_status "hmac with a 13-byte key under FIPSMOD_MODE=only" 1 hmac -k key13 abc
check "... says the key is too short" \
  grep -qxF "fipsmod hmac: a key of 13 bytes is not approved for HMAC (at least 14 bytes; FIPSMOD_MODE=only)" err
FIPSMOD_MODE=only expect_status "hmac with a 14-byte key under FIPSMOD_MODE=only" 0 hmac -k key14 abc small
check "... matches Python's hmac" cmp out <(hmac_ref key14 abc small)
expect_status "hmac with a 13-byte key in the default mode" 0 hmac -k key13 abc
check "... matches Python's hmac" cmp out <(hmac_ref key13 abc)
# In the default mode HMAC under a key shorter than 14 bytes still runs, as
# a non-approved service: the MACs, exit 0, and one line on stderr (the
# module's service indicator) however many files; 14 bytes and more, none.
printf 'x' | "$fipsmod" hmac -k - abc >out 2>err
check "hmac under a 1-byte key from standard input exits 0" test $? = 0
check "... says it is not approved" grep -qxF "fipsmod hmac: warning: HMAC-SHA-256 under a key of 1 byte is not an approved service (approved keys have at least 14 bytes)" err
for key in empty:0 /dev/null:0 key1:1 key13:13; do
  file=${key%:*} size=${key#*:}
  "$fipsmod" hmac -k "$file" abc small empty >out 2>err
  check "hmac under the $size-byte key $file exits 0" test $? = 0
  check "... prints every MAC" cmp out <(hmac_ref "$file" abc small empty)
  unit=bytes; [ "$size" = 1 ] && unit=byte
  check "... and says once that it is not an approved service" test "$(cat err)" = \
    "fipsmod hmac: warning: HMAC-SHA-256 under a key of $size $unit is not an approved service (approved keys have at least 14 bytes)"
done
for key in key14 key64 key200; do
  "$fipsmod" hmac -k "$key" abc small >out 2>err
  check "hmac under $key: nothing on stderr (approved)" test $? = 0 -a ! -s err
done
check "hmac --help says a short key is warned about" \
  grep -qF "one line on standard error says that it is not an approved service" <("$fipsmod" hmac --help | tr '\n' ' ')

# hmac -a: each hash against Python's hmac module over the same hash, for
# keys around both block sizes (64 and 128 bytes) and past them; the
# default is sha256; the 14-byte rule over every hash, both ways, in both
# modes, the warning naming the hash; an unknown name is a usage error.
# (hmac_ref_a and the keys are above.)
for a in sha224 sha256 sha384 sha512; do
  for n in 0 1 13 14 32 63 64 65 127 128 129 200; do
    expect_status "hmac -a $a, a $n-byte key" 0 hmac -a "$a" -k "key$n" empty abc small big
    check "... matches Python's hmac over $a" cmp out <(hmac_ref_a "$a" "key$n" empty abc small big)
  done
  name=${a/sha/SHA-}
  "$fipsmod" hmac -a "$a" -k key13 abc small >out 2>err
  check "hmac -a $a under a 13-byte key exits 0" test $? = 0
  check "... prints the MACs" cmp out <(hmac_ref_a "$a" key13 abc small)
  check "... and warns once, naming HMAC-$name" test "$(cat err)" = \
    "fipsmod hmac: warning: HMAC-$name under a key of 13 bytes is not an approved service (approved keys have at least 14 bytes)"
  "$fipsmod" hmac -a "$a" -k key14 abc small >out 2>err
  check "hmac -a $a under a 14-byte key: exit 0, no warning (approved)" test $? = 0 -a ! -s err
  FIPSMOD_MODE=only expect_status "hmac -a $a with a 13-byte key under FIPSMOD_MODE=only" 1 hmac -a "$a" -k key13 abc
  check "... says the key is too short" \
    grep -qxF "fipsmod hmac: a key of 13 bytes is not approved for HMAC (at least 14 bytes; FIPSMOD_MODE=only)" err
  FIPSMOD_MODE=only expect_status "hmac -a $a with a 14-byte key under FIPSMOD_MODE=only" 0 hmac -a "$a" -k key14 abc small
  check "... matches Python's hmac" cmp out <(hmac_ref_a "$a" key14 abc small)
done
"$fipsmod" hmac -k key32 abc small >want
"$fipsmod" hmac -a sha256 -k key32 abc small >out
check "hmac: sha256 is the default" cmp want out
"$fipsmod" hmac --algorithm=sha384 -k key32 abc >out
check "hmac --algorithm=sha384" cmp out <(hmac_ref_a sha384 key32 abc)
"$fipsmod" hmac --alg sha512 -k key32 abc >out
check "hmac --alg sha512, an abbreviation as getopt_long takes it" cmp out <(hmac_ref_a sha512 key32 abc)
"$fipsmod" hmac -asha224 -kkey32 abc >out
check "hmac -asha224 -kKEYFILE" cmp out <(hmac_ref_a sha224 key32 abc)
"$fipsmod" hmac -a sha224 -a sha512 -k key32 abc >out
check "hmac: the last -a wins, as the last -k does" cmp out <(hmac_ref_a sha512 key32 abc)
"$fipsmod" hmac -a sha384 -k key32 $'new\nline' >out 2>/dev/null
check "hmac -a sha384 escapes a name with a newline, as sha384sum" \
  test "$(cat out)" = "\\$(hmac_ref_a sha384 key32 abc | cut -c1-96)  new\\nline"
# Unknown names, and how the message quotes each (as every argument).
bad_names=(md5 SHA256 sha-256 sha512-256 sha '' $'sha\x1b')
bad_quoted=("'md5'" "'SHA256'" "'sha-256'" "'sha512-256'" "'sha'" "''" "'sha'\$'\\033'")
for i in "${!bad_names[@]}"; do
  lines=7 expect_status "hmac -a ${bad_quoted[i]}: an unknown hash" 2 hmac -a "${bad_names[i]}" -k key32 abc
  check "... worded as coreutils' argmatch words it, listing the hashes" test "$(cat err)" = \
    "fipsmod hmac: invalid argument ${bad_quoted[i]} for '--algorithm'
Valid arguments are:
  - 'sha224'
  - 'sha256'
  - 'sha384'
  - 'sha512'
Try 'fipsmod hmac --help' for more information."
done
lines=7 expect_status "hmac -a md5 before anything is read" 2 hmac -a md5 -k no-such-key no-such-file
check "... as cksum words its first line" test "$(head -1 err | sed 's/fipsmod hmac/P/')" = \
  "$(LC_ALL=C cksum -a md5x /dev/null 2>&1 | head -1 | sed 's/cksum/P/; s/md5x/md5/')"
expect_status "hmac -a without its argument" 2 hmac -k key32 abc -a
check "... says what it needs" grep -qxF "fipsmod hmac: option '-a' needs a hash name (see 'fipsmod hmac --help')" err
expect_status "hmac --algorithm without its argument" 2 hmac -k key32 abc --algorithm
expect_status "hmac --=x: ambiguous" 2 hmac --=x -k key32 abc
check "... as getopt_long lists the possibilities" grep -qxF \
  "fipsmod hmac: option '--=x' is ambiguous; possibilities: '--key' '--algorithm' '--help' (see 'fipsmod hmac --help')" err
check "hmac --help documents -a and its names" grep -qE "^  -a, --algorithm ALGORITHM +the hash: sha224, sha256 \(the default\), sha384" \
  <("$fipsmod" hmac --help)
check "info says a short key is warned about" \
  grep -qxF "HMAC under a key shorter than 14 bytes: not approved; fipsmod hmac says so on standard error (FIPSMOD_MODE=only refuses it)" \
  <("$fipsmod" info)
FIPSMOD_MODE=only expect_status "xor under FIPSMOD_MODE=only (not a cryptographic service)" 0 xor abc abc -o xored
check "... writes the result" cmp xored <(printf '\0\0\0')
FIPSMOD_MODE=only expect_status "info under FIPSMOD_MODE=only" 0 info
check "... shows the mode" grep -qx "mode: approved-only (non-approved services are refused)" out
check "info shows the default mode" grep -qx "mode: all services" <("$fipsmod" info)
FIPSMOD_MODE=only "$fipsmod" info --json >only.json
check "info --json: the mode and every service's status" json_ok only.json \
  'j["mode"] == "approved_only" and len(j["services"]) >= 20 and all(s["refused_in_approved_only_mode"] == (s["cryptographic"] and not s["approved"]) for s in j["services"]) and {s["name"]: (s["approved"], s["cryptographic"]) for s in j["services"] if s["name"] in ("MD5", "SHA-256", "SHA-512", "HMAC-SHA-256, key >= 14 bytes", "HMAC-SHA-256, key < 14 bytes", "XORBytes")} == {"MD5": (False, True), "SHA-256": (True, True), "SHA-512": (True, True), "HMAC-SHA-256, key >= 14 bytes": (True, True), "HMAC-SHA-256, key < 14 bytes": (False, True), "XORBytes": (False, False)}'
check "... the same services as in the default mode, in the same order" json_ok only.json \
  '[s["name"] for s in j["services"]] == [s["name"] for s in json.load(open("info.json"))["services"]]'
check "info --json: the default mode" json_ok info.json 'j["mode"] == "all_services"'
# The text's service rows: each status starts in the same column, however
# long the longest service name ("HKDF-SHA-512/224, secret >= 14 bytes").
"$fipsmod" info >info.txt
check "info: the services' status column lines up" py '
import json, sys
names = [s["name"] for s in json.load(open("info.json"))["services"]]
lines = open("info.txt").read().splitlines()
starts = set()
for n in names:
    row = next(l for l in lines if l.startswith("  " + n + " "))
    rest = row[2 + len(n):]
    starts.add(2 + len(n) + len(rest) - len(rest.lstrip(" ")))
sys.exit(0 if len(starts) == 1 else 1)'
FIPSMOD_MODE=strict expect_status "an unknown FIPSMOD_MODE refuses every service" 1 md5sum abc
check "... saying so once on stderr" grep -qxF 'fipsmod: unknown FIPSMOD_MODE "strict": every service refused (known: "only", or unset or empty for all services)' err
# ... refused before a command opens its output: the mode, not a missing
# directory, is what rand, xor and entropy-samples report (and an OUT that
# is a FIFO without a reader is not waited on).
for args in "rand -o missing/out 16" "xor abc abc -o missing/out" "entropy-samples -o missing/out 16"; do
  # shellcheck disable=SC2086
  FIPSMOD_MODE=strict expect_status "$args under an unknown FIPSMOD_MODE" 1 $args
  check "... saying only that the mode is unknown" grep -qxF 'fipsmod: unknown FIPSMOD_MODE "strict": every service refused (known: "only", or unset or empty for all services)' err
done
FIPSMOD_MODE=strict "$fipsmod" info >out 2>err
check "info under an unknown FIPSMOD_MODE exits 1" test $? = 1
check "... and its mode line names the value" grep -qF 'mode: invalid, every service refused: unknown FIPSMOD_MODE "strict"' out
FIPSMOD_MODE=strict "$fipsmod" info --json >bad-mode.json 2>err
check "info --json under an unknown FIPSMOD_MODE: the mode is invalid" json_ok bad-mode.json 'j["mode"] == "invalid"'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
