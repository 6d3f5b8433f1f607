#!/usr/bin/env python3
"""What a machine must select, from the kernel records and the CPU's features.

The kernel records (`fipsmod info --json`: each algorithm's kernels in list
order, with the features each needs and the traits it is slow on) and the
features of a CPU give, by the module's selection rule, the kernel each
algorithm must select: the first whose needs are all present and none of
whose slow-on traits is. FEATURES below is the one table of how a host shows
each feature; nothing here names a kernel, so a new kernel needs no edit.

  features [--cpuinfo FILE] [--hwcap N]
      the fipsmod features of a /proc/cpuinfo (default: this machine's), or
      of an arm64 AT_HWCAP value
  expect [FEATURE SOURCE] [--disable SETTING] (--info FILE | -- COMMAND...)
      ALGORITHM=KERNEL,... that must be selected under FIPSMOD_DISABLE=SETTING
  passes [FEATURE SOURCE] (--info FILE | -- COMMAND...)
      the FIPSMOD_DISABLE settings, one a line ("none" first), that make each
      usable kernel the selected one at least once; fails, naming them, if
      some usable kernel can be selected by no setting
  check [FEATURE SOURCE] -- COMMAND...
      runs COMMAND info --json (the fipsmod tool, behind the emulator in a
      cross build) and fails unless it selected what `expect` says under this
      process's FIPSMOD_DISABLE, and detected the features expected

FEATURE SOURCE: --features LIST (fipsmod names, comma-separated; "none" for
no feature), or --detected (the module's own detection, from the records),
else FIPSMOD_EXPECT_FEATURES where set (the cross presets state their qemu
CPU model's), else this machine's /proc/cpuinfo. --info - reads stdin.
"""
import argparse
import json
import os
import subprocess
import sys

# Every fipsmod feature (module/core/cpu.cpp's names, in its order), with
# how Linux shows it: for amd64, /proc/cpuinfo "flags" (every one listed
# must be there) or "field=value" of another line; for arm64, "Features"
# names and the AT_HWCAP bit (arch/arm64/include/uapi/asm/hwcap.h); for
# riscv64, the extensions of the "isa" line. None: not shown (below).
FEATURES = [
    # feature       arch       shown as                                   hwcap bit
    ("sse2",        "amd64",   "sse2",                                    None),
    ("bmi1",        "amd64",   "bmi1",                                    None),
    ("avx2",        "amd64",   "avx2",                                    None),
    ("avx512",      "amd64",   "avx512f avx512bw avx512vl",               None),
    # AMD family 1Ah (Zen 5), which Linux prints in decimal.
    ("vlat2",       "amd64",   "vendor_id=AuthenticAMD cpu_family=26",    None),
    ("ssse3",       "amd64",   "ssse3",                                   None),
    ("sse4_1",      "amd64",   "sse4_1",                                  None),
    ("bmi2",        "amd64",   "bmi2",                                    None),
    ("sha_ni",      "amd64",   "sha_ni",                                  None),
    ("aesni",       "amd64",   "aes",                                     None),
    ("pclmulqdq",   "amd64",   "pclmulqdq",                               None),
    ("avx",         "amd64",   "avx",                                     None),
    ("vaes",        "amd64",   "vaes",                                    None),
    ("vpclmulqdq",  "amd64",   "vpclmulqdq",                              None),
    ("neon",        "arm64",   "asimd",                                   1),
    ("sha2",        "arm64",   "sha2",                                    6),
    ("aes",         "arm64",   "aes",                                     3),
    ("pmull",       "arm64",   "pmull",                                   4),
    ("sha512",      "arm64",   "sha512",                                  21),
    ("rv64gc",      "riscv64", "i m a f d c",                             None),
    ("zbb",         "riscv64", "zbb",                                     None),
    ("v",           "riscv64", "v",                                       None),
    ("zknh",        "riscv64", "zknh",                                    None),
    # VLEN is in no file Linux writes: the module reads the vlenb CSR. A
    # cross preset states it (QEMU_CPU vlen=128); natively the module's
    # own reading is taken (a trait that only ranks two correct kernels).
    ("vlen128",     "riscv64", None,                                      None),
    ("zkne",        "riscv64", "zkne",                                    None),
    ("zknd",        "riscv64", "zknd",                                    None),
    ("zbc",         "riscv64", "zbc",                                     None),
]
NAMES = [f[0] for f in FEATURES]
ARCH = {f[0]: f[1] for f in FEATURES}

# Extensions an isa string may name by a shorter name that stands for them.
RISCV_BUNDLES = {"g": "i m a f d zicsr zifencei", "b": "zba zbb zbs",
                 "zk": "zkn zkr zkt", "zkn": "zbkb zbkc zbkx zkne zknd zknh"}


