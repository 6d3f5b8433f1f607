#!/usr/bin/env python3
"""Which parts of the committed ACVP vector sets fipsmod-acvp claims.

vectors/acvp/vectors/*.json are NIST's sample sets as BoringSSL keeps them
(docs/acvp.md, "The tests in the tree"); some of their groups test what fipsmod does not
do (PBKDF over SHA-3, the HMAC_DRBG). This drops exactly the sets and the
groups that the wrapper's capabilities (tools/acvp/capabilities.json, its
getConfig answer) do not claim, by the rules below, and nothing else: what
is left must all pass (run_vectors.py). Run alone, it lists what it drops:

    vectors/acvp/select.py [--capabilities tools/acvp/capabilities.json] [VECTORS_DIR]

A group is kept when some claim of its set's algorithm (and mode and
revision, where the set has them) covers every parameter the group names
that the claim also names: a value the claim lists, or a number inside one
of its ranges. Parameters the claim does not name are not checked.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_json(path):
    """A JSON document, ignoring anything after it (some of BoringSSL's
    expected files end in a stray "EOF." line, kept as published)."""
    with open(path, encoding="utf-8") as f:
        return json.JSONDecoder().raw_decode(f.read())[0]


def in_domain(value, domain):
    """Whether value is in an ACVP domain: a list of values and of ranges
    {min, max, increment}, a single range, or a single value."""
    if isinstance(domain, dict):
        lo, hi, inc = domain["min"], domain["max"], domain.get("increment", 1)
        return isinstance(value, int) and lo <= value <= hi and (value - lo) % inc == 0
    if isinstance(domain, list):
        return any(in_domain(value, d) for d in domain)
    return value == domain


# For each algorithm: the group's parameter -> how a claim names it. A
# claim may hold its parameters at top level or in a "capabilities" list
# (PBKDF, ctrDRBG): a group is covered by the claim or one of those.
GROUP_PARAMETERS = {
    "ACVP-AES-ECB": {"keyLen": "keyLen", "direction": "direction"},
    "ACVP-AES-CTR": {"keyLen": "keyLen", "direction": "direction"},
    "ACVP-AES-GCM": {"keyLen": "keyLen", "direction": "direction", "tagLen": "tagLen", "ivLen": "ivLen",
                     "ivGen": "ivGen", "ivGenMode": "ivGenMode", "payloadLen": "payloadLen", "aadLen": "aadLen"},
    "HMAC": {"keyLen": "keyLen", "macLen": "macLen", "msgLen": None},
    "PBKDF": {"hmacAlg": "hmacAlg"},
    "KDA/HKDF": {"kdfConfiguration.hmacAlg": "hmacAlg", "kdfConfiguration.saltMethod": "macSaltMethods",
                 "kdfConfiguration.fixedInfoPattern": "fixedInfoPattern",
                 "kdfConfiguration.fixedInfoEncoding": "encoding"},
    "TLS-v1.2/KDF": {"hashAlg": "hashAlg"},
    "TLS-v1.3/KDF": {"hmacAlg": "hmacAlg", "runningMode": "runningMode"},
    "ctrDRBG": {"mode": "mode", "derFunc": "derFuncEnabled", "predResistance": "predResistanceEnabled",
                "entropyInputLen": "entropyInputLen", "nonceLen": "nonceLen", "persoStringLen": "persoStringLen",
                "additionalInputLen": "additionalInputLen"},
}


def family(vs):
    a = vs["algorithm"]
    if a.startswith("HMAC-"):
        return "HMAC"
    if vs.get("mode"):
        return a + "/" + vs["mode"]
    return a


def get(obj, dotted):
    for part in dotted.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def claims_for(vs, capabilities):
    return [c for c in capabilities
            if c["algorithm"] == vs["algorithm"] and c.get("mode") == vs.get("mode")
            and c.get("revision") == vs.get("revision")]


def covers(claim, group, params):
    # Top-level parameters of the claim, overlaid by each sub-capability.
    scopes = [claim]
    if isinstance(claim.get("capabilities"), list):
        scopes = [dict(claim, **cap) for cap in claim["capabilities"]]
    for scope in scopes:
        ok = True
        for gkey, ckey in params.items():
            value = get(group, gkey)
            if ckey is None or value is None or ckey not in scope:
                continue
            domain = scope[ckey]
            if isinstance(value, str) and isinstance(domain, str):
                ok = value == domain or value in domain.split(",")
            elif not in_domain(value, domain):
                ok = False
            if not ok:
                break
        if ok:
            return True
    return False


def select(vs, capabilities):
    """(kept groups, [(tgId, reason)] dropped), or (None, reason) when the
    whole set is outside the capabilities."""
    claims = claims_for(vs, capabilities)
    if not claims:
        return None, "no claim of %s%s revision %s" % (
            vs["algorithm"], " mode " + vs["mode"] if vs.get("mode") else "", vs.get("revision"))
    params = GROUP_PARAMETERS.get(family(vs), {})
    kept, dropped = [], []
    for g in vs["testGroups"]:
        if any(covers(c, g, params) for c in claims):
            kept.append(g)
        else:
            named = {k: get(g, k) for k in params if get(g, k) is not None}
            dropped.append((g["tgId"], ", ".join("%s %s" % (k.split(".")[-1], v) for k, v in named.items())))
    return kept, dropped


def cases(groups):
    return sum(len(g.get("tests") or []) for g in groups)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capabilities", default=os.path.join(ROOT, "tools", "acvp", "capabilities.json"))
    ap.add_argument("vectors", nargs="?", default=os.path.join(HERE, "vectors"))
    args = ap.parse_args()
    capabilities = load_json(args.capabilities)
    for name in sorted(os.listdir(args.vectors)):
        if not name.endswith(".json"):
            continue
        vs = load_json(os.path.join(args.vectors, name))[1]
        kept, dropped = select(vs, capabilities)
        if kept is None:
            print("%s: dropped whole (%d cases): %s" % (name, cases(vs["testGroups"]), dropped))
            continue
        for tg, why in dropped:
            g = next(g for g in vs["testGroups"] if g["tgId"] == tg)
            print("%s: dropped group %s (%d cases): %s" % (name, tg, cases([g]), why))
        print("%s: kept %d of %d groups, %d cases" % (name, len(kept), len(vs["testGroups"]), cases(kept)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
