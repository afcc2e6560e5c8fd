"""hmac_dice.py - the hmac_dice.* ops of the example port (spec hmac-dice-v1.md)."""

import re

from common import BadInput, MAX_SAFE, HEX, hex_bytes, hmac_sha256, p_array, p_get, p_int, p_str, sha256


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
            if len(hx) != 2 or not HEX.match(hx):
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
    games = hd_games(params, rolls)
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


def hd_games(params, rolls):
    """The game lengths of a match (params.games): each 1..100000, together `rolls` (or none)."""
    games = p_array(params, "games")
    for g in games:
        if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= MAX_MATCH_ROLLS:
            raise BadInput("games", "not a game length")
    if games and sum(games) != rolls:
        raise BadInput("games", "games do not add up")
    return games


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
    games = hd_games(params, rolls)
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


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "hmac_dice.seal": op_hd_seal,
    "hmac_dice.roll": op_hd_roll,
    "hmac_dice.message": op_hd_message,
    "hmac_dice.pick": op_hd_pick,
    "hmac_dice.parse_recorded": op_hd_parse_recorded,
    "hmac_dice.parse_link": op_hd_parse_link,
    "hmac_dice.build_link": op_hd_build_link,
    "hmac_dice.verify_match": op_hd_verify_match,
}