def fail(message):
    sys.exit(f"kernel_expectations: {message}")


def ordered(features):
    return [n for n in NAMES if n in features]


def parse_cpuinfo(text):
    """The architecture and the fields of the first processor."""
    fields = {}
    for line in text.splitlines():
        if ":" not in line:
            if fields and not line.strip():
                break  # the end of the first processor
            continue
        key, value = line.split(":", 1)
        fields.setdefault(key.strip().replace(" ", "_"), value.strip())
    if "flags" in fields:
        return "amd64", fields
    if "Features" in fields:
        return "arm64", fields
    if "isa" in fields:
        return "riscv64", fields
    fail("a /proc/cpuinfo with no flags, Features or isa line")


def riscv_extensions(isa):
    """The extensions of an isa string such as rv64imafdcv_zba_zbb_zicsr."""
    isa = isa.lower()
    if not isa.startswith("rv64"):
        fail(f"not a riscv64 isa string: {isa}")
    first, *rest = isa[4:].split("_")
    todo = list(first) + [r for r in rest if r]
    found = set()
    while todo:
        e = todo.pop()
        if e not in found:
            found.add(e)
            todo += RISCV_BUNDLES.get(e, "").split()
    return found


def features_of_cpuinfo(text):
    arch, fields = parse_cpuinfo(text)
    if arch == "amd64":
        shown = set(fields["flags"].split())
    elif arch == "arm64":
        shown = set(fields["Features"].split())
    else:
        shown = riscv_extensions(fields["isa"])
    found = set()
    for name, feature_arch, how, _ in FEATURES:
        if feature_arch != arch or how is None:
            continue
        if all(fields.get(w.split("=")[0]) == w.split("=")[1] if "=" in w else w in shown for w in how.split()):
            found.add(name)
    return ordered(found)


def features_of_hwcap(hwcap):
    return ordered({name for name, _, _, bit in FEATURES if bit is not None and hwcap >> bit & 1})


def parse_list(text, what):
    items = [] if text.strip() in ("", "none") else [i.strip() for i in text.split(",") if i.strip()]
    unknown = [i for i in items if i not in NAMES]
    if unknown:
        fail(f"{what}: {', '.join(unknown)} not a fipsmod feature (known: {', '.join(NAMES)})")
    return set(items)


def disabled_by(setting):
    """What FIPSMOD_DISABLE=setting removes, as the module parses it."""
    names = {i.strip() for i in (setting or "").split(",") if i.strip()}
    return set(NAMES) if "all" in names else names & set(NAMES)


def check_records(info):
    for a in info["algorithms"]:
        for k in a["kernels"]:
            for f in k["needs"] + k["slow_on"]:
                if f not in NAMES:
                    fail(f"{a['name']}/{k['name']} names {f}, which the table of this script lacks: add its row")
    return info["algorithms"]


def select(algorithms, enabled):
    """ALGORITHM -> KERNEL, by the module's rule."""
    chosen = {}
    for a in algorithms:
        for k in a["kernels"]:
            if set(k["needs"]) <= enabled and not set(k["slow_on"]) & enabled:
                chosen[a["name"]] = k["name"]
                break
    return chosen


def as_text(chosen):
    return ",".join(f"{a}={k}" for a, k in chosen.items())


def passes(algorithms, features):
    """The FIPSMOD_DISABLE settings and the usable kernels none selects."""
    usage = {f: sum(f in k["needs"] for a in algorithms for k in a["kernels"]) for f in NAMES}
    usable = [(a, k) for a in algorithms for k in a["kernels"] if set(k["needs"]) <= features]
    covered = set(select(algorithms, features).items())
    settings = ["none"]

    def reach(a, k, removed, aims):
        """removed plus what makes k the choice of a, or None."""
        removed = removed | (set(k["slow_on"]) & features)
        for j in a["kernels"]:
            if j is k:
                return removed
            enabled = features - removed
            if set(j["needs"]) <= enabled and not set(j["slow_on"]) & enabled:
                options = [f for f in j["needs"] if f not in k["needs"]]
                if not options:
                    return None  # j wins wherever k could
                # Rather a feature no kernel aimed at needs, then the
                # rarest, then the later in the table.
                options.sort(key=lambda f: (any(f in x["needs"] for x in aims), usage[f], -NAMES.index(f)))
                removed = removed | {options[0]}
        return removed

    while True:
        todo = [(a, k) for a, k in usable if k["needs"] and (a["name"], k["name"]) not in covered]
        removed, aims = set(), {}
        for a, k in todo:
            if a["name"] in aims:
                continue
            wider = reach(a, k, removed, list(aims.values()))
            if wider is None:
                continue
            chosen = select(algorithms, features - wider)
            if chosen[a["name"]] == k["name"] and all(chosen[n] == x["name"] for n, x in aims.items()):
                removed, aims[a["name"]] = wider, k
        if not aims:
            break
        settings.append(",".join(ordered(removed)))
        covered |= set(select(algorithms, features - removed).items())
    if any((a["name"], k["name"]) not in covered for a, k in usable if not k["needs"]):
        settings.append("all")
        covered |= set(select(algorithms, set()).items())
    missing = [f"{a['name']}={k['name']}" for a, k in usable if (a["name"], k["name"]) not in covered]
    return settings, missing


