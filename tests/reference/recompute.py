#!/usr/bin/env python3
"""recompute.py: an independent check of every committed vector file (standard library only).

It reads every vector file in a directory (default: vectors/), and for every test recomputes, from
the reference implementation in fairvec_ref.py (written from specs/, sharing no code with the C++
library) and from the checks written out below, EVERY member the test carries: the outputs, the
intermediate values (digest, hi/lo, u64, uBits, crash h, hmac, exactHundredths, keno links, h52,
indices, hmac-dice byte, tavla commitmentInput, ...), and for an invalid test the field its
`error` names and, where given, the `errorPosition`. It also checks the result rule of
specs/vector-format.md: `result` is `valid` exactly when the expected verdict is success.

Like BoringSSL's file_test, a member that no check reads is an error: a new member added by the
generator fails here until this checker learns to recompute it. A file, a group type, or a whole
run that checked nothing is an error too.

Usage: recompute.py [--vectors DIR] [--quiet]
Exit status: 0 when every member of every test was recomputed and agreed; 1 on any disagreement,
unread member, unknown file or group type, or a run that checked nothing; 2 on unreadable input.
"""

import argparse
import json
import math
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fairvec_ref as ref  # noqa: E402
from fairvec_ref import BadInput  # noqa: E402


class Mismatch(Exception):
    """A recomputed member disagrees with the file."""


def bits(x):
    """The IEEE-754 binary64 bits of a float as 16 lowercase hex digits."""
    return struct.pack(">d", float(x)).hex()


def same(a, b):
    """Equality that tells floats by their bits and never equates a bool with an int."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and bits(a) == bits(b) \
            and isinstance(a, float) == isinstance(b, float)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


class Test:
    """One test with the members read so far; `checks` counts the members compared."""

    ALWAYS = ("tcId", "comment", "flags", "result")

    def __init__(self, group, test):
        self.group = group
        self.t = test
        self.read = set(self.ALWAYS)
        self.group_read = {"type", "tests"}
        self.checks = 0

    def has(self, k):
        return k in self.t

    def inp(self, k):
        """An input member (read, not compared)."""
        if k not in self.t:
            raise Mismatch(f"missing input member {k!r}")
        self.read.add(k)
        return self.t[k]

    def opt(self, k, default=None):
        if k in self.t:
            self.read.add(k)
            return self.t[k]
        return default

    def ginp(self, k):
        if k not in self.group:
            raise Mismatch(f"group lacks {k!r}")
        self.group_read.add(k)
        return self.group[k]

    def eq(self, k, value):
        """Compares member k with the recomputed value (bit-exact for doubles)."""
        if k not in self.t:
            raise Mismatch(f"missing member {k!r} (recomputed {value!r})")
        self.read.add(k)
        self.checks += 1
        if not same(self.t[k], value):
            raise Mismatch(f"{k}: file has {json.dumps(self.t[k])[:300]}, "
                           f"recomputed {json.dumps(value)[:300]}")

    def eq_if(self, k, value):
        if k in self.t:
            self.eq(k, value)

    def error(self, fn):
        """Runs fn, which must raise BadInput; compares `error` (and `errorPosition`)."""
        try:
            fn()
        except BadInput as e:
            # Some errors name a param by its request path (`params.salt`, as the port's message
            # does): every one of keno_draw's, and some of crash_point's, hmac_dice_recorded's,
            # tavla_commitment's and tavla_roll's; the others name it bare. Both name the same field.
            named = self.t.get("error")
            if isinstance(named, str) and named.startswith("params."):
                named = named[len("params."):]
            self.read.add("error")
            self.checks += 1
            if named != e.field:
                raise Mismatch(f"error: file names {self.t.get('error')!r}, the reference "
                               f"rejects {e.field!r} ({e})")
            if "errorPosition" in self.t:
                self.eq("errorPosition", getattr(e, "position", None))
            return False
        raise Mismatch(f"the reference accepts an input the file calls invalid "
                       f"(error {self.t.get('error')!r})")


HANDLERS = {}


def handles(*types):
    def register(fn):
        for t in types:
            HANDLERS[t] = fn
        return fn
    return register


def ok_or_error(t, fn):
    """A test of an op: valid tests get fn's result, invalid ones must be rejected as named."""
    if t.t.get("result") == "invalid" or "error" in t.t:
        return t.error(fn), None
    return True, fn()


