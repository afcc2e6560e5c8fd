#!/usr/bin/env python3
"""differential.py - run `fairvec port` and the Python reference port side by side.

Both ports are started once and driven over port protocol v1 (specs/port-protocol.md). For every
op that BOTH list in their hello, the script sends the same requests to both, in three kinds:
- edge: a fixed list per op (EDGES: limits, types, case, nesting depth, u = 1.0 ...); either
  answer is fine as long as both ports give the same one;
- valid: random well-formed inputs (default 2000 per op; `cursor.game` has one row per game with
  500 per game, 8000 for the op), which both should answer with a result;
- invalid: random malformed inputs (default 200 per row), which both must answer `bad_input`
  (both accepting one is a failure).
Results are compared bit-exactly: doubles by their IEEE-754 bits, everything else by value; error
replies by their code only (the optional `message` is for people). Every member of the
reference's result must be present in fairvec's result with the same value; extra members in
fairvec's result are allowed, as in the protocol.

Table: one row per op (per game for cursor.game): inputs compared, inputs agreed, inputs skipped
(all of a row's inputs when either port does not list the op), and the edge/valid/invalid split.

Counting: the final line `N passed, M failed` counts OPS (table rows), not inputs. A row passes
when at least one input was compared and every compared input agreed; it fails on any
disagreement. A row whose op either side does not list is SKIPPED and counts as neither (the
number of skipped rows is printed on the line before). The per-row table gives the input counts.

Exit code: 0 when no row failed, 1 when a row failed (each disagreement is printed with its op,
params and both replies, up to --max-show per row), 2 on bad arguments or a port that broke the
protocol. A row that compared no input fails. `--require-all` also fails (exit 1) when a row was
skipped or an op fairvec lists has no row ("NO ROW"), and counts a generated-valid input that both ports reject as a disagreement (the
generator is then broken, or both ports are wrong the same way).

Generation is deterministic: one random.Random(seed) per row, seeded from --seed and the row name,
so a row's inputs do not depend on which other rows ran.

Usage:
  differential.py --fairvec build/gen/fairvec [--count 2000] [--game-count 500] [--invalid 200]
                  [--seed 20261129] [--only OP[,OP...]] [--ref tests/reference/fairvec_ref.py]
"""

import argparse
import json
import math
import os
import random
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_SAFE = 2**53 - 1
U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1


# ------------------------------------------------------------------------------------------------
# Driving a port
# ------------------------------------------------------------------------------------------------

class ProtocolError(Exception):
    pass


