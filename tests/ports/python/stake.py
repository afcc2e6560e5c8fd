"""stake.py - the stake.* ops of the example port (spec stake-v1.md), written from the spec."""

import math

from common import MAX_SAFE, BadInput, hmac_sha256, p_get, p_int, p_str, sha256, utf8  # noqa: F401

# ================================================================================================
# The byte stream (spec stake-v1.md §2)
# ================================================================================================

TWO32 = 2.0**32
CRASH_SALT = "0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4"   # S31


def stake_message(client, nonce, rnd):
    """S2: `${clientSeed}:${nonce}:${round}` as UTF-8 bytes."""
    return client + b":" + str(nonce).encode() + b":" + str(rnd).encode()


def stake_read(server, client, nonce, cursor, count):
    """S1-S5: |count| floats from byte |cursor| on; returns (floats, bytes, rounds, offsets,
    messages, macs)."""
    rnd, off = cursor // 32, cursor % 32
    messages = [stake_message(client, nonce, rnd)]
    macs = [hmac_sha256(server, messages[-1])]
    floats, quads, rounds, offsets = [], [], [], []
    for _ in range(count):
        quad = []
        for j in range(4):
            if off == 32:                            # S3: past byte 31, the next round from byte 0
                rnd, off = rnd + 1, 0
                messages.append(stake_message(client, nonce, rnd))
                macs.append(hmac_sha256(server, messages[-1]))
            if j == 0:                               # where the float's first byte is
                rounds.append(rnd)
                offsets.append(off)
            quad.append(macs[-1][off])
            off += 1
        value = 0.0
        for i, b in enumerate(quad):                 # S4: sum of byte_i / 256^(i+1), left to right
            value = value + b / 256.0 ** (i + 1)
        quads.append(quad)
        floats.append(value)
    return floats, quads, rounds, offsets, messages, macs


def stake_texts(params):
    server = utf8("serverSeed", p_str(params, "serverSeed"))     # S7
    client = utf8("clientSeed", p_str(params, "clientSeed"))
    nonce = p_int(params, "nonce", 0, MAX_SAFE)                   # S8
    return server, client, nonce


def op_stake_floats(params):
    server, client, nonce = stake_texts(params)
    cursor = p_int(params, "cursor", 0, MAX_SAFE)
    count = p_int(params, "count", 1, 1024)                       # S9
    return {"floats": stake_read(server, client, nonce, cursor, count)[0]}


# ================================================================================================
# Games (spec stake-v1.md §3)
# ================================================================================================