def simple(types, inputs, op, outputs, group_inputs=()):
    """Registers a handler for tests whose inputs are op params and whose outputs are members of
    the op's result: `outputs` maps a test member to a result member."""
    def handler(t):
        params = {k: t.inp(k) for k in inputs}
        params.update({k: t.ginp(k) for k in group_inputs})
        ok, r = ok_or_error(t, lambda: op(params))
        if ok:
            for member, key in outputs.items():
                t.eq(member, r[key])
        return ok
    handles(*types)(handler)


def u64_parts(x):
    return {"hi": x >> 32, "lo": x & 0xFFFFFFFF}


# ------------------------------------------------------------------------------------------------
# hmac-dice-v1
# ------------------------------------------------------------------------------------------------

def hd_roll_trace(key, seeds, roll):
    """Every message and MAC of one roll up to the first byte < 252, with retry, index, byte."""
    messages, macs = [], []
    for retry in range(ref.HMAC_DICE_MAX_RETRY + 1):
        msg = ref.hd_message(seeds, roll, retry)
        mac = ref.hmac_sha256(key, msg.encode("ascii"))
        messages.append(msg)
        macs.append(mac.hex())
        for i, b in enumerate(mac):
            if b < 252:
                v = b % 36
                return {"messages": messages, "macs": macs, "retry": retry, "index": i,
                        "byte": b, "dice": [v // 6 + 1, v % 6 + 1]}
    raise BadInput("serverSeed", "no byte < 252 within the retry bound")


simple(("HmacDiceSeal", "HmacDiceSealInvalid"), ("serverSeed",), ref.op_hd_seal, {"seal": "seal"})


@handles("HmacDiceRoll", "HmacDiceRollInvalid")
def h_hd_roll(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeeds", "roll")}

    def run():
        key, seeds, roll = ref.hd_server_seed(params), ref.hd_client_seeds(params), \
            ref.hd_roll_no(params)
        trace = hd_roll_trace(key, seeds, roll)
        if ref.op_hd_roll(params)["dice"] != trace["dice"]:
            raise Mismatch("hd_roll_trace and op_hd_roll disagree")
        return trace
    ok, r = ok_or_error(t, run)
    if ok:
        for k in ("messages", "macs", "retry", "index", "byte", "dice"):
            t.eq(k, r[k])
    return ok


@handles("HmacDicePick", "HmacDicePickInvalid")
def h_hd_pick(t):
    params = {"macs": t.inp("macs")}
    ok, r = ok_or_error(t, lambda: ref.op_hd_pick(params))
    if ok:
        t.eq("dice", r["dice"])
        t.eq("retry", r["retry"])
        t.eq("index", r["index"])
        t.eq("byte", bytes.fromhex(params["macs"][r["retry"]])[r["index"]])
    return ok


@handles("HmacDiceRetryMessage", "HmacDiceRetryMessageInvalid")
def h_hd_message(t):
    params = {k: t.inp(k) for k in ("clientSeeds", "roll", "retry")}
    if t.has("serverSeed"):
        params["serverSeed"] = t.inp("serverSeed")
    ok, r = ok_or_error(t, lambda: ref.op_hd_message(params))
    if ok:
        t.eq("message", r["message"])
        key = ref.hd_server_seed(params)
        t.eq("mac", ref.hmac_sha256(key, r["message"].encode("ascii")).hex())
    return ok


@handles("HmacDiceRecorded", "HmacDiceRecordedInvalid")
def h_hd_recorded(t):
    text = t.inp("text")
    # Text of another JSON type is the op's bad input (params.text), before any token is read.
    ok, r = ok_or_error(t, lambda: recorded_with_position(text) if isinstance(text, str)
                        else ref.op_hd_parse_recorded({"text": text}))
    if ok:
        t.eq("recorded", r)
        t.eq("count", len(r) // 2)
    return ok


def recorded_with_position(text):
    """parse_recorded, plus the 0-based character position of the first bad token as
    specs/hmac-dice-v1.md §4 defines it (for an odd bare string: its lone last digit; an empty
    listing has none). Cross-checked against fairvec_ref.parse_recorded."""
    tokens = [(m.start(), m.group()) for m in re.finditer(r"[^ \t\r\n]+", text)]
    position = None
    if not tokens:
        position = None
    elif len(tokens) == 1 and len(tokens[0][1]) > 2 and tokens[0][1].isdigit() \
            and tokens[0][1].isascii():
        start, tok = tokens[0]
        for i in range(0, len(tok) - 1, 2):
            if not re.fullmatch(r"[1-6]{2}", tok[i:i + 2]):
                position = start + i
                break
        else:
            position = start + len(tok) - 1 if len(tok) % 2 else -1
    elif ref.roll_number(tokens[0][1]) is None:
        bad = [p for p, tok in tokens if not re.fullmatch(r"[1-6]{2}", tok)]
        position = bad[0] if bad else -1
    else:
        style = ref.roll_number(tokens[0][1])[0]
        position = -1
        for k, (p, tok) in enumerate(tokens):
            if k % 2 == 0:
                marker = ref.roll_number(tok)
                digits = marker[1] if marker else ""
                if marker is None or marker[0] != style or (len(digits) > 1 and digits[0] == "0") \
                        or int(digits) != k // 2 + 1 or k + 1 == len(tokens):
                    position = p
                    break
            elif not re.fullmatch(r"[1-6]{2}", tok):
                position = p
                break
    try:
        got = ref.parse_recorded(text)
    except BadInput as e:
        if position == -1:
            raise Mismatch("the reference rejects a listing the position scan accepts")
        e.position = position
        raise
    if position not in (-1,):
        raise Mismatch(f"the reference accepts a listing bad at position {position}")
    return got


LINK_FIELDS = ("version", "lang", "serverSeed", "seal", "clientSeeds", "rolls", "recorded",
               "games")


def hd_build_params(t):
    return {k: t.inp(k) for k in LINK_FIELDS}


@handles("HmacDiceLink", "HmacDiceLinkInvalid")
def h_hd_link(t):
    link = t.inp("link")
    ok, r = ok_or_error(t, lambda: ref.parse_link(link))
    if ok:
        for k in LINK_FIELDS:
            t.eq(k, r[k])
        t.eq("canonicalLink", ref.op_hd_build_link(dict(r))["link"])
        # The canonical link reads back to the same fields.
        if ref.parse_link(t.t["canonicalLink"]) != r:
            raise Mismatch("canonicalLink does not read back to the same fields")
    return ok


@handles("HmacDiceLinkBuildInvalid")
def h_hd_link_build(t):
    params = hd_build_params(t)
    return t.error(lambda: ref.op_hd_build_link(params))


@handles("HmacDiceLinkBuild")
def h_hd_link_build_valid(t):
    params = hd_build_params(t)
    link = ref.op_hd_build_link(params)["link"]
    t.eq("link", link)
    for k in ("serverSeed", "seal"):  # written in lowercase hex, whatever case they were given in
        if params[k] and params[k].lower() not in link:
            raise Mismatch(f"link does not carry {k} in lowercase hex: {link}")
    return True


MATCH_FIELDS = ("serverSeed", "seal", "clientSeeds", "rolls", "recorded", "games")


@handles("HmacDiceMatch", "HmacDiceMatchTampered", "HmacDiceMatchInvalid")
def h_hd_match(t):
    params = {k: t.inp(k) for k in MATCH_FIELDS}
    if t.opt("link", ""):
        # The link carries the same match: it reads back to these fields.
        parsed = ref.parse_link(t.t["link"])
        for k in MATCH_FIELDS:
            a, b = parsed[k], params[k]
            if k == "recorded":
                b = ref.parse_recorded(b) if b else b
            if k in ("serverSeed", "seal"):  # hex in either case; the link writes lowercase
                b = b.lower()
            if not same(a, b):
                raise Mismatch(f"link's {k} {a!r} differs from the test's {b!r}")
        t.checks += 1
    if t.group["type"] == "HmacDiceMatchInvalid":
        return t.error(lambda: ref.op_hd_verify_match(params))
    r = ref.op_hd_verify_match(params)
    for k in ("verdict", "computedSeal", "sealStatus", "dice", "mismatches", "gameSummary"):
        t.eq(k, r[k])
    # Independent recomputation of the dice and the seal (not through op_hd_verify_match).
    key = bytes.fromhex(params["serverSeed"])
    t.eq("computedSeal", ref.sha256(key).hex())
    t.eq("dice", "".join("%d%d" % tuple(hd_roll_trace(key, params["clientSeeds"], n)["dice"])
                         for n in range(1, params["rolls"] + 1)))
    success = r["verdict"] in ("verified", "unchecked")
    if not success:
        # A failing verdict names what failed (specs/vector-format.md: the verdict, not bad_input).
        t.eq("error", {"seal_mismatch": "seal", "roll_mismatch": "recorded"}[r["verdict"]])
    return success


# ------------------------------------------------------------------------------------------------
# cursor-v1
# ------------------------------------------------------------------------------------------------

@handles("CursorUnit", "CursorUnitInvalid")
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


simple(("CursorCommitment",), ("serverSeed",), ref.op_cur_commitment, {"commitment": "commitment"})


@handles("CursorU64ToUnit", "CursorU64Invalid")
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


@handles("CursorDraw", "CursorDrawInvalid")
def h_cur_draw(t):
    u = unit_from(t)
    params = {"u": u, "n": t.inp("n")}
    ok, r = ok_or_error(t, lambda: ref.op_cur_draw(params))
    if ok:
        t.eq("index", r["index"])
        t.eq("index", min(math.floor(u * params["n"]), params["n"] - 1))
    return ok


@handles("CursorLimbo", "CursorLimboInvalid")
def h_cur_limbo(t):
    u = unit_from(t)
    ok, r = ok_or_error(t, lambda: ref.op_cur_limbo({"u": u}))
    if ok:
        one_minus = 1.0 - u
        scaled = math.inf if one_minus == 0.0 else (0.99 / one_minus) * 100.0
        t.eq("scaledBits", bits(scaled))
        t.eq("hundredths", r["hundredths"])
    return ok


@handles("CursorPoolHop", "CursorPoolHopInvalid")
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


@handles("CursorGame", "CursorGameInvalid")
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


# ------------------------------------------------------------------------------------------------
# keno-v1
# ------------------------------------------------------------------------------------------------

def keno_trace(links):
    pool = list(range(1, 41))
    h52s, indices, balls = [], [], []
    for i, digest in enumerate(links, start=1):
        remaining = 41 - i
        h = int(digest.hex()[:13], 16)
        index = math.floor((h / 2.0**52) * remaining)
        h52s.append(h)
        indices.append(index)
        balls.append(pool[index])
        pool[index], pool[remaining - 1] = pool[remaining - 1], pool[index]
    return h52s, indices, balls


@handles("KenoDraw")
def h_keno_draw(t):
    params = {"randomHash": t.inp("randomHash"), "salt": t.inp("salt")}
    ok, r = ok_or_error(t, lambda: ref.op_keno_draw(params))
    if ok:
        salt = params["salt"].encode()
        link = params["randomHash"].encode()
        links = []
        for _ in range(10):
            d = ref.hmac_sha256(salt, link)
            links.append(d)
            link = d.hex().encode()
        t.eq("links", [d.hex() for d in links])
        h52s, indices, balls = keno_trace(links)
        t.eq("h52", h52s)
        t.eq("indices", indices)
        t.eq("balls", balls)
        t.eq("balls", r["balls"])
    return ok


@handles("KenoPick")
def h_keno_pick(t):
    params = {"links": t.inp("links")}
    ok, r = ok_or_error(t, lambda: ref.op_keno_pick(params))
    if ok:
        h52s, indices, balls = keno_trace([bytes.fromhex(x) for x in params["links"]])
        t.eq("h52", h52s)
        t.eq("indices", indices)
        t.eq("balls", balls)
        t.eq("balls", r["balls"])
    return ok


# ------------------------------------------------------------------------------------------------
# stake-v1
# ------------------------------------------------------------------------------------------------

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


@handles("StakeFloats", "StakeFloatsInvalid")
def h_stake_floats(t):
    params = {k: t.inp(k) for k in ("serverSeed", "clientSeed", "nonce", "cursor", "count")}
    ok, r = ok_or_error(t, lambda: ref.op_stake_floats(params))
    if ok:
        stake_read_members(t, ref.stake_read(params["serverSeed"].encode(), params["clientSeed"].encode(),
                                             params["nonce"], params["cursor"], params["count"]), True)
        t.eq("floats", r["floats"])
    return ok


@handles("StakeGame", "StakeGameInvalid")
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


@handles("StakeEvent", "StakeEventInvalid")
def h_stake_event(t):
    params = {k: t.inp(k) for k in ("floats", "options")}
    params["game"] = t.ginp("game") if "game" in t.group else t.inp("game")
    ok, r = ok_or_error(t, lambda: ref.op_stake_event(params))
    if ok:
        stake_outcome(t, r)
    return ok


@handles("StakeCrash", "StakeCrashInvalid")
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


# ------------------------------------------------------------------------------------------------
# crash
# ------------------------------------------------------------------------------------------------

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


@handles("CrashPoint")
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


@handles("CrashFromHash")
def h_crash_hash(t):
    params = {"convention": t.ginp("convention"), "hash": t.inp("hash")}
    ok, r = ok_or_error(t, lambda: ref.op_crash_from_hash(params))
    if ok:
        crash_check_value(t, params["convention"], bytes.fromhex(params["hash"]))
        t.eq("hundredths", r["hundredths"])
    return ok


simple(("CrashPrevious",), ("link",), ref.op_crash_previous, {"previous": "link"}, ("convention",))


@handles("CrashChain")
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


# ------------------------------------------------------------------------------------------------
# canonical JSON
# ------------------------------------------------------------------------------------------------

@handles("CanonicalJson", "CanonicalJsonInvalid")
def h_canonical(t):
    text = t.inp("json")
    if text is None:
        # Not UTF-8: the bytes exist only as hex; they must not decode.
        t.inp("jsonHex")
        try:
            bytes.fromhex(t.t["jsonHex"]).decode("utf-8")
            raise Mismatch("json is null but jsonHex is UTF-8")
        except UnicodeDecodeError:
            t.checks += 1
    else:
        t.eq("jsonHex", text.encode("utf-8").hex())
    ok, r = ok_or_error(t, lambda: ref.op_canonical_json_hex({"jsonHex": t.t["jsonHex"]}))
    if ok:
        t.eq("canonical", r["canonical"])
        t.eq("canonical", ref.op_canonical_json({"json": text})["canonical"])
        t.eq("canonicalHex", r["canonicalHex"])
        t.eq("sha256", ref.sha256(r["canonical"].encode("utf-8")).hex())
    else:
        if text is not None:
            # The text form must be rejected as well, naming the same field.
            t.error(lambda: ref.op_canonical_json({"json": text}))
    return ok


# ------------------------------------------------------------------------------------------------
# tavla-commit-v1
# ------------------------------------------------------------------------------------------------

@handles("TavlaCommitment", "TavlaCommitmentInvalid")
def h_tavla_commitment(t):
    params = {k: t.inp(k) for k in ("gameId", "seats", "seed", "settings")}
    ok, r = ok_or_error(t, lambda: ref.op_tavla_commitment(params))
    if ok:
        canonical = ref.canonical_value(params["settings"], "settings")
        t.eq("settingsCanonical", canonical)
        settings_hash = ref.sha256(canonical.encode("utf-8"))
        t.eq("settingsHash", settings_hash.hex())
        game_id = bytes.fromhex(params["gameId"].replace("-", ""))
        seats = [bytes.fromhex(s.replace("-", "")) for s in params["seats"]]
        t.eq("gameIdBytes", game_id.hex())
        t.eq("seatBytes", [s.hex() for s in seats])
        data = ref.CTX_COMMIT + game_id + settings_hash + seats[0] + seats[1] \
            + bytes.fromhex(params["seed"])
        t.eq("commitmentInput", data.hex())
        t.eq("commitment", ref.sha256(data).hex())
        t.eq("commitment", r["commitment"])
        t.eq("sealCode", r["sealCode"])
        t.eq("sealCode", crockford40(ref.sha256(data)))
    return ok


def crockford40(digest):
    """The seal code written out independently: 8 Crockford symbols of the first 40 bits."""
    value = int.from_bytes(digest[:5], "big")
    symbols = "".join("0123456789ABCDEFGHJKMNPQRSTVWXYZ"[(value >> s) & 31]
                      for s in range(35, -1, -5))
    return symbols[:4] + "-" + symbols[4:]


simple(("TavlaSealRead", "TavlaSealReadInvalid"), ("code",), ref.op_tavla_seal_code,
       {"sealCode": "sealCode"})


def tavla_params(t, extra=()):
    params = {k: t.inp(k) for k in ("seed", "gameId", "contributions") + tuple(extra)}
    if t.has("n"):
        params["n"] = t.inp("n")
    return params


def tavla_block_input(params, n, block):
    return (ref.CTX_ROLL + bytes.fromhex(params["gameId"].replace("-", ""))
            + bytes.fromhex(params["contributions"][0]) + bytes.fromhex(params["contributions"][1])
            + n.to_bytes(4, "big") + block.to_bytes(4, "big"))


def tavla_trace(params, n):
    """The blocks and accepted bytes of roll n (spec tavla-commit-v1.md §3)."""
    blocks, picked = [], []
    for block in range(ref.TAVLA_MAX_BLOCKS):
        mac = ref.hmac_sha256(bytes.fromhex(params["seed"]), tavla_block_input(params, n, block))
        blocks.append({"block": block, "mac": mac.hex()})
        for i, b in enumerate(mac):
            if b < 252:
                picked.append({"block": block, "index": i, "byte": b})
                if len(picked) == 2:
                    return blocks, picked, [p["byte"] % 6 + 1 for p in picked]
    raise Mismatch("no two accepted bytes")


@handles("TavlaBlock", "TavlaBlockInvalid")
def h_tavla_block(t):
    params = tavla_params(t)
    params["block"] = t.inp("block")
    ok, r = ok_or_error(t, lambda: ref.op_tavla_block(params))
    if ok:
        data = tavla_block_input(params, params["n"], params["block"])
        t.eq("blockInput", data.hex())
        t.eq("mac", ref.hmac_sha256(bytes.fromhex(params["seed"]), data).hex())
        t.eq("mac", r["mac"])
    return ok


@handles("TavlaRoll", "TavlaRollInvalid")
def h_tavla_roll(t):
    params = tavla_params(t)
    ok, r = ok_or_error(t, lambda: ref.op_tavla_roll(params))
    if ok:
        blocks, picked, dice = tavla_trace(params, params["n"])
        t.eq("blocks", blocks)
        t.eq("picked", picked)
        t.eq("dice", dice)
        t.eq("dice", r["dice"])
    return ok


@handles("TavlaGame", "TavlaGameInvalid")
def h_tavla_game(t):
    params = tavla_params(t, ("opening", "moves"))
    ok, r = ok_or_error(t, lambda: ref.op_tavla_game(params))
    if ok:
        t.eq("rolls", r["rolls"])
        t.eq("rolls", [{"n": x["n"], "kind": x["kind"], "dice": tavla_trace(params, x["n"])[2]}
                       for x in r["rolls"]])
    return ok


@handles("TavlaPick", "TavlaPickInvalid")
def h_tavla_pick(t):
    params = {"blocks": t.inp("blocks")}
    ok, r = ok_or_error(t, lambda: ref.op_tavla_pick(params))
    if ok:
        picked = []
        for k, block in enumerate(params["blocks"]):
            for i, b in enumerate(bytes.fromhex(block)):
                if b < 252 and len(picked) < 2:
                    picked.append({"block": k, "index": i, "byte": b})
        t.eq("picked", picked)
        t.eq("dice", [p["byte"] % 6 + 1 for p in picked])
        t.eq("dice", r["dice"])
        t.eq("blocksRead", picked[-1]["block"] + 1)
        t.eq("blocksRead", r["blocks"])
    return ok


@handles("TavlaProofVerify", "TavlaProofMalformed")
def h_tavla_verify(t):
    path = os.path.join(t.vectors_dir, t.inp("file"))
    with open(path, encoding="utf-8", errors="surrogatepass") as f:
        on_disk = f.read()
    t.eq("proof", on_disk)
    params = {"proof": t.t["proof"]}
    if t.has("expectedCommitment"):
        expected = t.inp("expectedCommitment")
        if expected is not None:
            params["expectedCommitment"] = expected
    if t.group["type"] == "TavlaProofMalformed":
        t.eq("exitCode", 2)
        return t.error(lambda: ref.op_tavla_verify_proof(params))
    r = ref.op_tavla_verify_proof(params)
    t.eq("verified", r["verified"])
    t.eq("failedCheck", r["failedCheck"])
    t.eq("exitCode", 0 if r["verified"] else 1)
    if not r["verified"]:
        t.eq("error", r["failedCheck"])   # a failing verdict names the failed check
    return r["verified"]


# ------------------------------------------------------------------------------------------------
# Derived edges (specs/derived-edges.md): <Op>Derived and <Op>DerivedInvalid groups of every family
# ------------------------------------------------------------------------------------------------

def camel_op(op):
    """The group-type stem of an op: hmac_dice.build_link -> HmacDiceBuildLink."""
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[._]", op))


def derived_handler(op):
    """A derived test holds its request's members and the op's results (a result named like a
    param as "result" + its name): every member that is not a result is passed to the reference
    op, whose answer must give every result the test holds, or reject it naming `error`."""
    fn = ref.OPS[op]
    judged = DERIVED_JUDGED.get(op)

    def handler(t):
        members = {k: t.inp(k) for k in t.t if k not in t.ALWAYS and k != "error" and k != "errorPosition"}
        # A result named like a param is written "result" + its name (crash.previous's link,
        # tavla.pick's blocks): it is no input, and the param of that name is no result.
        renamed = {k: k[6].lower() + k[7:] for k in members
                   if k.startswith("result") and k[6:7].isupper() and k[6].lower() + k[7:] in members}
        params = {k: v for k, v in members.items() if k not in renamed}
        r = None
        if judged:
            # A verdict op: a failing verdict is an invalid test answered, its error the field named.
            try:
                r = fn(params)
            except BadInput:
                pass
        if r is None:
            ok, r = ok_or_error(t, lambda: fn(params))
            if not ok:
                return False
        failed = ""
        if judged:
            member, names = judged
            value = r[member]
            failed = "" if value is None else (names.get(value, "") if names else value)
            if failed or "error" in t.t:
                t.eq("error", failed)
        compared = 0
        for k in members:
            if k in renamed:
                t.eq(k, r[renamed[k]])
            elif k in r and k not in renamed.values():
                t.eq(k, r[k])
            else:
                continue  # an input
            compared += 1
        if compared == 0:
            raise Mismatch(f"no member of the test is a result of {op}")
        return not failed
    return handler


# The verdict ops (their files' judged groups: specs/hmac-dice-v1.md, specs/tavla-commit-v1.md): the
# result member that names what failed, and the field each of its values names.
DERIVED_JUDGED = {
    "hmac_dice.verify_match": ("verdict", {"seal_mismatch": "seal", "roll_mismatch": "recorded"}),
    "tavla.verify_proof": ("failedCheck", None),
}


for _op in ref.OPS:
    handles(camel_op(_op) + "Derived", camel_op(_op) + "DerivedInvalid")(derived_handler(_op))

# ------------------------------------------------------------------------------------------------
# Files
# ------------------------------------------------------------------------------------------------

# The algorithm of each file family (specs/vector-format.md, specs/README.md).
# The families table (gen/families.json): a vector file <id>_*_test.json has its family's algorithm.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "gen", "families.json"),
          encoding="utf-8") as _f:
    ALGORITHMS = sorted(((row["id"] + "_", row["algorithm"]) for row in json.load(_f)["families"]),
                        key=lambda pa: -len(pa[0]))

TOP = ("algorithm", "schema", "generatorVersion", "numberOfTests", "header", "notes", "testGroups")


def check_file(path, vectors_dir, out):
    """Checks one vector file; returns (tests, members compared, failures)."""
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    failures = []

    def fail(where, msg):
        failures.append(f"{name}{where}: {msg}")
    if not isinstance(doc, dict) or list(doc.keys()) != list(TOP):
        fail("", f"top-level members must be exactly {TOP} in order")
        return 0, 0, failures
    family = next((a for prefix, a in ALGORITHMS if name.startswith(prefix)), None)
    if family is None or doc["algorithm"] != family:
        fail("", f"algorithm {doc['algorithm']!r} is not the one of its file name ({family!r})")
    if doc["schema"] != name.replace("_test.json", "_schema.json"):
        fail("", f"schema {doc['schema']!r} is not named after the file")
    if not os.path.isfile(os.path.join(vectors_dir, "schema", doc["schema"])):
        fail("", f"schema {doc['schema']} is not in schema/")
    if not (isinstance(doc["generatorVersion"], str) and doc["generatorVersion"].startswith("fairvec ")):
        fail("", "generatorVersion is not 'fairvec <version>'")
    used = set()
    tests = checks = 0
    seen_ids = set()
    for gi, group in enumerate(doc["testGroups"]):
        gtype = group.get("type")
        handler = HANDLERS.get(gtype)
        if handler is None:
            fail(f" group {gi}", f"unknown group type {gtype!r}: nothing here can check it")
            continue
        group_reads = set()
        for test in group["tests"]:
            tests += 1
            tc = test.get("tcId")
            # Stable ids (specs/vector-format.md "Stable ids"): distinct positive integers, not
            # positions; a test added later has the next free id wherever it stands in the file.
            if isinstance(tc, bool) or not isinstance(tc, int) or tc < 1 or tc in seen_ids:
                fail(f" tcId {tc}", "tcIds must be distinct positive integers")
            seen_ids.add(tc)
            used.update(test.get("flags", []))
            t = Test(group, test)
            t.vectors_dir = vectors_dir
            try:
                success = handler(t)
                result = test.get("result")
                # specs/vector-format.md: valid iff the expected verdict is success.
                want = "valid" if success else "invalid"
                if result != want:
                    raise Mismatch(f"result is {result!r}, but the expected verdict is "
                                   f"{'success' if success else 'failure'}: must be {want!r}")
                t.checks += 1
                unread = [k for k in test if k not in t.read]
                if unread:
                    raise Mismatch(f"members no check reads: {unread}")
                if t.checks < 2:
                    raise Mismatch("the test checked nothing")
            except (Mismatch, BadInput, KeyError, TypeError, ValueError) as e:
                fail(f" tcId {tc} ({gtype})", f"{type(e).__name__}: {e}")
            checks += t.checks
            group_reads |= t.group_read
        unread = [k for k in group if k not in group_reads]
        if unread and group["tests"]:
            fail(f" group {gi} ({gtype})", f"group members no check reads: {unread}")
    if doc["numberOfTests"] != tests:
        fail("", f"numberOfTests {doc['numberOfTests']} but {tests} tests")
    if set(doc["notes"]) != used:
        fail("", f"notes and flags used differ: {sorted(set(doc['notes']) ^ used)}")
    if tests == 0:
        fail("", "the file holds no test")
    return tests, checks, failures


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vectors", default=os.path.join(here, "..", "..", "vectors"))
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    sys.setrecursionlimit(10000)
    try:
        files = sorted(f for f in os.listdir(args.vectors) if f.endswith("_test.json"))
    except OSError as e:
        print(f"recompute: cannot read {args.vectors}: {e}", file=sys.stderr)
        return 2
    if not files:
        print(f"recompute: no vector file (*_test.json) in {args.vectors}: nothing checked",
              file=sys.stderr)
        return 1
    total_tests = total_checks = 0
    failures = []
    for name in files:
        try:
            tests, checks, fails = check_file(os.path.join(args.vectors, name), args.vectors,
                                              sys.stdout)
        except (OSError, ValueError) as e:
            print(f"recompute: {name}: {e}", file=sys.stderr)
            return 2
        total_tests += tests
        total_checks += checks
        failures += fails
        if not args.quiet:
            print(f"{name}: {tests} tests, {checks} members recomputed, {len(fails)} failed")
    for f in failures[:200]:
        print("FAIL " + f)
    print(f"recompute: {len(files)} files, {total_tests} tests, {total_checks} members "
          f"recomputed, {len(failures)} failures")
    if total_checks == 0:
        print("recompute: nothing was checked", file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
