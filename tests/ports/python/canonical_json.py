"""canonical_json.py - the canonical_json and canonical_json.hex ops of the example port
(spec canonical-json.md): RFC 8785 (JCS) restricted to objects, arrays, strings, true, false, null
and integers |i| <= 2^53 - 1."""

from common import BadInput, JNegZero, MAX_SAFE, hex_bytes, json_loads, p_get, p_str, utf8

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


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "canonical_json": op_canonical_json,
    "canonical_json.hex": op_canonical_json_hex,
}
