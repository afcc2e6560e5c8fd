"""Differential rows of stake-v1 (specs/stake-v1.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

from differential import (Rows, cur_nonce, cur_string)

ROWS = Rows()


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


@ROWS.row("stake.floats")
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


@ROWS.row("stake.game")
class StakeGame:
    def valid(rng):
        game = rng.choice(STAKE_GAMES)
        return {"game": game, "serverSeed": rng.randbytes(32).hex(), "clientSeed": cur_string(rng),
                "nonce": cur_nonce(rng), "options": stake_options(rng, game)}

    def invalid(rng):
        game, options = rng.choice(STAKE_BAD_OPTIONS)
        return {"game": game, "serverSeed": "s", "clientSeed": cur_string(rng), "nonce": 1, "options": options}


@ROWS.row("stake.event")
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


@ROWS.row("stake.crash")
class StakeCrash:
    def valid(rng):
        return {"gameHash": rng.randbytes(32).hex(), "salt": rng.choice([rng.randbytes(32).hex(), cur_string(rng)])}

    def invalid(rng):
        h = rng.randbytes(32).hex()
        return {"gameHash": rng.choice([h.upper(), h[:63], h + "0", "0x" + h[2:]]), "salt": "s"}


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
EDGES = {}
