#!/usr/bin/env python3
"""fairvec_ref.py - an independent reference port for fairvec, in Python (standard library only).

It speaks port protocol v1 (specs/port-protocol.md; brief: port-protocol.md) on stdin/stdout:
one JSON request per line in, one JSON reply per line out, flushed after each reply, exit on EOF.
Diagnostics go to stderr only.

It is an independent implementation derived from the specs (specs/*.md and the project brief
they restate), sharing no code with the C++ library, so that the two can be cross-checked
(differential.py) and so that `fairvec check-port -- python3 tests/reference/fairvec_ref.py` can
run every vector against it. It implements every v1 op and every op the specs add:
hmac_dice.{seal,roll,message,pick,parse_recorded,parse_link,build_link,verify_match},
cursor.{unit,u64_to_unit,pool_hop,commitment,game,draw,limbo} (all 16 games), keno.{draw,pick},
crash.{point,previous,from_hash}, tavla.{commitment,block,pick,roll,seal_code,game,verify_proof},
canonical_json and canonical_json.hex.

Conventions used throughout:
- "Brief §N" refers to a section of the project brief the specs restate; "spec <file> §..." to
  specs/<file>. "Seed"/"Pinned" follow the specs' usage.
- Invalid input raises BadInput(field, message); the dispatcher answers
  {"ok": false, "error": "bad_input"} (with a "message"). An op not listed here is answered
  "unsupported".
- Doubles are Python floats (IEEE-754 binary64, round-to-nearest-even for every operation), which
  is exactly the arithmetic the specs pin; exact formulas use Python integers.
"""

import hashlib
import hmac
import json
import math
import re
import sys

MAX_SAFE = 2**53 - 1          # largest integer a JavaScript number holds exactly
U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1


class BadInput(Exception):
    """The input is invalid as a spec defines it (port error `bad_input`)."""

    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field


# ------------------------------------------------------------------------------------------------
# JSON parsing that keeps what canonical JSON must reject (brief §3 Pinned, spec canonical-json.md)
#
# json.loads turns numbers with a fraction or exponent into floats (through parse_float), plain
# integers into ints (through parse_int) and objects into dicts (through object_pairs_hook). We keep
# enough in each to later tell what the canonical form forbids: a float of any value, the integer
# written `-0`, duplicate keys. NaN/Infinity (a Python extension, not JSON) are refused outright.
# ------------------------------------------------------------------------------------------------

class JFloat(float):
    """A JSON number written with a fraction or an exponent (parsed exactly: float() rounds
    correctly). Kept as its own type so that canonical JSON can reject it."""


class JNegZero(int):
    """The JSON integer written `-0` (value 0), which canonical JSON rejects."""


class JObject(dict):
    """A JSON object; `duplicate` is True when a key appeared twice (the last value is kept)."""
    duplicate = False


def _pairs_hook(pairs):
    obj = JObject()
    for k, v in pairs:
        if k in obj:
            obj.duplicate = True
        obj[k] = v
    return obj


def _parse_int(text):
    if text == "-0":
        return JNegZero(0)
    return int(text)


def _parse_constant(name):
    raise ValueError(f"not JSON: {name}")


def json_loads(text):
    """json_loads parses JSON text (RFC 8259, strict); raises ValueError on anything else."""
    return json.loads(text, parse_float=JFloat, parse_int=_parse_int,
                      parse_constant=_parse_constant, object_pairs_hook=_pairs_hook)


# ------------------------------------------------------------------------------------------------
# Parameter helpers (port protocol: a missing or mistyped param is bad input)
# ------------------------------------------------------------------------------------------------

_HEX = re.compile(r"[0-9a-fA-F]*\Z")


def p_get(params, name):
    if not isinstance(params, dict) or name not in params:
        raise BadInput(name, "missing")
    return params[name]


def p_int(params, name, lo, hi):
    """An integer param in [lo, hi], given as a JSON integer (not a float, not a bool)."""
    v = p_get(params, name)
    if isinstance(v, bool) or not isinstance(v, int):
        raise BadInput(name, "not an integer")
    if not lo <= v <= hi:
        raise BadInput(name, "out of range")
    return int(v)


def p_str(params, name):
    v = p_get(params, name)
    if not isinstance(v, str):
        raise BadInput(name, "not a string")
    return v


def p_array(params, name):
    v = p_get(params, name)
    if not isinstance(v, list):
        raise BadInput(name, "not an array")
    return v


def p_bool(params, name):
    v = p_get(params, name)
    if not isinstance(v, bool):
        raise BadInput(name, "not a boolean")
    return v


def utf8(field, s):
    """The UTF-8 bytes of a string; a lone surrogate cannot be encoded and is bad input."""
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        raise BadInput(field, "lone surrogate") from None


def hex_bytes(field, s, min_len=None, max_len=None, exact=None):
    """Decode hex text (case-insensitive, even length, no other characters)."""
    if not isinstance(s, str):
        raise BadInput(field, "not a string")
    if not _HEX.match(s) or len(s) % 2:
        raise BadInput(field, "not hex")
    b = bytes.fromhex(s)
    if exact is not None and len(b) != exact:
        raise BadInput(field, f"must be {exact} bytes")
    if min_len is not None and len(b) < min_len:
        raise BadInput(field, "too short")
    if max_len is not None and len(b) > max_len:
        raise BadInput(field, "too long")
    return b


def hmac_sha256(key, msg):
    return hmac.new(key, msg, hashlib.sha256).digest()


def sha256(data):
    return hashlib.sha256(data).digest()


# ================================================================================================
# hmac-dice-v1 (brief §1; spec hmac-dice-v1.md)
# ================================================================================================

_CLIENT_SEED = re.compile(r"[A-Za-z0-9_-]{1,128}\Z")
HMAC_DICE_MAX_RETRY = 1000   # a retry happens with probability ~2^-192; bound the loop anyway


def hd_server_seed(params):
    # Pinned: hex, even length, case-insensitive, 16..64 decoded bytes.
    return hex_bytes("serverSeed", p_get(params, "serverSeed"), min_len=16, max_len=64)


def hd_client_seeds(params):
    # Seed: 1 to 128 characters from letters, digits, `_` and `-`. Pinned: 1 or 2 seeds.
    seeds = p_array(params, "clientSeeds")
    if not 1 <= len(seeds) <= 2:
        raise BadInput("clientSeeds", "must hold 1 or 2 seeds")
    for i, s in enumerate(seeds):
        if not isinstance(s, str) or not _CLIENT_SEED.match(s):
            raise BadInput(f"clientSeeds[{i}]", "bad client seed")
    return seeds


def hd_roll_no(params):
    # Pinned: 1 <= rollNo <= 2^53 - 1.
    return p_int(params, "roll", 1, MAX_SAFE)


def hd_message(seeds, roll, retry):
    # Pinned: seeds joined by ':' then ':' rollNo in decimal; retry k appends k '+' to the
    # last seed.
    parts = list(seeds)
    parts[-1] = parts[-1] + "+" * retry
    return ":".join(parts) + ":" + str(roll)


