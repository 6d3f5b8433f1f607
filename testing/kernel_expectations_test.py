#!/usr/bin/env python3
"""kernel_expectations.py on machines that are not at hand.

Each sample in cpu_samples/ is a real machine's /proc/cpuinfo (its first
processor or two); the script must find in it the fipsmod features listed
here, and in the arm64 ones' AT_HWCAP the same. A broken row of the
script's table fails here, whatever the machine running the test. With a
command (the fipsmod tool, behind its emulator), the samples of the build's
architecture also go through the build's kernel records: each must select
some kernel of every algorithm, and its FIPSMOD_DISABLE passes must reach
every kernel it can use.

  kernel_expectations_test.py [-- FIPSMOD_COMMAND...]
"""
import json
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import kernel_expectations as ke  # noqa: E402

# sample: (its features, its AT_HWCAP where arm64, worked out by hand from
# the Features line and Linux's hwcap.h, not from the script's table)
SAMPLES = {
    "amd64-skylake-client": ("sse2,bmi1,avx2,ssse3,sse4_1,bmi2,aesni,pclmulqdq,avx", None),
    "amd64-icelake-server": ("sse2,bmi1,avx2,avx512,ssse3,sse4_1,bmi2,sha_ni,aesni,pclmulqdq,avx,vaes,vpclmulqdq", None),
    "amd64-zen5": ("sse2,bmi1,avx2,avx512,vlat2,ssse3,sse4_1,bmi2,sha_ni,aesni,pclmulqdq,avx,vaes,vpclmulqdq", None),
    # fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid
    # asimdrdm lrcpc dcpop asimddp ssbs: bits 0-12, 15, 16, 20, 28
    "arm64-neoverse-n1": ("neon,sha2,aes,pmull", 0x10119FFF),
    # (Graviton3) the same and jscvt fcma lrcpc dcpop sha3 sm3 sm4 asimddp
    # sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs paca pacg (the rest
    # are AT_HWCAP2's): bits 0-28, 30, 31
    "arm64-neoverse-v1": ("neon,sha2,aes,pmull,sha512", 0xDFFFFFFF),
    # fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid: bits 0-7, 11
    "arm64-cortex-a53": ("neon,sha2,aes,pmull", 0x8FF),
    # fp asimd evtstrm crc32 cpuid (a Raspberry Pi 3: no crypto extension)
    "arm64-cortex-a53-no-crypto": ("neon", 0x887),
    "riscv64-sifive-u74-jh7110": ("rv64gc,zbb", None),
    "riscv64-sifive-u74-fu740": ("rv64gc", None),
    "riscv64-rva22-spacemit-k1": ("rv64gc,zbb,v,zbc", None),
}
# Isa strings as newer kernels also write them: single-letter b and g, and
# the zk bundles; and each of zba and zbb without the other.
ISA_STRINGS = {
    "rv64gcb": "rv64gc,zbb",
    "rv64imafdc_zba_zbs": "rv64gc",
    "rv64imafdc_zbb": "rv64gc,zbb",
    "rv64imafdcbv_zkn": "rv64gc,zbb,v,zknh,zkne,zknd",
    "rv64imafd_zbc_zknh": "zknh,zbc",
}
# Features lines that split what real machines have together.
FEATURES_LINES = {"fp asimd sha1 sha3 sm3 sm4": "neon", "fp asimd aes sha1": "neon,aes"}
# Each bit alone (hwcap.h: HWCAP_ASIMD 1 << 1, AES 1 << 3, PMULL 1 << 4,
# SHA1 1 << 5, SHA2 1 << 6, SHA512 1 << 21).
HWCAPS = {0x2: "neon", 0x8: "aes", 0x10: "pmull", 0x20: "", 0x40: "sha2", 0x200000: "sha512"}

failures = []


def expect_equal(what, got, want):
    if got != want:
        failures.append(f"{what}: got {got or 'none'}, want {want or 'none'}")