class Port:
    """A port child process spoken to over port protocol v1, one request at a time."""

    def __init__(self, name, argv, show_stderr):
        self.name = name
        self.argv = argv
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=None if show_stderr else subprocess.DEVNULL)
        self.next_id = 0
        hello = self.call("hello", {"protocol": 1})
        if not hello.get("ok") or not isinstance(hello.get("result", {}).get("ops"), list):
            raise ProtocolError(f"{name}: bad hello reply {hello!r}")
        self.ops = set(hello["result"]["ops"])

    def call(self, op, params):
        rid = self.next_id
        self.next_id += 1
        request = {"id": rid, "op": op, "params": params}
        line = json.dumps(request, ensure_ascii=False, separators=(",", ":"))
        try:
            data = line.encode("utf-8")
        except UnicodeEncodeError:      # a lone surrogate travels as a \ud800 escape
            line = json.dumps(request, separators=(",", ":"))
            data = line.encode("ascii")
        try:
            self.proc.stdin.write(data + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise ProtocolError(f"{self.name}: port closed its stdin at {line}") from None
        reply_line = self.proc.stdout.readline()
        if not reply_line:
            raise ProtocolError(f"{self.name}: port exited on request {line}")
        try:
            reply = json.loads(reply_line.decode("utf-8"))
        except ValueError:
            raise ProtocolError(f"{self.name}: reply is not JSON: {reply_line!r} "
                                f"(request {line})") from None
        if not isinstance(reply, dict) or reply.get("id") != rid or \
                not isinstance(reply.get("ok"), bool):
            raise ProtocolError(f"{self.name}: bad reply {reply!r} to {line}")
        if reply["ok"] and not isinstance(reply.get("result"), dict):
            raise ProtocolError(f"{self.name}: ok reply without result: {reply!r}")
        if not reply["ok"] and not isinstance(reply.get("error"), str):
            raise ProtocolError(f"{self.name}: error reply without error: {reply!r}")
        return reply

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def float_bits(x):
    return struct.pack(">d", float(x)).hex()


def same_value(ref, other):
    """Bit-exact equality: a double on either side compares by IEEE-754 bits."""
    if isinstance(ref, bool) or isinstance(other, bool):
        return type(ref) is type(other) and ref == other
    if isinstance(ref, float) or isinstance(other, float):
        if not isinstance(ref, (int, float)) or not isinstance(other, (int, float)):
            return False
        try:
            return float_bits(ref) == float_bits(other)
        except OverflowError:
            return False
    if isinstance(ref, dict):
        return isinstance(other, dict) and all(k in other and same_value(v, other[k])
                                               for k, v in ref.items())
    if isinstance(ref, list):
        return isinstance(other, list) and len(ref) == len(other) and \
            all(same_value(a, b) for a, b in zip(ref, other))
    return type(ref) is type(other) and ref == other


def same_reply(ref, other):
    if ref["ok"] != other["ok"]:
        return False
    if not ref["ok"]:
        return ref["error"] == other["error"]
    return same_value(ref["result"], other["result"])


# ------------------------------------------------------------------------------------------------
# Random values
# ------------------------------------------------------------------------------------------------

# Characters for "any string" inputs: ASCII, controls, Latin-1, BMP (incl. U+2028, U+FEFF and the
# private-use/high BMP that sorts differently in UTF-16 and in code points) and astral characters.
# Surrogate code points are never produced: a JSON text cannot carry a lone one as UTF-8.
_CHAR_RANGES = [
    (0x20, 0x7E, 40), (0x00, 0x1F, 3), (0x7F, 0xFF, 6), (0x100, 0x7FF, 4), (0x800, 0xD7FF, 6),
    (0xE000, 0xFFFD, 4), (0x10000, 0x10FFFF, 6), (0x1F600, 0x1F64F, 4),
]
_SPECIAL_CHARS = ["\u2028", "\u2029", "\ufeff", "\uffff", "\U0010ffff", "\"", "\\", "/", "-",
                  "\u0000", "\u007f", "\u0080", "\u00e9", "\U0001f600"]


def rand_char(rng, controls=True):
    while True:
        if rng.random() < 0.08:
            c = rng.choice(_SPECIAL_CHARS)
        else:
            lo, hi, _ = rng.choices(_CHAR_RANGES, weights=[w for _, _, w in _CHAR_RANGES])[0]
            c = chr(rng.randint(lo, hi))
        if controls or ord(c) >= 0x20:
            return c


def rand_string(rng, lo=0, hi=40, controls=True):
    n = rng.randint(lo, hi)
    if rng.random() < 0.3:   # plain ASCII now and then
        return "".join(chr(rng.randint(0x20, 0x7E)) for _ in range(n))
    return "".join(rand_char(rng, controls) for _ in range(n))


def rand_hex(rng, nbytes, mixed_case=False):
    h = rng.randbytes(nbytes).hex()
    if mixed_case and rng.random() < 0.5:
        h = "".join(c.upper() if rng.random() < 0.5 else c for c in h)
    return h


def rand_int(rng, lo, hi):
    """An integer in [lo, hi], biased to the ends and to small values."""
    r = rng.random()
    if r < 0.1:
        return rng.choice([lo, hi, min(lo + 1, hi), max(hi - 1, lo)])
    if r < 0.4:
        return rng.randint(lo, min(hi, lo + 1000))
    if r < 0.6:
        bits = rng.randint(0, max(1, hi.bit_length()))
        return min(hi, max(lo, rng.getrandbits(bits)))
    return rng.randint(lo, hi)


def rand_unit(rng, n=None):
    """A double in [0, 1]: random, ends, and values next to k/n."""
    r = rng.random()
    if r < 0.05:
        return rng.choice([0.0, 1.0, math.nextafter(1.0, 0.0), 5e-324, 2.0**-64, 0.5])
    if r < 0.25 and n:
        k = rng.randint(0, n)
        x = k / n
        for _ in range(rng.randint(0, 2)):
            x = math.nextafter(x, rng.choice([0.0, 1.0]))
        return min(1.0, max(0.0, x))
    if r < 0.35:
        return (rng.getrandbits(64)) / 2.0**64
    return rng.random()


ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


def rand_client_seed(rng):
    n = rng.choice([1, 32, 128, rng.randint(1, 128), rng.randint(1, 16)])
    if rng.random() < 0.2:
        return rng.randbytes(16).hex()[:n] if n <= 32 else rng.randbytes(64).hex()[:n]
    return "".join(rng.choice(ALNUM) for _ in range(n))


def rand_uuid(rng):
    h = rand_hex(rng, 16, mixed_case=True)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def skipped_prefix_bytes(rng, n, high_count):
    """n bytes where the first high_count are >= 252, the next one < 252, the rest random."""
    out = bytearray(rng.randint(252, 255) for _ in range(min(n, high_count)))
    if len(out) < n:
        out.append(rng.randint(0, 251))
    while len(out) < n:
        out.append(rng.randint(0, 255) if rng.random() < 0.7 else rng.randint(240, 255))
    return bytes(out)


# ------------------------------------------------------------------------------------------------
# JSON values for canonical_json and tavla.commitment settings
# ------------------------------------------------------------------------------------------------

def rand_key(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice(["a", "b", "A", "", "rules", "version", "\u00e9", "\U0001f600",
                           "\uff61", "\ue000", "\u20ac", "\r", "1", "10", "\ufb33"])
    return rand_string(rng, 0, 8)


def rand_json_value(rng, depth=0):
    r = rng.random()
    if depth < 4 and r < 0.25:
        obj = {}
        for _ in range(rng.randint(0, 6)):
            obj[rand_key(rng)] = rand_json_value(rng, depth + 1)
        return obj
    if depth < 4 and r < 0.4:
        return [rand_json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    r = rng.random()
    if r < 0.35:
        return rand_string(rng, 0, 12)
    if r < 0.7:
        return rng.choice([1, -1]) * rand_int(rng, 0, MAX_SAFE)
    return rng.choice([True, False, None])


def rand_settings(rng):
    obj = {"rulesVersion": rng.randint(1, 5), "variant": rng.choice(["tavla", "plakoto", "ü"])}
    for _ in range(rng.randint(0, 6)):
        obj[rand_key(rng)] = rand_json_value(rng, 1)
    return obj


def json_escape_string(rng, s):
    """A JSON string literal for s, with random choices among equivalent escapes."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        r = rng.random()
        if ch == '"' or ch == "\\":
            out.append("\\" + ch if r < 0.8 else "\\u%04x" % o)
        elif o < 0x20:
            short = {8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r"}.get(o)
            out.append(short if short and r < 0.5 else ("\\u%04x" if r < 0.75 else "\\u%04X") % o)
        elif ch == "/" and r < 0.3:
            out.append("\\/")
        elif r < 0.15:
            if o >= 0x10000:
                v = o - 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)))
            else:
                out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def json_text(rng, v, ws=True):
    """Serialize v as JSON text with random whitespace, key order and escapes."""
    def sp():
        return "".join(rng.choice(" \t\n\r") for _ in range(rng.randint(0, 2))) \
            if ws and rng.random() < 0.3 else ""
    if isinstance(v, dict):
        items = list(v.items())
        rng.shuffle(items)
        return "{" + sp() + ",".join(sp() + json_escape_string(rng, k) + sp() + ":" + sp()
                                     + json_text(rng, x, ws) + sp() for k, x in items) + sp() + "}"
    if isinstance(v, list):
        return "[" + sp() + ",".join(sp() + json_text(rng, x, ws) + sp() for x in v) + sp() + "]"
    if isinstance(v, str):
        return json_escape_string(rng, v)
    return json.dumps(v)


# ------------------------------------------------------------------------------------------------
# Input generators: each row has valid(rng) -> params and invalid(rng) -> params
# ------------------------------------------------------------------------------------------------

ROWS = {}


def row(name, op=None):
    def deco(cls):
        ROWS[name] = (op or name, cls)
        return cls
    return deco


def mutate_hex_bad(rng, h):
    """Make a hex string invalid: odd length, a non-hex character, or a space."""
    r = rng.random()
    if r < 0.3 and h:
        return h[:-1]
    if r < 0.6:
        i = rng.randint(0, len(h))
        return h[:i] + rng.choice("gxzG -+\u00e9") + h[i:]
    if r < 0.8 and h:
        i = rng.randrange(len(h))
        return h[:i] + rng.choice("g Z\u0660") + h[i + 1:]
    return "0x" + h


# hmac-dice-v1 ------------------------------------------------------------------------------------

def hd_seed(rng):
    return rand_hex(rng, rng.choice([16, 32, 64, rng.randint(16, 64)]), mixed_case=True)


def hd_seeds(rng):
    return [rand_client_seed(rng) for _ in range(rng.randint(1, 2))]


def hd_roll(rng):
    return rand_int(rng, 1, MAX_SAFE)


def hd_bad_seed(rng):
    r = rng.random()
    if r < 0.4:
        return rand_hex(rng, rng.choice([0, 1, 15, 65, 100]))
    return mutate_hex_bad(rng, rand_hex(rng, 32))


def hd_bad_client_seeds(rng):
    r = rng.random()
    if r < 0.15:
        return []
    if r < 0.3:
        return [rand_client_seed(rng) for _ in range(3)]
    bad = rng.choice(["", "a" * 129, "ab c", "a:b", "a+", "é", "a.b", "x\u0000", "\U0001f600",
                      "a/b", "ab\n", rand_string(rng, 1, 10, True) + "\u00e9"])
    seeds = hd_seeds(rng)
    seeds[rng.randrange(len(seeds))] = bad
    return seeds


@row("hmac_dice.seal")
class HdSeal:
    def valid(rng):
        return {"serverSeed": hd_seed(rng)}

    def invalid(rng):
        return {"serverSeed": hd_bad_seed(rng)}


@row("hmac_dice.roll")
class HdRoll:
    def valid(rng):
        return {"serverSeed": hd_seed(rng), "clientSeeds": hd_seeds(rng), "roll": hd_roll(rng)}

    def invalid(rng):
        p = HdRoll.valid(rng)
        what = rng.choice(["serverSeed", "clientSeeds", "roll"])
        if what == "serverSeed":
            p["serverSeed"] = hd_bad_seed(rng)
        elif what == "clientSeeds":
            p["clientSeeds"] = hd_bad_client_seeds(rng)
        else:
            p["roll"] = rng.choice([0, -1, MAX_SAFE + 1, 2**64, -MAX_SAFE])
        return p


@row("hmac_dice.message")
class HdMessage:
    def valid(rng):
        return {"clientSeeds": hd_seeds(rng), "roll": hd_roll(rng),
                "retry": rng.choice([0, 0, 1, 2, 3, rng.randint(0, 64), rng.randint(0, 1000)])}

    def invalid(rng):
        p = HdMessage.valid(rng)
        what = rng.choice(["clientSeeds", "roll", "retry"])
        if what == "clientSeeds":
            p["clientSeeds"] = hd_bad_client_seeds(rng)
        elif what == "roll":
            p["roll"] = rng.choice([0, -1, MAX_SAFE + 1])
        else:
            p["retry"] = rng.choice([-1, -100])
        return p


def hd_macs(rng):
    k = rng.choice([0, 0, 0, 1, 1, 2, 3])
    macs = [skipped_prefix_bytes(rng, 32, 32).hex() for _ in range(k)]
    depth = rng.choice([0, 0, 1, 2, 3, rng.randint(0, 31)])
    macs.append(skipped_prefix_bytes(rng, 32, depth).hex())
    return macs


@row("hmac_dice.pick")
class HdPick:
    def valid(rng):
        return {"macs": hd_macs(rng)}

    def invalid(rng):
        r = rng.random()
        if r < 0.2:
            return {"macs": []}
        if r < 0.4:
            return {"macs": [skipped_prefix_bytes(rng, 32, 32).hex()
                             for _ in range(rng.randint(1, 3))]}
        macs = hd_macs(rng)
        i = rng.randrange(len(macs))
        macs[i] = rng.choice([rand_hex(rng, 31), rand_hex(rng, 33), mutate_hex_bad(rng, macs[i])])
        return {"macs": macs}


def rand_roll(rng):
    return f"{rng.randint(1, 6)}{rng.randint(1, 6)}"


def ws(rng, line_breaks=True):
    return "".join(rng.choice(" \t\r\n" if line_breaks else " \t")
                   for _ in range(rng.randint(1, 3)))


def recorded_listing(rng):
    rolls = [rand_roll(rng) for _ in range(small_count(rng, 1, 300, 12))]
    r = rng.random()
    lead = ws(rng) if rng.random() < 0.2 else ""
    tail = ws(rng) if rng.random() < 0.2 else ""
    if r < 0.3:
        return lead + "".join(rolls) + tail
    if r < 0.55:
        return lead + "".join(x + ws(rng) for x in rolls[:-1]) + rolls[-1] + tail
    fmt = rng.choice(["{}:", "{}.", "#{}"])
    return lead + "".join(fmt.format(i + 1) + ws(rng) + x + (ws(rng) if i + 1 < len(rolls) else "")
                          for i, x in enumerate(rolls)) + tail


@row("hmac_dice.parse_recorded")
class HdParseRecorded:
    def valid(rng):
        return {"text": recorded_listing(rng)}

    def invalid(rng):
        text = recorded_listing(rng)
        r = rng.random()
        if r < 0.15:
            return {"text": rng.choice(["", " ", "\n\t", "6", "634", "6307", "1:63", "63,44",
                                        "01: 63", "0: 63", "2: 63", "1: 63 1: 44", "1: 63 2. 44",
                                        "1: 63 44", "63 1: 44", "1:", "1: 63 2:", "#01 63",
                                        "63\u00a044", "6344 55", "63 4455", "# 1 63", "1 : 63",
                                        "\u0661\u0662", "63\f44", "63\v44", "1.: 63", "+1: 63"])}
        if r < 0.5:
            i = rng.randrange(len(text) + 1)
            return {"text": text[:i] + rng.choice(["0", "7", "9", "x", ",", "\u00a0", ":", "#",
                                                   "1"]) + text[i:]}
        if r < 0.75:
            return {"text": text + rng.choice([" 6", " 1:", " 77", " 1: 63", "#", " x"])}
        return {"text": rng.choice(["2: ", "#0 ", "1: 1: ", "1. 1: "]) + text}


def link_fields(rng):
    """Random valid link fields: (version, lang, seed, seal, seeds, rolls, recorded, games)."""
    version = rng.randint(0, 1)
    n = small_count(rng, 1, 100000, 60) if rng.random() < 0.995 else 1
    n = min(n, 3000)
    recorded = "".join(rand_roll(rng) for _ in range(n))
    if version == 0 and rng.random() < 0.4:
        recorded = ""
    games = []
    if version == 1 and rng.random() < 0.5:
        cuts = sorted(rng.sample(range(1, n), min(n - 1, rng.randint(0, 4)))) if n > 1 else []
        bounds = [0] + cuts + [n]
        games = [b - a for a, b in zip(bounds, bounds[1:])]
    return {"version": version, "lang": rng.choice(["", "tr", "ru", "de", "eng"]),
            "serverSeed": hd_seed(rng),
            "seal": rng.choice(["", rand_hex(rng, 32, mixed_case=True)]),
            "clientSeeds": hd_seeds(rng), "rolls": n, "recorded": recorded, "games": games}


def pct(rng, text, all_chars=False):
    """Percent-encode some characters of text (either hex case)."""
    out = []
    for ch in text:
        if all_chars or rng.random() < 0.1:
            out.append("".join(("%%%02X" if rng.random() < 0.5 else "%%%02x") % b
                               for b in ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


def link_text(rng, f, encode=True):
    if f["version"] == 0:
        fields = [("seed", f["serverSeed"]), ("seal", f["seal"]),
                  ("client", ",".join(f["clientSeeds"])), ("n", str(f["rolls"])),
                  ("rolls", f["recorded"])]
    else:
        fields = [("v", "1"), ("s", f["serverSeed"]), ("c", f["seal"]),
                  ("p", ",".join(f["clientSeeds"])), ("r", f["recorded"]),
                  ("g", ",".join(map(str, f["games"])))]
    # optional keys: absent or empty when not given
    fields = [(k, v) for k, v in fields if v != "" or rng.random() < 0.3]
    if rng.random() < 0.3:
        rng.shuffle(fields)
    if encode and rng.random() < 0.3:
        fields = [(pct(rng, k), pct(rng, v)) for k, v in fields]
    data = "&".join(f"{k}={v}" for k, v in fields)
    sep = "?" if f["version"] == 0 else "#"
    lang = f["lang"]
    if lang:
        path = f"/{lang}/check" + ("/" if rng.random() < 0.8 else "")
        if rng.random() < 0.4:
            scheme = rng.choice(["https", "http", "HTTPS", "Http"])
            host = rng.choice(["example.com", "zar.example.org:8443", "[::1]", "a_b-c.example"])
            path = f"{scheme}://{host}{path}"
        return path + sep + data
    return sep + data


@row("hmac_dice.parse_link")
class HdParseLink:
    def valid(rng):
        return {"link": link_text(rng, link_fields(rng))}

    def invalid(rng):
        f = link_fields(rng)
        text = link_text(rng, f, encode=False)
        r = rng.random()
        if r < 0.5:
            bad = rng.choice(["&", "&&", "=", "&x=1", "&seed=00", "&v=1", "%zz", "%g1", "#",
                              "?", "&=1", "&n", "&g=0", "&g=01", "&c=12", "&p=a,b,c",
                              " ", "\u00e9", "+"])
            i = rng.choice([len(text), rng.randint(0, len(text))])
            return {"link": text[:i] + bad + text[i:]}
        if r < 0.7:
            return {"link": rng.choice(["", "?", "#", "/tr/check/", "https://x.org/tr/check/",
                                        "/TR/check/?seed=00", "/tr/chek/?n=1",
                                        "ftp://x/tr/check/#v=1", "https://x.org?seed=00",
                                        "/t/check/#v=1", "#v=2&s=00", "#v=01&s=00",
                                        "?seed=&client=a&n=1"])}
        if f["version"] == 0:
            return {"link": text.replace("n=" + str(f["rolls"]), "n=" + str(f["rolls"] + 1), 1)
                    if f["recorded"] else text.replace("n=", "n=0", 1)}
        return {"link": text.replace("v=1", rng.choice(["v=2", "v=", "v=01"]), 1)}


@row("hmac_dice.build_link")
class HdBuildLink:
    def valid(rng):
        f = link_fields(rng)
        if f["version"] == 0:
            f["games"] = []
        return f

    def invalid(rng):
        f = link_fields(rng)
        r = rng.random()
        if r < 0.2:
            f["version"] = rng.choice([2, -1])
        elif r < 0.3:
            f["lang"] = rng.choice(["TR", "t", "turk", "t1"])
        elif r < 0.45:
            f["version"], f["games"] = 0, [f["rolls"]]
        elif r < 0.55:
            f["version"], f["recorded"] = 1, ""
        elif r < 0.7:
            f["rolls"] += 1
            if not f["recorded"] and not f["games"]:
                f["rolls"] = 0
        elif r < 0.8:
            f["serverSeed"] = hd_bad_seed(rng)
        elif r < 0.9:
            f["seal"] = rand_hex(rng, 31)
        else:
            f["clientSeeds"] = hd_bad_client_seeds(rng)
        return f


def match_params(rng):
    """verify_match params built with the reference, then tampered with or not."""
    sys.path.insert(0, HERE)
    import fairvec_ref as ref
    seed = hd_seed(rng)
    seeds = hd_seeds(rng)
    n = small_count(rng, 1, 100000, 40)
    n = min(n, 400)
    key = bytes.fromhex(seed)
    dice = ["%d%d" % tuple(ref.hd_dice(key, seeds, k)) for k in range(1, n + 1)]
    recorded = list(dice)
    r = rng.random()
    if r < 0.3:
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(n)
            recorded[i] = rand_roll(rng) if rng.random() < 0.5 else recorded[i][::-1]
    seal = rng.choice(["", ref.sha256(key).hex(), ref.sha256(key).hex().upper(),
                       rand_hex(rng, 32)])
    style = rng.random()
    if style < 0.25:
        listing = ""
    elif style < 0.5:
        listing = "".join(recorded)
    elif style < 0.75:
        listing = " ".join(recorded)
    else:
        fmt = rng.choice(["{}:", "{}.", "#{}"])
        listing = "\n".join(fmt.format(i + 1) + " " + x for i, x in enumerate(recorded))
    games = []
    if rng.random() < 0.5 and n > 1:
        cuts = sorted(rng.sample(range(1, n), min(n - 1, rng.randint(0, 4))))
        bounds = [0] + cuts + [n]
        games = [b - a for a, b in zip(bounds, bounds[1:])]
    return {"serverSeed": seed, "seal": seal, "clientSeeds": seeds, "rolls": n,
            "recorded": listing, "games": games}


@row("hmac_dice.verify_match")
class HdVerifyMatch:
    def valid(rng):
        return match_params(rng)

    def invalid(rng):
        p = match_params(rng)
        r = rng.random()
        if r < 0.2:
            p["rolls"] = rng.choice([0, 100001, p["rolls"] + 1 if p["recorded"] else 0])
        elif r < 0.35:
            p["games"] = rng.choice([[0], [p["rolls"] + 1], [1, 0] + [p["rolls"] - 1]])
        elif r < 0.5:
            p["recorded"] = rng.choice(["x", "1: 63 3: 44", "637", "6"])
        elif r < 0.65:
            p["seal"] = rng.choice([rand_hex(rng, 31), "zz" * 32])
        elif r < 0.8:
            p["serverSeed"] = hd_bad_seed(rng)
        else:
            p["clientSeeds"] = hd_bad_client_seeds(rng)
        return p


# cursor-v1 ---------------------------------------------------------------------------------------

def cur_string(rng):
    return rand_string(rng, 0, rng.choice([8, 64, 200]))


def cur_nonce(rng):
    return rand_int(rng, 0, MAX_SAFE)


@row("cursor.unit")
class CurUnit:
    def valid(rng):
        return {"serverSeed": cur_string(rng), "clientSeed": cur_string(rng),
                "nonce": cur_nonce(rng), "cursor": rand_int(rng, 0, MAX_SAFE)}

    def invalid(rng):
        p = CurUnit.valid(rng)
        p[rng.choice(["nonce", "cursor"])] = rng.choice([-1, MAX_SAFE + 1, 2**64])
        return p


def rand_u64(rng):
    r = rng.random()
    if r < 0.2:
        return U64_MAX - rng.randint(0, 4096)
    if r < 0.3:
        e = rng.randint(0, 64)
        return min(U64_MAX, max(0, 2**e + rng.randint(-2048, 2048)))
    if r < 0.45:
        # values next to a rounding tie: low bits 1000..0 below the binary64 precision
        e = rng.randint(54, 64)
        base = rng.getrandbits(e) | (1 << (e - 1))
        sh = e - 53
        return min(U64_MAX, ((base >> sh) << sh) | (1 << (sh - 1)) + rng.choice([-1, 0, 0, 1]))
    return rng.getrandbits(rng.choice([64, 64, 63, 53, 32, rng.randint(0, 64)]))


@row("cursor.u64_to_unit")
class CurU64:
    def valid(rng):
        return {"u64": str(rand_u64(rng))}

    def invalid(rng):
        return {"u64": rng.choice(["", "-1", str(2**64), str(2**65 + 7), "1.0", "1e3", " 1",
                                   "1 ", "+1", "0x10", "abc", "18446744073709551616",
                                   "99999999999999999999999"])}


@row("cursor.pool_hop")
class CurPoolHop:
    def valid(rng):
        size = rng.choice([1, 2, 3, 10, 37, 40, 52, 75, rng.randint(1, 100), rng.randint(1, 1000),
                           rand_int(rng, 1, MAX_SAFE)])
        k = rng.choice([0, 1, min(size, 200), rng.randint(0, min(size, 200)),
                        rng.randint(0, min(size, 10))])
        return {"units": [rand_unit(rng, size - i) for i in range(k)], "size": size}

    def invalid(rng):
        p = CurPoolHop.valid(rng)
        r = rng.random()
        if r < 0.35:
            p["size"] = min(p["size"], 300)
            p["units"] = [rand_unit(rng) for _ in range(p["size"] + rng.choice([1, 1, 2, 10]))]
        elif r < 0.7 and p["units"]:
            p["units"][rng.randrange(len(p["units"]))] = rng.choice(
                [-1.0, -5e-324, math.nextafter(1.0, 2.0), 2.0, 1e300])
        else:
            p["size"] = rng.choice([0, -1])
            p["units"] = p["units"][:1]
        return p


@row("cursor.commitment")
class CurCommitment:
    def valid(rng):
        return {"serverSeed": cur_string(rng)}

    def invalid(rng):
        return {"serverSeed": rng.choice([5, None, ["a"]])}


# keno-v1 -----------------------------------------------------------------------------------------

@row("keno.draw")
class KenoDraw:
    def valid(rng):
        return {"randomHash": rng.randbytes(32).hex(), "salt": cur_string(rng)}

    def invalid(rng):
        return {"randomHash": rng.choice([5, None]), "salt": cur_string(rng)}


# stake-v1 ----------------------------------------------------------------------------------------

def stake_options(rng, game):
    """Valid options of a stake-v1 game (specs/stake-v1.md S21)."""
    risk = rng.choice(["low", "medium", "high"])
    if game == "wheel":
        return {"segments": rng.choice([10, 20, 30, 40, 50]), "risk": risk}
    if game == "plinko":
        return {"rows": rng.randint(8, 16), "risk": risk}
    if game == "mines":
        return {"mines": rng.randint(1, 24)}
    if game == "keno":
        return {"picks": rng.sample(range(1, 41), rng.randint(1, 10))}
    return {}


STAKE_GAMES = ["dice", "limbo", "roulette", "wheel", "plinko", "mines", "keno", "diamonds", "hilo", "baccarat"]
STAKE_BAD_OPTIONS = [("mines", {"mines": 0}), ("mines", {"mines": 25}), ("plinko", {"rows": 17, "risk": "low"}),
                     ("plinko", {"rows": 8, "risk": "expert"}), ("wheel", {"segments": 15, "risk": "low"}),
                     ("keno", {"picks": [5, 5]}), ("keno", {"picks": []}), ("dice", {"x": 1}), ("mines", {})]
STAKE_FLOAT_COUNT = {"dice": 1, "limbo": 1, "roulette": 1, "wheel": 1, "keno": 10, "diamonds": 5, "hilo": 52,
                     "baccarat": 6}


@row("stake.floats")
class StakeFloats:
    def valid(rng):
        return {"serverSeed": rng.choice([rng.randbytes(32).hex(), cur_string(rng)]), "clientSeed": cur_string(rng),
                "nonce": cur_nonce(rng), "cursor": rng.choice([rng.randint(0, 300), cur_nonce(rng)]),
                "count": rng.randint(1, 60)}

    def invalid(rng):
        p = StakeFloats.valid(rng)
        field = rng.choice(["nonce", "cursor", "count"])
        p[field] = rng.choice([2**53, -1, 1.5, "1", None] + ([0, 1025] if field == "count" else [2**53 + 1]))
        return p


@row("stake.game")
class StakeGame:
    def valid(rng):
        game = rng.choice(STAKE_GAMES)
        return {"game": game, "serverSeed": rng.randbytes(32).hex(), "clientSeed": cur_string(rng),
                "nonce": cur_nonce(rng), "options": stake_options(rng, game)}

    def invalid(rng):
        game, options = rng.choice(STAKE_BAD_OPTIONS)
        return {"game": game, "serverSeed": "s", "clientSeed": cur_string(rng), "nonce": 1, "options": options}


@row("stake.event")
class StakeEvent:
    def valid(rng):
        game = rng.choice(STAKE_GAMES)
        options = stake_options(rng, game)
        n = options.get("rows", options.get("mines", STAKE_FLOAT_COUNT.get(game, 1)))
        edge = rng.random() < 0.1
        return {"game": game, "options": options,
                "floats": [(2**32 - 1 if edge else rng.getrandbits(32)) / 2**32 for _ in range(n)]}

    def invalid(rng):
        p = StakeEvent.valid(rng)
        if rng.random() < 0.5:
            p["floats"] = p["floats"] + [0.5]
        else:
            p["floats"][0] = rng.choice([0.1, 1.0, 2**-33, -0.5])
        return p


@row("stake.crash")
class StakeCrash:
    def valid(rng):
        return {"gameHash": rng.randbytes(32).hex(), "salt": rng.choice([rng.randbytes(32).hex(), cur_string(rng)])}

    def invalid(rng):
        h = rng.randbytes(32).hex()
        return {"gameHash": rng.choice([h.upper(), h[:63], h + "0", "0x" + h[2:]]), "salt": "s"}


# crash -------------------------------------------------------------------------------------------

CONVENTIONS = ["betkyo-exact", "bustabit-v1", "bustabit-v2", "bustabit-2025"]


def crash_link(rng):
    r = rng.random()
    if r < 0.2:
        # h near 2^52 (huge points), or small
        h = rng.choice([2**52 - 1 - rng.randint(0, 2**20), rng.randint(0, 2**20),
                        2**52 - 2**rng.randint(0, 51)])
        rest = rng.getrandbits(256 - 52)
        return ((h << 204) | rest).to_bytes(32, "big").hex()
    return rng.randbytes(32).hex()


def crash_salt(rng):
    return rng.choice([rng.randbytes(32).hex(), rand_string(rng, 0, 40)])


@row("crash.point")
class CrashPoint:
    def valid(rng):
        conv = rng.choice(CONVENTIONS)
        link = crash_link(rng)
        p = {"convention": conv, "link": link.upper() if rng.random() < 0.1 else link}
        if conv != "betkyo-exact":
            p["salt"] = crash_salt(rng)
        return p

    def invalid(rng):
        p = CrashPoint.valid(rng)
        r = rng.random()
        if r < 0.25:
            p["convention"] = rng.choice(["bustabit", "betkyo", "", "BUSTABIT-V1", "bustabit-v3"])
            p.setdefault("salt", "x")
        elif r < 0.5:
            # crash.md §2: betkyo-exact takes no salt; bustabit-v1/-v2 require one
            if p["convention"] == "betkyo-exact":
                p["salt"] = rng.choice(["", "x", crash_salt(rng)])
            else:
                del p["salt"]
        else:
            p["link"] = rng.choice([mutate_hex_bad(rng, p["link"]), rand_hex(rng, 31),
                                    rand_hex(rng, 33), ""])
        return p


@row("crash.previous")
class CrashPrevious:
    def valid(rng):
        link = crash_link(rng)
        return {"convention": rng.choice(CONVENTIONS),
                "link": link.upper() if rng.random() < 0.1 else link}

    def invalid(rng):
        p = CrashPrevious.valid(rng)
        if rng.random() < 0.3:
            p["convention"] = rng.choice(["x", "", "bustabit"])
        else:
            p["link"] = rng.choice([mutate_hex_bad(rng, p["link"]), rand_hex(rng, 31), ""])
        return p


# tavla-commit-v1 ---------------------------------------------------------------------------------

def bad_uuid(rng):
    u = rand_uuid(rng)
    return rng.choice([u.replace("-", ""), "{" + u + "}", u[:-1], u + "0", u[:8] + u[9:] + "-",
                       "urn:uuid:" + u, u.replace("-", "_"), u[:3] + "g" + u[4:], ""])


@row("tavla.commitment")
class TavlaCommitment:
    def valid(rng):
        return {"gameId": rand_uuid(rng), "seats": [rand_uuid(rng), rand_uuid(rng)],
                "seed": rand_hex(rng, 32, mixed_case=True), "settings": rand_settings(rng)}

    def invalid(rng):
        p = TavlaCommitment.valid(rng)
        what = rng.choice(["gameId", "seats", "seed", "settings"])
        if what == "gameId":
            p["gameId"] = bad_uuid(rng)
        elif what == "seats":
            p["seats"] = rng.choice([[rand_uuid(rng)], [rand_uuid(rng), bad_uuid(rng)],
                                     [rand_uuid(rng)] * 3])
        elif what == "seed":
            p["seed"] = rng.choice([rand_hex(rng, 31), rand_hex(rng, 33),
                                    mutate_hex_bad(rng, p["seed"])])
        else:
            p["settings"]["x"] = rng.choice([1.5, 2**53, -(2**53), 1e3])
        return p


def tavla_inputs(rng):
    return {"seed": rand_hex(rng, 32, mixed_case=True), "gameId": rand_uuid(rng),
            "contributions": [rand_hex(rng, 32, True), rand_hex(rng, 32, True)],
            "n": rand_int(rng, 1, U32_MAX)}


def tavla_invalid(rng, p):
    what = rng.choice(["seed", "gameId", "contributions", "n"])
    if what == "seed":
        p["seed"] = rng.choice([rand_hex(rng, 31), mutate_hex_bad(rng, p["seed"])])
    elif what == "gameId":
        p["gameId"] = bad_uuid(rng)
    elif what == "contributions":
        p["contributions"] = rng.choice([[rand_hex(rng, 32)], [rand_hex(rng, 32)] * 3,
                                         [rand_hex(rng, 32), rand_hex(rng, 16)]])
    else:
        p["n"] = rng.choice([0, -1, U32_MAX + 1])
    return p


@row("tavla.block")
class TavlaBlock:
    def valid(rng):
        p = tavla_inputs(rng)
        p["block"] = rand_int(rng, 0, U32_MAX)
        return p

    def invalid(rng):
        p = TavlaBlock.valid(rng)
        if rng.random() < 0.25:
            p["block"] = rng.choice([-1, U32_MAX + 1])
            return p
        return tavla_invalid(rng, p)


def tavla_blocks(rng):
    r = rng.random()
    if r < 0.5:
        return [rng.randbytes(32).hex()]
    blocks = []
    if r < 0.8:
        # one accepted byte in block 0 (rollover) or none; then a block with dice
        b0 = bytearray(rng.randint(252, 255) for _ in range(32))
        if rng.random() < 0.6:
            b0[rng.randrange(32)] = rng.randint(0, 251)
        blocks.append(bytes(b0).hex())
        for _ in range(rng.randint(0, 2)):
            blocks.append(bytes(rng.randint(252, 255) for _ in range(32)).hex())
    blocks.append(skipped_prefix_bytes(rng, 32, rng.choice([0, 1, 2, 29, 30])).hex())
    if rng.random() < 0.3:
        blocks.append(rng.randbytes(32).hex())
    return blocks


def tavla_accepted(blocks):
    return sum(1 for b in blocks for x in bytes.fromhex(b) if x < 252)


@row("tavla.pick")
class TavlaPick:
    def valid(rng):
        while True:
            blocks = tavla_blocks(rng)
            if tavla_accepted(blocks) >= 2:
                return {"blocks": blocks}

    def invalid(rng):
        r = rng.random()
        if r < 0.25:
            return {"blocks": []}
        if r < 0.5:
            b = bytearray(rng.randint(252, 255) for _ in range(32))
            if rng.random() < 0.5:
                b[rng.randrange(32)] = rng.randint(0, 251)
            return {"blocks": [bytes(b).hex()]}
        blocks = tavla_blocks(rng)
        i = rng.randrange(len(blocks))
        blocks[i] = rng.choice([rand_hex(rng, 31), mutate_hex_bad(rng, blocks[i])])
        return {"blocks": blocks}


@row("tavla.roll")
class TavlaRoll:
    def valid(rng):
        return tavla_inputs(rng)

    def invalid(rng):
        return tavla_invalid(rng, tavla_inputs(rng))


# canonical JSON ----------------------------------------------------------------------------------

_BAD_JSON = [
    "", " ", "1.0", "1e2", "1E+2", "-0", "[-0]", "0.5", "9007199254740992", "-9007199254740992",
    "123456789012345678901234567890", '{"a":1,"a":2}', '{"a":1,"\\u0061":2}', '"\\ud800"',
    '"\\udc00"', '"\\ud800x"', '["\\ud83d\\ud83d"]', "NaN", "Infinity", "-Infinity", "[1,]",
    "{'a':1}", "01", "[01]", "+1", "tru", "nul", "[", "{", '{"a"}', '{"a":}', "[1 2]", '"\t"',
    '"\\x41"', "1 2", "[] []", "{\"a\":1}}", '"abc', "\u00a0[]", "[1]\u00a0", "/*c*/1",
    "[0.0]", "[1.5e300]", '{"x":-0}', '{"\\ud800":1}', '"a\u0000"', "\ufeff[]", ".5", "-",
    "[-]", "--1", "0x1", "[1e-0]", "1.", '"\\u12"', '"\\uzzzz"',
]


@row("canonical_json")
class CanonicalJson:
    def valid(rng):
        if rng.random() < 0.02:
            return {"json": nested(rng, rng.randint(1, 128))}
        v = rand_json_value(rng) if rng.random() < 0.5 else rand_settings(rng)
        return {"json": json_text(rng, v)}

    def invalid(rng):
        r = rng.random()
        if r < 0.05:
            return {"json": nested(rng, rng.randint(129, 300))}
        if r < 0.5:
            return {"json": rng.choice(_BAD_JSON)}
        # a valid document with one forbidden value planted inside
        bad = rng.choice(["1.5", "-0", "1e3", "9007199254740992", "-9007199254740993", "0.0",
                          '"\\ud800"', "NaN", "1E0", "-0.0", "18446744073709551616"])
        v = rand_settings(rng)
        return {"json": json_text(rng, v, ws=False)[:-1] + ',"zz\u00e9":' + bad + "}"}


def nested(rng, depth):
    """A JSON text nested `depth` levels deep (arrays and objects mixed)."""
    opens, closes = [], []
    for _ in range(depth):
        if rng.random() < 0.5:
            opens.append("[")
            closes.append("]")
        else:
            opens.append('{"k":')
            closes.append("}")
    return "".join(opens) + "1" + "".join(reversed(closes))


_BAD_UTF8 = [b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80",
             b"\xf8\x88\x80\x80\x80", b"\x80", b"\xbf", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98",
             b"\xff", b"\xfe", b"\xc1\xbf"]


@row("canonical_json.hex")
class CanonicalJsonHex:
    def valid(rng):
        text = CanonicalJson.valid(rng)["json"]
        h = text.encode("utf-8").hex()
        return {"jsonHex": h.upper() if rng.random() < 0.1 else h}

    def invalid(rng):
        r = rng.random()
        if r < 0.3:
            return {"jsonHex": CanonicalJson.invalid(rng)["json"].encode("utf-8").hex()}
        if r < 0.4:
            return {"jsonHex": (b"\xef\xbb\xbf" + b'{"a":1}').hex()}
        if r < 0.5:
            return {"jsonHex": rng.choice(["0", "zz", "7b7", "7b 7d"])}
        # ill-formed UTF-8 inside a string or a key
        bad = rng.choice(_BAD_UTF8)
        return {"jsonHex": rng.choice([b'["' + bad + b'"]', b'{"' + bad + b'":1}',
                                       b'"a' + bad + b'b"']).hex()}


@row("tavla.seal_code")
class TavlaSealCode:
    def valid(rng):
        code = [rng.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(8)]
        out = []
        for c in code:
            r = rng.random()
            if c == "0" and r < 0.3:
                c = rng.choice("Oo")
            elif c == "1" and r < 0.4:
                c = rng.choice("IiLl")
            elif r < 0.3:
                c = c.lower()
            out.append(c)
            if rng.random() < 0.1:
                out.append("-")
        if rng.random() < 0.5:
            out.insert(4, "-")
        return {"code": "".join(out)}

    def invalid(rng):
        code = TavlaSealCode.valid(rng)["code"]
        r = rng.random()
        if r < 0.3:
            i = rng.randint(0, len(code))
            return {"code": code[:i] + rng.choice("Uu *_~=$ \u00e9\u0130\u0131\uff10") + code[i:]}
        if r < 0.6:
            return {"code": code + rng.choice("0AZ")}
        return {"code": rng.choice(["", "-", "ABCD-EFG", "ABCD-EFGHJ", "ABCDEFG", 12345678])}


@row("tavla.game")
class TavlaGame:
    def valid(rng):
        p = tavla_inputs(rng)
        del p["n"]
        p["opening"] = rng.choice(["play", "reroll"])
        p["moves"] = small_count(rng, 0, 100000, 20) if rng.random() < 0.99 else 0
        if p["moves"] > 2000:
            p["moves"] = rng.randint(0, 2000)
        return p

    def invalid(rng):
        p = TavlaGame.valid(rng)
        r = rng.random()
        if r < 0.3:
            p["opening"] = rng.choice(["Play", "", "turkish", None])
        elif r < 0.6:
            p["moves"] = rng.choice([-1, 100001, 1.5, "3"])
        else:
            what = rng.choice(["seed", "gameId", "contributions"])
            if what == "seed":
                p["seed"] = rng.choice([rand_hex(rng, 31), mutate_hex_bad(rng, p["seed"])])
            elif what == "gameId":
                p["gameId"] = bad_uuid(rng)
            else:
                p["contributions"] = [rand_hex(rng, 32)]
        return p


def make_proof(rng):
    """A proof file (tavla-commit-v1.md §4) built with the reference's functions, then possibly
    tampered with or spelled leniently. Returns (params, tampered)."""
    sys.path.insert(0, HERE)
    import fairvec_ref as ref
    p = tavla_inputs(rng)
    seats = [rand_uuid(rng), rand_uuid(rng)]
    settings = rand_settings(rng)
    c = ref.op_tavla_commitment({"gameId": p["gameId"], "seats": seats, "seed": p["seed"],
                                 "settings": settings})
    game = ref.op_tavla_game({"seed": p["seed"], "gameId": p["gameId"],
                              "contributions": p["contributions"],
                              "opening": rng.choice(["play", "reroll"]),
                              "moves": rng.randint(0, 6)})
    rolls = game["rolls"][:rng.randint(0, len(game["rolls"]))] if rng.random() < 0.2 \
        else game["rolls"]
    doc = {"format": "tavla-commit-proof", "version": 1, "gameId": p["gameId"], "seats": seats,
           "settings": settings, "settingsHash": c["settingsHash"], "seed": p["seed"],
           "contributions": p["contributions"], "commitment": c["commitment"],
           "sealCode": c["sealCode"], "rolls": [dict(x) for x in rolls]}
    params = {}
    r = rng.random()
    if r < 0.15:
        params["expectedCommitment"] = rng.choice([c["commitment"], c["commitment"].upper(),
                                                   c["sealCode"].lower(),
                                                   c["sealCode"].replace("-", "")])
    elif r < 0.25:
        params["expectedCommitment"] = rng.choice([rand_hex(rng, 32), "0000-0000"])
    t = rng.random()
    if t < 0.4:
        what = rng.choice(["settings", "settingsHash", "seed", "seats", "commitment", "sealCode",
                           "dice", "n", "kind", "contributions"])
        if what == "settings":
            doc["settings"]["rulesVersion"] += 1
        elif what == "settingsHash":
            doc["settingsHash"] = rand_hex(rng, 32)
        elif what == "seed":
            doc["seed"] = rand_hex(rng, 32)
        elif what == "seats":
            doc["seats"] = doc["seats"][::-1]
        elif what == "commitment":
            doc["commitment"] = rand_hex(rng, 32)
        elif what == "sealCode":
            doc["sealCode"] = "ZZZZ-ZZZZ"
        elif what == "contributions":
            doc["contributions"] = doc["contributions"][::-1]
        elif doc["rolls"]:
            i = rng.randrange(len(doc["rolls"]))
            if what == "dice":
                doc["rolls"][i]["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
            elif what == "n":
                doc["rolls"][i]["n"] += rng.choice([1, -1]) if doc["rolls"][i]["n"] > 1 else 1
            else:
                doc["rolls"][i]["kind"] = rng.choice(["opening", "reroll", "move"])
    elif t < 0.5:
        doc["sealCode"] = doc["sealCode"].lower().replace("0", "o").replace("1", "l")
        doc["seed"] = doc["seed"].upper()
    items = list(doc.items())
    rng.shuffle(items)
    params["proof"] = json.dumps(dict(items), ensure_ascii=rng.random() < 0.5,
                                 indent=rng.choice([None, 2]))
    return params


@row("tavla.verify_proof")
class TavlaVerifyProof:
    def valid(rng):
        return make_proof(rng)

    def invalid(rng):
        params = make_proof(rng)
        doc = json.loads(params["proof"])
        r = rng.random()
        if r < 0.15:
            params["expectedCommitment"] = rng.choice(["x" * 40, rand_hex(rng, 31), "UUUU-UUUU"])
            return params
        if r < 0.3:
            doc[rng.choice(["pepper", "extra"])] = 1
        elif r < 0.45:
            del doc[rng.choice(list(doc))]
        elif r < 0.6:
            doc[rng.choice(["format", "version", "gameId", "seed", "sealCode"])] = \
                rng.choice(["x", 2, None, "tavla-commit-proof-v2"])
        elif r < 0.7 and doc["rolls"]:
            doc["rolls"][0][rng.choice(["n", "kind", "dice"])] = rng.choice([0, "x", [1, 7], None])
        elif r < 0.8:
            doc["settings"] = rng.choice([[], 5, "s"]) if rng.random() < 0.5 else \
                {"x": rng.choice([1.5, 2**53])}
        else:
            params["proof"] = rng.choice(["", "[]", "{", params["proof"] + "x",
                                          params["proof"].replace("{", '{"a":1,"a":2,', 1)])
            return params
        params["proof"] = json.dumps(doc)
        return params


# ------------------------------------------------------------------------------------------------
# cursor.game rows are added by cursor_game_rows() once the games are known.
# ------------------------------------------------------------------------------------------------

def cursor_game_row(game, options_fn, bad_options_fn=None):
    class GameRow:
        def valid(rng):
            return {"game": game, "serverSeed": cur_string(rng), "clientSeed": cur_string(rng),
                    "nonce": cur_nonce(rng), "options": options_fn(rng)}

        def invalid(rng):
            p = GameRow.valid(rng)
            r = rng.random()
            if bad_options_fn and r < 0.6:
                p["options"] = bad_options_fn(rng)
            elif r < 0.8:
                p["nonce"] = rng.choice([-1, MAX_SAFE + 1])
            else:
                p["game"] = rng.choice(["", game.upper(), game + "x", "baccarat"])
            return p
    ROWS["cursor.game:" + game] = ("cursor.game", GameRow)


def small_count(rng, lo, hi, typical):
    """A count in [lo, hi]: usually at most `typical`, sometimes anywhere, sometimes an end."""
    r = rng.random()
    if r < 0.005:
        return hi
    if r < 0.05:
        return lo
    if r < 0.07:
        return rng.randint(lo, hi)
    return rng.randint(lo, min(hi, typical))


def bad_count(rng, lo, hi):
    return rng.choice([lo - 1, hi + 1, -1, 1.0 * max(lo, 1), str(max(lo, 1)), True, None, 2**53])


def count_game(name, lo, hi, typical):
    return (lambda rng: {name: small_count(rng, lo, hi, typical)},
            lambda rng: rng.choice([{}, {name: bad_count(rng, lo, hi)},
                                    {name: small_count(rng, lo, hi, typical), "extra": 1},
                                    {name.lower() + "s": lo}]))


def no_options():
    return (lambda rng: {},
            lambda rng: rng.choice([{"x": 1}, {"flips": 1}, {"": None}]))


def blackjack_options(rng):
    actions = ["hit"] * small_count(rng, 0, 1000, 4)
    if rng.random() < 0.7 and len(actions) < 1000:
        actions.append("stand")
    return {"actions": actions, "dealerDraws": small_count(rng, 0, 1000, 6)}


def blackjack_bad(rng):
    good = blackjack_options(rng)
    return rng.choice([
        {"actions": ["stand", "hit"], "dealerDraws": 0},
        {"actions": ["hit", "stand", "stand"], "dealerDraws": 1},
        {"actions": ["hit", "double"], "dealerDraws": 1},
        {"actions": ["Hit"], "dealerDraws": 1},
        {"actions": "hit", "dealerDraws": 1},
        {"actions": [1], "dealerDraws": 1},
        {"actions": ["hit"] * 1001, "dealerDraws": 0},
        {"actions": good["actions"]},
        {"dealerDraws": 2},
        {"actions": good["actions"], "dealerDraws": bad_count(rng, 0, 1000)},
        {**good, "split": False},
    ])


def chinchiro_options(rng):
    sides = small_count(rng, 1, 1000, 4)
    return {"attempts": [rng.randint(1, 3) for _ in range(sides)]}


def chinchiro_bad(rng):
    return rng.choice([{"attempts": []}, {"attempts": [0]}, {"attempts": [1, 4]},
                       {"attempts": [True]}, {"attempts": [2.0]}, {"attempts": 2}, {},
                       {"attempts": [1] * 1001}, {"attempts": [1], "x": 0}, {"attempts": ["1"]}])


GAME_OPTIONS = {
    "roulette": no_options(),
    "sicbo": no_options(),
    "limbo": no_options(),
    "koban": count_game("flips", 1, 1000, 20),
    "blackjack": (blackjack_options, blackjack_bad),
    "vpoker": (lambda rng: {"hold": [rng.random() < 0.5 for _ in range(5)]},
               lambda rng: rng.choice([{"hold": [True] * 4}, {"hold": [False] * 6},
                                       {"hold": [1, 0, 1, 0, 1]}, {"hold": True}, {},
                                       {"hold": [True] * 5, "x": 1},
                                       {"hold": [None, True, True, True, True]}])),
    "holdem": (lambda rng: {"action": rng.choice(["call", "fold"])},
               lambda rng: rng.choice([{"action": "CALL"}, {"action": "check"}, {"action": ""},
                                       {}, {"action": 1}, {"action": "fold", "x": 1}])),
    "bingo": no_options(),
    "andar": count_game("cards", 1, 52, 52),
    "chinchiro": (chinchiro_options, chinchiro_bad),
    "mines": count_game("mines", 1, 24, 24),
    "hanabi": count_game("freeSpins", 0, 1000, 4),
    "fuku": no_options(),
    "omikuji": count_game("fillers", 0, 1000, 30),
    "pagoda": count_game("floors", 1, 1000, 30),
    "plinko": count_game("rows", 1, 1000, 30),
}

for _game, (_valid, _bad) in GAME_OPTIONS.items():
    cursor_game_row(_game, _valid, _bad)


@row("cursor.draw")
class CurDraw:
    def valid(rng):
        n = rng.choice([1, 2, 6, 37, 52, 75, rand_int(rng, 1, MAX_SAFE), rng.randint(1, 1000)])
        return {"u": rand_unit(rng, n), "n": n}

    def invalid(rng):
        p = CurDraw.valid(rng)
        if rng.random() < 0.5:
            p["u"] = rng.choice([-1.0, -5e-324, math.nextafter(1.0, 2.0), 2.0, "0.5", None])
        else:
            p["n"] = rng.choice([0, -1, MAX_SAFE + 1, 1.5, "5"])
        return p


@row("cursor.limbo")
class CurLimbo:
    def valid(rng):
        r = rng.random()
        if r < 0.3:
            # near the clamps: q*100 near 100 and near 1000000
            x = rng.choice([0.01, 0.0, 1 - 0.99 / 10000, 1 - 0.99 / 10000.01, 0.1, 0.5, 0.99])
            for _ in range(rng.randint(0, 3)):
                x = math.nextafter(x, rng.choice([0.0, 1.0]))
            return {"u": min(1.0, max(0.0, x))}
        return {"u": rand_unit(rng, rng.randint(1, 1000))}

    def invalid(rng):
        return {"u": rng.choice([-1.0, -5e-324, math.nextafter(1.0, 2.0), 2.0, "0.5", None])}


@row("crash.from_hash")
class CrashFromHash:
    def valid(rng):
        h = crash_link(rng)
        if rng.random() < 0.1:
            # divisible by 101 (and near it), for bustabit-v1
            v = int(h, 16)
            v = v - v % 101 + rng.choice([0, 0, 1, -1])
            h = (v % 2**256).to_bytes(32, "big").hex()
        if rng.random() < 0.2:
            h = h.upper()
        return {"convention": rng.choice(CONVENTIONS), "hash": h}

    def invalid(rng):
        p = CrashFromHash.valid(rng)
        if rng.random() < 0.3:
            p["convention"] = rng.choice(["x", "", "Bustabit-v1"])
        else:
            p["hash"] = rng.choice([mutate_hex_bad(rng, p["hash"]), rand_hex(rng, 31), ""])
        return p


@row("keno.pick")
class KenoPick:
    def valid(rng):
        links = []
        for _ in range(10):
            r = rng.random()
            if r < 0.1:
                links.append("0" * 64)
            elif r < 0.2:
                links.append("f" * 64)
            elif r < 0.3:
                links.append(rand_hex(rng, 32, mixed_case=True))
            else:
                links.append(crash_link(rng))
        return {"links": links}

    def invalid(rng):
        links = KenoPick.valid(rng)["links"]
        r = rng.random()
        if r < 0.4:
            links = links[:rng.choice([0, 1, 9])] if rng.random() < 0.5 else links + [links[0]]
        else:
            i = rng.randrange(10)
            links[i] = rng.choice([mutate_hex_bad(rng, links[i]), rand_hex(rng, 31), "", 5])
        return {"links": links}


# ------------------------------------------------------------------------------------------------
# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine)
# ------------------------------------------------------------------------------------------------

_S32 = "00" * 32
_UUID0 = "00000000-0000-0000-0000-000000000000"
_TAVLA = {"seed": _S32, "gameId": _UUID0, "contributions": [_S32, _S32]}
_ROUND = {"serverSeed": "a", "clientSeed": "b", "nonce": 0}
EDGES = {
    "hmac_dice.message": [{"clientSeeds": ["a"], "roll": 1, "retry": r} for r in (1000, 1001)]
    + [{"clientSeeds": ["a" * 128, "b"], "roll": MAX_SAFE, "retry": 3}],
    "hmac_dice.roll": [{"serverSeed": _S32, "clientSeeds": ["a"], "roll": x}
                       for x in (5.0, "5", True, None, MAX_SAFE)]
    + [{"serverSeed": "AB" * 16, "clientSeeds": ["a"], "roll": 1}],
    "hmac_dice.pick": [{"macs": ["AB" * 32]}, {"macs": ["fc" * 32, "fb" + "00" * 31]},
                       {"macs": ["ff" * 31 + "00"]}, {"macs": "ab" * 32}],
    "tavla.pick": [{"blocks": ["AB" * 32]}, {"blocks": ["ff" * 31 + "00", "fe" + "11" * 31]}],
    "cursor.pool_hop": [{"units": [-0.0], "size": 3}, {"units": [1, 0], "size": 3},
                        {"units": [], "size": 1}, {"units": [1.0], "size": MAX_SAFE},
                        {"units": [0.5] * 3, "size": 2}],
    "cursor.draw": [{"u": u, "n": n} for u in (-0.0, 0, 1, 1.0, 5e-324, 0.9999999999999999)
                    for n in (1, 6, 37, 52, MAX_SAFE)],
    "cursor.limbo": [{"u": u} for u in (-0.0, 0, 1, 1.0, 0.1, 0.01, 0.9999999999999999,
                                         0.999901, 0.9999010000000001, 0.99990099)],
    "cursor.u64_to_unit": [{"u64": x} for x in ("0", "1", "18446744073709550592",
                                               "18446744073709550591", "18446744073709551615",
                                               "9223372036854776833", "00", "-0", 5)],
    "cursor.unit": [{**_ROUND, "cursor": 0.0}, {**_ROUND, "cursor": MAX_SAFE},
                    {"serverSeed": "", "clientSeed": "", "nonce": 0, "cursor": 0}],
    "cursor.game": [{**_ROUND, "game": "roulette"},
                    {**_ROUND, "game": "koban", "options": {"flips": 1000}},
                    {**_ROUND, "game": "keno", "options": {}},
                    {**_ROUND, "game": "crash", "options": {}},
                    {**_ROUND, "game": "blackjack", "options": {"actions": [], "dealerDraws": 0}},
                    {**_ROUND, "game": "blackjack",
                     "options": {"actions": ["stand"], "dealerDraws": 1000}},
                    {**_ROUND, "game": "andar", "options": {"cards": 53}},
                    {**_ROUND, "game": "mines", "options": {"mines": 25}},
                    {**_ROUND, "game": "chinchiro", "options": {"attempts": [3] * 1000}},
                    {**_ROUND, "game": "hanabi", "options": {"freeSpins": 1000}},
                    {**_ROUND, "game": "bingo", "options": []},
                    {**_ROUND, "nonce": MAX_SAFE, "game": "vpoker", "options": {"hold": [False] * 5}}],
    "crash.point": [{"convention": "bustabit-v1", "link": _S32, "salt": ""},
                    {"convention": "betkyo-exact", "link": "f" * 13 + "0" * 51},
                    {"convention": "betkyo-exact", "link": "F" * 64},
                    {"convention": "betkyo-exact", "link": _S32, "salt": None},
                    {"convention": "bustabit-v2", "link": _S32, "salt": 5}],
    "crash.from_hash": [{"convention": c, "hash": h} for c in CONVENTIONS
                        for h in (_S32, "f" * 64, "F" * 64, "fffffffffffff" + "0" * 51,
                                  "ffffffffffffc" + "0" * 51, "0" * 12 + "1" + "0" * 51)],
    "tavla.commitment": [{"gameId": _UUID0, "seats": [_UUID0, _UUID0], "seed": _S32,
                          "settings": v}
                         for v in (5, None, "s", MAX_SAFE, -MAX_SAFE, [], {},
                                   json.loads("[" * 128 + "]" * 128),
                                   json.loads("[" * 129 + "]" * 129))],
    "tavla.block": [{**_TAVLA, "n": U32_MAX, "block": U32_MAX}, {**_TAVLA, "n": 0, "block": 0}],
    "tavla.roll": [{**_TAVLA, "n": 0}, {**_TAVLA, "n": U32_MAX}, {**_TAVLA, "n": 1.0}],
    "tavla.seal_code": [{"code": c} for c in ("oooo-llll", "--ABCD--EFGH--", "ABCDEFGH\u0131",
                                              "iiii iiii", "0000-000", "ZZZZ-ZZZZ")],
    "tavla.game": [{**_TAVLA, "opening": "play", "moves": 100000},
                   {**_TAVLA, "opening": "reroll", "moves": 0}],
    "canonical_json": [{"json": t} for t in (
        "[" * 128 + "]" * 128, "[" * 129 + "]" * 129, '{"a":' * 128 + "1" + "}" * 128,
        '{"a":' * 129 + "1" + "}" * 129, "[1]\u0000", "\u0000", '"\\u0000"',
        "-9007199254740991", "1 ", "\u000b1", '"\u007f\u2028"', "\ufeff1", "[1]\n",
        '{"\\ud83d\\ude00":1,"\\ufb33":2,"\\uff5e":3}', '"\\uD83D\\uDE00"')],
    "canonical_json.hex": [{"jsonHex": h} for h in ("efbbbf5b5d", "5B5D", "", "5b5d00",
                                                    "22eda08022", "22f4908080", "22c0af22")],
    "keno.draw": [{"randomHash": "", "salt": ""}, {"randomHash": "a\u0000b", "salt": "\u0000"},
                  {"randomHash": "x", "salt": "k" * 64}],
    # No lone surrogate is sent: request lines are I-JSON (specs/port-protocol.md), so such a line is
    # malformed as a whole and answered with id null, which is not a per-op answer to compare.
    "hmac_dice.parse_recorded": [{"text": t} for t in ("63\u00a044", "\u000b63", "\f63", "63",
                                                        "6", "1: 63", "1:\t63\r\n2:\n44")],
    "hmac_dice.parse_link": [{"link": t} for t in (
        "?seed=" + "00" * 16 + "&client=a&n=100000",
        "?seed=" + "00" * 16 + "&client=a&n=100001",
        "#v=1&s=" + "00" * 16 + "&p=a&r=11&g=", "#v=1&s=" + "00" * 16 + "&p=a&r=11&c=",
        "https:///tr/check/#v=1&s=" + "00" * 16 + "&p=a&r=11",
        "HTTPS://X/tr/check#v=1&s=" + "00" * 16 + "&p=a&r=11",
        "/tr/check/#v=1&s=" + "00" * 16 + "&p=a&r=11?x",
        "#v=1&s=" + "00" * 16 + "&p=a%2Cb&r=11", "#v=1&s=" + "00" * 16 + "&p=a,&r=11",
        "#v=1&s=" + "00" * 16 + "&p=a&r=11&%67=1", "#v=1&s=" + "00" * 16 + "&p=a&r=11&g=1",
        "?seed=" + "00" * 16 + "&client=a&n=1&rolls=11#",
        "?seed=" + "00" * 16 + "&client=a&n=1&rolls=%C3%A9",
        "?seed=" + "00" * 16 + "&client=a&n=1&seal=")],
}


# ------------------------------------------------------------------------------------------------
# Main
# ------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fairvec", required=True, help="path of the fairvec CLI")
    ap.add_argument("--ref", default=os.path.join(HERE, "fairvec_ref.py"),
                    help="path of the reference port (default: next to this script)")
    ap.add_argument("--count", type=int, default=2000, help="valid inputs per row (2000)")
    ap.add_argument("--game-count", type=int, default=500,
                    help="valid inputs per cursor.game game (500; 16 games, so 8000 for the op)")
    ap.add_argument("--invalid", type=int, default=200, help="invalid inputs per row (200)")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--only", default="", help="comma-separated rows or ops to run")
    ap.add_argument("--max-show", type=int, default=5, help="disagreements printed per row")
    ap.add_argument("--require-all", action="store_true",
                    help="a skipped row, and a generated-valid input both ports reject, is a failure")
    ap.add_argument("--plant-valid-from-invalid", action="store_true",
                    help="self-test: send invalid inputs as the valid kind, which --require-all "
                         "must report as failures")
    ap.add_argument("--plant-drop-row", default="",
                    help="self-test: forget every row of this op, which --require-all must report "
                         "as an op without a row")
    ap.add_argument("--show-stderr", action="store_true", help="pass the ports' stderr through")
    args = ap.parse_args()

    started = time.monotonic()
    try:
        cpp = Port("fairvec", [args.fairvec, "port"], args.show_stderr)
        ref = Port("reference", [sys.executable, args.ref], args.show_stderr)
    except (OSError, ProtocolError) as e:
        print(f"differential: cannot start the ports: {e}", file=sys.stderr)
        return 2

    only = set(filter(None, args.only.split(",")))
    rows = {name: v for name, v in ROWS.items() if v[0] != args.plant_drop_row}
    table = []
    failed_rows = 0
    passed_rows = 0
    skipped_rows = 0
    # An op fairvec lists with no row here is never compared: with --require-all it fails, as a
    # row of its own, so a new op cannot go without its differential row unnoticed.
    for op in sorted(cpp.ops - {"hello"} - {v[0] for v in rows.values()}):
        if only and op not in only:
            continue
        table.append((op, 0, 0, 0, "NO ROW (fairvec lists this op; differential.py has no row for it)"))
        if args.require_all:
            failed_rows += 1
        else:
            skipped_rows += 1
    try:
        for name, (op, gen) in rows.items():
            if only and name not in only and op not in only:
                continue
            if op not in cpp.ops or op not in ref.ops:
                missing = " and ".join(s for s, p in (("fairvec", cpp), ("reference", ref))
                                       if op not in p.ops)
                count = args.game_count if name.startswith("cursor.game:") else args.count
                table.append((name, 0, 0, count + args.invalid,
                              f"SKIPPED (not listed by {missing})"))
                skipped_rows += 1
                continue
            rng = random.Random(f"{args.seed}:{name}")
            row_started = time.monotonic()
            stats = {"valid": [0, 0], "invalid": [0, 0]}
            shown = 0
            ref_rejected_valid = 0
            count = args.game_count if name.startswith("cursor.game:") else args.count
            # cursor.game's fixed edge inputs (any game) run once, in the first game's row.
            edges = [] if name.startswith("cursor.game:") and name != "cursor.game:roulette" \
                else EDGES.get(op, [])
            stats["edge"] = [0, 0]
            for kind, n, fn in (("edge", len(edges), iter(edges)),
                                ("valid", count,
                                 gen.invalid if args.plant_valid_from_invalid else gen.valid),
                                ("invalid", args.invalid, gen.invalid)):
                for _ in range(n):
                    params = next(fn) if kind == "edge" else fn(rng)
                    a = ref.call(op, params)
                    b = cpp.call(op, params)
                    stats[kind][0] += 1
                    ok = same_reply(a, b)
                    if kind == "invalid" and ok and a["ok"]:
                        ok = False   # both accepted an input generated as invalid
                    if kind == "valid" and not a["ok"]:
                        ref_rejected_valid += 1
                        if args.require_all and ok:
                            ok = False   # both rejected an input generated as valid
                    if ok:
                        stats[kind][1] += 1
                    elif shown < args.max_show:
                        shown += 1
                        print(f"DISAGREE {name} ({kind} input)\n  params:    "
                              f"{json.dumps(params, ensure_ascii=False)}\n  reference: "
                              f"{json.dumps(a, ensure_ascii=False)}\n  fairvec:   "
                              f"{json.dumps(b, ensure_ascii=False)}", flush=True)
            compared = sum(c for c, _ in stats.values())
            agreed = sum(a for _, a in stats.values())
            note = (f"edge {stats['edge'][1]}/{stats['edge'][0]}, valid {stats['valid'][1]}/{stats['valid'][0]}, "
                    f"invalid {stats['invalid'][1]}/{stats['invalid'][0]}, "
                    f"{time.monotonic() - row_started:.1f} s")
            if ref_rejected_valid:
                note += f"; {ref_rejected_valid} generated-valid inputs were bad_input"
            if compared == 0 or stats["valid"][0] == 0 and count > 0:
                failed_rows += 1
                note = "FAILED (nothing compared) " + note
            elif agreed == compared:
                passed_rows += 1
            else:
                failed_rows += 1
                note = "FAILED " + note
            table.append((name, compared, agreed, 0, note))
    except ProtocolError as e:
        print(f"differential: protocol failure: {e}", file=sys.stderr)
        cpp.close()
        ref.close()
        return 2
    cpp.close()
    ref.close()

    w = max([len(r[0]) for r in table] + [2])
    print(f"{'op':<{w}}  {'compared':>8} {'agreed':>8} {'skipped':>8}  note")
    for name, compared, agreed, skipped, note in table:
        print(f"{name:<{w}}  {compared:>8} {agreed:>8} {skipped:>8}  {note}")
    print(f"{skipped_rows} skipped, {time.monotonic() - started:.1f} s")
    print(f"{passed_rows} passed, {failed_rows} failed")
    if failed_rows or (args.require_all and skipped_rows):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
