#!/usr/bin/env bash
# Every object of the given static libraries must keep control-flow
# protection on for a program that links it (docs/design.md, "Control-flow
# protection"):
#
#  1. its GNU property note says x86 feature IBT and SHSTK (x86_64), or
#     AArch64 feature BTI and PAC (aarch64), as `readelf -n` reads it;
#  2. every global or weak function it defines starts with a landing pad:
#     endbr64 (x86_64); bti c, or paciasp/pacibsp, which are landing pads
#     too (aarch64);
#  3. the objects linked together (ld -r, all members of all libraries) keep
#     the property: the linker keeps a feature only when every input has
#     it. On x86_64 the link also runs with -z cet-report=error, so ld
#     itself names any input without IBT and SHSTK.
#
# A program linked here cannot show it: Debian's crt1.o and libc.a carry no
# property note, so the linker drops the feature from every executable. So
# the objects are checked, one by one and linked together.
#
#   check_cf_protection.sh ARCH READELF OBJDUMP LD LIBRARY.a...
#
# ARCH is x86_64 or aarch64; READELF, OBJDUMP and LD are the target's tools
# (aarch64-linux-gnu-readelf etc. when cross-compiling). Every failure names
# the library and member; the exit status is 1 if there is any.
set -euo pipefail
if [ $# -lt 5 ]; then
  echo "usage: $0 x86_64|aarch64 READELF OBJDUMP LD LIBRARY.a..." >&2
  exit 2
fi
arch=$1 readelf=$2 objdump=$3 ld=$4
shift 4
case $arch in
  x86_64)
    property='x86 feature:' features='IBT SHSTK' pads='^endbr64$' ;;
  aarch64)
    property='AArch64 feature:' features='BTI PAC' pads='^(bti[[:space:]]+c|paciasp|pacibsp)$' ;;
  *)
    echo "$0: no control-flow protection to check on $arch" >&2
    exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# has_features FILE: the property line of `readelf -n` output FILE lists
# every feature.
has_features() {
  local line f
  line=$(grep -F "$property" "$1" || true)
  [ -n "$line" ] || return 1
  for f in $features; do
    grep -qw -- "$f" <<<"$line" || return 1
  done
}

objects=0 functions=0
for lib in "$@"; do
  [ -f "$lib" ] || { fail "$lib: no such library"; continue; }
  lib=$(realpath "$lib")
  name=$(basename "$lib")
  # One directory per member, in archive order, so that two members of the
  # same name (from different folders) are both checked.
  mkdir "$tmp/$name.d"
  n=0
  while IFS= read -r member; do
    n=$((n + 1))
    mkdir "$tmp/$name.d/$n"
    # ar xN n extracts the n-th member of that name.
    count=$(ar t "$lib" | head -n "$n" | grep -cxF -- "$member")
    (cd "$tmp/$name.d/$n" && ar xN "$count" "$lib" "$member")
    obj=$tmp/$name.d/$n/$member
    objects=$((objects + 1))

    # 1. The property note.
    "$readelf" -n -W "$obj" >"$tmp/notes"
    if ! has_features "$tmp/notes"; then
      got=$(grep -F 'Properties:' "$tmp/notes" | sed 's/^ *//' || true)
      fail "$name($member): no GNU property note with $property ${features// /, }${got:+ (it has: $got)}"
    fi

    # 2. A landing pad at every global or weak function. objdump labels an
    # address with one of its names only, so an alias (a C++ destructor's
    # D1 and D2, say) is looked up through the other symbols at its address.
    "$readelf" -s -W "$obj" >"$tmp/symtab"
    awk '$4 == "FUNC" || $4 == "NOTYPE" { print $7, $2, $8 }' "$tmp/symtab" >"$tmp/symbols"
    awk '$4 == "FUNC" && ($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" { print $7, $2, $8 }' \
      "$tmp/symtab" | LC_ALL=C sort -u >"$tmp/functions"
    # The first instruction after each label, as "label<TAB>instruction"
    # (GNU objdump puts a tab after the address, llvm-objdump spaces too).
    "$objdump" -d --no-show-raw-insn "$obj" | awk '
      /^[0-9a-f]+ <.*>:$/ { label = $0; sub(/^[0-9a-f]+ </, "", label); sub(/>:$/, "", label); next }
      label != "" && /^ *[0-9a-f]+:[ \t]/ {
        insn = $0
        sub(/^ *[0-9a-f]+:[ \t]+/, "", insn); sub(/[ \t]+(\/\/|#)[ \t].*$/, "", insn); gsub(/\t/, " ", insn)
        print label "\t" insn; label = ""
      }' >"$tmp/firsts"
    while read -r ndx value fn; do
      first=$(awk -v n="$ndx" -v v="$value" -v fn="$fn" '
        NR == FNR { if ($1 == n && $2 == v) alias[$3] = 1; next }
        $1 == fn { own = $2 }
        ($1 in alias) && other == "" { other = $2 }
        END { print (own != "" ? own : other) }' "$tmp/symbols" FS='\t' "$tmp/firsts")
      functions=$((functions + 1))
      if [ -z "$first" ]; then
        fail "$name($member): function $fn: no instruction found"
      elif ! grep -qE -- "$pads" <<<"$first"; then
        fail "$name($member): function $fn starts with '$first', not a landing pad"
      fi
    done <"$tmp/functions"
  done < <(ar t "$lib")
  [ "$n" -gt 0 ] || fail "$lib: no members"
done

# 3. All members linked into one object.
link_flags=()
[ "$arch" = x86_64 ] && link_flags=(-z cet-report=error)
if "$ld" -r "${link_flags[@]}" -o "$tmp/linked.o" --whole-archive "$@" 2>"$tmp/ld.err"; then
  "$readelf" -n -W "$tmp/linked.o" >"$tmp/notes"
  has_features "$tmp/notes" ||
    fail "the objects linked with ld -r lose the $property ${features// /, } property"
else
  fail "ld -r ${link_flags[*]} on the libraries failed:"
  sed 's/^/    /' "$tmp/ld.err"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s) in $objects objects"
  exit 1
fi
echo "control-flow protection: $objects objects carry ${features// /+}, their $functions global functions start with a landing pad, and ld -r keeps the property"
