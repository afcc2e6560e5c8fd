#!/usr/bin/env python3
"""Rebuild the seed corpora corpus/<target>/ from vectors/ (and fixed hand-made seeds).

Usage:
  fuzz/make_corpus.py [--fairvec BUILD/gen/fairvec] [--libfuzzer-build build-fuzz] [--keep]
  fuzz/make_corpus.py --missing-ops [--fairvec BIN]   seeds for ops no port_request seed asks
  fuzz/make_corpus.py --check-ops corpus/port_request [--fairvec BIN]   exit 1 naming such ops

Every seed file is named by the SHA-256 of its content. Without --keep each corpus directory is
emptied first, so the result depends only on vectors/, the hand-made seeds below, the op table's
examples (`fairvec ops --json`) and the port requests `fairvec check-port` sends for every vector. With --libfuzzer-build,
each corpus is then minimised with libFuzzer's -merge=1 (the fuzzer-found inputs in
corpus/<target>/ are kept only if they add coverage). Standard library only.
"""

import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "corpus")
VECTORS = os.path.join(ROOT, "vectors")
TARGETS = ["crypto_differential", "json_parse", "port_request", "port_differential", "vector_file",
           "port_reply", "hmac_dice_link", "hmac_dice_recorded", "canonical_json", "tavla_proof", "search_differential",
           "example_port_roll"]

# Hand-made seeds for the scheme parsers (formats from the schemes brief).
LINK_SEEDS = [
    "/tr/check/?seed=" + "00" * 32 + "&seal=" + "ab" * 32 + "&client=a,b&n=2&rolls=6344",
    "/ru/check/#v=1&s=" + "0f" * 16 + "&c=" + "cd" * 32 + "&p=alice,bob&r=634411&g=2,1",
    "#v=1&s=" + "00" * 64 + "&p=x&r=66",
    "?seed=" + "AB" * 20 + "&client=c0ffee&n=1",
    "https://example.test/de/check/#v=1&s=" + "11" * 32 + "&p=a_b-c&r=&g=",
    "#v=2&s=00",
]
RECORDED_SEEDS = ["6344", "63 44 11", "1: 63\n2: 44\n", "1. 63 2. 44", "#1 63 #2 44", "1: 63\n3: 44",
                  "70", "634", "", "  \t\n", "#1 63\n2. 44"]
CANONICAL_SEEDS = ["{\"b\":1,\"a\":[true,false,null]}", "{\"\\u00e9\":1,\"z\":2,\"\\ud83d\\ude00\":3}",
                   "[9007199254740991,-9007199254740991]", "1.0", "-0", "\"\\u001f\\u007f\"",
                   "{\"a\":{\"b\":{\"c\":[[[]]]}}}", "\"\\ud800\"", "{\"a\":1,\"a\":1}", " [ 1 , 2 ] "]


def put(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha256(data).hexdigest()), "wb") as f:
        f.write(data)


class Tail:
    """Builds the end of an input as gen/core/byte_reader.h reads it (integers from the end)."""

    def __init__(self):
        self.consumed = []  # bytes in the order ByteReader consumes them

    def integer(self, lo, hi, value):
        rng = hi - lo
        nbytes = 0
        while nbytes < 8 and (rng >> (8 * nbytes)) != 0:
            nbytes += 1
        v = value - lo
        for i in reversed(range(nbytes)):  # most significant byte is consumed first
            self.consumed.append((v >> (8 * i)) & 0xFF)
        return self

    def pick(self, n, value):
        return self.integer(0, n - 1, value)

    def bytes(self):
        return bytes(reversed(self.consumed))


def crypto_seed(hmac, key_class, key, msg, seed, repeat=1, large_len=None, any_len=None):
    t = Tail().integer(0, 255, 1 if hmac else 0)
    if hmac:
        t.pick(9, key_class)
        if key_class == 7:
            t.integer(129, 4200, large_len)
        elif key_class == 8:
            t.integer(0, 255, any_len)
    t.integer(0, 2**64 - 1, seed)
    if repeat > 1:
        t.pick(8, 0).pick(63, repeat - 2)
    else:
        t.pick(8, 1)
    return bytes(key) + bytes(msg) + t.bytes()


