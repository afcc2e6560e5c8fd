#!/usr/bin/env python3
"""recompute_bites.py: proves that recompute.py fails on broken vectors (standard library only).

Each case copies the committed vectors/ to a temporary directory, breaks one thing in the copy
(a swapped byte of one intermediate, a member no check knows, a flipped `result`, a moved
`errorPosition`, ...) and requires recompute.py to fail on it; the untouched copy must pass.
Exit status 0 when every case behaved, 1 otherwise. Takes about 10 s.
"""

import io
import json
import os
import shutil
import sys
import tempfile
from contextlib import redirect_stdout, redirect_stderr

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import recompute  # noqa: E402

VECTORS = os.path.join(HERE, "..", "..", "vectors")


def swap_hex_byte(s):
    """s with its first two hex digits swapped for the next byte's (a different value)."""
    return s[2:4] + s[0:2] + s[4:] if s[0:2] != s[2:4] else ("00" if s[0:2] != "00" else "11") + s[2:]


def edit(file, tc_id, change):
    """A breakage: apply change(test) to test tc_id of file."""
    def apply(d):
        path = os.path.join(d, file)
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        for g in doc["testGroups"]:
            for t in g["tests"]:
                if t["tcId"] == tc_id:
                    change(t)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
    return apply


def first(file, pred):
    with open(os.path.join(VECTORS, file), encoding="utf-8") as f:
        doc = json.load(f)
    for g in doc["testGroups"]:
        for t in g["tests"]:
            if pred(g, t):
                return t["tcId"]
    raise SystemExit(f"recompute_bites: no test in {file} fits a case")


def setter(key, fn):
    def change(t):
        t[key] = fn(t[key])
    return change


def remove_all(d):
    for f in os.listdir(d):
        if f.endswith("_test.json"):
            os.remove(os.path.join(d, f))


CASES = [
    ("a swapped byte in cursor_unit digest",
     edit("cursor_unit_test.json", 1, setter("digest", swap_hex_byte))),
    ("a swapped byte in tavla commitmentInput",
     edit("tavla_commitment_test.json", 1, setter("commitmentInput", swap_hex_byte))),
    ("keno h52 off by one",
     edit("keno_draw_test.json", 1, setter("h52", lambda v: [v[0] + 1] + v[1:]))),
    ("crash exactHundredths changed",
     edit("crash_hash_test.json", 1, setter("exactHundredths", lambda v: str(int(v) + 1)))),
    ("cursor uBits last digit changed",
     edit("cursor_u64_test.json", 2, setter("uBits", lambda v: v[:-1] + ("1" if v[-1] != "1" else "2")))),
    ("hmac-dice byte changed",
     edit("hmac_dice_roll_test.json", 1, setter("byte", lambda v: v ^ 1))),
    ("an invalid test names another field",
     edit("hmac_dice_roll_test.json",
          first("hmac_dice_roll_test.json", lambda g, t: t["result"] == "invalid"),
          setter("error", lambda v: v + "x"))),
    ("errorPosition moved",
     edit("hmac_dice_recorded_test.json",
          first("hmac_dice_recorded_test.json", lambda g, t: isinstance(t.get("errorPosition"), int)),
          setter("errorPosition", lambda v: v + 1))),
    ("a tampered tavla proof marked valid (the result rule)",
     edit("tavla_verify_test.json",
          first("tavla_verify_test.json", lambda g, t: t.get("verified") is False),
          setter("result", lambda v: "valid"))),
    ("a member no check reads",
     edit("keno_pick_test.json", 1, lambda t: t.update({"extra": 1}))),
    ("no vector file at all", remove_all),
]


def run_recompute(d):
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(out):
        rc = recompute.main(["--vectors", d, "--quiet"])
    return rc, out.getvalue()


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, "clean")
        shutil.copytree(VECTORS, clean)
        rc, out = run_recompute(clean)
        print(f"untouched vectors: exit {rc}")
        if rc != 0:
            print(out[-3000:])
            bad += 1
        for i, (name, breakage) in enumerate(CASES):
            d = os.path.join(tmp, f"case{i}")
            shutil.copytree(VECTORS, d)
            breakage(d)
            rc, out = run_recompute(d)
            lines = [x for x in out.splitlines() if x.startswith("FAIL")] or out.splitlines()[-1:]
            verdict = "caught" if rc != 0 else "NOT CAUGHT"
            print(f"{name}: exit {rc}, {verdict}: {lines[0] if lines else ''}")
            if rc == 0:
                bad += 1
    print(f"recompute_bites: {len(CASES)} breakages, {bad} not caught" if bad else
          f"recompute_bites: all {len(CASES)} breakages caught")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
