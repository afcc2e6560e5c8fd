"""Differential rows of crash (specs/crash.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

from differential import (Rows, S32, mutate_hex_bad, rand_hex, rand_link, rand_string)

ROWS = Rows()


CONVENTIONS = ["betkyo-exact", "bustabit-v1", "bustabit-v2", "bustabit-2025"]


def crash_salt(rng):
    return rng.choice([rng.randbytes(32).hex(), rand_string(rng, 0, 40)])


@ROWS.row("crash.point")
class CrashPoint:
    def valid(rng):
        conv = rng.choice(CONVENTIONS)
        link = rand_link(rng)
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


@ROWS.row("crash.previous")
class CrashPrevious:
    def valid(rng):
        link = rand_link(rng)
        return {"convention": rng.choice(CONVENTIONS),
                "link": link.upper() if rng.random() < 0.1 else link}

    def invalid(rng):
        p = CrashPrevious.valid(rng)
        if rng.random() < 0.3:
            p["convention"] = rng.choice(["x", "", "bustabit"])
        else:
            p["link"] = rng.choice([mutate_hex_bad(rng, p["link"]), rand_hex(rng, 31), ""])
        return p


@ROWS.row("crash.from_hash")
class CrashFromHash:
    def valid(rng):
        h = rand_link(rng)
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


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
EDGES = {
    "crash.point": [{"convention": "bustabit-v1", "link": S32, "salt": ""},
                    {"convention": "betkyo-exact", "link": "f" * 13 + "0" * 51},
                    {"convention": "betkyo-exact", "link": "F" * 64},
                    {"convention": "betkyo-exact", "link": S32, "salt": None},
                    {"convention": "bustabit-v2", "link": S32, "salt": 5}],
    "crash.from_hash": [{"convention": c, "hash": h} for c in CONVENTIONS
                        for h in (S32, "f" * 64, "F" * 64, "fffffffffffff" + "0" * 51,
                                  "ffffffffffffc" + "0" * 51, "0" * 12 + "1" + "0" * 51)],
}
