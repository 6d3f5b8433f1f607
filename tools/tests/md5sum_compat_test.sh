#!/usr/bin/env bash
# fipsmod md5sum against GNU coreutils md5sum, byte for byte: the same
# standard output and exit status for files of many sizes and awkward names,
# every output mode, and --check on good, bad and malformed lists. Standard
# error must match too once the program name is aligned.
#
#   md5sum_compat_test.sh FIPSMOD_BINARY
set -uo pipefail
fipsmod=$(realpath "$1")
command -v md5sum >/dev/null || { echo "coreutils md5sum not found"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

passed=0
failed=0

# run_both NAME STDIN ARGS...: runs both programs with ARGS (and STDIN as
# standard input) and compares what they print and their exit statuses.
# With usage_error=1 in the environment, standard error is only required to
# be one line: coreutils adds a second "Try --help" line, fipsmod says it on
# the same line.
run_both() {
  local name=$1 input=$2
  shift 2
  md5sum "$@" <"$input" >gnu.out 2>gnu.err
  local gnu_rc=$?
  "$fipsmod" md5sum "$@" <"$input" >ours.out 2>ours.err
  local our_rc=$?
  sed -i 's/^md5sum: /fipsmod md5sum: /' gnu.err
  if [ "${usage_error:-0}" = 1 ]; then
    [ "$(wc -l <ours.err)" = 1 ] && head -n 1 gnu.err >gnu.err.1 && mv gnu.err.1 gnu.err &&
      sed -i "s/ (see 'fipsmod md5sum --help')\$//" ours.err
  fi
  if cmp -s gnu.out ours.out && cmp -s gnu.err ours.err && [ "$gnu_rc" = "$our_rc" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (md5sum exit $gnu_rc, fipsmod exit $our_rc)"
    echo "--- md5sum stdout / fipsmod stdout:"; od -c gnu.out | head -20; od -c ours.out | head -20
    echo "--- md5sum stderr / fipsmod stderr:"; cat gnu.err; cat ours.err
  fi
}

# Files: the sizes around MD5's block and padding boundaries, and one over a MiB.
sizes=(0 1 55 56 63 64 65 119 120 1048579)
files=()
for n in "${sizes[@]}"; do
  head -c "$n" /dev/urandom >"size-$n"
  files+=("size-$n")
done
awkward=(
  "with space" " leading space" "trailing space " $'tab\there' 'back\slash' $'new\nline' $'carriage\rreturn'
  '*star' '-dash' $'\xc3\xbcnicode' "quote'd" 'paren)name' 'MD5 (x) = y' 'double\\backslash' $'both\\and\n'
)
for name in "${awkward[@]}"; do
  head -c 100 /dev/urandom >"$name"
  files+=("$name")
done
: >empty-input

run_both "every file, text mode" empty-input -- "${files[@]}"
run_both "binary mode" empty-input -b -- "${files[@]}"
run_both "BSD tags" empty-input --tag -- "${files[@]}"
run_both "NUL-terminated" empty-input -z -- "${files[@]}"
run_both "standard input" size-1048579
run_both "standard input as -" size-65 - size-1 -
run_both "a missing file among others" empty-input size-1 missing-file size-55
run_both "a directory" empty-input size-1 .
usage_error=1 run_both "unknown option" empty-input --definitely-not-an-option
usage_error=1 run_both "--quiet without --check" empty-input --quiet size-1
usage_error=1 run_both "--tag with --text" empty-input --tag --text size-1
usage_error=1 run_both "--binary with --check" empty-input -b -c good.list

# --check on lists written by md5sum itself.
md5sum -- "${files[@]}" >good.list
md5sum -b -- "${files[@]}" >binary.list
md5sum --tag -- "${files[@]}" >tagged.list
sed '3s/^\(.\)./\10/; 3s/^\(.\)0/\11/' good.list >bad.list   # change one digit of the third line
cp good.list missing.list
echo "d41d8cd98f00b204e9800998ecf8427e  no-such-file" >>missing.list
for list in good binary tagged bad missing; do
  run_both "--check $list" empty-input -c "$list.list"
  run_both "--check --quiet $list" empty-input -c --quiet "$list.list"
  run_both "--check --status $list" empty-input -c --status "$list.list"
done
run_both "--check --ignore-missing" empty-input -c --ignore-missing missing.list
run_both "--check from standard input" good.list -c
run_both "--check from -" good.list -c -
run_both "--check a missing list" empty-input -c no-such-list
run_both "--check a directory" empty-input -c .
run_both "--check several lists" empty-input -c good.list bad.list tagged.list

# --check on malformed and unusual lines, one list per line, each checked
# plain, with --warn and with --strict.
d=$(md5sum <size-1 | cut -c1-32)
D=${d^^}
lines=(
  "$d  size-1" "$d *size-1" "$d size-1" "$D  size-1" "  $d  size-1" $'\t'"$d  size-1" "$d"$'\t'" size-1"
  "$d"$'\t'"size-1" "$d" "$d " "$d  " "${d:1}  size-1" "${d}0  size-1" "x${d:1}  size-1" "$d  size-1 "
  "MD5 (size-1) = $d" "MD5(size-1)= $d" "MD5 (size-1)=$d" "MD5 (size-1) = $d " "MD5 (size-1) = ${d:1}"
  "MD5 size-1) = $d" "MD5 (size-1 = $d" "SHA1 (size-1) = $d" "md5 (size-1) = $d" "MD5  (size-1) = $d"
  "\\$d  size-1" "\\$d  size\\x" "\\$d  size\\" "\\MD5 (size-1) = $d" "$d  size\\n1" "# comment"
  "#$d  size-1" " #$d  size-1" "" " " $'\r' "$d  size-1"$'\r' "$d  size-1"$'\r\r' "$d  -" "$d  no-such-file"
  "$d  *size-1" "$d **size-1" "$d  " "$d   size-1"
)
i=0
for line in "${lines[@]}"; do
  i=$((i + 1))
  printf '%s\n' "$line" >line.list
  run_both "line $i plain: $line" empty-input -c line.list
  run_both "line $i --warn" empty-input -c --warn line.list
  run_both "line $i --strict" empty-input -c --strict line.list
  run_both "line $i on stdin" line.list -c
done
# Lines that printf %s cannot carry: embedded NULs, no final newline.
printf '%s  size-1\0junk\n' "$d" >nul.list && run_both "NUL inside the name" empty-input -c nul.list
printf '%s\0 size-1\n' "$d" >nul2.list && run_both "NUL after the digits" empty-input -c nul2.list
printf '%s  size-1' "$d" >nonl.list && run_both "no final newline" empty-input -c nonl.list
# The reversed BSD format, alone and mixed with the standard one.
printf '%s size-1\n%s size-55\n' "$d" "$(md5sum <size-55 | cut -c1-32)" >rev.list
run_both "reversed BSD format" empty-input -c rev.list
cat rev.list good.list >mixed.list && run_both "reversed, then standard" empty-input -c --warn mixed.list
cat good.list rev.list >mixed2.list && run_both "standard, then reversed" empty-input -c --warn mixed2.list
run_both "reversed decided by the first list" empty-input -c --warn rev.list good.list

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
