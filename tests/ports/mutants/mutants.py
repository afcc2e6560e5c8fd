#!/usr/bin/env python3
"""mutants.py - the mutant catalog: realistic port bugs, each a switch on the Python example port.

    mutants.py port NAME[+NAME...]       run the example port (tests/ports/python/) with bug NAME (or
                                         several bugs at once: a port with two bugs)
    mutants.py check --fairvec BIN [-j N] [--vectors DIR] [NAME ...]
                                         run `fairvec check-port` against every mutant (or those
                                         named) and require of each: a failing vector carrying one
                                         of its flags (a kill), and check-port's diagnosis ranking
                                         its wrong ports first
    mutants.py pair --fairvec BIN A B --only PATTERN...
                                         a port with bugs A and B: both must be named in the
                                         diagnosis's opening, each with its share
    mutants.py list                      print the catalog

Each mutant names the kit's wrong ports its bug is (vectors/wrong_ports.json; by default the one
of its own name). Its flags are derived from them: the flags the wrong-port catalog lists for
each. A mutant whose bug has no wrong port in the kit lists its flags itself. A kill counts only on
a failing vector that carries one of the mutant's flags and where the port answered (not a crash).
The diagnosis (specs/port-protocol.md, "Diagnosis") must rank the mutant's first wrong port first:
no suspect above it (ties, same score, allowed and counted), and name it in the opening. A bug that
crosses families (a JSON reading that takes "7" for 7 in every op) is one wrong port per family, each
explaining its family's share: the first listed must be ranked first, every other must be ranked first
too or named in the opening for its share.

Each mutant replaces one function or constant of the port's ops. The example port keeps its ops in
one module per family and calls them through module globals; a mutant sees all of them as one
namespace (Ops below), so a replacement takes effect in every module that holds the name. A mutant that survives, or
fails only through vectors without its flags, is a missing vector: add the vector to the generator,
never weaken the mutant.
"""

import argparse
import concurrent.futures
import hashlib
import json
import math
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PORT = os.path.join(HERE, "..", "python", "fairvec_port.py")
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import common  # noqa: E402  (the example port's BadInput)

CATALOG = {}  # name -> (what the bug is, --only patterns, its wrong ports, its own flags, patch)


class Ops:
    """Ops is the example port's modules seen as one namespace: reading a name finds it in the first
    module that has it, assigning one sets it in every module that holds it (a helper imported by
    several families is replaced in each), or in the first module when none does."""

    def __init__(self, *modules):
        object.__setattr__(self, "_modules", modules)

    def __getattr__(self, name):
        for mod in self._modules:
            if hasattr(mod, name):
                return getattr(mod, name)
        raise AttributeError(name)

    def __setattr__(self, name, value):
        holders = [mod for mod in self._modules if hasattr(mod, name)] or self._modules[:1]
        for mod in holders:
            setattr(mod, name, value)


def rewrite(m, op, params=lambda p: p, result=lambda r: r):
    """Replaces op in the dispatch table: its params rewritten before, its result after the op."""
    orig = m.OPS[op]
    m.OPS[op] = lambda p: result(orig(params(dict(p))))


def trimmed_salt(p):
    if isinstance(p.get("salt"), str):
        p["salt"] = p["salt"].strip()
    return p


def mutant(name, what, only, wrong=None, flags=()):
    """Registers a mutant: |wrong| its wrong ports (default [name]); |flags| only for a bug the kit
    has no wrong port for."""
    def register(patch):
        CATALOG[name] = (what, only, [name] if wrong is None else list(wrong), list(flags), patch)
        return patch
    return register


# --- hmac-dice-v1 ---------------------------------------------------------------------------------

@mutant("hex-string-key", "HMAC key is the server seed's hex text, not its decoded bytes",
        ["hmac_dice_roll_test.json"])
def _(m):
    orig = m.hd_server_seed
    m.hd_server_seed = lambda p: orig(p).hex().encode("ascii")


