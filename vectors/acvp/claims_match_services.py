#!/usr/bin/env python3
"""fipsmod-acvp's getConfig against the services `fipsmod info --json` lists,
both ways: every approved service is claimed, and every claim is of
something the module does (a service it lists, approved or not).

    vectors/acvp/claims_match_services.py [--emulator CMD ...] WRAPPER FIPSMOD

Each service and each claim is reduced to a key (the algorithm, and the
hash or the GCM nonce's source and direction where those make different
services); the test fails on an approved service whose key no claim has,
on a claim whose key no service has, and on a service it cannot reduce
(a new service must be given its key here, and claimed or said to be
unclaimable in UNCLAIMED).
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_vectors import Wrapper  # noqa: E402

# Services that no ACVP algorithm tests, with why.
UNCLAIMED = {
    "MD5": "not approved",
    "XORBytes": "not a cryptographic algorithm",
    "Entropy source raw samples (assessment)": "raw noise for an SP 800-90B assessment, which ACVP does not test; not approved",
}


def hash_of(text):
    """"SHA-512/256" -> "SHA2-512/256", ACVP's name."""
    m = re.search(r"SHA-(224|256|384|512/224|512/256|512)\b", text)
    return "SHA2-" + m.group(1) if m else None


def service_keys(name):
    """The keys of one service row of `fipsmod info --json`, or None."""
    h = hash_of(name)
    rules = [
        (r"^SHA-", lambda: [(h,)]),
        (r"^HMAC-", lambda: [("HMAC-" + h,)]),
        (r"^HKDF-", lambda: [("KDA/HKDF", h)]),
        (r"^TLS 1\.2 PRF", lambda: [("TLS-v1.2", h)]),
        (r"^TLS 1\.3 key schedule", lambda: [("TLS-v1.3", h)]),
        (r"^PBKDF2-HMAC-", lambda: [("PBKDF", h)]),
        (r"^AES key set-up", lambda: [("AES key",)]),
        (r"^AES-ECB", lambda: [("ACVP-AES-ECB",)]),
        (r"^AES-CTR", lambda: [("ACVP-AES-CTR",)]),
        (r"^AES-GCM key set-up", lambda: [("AES-GCM key",)]),
        (r"^AES-GCM seal, nonce made by the module", lambda: [("ACVP-AES-GCM", "internal", "encrypt")]),
        (r"^AES-GCM seal, nonce chosen by the caller", lambda: [("ACVP-AES-GCM", "external", "encrypt")]),
        (r"^AES-GCM open", lambda: [("ACVP-AES-GCM", "decrypt")]),
        (r"^CTR_DRBG", lambda: [("ctrDRBG", "AES-256")]),
        # The module's own random bytes: the CTR_DRBG mechanism, which ACVP
        # tests through the deterministic DRBG's interface (the entropy
        # source that seeds it is ESV's business, not CAVP's).
        (r"^Random bytes \(CTR_DRBG AES-256\)", lambda: [("ctrDRBG", "AES-256")]),
    ]
    for pattern, keys in rules:
        if re.search(pattern, name):
            return keys()
    return None


def claim_keys(c):
    """The keys one getConfig claim covers."""
    a = c["algorithm"]
    if re.fullmatch(r"SHA2-.*", a) or a.startswith("HMAC-"):
        return [(a,)]
    if a == "KDA" and c.get("mode") == "HKDF":
        return [("KDA/HKDF", h) for h in c["hmacAlg"]]
    if a == "TLS-v1.2":
        return [("TLS-v1.2", h) for h in c["hashAlg"]]
    if a == "TLS-v1.3":
        return [("TLS-v1.3", h) for h in c["hmacAlg"]]
    if a == "PBKDF":
        return [("PBKDF", h) for cap in c["capabilities"] for h in cap["hmacAlg"]]
    if a in ("ACVP-AES-ECB", "ACVP-AES-CTR"):
        return [(a,), ("AES key",)]
    if a == "ACVP-AES-GCM":
        keys = [("AES-GCM key",)]
        if "encrypt" in c["direction"]:
            keys.append((a, c["ivGen"], "encrypt"))
        if "decrypt" in c["direction"]:
            keys.append((a, "decrypt"))
        return keys
    if a == "ctrDRBG":
        return [("ctrDRBG", cap["mode"]) for cap in c["capabilities"]]
    return [("unknown claim", a)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--emulator", action="append", default=[])
    ap.add_argument("wrapper")
    ap.add_argument("fipsmod")
    args = ap.parse_args()
    w = Wrapper(args.emulator + [args.wrapper])
    config = json.loads(w.transact("getConfig", 1)[0])
    w.close()
    info = json.loads(subprocess.run(args.emulator + [args.fipsmod, "info", "--json"], check=True,
                                     stdout=subprocess.PIPE).stdout)
    failures = []
    claimed = {k for c in config for k in claim_keys(c)}
    provided = set()
    for s in info["services"]:
        if s["name"] in UNCLAIMED:
            continue
        keys = service_keys(s["name"])
        if keys is None:
            failures.append("service %r: no ACVP key (give it one here, or a reason in UNCLAIMED)" % s["name"])
            continue
        provided.update(keys)
        if s["approved"]:
            for k in keys:
                if k not in claimed:
                    failures.append("approved service %r is not claimed (%s)" % (s["name"], "/".join(k)))
    for k in sorted(claimed - provided):
        failures.append("claimed, but no service does it: %s" % "/".join(k))
    approved = sum(1 for s in info["services"] if s["approved"])
    print("%d claims, %d services (%d approved): %s" % (len(config), len(info["services"]), approved,
                                                         "%d failures" % len(failures) if failures else "they match"))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
