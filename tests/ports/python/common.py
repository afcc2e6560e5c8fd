"""common.py - what every op of the example port shares: the error BadInput, JSON parsing that
keeps what canonical JSON must reject, parameter readers, hex, HMAC-SHA256 and SHA-256."""

import hashlib
import hmac
import json
import re

MAX_SAFE = 2**53 - 1          # largest integer a JavaScript number holds exactly
U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1


class BadInput(Exception):
    """The input is invalid as a spec defines it (port error `bad_input`)."""

    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field


# ------------------------------------------------------------------------------------------------
# JSON parsing that keeps what canonical JSON must reject (spec canonical-json.md)
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

HEX = re.compile(r"[0-9a-fA-F]*\Z")


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


def p_typed(params, name, kind, what):
    """A param of JSON type |kind| (str or list); |what| names the type in the error."""
    v = p_get(params, name)
    if not isinstance(v, kind):
        raise BadInput(name, f"not {what}")
    return v


def p_str(params, name):
    return p_typed(params, name, str, "a string")


def p_array(params, name):
    return p_typed(params, name, list, "an array")


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
    if not HEX.match(s) or len(s) % 2:
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
