#!/usr/bin/env python3
"""The fixed cost of a service, counted (docs/small-inputs.md).

Runs the driver (service_cost.cpp) under valgrind's callgrind, which dumps
one part for 1,000 calls of fipsmod_xor_bytes on 8 bytes and one for 1,000
calls of fipsmod_sha256 on 8 bytes, and reads each part's inclusive cost of
the entry point and of the kernel it ran. A call's own instructions (the
gate, the indicator, the mode, the argument checks, the padding and the
wiping: everything but the kernel) must stay within the budget given for
the entry point plus MARGIN; the figure is printed either way, so a change
that lowers it can lower the budget.

The kernel's instructions are left out of the budget because they are not
the service's and depend on the host: callgrind runs the kernels its
virtual CPU offers (it offers no AVX-512 and no SHA extensions, so
XORBytes runs on amd64-avx2 and SHA-256 on amd64-bmi2 under it on this
project's build machine), and a kernel's own count is held to nothing here.

Instruction counts, not times: the same build gives the same count on every
run, so the test cannot be flaky; a different compiler or optimisation
level gives another, which is why CMake registers it for one preset only
(FIPSMOD_SERVICE_COST_BUDGETS).

usage: service_cost.py VALGRIND CALLGRIND_ANNOTATE DRIVER ENTRY=BUDGET...
"""
import os
import re
import subprocess
import sys
import tempfile

CALLS = 1000  # service_cost.cpp's kCalls
MARGIN = 0.10

# Each part the driver dumps: its entry point, and the pattern that names
# its kernels' functions (assembly entries, or the generic C++ ones).
PARTS = {
    "xor_bytes": ("fipsmod_xor_bytes", r"fipsmod_xor_bytes_\w+|xor_bytes_generic"),
    "sha256": ("fipsmod_sha256", r"fipsmod_sha256_block_\w+|sha256::block_generic"),
}

LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S*?):(.*?)(?: \[(.*)\])?$")


def inclusive_costs(annotate, path):
    """{function name: inclusive Ir} of one callgrind dump."""
    out = subprocess.run([annotate, "--inclusive=yes", "--threshold=100", "--auto=no", path],
                         check=True, capture_output=True, text=True).stdout
    costs = {}
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            costs[m.group(3)] = costs.get(m.group(3), 0) + int(m.group(1).replace(",", ""))
    return costs


def main():
    if len(sys.argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    valgrind, annotate, driver = sys.argv[1:4]
    budgets = dict(arg.split("=", 1) for arg in sys.argv[4:])
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "callgrind.out")
        run = subprocess.run([valgrind, "--tool=callgrind", "--collect-atstart=no", f"--callgrind-out-file={base}",
                              driver], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stdout + run.stderr)
            print(f"FAIL: the driver under callgrind exited with {run.returncode}")
            return 1
        dumps = sorted(f for f in os.listdir(tmp) if f.startswith("callgrind.out."))
        if len(dumps) != len(PARTS):
            print(f"FAIL: {len(dumps)} callgrind parts, expected {len(PARTS)}: {dumps}")
            return 1
        for dump, (part, (entry, kernel_pattern)) in zip(dumps, PARTS.items()):
            costs = inclusive_costs(annotate, os.path.join(tmp, dump))
            if entry not in costs:
                print(f"FAIL: {entry} does not appear in the callgrind part {dump} ({part})")
                failed = True
                continue
            kernels = {f: c for f, c in costs.items() if re.search(kernel_pattern, f)}
            if len(kernels) != 1:
                print(f"FAIL: {part}: expected one kernel function matching {kernel_pattern}, found {sorted(kernels)}")
                failed = True
                continue
            (kernel, kernel_cost), = kernels.items()
            whole = costs[entry] / CALLS
            own = (costs[entry] - kernel_cost) / CALLS
            line = (f"{entry}, 8 bytes: {whole:.0f} instructions a call, {own:.0f} of them its own "
                    f"and {kernel_cost / CALLS:.0f} the kernel's ({kernel.split('(')[0]})")
            if entry not in budgets:
                print(f"FAIL: {line}; no budget given for {entry}")
                failed = True
                continue
            budget = int(budgets[entry])
            limit = budget * (1 + MARGIN)
            if own > limit:
                print(f"FAIL: {line}: above the budget of {budget} + {MARGIN:.0%} = {limit:.0f}")
                failed = True
            else:
                print(f"ok: {line}; budget {budget} + {MARGIN:.0%} = {limit:.0f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
