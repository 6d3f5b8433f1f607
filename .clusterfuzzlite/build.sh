#!/bin/bash -eu
# Builds the fuzz targets as OSS-Fuzz and ClusterFuzzLite do: with only
# $CC, $CXX, $CFLAGS, $CXXFLAGS, $LIB_FUZZING_ENGINE, $SRC (which holds this
# repository as $SRC/fipsmod) and $OUT. Writes each fuzzer, its seed corpus
# as <target>_seed_corpus.zip, its .options and its .dict to $OUT.
# fuzz/oss-fuzz-local runs this script the same way, without Docker.
#
# The differential targets (those with #if FIPSMOD_FUZZ_PEERS code) compare
# against the generic kernel here rather than Botan and OpenSSL: the
# OSS-Fuzz toolchain builds with libc++, and the distribution's Botan is
# built against libstdc++. FIPSMOD_FUZZ_PEERS=ON compares with them
# (fuzz/oss-fuzz-local, on a machine whose compiler uses libstdc++).
repo="$SRC/fipsmod"
# The targets: fuzz/targets, one name a line (# comments, blank lines).
targets=()
while read -r target; do
  case "$target" in '' | '#'*) continue ;; esac
  [[ "$target" =~ ^[A-Za-z0-9_]+$ ]] || { echo "build.sh: fuzz/targets: bad name '$target'" >&2; exit 1; }
  targets+=("$target")
done <"$repo/fuzz/targets"
[ ${#targets[@]} -gt 0 ] || { echo "build.sh: fuzz/targets names no target" >&2; exit 1; }
build=$(mktemp -d)
# Ninja where the image has it (and CMAKE_GENERATOR names no other): it
# keeps both CPUs busy through the module's precompiled header, where make
# left one idle (fuzz/oss-fuzz-local's build: 44 s with make, 30 s with it).
if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null; then export CMAKE_GENERATOR=Ninja; fi
cmake -S "$repo" -B "$build" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_BUILD_TYPE=None \
  -DFIPSMOD_FUZZ=ON -DFIPSMOD_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DFIPSMOD_BUILD_TESTS=OFF -DFIPSMOD_BUILD_BENCH=OFF -DFIPSMOD_TEST_BOTAN="${FIPSMOD_FUZZ_PEERS:-OFF}" -DFIPSMOD_WERROR=OFF
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

for target in "${targets[@]}"; do
  cp "$build/fuzz/$target" "$OUT/"
  (cd "$repo/fuzz/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  cp "$repo/fuzz/$target.options" "$OUT/"
  if [ -f "$repo/fuzz/$target.dict" ]; then cp "$repo/fuzz/$target.dict" "$OUT/"; fi
done
rm -rf "$build"