def hd_pick_from_mac(mac):
    """Seed: the first byte < 252; v = byte mod 36; dice = (v // 6 + 1, v % 6 + 1).
    Returns (dice, index) or None when every byte is >= 252."""
    for i, b in enumerate(mac):
        if b < 252:
            v = b % 36
            return [v // 6 + 1, v % 6 + 1], i
    return None


def op_hd_seal(params):
    return {"seal": sha256(hd_server_seed(params)).hex()}


def op_hd_message(params):
    seeds = hd_client_seeds(params)
    roll = hd_roll_no(params)
    retry = p_int(params, "retry", 0, HMAC_DICE_MAX_RETRY)
    return {"message": hd_message(seeds, roll, retry)}


def op_hd_roll(params):
    key = hd_server_seed(params)
    seeds = hd_client_seeds(params)
    roll = hd_roll_no(params)
    for retry in range(HMAC_DICE_MAX_RETRY + 1):
        mac = hmac_sha256(key, hd_message(seeds, roll, retry).encode("ascii"))
        picked = hd_pick_from_mac(mac)
        if picked:
            return {"dice": picked[0]}
    raise BadInput("serverSeed", "no byte < 252 within the retry bound")


def op_hd_pick(params):
    macs = p_array(params, "macs")
    if not macs:
        raise BadInput("macs", "empty")
    decoded = [hex_bytes(f"macs[{i}]", m, exact=32) for i, m in enumerate(macs)]
    for k, mac in enumerate(decoded):
        picked = hd_pick_from_mac(mac)
        if picked:
            return {"dice": picked[0], "retry": k, "index": picked[1]}
    raise BadInput("macs", "no byte < 252 in any MAC")


# Recorded rolls (spec hmac-dice-v1.md §4), op hmac_dice.parse_recorded (added).
_ROLL = re.compile(r"[1-6]{2}\Z")
_NUMBER_STYLES = [("colon", re.compile(r"([0-9]+):\Z")), ("dot", re.compile(r"([0-9]+)\.\Z")),
                  ("hash", re.compile(r"#([0-9]+)\Z"))]


def roll_number(token):
    """(style, digits) when the token is a roll-number marker `N:`, `N.` or `#N`, else None."""
    for style, pattern in _NUMBER_STYLES:
        m = pattern.match(token)
        if m:
            return style, m.group(1)
    return None


def parse_recorded(text):
    """The bare form of a listing; BadInput("recorded") for anything §4 does not allow."""
    tokens = re.split(r"[ \t\r\n]+", text)
    tokens = [t for t in tokens if t]
    if not tokens:
        raise BadInput("recorded", "empty listing")
    # Bare form: the whole listing is one token of digits longer than two.
    if len(tokens) == 1 and len(tokens[0]) > 2 and re.fullmatch(r"[0-9]+", tokens[0]):
        t = tokens[0]
        if len(t) % 2 or not re.fullmatch(r"[1-6]+", t):
            raise BadInput("recorded", "not a bare roll string")
        return t
    first = roll_number(tokens[0])
    if first is None:
        # Unnumbered: every token is a roll.
        for t in tokens:
            if not _ROLL.match(t):
                raise BadInput("recorded", "not a roll")
        return "".join(tokens)
    # Numbered: number, roll, number, roll ...; one style; numbers 1, 2, 3 ... without leading 0.
    if len(tokens) % 2:
        raise BadInput("recorded", "a roll number without its roll")
    rolls = []
    for i in range(0, len(tokens), 2):
        marker = roll_number(tokens[i])
        if marker is None or marker[0] != first[0]:
            raise BadInput("recorded", "not a roll number of the listing's style")
        digits = marker[1]
        if (len(digits) > 1 and digits[0] == "0") or int(digits) != i // 2 + 1:
            raise BadInput("recorded", "roll number out of place")
        if not _ROLL.match(tokens[i + 1]):
            raise BadInput("recorded", "not a roll")
        rolls.append(tokens[i + 1])
    return "".join(rolls)


def op_hd_parse_recorded(params):
    return {"recorded": parse_recorded(p_str(params, "text"))}


# Links (spec hmac-dice-v1.md §5), ops hmac_dice.parse_link and hmac_dice.build_link (added).
MAX_MATCH_ROLLS = 100000          # §3 Limit: a match and a game have 1..100000 rolls
_SCHEME = re.compile(r"(?i:https?)://")
_HOST = re.compile(r"[A-Za-z0-9._:\[\]-]+\Z")
_PATH = re.compile(r"/([a-z]{2,3})/check/?\Z")
_LANG = re.compile(r"[a-z]{2,3}\Z")
_COUNT = re.compile(r"[1-9][0-9]*\Z")
_BARE = re.compile(r"(?:[1-6]{2})+\Z")
LINK_KEYS = {0: ("seed", "seal", "client", "n", "rolls"), 1: ("v", "s", "c", "p", "r", "g")}


def link_count(field, text):
    """A decimal count 1..100000 without leading zero (§5 step 6)."""
    if not _COUNT.match(text) or int(text) > MAX_MATCH_ROLLS:
        raise BadInput(field, "not a count 1..100000")
    return int(text)


def percent_decode(field, text):
    """%XX (either case) decoded after splitting, as URLSearchParams does; `+` is kept."""
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%":
            hx = text[i + 1:i + 3]
            if len(hx) != 2 or not _HEX.match(hx):
                raise BadInput(field, "bad percent escape")
            out.append(int(hx, 16))
            i += 3
        else:
            out += ch.encode("utf-8")
            i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(field, "percent escape is not UTF-8") from None


def check_client_seeds(field, seeds):
    if not 1 <= len(seeds) <= 2:
        raise BadInput(field, "must hold 1 or 2 seeds")
    for i, x in enumerate(seeds):
        if not isinstance(x, str) or not _CLIENT_SEED.match(x):
            raise BadInput(f"{field}[{i}]", "bad client seed")
    return seeds


def check_seal(field, seal):
    """A seal: "" (absent) or 64 hex digits, either case; returned lowercase."""
    if seal == "":
        return ""
    return hex_bytes(field, seal, exact=32).hex()


def parse_link(link):
    rest = link
    lang = ""
    m = _SCHEME.match(rest)
    if m:
        rest = rest[m.end():]
        end = min([i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0]
                  + [len(rest)])
        host, rest = rest[:end], rest[end:]
        if not _HOST.match(host):
            raise BadInput("link", "bad host")
        if not rest.startswith("/"):
            raise BadInput("link", "a link with a host needs the path")
    if rest.startswith("/"):
        end = min([i for i in (rest.find("?"), rest.find("#")) if i >= 0] + [len(rest)])
        pm = _PATH.match(rest[:end])
        if not pm:
            raise BadInput("link", "path is not /<lang>/check/")
        lang, rest = pm.group(1), rest[end:]
    # Step 2: '#' makes v1 (the fragment); otherwise '?' makes v0 (the query); never both.
    if rest.startswith("#"):
        version, data = 1, rest[1:]
    elif rest.startswith("?"):
        if "#" in rest:
            raise BadInput("link", "query and fragment")
        version, data = 0, rest[1:]
    else:
        raise BadInput("link", "no query or fragment")
    if data == "":
        raise BadInput("link", "empty data")
    # Steps 3-4: fields, percent-decoding, known keys, no duplicates.
    fields = {}
    for raw in data.split("&"):
        if raw == "" or "=" not in raw:
            raise BadInput("link", "malformed field")
        k, v = raw.split("=", 1)
        key = percent_decode("link", k)
        value = percent_decode("link", v)
        if key == "":
            raise BadInput("link", "empty key")
        if key not in LINK_KEYS[version]:
            raise BadInput("link", "unknown key")
        if key in fields:
            raise BadInput("link." + key, "duplicate key")
        fields[key] = value
    names = dict(zip(("seed", "seal", "client", "n", "rolls", "games"),
                     ("seed", "seal", "client", "n", "rolls", None) if version == 0 else
                     ("s", "c", "p", None, "r", "g")))
    # Step 5: required keys; v must be exactly "1".
    required = ("seed", "client", "n") if version == 0 else ("v", "s", "p", "r")
    for k in required:
        if k not in fields:
            raise BadInput("link." + k, "missing")
    if version == 1 and fields["v"] != "1":
        raise BadInput("link.v", "unknown version")
    seed = fields[names["seed"]]
    server_seed = hex_bytes("link." + names["seed"], seed, min_len=16, max_len=64).hex()
    seal = check_seal("link." + names["seal"], fields.get(names["seal"], ""))
    if fields[names["client"]] == "":
        raise BadInput("link." + names["client"], "empty")
    seeds = check_client_seeds("link." + names["client"], fields[names["client"]].split(","))
    recorded = fields.get(names["rolls"], "")
    if recorded and not _BARE.match(recorded):
        raise BadInput("link." + names["rolls"], "not the bare form")
    if version == 1 and recorded == "":
        raise BadInput("link.r", "empty")
    games = []
    if version == 0:
        rolls = link_count("link.n", fields["n"])
        if recorded and len(recorded) // 2 != rolls:
            raise BadInput("link.n", "count mismatch")
    else:
        rolls = len(recorded) // 2
        if rolls > MAX_MATCH_ROLLS:
            raise BadInput("link.r", "too many rolls")
        if fields.get("g", ""):
            games = [link_count("link.g", x) for x in fields["g"].split(",")]
            if sum(games) != rolls:
                raise BadInput("link.g", "games do not add up")
    return {"version": version, "lang": lang, "serverSeed": server_seed, "seal": seal,
            "clientSeeds": seeds, "rolls": rolls, "recorded": recorded, "games": games}


def op_hd_parse_link(params):
    return parse_link(p_str(params, "link"))


def op_hd_build_link(params):
    version = p_int(params, "version", 0, 1)
    lang = p_str(params, "lang")
    if lang and not _LANG.match(lang):
        raise BadInput("lang", "not 2 or 3 lowercase letters")
    server_seed = hd_server_seed(params).hex()
    seal = check_seal("seal", p_str(params, "seal"))
    seeds = check_client_seeds("clientSeeds", p_array(params, "clientSeeds"))
    rolls = p_int(params, "rolls", 1, MAX_MATCH_ROLLS)
    recorded = p_str(params, "recorded")
    if recorded and (not _BARE.match(recorded) or len(recorded) // 2 != rolls):
        raise BadInput("recorded", "not the bare form of `rolls` rolls")
    games = p_array(params, "games")
    for g in games:
        if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= MAX_MATCH_ROLLS:
            raise BadInput("games", "not a game length")
    if games and sum(games) != rolls:
        raise BadInput("games", "games do not add up")
    fields = []
    if version == 0:
        if games:
            raise BadInput("games", "a v0 link has no games")
        fields.append(("seed", server_seed))
        if seal:
            fields.append(("seal", seal))
        fields += [("client", ",".join(seeds)), ("n", str(rolls))]
        if recorded:
            fields.append(("rolls", recorded))
    else:
        if not recorded:
            raise BadInput("recorded", "a v1 link needs the rolls")
        fields += [("v", "1"), ("s", server_seed)]
        if seal:
            fields.append(("c", seal))
        fields += [("p", ",".join(seeds)), ("r", recorded)]
        if games:
            fields.append(("g", ",".join(str(g) for g in games)))
    path = f"/{lang}/check/" if lang else ""
    sep = "?" if version == 0 else "#"
    return {"link": path + sep + "&".join(f"{k}={v}" for k, v in fields)}


def hd_dice(key, seeds, roll):
    for retry in range(HMAC_DICE_MAX_RETRY + 1):
        picked = hd_pick_from_mac(hmac_sha256(key, hd_message(seeds, roll, retry).encode("ascii")))
        if picked:
            return picked[0]
    raise BadInput("serverSeed", "no byte < 252 within the retry bound")


def op_hd_verify_match(params):
    """spec hmac-dice-v1.md §6 (added op): whole-match verification."""
    key = hd_server_seed(params)
    seal = check_seal("seal", p_str(params, "seal"))
    seeds = hd_client_seeds(params)
    rolls = p_int(params, "rolls", 1, MAX_MATCH_ROLLS)
    listing = p_str(params, "recorded")
    recorded = parse_recorded(listing) if listing != "" else ""
    if recorded and len(recorded) // 2 != rolls:
        raise BadInput("recorded", "count mismatch")
    games = p_array(params, "games")
    for g in games:
        if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= MAX_MATCH_ROLLS:
            raise BadInput("games", "not a game length")
    if games and sum(games) != rolls:
        raise BadInput("games", "games do not add up")
    if not games:
        games = [rolls]
    computed_seal = sha256(key).hex()
    seal_status = "absent" if not seal else ("match" if seal == computed_seal else "mismatch")
    dice = ["%d%d" % tuple(hd_dice(key, seeds, n)) for n in range(1, rolls + 1)]
    mismatches = []
    summary = []
    first = 1
    for g, length in enumerate(games, start=1):
        ties = 0
        opening = None
        for k in range(length):
            n = first + k
            got = recorded[2 * (n - 1):2 * n]
            if recorded and got != dice[n - 1]:
                mismatches.append({"roll": n, "game": g, "rollInGame": k + 1,
                                   "expected": dice[n - 1], "recorded": got})
            if opening is None:
                if dice[n - 1][0] == dice[n - 1][1]:
                    ties += 1
                else:
                    opening = n
        summary.append({"game": g, "firstRoll": first, "rolls": length, "openingTies": ties,
                        "openingRoll": opening})
        first += length
    if seal_status == "mismatch":
        verdict = "seal_mismatch"
    elif mismatches:
        verdict = "roll_mismatch"
    elif seal or recorded:
        verdict = "verified"
    else:
        verdict = "unchecked"
    return {"verdict": verdict, "computedSeal": computed_seal, "sealStatus": seal_status,
            "dice": "".join(dice), "mismatches": mismatches, "gameSummary": summary}


# ================================================================================================
# cursor-v1 (brief §2; spec cursor-v1.md)
# ================================================================================================

def u64_to_unit(x):
    """Pinned: u = the 64-bit integer converted to binary64 once (round-to-nearest-even; Python's
    int -> float conversion rounds correctly) and divided by 2^64 (exact, a power of two).
    u = 1.0 exactly when x >= 2^64 - 2^10."""
    return float(x) / 18446744073709551616.0


def cursor_unit(key, client, nonce, cursor):
    # Seed: HMAC-SHA256(serverSeed, `${clientSeed}-${nonce}-${cursor}`); hi, lo big-endian.
    mac = hmac_sha256(key, client + b"-" + str(nonce).encode() + b"-" + str(cursor).encode())
    return u64_to_unit(int.from_bytes(mac[:8], "big"))


def draw(u, n):
    """Pinned: a draw of one of n outcomes is min(floor(u * n), n - 1), u * n in binary64."""
    return min(math.floor(u * n), n - 1)


def pool_hop(units, size):
    """Pinned: pool starts ascending 0..size-1; index = min(floor(u * remaining), remaining - 1);
    take pool[index]; swap pool[index] with pool[remaining - 1]; shrink."""
    # The pool is kept sparse (position -> item, for positions that moved) so that any size up
    # to 2^53 - 1 costs only the number of draws.
    moved = {}
    remaining = size
    picks = []
    for u in units:
        i = draw(u, remaining)
        last = remaining - 1
        item, item_last = moved.get(i, i), moved.get(last, last)
        picks.append(item)
        moved[i], moved[last] = item_last, item
        remaining -= 1
    return picks


def cur_seeds(params):
    # Pinned: the HMAC key is the server seed string's own UTF-8 bytes, as given.
    key = utf8("serverSeed", p_str(params, "serverSeed"))
    client = utf8("clientSeed", p_str(params, "clientSeed"))
    return key, client


def op_cur_unit(params):
    key, client = cur_seeds(params)
    nonce = p_int(params, "nonce", 0, MAX_SAFE)
    cursor = p_int(params, "cursor", 0, MAX_SAFE)
    return {"u": cursor_unit(key, client, nonce, cursor)}


_DECIMAL = re.compile(r"(0|[1-9][0-9]*)\Z")


def op_cur_u64_to_unit(params):
    s = p_get(params, "u64")
    if not isinstance(s, str) or not _DECIMAL.match(s) or int(s) > U64_MAX:
        raise BadInput("u64", "not a decimal u64")
    return {"u": u64_to_unit(int(s))}


def op_cur_pool_hop(params):
    units = p_array(params, "units")
    size = p_int(params, "size", 1, MAX_SAFE)
    for u in units:
        if isinstance(u, bool) or not isinstance(u, (int, float)) or not 0.0 <= u <= 1.0:
            raise BadInput("units", "not a unit in [0, 1]")
    if len(units) > size:
        raise BadInput("units", "more draws than the pool holds")
    return {"picks": pool_hop([float(u) for u in units], size)}


def op_cur_commitment(params):
    # Pinned: hex(SHA-256(server seed string's UTF-8 bytes)).
    return {"commitment": sha256(utf8("serverSeed", p_str(params, "serverSeed"))).hex()}


def limbo(u):
    """spec cursor-v1.md §3.3: clamp(floor(0.99 / (1 - u) * 100), 100, 1000000) in binary64, in
    this order; u = 1.0 gives 1 - u = 0 and q = +infinity (IEEE), which clamps to 1000000."""
    t = 1.0 - u
    q = math.inf if t == 0.0 else 0.99 / t
    s = q * 100.0
    if s >= 1000000.0:          # also +infinity: clamp before converting to an integer
        return 1000000
    return max(100, math.floor(s))


def p_unit(params, name):
    """A JSON number in [0, 1] (spec cursor-v1.md §6)."""
    u = p_get(params, name)
    if isinstance(u, bool) or not isinstance(u, (int, float)) or not 0.0 <= u <= 1.0:
        raise BadInput(name, "not a number in [0, 1]")
    return float(u)


def op_cur_draw(params):
    # spec cursor-v1.md §6 (added op): draw(u, n) of §3.1.
    u = p_unit(params, "u")
    n = p_int(params, "n", 1, MAX_SAFE)
    return {"index": draw(u, n)}


def op_cur_limbo(params):
    # spec cursor-v1.md §6 (added op): §3.3.
    return {"hundredths": limbo(p_unit(params, "u"))}


# --- cursor.game (spec cursor-v1.md §4, §5) -----------------------------------------------------

MAX_COUNT = 1000      # §4: counts up to 1000 are accepted


class Round:
    """The units of one round, read by cursor; records every cursor read, in order."""

    def __init__(self, key, client, nonce):
        self.key, self.client, self.nonce = key, client, nonce
        self.cursors = []

    def u(self, cursor):
        self.cursors.append(cursor)
        return cursor_unit(self.key, self.client, self.nonce, cursor)


class Pool:
    """Pool hop (§3.2) over `items` (ascending), one draw at a time."""

    def __init__(self, items):
        self.items = list(items)
        self.remaining = len(self.items)

    def take(self, u):
        if self.remaining == 0:
            raise BadInput("options", "pool exhausted")
        i = draw(u, self.remaining)
        last = self.remaining - 1
        item = self.items[i]
        self.items[i], self.items[last] = self.items[last], self.items[i]
        self.remaining -= 1
        return item


def opt_check(options, names):
    """§4: options hold exactly the members the game defines (all required, none other)."""
    for k in options:
        if k not in names:
            raise BadInput(f"options.{k}", "unknown option")
    for k in names:
        if k not in options:
            raise BadInput(f"options.{k}", "missing option")


def opt_count(options, name, lo, hi=MAX_COUNT):
    return p_int(options, name, lo, hi)


def game_roulette(r, options):
    opt_check(options, ())
    return {"pocket": draw(r.u(0), 37)}                          # §5.1


def game_sicbo(r, options):
    opt_check(options, ())
    return {"dice": [draw(r.u(i), 6) + 1 for i in range(3)]}     # §5.2


def game_limbo(r, options):
    opt_check(options, ())
    return {"hundredths": limbo(r.u(0))}                         # §5.3


def game_koban(r, options):
    opt_check(options, ("flips",))
    n = opt_count(options, "flips", 1)
    return {"flips": [draw(r.u(i), 2) for i in range(n)]}        # §5.4


def game_blackjack(r, options):
    # §5.5: cursors 0 player1, 1 dealer-up, 2 player2, 3 dealer-hole, one per hit, one per dealer
    # draw; card = draw(u, 52) (infinite shoe).
    opt_check(options, ("actions", "dealerDraws"))
    actions = p_array(options, "actions")
    if len(actions) > MAX_COUNT:
        raise BadInput("options.actions", "too many actions")
    for i, a in enumerate(actions):
        if a not in ("hit", "stand") or not isinstance(a, str):
            raise BadInput("options.actions", "not hit or stand")
        if a == "stand" and i != len(actions) - 1:
            raise BadInput("options.actions", "stand must be last")
    draws = opt_count(options, "dealerDraws", 0)
    cursor = 0
    cards = []

    def card():
        nonlocal cursor
        c = draw(r.u(cursor), 52)
        cursor += 1
        cards.append(c)
        return c
    p1, up, p2, hole = card(), card(), card(), card()
    player, dealer = [p1, p2], [up, hole]
    for a in actions:
        if a == "hit":
            player.append(card())
    for _ in range(draws):
        dealer.append(card())
    return {"cards": cards, "player": player, "dealer": dealer}


def game_vpoker(r, options):
    # §5.6: one pool hop over 52; cursors 0..4 deal; then one per position not held, in order.
    opt_check(options, ("hold",))
    hold = p_array(options, "hold")
    if len(hold) != 5 or not all(isinstance(h, bool) for h in hold):
        raise BadInput("options.hold", "not 5 booleans")
    pool = Pool(range(52))
    deal = [pool.take(r.u(i)) for i in range(5)]
    final = list(deal)
    cursor = 5
    for i in range(5):
        if not hold[i]:
            final[i] = pool.take(r.u(cursor))
            cursor += 1
    return {"deal": deal, "final": final}


def game_holdem(r, options):
    # §5.7: player1, player2, dealer1, dealer2, flop1..3, (turn, river on call); one pool hop.
    opt_check(options, ("action",))
    action = p_get(options, "action")
    if action not in ("call", "fold") or not isinstance(action, str):
        raise BadInput("options.action", "not call or fold")
    pool = Pool(range(52))
    n = 9 if action == "call" else 7
    cards = [pool.take(r.u(i)) for i in range(n)]
    return {"cards": cards, "player": cards[0:2], "dealer": cards[2:4], "board": cards[4:]}


def game_bingo(r, options):
    # §5.8: column c draws 5 of 15c+1..15c+15 by pool hop at cursors 5c..5c+4; card[5c + r];
    # balls: 38 pool-hop draws over 1..75 at cursors 25..62.
    opt_check(options, ())
    card = []
    for c in range(5):
        pool = Pool(range(15 * c + 1, 15 * c + 16))
        card += [pool.take(r.u(5 * c + row)) for row in range(5)]
    pool = Pool(range(1, 76))
    balls = [pool.take(r.u(25 + k)) for k in range(38)]
    return {"card": card, "balls": balls}


def game_andar(r, options):
    # §5.9: boost units at cursors 0..4, then card k (pool hop over 52) at cursor 5 + k.
    opt_check(options, ("cards",))
    n = opt_count(options, "cards", 1, 52)
    boost = [r.u(i) for i in range(5)]
    pool = Pool(range(52))
    return {"boostUnits": boost, "cards": [pool.take(r.u(5 + k)) for k in range(n)]}


def game_chinchiro(r, options):
    # §5.10: cursor = side*9 + attempt*3 + d; die = draw(u, 6) + 1.
    opt_check(options, ("attempts",))
    attempts = p_array(options, "attempts")
    if not 1 <= len(attempts) <= MAX_COUNT:
        raise BadInput("options.attempts", "1..1000 sides")
    for a in attempts:
        if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 3:
            raise BadInput("options.attempts", "attempts are 1..3")
    dice = []
    for side, n in enumerate(attempts):
        dice.append([[draw(r.u(side * 9 + a * 3 + d), 6) + 1 for d in range(3)]
                     for a in range(n)])
    return {"dice": dice}


def game_mines(r, options):
    # §5.11: mine k is a pool-hop draw over cells 0..24 at cursor k.
    opt_check(options, ("mines",))
    n = opt_count(options, "mines", 1, 24)
    pool = Pool(range(25))
    return {"mines": [pool.take(r.u(k)) for k in range(n)]}


def units_game(option, lo, count):
    """Games whose outcome is the units themselves (§5.12-5.16)."""
    def game(r, options):
        if option is None:
            opt_check(options, ())
            n = count(None)
        else:
            opt_check(options, (option,))
            n = count(opt_count(options, option, lo))
        return {"units": [r.u(i) for i in range(n)]}
    return game


GAMES = {
    "roulette": game_roulette,
    "sicbo": game_sicbo,
    "limbo": game_limbo,
    "koban": game_koban,
    "blackjack": game_blackjack,
    "vpoker": game_vpoker,
    "holdem": game_holdem,
    "bingo": game_bingo,
    "andar": game_andar,
    "chinchiro": game_chinchiro,
    "mines": game_mines,
    "hanabi": units_game("freeSpins", 0, lambda k: 15 * (k + 1)),     # §5.12
    "fuku": units_game(None, 0, lambda k: 1),                          # §5.13
    "omikuji": units_game("fillers", 0, lambda k: 4 + k),              # §5.14
    "pagoda": units_game("floors", 1, lambda k: k),                    # §5.15
    "plinko": units_game("rows", 1, lambda k: k),                      # §5.16
}


def op_cur_game(params):
    # §4: checked in the order game, serverSeed, clientSeed, nonce, options.
    game = p_get(params, "game")
    if not isinstance(game, str) or game not in GAMES:
        raise BadInput("game", "unknown game")
    key, client = cur_seeds(params)
    nonce = p_int(params, "nonce", 0, MAX_SAFE)
    options = p_get(params, "options")
    if not isinstance(options, dict):
        raise BadInput("options", "not an object")
    r = Round(key, client, nonce)
    try:
        outcome = GAMES[game](r, options)
    except BadInput as e:
        # An option is named by its path (`options.flips`), as every other bad option is.
        if e.field.startswith("options"):
            raise
        raise BadInput("options." + e.field, str(e).split(": ", 1)[-1]) from None
    return {"cursors": r.cursors, **outcome}


# ================================================================================================
# keno-v1 (brief §2 Keno; spec keno-v1.md)
# ================================================================================================

def keno_balls(links):
    """spec keno-v1.md §2 steps 2-5 over links 1..10 (digests)."""
    pool = list(range(1, 41))
    balls = []
    for i, digest in enumerate(links, start=1):
        remaining = 41 - i
        h = int.from_bytes(digest[:7], "big") >> 4     # K5: leading 52 bits
        norm = h / 2.0**52                              # exact
        index = math.floor(norm * remaining)            # K6: product rounded once, then floored
        balls.append(pool[index])
        pool[index], pool[remaining - 1] = pool[remaining - 1], pool[index]   # K8: swap to end
    return balls


def op_keno_pick(params):
    # spec keno-v1.md §5 (added op): exactly 10 links of 64 hex digits, either case.
    links = p_array(params, "links")
    if len(links) != 10:
        raise BadInput("links", "must hold exactly 10 links")
    return {"balls": keno_balls([hex_bytes(f"links[{i}]", x, exact=32)
                                 for i, x in enumerate(links)])}


def op_keno_draw(params):
    # Pinned: key = salt's UTF-8 bytes; message = previous link as lowercase hex text;
    # link 0 = the ticket's random hash; ball i uses link i = HMAC(salt, link i-1); pool 1..40.
    # K10: both must be strings of well-formed text; randomHash is checked first.
    link = utf8("randomHash", p_str(params, "randomHash"))   # K3: link 0 is the text as given
    salt = utf8("salt", p_str(params, "salt"))               # K1, K4
    links = []
    for _ in range(10):
        digest = hmac_sha256(salt, link)
        links.append(digest)
        link = digest.hex().encode("ascii")                  # K2: lowercase hex text
    return {"balls": keno_balls(links)}


# ================================================================================================
# crash (brief §2 Crash; spec crash.md)
# ================================================================================================

E52 = 2**52
CONVENTIONS = ("betkyo-exact", "bustabit-v1", "bustabit-v2", "bustabit-2025")


def crash_link(params, name="link"):
    # spec crash.md §2: exactly 64 hex digits, either case; a value, hashed as lowercase hex text.
    return hex_bytes(name, p_get(params, name), exact=32)


def crash_convention(params):
    # spec crash.md §2: exactly one of the four names, case-sensitive.
    c = p_get(params, "convention")
    if c not in CONVENTIONS:
        raise BadInput("convention", "unknown convention")
    return c


def crash_from_value(conv, value):
    """The crash point in hundredths from the 256-bit value the formula reads (spec crash.md §3-5):
    the link itself for betkyo-exact, the HMAC for the bustabit conventions."""
    h = int.from_bytes(value[:7], "big") >> 4          # leading 52 bits = first 13 hex digits
    if conv == "betkyo-exact":
        # §3: exact integers.
        return (100 * E52 - h) // (E52 - h)
    if conv == "bustabit-v1":
        # §4: divisibility by 101 over the whole 256-bit value, exactly; then binary64 in order.
        if int.from_bytes(value, "big") % 101 == 0:
            return 0
        e = float(E52)
        hd = float(h)
        n = 100.0 * e - hd
        d = e - hd
        return math.floor(n / d)
    # §5 bustabit-v2 and bustabit-2025: x = h / 2^52 (exact), t = 1 - x (exact), q = 99 / t (rounded), floor, max 100.
    x = float(h) / float(E52)
    t = 1.0 - x
    return max(100, math.floor(99.0 / t))


def op_crash_point(params):
    # spec crash.md §2: checks in the order convention, link, salt. `hundredths` travels as a
    # decimal string (it can exceed 2^53 - 1).
    conv = crash_convention(params)
    link = crash_link(params)
    if conv == "betkyo-exact":
        # §2: betkyo-exact takes no salt; one sent (even empty) is bad input.
        if isinstance(params, dict) and "salt" in params:
            raise BadInput("salt", "betkyo-exact takes no salt")
        return {"hundredths": str(crash_from_value(conv, link))}
    salt = utf8("salt", p_str(params, "salt"))
    if conv == "bustabit-v1":
        # §4: key = the link's lowercase hex text, msg = the salt.
        value = hmac_sha256(link.hex().encode("ascii"), salt)
    else:
        # §5 (bustabit-v2, bustabit-2025): key = the salt, msg = the link's 32 raw bytes.
        value = hmac_sha256(salt, link)
    return {"hundredths": str(crash_from_value(conv, value))}


def op_crash_from_hash(params):
    # spec crash.md §8 (added op): the layer after the HMAC.
    conv = crash_convention(params)
    value = crash_link(params, "hash")
    return {"hundredths": str(crash_from_value(conv, value))}


def op_crash_previous(params):
    # spec crash.md §7: SHA-256 of the lowercase hex text (betkyo-exact, bustabit-v1, bustabit-v2)
    # or of the 32 raw bytes (bustabit-2025).
    conv = crash_convention(params)
    link = crash_link(params)
    data = link if conv == "bustabit-2025" else link.hex().encode("ascii")
    return {"link": sha256(data).hex()}


# ================================================================================================
# canonical JSON (brief §3 Pinned; spec canonical-json.md): RFC 8785 (JCS) restricted to objects,
# arrays, strings, true, false, null and integers |i| <= 2^53 - 1.
# ================================================================================================

CANON_MAX_DEPTH = 128     # spec canonical-json.md §2 Limits: nesting up to 128 levels (root = 1)


def canon_check(v, field, depth=0):
    """Reject what canonical JSON forbids (spec canonical-json.md §2): fractions/exponents
    (JFloat), -0, unsafe integers, duplicate keys, lone surrogates (in keys or strings), and
    nesting deeper than 128 levels."""
    if isinstance(v, (dict, list)) and depth + 1 > CANON_MAX_DEPTH:
        raise BadInput(field, "nested deeper than 128 levels")
    if isinstance(v, dict):
        if getattr(v, "duplicate", False):
            raise BadInput(field, "duplicate key")
        for k, x in v.items():
            utf8(field, k)
            canon_check(x, field, depth + 1)
    elif isinstance(v, list):
        for x in v:
            canon_check(x, field, depth + 1)
    elif isinstance(v, str):
        utf8(field, v)
    elif isinstance(v, bool) or v is None:
        pass
    elif isinstance(v, float):
        raise BadInput(field, "fraction or exponent")
    elif isinstance(v, int):
        if isinstance(v, JNegZero):
            raise BadInput(field, "-0")
        if abs(v) > MAX_SAFE:
            raise BadInput(field, "unsafe integer")
    else:
        raise BadInput(field, "not a JSON value")


_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
                  "\f": "\\f", "\r": "\\r"}


def canon_string(s):
    # RFC 8785 §3.2.2.2: escape `"` and `\`, the short forms \b \t \n \f \r, other controls
    # (< U+0020) as \u00xx (lowercase hex); everything else (including U+007F, non-ASCII) as is.
    out = ['"']
    for ch in s:
        if ch in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[ch])
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def canon_serialize(v):
    if isinstance(v, dict):
        # RFC 8785 §3.2.3: members sorted by their keys' UTF-16 code units.
        keys = sorted(v.keys(), key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(canon_string(k) + ":" + canon_serialize(v[k]) for k in keys) + "}"
    if isinstance(v, list):
        return "[" + ",".join(canon_serialize(x) for x in v) + "]"
    if isinstance(v, str):
        return canon_string(v)
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    return str(int(v))


def canonical_value(v, field):
    canon_check(v, field)
    return canon_serialize(v)


def canonicalize_text(text, field):
    """The canonical form of a JSON text (a str), or BadInput (spec canonical-json.md §2, §3).
    Python's json module is strict RFC 8259 except for NaN/Infinity (refused by json_loads) and
    it reports a BOM and anything after the value (including U+0000) as errors."""
    utf8(field, text)                 # the text itself must be well-formed Unicode
    try:
        value = json_loads(text)
    except (ValueError, RecursionError):
        raise BadInput(field, "not JSON") from None
    return canonical_value(value, field)


def op_canonical_json(params):
    return {"canonical": canonicalize_text(p_str(params, "json"), "json")}


def op_canonical_json_hex(params):
    # spec canonical-json.md §4 (added op): the input's bytes as hex; rule 1: strict UTF-8
    # (Python's codec refuses overlong forms, encoded surrogates, > U+10FFFF, truncation).
    data = hex_bytes("jsonHex", p_get(params, "jsonHex"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("json", "not UTF-8") from None
    canonical = canonicalize_text(text, "json")
    return {"canonical": canonical, "canonicalHex": canonical.encode("utf-8").hex()}


# ================================================================================================
# tavla-commit-v1 (brief §3; spec tavla-commit-v1.md)
# ================================================================================================

CTX_COMMIT = b"tavlarena-dice-commit-v1"
CTX_ROLL = b"tavlarena-dice-roll-v1"
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TAVLA_MAX_BLOCKS = 1000      # an exhausted block has probability 2^-180; bound the loop anyway


def uuid_bytes(field, s):
    # Pinned: canonical 8-4-4-4-12 hex form, case-insensitive; bytes in written order.
    if not isinstance(s, str) or not _UUID.match(s):
        raise BadInput(field, "not a canonical UUID")
    return bytes.fromhex(s.replace("-", ""))


def tavla_seats(params):
    seats = p_array(params, "seats")
    if len(seats) != 2:
        raise BadInput("seats", "must hold 2 UUIDs")
    return [uuid_bytes(f"seats[{i}]", s) for i, s in enumerate(seats)]


def tavla_contributions(params):
    cs = p_array(params, "contributions")
    if len(cs) != 2:
        raise BadInput("contributions", "must hold 2 values")
    return [hex_bytes(f"contributions[{i}]", c, exact=32) for i, c in enumerate(cs)]


def seal_code(commitment):
    # Seed: Crockford base32 of the first 40 bits; Pinned: shown as XXXX-XXXX.
    bits = int.from_bytes(commitment[:5], "big")
    chars = "".join(CROCKFORD[(bits >> (35 - 5 * i)) & 31] for i in range(8))
    return chars[:4] + "-" + chars[4:]


def op_tavla_commitment(params):
    game_id = uuid_bytes("gameId", p_get(params, "gameId"))
    seats = tavla_seats(params)
    seed = hex_bytes("seed", p_get(params, "seed"), exact=32)
    settings = p_get(params, "settings")
    settings_hash = sha256(canonical_value(settings, "settings").encode("utf-8"))
    commitment = sha256(CTX_COMMIT + game_id + settings_hash + seats[0] + seats[1] + seed)
    return {"settingsHash": settings_hash.hex(), "commitment": commitment.hex(),
            "sealCode": seal_code(commitment)}


def tavla_block_mac(seed, game_id, contributions, n, block):
    # Seed: HMAC(key = seed, ctxRoll || gameId || c0 || c1 || u32be(n) || u32be(block)).
    return hmac_sha256(seed, CTX_ROLL + game_id + contributions[0] + contributions[1]
                       + n.to_bytes(4, "big") + block.to_bytes(4, "big"))


def tavla_inputs(params):
    seed = hex_bytes("seed", p_get(params, "seed"), exact=32)
    game_id = uuid_bytes("gameId", p_get(params, "gameId"))
    contributions = tavla_contributions(params)
    n = p_int(params, "n", 1, U32_MAX)
    return seed, game_id, contributions, n


def op_tavla_block(params):
    seed, game_id, contributions, n = tavla_inputs(params)
    block = p_int(params, "block", 0, U32_MAX)
    return {"mac": tavla_block_mac(seed, game_id, contributions, n, block).hex()}


def tavla_pick(blocks):
    """Seed + Pinned: bytes left to right across blocks as one stream, 252..255 skipped,
    die = byte % 6 + 1; the first two accepted bytes are the dice. Returns (dice, blocks read)
    or None when the blocks run out."""
    dice = []
    for count, block in enumerate(blocks, start=1):
        for b in block:
            if b < 252:
                dice.append(b % 6 + 1)
                if len(dice) == 2:
                    return dice, count
    return None


def op_tavla_pick(params):
    blocks = p_array(params, "blocks")
    if not blocks:
        raise BadInput("blocks", "empty")
    decoded = [hex_bytes(f"blocks[{i}]", b, exact=32) for i, b in enumerate(blocks)]
    picked = tavla_pick(decoded)
    if picked is None:
        raise BadInput("blocks", "fewer than two accepted bytes")
    return {"dice": picked[0], "blocks": picked[1]}


def op_tavla_seal_code(params):
    # spec tavla-commit-v1.md §2 (reading a seal code): case ignored, every '-' ignored, O -> 0,
    # I/L -> 1; then exactly 8 symbols of the alphabet.
    code = p_str(params, "code")
    symbols = []
    for ch in code:
        if ch == "-":
            continue
        c = ch.upper() if ch.isascii() else ch
        c = {"O": "0", "I": "1", "L": "1"}.get(c, c)
        if c not in CROCKFORD:
            raise BadInput("code", "not a seal code symbol")
        symbols.append(c)
    if len(symbols) != 8:
        raise BadInput("code", "not 8 symbols")
    return {"sealCode": "".join(symbols[:4]) + "-" + "".join(symbols[4:])}


def tavla_roll_dice(seed, game_id, contributions, n):
    dice = []
    for block in range(TAVLA_MAX_BLOCKS):
        for b in tavla_block_mac(seed, game_id, contributions, n, block):
            if b < 252:
                dice.append(b % 6 + 1)
                if len(dice) == 2:
                    return dice
    raise BadInput("seed", "no two accepted bytes within the block bound")


def op_tavla_game(params):
    # spec tavla-commit-v1.md §3, §6 (added op): openings until the dice differ, a reroll under
    # the Turkish rule, then `moves` move rolls; n from 1, one per roll.
    seed = hex_bytes("seed", p_get(params, "seed"), exact=32)
    game_id = uuid_bytes("gameId", p_get(params, "gameId"))
    contributions = tavla_contributions(params)
    opening = p_get(params, "opening")
    if opening not in ("play", "reroll") or not isinstance(opening, str):
        raise BadInput("opening", "not play or reroll")
    moves = p_int(params, "moves", 0, 100000)
    rolls = []
    n = 1
    while True:
        dice = tavla_roll_dice(seed, game_id, contributions, n)
        rolls.append({"n": n, "kind": "opening", "dice": dice})
        n += 1
        if dice[0] != dice[1]:
            break
    if opening == "reroll":
        rolls.append({"n": n, "kind": "reroll",
                      "dice": tavla_roll_dice(seed, game_id, contributions, n)})
        n += 1
    for _ in range(moves):
        rolls.append({"n": n, "kind": "move",
                      "dice": tavla_roll_dice(seed, game_id, contributions, n)})
        n += 1
    return {"rolls": rolls}


PROOF_MEMBERS = ("format", "version", "gameId", "seats", "settings", "settingsHash", "seed",
                 "contributions", "commitment", "sealCode", "rolls")
ROLL_KINDS = ("opening", "reroll", "move")


def _seal_code_as(field, code):
    """A seal code read leniently (spec tavla-commit-v1.md §2), as XXXX-XXXX."""
    try:
        return op_tavla_seal_code({"code": code})["sealCode"]
    except BadInput:
        raise BadInput(field, "not a seal code") from None


def parse_proof(text):
    """A proof file (spec tavla-commit-v1.md §4) parsed and checked for bad input."""
    value = None
    try:
        utf8("proof", text)
        value = json_loads(text)
    except (ValueError, RecursionError):
        raise BadInput("proof", "not JSON") from None
    canon_check(value, "proof")                      # the whole file is within the JSON subset
    if not isinstance(value, dict):
        raise BadInput("proof", "not an object")
    opt_check_exact(value, PROOF_MEMBERS)
    if value["format"] != "tavla-commit-proof":
        raise BadInput("format", "not tavla-commit-proof")
    if isinstance(value["version"], bool) or value["version"] != 1 \
            or not isinstance(value["version"], int):
        raise BadInput("version", "not 1")
    proof = {
        "gameId": uuid_bytes("gameId", value["gameId"]),
        "seats": tavla_seats(value),
        "settings": value["settings"],
        "settingsHash": hex_bytes("settingsHash", value["settingsHash"], exact=32),
        "seed": hex_bytes("seed", value["seed"], exact=32),
        "contributions": tavla_contributions(value),
        "commitment": hex_bytes("commitment", value["commitment"], exact=32),
    }
    if not isinstance(value["settings"], dict):
        raise BadInput("settings", "not an object")
    if not isinstance(value["sealCode"], str):
        raise BadInput("sealCode", "not a string")
    proof["sealCode"] = _seal_code_as("sealCode", value["sealCode"])
    rolls = value["rolls"]
    if not isinstance(rolls, list):
        raise BadInput("rolls", "not an array")
    proof["rolls"] = []
    for i, roll in enumerate(rolls):
        field = f"rolls[{i}]"
        if not isinstance(roll, dict):
            raise BadInput(field, "not an object")
        opt_check_exact(roll, ("n", "kind", "dice"))
        try:
            n = p_int(roll, "n", 1, U32_MAX)
        except BadInput as e:
            raise BadInput(field + ".n", str(e)) from None
        kind = roll["kind"]
        if not isinstance(kind, str) or kind not in ROLL_KINDS:
            raise BadInput(field + ".kind", "unknown kind")
        dice = roll["dice"]
        if not isinstance(dice, list) or len(dice) != 2:
            raise BadInput(field + ".dice", "not two dice")
        for j, d in enumerate(dice):
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                raise BadInput(f"{field}.dice[{j}]", "not a die 1..6")
        proof["rolls"].append({"n": n, "kind": kind, "dice": [int(d) for d in dice]})
    return proof


def opt_check_exact(obj, names):
    for k in obj:
        if k not in names:
            raise BadInput(k, "unknown member")
    for k in names:
        if k not in obj:
            raise BadInput(k, "missing member")


def op_tavla_verify_proof(params):
    # spec tavla-commit-v1.md §5, §6 (added op): checks in order, stop at the first failure.
    proof = parse_proof(p_str(params, "proof"))
    expected = params.get("expectedCommitment")
    expected_digest = expected_seal = None
    if expected is not None:
        if not isinstance(expected, str):
            raise BadInput("expectedCommitment", "not a string")
        if len(expected) == 64 and _HEX.match(expected):
            expected_digest = bytes.fromhex(expected)
        elif len(expected) < 32:
            expected_seal = _seal_code_as("expectedCommitment", expected)
        else:
            raise BadInput("expectedCommitment", "neither a digest nor a seal code")

    def result(failed):
        return {"verified": failed is None, "failedCheck": failed}
    settings_hash = sha256(canonical_value(proof["settings"], "settings").encode("utf-8"))
    if settings_hash != proof["settingsHash"]:
        return result("settingsHash")
    commitment = sha256(CTX_COMMIT + proof["gameId"] + settings_hash + proof["seats"][0]
                        + proof["seats"][1] + proof["seed"])
    if commitment != proof["commitment"]:
        return result("commitment")
    if seal_code(commitment) != proof["sealCode"]:
        return result("sealCode")
    if expected_digest is not None and expected_digest != commitment:
        return result("expectedCommitment")
    if expected_seal is not None and expected_seal != seal_code(commitment):
        return result("expectedCommitment")
    previous = None       # (kind, dice) of the previous roll
    for i, roll in enumerate(proof["rolls"]):
        if roll["n"] != i + 1:
            return result(f"rolls[{i}].n")
        dice = tavla_roll_dice(proof["seed"], proof["gameId"], proof["contributions"], roll["n"])
        if dice != roll["dice"]:
            return result(f"rolls[{i}].dice")
        # §3 kind order: first an opening; after a tied opening an opening; after a deciding
        # opening a reroll or a move; after a reroll or a move a move.
        if previous is None:
            allowed = ("opening",)
        elif previous[0] == "opening":
            allowed = ("opening",) if previous[1][0] == previous[1][1] else ("reroll", "move")
        else:
            allowed = ("move",)
        if roll["kind"] not in allowed:
            return result(f"rolls[{i}].kind")
        previous = (roll["kind"], roll["dice"])
    return result(None)


def op_tavla_roll(params):
    seed, game_id, contributions, n = tavla_inputs(params)
    return {"dice": tavla_roll_dice(seed, game_id, contributions, n)}


# ================================================================================================
# Dispatcher (port protocol v1)
# ================================================================================================

OPS = {
    "hmac_dice.seal": op_hd_seal,
    "hmac_dice.roll": op_hd_roll,
    "hmac_dice.message": op_hd_message,
    "hmac_dice.pick": op_hd_pick,
    "hmac_dice.parse_recorded": op_hd_parse_recorded,
    "hmac_dice.parse_link": op_hd_parse_link,
    "hmac_dice.build_link": op_hd_build_link,
    "hmac_dice.verify_match": op_hd_verify_match,
    "cursor.unit": op_cur_unit,
    "cursor.u64_to_unit": op_cur_u64_to_unit,
    "cursor.pool_hop": op_cur_pool_hop,
    "cursor.commitment": op_cur_commitment,
    "cursor.game": op_cur_game,
    "cursor.draw": op_cur_draw,
    "cursor.limbo": op_cur_limbo,
    "keno.draw": op_keno_draw,
    "crash.point": op_crash_point,
    "crash.previous": op_crash_previous,
    "crash.from_hash": op_crash_from_hash,
    "keno.pick": op_keno_pick,
    "tavla.commitment": op_tavla_commitment,
    "tavla.block": op_tavla_block,
    "tavla.pick": op_tavla_pick,
    "tavla.roll": op_tavla_roll,
    "tavla.seal_code": op_tavla_seal_code,
    "tavla.game": op_tavla_game,
    "tavla.verify_proof": op_tavla_verify_proof,
    "canonical_json": op_canonical_json,
    "canonical_json.hex": op_canonical_json_hex,
}


def listed_ops():
    """The ops hello lists: every op implemented here."""
    return list(OPS)


def handle(request):
    """handle answers one request object with one reply object."""
    rid = request.get("id") if isinstance(request, dict) else None
    if not isinstance(request, dict) or not isinstance(rid, int) or isinstance(rid, bool):
        # spec port-protocol.md: not a JSON object with an integer id -> id null, bad_input.
        return {"id": None, "ok": False, "error": "bad_input", "message": "not a request"}
    op = request.get("op")
    params = request.get("params", {})
    if op == "hello":
        # spec port-protocol.md: a hello with another protocol value is bad input.
        if not isinstance(params, dict) or params.get("protocol") != 1 \
                or isinstance(params.get("protocol"), bool):
            return {"id": rid, "ok": False, "error": "bad_input", "message": "protocol must be 1"}
        return {"id": rid, "ok": True,
                "result": {"name": "fairvec_ref.py", "protocol": 1, "ops": listed_ops()}}
    fn = OPS.get(op)
    if fn is None:
        return {"id": rid, "ok": False, "error": "unsupported"}
    if not isinstance(params, dict):
        return {"id": rid, "ok": False, "error": "bad_input"}
    try:
        return {"id": rid, "ok": True, "result": fn(params)}
    except BadInput as e:
        return {"id": rid, "ok": False, "error": "bad_input", "message": f"params.{e}"}


def main():
    sys.setrecursionlimit(10000)
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\r\n")
        if not line.strip():
            continue
        try:
            request = json_loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            request = None
        reply = handle(request)
        out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
                  .encode("utf-8", "surrogatepass") + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
