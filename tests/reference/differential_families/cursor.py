"""Differential rows of cursor-v1 (specs/cursor-v1.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import math

from differential import (MAX_SAFE, Rows, U64_MAX, bad_count, cur_nonce, cur_string, rand_int,
                          rand_unit, small_count)

ROWS = Rows()


@ROWS.row("cursor.unit")
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


@ROWS.row("cursor.u64_to_unit")
class CurU64:
    def valid(rng):
        return {"u64": str(rand_u64(rng))}

    def invalid(rng):
        return {"u64": rng.choice(["", "-1", str(2**64), str(2**65 + 7), "1.0", "1e3", " 1",
                                   "1 ", "+1", "0x10", "abc", "18446744073709551616",
                                   "99999999999999999999999"])}


@ROWS.row("cursor.pool_hop")
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


@ROWS.row("cursor.commitment")
class CurCommitment:
    def valid(rng):
        return {"serverSeed": cur_string(rng)}

    def invalid(rng):
        return {"serverSeed": rng.choice([5, None, ["a"]])}


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


@ROWS.row("cursor.draw")
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


@ROWS.row("cursor.limbo")
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


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
_ROUND = {"serverSeed": "a", "clientSeed": "b", "nonce": 0}
EDGES = {
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
}
