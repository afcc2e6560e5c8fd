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

This file holds the driver, the comparison and the shared random helpers. Each family's rows and
edge inputs are in its own module, differential_families/<id>.py, found by the family's id in the
families table (gen/families.json); a family without a module, or a module of no family, fails
(exit 1) before any port starts. Rows run in the table's order.

Generation is deterministic: one random.Random(seed) per row, seeded from --seed and the row name,
so a row's inputs do not depend on which other rows ran.

Usage:
  differential.py --fairvec build/gen/fairvec [--count 2000] [--game-count 500] [--invalid 200]
                  [--seed 20261129] [--only OP[,OP...]] [--ref tests/reference/fairvec_ref.py]
                  [--families gen/families.json]
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
sys.path.insert(0, HERE)
# The family modules (differential_families/) import their shared helpers from this module: run as
# a program, it is that module too, not a second copy.
sys.modules.setdefault("differential", sys.modules[__name__])
import family_modules  # noqa: E402
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

class Rows(dict):
    """A family module's rows: row name -> (op, generator), where the generator has valid(rng) and
    invalid(rng), each giving one params object. Each family module defines ROWS = Rows()."""

    def row(self, name, op=None):
        def deco(cls):
            self[name] = (op or name, cls)
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


# A round's seed text and nonce (cursor, keno and stake inputs).
def cur_string(rng):
    return rand_string(rng, 0, rng.choice([8, 64, 200]))


def cur_nonce(rng):
    return rand_int(rng, 0, MAX_SAFE)



def rand_link(rng):
    """A 32-byte hash as hex (a crash or keno link), its first 52 bits now and then near 0 or 2^52."""
    r = rng.random()
    if r < 0.2:
        # h near 2^52 (huge points), or small
        h = rng.choice([2**52 - 1 - rng.randint(0, 2**20), rng.randint(0, 2**20),
                        2**52 - 2**rng.randint(0, 51)])
        rest = rng.getrandbits(256 - 52)
        return ((h << 204) | rest).to_bytes(32, "big").hex()
    return rng.randbytes(32).hex()


# Edge constants the families' EDGES share.
S32 = "00" * 32
UUID0 = "00000000-0000-0000-0000-000000000000"


# ------------------------------------------------------------------------------------------------
# Families: one module per row of gen/families.json (differential_families/<id>.py)
# ------------------------------------------------------------------------------------------------

def load_families(path=None):
    """(rows, edges) of every family of the families table at path (default gen/families.json):
    every row's module differential_families/<id>.py, which must exist (as must a row for every
    module), gives its ROWS and EDGES (fixed edge inputs per op); rows in the table's order."""
    _, modules = family_modules.load("differential_families", "ROWS", path)
    rows, edges = {}, {}
    for module in modules:
        for name, value in module.ROWS.items():
            if name in rows:
                raise family_modules.FamilyError(f"row {name} is defined twice "
                                                 f"(second: {module.__name__})")
            rows[name] = value
        for op, inputs in getattr(module, "EDGES", {}).items():
            if op in edges:
                raise family_modules.FamilyError(f"edges of {op} are defined twice")
            edges[op] = inputs
    return rows, edges


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
    ap.add_argument("--families", default=None,
                    help="the families table (default: gen/families.json); every row needs its "
                         "module differential_families/<id>.py and every module its row")
    args = ap.parse_args()
    try:
        all_rows, edges_of = load_families(args.families)
    except family_modules.FamilyError as e:
        print(f"differential: {e}", file=sys.stderr)
        return 1

    started = time.monotonic()
    try:
        cpp = Port("fairvec", [args.fairvec, "port"], args.show_stderr)
        ref = Port("reference", [sys.executable, args.ref], args.show_stderr)
    except (OSError, ProtocolError) as e:
        print(f"differential: cannot start the ports: {e}", file=sys.stderr)
        return 2

    only = set(filter(None, args.only.split(",")))
    rows = {name: v for name, v in all_rows.items() if v[0] != args.plant_drop_row}
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
                else edges_of.get(op, [])
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