def main():
    records = None
    if len(sys.argv) > 2 and sys.argv[1] == "--":
        run = subprocess.run(sys.argv[2:] + ["info", "--json"], capture_output=True, text=True,
                             env={k: v for k, v in os.environ.items() if k != "FIPSMOD_DISABLE"})
        if run.returncode != 0:
            sys.exit(f"{' '.join(sys.argv[2:])} info --json: exit {run.returncode}\n{run.stderr}")
        records = json.loads(run.stdout)
        ke.check_records(records)

    samples = os.path.join(here, "cpu_samples")
    expect_equal("samples", sorted(f[:-4] for f in os.listdir(samples) if f.endswith(".txt")), sorted(SAMPLES))
    for name, (features, hwcap) in SAMPLES.items():
        with open(os.path.join(samples, name + ".txt")) as f:
            found = ke.features_of_cpuinfo(f.read())
        expect_equal(name, ",".join(found), features)
        if hwcap is not None:
            expect_equal(f"{name} AT_HWCAP {hwcap:#x}", ",".join(ke.features_of_hwcap(hwcap)), features)
        if records is None or not name.startswith(records["architecture"] + "-"):
            continue
        algorithms = records["algorithms"]
        chosen = ke.select(algorithms, set(found))
        expect_equal(f"{name}: algorithms with a kernel", sorted(chosen), sorted(a["name"] for a in algorithms))
        settings, missing = ke.passes(algorithms, set(found))
        expect_equal(f"{name}: usable kernels no FIPSMOD_DISABLE setting selects", missing, [])
        print(f"{name}: {ke.as_text(chosen)}; FIPSMOD_DISABLE passes: {' | '.join(settings)}")
    for isa, features in ISA_STRINGS.items():
        expect_equal(f"isa {isa}", ",".join(ke.features_of_cpuinfo(f"isa\t\t: {isa}\n")), features)
    for line, features in FEATURES_LINES.items():
        expect_equal(f"Features {line}", ",".join(ke.features_of_cpuinfo(f"Features\t: {line}\n")), features)
    for hwcap, features in HWCAPS.items():
        expect_equal(f"AT_HWCAP {hwcap:#x}", ",".join(ke.features_of_hwcap(hwcap)), features)

    # Every feature of the module (module/core/cpu.cpp's table) has its
    # row, with its architecture, and every row but the trait no file shows
    # (vlen128) a way to read it.
    with open(os.path.join(here, "..", "module", "core", "cpu.cpp")) as f:
        module = re.findall(r'\{Feature::\w+, "(\w+)", "(\w+)"\}', f.read())
    expect_equal("the features of module/core/cpu.cpp", module, [(n, a) for n, a, _, _ in ke.FEATURES])
    # Each feature is found somewhere above, so a row that reads a name or
    # bit nothing shows changes some answer.
    cases = [f for f, _ in SAMPLES.values()] + list(ISA_STRINGS.values()) + list(FEATURES_LINES.values()) + list(HWCAPS.values())
    for name, arch, how, bit in ke.FEATURES:
        if name != "vlen128" and not any(name in c.split(",") for c in cases):
            failures.append(f"{name}: no machine above has it: add one that does")
        if how is None and name != "vlen128":
            failures.append(f"{name}: no way to read it from /proc/cpuinfo")
        if arch == "arm64" and bit is None:
            failures.append(f"{name}: no AT_HWCAP bit")

    if failures:
        sys.exit("kernel_expectations_test: FAILED\n  " + "\n  ".join(failures))
    print(f"kernel_expectations_test: {len(SAMPLES)} machines, {len(ISA_STRINGS)} isa strings, "
          f"{len(FEATURES_LINES)} Features lines, "
          f"{sum(h is not None for _, h in SAMPLES.values()) + len(HWCAPS)} AT_HWCAP values: as expected")


if __name__ == "__main__":
    main()