def crypto_seeds():
    # RFC 4231 test cases 1, 2, 6, 7 (keys of 20, 4, 131 and 131 bytes) and plain messages.
    rfc = [
        (b"\x0b" * 20, b"Hi There"),
        (b"Jefe", b"what do ya want for nothing?"),
        (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First"),
        (b"\xaa" * 131, b"This is a test using a larger than block-size key and a larger than block-size "
                        b"data. The key needs to be hashed before being used by the HMAC algorithm."),
    ]
    out = []
    for key, msg in rfc:
        out.append(crypto_seed(True, 8 if len(key) < 129 else 7, key, msg, 0x0123456789ABCDEF,
                               any_len=len(key) if len(key) < 129 else None,
                               large_len=len(key) if len(key) >= 129 else None))
    fixed = [0, 1, 32, 63, 64, 65, 128]
    for cls, n in enumerate(fixed):
        key = bytes((i * 7 + n) & 0xFF for i in range(n))
        for msg_len in (0, 1, 55, 56, 64, 119, 200):
            msg = bytes((i * 13 + msg_len) & 0xFF for i in range(msg_len))
            out.append(crypto_seed(True, cls, key, msg, 0x9E3779B97F4A7C15 * (msg_len + 1) % 2**64))
    out.append(crypto_seed(True, 7, bytes(range(256)) * 4, b"large key", 7, large_len=1000))
    for msg_len in (0, 3, 55, 56, 63, 64, 65, 127, 128, 1000):
        msg = bytes((i * 31) & 0xFF for i in range(msg_len))
        out.append(crypto_seed(False, 0, b"", msg, msg_len * 0x1000193))
    out.append(crypto_seed(False, 0, b"", b"abc", 42, repeat=64))
    return out


# Values of the hand-made tavla proof seed.
SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
HEX32 = "a" * 64
UUID = "123e4567-e89b-12d3-a456-426614174000"
UUID2 = "00112233-4455-6677-8899-aabbccddeeff"


def op_requests(fairvec):
    """hello, then every example of every op of the op table (`fairvec ops --json`,
    specs/port-protocol.md): the op list and the params come from the table, never from here."""
    try:
        out = subprocess.run([fairvec, "ops", "--json"], capture_output=True, check=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError) as e:
        sys.exit(f"make_corpus: `{fairvec} ops --json` failed ({e}); build the CLI or pass --fairvec")
    table = json.loads(out)
    return [("hello", {"protocol": 1})] + [(op["name"], ex) for op in table["ops"] for ex in op["examples"]]


JSON_SEEDS = [
    "{}", "[]", "null", "true", "0", "-0", "1.5e-7", "9007199254740993", "18446744073709551616",
    "\"\\ud83d\\ude00\"", "\"\\u0000\"", "{\"a\":1,\"a\":2}", "[[[[[[[[[[]]]]]]]]]]",
    "{\"x\":{\"y\":[1,2,{\"z\":\"w\"}]}}", "\"\xc3\xa9\"", "1e309", "[1,]", "{\"a\" 1}",
]


def hello_request():
    return json.dumps({"id": 0, "op": "hello", "params": {"protocol": 1}}, separators=(",", ":"))


def recorded_port_requests(fairvec):
    """Every request `fairvec check-port` sends for the committed vectors, recorded by a proxy port
    that forwards to `fairvec port`. Returns [] when the CLI cannot run."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "requests.jsonl")
        proxy = os.path.join(tmp, "proxy.py")
        with open(proxy, "w") as f:
            f.write(
                "import subprocess, sys\n"
                "p = subprocess.Popen([sys.argv[1], 'port'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
                "log = open(sys.argv[2], 'a')\n"
                "for line in sys.stdin:\n"
                "    log.write(line)\n"
                "    p.stdin.write(line); p.stdin.flush()\n"
                "    sys.stdout.write(p.stdout.readline()); sys.stdout.flush()\n")
        try:
            subprocess.run([fairvec, "check-port", "--vectors", VECTORS, "--", sys.executable, proxy, fairvec, log],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        except (OSError, subprocess.SubprocessError):
            return []
        if not os.path.exists(log):
            return []
        with open(log, "rb") as f:
            return [line.rstrip(b"\n") for line in f if line.strip()]


def strings_under(value, keys, out):
    """Collects the string values of members named in |keys|, anywhere in a JSON tree."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in keys and isinstance(v, str):
                out.append(v)
            strings_under(v, keys, out)
    elif isinstance(value, list):
        for v in value:
            strings_under(v, keys, out)


def replies_of(fairvec, lines):
    """The replies `fairvec port` gives to request |lines|, or [] when it cannot run."""
    try:
        r = subprocess.run([fairvec, "port"], input=b"\n".join(lines) + b"\n", capture_output=True,
                           timeout=300)
    except (OSError, subprocess.SubprocessError):
        return []
    return [l for l in r.stdout.split(b"\n") if l]


def add_findings():
    """Every past finding stays a seed of its target (fuzz/findings/<target>-<what>.<ext>), so
    CTest's replay keeps it fixed; called last, after any minimisation."""
    for path in sorted(glob.glob(os.path.join(ROOT, "fuzz", "findings", "*"))):
        target = os.path.basename(path).split("-", 1)[0]
        if target in TARGETS:
            with open(path, "rb") as f:
                put(target, f.read())


def search_seeds():
    """Inputs of fuzz_search_differential: any bytes decode, so deterministic streams of 8..400 bytes
    (keys, prefixes and suffixes from the front, format, counters and depth from the end)."""
    out = []
    for i in range(24):
        data = b""
        block = hashlib.sha256(b"fairvec/fuzz/search/%d" % i).digest()
        while len(data) < 8 + (i * 53) % 393:
            data += block
            block = hashlib.sha256(block).digest()
        out.append(data[: 8 + (i * 53) % 393])
    return out


def example_port_roll_seeds():
    """Inputs of fuzz_example_port_roll: a server seed of 16..64 bytes from the front, then the
    client seeds' lengths and characters and the roll from the end (deterministic streams)."""
    out = []
    for i in range(16):
        data = b""
        block = hashlib.sha256(b"fairvec/fuzz/example_port_roll/%d" % i).digest()
        while len(data) < 16 + (i * 37) % 49 + 40:
            data += block
            block = hashlib.sha256(block).digest()
        out.append(data[: 16 + (i * 37) % 49 + 40])
    return out


def build_seeds(fairvec):
    for data in crypto_seeds():
        put("crypto_differential", data)
    for data in search_seeds():
        put("search_differential", data)
    for data in example_port_roll_seeds():
        put("example_port_roll", data)


    vector_files = sorted(glob.glob(os.path.join(VECTORS, "*_test.json")))  # not MANIFEST.json
    schema_files = sorted(glob.glob(os.path.join(VECTORS, "schema", "*.json")))
    proof_files = sorted(glob.glob(os.path.join(VECTORS, "proofs", "*.json")))
    for s in JSON_SEEDS:
        put("json_parse", s)
    for path in schema_files + proof_files:
        with open(path, "rb") as f:
            put("json_parse", f.read())
    for path in vector_files:
        with open(path, "rb") as f:
            data = f.read()
        # vector_file gets each group cut to its first three tests, not whole files: small seeds
        # keep executions fast (max_len 16384) and every test type is still there to mutate.
        tree = json.loads(data)
        for group in tree["testGroups"]:
            cut = dict(tree)
            tests = [dict(t, tcId=i + 1) for i, t in enumerate(group["tests"][:3])]
            cut["testGroups"] = [dict(group, tests=tests)]
            cut["numberOfTests"] = len(tests)
            text = json.dumps(cut, indent=2, ensure_ascii=False).encode("utf-8")
            if len(text) <= 16384:
                put("vector_file", text)
        # json_parse gets the smaller files only: it is about syntax, not size.
        if len(data) <= 65536:
            put("json_parse", data)
    put("vector_file", json.dumps({
        "algorithm": "hmac-dice-v1", "schema": "none.json", "generatorVersion": "fairvec 0.1.0",
        "numberOfTests": 1, "header": ["h"], "notes": {"F": {"bugType": "BASIC", "description": "d"}},
        "testGroups": [{"type": "T", "tests": [{"tcId": 1, "comment": "", "flags": ["F"], "result": "valid"}]}]},
        indent=2))

    # Scheme parsers: hand-made seeds plus the matching strings found in the vectors.
    links, recorded, canonical = list(LINK_SEEDS), list(RECORDED_SEEDS), list(CANONICAL_SEEDS)
    for path in vector_files:
        with open(path, "rb") as f:
            try:
                tree = json.loads(f.read())
            except ValueError:
                continue
        strings_under(tree, {"link", "url", "canonicalLink"}, links)
        strings_under(tree, {"recorded", "listing", "text"}, recorded)
        strings_under(tree, {"json", "canonical", "text"}, canonical)
        hexes = []
        strings_under(tree, {"jsonHex", "canonicalHex"}, hexes)
        for h in hexes:
            try:
                canonical.append(bytes.fromhex(h))
            except ValueError:
                pass
        proofs = []
        strings_under(tree, {"proof"}, proofs)
        for x in proofs[:200]:
            put("tavla_proof", x)
    for x in links[:300]:
        put("hmac_dice_link", x)
    for x in recorded[:300]:
        put("hmac_dice_recorded", x)
    for x in canonical[:300]:
        put("canonical_json", x)
    for path in proof_files:
        with open(path, "rb") as f:
            put("tavla_proof", f.read())
    put("tavla_proof", json.dumps({
        "format": "tavla-commit-proof", "version": 1, "gameId": UUID, "seats": [UUID, UUID2],
        "settings": {"rulesVersion": 1}, "settingsHash": HEX32, "seed": SEED, "contributions": [HEX32, SEED],
        "commitment": HEX32, "sealCode": "5J8Z-XF1R", "rolls": [{"n": 1, "kind": "opening", "dice": [6, 3]}]}))

    # port_reply: reply lines, each followed by one byte = expected id + 1 (fuzz/port_reply.cc).
    replies = [b'{"id":1,"ok":true,"result":{"dice":[6,3]}}', b'{"id":1,"ok":false,"error":"bad_input"}',
               b'{"id":1,"ok":false,"error":"unsupported","message":"x"}', b'{"id":2,"ok":true}',
               b'{"ok":true,"result":{}}', b'not json', b'{"id":1,"ok":true,"result":[]}']
    for r in replies:
        put("port_reply", r + bytes([2]))

    put("port_request", hello_request())
    for i, (op, params) in enumerate(op_requests(fairvec)):
        line = json.dumps({"id": i + 1, "op": op, "params": params}, separators=(",", ":"))
        put("port_request", line)
    if fairvec:  # always set (main() defaults it); kept for callers passing None
        recorded = recorded_port_requests(fairvec)
        # One request per distinct (op, shape) is plenty; keep the first 40 per op.
        per_op = {}
        for line in recorded:
            try:
                op = json.loads(line).get("op", "")
            except ValueError:
                continue
            if per_op.get(op, 0) < 40:
                per_op[op] = per_op.get(op, 0) + 1
                put("port_request", line)
        print(f"port_request: {len(recorded)} recorded requests, kept {sum(per_op.values())}")
        kept = sorted(os.listdir(os.path.join(CORPUS, "port_request")))
        lines = []
        for name in kept:
            with open(os.path.join(CORPUS, "port_request", name), "rb") as f:
                lines.append(f.read())
        for req, rep in zip(lines, replies_of(fairvec, lines)):
            try:
                rid = json.loads(req)["id"]
            except (ValueError, KeyError, TypeError):
                continue
            if isinstance(rid, int) and 0 <= rid < 255:
                put("port_reply", rep + bytes([rid + 1]))

    # port_request's structured inputs (first byte 0): the op and its params from the op table.
    for data in spread(0x0B5, 32, lambda i: 16 + (i * 53) % 300):
        put("port_request", b"\x00" + data)

    # port_differential reads structure from the end of its input: a spread of generated inputs
    # reaches every op; the fuzzer-found inputs kept under corpus/ do the rest.
    for data in spread(0x5EED, 64, lambda i: 8 + (i * 37) % 400):
        put("port_differential", data)


def spread(seed, count, size):
    """|count| pseudorandom inputs (an LCG from |seed|), input i of size(i) bytes whose last byte
    is i (ByteReader takes the first choice, the op index, from the end)."""
    state = seed
    for i in range(count):
        n = size(i)
        data = bytearray()
        while len(data) < n:
            state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
            data += struct.pack("<Q", state)
        yield bytes(data[:n - 1]) + bytes([i])


def merge(build, target):
    binary = os.path.join(build, "fuzz", "fuzz_" + target)
    if not os.path.exists(binary):
        print(f"{target}: no libFuzzer binary at {binary}, not minimised")
        return
    src = os.path.join(CORPUS, target)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "min")
        os.makedirs(out)
        opts = ["-merge=1"]
        max_len = options_max_len(target)
        if max_len:
            opts.append(f"-max_len={max_len}")
        subprocess.run([binary] + opts + [out, src], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        shutil.rmtree(src)
        os.makedirs(src)
        for name in sorted(os.listdir(out)):
            with open(os.path.join(out, name), "rb") as f:
                put(target, f.read())
    print(f"{target}: minimised to {len(os.listdir(src))} inputs")


def options_max_len(target):
    path = os.path.join(CORPUS, target + ".options")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            if line.strip().startswith("max_len"):
                return int(line.split("=")[1])
    return None


def seeded_ops(corpus_dir):
    """The ops that some JSON request seed of |corpus_dir| (corpus/port_request/) asks."""
    ops = set()
    for name in os.listdir(corpus_dir):
        with open(os.path.join(corpus_dir, name), "rb") as f:
            try:
                req = json.loads(f.read().decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                continue
        if isinstance(req, dict) and isinstance(req.get("op"), str):
            ops.add(req["op"])
    return ops


def table_ops(fairvec):
    out = subprocess.run([fairvec, "ops", "--json"], capture_output=True, text=True, check=True).stdout
    return [o["name"] for o in json.loads(out)["ops"]]


def seed_missing_ops(fairvec, corpus_dir):
    """Adds, for each op of the table that no seed of corpus/port_request/ asks, the op table's
    examples and up to 40 of the requests check-port sends for its vectors. Returns those ops."""
    missing = sorted(set(table_ops(fairvec)) - seeded_ops(corpus_dir))
    for i, (op, params) in enumerate(op_requests(fairvec)):
        if op in missing:
            put("port_request", json.dumps({"id": i + 1, "op": op, "params": params}, separators=(",", ":")))
    per_op = {}
    for line in recorded_port_requests(fairvec):
        try:
            op = json.loads(line).get("op", "")
        except ValueError:
            continue
        if op in missing and per_op.get(op, 0) < 40:
            per_op[op] = per_op.get(op, 0) + 1
            put("port_request", line)
    return missing


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_cli = os.path.join(ROOT, "build", "gen", "fairvec")
    ap.add_argument("--fairvec", default=default_cli,
                    help="the fairvec CLI: its op table (`ops --json`) and the port requests of every vector "
                         "(default: build/gen/fairvec)")
    ap.add_argument("--libfuzzer-build", help="a libFuzzer build dir (cmake --preset fuzz) to minimise with")
    ap.add_argument("--keep", action="store_true", help="keep existing corpus files (fuzzer finds)")
    ap.add_argument("--missing-ops", action="store_true",
                    help="only add port_request seeds for the ops no seed asks yet (a new family's), "
                         "changing nothing else")
    ap.add_argument("--check-ops", metavar="DIR",
                    help="write nothing: exit 1 naming every op of the table that no JSON request "
                         "seed of DIR (corpus/port_request) asks")
    args = ap.parse_args()
    if args.check_ops:
        missing = sorted(set(table_ops(args.fairvec)) - seeded_ops(args.check_ops))
        for op in missing:
            print(f"make_corpus: no seed of {args.check_ops} asks op {op} (fuzz/make_corpus.py --missing-ops)")
        print(f"make_corpus: {len(table_ops(args.fairvec)) - len(missing)} of {len(table_ops(args.fairvec))} ops "
              f"have a port_request seed")
        sys.exit(1 if missing else 0)
    if args.missing_ops:
        added = seed_missing_ops(args.fairvec, os.path.join(CORPUS, "port_request"))
        print(f"port_request: seeds added for {', '.join(added) or 'no op'}")
        return
    if not args.keep:
        for t in TARGETS:
            shutil.rmtree(os.path.join(CORPUS, t), ignore_errors=True)
    build_seeds(args.fairvec)
    if args.libfuzzer_build:
        for t in TARGETS:
            merge(args.libfuzzer_build, t)
    add_findings()
    for t in TARGETS:
        print(f"corpus/{t}: {len(os.listdir(os.path.join(CORPUS, t)))} files")


if __name__ == "__main__":
    main()
