#!/usr/bin/env python3
"""The standing hostile-input suite: mutation drivers for every input path of the fairvec CLI.

Paths: port request lines (`fairvec port`), proof files (`verify-tavla`), check-page links
(`verify-dice --link`), vector files (`check --only`) and command-line arguments. Every run is
limited to the memory budget's address space (RLIMIT_AS, as `prlimit --as` sets it) and a time
bound, and must end with an exit code of the documented set, never by a signal, never by timeout,
never with exit 5 (internal error). Tampered inputs (a hex digit, a die or a digit of a checked
value replaced by another of its kind) must never verify, and every tamper meant must find a value
to change (and at least a tenth of each path's inputs are tampered). fairvec only ever writes into a
copy of the vectors it is given. A few large inputs per path measure peak
memory over input size. The driver prints its counts; exit status 0 when every assertion held.

Usage: hostile_suite.py --fairvec PATH --vectors DIR [--seed N] [--scale F]
"""
import argparse
import collections
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 20.0                # seconds per run
# The limits come from the code (`fairvec limits --json`, specs/README.md "Memory budget"), set by
# load_limits before the suite runs: the address space every run gets, the most peak memory growth
# per input byte (the memory rule's multiple, plus the text itself), per roll of a match, and the
# most rolls a match may have.
AS_LIMIT = RATIO_LIMIT = ROLL_LIMIT = MATCH_ROLLS = None


def load_limits(fairvec):
    global AS_LIMIT, RATIO_LIMIT, ROLL_LIMIT, MATCH_ROLLS
    limits = json.loads(subprocess.run([fairvec, "limits", "--json"], check=True, capture_output=True).stdout)
    AS_LIMIT = limits["processMemoryBytes"]
    RATIO_LIMIT = float(limits["jsonBudgetMultiple"] + 1)
    ROLL_LIMIT = limits["matchBytesPerRoll"]
    MATCH_ROLLS = limits["matchRolls"]

HEX = "0123456789abcdef"


