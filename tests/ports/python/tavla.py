"""tavla.py - the tavla.* ops of the example port (spec tavla-commit-v1.md)."""

import re

from canonical_json import canon_check, canonical_value
from common import (BadInput, U32_MAX, HEX, hex_bytes, hmac_sha256, json_loads, p_array, p_get, p_int,
                    p_str, sha256, utf8)


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
        opt_check_exact(roll, ("n", "kind", "dice"), field + ".")
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


def after_deciding_opening(settings):
    """The kinds that may follow the deciding opening under the settings' opening rule (§3): a move
    under "play", a reroll under "reroll", either when the settings name no rule."""
    rule = settings.get("opening")
    return ("move",) if rule == "play" else ("reroll",) if rule == "reroll" else ("reroll", "move")


def opt_check_exact(obj, names, prefix=""):
    """Checks that |obj| has exactly the members |names|; an error names the member after |prefix|
    ("rolls[0]." for a roll)."""
    for k in obj:
        if k not in names:
            raise BadInput(prefix + k, "unknown member")
    for k in names:
        if k not in obj:
            raise BadInput(prefix + k, "missing member")


def op_tavla_verify_proof(params):
    # spec tavla-commit-v1.md §5, §6 (added op): checks in order, stop at the first failure.
    proof = parse_proof(p_str(params, "proof"))
    # An optional member is absent or of its kind: null is not a string (derived NullMember).
    expected = params.get("expectedCommitment")
    expected_digest = expected_seal = None
    if "expectedCommitment" in params:
        if not isinstance(expected, str):
            raise BadInput("expectedCommitment", "not a string")
        if HEX.match(expected) and len(expected) != 64:
            # Hex digits alone that are not 64 of them: a digest prefix (8 without a dash is
            # ambiguous), never compared as a seal code (tavla-commit-v1.md §5 step 4).
            raise BadInput("expectedCommitment", "a digest prefix: give all 64 digits or the seal code")
        if len(expected) == 64 and HEX.match(expected):
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
    # §3: after the deciding opening only a move under the settings' opening rule play, only a
    # reroll under reroll, either when the settings name no rule.
    decided = after_deciding_opening(proof["settings"])
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
            allowed = ("opening",) if previous[1][0] == previous[1][1] else decided
        else:
            allowed = ("move",)
        if roll["kind"] not in allowed:
            return result(f"rolls[{i}].kind")
        previous = (roll["kind"], roll["dice"])
    return result(None)


def op_tavla_roll(params):
    seed, game_id, contributions, n = tavla_inputs(params)
    return {"dice": tavla_roll_dice(seed, game_id, contributions, n)}


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "tavla.commitment": op_tavla_commitment,
    "tavla.block": op_tavla_block,
    "tavla.pick": op_tavla_pick,
    "tavla.roll": op_tavla_roll,
    "tavla.seal_code": op_tavla_seal_code,
    "tavla.game": op_tavla_game,
    "tavla.verify_proof": op_tavla_verify_proof,
}
