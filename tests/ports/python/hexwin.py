"""hexwin.py - the hexwin.* ops of the example port (spec hexwin-v1.md), written from the spec."""

import hashlib
import hmac
import re

from common import MAX_SAFE, BadInput, hex_bytes, p_int, p_str, utf8  # noqa: F401

# ================================================================================================
# hexwin-v1 (spec hexwin-v1.md)
# ================================================================================================

# §3: name -> (digesting, message template, mapping, exhaustion). Every convention hashes with SHA-512.
HEXWIN_CONVENTIONS = {
    "primedice": ("hmac", "{client}-{nonce}", "mod1e4/100", "9999"),
    "just-dice": ("hmac", "{client}:{nonce}", "/1e4", "tail"),
    "duckdice": ("plain", "{server}{client}{nonce}", "mod1e4", "tail"),
    "bcgame-hash-dice": ("plain", "{server}{client}{nonce}", "mod1e5", "tail"),
}


def hexwin_convention(params):
    name = p_str(params, "convention")
    if name not in HEXWIN_CONVENTIONS:
        raise BadInput("convention", "not a hexwin-v1 convention")
    return HEXWIN_CONVENTIONS[name]


def hexwin_map(mapping, v):
    """§2 step 4, in binary64."""
    if mapping == "mod1e4/100":
        return (v % 10000) / 100
    if mapping == "/1e4":
        return v / 10000
    if mapping == "mod1e4":
        return float(v % 10000)
    return float(v % 100000)


def hexwin_read(conv, digest):
    """§2 steps 2-5 over a digest (bytes): (windows, exhausted, value, roll)."""
    h = digest.hex()
    windows = []
    for i in range(len(h) // 5):
        v = int(h[5 * i:5 * i + 5], 16)
        windows.append(v)
        if v < 1000000:
            return windows, False, v, hexwin_map(conv[2], v)
    v = 9999 if conv[3] == "9999" else int(h[5 * len(windows):], 16)
    return windows, True, v, hexwin_map(conv[2], v)


def hexwin_message(conv, server, client, nonce):
    """§2 step 1, in one pass: a seed holding `{nonce}` is text, not a placeholder."""
    values = {"server": server, "client": client, "nonce": str(nonce)}
    return re.sub(r"\{(server|client|nonce)\}", lambda m: values[m.group(1)], conv[1]).encode("utf-8")


def hexwin_bet(conv, server, client, nonce):
    """(message, digest) of one bet; server and client are str."""
    msg = hexwin_message(conv, server, client, nonce)
    if conv[0] == "plain":
        return msg, hashlib.sha512(msg).digest()
    return msg, hmac.new(server.encode("utf-8"), msg, hashlib.sha512).digest()


def op_hexwin_roll(params):
    conv = hexwin_convention(params)
    server = p_str(params, "serverSeed")
    utf8("serverSeed", server)
    client = p_str(params, "clientSeed")
    utf8("clientSeed", client)
    nonce = p_int(params, "nonce", 0, MAX_SAFE)
    return {"roll": hexwin_read(conv, hexwin_bet(conv, server, client, nonce)[1])[3]}


def op_hexwin_from_hex(params):
    conv = hexwin_convention(params)
    return {"roll": hexwin_read(conv, hex_bytes("digest", p_str(params, "digest"), exact=64))[3]}


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "hexwin.roll": op_hexwin_roll,
    "hexwin.from_hex": op_hexwin_from_hex,
}
