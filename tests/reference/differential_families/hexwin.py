"""Differential rows of hexwin-v1 (specs/hexwin-v1.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

from differential import (Rows, cur_nonce, cur_string, rand_hex)

ROWS = Rows()

HEXWIN_CONVENTIONS = ["primedice", "just-dice", "duckdice", "bcgame-hash-dice"]


def hexwin_windows(rng):
    """128 hex digits whose leading windows are rejected (10^6 or more) with some probability each,
    so that deep skips and exhaustion are drawn."""
    out = ""
    while len(out) < 125 and rng.random() < 0.8:
        out += "%05x" % rng.randint(1000000, 0xfffff)
    if len(out) < 125:
        out += "%05x" % rng.choice([0, 999999, rng.randint(0, 999999)])
    out += rand_hex(rng, 64)
    return out[:128]


@ROWS.row("hexwin.roll")
class HexwinRoll:
    def valid(rng):
        return {"convention": rng.choice(HEXWIN_CONVENTIONS),
                "serverSeed": rng.choice([rng.randbytes(32).hex(), cur_string(rng)]), "clientSeed": cur_string(rng),
                "nonce": cur_nonce(rng)}

    def invalid(rng):
        p = HexwinRoll.valid(rng)
        field = rng.choice(["convention", "serverSeed", "nonce"])
        if field == "convention":
            p[field] = rng.choice(["Primedice", "", "just_dice", 5])
        elif field == "nonce":
            p[field] = rng.choice([2**53, -1, 1.5, "1", None])
        else:
            p[field] = rng.choice([5, None, ["a"]])
        return p


@ROWS.row("hexwin.from_hex")
class HexwinFromHex:
    def valid(rng):
        d = hexwin_windows(rng)
        return {"convention": rng.choice(HEXWIN_CONVENTIONS), "digest": d.upper() if rng.random() < 0.1 else d}

    def invalid(rng):
        p = HexwinFromHex.valid(rng)
        d = p["digest"]
        p["digest"] = rng.choice([d[:127], d + "0", d[:64], d[:50] + "g" + d[51:], 5])
        return p


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
EDGES = {
    "hexwin.roll": [{"convention": "primedice", "serverSeed": "", "clientSeed": "", "nonce": 0},
                    {"convention": "duckdice", "serverSeed": "s", "clientSeed": "c", "nonce": 2**53 - 1}],
    "hexwin.from_hex": [{"convention": c, "digest": "fffff" * 25 + t} for c in HEXWIN_CONVENTIONS
                        for t in ("000", "fff")],
}
