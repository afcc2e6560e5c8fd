"""The group types of tavla-commit-v1 (specs/tavla-commit-v1.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import os

import fairvec_ref as ref
from recompute import Handlers, Mismatch, ok_or_error

HANDLERS = Handlers()


@HANDLERS.handles("TavlaCommitment", "TavlaCommitmentInvalid")
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


HANDLERS.simple(("TavlaSealRead", "TavlaSealReadInvalid"), ("code",), ref.op_tavla_seal_code,
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


@HANDLERS.handles("TavlaBlock", "TavlaBlockInvalid")
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


@HANDLERS.handles("TavlaRoll", "TavlaRollInvalid")
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


@HANDLERS.handles("TavlaGame", "TavlaGameInvalid")
def h_tavla_game(t):
    params = tavla_params(t, ("opening", "moves"))
    ok, r = ok_or_error(t, lambda: ref.op_tavla_game(params))
    if ok:
        t.eq("rolls", r["rolls"])
        t.eq("rolls", [{"n": x["n"], "kind": x["kind"], "dice": tavla_trace(params, x["n"])[2]}
                       for x in r["rolls"]])
    return ok


@HANDLERS.handles("TavlaPick", "TavlaPickInvalid")
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


@HANDLERS.handles("TavlaProofVerify", "TavlaProofMalformed")
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


# The verdict op of this family (its judged groups, specs/tavla-commit-v1.md): the result member that
# names what failed (its value is the field); the derived handler reads it.
DERIVED_JUDGED = {
    "tavla.verify_proof": ("failedCheck", None),
}
