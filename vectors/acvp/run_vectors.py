#!/usr/bin/env python3
"""Runs NIST's ACVP sample vector sets through fipsmod-acvp, as a lab's
acvptool would, and compares every answer with the expected one.

    vectors/acvp/run_vectors.py [--emulator CMD ...] [--only NAME] WRAPPER [VECTORS_DIR]

For each vectors/NAME.json (less what select.py drops: what the wrapper's
capabilities do not claim), each case is lowered to wrapper commands the
way BoringSSL's acvptool does it (util/fipstools/acvp/acvptool/subprocess/
*.go: the same command names, argument orders and outer loops), sent over
the module-wrapper protocol to WRAPPER (run under the emulator if given),
and the reply compared with expected/NAME.json. Before that, the wrapper's
getConfig must equal tools/acvp/capabilities.json. Prints one line a set
with its case count; exits 1 on any mismatch, 0 when all pass.
"""
import argparse
import hashlib
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import select as acvp_select  # noqa: E402  (vectors/acvp/select.py)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def u32(n):
    return struct.pack("<I", n)


def unhex(s):
    return bytes.fromhex(s or "")


class Wrapper:
    """One fipsmod-acvp process, spoken to as acvptool's Transact does."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.commands = 0

    def transact(self, cmd, n_results, *args):
        strings = [cmd.encode()] + [bytes(a) for a in args]
        frame = u32(len(strings)) + b"".join(u32(len(s)) for s in strings) + b"".join(strings)
        self.proc.stdin.write(frame)
        self.proc.stdin.flush()
        count = struct.unpack("<I", self._read(4))[0]
        if count != n_results:
            raise RuntimeError("%s: %d results, expected %d" % (cmd, count, n_results))
        lengths = struct.unpack("<%dI" % count, self._read(4 * count)) if count else ()
        self.commands += 1
        return [self._read(n) for n in lengths]

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.proc.stdout.read(n - len(data))
            if not chunk:
                raise RuntimeError("the wrapper stopped (exit status %s)" % self.proc.poll())
            data += chunk
        return data

    def close(self):
        self.proc.stdin.close()
        rc = self.proc.wait()
        if rc != 0:
            raise RuntimeError("the wrapper exited with status %d" % rc)


# Each lowering takes (wrapper, vector set, group, test) and returns the
# test's answer as acvptool would write it (hex in lower case).

def sha2(w, vs, g, t):
    algo = vs["algorithm"]
    msg = unhex(t["msg"])
    if len(t["msg"]) * 4 != t["len"]:
        raise ValueError("message length")
    if g["testType"] == "AFT":
        return {"md": w.transact(algo, 1, msg)[0].hex()}
    if g["testType"] == "MCT":
        results, digest = [], msg
        for _ in range(100):
            digest = w.transact(algo + "/MCT", 1, digest)[0]
            results.append({"md": digest.hex()})
        return {"resultsArray": results}
    raise ValueError("test type " + g["testType"])


def hmac(w, vs, g, t):
    mac = w.transact(vs["algorithm"], 1, unhex(t["msg"]), unhex(t["key"]))[0]
    return {"mac": mac[: g["macLen"] // 8].hex()}


def kda_hkdf(w, vs, g, t):
    cfg, p = g["kdfConfiguration"], t["kdfParameter"]
    info = b""
    for party in (t["fixedInfoPartyU"], t["fixedInfoPartyV"]):
        info += unhex(party["partyId"]) + unhex(party.get("ephemeralData", ""))
    dkm = w.transact("HKDF/" + cfg["hmacAlg"], 1, unhex(p["z"]), unhex(p["salt"]), info, u32(cfg["l"] // 8))[0]
    if g["testType"] == "VAL":
        return {"testPassed": dkm == unhex(t["dkm"])}
    return {"dkm": dkm.hex()}


def pbkdf(w, vs, g, t):
    key = w.transact("PBKDF", 1, g["hmacAlg"].encode(), u32(t["keyLen"]), unhex(t["salt"]),
                     t["password"].encode(), u32(t["iterationCount"]))[0]
    return {"derivedKey": key.hex()}


def tls12(w, vs, g, t):
    method = "TLSKDF/1.2/" + g["hashAlg"]
    ms = w.transact(method, 1, u32(48), unhex(t["preMasterSecret"]), b"extended master secret",
                    unhex(t["sessionHash"]), b"")[0]
    kb = w.transact(method, 1, u32(g["keyBlockLength"] // 8), ms, b"key expansion", unhex(t["serverRandom"]),
                    unhex(t["clientRandom"]))[0]
    return {"masterSecret": ms.hex(), "keyBlock": kb.hex()}


def tls13(w, vs, g, t):
    h = g["hmacAlg"]
    size = {"SHA2-256": 32, "SHA2-384": 48}[h]
    empty = (hashlib.sha256 if size == 32 else hashlib.sha384)(b"").digest()
    ch, sh = unhex(t["helloClientRandom"]), unhex(t["helloServerRandom"])
    sf, cf = unhex(t["finishedServerRandom"]), unhex(t["finishedClientRandom"])
    psk = unhex(t.get("psk")) or bytes(size)
    dhe = unhex(t.get("dhe")) or bytes(size)
    zeros = bytes(size)

    def extract(secret, salt):
        return w.transact("HKDFExtract/" + h, 1, secret, salt)[0]

    def label(secret, name, context):
        return w.transact("HKDFExpandLabel/" + h, 1, u32(size), secret, name, context)[0]

    early = extract(psk, zeros)
    th_ch = w.transact(h, 1, ch)[0]
    th_sh = w.transact(h, 1, ch + sh)[0]
    th_sf = w.transact(h, 1, ch + sh + sf)[0]
    th_all = w.transact(h, 1, ch + sh + sf + cf)[0]
    out = {"clientEarlyTrafficSecret": label(early, b"c e traffic", th_ch),
           "earlyExporterMasterSecret": label(early, b"e exp master", th_ch)}
    handshake = extract(dhe, label(early, b"derived", empty))
    out["clientHandshakeTrafficSecret"] = label(handshake, b"c hs traffic", th_sh)
    out["serverHandshakeTrafficSecret"] = label(handshake, b"s hs traffic", th_sh)
    master = extract(zeros, label(handshake, b"derived", empty))
    out["clientApplicationTrafficSecret"] = label(master, b"c ap traffic", th_sf)
    out["serverApplicationTrafficSecret"] = label(master, b"s ap traffic", th_sf)
    out["exporterMasterSecret"] = label(master, b"exp master", th_sf)
    out["resumptionMasterSecret"] = label(master, b"res master", th_all)
    return {k: v.hex() for k, v in out.items()}


def aes_key_shuffle(key, result, prev):
    """ACVP's AES Monte Carlo key shuffle (acvptool's aesKeyShuffle)."""
    key = bytearray(key)
    if len(key) == 16:
        for i in range(16):
            key[i] ^= result[i]
    elif len(key) == 24:
        for i in range(8):
            key[i] ^= prev[i + 8]
        for i in range(16):
            key[i + 8] ^= result[i]
    else:
        for i in range(16):
            key[i] ^= prev[i]
            key[i + 16] ^= result[i]
    return bytes(key)


def aes_ecb(w, vs, g, t):
    enc = g["direction"] == "encrypt"
    op = "AES/" + g["direction"]
    key = unhex(t["key"])
    data = unhex(t["pt"] if enc else t["ct"])
    if g["testType"] == "AFT":
        r = w.transact(op, 2, key, data, u32(1))[0]
        return {"ct": r.hex()} if enc else {"pt": r.hex()}
    results = []
    for _ in range(100):
        entry = {"key": key.hex(), ("pt" if enc else "ct"): data.hex()}
        result, prev = w.transact(op, 2, key, data, u32(1000))
        entry["ct" if enc else "pt"] = result.hex()
        key = aes_key_shuffle(key, result, prev)
        data = result
        results.append(entry)
    return {"resultsArray": results}


def aes_ctr(w, vs, g, t):
    enc = g["direction"] == "encrypt"
    data = unhex(t["pt"] if enc else t["ct"])
    r = w.transact("AES-CTR/" + g["direction"], 1, unhex(t["key"]), data, unhex(t["iv"]), u32(1))[0]
    return {"ct": r.hex()} if enc else {"pt": r.hex()}


def aes_gcm(w, vs, g, t):
    tag_bytes = g["tagLen"] // 8
    internal = g.get("ivGen") == "internal"
    op = "AES-GCM" + ("-randnonce" if internal else "")
    key, aad, nonce = unhex(t["key"]), unhex(t["aad"]), unhex(t.get("iv"))
    if g["direction"] == "encrypt":
        sealed = w.transact(op + "/seal", 1, u32(tag_bytes), key, unhex(t["pt"]), b"" if internal else nonce, aad)[0]
        if internal:
            # The module chose the nonce: no expected answer can hold it.
            # Check that it opens, through the wrapper, to the plaintext.
            sealed, nonce = sealed[:-12], sealed[-12:]
            flag, pt = w.transact(op + "/open", 2, u32(tag_bytes), key, sealed + nonce, b"", aad)
            return {"opens": flag == b"\x01" and pt == unhex(t["pt"]), "ivLen": len(nonce) * 8}
        return {"ct": sealed[: len(sealed) - tag_bytes].hex(), "tag": sealed[len(sealed) - tag_bytes:].hex()}
    ct = unhex(t["ct"]) + unhex(t["tag"])
    if internal:
        ct, nonce = ct + nonce, b""
    flag, pt = w.transact(op + "/open", 2, u32(tag_bytes), key, ct, nonce, aad)
    if flag not in (b"\x00", b"\x01"):
        raise ValueError("open's flag is %r" % flag)
    # As acvptool: testPassed always, the plaintext when it opened.
    return {"testPassed": False} if flag == b"\x00" else {"testPassed": True, "pt": pt.hex()}


def ctr_drbg(w, vs, g, t):
    out_len = u32(g["returnedBitsLen"] // 8)
    ent, nonce, perso = unhex(t["entropyInput"]), unhex(t["nonce"]), unhex(t["persoString"])
    other = t["otherInput"]
    mode = g["mode"]
    if g["predResistance"]:
        args = [unhex(other[0]["additionalInput"]), unhex(other[0]["entropyInput"]),
                unhex(other[1]["additionalInput"]), unhex(other[1]["entropyInput"])]
        r = w.transact("ctrDRBG-pr/" + mode, 1, out_len, ent, perso, *args, nonce)[0]
    elif g["reSeed"]:
        if [o["intendedUse"] for o in other] != ["reSeed", "generate", "generate"]:
            raise ValueError("other inputs")
        args = [unhex(other[0]["additionalInput"]), unhex(other[0]["entropyInput"]),
                unhex(other[1]["additionalInput"]), unhex(other[2]["additionalInput"])]
        r = w.transact("ctrDRBG-reseed/" + mode, 1, out_len, ent, perso, *args, nonce)[0]
    else:
        r = w.transact("ctrDRBG/" + mode, 1, out_len, ent, perso, unhex(other[0]["additionalInput"]),
                       unhex(other[1]["additionalInput"]), nonce)[0]
    return {"returnedBits": r.hex()}


LOWERINGS = {
    "SHA2-224": sha2, "SHA2-256": sha2, "SHA2-384": sha2, "SHA2-512": sha2, "SHA2-512/224": sha2,
    "SHA2-512/256": sha2, "HMAC": hmac, "KDA/HKDF": kda_hkdf, "PBKDF": pbkdf, "TLS-v1.2/KDF": tls12,
    "TLS-v1.3/KDF": tls13, "ACVP-AES-ECB": aes_ecb, "ACVP-AES-CTR": aes_ctr, "ACVP-AES-GCM": aes_gcm,
    "ctrDRBG": ctr_drbg,
}


def normal(v):
    if isinstance(v, str):
        return v.lower()
    if isinstance(v, list):
        return [normal(x) for x in v]
    if isinstance(v, dict):
        return {k: normal(x) for k, x in v.items()}
    return v


def compare(name, tg, tc, got, expected):
    """Mismatches of one case: every field of the expected answer must be in
    ours and equal (hex case aside)."""
    errors = []
    if "opens" in got:  # a module-made nonce: nothing to compare but that it opens
        if not got["opens"]:
            errors.append("%s tg %s tc %s: the sealed message does not open" % (name, tg, tc))
        return errors
    for key, want in expected.items():
        if key == "tcId":
            continue
        if key not in got:
            errors.append("%s tg %s tc %s: no %s in the answer" % (name, tg, tc, key))
        elif normal(got[key]) != normal(want):
            errors.append("%s tg %s tc %s: %s is %s, expected %s" % (name, tg, tc, key, str(normal(got[key]))[:200],
                                                                    str(normal(want))[:200]))
    if expected.get("testPassed") is None and got.get("testPassed") is False:
        errors.append("%s tg %s tc %s: failed to open, expected %s" % (name, tg, tc, expected))
    return errors


def run_set(w, path, expected_path, capabilities):
    name = os.path.basename(path)
    vs = acvp_select.load_json(path)[1]
    kept, dropped = acvp_select.select(vs, capabilities)
    if kept is None:
        return name, 0, ["dropped: " + dropped], []
    answers = {}
    for g in acvp_select.load_json(expected_path)[1]["testGroups"]:
        for t in g.get("tests") or []:
            answers[(int(g["tgId"]), int(t["tcId"]))] = t
    lower = LOWERINGS[acvp_select.family(vs)]
    count, errors = 0, []
    for g in kept:
        for t in g.get("tests") or []:
            key = (int(g["tgId"]), int(t["tcId"]))
            if key not in answers:
                errors.append("%s tg %s tc %s: no expected answer" % ((name,) + key))
                continue
            errors += compare(name, key[0], key[1], lower(w, vs, g, t), answers[key])
            count += 1
    return name, count, ["dropped group %s: %s" % d for d in dropped], errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--emulator", action="append", default=[], help="a word of the command that runs the wrapper")
    ap.add_argument("--only", action="append", default=[], help="run only this set (NAME.json); repeatable")
    ap.add_argument("--capabilities", default=os.path.join(ROOT, "tools", "acvp", "capabilities.json"))
    ap.add_argument("wrapper")
    ap.add_argument("dir", nargs="?", default=HERE)
    args = ap.parse_args()
    capabilities = acvp_select.load_json(args.capabilities)
    w = Wrapper(args.emulator + [args.wrapper])
    failures = 0
    config = json.loads(w.transact("getConfig", 1)[0])
    if config != capabilities:
        print("FAIL: getConfig differs from %s" % args.capabilities)
        failures += 1
    total = 0
    for file in sorted(os.listdir(os.path.join(args.dir, "vectors"))):
        if not file.endswith(".json") or (args.only and file not in args.only):
            continue
        name, count, notes, errors = run_set(w, os.path.join(args.dir, "vectors", file),
                                             os.path.join(args.dir, "expected", file), capabilities)
        total += count
        print("%s: %d cases, %s%s" % (name, count, "FAILED %d" % len(errors) if errors else "all pass",
                                      "".join("; " + n for n in notes)))
        for e in errors[:20]:
            print("  " + e)
        failures += len(errors)
    w.close()
    print("%d cases in all through %d wrapper commands: %s" % (
        total, w.commands, "%d failures" % failures if failures else "all pass"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
