"""The group types of cursor-v1 (specs/cursor-v1.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import math

import fairvec_ref as ref
from recompute import bits, ok_or_error, Handlers

HANDLERS = Handlers()


def u64_parts(x):
    return {"hi": x >> 32, "lo": x & 0xFFFFFFFF}


@HANDLERS.handles("CursorUnit", "CursorUnitInvalid")
def h_cur_unit(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeed", "nonce", "cursor")
              if k in t.t}
    ok, r = ok_or_error(t, lambda: ref.op_cur_unit(params))
    if ok:
        msg = f"{params['clientSeed']}-{params['nonce']}-{params['cursor']}"
        t.eq("message", msg)
        digest = ref.hmac_sha256(params["serverSeed"].encode(), msg.encode())
        t.eq("digest", digest.hex())
        x = int.from_bytes(digest[:8], "big")
        t.eq("hi", u64_parts(x)["hi"])
        t.eq("lo", u64_parts(x)["lo"])
        t.eq("u64", str(x))
        t.eq("u", r["u"])
        t.eq("uBits", bits(ref.u64_to_unit(x)))
    return ok


HANDLERS.simple(("CursorCommitment",), ("serverSeed",), ref.op_cur_commitment,
                {"commitment": "commitment"})


@HANDLERS.handles("CursorU64ToUnit", "CursorU64Invalid")
def h_cur_u64(t):
    params = {"u64": t.inp("u64")}
    ok, r = ok_or_error(t, lambda: ref.op_cur_u64_to_unit(params))
    if ok:
        x = int(params["u64"])
        t.eq("hi", x >> 32)
        t.eq("lo", x & 0xFFFFFFFF)
        t.eq("u", r["u"])
        t.eq("uBits", bits(r["u"]))
    return ok


def unit_from(t):
    """The unit a draw test reads: `u`, which must equal u64_to_unit(`u64`) when u64 is given."""
    if t.has("u64"):
        x = int(t.inp("u64"))
        u = ref.u64_to_unit(x)
        t.eq("u", u)
        t.eq("uBits", bits(u))
        return u
    return t.inp("u")


@HANDLERS.handles("CursorDraw", "CursorDrawInvalid")
def h_cur_draw(t):
    u = unit_from(t)
    params = {"u": u, "n": t.inp("n")}
    ok, r = ok_or_error(t, lambda: ref.op_cur_draw(params))
    if ok:
        t.eq("index", r["index"])
        t.eq("index", min(math.floor(u * params["n"]), params["n"] - 1))
    return ok


@HANDLERS.handles("CursorLimbo", "CursorLimboInvalid")
def h_cur_limbo(t):
    u = unit_from(t)
    ok, r = ok_or_error(t, lambda: ref.op_cur_limbo({"u": u}))
    if ok:
        one_minus = 1.0 - u
        scaled = math.inf if one_minus == 0.0 else (0.99 / one_minus) * 100.0
        t.eq("scaledBits", bits(scaled))
        t.eq("hundredths", r["hundredths"])
    return ok


@HANDLERS.handles("CursorPoolHop", "CursorPoolHopInvalid")
def h_cur_pool_hop(t):
    params = {"units": t.inp("units"), "size": t.inp("size")}
    ok, r = ok_or_error(t, lambda: ref.op_cur_pool_hop(params))
    if ok:
        remaining = params["size"]
        indexes = []
        for u in params["units"]:
            indexes.append(min(math.floor(float(u) * remaining), remaining - 1))
            remaining -= 1
        t.eq("indexes", indexes)
        t.eq("picks", r["picks"])
    return ok


GAME_OUTCOMES = ("pocket", "dice", "hundredths", "flips", "cards", "player", "dealer", "deal",
                 "final", "board", "card", "balls", "boostUnits", "mines")


@HANDLERS.handles("CursorGame", "CursorGameInvalid")
def h_cur_game(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeed", "nonce", "options")}
    params["game"] = t.ginp("game") if "game" in t.group else t.inp("game")
    ok, r = ok_or_error(t, lambda: ref.op_cur_game(params))
    if ok:
        t.eq("cursors", r["cursors"])
        units = [ref.cursor_unit(params["serverSeed"].encode(), params["clientSeed"].encode(),
                                 params["nonce"], c) for c in r["cursors"]]
        t.eq("units", units)
        t.eq("unitBits", [bits(u) for u in units])
        for k in GAME_OUTCOMES:
            if k in r:
                t.eq(k, r[k])
        if "units" in r:   # the games whose outcome is the units themselves
            t.eq("units", r["units"])
    return ok