GAMES = ["dice", "limbo", "roulette", "wheel", "plinko", "mines", "keno", "diamonds", "hilo", "baccarat"]
OPTIONS = {"wheel": ("segments", "risk"), "plinko": ("rows", "risk"), "mines": ("mines",), "keno": ("picks",)}
RISKS = ("low", "medium", "high")
GEMS = ["green", "purple", "yellow", "red", "cyan", "orange", "blue"]                     # S18
SUITS = ["\u2666", "\u2665", "\u2660", "\u2663"]                                          # S19
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
PLINKO = {                                                                                # S15
    8: {"low": [0.5, 1, 1.1, 2.1, 5.6], "medium": [0.4, 0.7, 1.3, 3, 13], "high": [0.2, 0.3, 1.5, 4, 29]},
    9: {"low": [0.7, 1, 1.6, 2, 5.6], "medium": [0.5, 0.9, 1.7, 4, 18], "high": [0.2, 0.6, 2, 7, 43]},
    10: {"low": [0.5, 1, 1.1, 1.4, 3, 8.9], "medium": [0.4, 0.6, 1.4, 2, 5, 22], "high": [0.2, 0.3, 0.9, 3, 10, 76]},
    11: {"low": [0.7, 1, 1.3, 1.9, 3, 8.4], "medium": [0.5, 0.7, 1.8, 3, 6, 24], "high": [0.2, 0.4, 1.4, 5.2, 14, 120]},
    12: {"low": [0.5, 1, 1.1, 1.4, 1.6, 3, 10], "medium": [0.3, 0.6, 1.1, 2, 4, 11, 33],
         "high": [0.2, 0.2, 0.7, 2, 8.1, 24, 170]},
    13: {"low": [0.7, 0.9, 1.2, 1.9, 3, 4, 8.1], "medium": [0.4, 0.7, 1.3, 3, 6, 13, 43],
         "high": [0.2, 0.2, 1, 4, 11, 37, 260]},
    14: {"low": [0.5, 1, 1.1, 1.3, 1.4, 1.9, 4, 7.1], "medium": [0.2, 0.5, 1, 1.9, 4, 7, 15, 58],
         "high": [0.2, 0.2, 0.3, 1.9, 5, 18, 56, 420]},
    15: {"low": [0.7, 1, 1.1, 1.5, 2, 3, 8, 15], "medium": [0.3, 0.5, 1.3, 3, 5, 11, 18, 88],
         "high": [0.2, 0.2, 0.5, 3, 8, 27, 83, 620]},
    16: {"low": [0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16], "medium": [0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
         "high": [0.2, 0.2, 0.2, 2, 4, 9, 27, 130, 1000]},
}
WHEEL_MEDIUM = {                                                                          # S16
    10: [0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3],
    20: [1.5, 0, 2, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.8, 0, 2, 0, 2, 0, 2, 0],
    30: [1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.7, 0, 4, 0, 1.5, 0, 2, 0],
    40: [2, 0, 3, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0,
         1.5, 0, 2, 0, 2, 0, 1.6, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0],
    50: [2, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5,
         0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0, 1.5, 0, 5, 0, 1.5, 0, 2, 0, 1.5, 0],
}
WHEEL_LOW = [1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0]
WHEEL_HIGH_TOP = {10: 9.9, 20: 19.8, 30: 29.7, 40: 39.6, 50: 49.5}


def p_game(params):
    g = p_str(params, "game")
    if g not in GAMES:
        raise BadInput("game", "not a stake-v1 game")
    return g


def opt_int(options, name, lo, hi):
    v = options[name]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise BadInput("options." + name, f"must be an integer {lo}..{hi}")
    return int(v)


def opt_risk(options):
    if options["risk"] not in RISKS or not isinstance(options["risk"], str):
        raise BadInput("options.risk", "must be low, medium or high")
    return options["risk"]


def check_options(game, options):
    """S21: returns how many floats the game reads."""
    if not isinstance(options, dict):
        raise BadInput("options", "must be an object")
    names = OPTIONS.get(game, ())
    for k in options:
        if k not in names:
            raise BadInput("options." + k, "not an option of this game")
    for n in names:
        if n not in options:
            raise BadInput("options." + n, "missing")
    if game == "wheel":
        s = opt_int(options, "segments", 10, 50)
        if s % 10:
            raise BadInput("options.segments", "must be 10, 20, 30, 40 or 50")
        opt_risk(options)
        return 1
    if game == "plinko":
        rows = opt_int(options, "rows", 8, 16)
        opt_risk(options)
        return rows
    if game == "mines":
        return opt_int(options, "mines", 1, 24)
    if game == "keno":
        keno_picks(options)
        return 10
    return {"diamonds": 5, "hilo": 52, "baccarat": 6}.get(game, 1)


def keno_picks(options):
    picks = options["picks"]
    if not isinstance(picks, list) or not 1 <= len(picks) <= 10:
        raise BadInput("options.picks", "1 to 10 picks")
    seen = []
    for p in picks:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 40 or p in seen:
            raise BadInput("options.picks", "each pick distinct, 1..40")
        seen.append(int(p))
    return seen


def spliced(floats, n):
    """S14: without replacement, the picked item removed and the gap closed."""
    pool, out = list(range(n)), []
    for f in floats:
        out.append(pool.pop(math.floor(f * len(pool))))
    return out


def limbo(f):
    """S11, S12."""
    if f == 0:
        raise BadInput("floats", "limbo of float 0 is infinite")
    float_point = 1e8 / (f * 1e8) * 0.99
    return max(math.floor(float_point * 100) / 100, 1.0)


def stake_event(game, fl, options):
    if game == "dice":
        return {"roll": math.floor(fl[0] * 10001) / 100}
    if game == "limbo":
        return {"multiplier": limbo(fl[0])}
    if game == "roulette":
        return {"pocket": math.floor(fl[0] * 37)}
    if game == "wheel":
        seg, risk, n = math.floor(fl[0] * options["segments"]), options["risk"], options["segments"]
        table = (WHEEL_LOW * 5)[:n] if risk == "low" else WHEEL_MEDIUM[n] if risk == "medium" \
            else [0] * (n - 1) + [WHEEL_HIGH_TOP[n]]
        return {"segment": seg, "multiplier": float(table[seg])}
    if game == "plinko":
        dirs = [math.floor(f * 2) for f in fl]
        half = PLINKO[len(fl)][options["risk"]]
        full = list(reversed(half[1:] if len(fl) % 2 == 0 else half)) + half
        return {"path": ["right" if d else "left" for d in dirs], "bucket": sum(dirs), "multiplier": float(full[sum(dirs)])}
    if game == "mines":
        return {"positions": spliced(fl, 25)}
    if game == "keno":
        drawn = [x + 1 for x in spliced(fl, 40)]
        return {"drawn": drawn, "hits": sorted(p for p in keno_picks(options) if p in drawn)}
    if game == "diamonds":
        return {"gems": [GEMS[math.floor(f * 7)] for f in fl]}
    return {"cards": [SUITS[i % 4] + RANKS[i // 4] for i in (math.floor(f * 52) for f in fl)]}


def op_stake_game(params):
    game = p_game(params)                                  # checked in the order of the op's params
    server, client, nonce = stake_texts(params)
    need = check_options(game, p_get(params, "options"))
    fl = stake_read(server, client, nonce, 0, need)[0]
    return {"floats": fl, **stake_event(game, fl, params["options"])}


def op_stake_event(params):
    game = p_game(params)
    fl = p_get(params, "floats")
    if not isinstance(fl, list):
        raise BadInput("floats", "not an array")
    for f in fl:                                           # S22: a multiple of 2^-32 in [0, 1)
        if isinstance(f, bool) or not isinstance(f, (int, float)) or not 0 <= f < 1 \
                or math.floor(f * TWO32) != f * TWO32:
            raise BadInput("floats", "not a 4-byte float")
    need = check_options(game, p_get(params, "options"))
    if len(fl) != need:
        raise BadInput("floats", f"{game} reads {need} floats")
    return stake_event(game, [float(f) for f in fl], params["options"])


# ================================================================================================
# Crash (spec stake-v1.md §4)
# ================================================================================================

def stake_crash(game_hash, salt):
    """S30: (hmac, int, crashPoint)."""
    mac = hmac_sha256(game_hash, salt)
    i = int.from_bytes(mac[:4], "big")
    return mac, i, math.floor(max(1, TWO32 / (i + 1) * (1 - 0.01)) * 100) / 100


def op_stake_crash(params):
    h = p_str(params, "gameHash")
    if len(h) != 64 or any(c not in "0123456789abcdef" for c in h):     # S32
        raise BadInput("gameHash", "must be 64 lowercase hex digits")
    salt = utf8("salt", p_str(params, "salt"))
    return {"crashPoint": stake_crash(h.encode(), salt)[2]}


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "stake.floats": op_stake_floats,
    "stake.game": op_stake_game,
    "stake.event": op_stake_event,
    "stake.crash": op_stake_crash,
}
