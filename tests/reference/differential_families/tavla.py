"""Differential rows of tavla-commit-v1 (specs/tavla-commit-v1.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import json
import sys

from differential import (HERE, MAX_SAFE, Rows, S32, U32_MAX, UUID0, mutate_hex_bad, rand_hex,
                          rand_int, rand_settings, rand_uuid, skipped_prefix_bytes, small_count)

ROWS = Rows()


def bad_uuid(rng):
    u = rand_uuid(rng)
    return rng.choice([u.replace("-", ""), "{" + u + "}", u[:-1], u + "0", u[:8] + u[9:] + "-",
                       "urn:uuid:" + u, u.replace("-", "_"), u[:3] + "g" + u[4:], ""])


@ROWS.row("tavla.commitment")
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


@ROWS.row("tavla.block")
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


@ROWS.row("tavla.pick")
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


@ROWS.row("tavla.roll")
class TavlaRoll:
    def valid(rng):
        return tavla_inputs(rng)

    def invalid(rng):
        return tavla_invalid(rng, tavla_inputs(rng))


@ROWS.row("tavla.seal_code")
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


@ROWS.row("tavla.game")
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


@ROWS.row("tavla.verify_proof")
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


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
_TAVLA = {"seed": S32, "gameId": UUID0, "contributions": [S32, S32]}
EDGES = {
    "tavla.pick": [{"blocks": ["AB" * 32]}, {"blocks": ["ff" * 31 + "00", "fe" + "11" * 31]}],
    "tavla.commitment": [{"gameId": UUID0, "seats": [UUID0, UUID0], "seed": S32,
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
}
