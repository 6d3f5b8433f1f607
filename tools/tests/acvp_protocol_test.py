#!/usr/bin/env python3
"""fipsmod-acvp's side of the protocol, beyond what the vector sets reach:
framing errors end the wrapper with status 1 and a message (the protocol
has no error reply), a clean end of input ends it with 0, and the
internal-nonce seal, which no sample set exercises (they hold only its
open), gives ciphertext || tag || a 12-byte nonce that opens, a fresh one
each time from the module's DRBG by default (ivGenMode 8.2.2), the fixed
field "fips" and a counter under FIPSMOD_ACVP_INTERNAL_NONCE=counter
(ivGenMode 8.2.1); and ctrDRBG with prediction resistance, which the
sample set does not reach either.

    tools/tests/acvp_protocol_test.py [--emulator CMD] WRAPPER
"""
import argparse
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "vectors", "acvp"))
from run_vectors import Wrapper  # noqa: E402


def frame(*strings):
    return struct.pack("<I", len(strings)) + b"".join(struct.pack("<I", len(s)) for s in strings) + b"".join(strings)


def u32(n):
    return struct.pack("<I", n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emulator", action="append", default=[])
    ap.add_argument("wrapper")
    args = ap.parse_args()
    argv = args.emulator + [args.wrapper]
    failures = []

    def expect_exit(name, data, status, message):
        p = subprocess.run(argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != status or message.encode() not in p.stderr:
            failures.append("%s: exit %d, stderr %r (expected %d and %r)" % (name, p.returncode, p.stderr, status,
                                                                               message))

    p = subprocess.run(argv + ["--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0 or not p.stdout.startswith(b"Usage: fipsmod-acvp") or p.stderr:
        failures.append("--help: exit %d, stdout %r" % (p.returncode, p.stdout[:40]))
    p = subprocess.run(argv + ["extra"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 2 or not p.stderr.startswith(b"Usage: fipsmod-acvp") or p.stdout:
        failures.append("an argument: exit %d, stderr %r" % (p.returncode, p.stderr[:40]))
    expect_exit("no input", b"", 0, "")
    expect_exit("unknown command", frame(b"SHA3-256", b"abc"), 1, 'unknown command "SHA3-256"')
    # A name is printed byte for byte only where the byte is printable: a NUL
    # must not cut it to a known command's name, nor a control byte reach
    # the terminal.
    expect_exit("a command with a NUL", frame(b"SHA2-256\0x", b"abc"), 1, 'unknown command "SHA2-256\\x00x"')
    expect_exit("a command with a terminal escape", frame(b"\x1b]0;owned\x07\"\\\xff"), 1,
                'unknown command "\\x1b]0;owned\\x07\\"\\\\\\xff"')
    expect_exit("PBKDF over a hash name with a NUL and an escape",
                frame(b"PBKDF", b"SHA2-256\0\x1b[2J", u32(256), bytes(16), b"password", u32(1)), 1,
                'PBKDF: no HMAC over "SHA2-256\\x00\\x1b[2J"')
    expect_exit("wrong argument count", frame(b"SHA2-256", b"a", b"b"), 1, "SHA2-256 takes 1 arguments, got 2")
    expect_exit("no command", u32(0), 1, "a request with no command")
    expect_exit("too many strings", u32(1 << 30), 1, "a request of 1073741824 strings")
    expect_exit("too many bytes", u32(2) + u32(8) + u32(0xffffffff), 1, "a request of 4294967303 bytes")
    expect_exit("cut short", frame(b"SHA2-256", b"abc")[:-1], 1, "the input ended inside a request")
    expect_exit("a number of 3 bytes", frame(b"AES/encrypt", bytes(16), bytes(16), b"\x01\x00\x00"), 1,
                "a 32-bit number argument is 3 bytes")
    expect_exit("an MCT seed of the wrong length", frame(b"SHA2-256/MCT", bytes(31)), 1, "SHA2-256/MCT: a seed of 31")
    # A tag length near 2^32 must not wrap the length check (tag + 12-byte
    # nonce) of a ciphertext too short to hold the nonce.
    expect_exit("randnonce/open: a tag length that wraps", frame(b"AES-GCM-randnonce/open", u32(0xfffffff4), bytes(16),
                                                                b"abc", b"", b""),
                1, "AES-GCM-randnonce/open: too short")
    # An output length from the request is held to the limit of a request
    # (64 MiB) before anything is allocated for it: no 4 GiB zeroed first.
    expect_exit("an HKDF output of 4 GiB", frame(b"HKDF/SHA2-256", bytes(32), b"", b"", u32(0xffffffff)), 1,
                "an output of 4294967295 bytes (more than 64 MiB)")
    expect_exit("a ctrDRBG output of 4 GiB", frame(b"ctrDRBG/AES-256", u32(0xfffffff0), bytes(48), b"", b"", b"", b""),
                1, "an output of 4294967280 bytes (more than 64 MiB)")
    expect_exit("a GCM tag of 4 GiB", frame(b"AES-GCM/seal", u32(0xffffffff), bytes(16), b"", bytes(12), b""), 1,
                "an output of 4294967295 bytes (more than 64 MiB)")
    expect_exit("a TLS 1.2 PRF output of 4 GiB", frame(b"TLSKDF/1.2/SHA2-256", u32(0xffffffff), bytes(48), b"x", b"",
                                                       b""),
                1, "an output of 4294967295 bytes (more than 64 MiB)")

    for construction in ("random", "counter"):
        os.environ["FIPSMOD_ACVP_INTERNAL_NONCE"] = construction
        w = Wrapper(argv)
        config = json.loads(w.transact("getConfig", 1)[0])
        modes = [c.get("ivGenMode") for c in config if c["algorithm"] == "ACVP-AES-GCM" and c["ivGen"] == "internal"]
        want = {"random": "8.2.2", "counter": "8.2.1"}[construction]
        if modes != [want]:
            failures.append("%s: the internal-nonce claims' ivGenMode are %s, expected [%s]" % (construction, modes,
                                                                                               want))
        key, aad, pt = bytes(range(16)), b"header", b"the plaintext, 31 bytes of it.."
        nonces = set()
        for tag_len in (16, 12, 8, 4):  # approved, and (8, 4) in the exemption
            sealed = w.transact("AES-GCM-randnonce/seal", 1, u32(tag_len), key, pt, b"", aad)[0]
            if len(sealed) != len(pt) + tag_len + 12:
                failures.append("%s seal, tag %d: %d bytes" % (construction, tag_len, len(sealed)))
                continue
            body, nonce = sealed[:-12], sealed[-12:]
            nonces.add(nonce)
            if construction == "counter" and nonce != b"fips" + bytes(8):
                failures.append("counter seal: nonce %s" % nonce.hex())
            flag, out = w.transact("AES-GCM/open", 2, u32(tag_len), key, body, nonce, aad)
            if flag != b"\x01" or out != pt:
                failures.append("%s seal, tag %d: does not open under its nonce" % (construction, tag_len))
            flag, out = w.transact("AES-GCM-randnonce/open", 2, u32(tag_len), key, sealed, b"", aad)
            if flag != b"\x01" or out != pt:
                failures.append("%s seal, tag %d: randnonce/open fails" % (construction, tag_len))
            bad = bytearray(sealed)
            bad[len(pt)] ^= 1  # the tag's first byte
            flag, out = w.transact("AES-GCM-randnonce/open", 2, u32(tag_len), key, bytes(bad), b"", aad)
            if flag != b"\x00" or out != b"":
                failures.append("%s open, tag %d: a wrong tag opened" % (construction, tag_len))
        if construction == "random" and len(nonces) != 4:
            failures.append("random seals: %d distinct nonces in 4" % len(nonces))
        w.close()
    # ctrDRBG with prediction resistance, which the sample set does not
    # reach: each generate reseeds from its own entropy input, so the output
    # follows entropy2 and the nonce (the derivation function) or its absence.
    w = Wrapper(argv)
    ent, e1, e2 = bytes(range(48)), bytes(range(1, 49)), bytes(range(2, 50))

    def pr(nonce, entropy2):
        return w.transact("ctrDRBG-pr/AES-256", 1, u32(256), ent, b"", b"", e1, b"", entropy2, nonce)[0]
    outs = {pr(b"", e2), pr(b"", e1), pr(bytes(16), e2), pr(bytes(16), e1)}
    if len(outs) != 4 or any(len(o) != 256 for o in outs):
        failures.append("ctrDRBG-pr: outputs %s" % [o[:8].hex() for o in outs])
    if pr(b"", e2) != pr(b"", e2):
        failures.append("ctrDRBG-pr: not deterministic")
    w.close()

    os.environ["FIPSMOD_ACVP_INTERNAL_NONCE"] = "sequential"
    expect_exit("an unknown internal nonce", frame(b"getConfig"), 1,
                "FIPSMOD_ACVP_INTERNAL_NONCE=sequential: not random or counter")
    del os.environ["FIPSMOD_ACVP_INTERNAL_NONCE"]

    for f in failures:
        print("FAIL: " + f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
