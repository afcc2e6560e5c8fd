"""The group types of hexwin-v1 (specs/hexwin-v1.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import fairvec_ref as ref
from recompute import ok_or_error, Handlers

HANDLERS = Handlers()


def reading_members(t, conv, digest):
    windows, exhausted, value, roll = ref.hexwin_read(conv, digest)
    t.eq("windows", windows)
    t.eq("exhausted", exhausted)
    t.eq("value", value)
    t.eq("roll", roll)


@HANDLERS.handles("HexwinRoll")
def h_hexwin_roll(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeed", "nonce")}
    params["convention"] = t.ginp("convention")
    ok, r = ok_or_error(t, lambda: ref.op_hexwin_roll(params))
    if ok:
        conv = ref.HEXWIN_CONVENTIONS[params["convention"]]
        msg, digest = ref.hexwin_bet(conv, params["serverSeed"], params["clientSeed"], params["nonce"])
        t.eq("message", msg.decode())
        t.eq("digest", digest.hex())
        reading_members(t, conv, digest)
        t.eq("roll", r["roll"])
    return ok


@HANDLERS.handles("HexwinFromHex")
def h_hexwin_from_hex(t):
    params = {"convention": t.ginp("convention"), "digest": t.inp("digest")}
    ok, r = ok_or_error(t, lambda: ref.op_hexwin_from_hex(params))
    if ok:
        reading_members(t, ref.HEXWIN_CONVENTIONS[params["convention"]], bytes.fromhex(params["digest"]))
        t.eq("roll", r["roll"])
    return ok
