#!/usr/bin/env bash
# One short run of the whole benchmark binary: every Go-named benchmark (MD5,
# XORBytes, SHA-256, HMAC-SHA-256, AES-GCM, AES-CTR and CTR_DRBG), the random
# ones (RandomBytes, RandomFirstSeed) and every MD5Lanes and SHA256Lanes
# one must be there for every usable kernel (as `fipsmod info --json` lists
# them) and every peer, and bench/compare must turn the run into a table.
#
#   smoke_test.sh FIPSMOD_BENCH FIPSMOD_TOOL
set -euo pipefail
bench=$1 tool=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bench" --benchmark_min_time=0.0005 --benchmark_repetitions=2 \
  --benchmark_out="$work/run.json" --benchmark_out_format=json >/dev/null
"$tool" info --json >"$work/info.json"

python3 - "$work/run.json" "$work/info.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
info = json.load(open(sys.argv[2]))
names = {b["run_name"] for b in run["benchmarks"] if b.get("run_type") == "iteration" and not b.get("error_occurred")}
usable = {a["name"]: [k["name"] for k in a["kernels"] if k["usable"]] for a in info["algorithms"]}
md5_cases = ["Hash8Bytes", "Hash64", "Hash128", "Hash256", "Hash512", "Hash1K", "Hash8K", "Hash1M", "Hash8M",
             "Hash8BytesUnaligned", "Hash1KUnaligned", "Hash8KUnaligned"]
xor_cases = [f"XORBytes/{n}Bytes" for n in (8, 128, 2048, 8192, 32768)] + \
            [f"XORBytesAlignment/{n}Bytes{k}Offset" for n in (8, 128, 2048) for k in range(8)]
want = {f"{c}/{col}" for c in md5_cases for col in usable["md5"] + ["openssl", "openssl-evp", "botan"]}
want |= {f"{c}/{col}" for c in xor_cases for col in usable["xor_bytes"] + ["botan", "byteloop", "memcpy"]}
sha256_cols = usable["sha256"]
want |= {f"SHA256/{c}/{col}" for c in ("Hash8Bytes", "Hash1K", "Hash8K")
         for col in sha256_cols + ["openssl", "openssl-evp", "botan"]}
want |= {f"{c}/{col}" for c in ("HMACSHA256_32", "HMACSHA256_1K") for col in sha256_cols + ["openssl", "botan"]}
want |= {f"PBKDF2HMACSHA256_100000/{col}" for col in sha256_cols + ["fipsmod", "openssl", "botan"]}
want |= {f"PBKDF2HMACSHA512_100000/{col}" for col in usable["sha512"] + ["fipsmod", "openssl", "botan"]}
want |= {f"AESGCM/{op}-{bits}-{n}/{col}" for op in ("Seal", "Open") for bits in (128, 256) for n in (16, 1350, 8192, 16384)
         for col in usable["gcm"] + ["api", "openssl-evp", "botan"]}
want |= {f"AESCTR/{c}/{col}" for c in ("8K", "16K") for col in usable["aes"] + ["api", "openssl-evp", "botan"]}
want |= {f"RandomBytes/{n}/{col}/real_time/threads:{t}" for n in (16, 32, 4096)
         for col in ("fipsmod", "openssl", "getrandom") for t in (1, 2)}
want |= {"RandomFirstSeed/32/fipsmod/iterations:50"}
selected = {a["name"]: a["selected"] for a in info["algorithms"]}
lanes_cases = ["Equal16x8K", "Equal32x8K", "Equal32x32K", "Equal64x8K", "Equal4x8K",
               "Unequal32x1Kto64K", "Unequal256x1Kto64K", "Equal256x32K"]
want |= {f"MD5Lanes/{c}/{col}" for c in lanes_cases
         for col in usable["md5_lanes"] + ["openssl", "single-" + selected["md5"]]}
sha256_lanes_cases = ["Equal16x8K"] + [f"Equal{n}x8K" for n in (1, 2, 4, 8, 32, 64)] + ["Unequal32x1Kto64K"]
want |= {f"SHA256Lanes/{c}/{col}" for c in sha256_lanes_cases
         for col in usable["sha256_lanes"] + ["openssl", "single-" + selected["sha256"]]}
want |= {f"CTRDRBG/Generate-{n}/{col}" for n in (16, 32, 4096) for col in usable["ctr_drbg"] + ["api", "openssl-evp"]}
missing = sorted(want - names)
if missing:
    sys.exit(f"missing from the run: {missing[:10]} ({len(missing)} in all)")
print(f"all {len(want)} benchmarks ran")
PY

table=$("$here/../compare" "$work/run.json" generic openssl)
echo "$table"
[ "$(echo "$table" | grep -c '^Hash')" = 12 ] && echo "$table" | grep -q '^geomean'
# SHA-256's cases share MD5's names under their own family, so they are rows
# of their own; HMAC's names are Go's.
[ "$(echo "$table" | grep -c '^SHA256/Hash')" = 3 ] && [ "$(echo "$table" | grep -c '^HMACSHA256_')" = 2 ]
"$here/../compare" "$work/run.json" "$work/run.json" | grep -q '^geomean'
