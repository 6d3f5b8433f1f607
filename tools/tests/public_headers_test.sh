#!/usr/bin/env bash
# tools/ is a client of the module's public API only (tools/CMakeLists.txt).
# Fails when a source of tools/ (tools/tests/ included):
#  - includes "X" that is not a file of tools/ (resolved from the including
#    file's directory: "../module/cpu.hpp" is out, "../io.hpp" from tools/tests
#    is in), or includes through a macro;
#  - includes <fipsmod/X> that the build does not stage as a public header;
#  - includes <X> (a system header, for anything else) with a "..", or that
#    names a file of the project's sources outside tools/ as an include
#    directory of them would find it (<core/cpu.hpp>, <module/core/cpu.hpp>);
# and, given the include directories of the targets built from tools/ (lines
# "TARGET: DIR;DIR;..."), when one of them is a directory of the project's
# sources outside tools/ (the build tree, which holds the staged headers, is
# allowed).
#
#   public_headers_test.sh TOOLS_DIR PROJECT_DIR BUILD_DIR PUBLIC_INCLUDE_DIR [INCLUDE_DIRS_FILE]
set -uo pipefail
if [ $# -lt 4 ] || [ $# -gt 5 ]; then
  echo "usage: $0 TOOLS_DIR PROJECT_DIR BUILD_DIR PUBLIC_INCLUDE_DIR [INCLUDE_DIRS_FILE]" >&2
  exit 2
fi
tools=$(realpath -- "$1") || exit 2
project=$(realpath -- "$2") || exit 2
build=$(realpath -m -- "$3") || exit 2
public=$(realpath -m -- "$4") || exit 2
dirs_file=${5:-}
[ -d "$public/fipsmod" ] || { echo "FAIL: no staged public headers in $public/fipsmod" >&2; exit 1; }

# Whether path $1 is $2 or inside it.
inside() { [ "$1" = "$2" ] || [[ "$1" == "$2"/* ]]; }

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

sources=0
includes=0
while IFS= read -r -d '' file; do
  sources=$((sources + 1))
  dir=$(dirname -- "$file")
  rel=${file#"$tools"/}
  lineno=0
  while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    [[ "$line" =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*(.*)$ ]] || continue
    includes=$((includes + 1))
    what=${BASH_REMATCH[1]}
    where="tools/$rel:$lineno: #include $what"
    if [[ "$what" =~ ^\"([^\"]+)\" ]]; then
      name=${BASH_REMATCH[1]}
      target=$(realpath -m -- "$dir/$name")
      if ! inside "$target" "$tools" || [ ! -f "$target" ]; then
        fail "$where: not a header of tools/ (use <fipsmod/...> for the module)"
      fi
    elif [[ "$what" =~ ^\<([^\>]+)\> ]]; then
      name=${BASH_REMATCH[1]}
      if [[ "$name" == *..* ]]; then
        fail "$where: a system header has no '..'"
      elif [[ "$name" == fipsmod/* ]]; then
        [ -f "$public/$name" ] || fail "$where: not a public header of the module (none in $public/fipsmod)"
      else
        # As an include directory of the project's sources would find it.
        for base in "$project" "$project"/*/ "$project"/module/*/; do
          base=${base%/}
          inside "$base" "$tools" && continue
          if [ -f "$base/$name" ] && ! inside "$(realpath -- "$base/$name")" "$build"; then
            fail "$where: $base/$name is the project's, not a system header"
            break
          fi
        done
      fi
    else
      fail "$where: an include that cannot be checked"
    fi
  done <"$file"
done < <(find "$tools" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' -o -name '*.inc' \) -print0)

# A check that read nothing proves nothing.
if [ "$sources" -lt 10 ] || [ "$includes" -lt 50 ]; then
  fail "read $sources sources and $includes includes under $tools: too few"
fi

if [ -n "$dirs_file" ]; then
  targets=0
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    targets=$((targets + 1))
    target=${line%%:*}
    list=${line#*: }
    IFS=';' read -r -a include_dirs <<<"$list"
    found_public=0
    for d in "${include_dirs[@]}"; do
      [ -n "$d" ] || continue
      d=$(realpath -m -- "$d")
      [ "$d" = "$public" ] && found_public=1
      if inside "$d" "$project" && ! inside "$d" "$tools" && ! inside "$d" "$build"; then
        fail "$target has $d on its include path: only the public headers ($public) may be"
      fi
    done
    [ "$found_public" = 1 ] || fail "$target does not have the public headers ($public) on its include path"
  done <"$dirs_file"
  [ "$targets" -gt 0 ] || fail "no target listed in $dirs_file"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures problem(s): tools/ must use the module through its public headers only"
  exit 1
fi
echo "tools/ uses only its own headers, the public <fipsmod/...> and system headers ($sources sources, $includes includes)"