def read_info(args):
    if args.command:
        run = subprocess.run(args.command + ["info", "--json"], capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"{' '.join(args.command)} info --json: exit {run.returncode}\n{run.stderr}")
        return json.loads(run.stdout)
    if not args.info:
        fail("no records: give --info FILE or -- COMMAND")
    return json.load(sys.stdin if args.info == "-" else open(args.info))


def cpu_features(args, info):
    """The features expected, and where they came from."""
    if args.features is not None:
        return parse_list(args.features, "--features"), "--features"
    if args.detected:
        return set(info["cpu_features"]["detected"]), "the module's detection"
    stated = os.environ.get("FIPSMOD_EXPECT_FEATURES")
    if stated is not None:
        return parse_list(stated, "FIPSMOD_EXPECT_FEATURES"), "FIPSMOD_EXPECT_FEATURES"
    with open(args.cpuinfo or "/proc/cpuinfo") as f:
        text = f.read()
    host = parse_cpuinfo(text)[0]
    if host != info["architecture"]:
        fail(f"this {host} host's /proc/cpuinfo says nothing of the {info['architecture']} CPU the module runs on: "
             "state its features in FIPSMOD_EXPECT_FEATURES (the cross test presets do)")
    found = set(features_of_cpuinfo(text))
    detected = set(info["cpu_features"]["detected"])
    if "vlen128" in detected:
        found.add("vlen128")  # not in /proc/cpuinfo: see the table
    hwprobe = info.get("riscv_hwprobe")
    if hwprobe and not hwprobe["answered"]:
        # Before Linux 6.4 (no riscv_hwprobe) the module knows only the
        # extensions its -march promised (a test build under qemu takes
        # FIPSMOD_TEST_HWPROBE too, but there the expected features come
        # from FIPSMOD_EXPECT_FEATURES, not from here).
        print("note: riscv_hwprobe did not answer, so the module sees only its -march baseline")
        found &= detected | {"rv64gc"}
    return found, "/proc/cpuinfo"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["features", "expect", "passes", "check"])
    p.add_argument("--cpuinfo")
    p.add_argument("--hwcap", type=lambda s: int(s, 0))
    p.add_argument("--features")
    p.add_argument("--detected", action="store_true")
    p.add_argument("--disable")
    p.add_argument("--info")
    argv = sys.argv[1:]
    command = argv[argv.index("--") + 1:] if "--" in argv else []  # the fipsmod tool, behind its emulator
    args = p.parse_args(argv[:len(argv) - len(command) - ("--" in argv)])
    args.command = command

    if args.what == "features":
        if args.hwcap is not None:
            print(",".join(features_of_hwcap(args.hwcap)))
        else:
            with open(args.cpuinfo or "/proc/cpuinfo") as f:
                print(",".join(features_of_cpuinfo(f.read())))
        return
    info = read_info(args)
    algorithms = check_records(info)
    features, source = cpu_features(args, info)
    if args.what == "expect":
        print(as_text(select(algorithms, features - disabled_by(args.disable))))
    elif args.what == "passes":
        settings, missing = passes(algorithms, features)
        print("\n".join(settings))
        if missing:
            fail(f"no FIPSMOD_DISABLE setting selects {', '.join(missing)}")
    else:
        setting = os.environ.get("FIPSMOD_DISABLE", "")
        expected = select(algorithms, features - disabled_by(setting))
        selected = {a["name"]: a["selected"] for a in algorithms}
        detected = set(info["cpu_features"]["detected"])
        print(f"features ({source}): {','.join(ordered(features)) or 'none'}")
        print(f"the module detected: {','.join(ordered(detected)) or 'none'}")
        print(f"FIPSMOD_DISABLE={setting}: expected {as_text(expected)}")
        print(f"{' ' * len(setting)}                 selected {as_text(selected)}")
        wrong = []
        if detected != features:
            wrong.append(f"the module detected {','.join(ordered(detected)) or 'none'}, "
                         f"not {','.join(ordered(features)) or 'none'} ({source})")
        wrong += [f"{a} selected {selected[a]}, not {k}" for a, k in expected.items() if selected[a] != k]
        if wrong:
            fail("\n  ".join(["wrong:"] + wrong))
        print("every algorithm selected the kernel its CPU's features call for")


if __name__ == "__main__":
    main()