@mutant("no-skip", "uses MAC byte 0 even when it is >= 252", ["hmac_dice_roll_test.json", "hmac_dice_pick_test.json"])
def _(m):
    m.hd_pick_from_mac = lambda mac: ([mac[0] % 36 // 6 + 1, mac[0] % 36 % 6 + 1], 0)


@mutant("accept-252", "accepts byte 252 (the skip test is <= 252)", ["hmac_dice_*"])
def _(m):
    def pick(mac):
        for i, b in enumerate(mac):
            if b <= 252:
                v = b % 36
                return [v // 6 + 1, v % 6 + 1], i
        return None
    m.hd_pick_from_mac = pick


@mutant("swapped-dice", "dice = (v % 6 + 1, v / 6 + 1), the two dice swapped", ["hmac_dice_roll_test.json"])
def _(m):
    orig = m.hd_pick_from_mac
    def pick(mac):
        r = orig(mac)
        return (r[0][::-1], r[1]) if r else None
    m.hd_pick_from_mac = pick


@mutant("plus-on-first-seed", "retry '+' appended to the first client seed, not the last",
        ["hmac_dice_pick_test.json"])
def _(m):
    def message(seeds, roll, retry):
        parts = list(seeds)
        parts[0] = parts[0] + "+" * retry
        return ":".join(parts) + ":" + str(roll)
    m.hd_message = message


@mutant("plus-after-roll", "retry '+' appended after the roll number", ["hmac_dice_pick_test.json"])
def _(m):
    m.hd_message = lambda seeds, roll, retry: ":".join(seeds) + ":" + str(roll) + "+" * retry


@mutant("sorted-seeds", "client seeds sorted instead of kept in seat order", ["hmac_dice_roll_test.json"])
def _(m):
    orig = m.hd_message
    m.hd_message = lambda seeds, roll, retry: orig(sorted(seeds), roll, retry)


@mutant("zero-based-rolls", "roll numbers counted from 0", ["hmac_dice_match_test.json", "hmac_dice_roll_test.json"])
def _(m):
    orig = m.hd_message
    m.hd_message = lambda seeds, roll, retry: orig(seeds, roll - 1, retry)


@mutant("link-keys-any-case", "link keys matched case-insensitively", ["hmac_dice_link_test.json"])
def _(m):
    orig = m.parse_link
    def parse(link):
        i = max(link.find("?"), link.find("#"))
        if i >= 0:
            link = link[:i + 1] + "&".join(
                (f.split("=", 1)[0].lower() + "=" + f.split("=", 1)[1]) if "=" in f else f for f in link[i + 1:].split("&"))
        return orig(link)
    m.parse_link = parse


@mutant("link-extra-path", "link path accepts text after /check/", ["hmac_dice_link_test.json"])
def _(m):
    m._PATH = re.compile(r"/([a-z]{2,3})/check/?.*\Z")


@mutant("recorded-any-separator", "recorded rolls split on commas too", ["hmac_dice_recorded_test.json"])
def _(m):
    orig = m.parse_recorded
    m.parse_recorded = lambda text: orig(text.replace(",", " "))


@mutant("seal-of-hex-text", "seal = SHA-256 of the seed's hex text", ["hmac_dice_seal_test.json"])
def _(m):
    m.OPS["hmac_dice.seal"] = lambda p: {"seal": m.sha256(m.hd_server_seed(p).hex().encode()).hex()}


# --- lenient types --------------------------------------------------------------------------------

# These read every integer (or text) param of every family leniently, as a port's one JSON helper
# would: one wrong port per family, each named for its share (the module docstring).
LENIENT_FILES = ["cursor_unit_test.json", "cursor_draw_test.json", "hmac_dice_roll_test.json", "hmac_dice_pick_test.json",
                 "hmac_dice_link_test.json", "hmac_dice_match_test.json", "stake_floats_test.json", "tavla_roll_test.json"]


@mutant("bool-as-integer", "true/false accepted in integer fields", LENIENT_FILES,
        wrong=["hmac-dice-any-boolean-as-integer", "cursor-any-boolean-as-integer", "tavla-any-boolean-as-integer",
               "stake-any-boolean-as-integer"])  # every integer of every op: the derived ports (specs/derived-edges.md)
def _(m):
    orig = m.p_int
    def p_int(params, name, lo, hi):
        v = m.p_get(params, name)
        if isinstance(v, bool):
            return int(v)
        return orig(params, name, lo, hi)
    m.p_int = p_int


@mutant("float-as-integer", "integral floats (1.0) accepted in integer fields", LENIENT_FILES,
        wrong=["hmac-dice-any-integral-float", "cursor-any-integral-float", "tavla-any-integral-float",
               "stake-any-integral-float"])  # every integer of every op: the derived ports (specs/derived-edges.md)
def _(m):
    orig = m.p_int
    def p_int(params, name, lo, hi):
        v = m.p_get(params, name)
        if isinstance(v, float) and v == int(v):
            return int(v)
        return orig(params, name, lo, hi)
    m.p_int = p_int


# --- cursor-v1 ------------------------------------------------------------------------------------

@mutant("number-as-text", "a JSON number taken as its text where text is asked (a seed, a salt, a listing, a code)",
        ["stake_floats_test.json", "stake_game_test.json", "stake_crash_test.json", "crash_point_test.json",
         "cursor_unit_test.json", "cursor_game_test.json", "hmac_dice_recorded_test.json", "hmac_dice_match_test.json",
         "hmac_dice_link_test.json", "tavla_commitment_test.json"],
        wrong=["stake-number-as-text", "crash-number-as-text", "cursor-number-as-text", "hmac-dice-number-as-text",
               "tavla-number-as-text"])
def _(m):
    orig = m.p_typed
    def p_typed(params, name, kind, what):
        v = m.p_get(params, name)
        if kind is str and isinstance(v, (int, float)) and not isinstance(v, bool):
            return json.dumps(v)
        return orig(params, name, kind, what)
    m.p_typed = p_typed


@mutant("seal-compared-as-text", "the given seal compared as written, so uppercase hex never matches", ["hmac_dice_match_test.json"])
def _(m):
    orig = m.op_hd_verify_match
    def verify_match(params):
        r = orig(params)
        given = params.get("seal") if isinstance(params, dict) else None
        if isinstance(given, str) and given and given != given.lower() and r.get("sealStatus") == "match":
            r = dict(r, sealStatus="mismatch", verdict="seal_mismatch")
        return r
    m.op_hd_verify_match = verify_match
    m.OPS["hmac_dice.verify_match"] = verify_match


@mutant("proof-rule-ignored", "proof roll kinds checked without the settings' opening rule", ["tavla_verify_test.json"],
        wrong=["tavla-proof-rule-ignored"])
def _(m):
    m.after_deciding_opening = lambda settings: ("reroll", "move")


@mutant("build-link-keeps-case", "a built link writes the seed and seal in the case they were given", ["hmac_dice_link_test.json"])
def _(m):
    def keep_case(params, result):
        link = result["link"]
        for k in ("serverSeed", "seal"):
            given = params.get(k) if isinstance(params, dict) else None
            if isinstance(given, str) and given:
                link = link.replace(given.lower(), given, 1)
        return dict(result, link=link)
    orig = m.OPS["hmac_dice.build_link"]
    m.OPS["hmac_dice.build_link"] = lambda p: keep_case(p, orig(p))


@mutant("float32-units", "units computed in 4-byte floats", ["cursor_u64_test.json", "cursor_unit_test.json"])
def _(m):
    m.u64_to_unit = lambda x: struct.unpack("f", struct.pack("f", float(x) / 18446744073709551616.0))[0]


@mutant("little-endian-words", "the 8 MAC bytes read little-endian", ["cursor_unit_test.json"])
def _(m):
    def unit(key, client, nonce, cursor):
        mac = m.hmac_sha256(key, client + b"-" + str(nonce).encode() + b"-" + str(cursor).encode())
        return m.u64_to_unit(int.from_bytes(mac[:8], "little"))
    m.cursor_unit = unit


@mutant("two-roundings", "u64 truncated to 53 bits, then divided (not rounded once)", ["cursor_u64_test.json"])
def _(m):
    m.u64_to_unit = lambda x: float(x >> 11) / 9007199254740992.0


@mutant("no-clamp-at-1", "draw(u, n) = floor(u * n) without the clamp at u = 1.0", ["cursor_draw_test.json", "cursor_u64_test.json"])
def _(m):
    m.draw = lambda u, n: math.floor(u * n)


@mutant("splice-not-swap", "pool hop removes the pick (splice) instead of swapping it with the last item", ["cursor_draw_test.json", "cursor_game_test.json"])
def _(m):
    def take(self, u):
        if self.remaining == 0:
            raise m.BadInput("options", "pool exhausted")
        i = m.draw(u, self.remaining)
        self.remaining -= 1
        return self.items.pop(i)
    m.Pool.take = take
    def hop(units, size):
        pool = list(range(size)) if size <= 100000 else None
        if pool is None:
            raise m.BadInput("size", "too large for this port")
        return [pool.pop(m.draw(u, len(pool))) for u in units]
    m.pool_hop = hop


@mutant("hex-decoded-cursor-key", "cursor HMAC key is the hex-decoded seed, not the string's UTF-8 bytes", ["cursor_unit_test.json"])
def _(m):
    orig = m.cur_seeds
    def seeds(p):
        key, client = orig(p)
        try:
            return bytes.fromhex(key.decode()), client
        except ValueError:
            return key, client
    m.cur_seeds = seeds


@mutant("nonce-cursor-swapped", "message client-cursor-nonce instead of client-nonce-cursor", ["cursor_unit_test.json"])
def _(m):
    orig = m.cursor_unit
    m.cursor_unit = lambda key, client, nonce, cursor: orig(key, client, cursor, nonce)


@mutant("limbo-no-clamp", "limbo without the clamp to 1000000 (u = 1.0 crashes or overflows)", ["cursor_*"])
def _(m):
    def limbo(u):
        return max(100, math.floor(0.99 / (1.0 - u) * 100.0))
    m.limbo = limbo


# --- keno-v1 --------------------------------------------------------------------------------------

@mutant("keno-uppercase-links", "next link hashed as uppercase hex text", ["keno_draw_test.json"])
def _(m):
    def draw(params):
        link = m.utf8("randomHash", m.p_str(params, "randomHash"))
        salt = m.utf8("salt", m.p_str(params, "salt"))
        links = []
        for _ in range(10):
            d = m.hmac_sha256(salt, link)
            links.append(d)
            link = d.hex().upper().encode("ascii")
        return {"balls": m.keno_balls(links)}
    m.op_keno_draw = draw
    m.OPS["keno.draw"] = draw


@mutant("keno-splice", "keno pool: the pick removed (splice) instead of swapped to the end", ["keno_*"])
def _(m):
    def balls(links):
        pool = list(range(1, 41))
        out = []
        for i, digest in enumerate(links, start=1):
            h = int.from_bytes(digest[:7], "big") >> 4
            out.append(pool.pop(math.floor(h / 2.0 ** 52 * (41 - i))))
        return out
    m.keno_balls = balls


@mutant("keno-53-bits", "keno reads 53 bits instead of the leading 52", ["keno_*"])
def _(m):
    def balls(links):
        pool = list(range(1, 41))
        out = []
        for i, digest in enumerate(links, start=1):
            remaining = 41 - i
            index = math.floor((int.from_bytes(digest[:8], "big") >> 11) / 2.0 ** 53 * remaining)
            out.append(pool[index])
            pool[index], pool[remaining - 1] = pool[remaining - 1], pool[index]
        return out
    m.keno_balls = balls


@mutant("keno-trimmed-salt", "salt whitespace trimmed although the spec says as given", ["keno_draw_test.json"])
def _(m):
    rewrite(m, "keno.draw", params=trimmed_salt)


# --- crash ----------------------------------------------------------------------------------------

def crash_formula(m, convention, formula):
    """Replaces the crash point formula of one convention by formula(h) of the leading 52 bits h."""
    orig = m.crash_from_value
    m.crash_from_value = lambda conv, value: (
        formula(int.from_bytes(value[:7], "big") >> 4) if conv == convention else orig(conv, value))


@mutant("crash-101-on-52-bits", "bustabit-v1 divisibility by 101 tested on the 52 bits, not the whole value", ["crash_*"])
def _(m):
    crash_formula(m, "bustabit-v1", lambda h: 0 if h % 101 == 0 else
                  math.floor((100.0 * 2.0 ** 52 - float(h)) / (2.0 ** 52 - float(h))))


@mutant("crash-v2-hex-message", "bustabit-v2 HMAC over the link's hex text instead of its 32 bytes", ["crash_point_test.json"])
def _(m):
    orig = m.hmac_sha256
    def op(params):
        conv = m.crash_convention(params)
        if conv != "bustabit-v2":
            return m.OPS_ORIG["crash.point"](params)
        link = m.crash_link(params)
        salt = m.utf8("salt", m.p_str(params, "salt"))
        return {"hundredths": str(m.crash_from_value(conv, orig(salt, link.hex().encode())))}
    m.OPS_ORIG = dict(m.OPS)
    m.OPS["crash.point"] = op


@mutant("crash-previous-text-v2", "previous link of bustabit-v2 hashed from hex text", ["crash_chain_test.json"])
def _(m):
    def op(params):
        m.crash_convention(params)
        return {"link": m.sha256(m.crash_link(params).hex().encode()).hex()}
    m.OPS["crash.previous"] = op


@mutant("crash-betkyo-doubles", "betkyo-exact computed in doubles instead of exact integers", ["crash_*"])
def _(m):
    crash_formula(m, "betkyo-exact", lambda h: math.floor((100.0 * 2.0 ** 52 - h) / (2.0 ** 52 - h)))


# --- tavla-commit-v1 and canonical JSON -----------------------------------------------------------

@mutant("tavla-le-counters", "n and block encoded as little-endian u32", ["tavla_roll_test.json", "tavla_pick_test.json"])
def _(m):
    def mac(seed, game_id, c, n, block):
        return m.hmac_sha256(seed, m.CTX_ROLL + game_id + c[0] + c[1] + n.to_bytes(4, "little") + block.to_bytes(4, "little"))
    m.tavla_block_mac = mac


@mutant("tavla-no-carry", "second die not carried into the next block", ["tavla_*"])
def _(m):
    def roll(seed, game_id, c, n):
        for block in range(m.TAVLA_MAX_BLOCKS):
            ok = [b % 6 + 1 for b in m.tavla_block_mac(seed, game_id, c, n, block) if b < 252]
            if len(ok) >= 2:
                return ok[:2]
        raise m.BadInput("seed", "none")
    m.tavla_roll_dice = roll
    def pick(blocks):
        for count, block in enumerate(blocks, start=1):
            ok = [b % 6 + 1 for b in block if b < 252]
            if len(ok) >= 2:
                return ok[:2], count
        return None
    m.tavla_pick = pick


@mutant("guid-byte-order", "game id bytes in Microsoft GUID order (first three groups little-endian)", ["tavla_*"])
def _(m):
    orig = m.uuid_bytes
    def uuid(field, s):
        b = orig(field, s)
        return b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:]
    m.uuid_bytes = uuid


@mutant("rfc4648-base32", "seal code in RFC 4648 base32 instead of Crockford's", ["tavla_commitment_test.json"])
def _(m):
    m.CROCKFORD = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


@mutant("code-point-key-sort", "canonical JSON keys sorted by code point instead of UTF-16 units", ["canonical_json_test.json", "tavla_commitment_test.json"])
def _(m):
    orig = m.canon_serialize
    def ser(v):
        if isinstance(v, dict):
            return "{" + ",".join(m.canon_string(k) + ":" + ser(v[k]) for k in sorted(v)) + "}"
        if isinstance(v, list):
            return "[" + ",".join(ser(x) for x in v) + "]"
        return orig(v)
    m.canon_serialize = ser


@mutant("unsafe-integers", "canonical JSON accepts integers beyond 2^53 - 1", ["canonical_json_test.json", "tavla_commitment_test.json"], wrong=["unsafe-integers", "tavla-unsafe-integers"])
def _(m):
    orig = m.canon_check
    m.MAX_SAFE = 2 ** 64


@mutant("tavla-accept-252", "tavla dice accept bytes 252..255", ["tavla_*"])
def _(m):
    def pick(blocks):
        dice = []
        for count, block in enumerate(blocks, start=1):
            for b in block:
                dice.append(b % 6 + 1)
                if len(dice) == 2:
                    return dice, count
        return None
    m.tavla_pick = pick
    def roll(seed, game_id, c, n):
        return pick([m.tavla_block_mac(seed, game_id, c, n, k) for k in range(2)])[0]
    m.tavla_roll_dice = roll


# --- derived edges (specs/derived-edges.md) -------------------------------------------------------
# One realistic bug per derived rule that no vector caught before the derived files existed: each
# passes every vector of its family's own files and fails a derived one (`mutants.py power`).

DERIVED = []  # the mutants of the derived rules, in rule order


def derived(name, what, family, wrong, flags=()):
    DERIVED.append(name)
    return mutant(name, what, [family + "_*"], wrong=[wrong] if wrong else [], flags=flags)


def _set(key, fn):
    """A params rewrite: member |key| through |fn| where present."""
    def rewrite_params(p):
        if key in p:
            p[key] = fn(p[key])
        return p
    return rewrite_params


def _refuse(key, when):
    """A params check that refuses member |key| where |when| holds of it."""
    def check(p):
        if key in p and when(p[key]):
            raise common.BadInput(key, "refused by the port")
        return p
    return check


# Its bug is hmac-dice-exclusive-minimum's on one member. That port refuses every member at its
# minimum, so the family's passing calls at other minima (one client seed, a 16-byte seed)
# contradict it 61 times and the diagnosis cannot rank it first: the mutant lists its flag instead.
@derived("link-rolls-at-least-two", "hmac_dice.build_link refuses a match of one roll (rolls > 1)", "hmac_dice",
         None, flags=["AtMinimum"])
def _(m):
    rewrite(m, "hmac_dice.build_link", params=_refuse("rolls", lambda v: v == 1))


@derived("count-below-max", "stake.floats refuses count = 1024 (the check is count < 1024)", "stake",
         "stake-exclusive-maximum")
def _(m):
    rewrite(m, "stake.floats", params=_refuse("count", lambda v: v == 1024))


@derived("negative-nonce-clamped", "stake.floats reads a negative nonce as 0 (Math.max(0, nonce))", "stake",
         "stake-unchecked-range")
def _(m):
    rewrite(m, "stake.floats", params=_set("nonce", lambda v: 0 if isinstance(v, int) and not isinstance(v, bool)
                                            and v < 0 else v))


@derived("floats-cursor-clamped", "stake.floats reads a cursor above 2^53 - 1 as 2^53 - 1", "stake",
         "stake-unchecked-range")
def _(m):
    rewrite(m, "stake.floats", params=_set("cursor", lambda v: min(v, 2**53 - 1) if isinstance(v, int)
                                           and not isinstance(v, bool) else v))


@derived("missing-nonce-zero", "cursor.unit reads a missing nonce as 0 (a struct's zero value)", "cursor",
         "cursor-zero-valued")
def _(m):
    rewrite(m, "cursor.unit", params=lambda p: p if "nonce" in p else dict(p, nonce=0))


@derived("null-salt-absent", "crash.point reads a null salt as no salt", "crash", "crash-null-as-absent")
def _(m):
    rewrite(m, "crash.point", params=lambda p: {k: v for k, v in p.items() if not (k == "salt" and v is None)})


@derived("empty-salt-refused", "stake.crash refuses an empty salt", "stake", "stake-empty-rejected")
def _(m):
    rewrite(m, "stake.crash", params=_refuse("salt", lambda v: v == ""))


@derived("games-as-text", "hmac_dice.verify_match converts games' items with Number(): \"2\" for 2", "hmac_dice",
         "hmac-dice-nested-integer-as-text")
def _(m):
    rewrite(m, "hmac_dice.verify_match", params=_set("games", lambda v: [
        int(x) if isinstance(x, str) and x.isdigit() else x for x in v] if isinstance(v, list) else v))


@derived("games-as-floats", "hmac_dice.verify_match reads games' items as doubles: 2.0 for 2", "hmac_dice",
         "hmac-dice-nested-integral-float")
def _(m):
    rewrite(m, "hmac_dice.verify_match", params=_set("games", lambda v: [
        int(x) if isinstance(x, float) and x == int(x) else x for x in v] if isinstance(v, list) else v))


@derived("options-bool-as-integer", "cursor.game takes true and false for 1 and 0 inside the options", "cursor",
         "cursor-nested-boolean-as-integer")
def _(m):
    rewrite(m, "cursor.game", params=_set("options", lambda v: {
        k: int(x) if isinstance(x, bool) else x for k, x in v.items()} if isinstance(v, dict) else v))


@derived("risk-folded", "stake.game reads options.risk trimmed and in lower case", "stake", "stake-loose-names")
def _(m):
    def loose(o):
        if isinstance(o, dict) and isinstance(o.get("risk"), str):
            o = dict(o, risk=o["risk"].strip(" \t\n\r\u00a0\u3000\ufeff").lower())
        return o
    rewrite(m, "stake.game", params=_set("options", loose))


@derived("game-hash-trimmed", "stake.crash trims white space around the game hash", "stake", "stake-trimmed-hex")
def _(m):
    rewrite(m, "stake.crash", params=_set("gameHash", lambda v: v.strip() if isinstance(v, str) else v))


# --- output domains (EveryOutcome, specs/stake-v1.md §7) ------------------------------------------
# One payout-table entry copied wrong: no test of the kit asked that entry before the EveryOutcome
# tests of stake_event_test.json (every bucket and segment of every table).

@mutant("plinko-table-typo", "plinko's 13-row high table has 1.4 for 1 at its third entry from the centre (buckets 4 and 9)",
        ["stake_*"], wrong=[], flags=["EveryOutcome"])
def _(m):
    table = {rows: dict(risks) for rows, risks in m.PLINKO.items()}
    table[13]["high"] = [0.2, 0.2, 1.4, 4, 11, 37, 260]
    m.PLINKO = table


@mutant("wheel-table-typo", "wheel's 40-segment medium table pays 1.5 at segment 3 (a 0 there)",
        ["stake_*"], wrong=[], flags=["EveryOutcome"])
def _(m):
    table = dict(m.WHEEL_MEDIUM)
    table[40] = table[40][:3] + [1.5] + table[40][4:]
    m.WHEEL_MEDIUM = table


# --- reports and loose checks ---------------------------------------------------------------------

@mutant("match-first-mismatch-only", "match verification stops at the first mismatching roll", ["hmac_dice_match_test.json"])
def _(m):
    rewrite(m, "hmac_dice.verify_match", result=lambda r: {**r, "mismatches": r["mismatches"][:1]})


@mutant("proof-kinds-unchecked", "proof roll kinds not checked against the opening rule", ["tavla_verify_test.json"])
def _(m):
    rewrite(m, "tavla.verify_proof", result=lambda r: {"verified": True, "failedCheck": None}
            if str(r["failedCheck"]).endswith(".kind") else r)


@mutant("proof-extra-members", "proof files with unknown members accepted", ["tavla_verify_test.json"], wrong=[], flags=["SchemaViolation"])
def _(m):
    orig = m.opt_check_exact
    def check(obj, names, prefix=""):
        orig({k: v for k, v in obj.items() if k in names}, names, prefix)
    m.opt_check_exact = check


@mutant("proof-check-order", "commitment checked before the settings hash (the wrong failing check reported)", ["tavla_verify_test.json"])
def _(m):
    rewrite(m, "tavla.verify_proof", result=lambda r: {"verified": False, "failedCheck": "commitment"}
            if r["failedCheck"] == "settingsHash" else r)


@mutant("string-as-integer", "decimal strings accepted in integer fields", ["hmac_dice_roll_test.json", "hmac_dice_pick_test.json", "cursor_unit_test.json", "tavla_roll_test.json"], wrong=["string-as-integer", "cursor-string-as-integer", "tavla-integer-as-text"])
def _(m):
    orig = m.p_int
    def p_int(params, name, lo, hi):
        v = m.p_get(params, name)
        if isinstance(v, str) and v.isdigit():
            params = dict(params)
            params[name] = int(v)
        return orig(params, name, lo, hi)
    m.p_int = p_int


@mutant("crash-trimmed-salt", "crash salt whitespace trimmed although the spec says as given", ["crash_point_test.json"])
def _(m):
    rewrite(m, "crash.point", params=trimmed_salt)


# --------------------------------------------------------------------------------------------------

def run_port(names):
    import fairvec_port
    modules = [fairvec_port, sys.modules["common"]] + fairvec_port.FAMILY_MODULES
    for name in names.split("+"):
        CATALOG[name][4](Ops(*modules))
    fairvec_port.main()


def wrong_ports(vectors):
    with open(os.path.join(vectors, "wrong_ports.json"), encoding="utf-8") as f:
        return {w["name"]: w for w in json.load(f)["wrongPorts"]}


def run_check_port(fairvec, vectors, only, port):
    cmd = [fairvec, "check-port", "--quiet-port", "--timeout-ms", "20000", "--random", "0", "--json", "-",
           "--vectors", vectors]
    for o in only:
        cmd += ["--only", o]
    cmd += ["--", sys.executable, os.path.abspath(__file__), "port", port]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"check-port exit {p.returncode}: {p.stderr[-600:]}")
    return json.loads(p.stdout)


def placing(diagnosis, name):
    """Where |name| stands: ("first", tied) when no suspect scores above it, ("lower", rank) when one
    does, ("none", 0) when it explains no failing call."""
    score = lambda s: (s["calls"] - s["contradicted"], s["calls"])
    suspects = diagnosis["suspects"]
    mine = next((s for s in suspects if s["name"] == name), None)
    if mine is None:
        return "none", 0
    above = [s for s in suspects if score(s) > score(mine)]
    if above:
        return "lower", len(above) + 1
    return "first", len([s for s in suspects if s["name"] != name and score(s) == score(mine)])


def check_one(fairvec, name, vectors):
    """Checks mutant |name|: (name, killed, kill note, diagnosis outcome, diagnosis note)."""
    what, only, wrong, own_flags, _ = CATALOG[name]
    catalog = wrong_ports(vectors)
    unknown = [w for w in wrong if w not in catalog]
    if unknown:
        return name, False, "names wrong ports the kit does not have: " + ", ".join(unknown), "none", ""
    flags = set(own_flags)
    for w in wrong:
        flags.update(catalog[w]["flags"])
    try:
        report = run_check_port(fairvec, vectors, only, name)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        return name, False, str(e), "none", ""
    failed = [v for v in report["vectors"] if v["status"] == "failed"]
    killing = [v for v in failed if not v["portBroke"] and any(f["name"] in flags for f in v["flags"])]
    if not failed:
        kill = (False, "SURVIVED: no vector failed")
    elif not killing:
        kill = (False, "failed only through vectors without its flags (%s): %s" % (
            ", ".join(sorted(flags)), ", ".join(sorted({f["name"] for v in failed for f in v["flags"]}))))
    else:
        kill = (True, "%d failing vectors, %d with its flags (%s)" % (
            len(failed), len(killing), ", ".join(sorted({f["name"] for v in killing for f in v["flags"]} & flags)[:4])))
    d = report["diagnosis"]
    if not wrong:
        return (name,) + kill + ("no-wrong-port", "the kit has no wrong port for it; %d of %d failing calls unexplained"
                                 % (d["unexplainedCalls"], d["failingCalls"]))
    outcome, notes = "first", []
    leading = {s["name"] for s in d["suspects"] if s["leading"] or any(s["name"] in t["same"] for t in d["suspects"])}
    for i, w in enumerate(wrong):
        where, n = placing(d, w)
        if where == "first" and w not in leading:
            where = "lower"
        if i > 0 and where == "lower" and w in leading:
            where, n = "named", placing(d, w)[1]  # a further family's share, named in the opening
        if where not in ("first", "named"):
            outcome = "none" if where == "none" and outcome != "lower" else "lower"
        notes.append(f"{w}: " + ({"first": "ranked first" + (f" (tied with {n})" if n else ""),
                                  "named": f"ranked {n}, named in the opening for its share",
                                  "lower": f"ranked {n}", "none": "not named"}[where]))
    return (name,) + kill + (outcome, "; ".join(notes))


def check_pair(fairvec, vectors, a, b, only):
    """A port with bugs |a| and |b|: both named in the opening, each with its share."""
    report = run_check_port(fairvec, vectors, only, a + "+" + b)
    d = report["diagnosis"]
    for line in d["lines"]:
        print("  " + line)
    ok = True
    for name in (a, b):
        for w in CATALOG[name][2]:
            s = next((s for s in d["suspects"] if s["name"] == w), None)
            named = s is not None and (s["leading"] or any(w in t["same"] for t in d["suspects"] if t["leading"]))
            print(f"{'named   ' if named else 'MISSING '} {w}: " +
                  (f"{s['vectors']} of {d['failingVectors']} failing vectors, {s['calls']} of {d['failingCalls']} failing calls"
                   if s else "explains no failing call"))
            ok &= named
    return 0 if ok else 1


def check_power(fairvec, vectors, jobs):
    """The derived rules' measured power: each mutant of DERIVED passes every vector of its family's
    own files (no vector caught it before the derived files existed) and is killed, and diagnosed,
    with the derived file."""
    def own_files(family):
        return sorted(f for f in os.listdir(vectors)
                      if f.startswith(family + "_") and f.endswith("_test.json") and not f.endswith("_derived_test.json"))

    def one(name):
        family = CATALOG[name][1][0][:-2]
        report = run_check_port(fairvec, vectors, own_files(family), name)
        before = [f"{v['file']}#{v['tcId']}" for v in report["vectors"] if v["status"] == "failed"]
        return before, check_one(fairvec, name, vectors)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, DERIVED))
    ok = 0
    for name, (before, (_, killed, why, outcome, dnote)) in zip(DERIVED, results):
        good = not before and killed and outcome in ("first", "no-wrong-port")
        ok += good
        print(f"{'ok      ' if good else 'FAILED  '} {name:30} own files: "
              + ("all pass" if not before else "CAUGHT BEFORE by " + ", ".join(before[:4]))
              + f"; with the derived file: {why}; diagnosis: {dnote}")
    print(f"power: {ok} of {len(DERIVED)} derived-rule mutants pass their family's own files and are killed "
          f"and diagnosed by its derived file")
    return 0 if ok == len(DERIVED) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("port")
    p.add_argument("name")
    c = sub.add_parser("check")
    c.add_argument("--fairvec", required=True)
    c.add_argument("--vectors", required=True)
    c.add_argument("-j", type=int, default=2)
    c.add_argument("names", nargs="*")
    pr = sub.add_parser("pair")
    pr.add_argument("--fairvec", required=True)
    pr.add_argument("--vectors", required=True)
    pr.add_argument("--only", action="append", required=True)
    pr.add_argument("a")
    pr.add_argument("b")
    pw = sub.add_parser("power")
    pw.add_argument("--fairvec", required=True)
    pw.add_argument("--vectors", required=True)
    pw.add_argument("-j", type=int, default=2)
    sub.add_parser("list")
    a = ap.parse_args()
    if a.cmd == "power":
        return check_power(a.fairvec, a.vectors, a.j)
    if a.cmd == "port":
        bad = [n for n in a.name.split("+") if n not in CATALOG]
        if bad:
            ap.error("no mutant " + ", ".join(bad) + " (mutants.py list)")
        return run_port(a.name)
    if a.cmd == "list":
        for n, (what, only, wrong, flags, _) in sorted(CATALOG.items()):
            print(f"{n:26} {what}")
        return 0
    if a.cmd == "pair":
        return check_pair(a.fairvec, a.vectors, a.a, a.b, a.only)
    names = a.names or sorted(CATALOG)
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as pool:
        results = list(pool.map(lambda n: check_one(a.fairvec, n, a.vectors), names))
    killed, count = 0, {"first": 0, "lower": 0, "none": 0, "no-wrong-port": 0}
    for name, ok, why, outcome, dnote in results:
        killed += ok
        count[outcome] += 1
        print(f"{'killed  ' if ok else 'FAILED  '} {name:26} {why}")
        print(f"{'' if outcome in ('first', 'no-wrong-port') else 'MISDIAGNOSED'}{' ' * 10}diagnosis: {dnote}")
    print(f"mutants: {killed} of {len(results)} killed by a failing vector carrying one of their flags "
          f"({100.0 * killed / len(results):.0f}%)")
    with_port = len(results) - count["no-wrong-port"]
    print(f"diagnosis: {count['first']} of {with_port} mutants with wrong ports in the kit diagnosed as them, "
          f"ranked first; {count['lower']} ranked lower; {count['none']} not named; "
          f"{count['no-wrong-port']} without a wrong port in the kit")
    return 0 if killed == len(results) and count["first"] == with_port else 1


if __name__ == "__main__":
    sys.exit(main())
