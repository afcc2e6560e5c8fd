"""The group types of hmac-dice-v1 (specs/hmac-dice-v1.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import re

import fairvec_ref as ref
from fairvec_ref import BadInput
from recompute import Mismatch, same, ok_or_error, Handlers

HANDLERS = Handlers()


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


HANDLERS.simple(("HmacDiceSeal", "HmacDiceSealInvalid"), ("serverSeed",), ref.op_hd_seal,
                {"seal": "seal"})


@HANDLERS.handles("HmacDiceRoll", "HmacDiceRollInvalid")
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


@HANDLERS.handles("HmacDicePick", "HmacDicePickInvalid")
def h_hd_pick(t):
    params = {"macs": t.inp("macs")}
    ok, r = ok_or_error(t, lambda: ref.op_hd_pick(params))
    if ok:
        t.eq("dice", r["dice"])
        t.eq("retry", r["retry"])
        t.eq("index", r["index"])
        t.eq("byte", bytes.fromhex(params["macs"][r["retry"]])[r["index"]])
    return ok


@HANDLERS.handles("HmacDiceRetryMessage", "HmacDiceRetryMessageInvalid")
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


@HANDLERS.handles("HmacDiceRecorded", "HmacDiceRecordedInvalid")
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


@HANDLERS.handles("HmacDiceLink", "HmacDiceLinkInvalid")
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


@HANDLERS.handles("HmacDiceLinkBuildInvalid")
def h_hd_link_build(t):
    params = hd_build_params(t)
    return t.error(lambda: ref.op_hd_build_link(params))


@HANDLERS.handles("HmacDiceLinkBuild")
def h_hd_link_build_valid(t):
    params = hd_build_params(t)
    link = ref.op_hd_build_link(params)["link"]
    t.eq("link", link)
    for k in ("serverSeed", "seal"):  # written in lowercase hex, whatever case they were given in
        if params[k] and params[k].lower() not in link:
            raise Mismatch(f"link does not carry {k} in lowercase hex: {link}")
    return True


MATCH_FIELDS = ("serverSeed", "seal", "clientSeeds", "rolls", "recorded", "games")


@HANDLERS.handles("HmacDiceMatch", "HmacDiceMatchTampered", "HmacDiceMatchInvalid")
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


# The verdict op of this family (its judged groups, specs/hmac-dice-v1.md): the result member that
# names what failed, and the field each of its values names; the derived handler reads it.
DERIVED_JUDGED = {
    "hmac_dice.verify_match": ("verdict", {"seal_mismatch": "seal", "roll_mismatch": "recorded"}),
}
