"""The group types of stake-v1 (specs/stake-v1.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import fairvec_ref as ref
from recompute import ok_or_error, Handlers

HANDLERS = Handlers()


STAKE_OUTCOMES = ("roll", "pocket", "segment", "path", "bucket", "multiplier", "positions", "drawn", "hits",
                  "gems", "cards")


def stake_read_members(t, read, per_float):
    floats, quads, rounds, offsets, messages, macs = read
    t.eq("messages", [m.decode("utf-8") for m in messages])
    t.eq("macs", [m.hex() for m in macs])
    if per_float:
        t.eq("rounds", rounds)
        t.eq("offsets", offsets)
        t.eq("bytes", quads)
    t.eq("floats", floats)


def stake_outcome(t, r):
    for k in STAKE_OUTCOMES:
        if k in r:
            t.eq(k, r[k])


@HANDLERS.handles("StakeFloats", "StakeFloatsInvalid")
def h_stake_floats(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeed", "nonce", "cursor", "count")}
    ok, r = ok_or_error(t, lambda: ref.op_stake_floats(params))
    if ok:
        stake_read_members(t, ref.stake_read(params["serverSeed"].encode(), params["clientSeed"].encode(),
                                             params["nonce"], params["cursor"], params["count"]), True)
        t.eq("floats", r["floats"])
    return ok


@HANDLERS.handles("StakeGame", "StakeGameInvalid")
def h_stake_game(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeed", "nonce", "options")}
    params["game"] = t.ginp("game") if "game" in t.group else t.inp("game")
    ok, r = ok_or_error(t, lambda: ref.op_stake_game(params))
    if ok:
        stake_read_members(t, ref.stake_read(params["serverSeed"].encode(), params["clientSeed"].encode(),
                                             params["nonce"], 0, len(r["floats"])), False)
        t.eq("floats", r["floats"])
        stake_outcome(t, r)
    return ok


@HANDLERS.handles("StakeEvent", "StakeEventInvalid")
def h_stake_event(t):
    params = {k: t.inp(k) for k in ("floats", "options")}
    params["game"] = t.ginp("game") if "game" in t.group else t.inp("game")
    ok, r = ok_or_error(t, lambda: ref.op_stake_event(params))
    if ok:
        stake_outcome(t, r)
    return ok


@HANDLERS.handles("StakeCrash", "StakeCrashInvalid")
def h_stake_crash(t):
    params = {k: t.inp(k) for k in ("gameHash", "salt")}
    ok, r = ok_or_error(t, lambda: ref.op_stake_crash(params))
    if ok:
        mac, i, point = ref.stake_crash(params["gameHash"].encode(), params["salt"].encode())
        t.eq("hmac", mac.hex())
        t.eq("int", i)
        t.eq("crashPoint", point)
        t.eq("crashPoint", r["crashPoint"])
    return ok