class Suite:
    def __init__(self, fairvec, vectors, seed, scale):
        self.fairvec = fairvec
        self.vectors = vectors
        self.rng = random.Random(seed)
        self.scale = scale
        self.tmp = tempfile.mkdtemp(prefix="fairvec_hostile_")
        self.counts = collections.Counter()
        self.codes = collections.defaultdict(collections.Counter)
        self.failures = []
        self.max_time = (0.0, "")
        self.max_ratio = (0.0, "")
        self.baseline_kib = None
        self.ratios = []
        # Tampered inputs per path: meant (every other input) and made (a field to tamper found).
        self.tampered = collections.defaultdict(lambda: [0, 0])

    def n(self, count):
        return max(1, int(count * self.scale))

    # run starts fairvec with |args| under the memory limit and returns (rc, stdout, stderr,
    # seconds). rc is negative for a signal, None for a timeout.
    def run(self, args, stdin=b""):
        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))
        start = time.monotonic()
        p = subprocess.Popen([self.fairvec] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, preexec_fn=limit, cwd=self.tmp)
        try:
            out, err = p.communicate(stdin, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            return None, b"", b"", TIMEOUT
        return p.returncode, out, err, time.monotonic() - start

    def record(self, path, what, rc, seconds, allowed, err=b""):
        self.counts[path] += 1
        self.codes[path]["timeout" if rc is None else ("signal %d" % -rc if rc < 0 else rc)] += 1
        if seconds > self.max_time[0]:
            self.max_time = (seconds, "%s: %s" % (path, what))
        if rc is None or rc < 0 or rc not in allowed:
            self.failures.append("%s: %s ended with %s; stderr: %s" %
                                 (path, what, "timeout" if rc is None else rc, err[:300]))

    # measure runs one large input alone, in a fresh process tree, and records peak memory growth
    # over the baseline against the input size.
    def peak(self, args, stdin):
        probe = [sys.executable, "-c", MEASURE, str(AS_LIMIT), self.tmp, self.fairvec] + args
        start = time.monotonic()
        p = subprocess.run(probe, input=stdin, capture_output=True, timeout=TIMEOUT * 3)
        rc_text, kib = p.stderr.decode().strip().splitlines()[-1].split()
        return None if rc_text == "timeout" else int(rc_text), int(kib), p.stdout, time.monotonic() - start

    # measure runs one large input alone and records its peak resident memory above that of the
    # same command on a small input (|base_args|, |base_stdin|), against the input's size — or,
    # with |rolls|, against the number of rolls of the match (verify-dice keeps per-roll state, so
    # its rule is per roll, whatever the input's size).
    def measure(self, path, what, args, stdin, size, allowed, base_args, base_stdin=b"", rolls=None):
        base_kib = self.peak(base_args, base_stdin)[1]
        rc, kib, out, seconds = self.peak(args, stdin)
        self.record(path, what, rc, seconds, allowed, out[-300:])
        growth = max(0, kib - base_kib) * 1024
        if rolls is None:
            ratio, limit, unit = growth / size, RATIO_LIMIT, "x the input"
        else:
            ratio, limit, unit = growth / rolls, ROLL_LIMIT, " bytes per roll"
        self.ratios.append("%s: %s: %d bytes%s, peak %d KiB (+%d KiB), %.1f%s (limit %s)" %
                           (path, what, size, "" if rolls is None else ", %d rolls" % rolls, kib, kib - base_kib,
                            ratio, unit, limit))
        if rolls is None and ratio > self.max_ratio[0]:
            self.max_ratio = (ratio, "%s: %s" % (path, what))
        if ratio > limit:
            self.failures.append("%s: %s: peak memory %.1f%s, over %s" % (path, what, ratio, unit, limit))
        return rc, out

    def count_tamper(self, path, meant, text):
        """Counts a tamper meant for |path| and whether it found a field (|text| not None): a tamper
        that finds none would silently become an ordinary mutation, so the suite fails on it."""
        if meant:
            self.tampered[path][0] += 1
            self.tampered[path][1] += text is not None

    def mutate(self, data):
        data = bytearray(data)
        for _ in range(self.rng.randint(1, 4)):
            op = self.rng.randrange(7)
            i = self.rng.randrange(len(data) + 1)
            if op == 0 and data:
                del data[min(i, len(data) - 1)]
            elif op == 1:
                data.insert(i, self.rng.randrange(256))
            elif op == 2 and data:
                data[min(i, len(data) - 1)] = self.rng.randrange(256)
            elif op == 3:
                data[i:i] = self.rng.choice([b"\x00", b"[", b"{", b"\"", b"\\u", b"\\udc00", b"1e400", b"-0",
                                              b"\xed\xa0\x80", b"\xff", b"99999999999999999999", b",", b"}"])
            elif op == 4 and data:
                j = min(len(data), i + self.rng.randint(1, 64))
                data[i:i] = data[i:j] * self.rng.randint(1, 8)
            elif op == 5:
                data[i:i] = b"[" * 600 + b"]" * 600
            else:
                data = data[:i]
        return bytes(data)

    def tamper(self, text, fields):
        """Replaces one hex digit or digit inside the value of one of the members |fields| (JSON
        keys, or link fields such as "s=") by another of its kind; None when there is none."""
        spans = []
        for field in fields:
            pattern = re.escape(field) if field.endswith("=") else r'"%s"\s*:\s*\[?\s*"?' % re.escape(field)
            for m in re.finditer(pattern, text):
                j = m.end()
                while j < len(text) and text[j] in HEX:
                    j += 1
                if j > m.end():
                    spans.append((m.end(), j, field))
        if not spans:
            return None
        k, j, field = self.rng.choice(spans)
        i = self.rng.randrange(k, j)
        digits = text[k:j].isdigit()
        kind = "123456" if field in ("dice", "r=") else ("0123456789" if digits else HEX)
        choices = [c for c in kind if c != text[i].lower() and not (digits and i == k and c == "0")]
        return text[:i] + self.rng.choice(choices) + text[i + 1:]

    def tamper_vector(self, original):
        """A vector file with one checked value of one valid test changed (a link's hex digit, an
        h52 or a ball number), rewritten as JSON."""
        doc = json.loads(original)
        tests = [t for g in doc["testGroups"] for t in g["tests"] if t["result"] == "valid"]
        t = self.rng.choice(tests)
        field = self.rng.choice(["links", "h52", "balls"])
        k = 0 if field == "links" else self.rng.randrange(len(t[field]))  # later links may go unused
        if field == "links":  # only the leading 52 bits (13 hex digits) of a link are read
            link = t[field][k]
            i = self.rng.randrange(13)
            t[field][k] = link[:i] + self.rng.choice([c for c in HEX if c != link[i].lower()]) + link[i + 1:]
        else:
            t[field][k] += self.rng.choice([-1, 1])
        return json.dumps(doc, indent=2, ensure_ascii=False)

    # ---------------------------------------------------------------- port request lines
    def port_lines(self):
        corpus = os.path.join(os.path.dirname(self.vectors.rstrip("/")), "corpus", "port_request")
        seeds = [open(os.path.join(corpus, f), "rb").read().strip() for f in sorted(os.listdir(corpus))]
        lines = []
        for _ in range(self.n(3000)):
            line = self.mutate(self.rng.choice(seeds)).replace(b"\n", b" ").replace(b"\r", b" ")
            if line.strip():
                lines.append(line)
        rc, out, err, seconds = self.run(["port"], b"\n".join(lines) + b"\n")
        self.counts["port line"] += len(lines) - 1
        self.record("port line", "%d mutated lines" % len(lines), rc, seconds, {0}, err)
        replies = out.decode("utf-8", "replace").splitlines()
        if len(replies) != len(lines):
            self.failures.append("port line: %d lines, %d replies" % (len(lines), len(replies)))
        for line, reply in zip(lines, replies):
            try:
                r = json.loads(reply)
            except ValueError:
                self.failures.append("port line: reply is not JSON: %r" % reply[:200])
                continue
            tag = "ok" if r.get("ok") else r.get("error")
            self.codes["port line"]["reply " + str(tag)] += 1
            if tag not in ("ok", "bad_input", "unsupported"):
                self.failures.append("port line: %r answered %r" % (line[:200], reply[:300]))
        # The largest match through the port: every roll a game of its own, every roll recorded
        # wrong (every mismatch and every game is in the reply).
        hello = b'{"id":0,"op":"hello","params":{"protocol":1}}\n'
        match = hello + (('{"id":1,"op":"hmac_dice.verify_match","params":{"serverSeed":"%s","seal":"",'
                          '"clientSeeds":["a"],"rolls":%d,"recorded":"%s","games":[%s]}}\n') %
                         ("00" * 32, MATCH_ROLLS, "11" * MATCH_ROLLS, ",".join(["1"] * MATCH_ROLLS))).encode()
        rc, out = self.measure("port line", "verify_match: %d one-roll games, all wrong" % MATCH_ROLLS, ["port"],
                               match, len(match), {0}, ["port"], hello, rolls=MATCH_ROLLS)
        if b'{"id":1,"ok":true' not in out:  # the probe keeps the first 2,000 bytes of the output
            self.failures.append("port line: the largest match was not answered ok: %r" % out[-300:])
        # Large lines: one dense but within budget, one dense beyond it, one beyond the length limit.
        for what, body in (("5 MB of 6-byte numbers", b"12345," * ((5 << 20) // 6)),
                           ("8 MB of 2-byte numbers", b"1," * (4 << 20)),
                           ("20 MB line", b"1," * (10 << 20))):
            line = b'{"id":1,"op":"hello","params":{"protocol":1,"x":[' + body + b'1]}}\n'
            rc, out = self.measure("port line", what, ["port"], line, len(line), {0}, ["port"], b"{}\n")
            if not out.startswith(b'{"id":'):
                self.failures.append("port line: %s: no reply" % what)

    # ---------------------------------------------------------------- proof files
    def proofs(self):
        base = [open(os.path.join(self.vectors, "proofs", f)).read()
                for f in sorted(os.listdir(os.path.join(self.vectors, "proofs"))) if f.startswith("valid-")]
        path = os.path.join(self.tmp, "proof.json")
        for i in range(self.n(120)):
            original = self.rng.choice(base)
            tampered = i % 2 == 0
            # The contributions only derive the dice: in a proof without rolls nothing checks them
            # (the verifier says the rolls were not checked), so they are tampered only with rolls.
            fields = ["seed", "commitment", "gameId", "dice", "settingsHash"]
            if json.loads(original)["rolls"]:
                fields.append("contributions")
            text = self.tamper(original, fields) if tampered else None
            self.count_tamper("proof", tampered, text)
            data = text.encode() if text else self.mutate(original.encode())
            with open(path, "wb") as f:
                f.write(data)
            rc, out, err, seconds = self.run(["verify-tavla", path])
            self.record("proof", "mutation %d" % i, rc, seconds, {1, 2} if text else {0, 1, 2}, err)
            if text and rc == 0:
                self.failures.append("proof: a tampered proof verified: %s" % text[:400])
        # Large: a proof just under the 4 MiB limit (many rolls) and a 10 MB one.
        proof = json.loads(base[0])
        roll = proof["rolls"][0] if proof["rolls"] else {"n": 1, "kind": "opening", "dice": [1, 2]}
        for what, count in (("3.5 MB of rolls", 35000), ("10 MB of rolls", 100000)):
            proof["rolls"] = [dict(roll, n=k + 1) for k in range(count)]
            data = json.dumps(proof, indent=2).encode()
            with open(path, "wb") as f:
                f.write(data)
            self.measure("proof", what, ["verify-tavla", path], b"", len(data), {1, 2},
                         ["verify-tavla", os.path.join(self.vectors, "proofs", "valid-play.json")])

    # ---------------------------------------------------------------- links
    def links(self):
        d = json.load(open(os.path.join(self.vectors, "hmac_dice_link_test.json")))
        links = [t["link"] for g in d["testGroups"] for t in g["tests"] if t.get("result") == "valid"]
        for i in range(self.n(120)):
            original = self.rng.choice(links)
            meant = i % 2 == 0 and "c=" in original
            text = self.tamper(original, ["s=", "c=", "r="]) if meant else None
            self.count_tamper("link", meant, text)
            arg = text if text else self.mutate(original.encode()).decode("utf-8", "surrogateescape")
            arg = arg.replace("\x00", "")  # an argv string cannot hold NUL
            rc, out, err, seconds = self.run(["verify-dice", "--link", arg])
            self.record("link", "mutation %d" % i, rc, seconds, {1, 2} if text else {0, 1, 2}, err)
            if text and rc == 0:
                self.failures.append("link: a tampered link verified: %s" % text)
        big = links[0] + "1" * (100 << 10)  # an argument near the kernel's 128 KiB limit
        self.measure("link", "100 KB link", ["verify-dice", "--link", big], b"", len(big), {1, 2},
                     ["verify-dice", "--link", links[0]], rolls=len(big.split("r=")[1]) // 2)
        # The most state a match can need: the largest number of rolls, every one recorded wrong,
        # reported as JSON (each mismatch is listed) — as one game, and as one game per roll (each
        # game is listed too; --games is one argument, at most 128 KiB on Linux: 65,535 games).
        seed, most = "00" * 32, MATCH_ROLLS
        rolls = os.path.join(self.tmp, "rolls.txt")
        with open(rolls, "w") as f:
            f.write("11" * most)
        base = ["verify-dice", "--json", "--seed", seed, "--client", "a", "--recorded", "11"]
        self.measure("link", "%d wrong recorded rolls, --json" % most,
                     ["verify-dice", "--json", "--seed", seed, "--client", "a", "--recorded-file", rolls], b"",
                     2 * most, {1}, base, rolls=most)
        games = min(most, (128 << 10) // 2)
        with open(rolls, "w") as f:
            f.write("11" * games)
        self.measure("link", "%d one-roll games, all wrong, --json" % games,
                     ["verify-dice", "--json", "--seed", seed, "--client", "a", "--games", ",".join(["1"] * games),
                      "--recorded-file", rolls], b"", 2 * games, {1}, base, rolls=games)

    # ---------------------------------------------------------------- vector files
    def vector_files(self):
        name = "keno_pick_test.json"
        d = os.path.join(self.tmp, "vectors")
        shutil.copytree(self.vectors, d, dirs_exist_ok=True)
        original = open(os.path.join(self.vectors, name)).read()
        for i in range(self.n(40)):
            text = self.tamper_vector(original) if i % 2 == 0 else None
            self.count_tamper("vector file", i % 2 == 0, text)
            data = text.encode() if text else self.mutate(original.encode())
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
            rc, out, err, seconds = self.run(["check", "--vectors", d, "--only", name])
            self.record("vector file", "mutation %d" % i, rc, seconds, {1, 2} if text else {0, 1, 2}, err)
            if text and rc == 0:
                self.failures.append("vector file: a tampered file passed: %s" % text[:300])
        data = original.encode()
        k = data.rfind(b"]")
        big = data[:k] + b"," + b",".join([b'"x"'] * 900000) + data[k:]
        with open(os.path.join(d, name), "wb") as f:
            f.write(big)
        self.measure("vector file", "3.6 MB of strings", ["check", "--vectors", d, "--only", name], b"", len(big), {1, 2},
                     ["check", "--vectors", self.vectors, "--only", name])

    # ---------------------------------------------------------------- arguments
    def arguments(self):
        seed = "000102030405060708090a0b0c0d0e0f"
        # generate may write (a deleted --verify makes it a generation): it only ever gets a copy of
        # the vectors, as its --out appended after the mutation, so no mutation can drop it or point
        # it elsewhere (without --out it would write into the vectors fairvec was built with).
        copy = os.path.join(self.tmp, "vectors_for_arguments")
        shutil.copytree(self.vectors, copy)
        writes = {"generate": ["--out", copy]}
        bases = [["search", "hmac-dice-skip", "--seed", seed, "--client", "a", "--depth", "1", "--count", "100"],
                 ["verify-dice", "--seed", seed, "--client", "a", "--rolls", "3"],
                 ["port", "--backend", "openssl"],
                 ["check", "--vectors", copy, "--only", "keno_pick_test.json"],
                 ["generate", "--verify", "--only", "keno_pick_test.json"]]
        odd = ["", "=", "-", "--", "--x=", "--seed=", "--client=", "--count=", "--only=", "-1", "1e9",
               "18446744073709551616", "\udcff", "a" * (100 << 10), "--help=x", "--version=1"]
        for i in range(self.n(100)):
            args = list(self.rng.choice(bases))
            for _ in range(self.rng.randint(1, 3)):
                op = self.rng.randrange(4)
                k = self.rng.randrange(len(args) + 1)
                if op == 0 and len(args) > 1:
                    del args[min(k, len(args) - 1)]
                elif op == 1:
                    args.insert(k, self.rng.choice(odd))
                elif op == 2 and len(args) > 1:
                    a = args[min(k, len(args) - 1)]
                    args.insert(k, a if not a.startswith("--") else a + "=")
                else:
                    args[min(k, len(args) - 1)] = self.rng.choice(odd)
            args = [a.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape") for a in args]
            command = next((a for a in args if a in writes), None)
            if command is not None:
                args = args + writes[command]
            rc, out, err, seconds = self.run(args)
            self.record("arguments", " ".join(a[:40] for a in args), rc, seconds, {0, 1, 2, 3}, err)

    def main(self):
        self.baseline_kib = self.peak(["port"], b"")[1]
        start = time.monotonic()
        for driver in (self.port_lines, self.proofs, self.links, self.vector_files, self.arguments):
            driver()
        shutil.rmtree(self.tmp, ignore_errors=True)
        print("hostile suite: %.1f s, address-space limit %d MiB, baseline %d KiB" %
              (time.monotonic() - start, AS_LIMIT >> 20, self.baseline_kib))
        for path in self.counts:
            print("  %-12s %5d inputs; %s" % (path, self.counts[path],
                                              ", ".join("%s: %d" % kv for kv in sorted(self.codes[path].items(),
                                                                                       key=str))))
        for r in self.ratios:
            print("  large input, " + r)
        print("  max peak-memory growth / input size (port lines, proofs, vector files): %.2f (%s)" % self.max_ratio)
        print("  max time of one run: %.2f s (%s)" % self.max_time)
        for path, (meant, made) in sorted(self.tampered.items()):
            print("  %-12s %d tampered inputs of %d meant" % (path, made, meant))
            if made < meant:
                self.failures.append("%s: %d tampers found no field to change (they became plain mutations)" %
                                     (path, meant - made))
            if made < max(1, self.counts[path] // 10):
                self.failures.append("%s: only %d tampered inputs of %d (at least a tenth)" %
                                     (path, made, self.counts[path]))
        for f in self.failures[:50]:
            print("FAIL " + f)
        print("%d failures" % len(self.failures))
        return 1 if self.failures else 0


# MEASURE runs one command under the address-space limit and prints its exit code (or "timeout")
# and its peak resident memory in KiB (wait4's ru_maxrss of that one child) on stderr.
MEASURE = r"""
import os, resource, subprocess, sys
limit, cwd, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
def pre(): resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     preexec_fn=pre, cwd=cwd)
data = sys.stdin.buffer.read()
try:
    out, _ = p.communicate(data, timeout=60)
    status = p.returncode
except subprocess.TimeoutExpired:
    p.kill(); p.communicate(); status = "timeout"
sys.stdout.buffer.write(out[:2000] if status != "timeout" else b"")
sys.stderr.write("%s %d\n" % (status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
"""

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--fairvec", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--scale", type=float, default=1.0)
    a = ap.parse_args()
    load_limits(os.path.abspath(a.fairvec))
    sys.exit(Suite(os.path.abspath(a.fairvec), os.path.abspath(a.vectors), a.seed, a.scale).main())
