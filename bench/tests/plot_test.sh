#!/usr/bin/env bash
# bench/plot on a short run of the benchmark binary: MD5 at three sizes and
# the MD5 lanes at two message counts, every usable kernel, the module's
# own chain and the peers.
# The charts must be written, parse as SVG (XML), hold one series per
# kernel and peer (the ids bench/plot gives its lines), and be the same
# bytes when drawn twice; a run with no chart in it must fail and write
# nothing.
#
#   plot_test.sh FIPSMOD_BENCH FIPSMOD_TOOL
set -euo pipefail
bench=$1 tool=$2
here=$(cd "$(dirname "$0")" && pwd)
plot=$here/../plot
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bench" --benchmark_filter='^(Hash(64|1K|8K)/|MD5Lanes/Equal(4|16)x8K/)' --benchmark_min_time=0.0005 \
  --benchmark_out="$work/run.json" --benchmark_out_format=json >/dev/null
"$tool" info --json >"$work/info.json"

"$plot" "$work/run.json" "$work/charts" --host "test host"
"$plot" "$work/run.json" "$work/again" --host "test host" >/dev/null
diff -r "$work/charts" "$work/again" || { echo "plot_test: the same run drew different bytes" >&2; exit 1; }

python3 - "$work/charts" "$work/info.json" <<'PY'
import json, os, re, sys
import xml.etree.ElementTree as ET
charts, info = sys.argv[1], json.load(open(sys.argv[2]))
usable = {a["name"]: [k["name"] for k in a["kernels"] if k["usable"]] for a in info["algorithms"]}
selected = {a["name"]: a["selected"] for a in info["algorithms"]}
slug = lambda s: re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")
want = {
    "md5.svg": usable["md5"] + ["openssl", "openssl-evp", "botan"],
    "md5lanes-equal-8-kib.svg": usable["md5_lanes"] + ["module", "openssl", "single-" + selected["md5"]],
}
written = sorted(os.listdir(charts))
if sorted(want) != written:
    sys.exit(f"plot_test: charts {written}, expected {sorted(want)}")
for name, series in want.items():
    root = ET.parse(os.path.join(charts, name)).getroot()
    if not root.tag.endswith("svg"):
        sys.exit(f"plot_test: {name} is not an SVG document")
    ids = {e.get("id") for e in root.iter() if e.get("id", "").startswith("series-")}
    expected = {"series-" + slug(s) for s in series}
    if ids != expected:
        sys.exit(f"plot_test: {name} has series {sorted(ids)}, expected {sorted(expected)}")
    text = "".join(e.text or "" for e in root.iter())
    if "test host" not in text:
        sys.exit(f"plot_test: {name}'s title does not name the host")
print(f"plot_test: {len(want)} charts with their series")
PY

# No chart in the run: a failure that writes nothing.
python3 -c 'import json, sys; json.dump({"context": {}, "benchmarks": []}, open(sys.argv[1], "w"))' "$work/empty.json"
if "$plot" "$work/empty.json" "$work/none" 2>/dev/null; then
  echo "plot_test: a run with no chart did not fail" >&2
  exit 1
fi
[ ! -e "$work/none" ] || { echo "plot_test: a failing run wrote $work/none" >&2; exit 1; }
echo "plot_test: passed"
