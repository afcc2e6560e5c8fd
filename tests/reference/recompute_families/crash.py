"""The group types of crash (specs/crash.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import math

import fairvec_ref as ref
from recompute import Mismatch, ok_or_error, Handlers

HANDLERS = Handlers()


E52 = 2**52


def crash_formulas(conv, h):
    """(exactHundredths, doubleHundredths): the convention's formula from h in exact integers and
    in binary64, before bustabit-v1's bust (specs/crash.md §3-5, §9)."""
    if conv in ("bustabit-v2", "bustabit-2025"):
        exact = max(100, (99 * E52) // (E52 - h))
        double = max(100, math.floor(99.0 / (1.0 - float(h) / float(E52))))
    else:
        exact = (100 * E52 - h) // (E52 - h)
        double = math.floor((100.0 * float(E52) - float(h)) / (float(E52) - float(h)))
    return str(exact), str(double)


def crash_check_value(t, conv, value):
    """Checks h, exact/double hundredths, divisibleBy101 and hundredths from the formula's value."""
    h = int(value.hex()[:13], 16)
    t.eq("h", h)
    exact, double = crash_formulas(conv, h)
    t.eq("exactHundredths", exact)
    t.eq("doubleHundredths", double)
    if conv == "bustabit-v1":
        divisible = int.from_bytes(value, "big") % 101 == 0
        t.eq("divisibleBy101", divisible)
        t.eq("hundredths", "0" if divisible else double)
    else:
        t.eq("hundredths", exact if conv == "betkyo-exact" else double)


def crash_params(t):
    params = {"convention": t.ginp("convention"), "link": t.inp("link")}
    if t.has("salt"):
        params["salt"] = t.inp("salt")
    return params


@HANDLERS.handles("CrashPoint")
def h_crash_point(t):
    params = crash_params(t)
    ok, r = ok_or_error(t, lambda: ref.op_crash_point(params))
    if ok:
        conv, link = params["convention"], bytes.fromhex(params["link"])
        if conv == "betkyo-exact":
            value = link
        elif conv == "bustabit-v1":
            value = ref.hmac_sha256(params["link"].lower().encode(), params["salt"].encode())
        else:
            value = ref.hmac_sha256(params["salt"].encode(), link)
        if conv != "betkyo-exact":
            t.eq("hmac", value.hex())
        crash_check_value(t, conv, value)
        t.eq("hundredths", r["hundredths"])
    return ok


@HANDLERS.handles("CrashFromHash")
def h_crash_hash(t):
    params = {"convention": t.ginp("convention"), "hash": t.inp("hash")}
    ok, r = ok_or_error(t, lambda: ref.op_crash_from_hash(params))
    if ok:
        crash_check_value(t, params["convention"], bytes.fromhex(params["hash"]))
        t.eq("hundredths", r["hundredths"])
    return ok


HANDLERS.simple(("CrashPrevious",), ("link",), ref.op_crash_previous, {"previous": "link"},
                ("convention",))


@HANDLERS.handles("CrashChain")
def h_crash_chain(t):
    params = crash_params(t)
    ok, r = ok_or_error(t, lambda: ref.op_crash_previous(params))
    if ok:
        n = len(t.t.get("links", []))
        if n < 2:
            raise Mismatch("a chain test needs at least two links")
        links = [params["link"]]
        while len(links) < n:
            links.append(ref.op_crash_previous({**params, "link": links[-1]})["link"])
        t.eq("links", links)
        t.eq("hundredths", [ref.op_crash_point({**params, "link": x})["hundredths"]
                            for x in links])
    return ok
