"""Differential rows of canonical JSON (specs/canonical-json.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

from differential import (Rows, json_text, rand_json_value, rand_settings)

ROWS = Rows()


_BAD_JSON = [
    "", " ", "1.0", "1e2", "1E+2", "-0", "[-0]", "0.5", "9007199254740992", "-9007199254740992",
    "123456789012345678901234567890", '{"a":1,"a":2}', '{"a":1,"\\u0061":2}', '"\\ud800"',
    '"\\udc00"', '"\\ud800x"', '["\\ud83d\\ud83d"]', "NaN", "Infinity", "-Infinity", "[1,]",
    "{'a':1}", "01", "[01]", "+1", "tru", "nul", "[", "{", '{"a"}', '{"a":}', "[1 2]", '"\t"',
    '"\\x41"', "1 2", "[] []", "{\"a\":1}}", '"abc', "\u00a0[]", "[1]\u00a0", "/*c*/1",
    "[0.0]", "[1.5e300]", '{"x":-0}', '{"\\ud800":1}', '"a\u0000"', "\ufeff[]", ".5", "-",
    "[-]", "--1", "0x1", "[1e-0]", "1.", '"\\u12"', '"\\uzzzz"',
]


@ROWS.row("canonical_json")
class CanonicalJson:
    def valid(rng):
        if rng.random() < 0.02:
            return {"json": nested(rng, rng.randint(1, 128))}
        v = rand_json_value(rng) if rng.random() < 0.5 else rand_settings(rng)
        return {"json": json_text(rng, v)}

    def invalid(rng):
        r = rng.random()
        if r < 0.05:
            return {"json": nested(rng, rng.randint(129, 300))}
        if r < 0.5:
            return {"json": rng.choice(_BAD_JSON)}
        # a valid document with one forbidden value planted inside
        bad = rng.choice(["1.5", "-0", "1e3", "9007199254740992", "-9007199254740993", "0.0",
                          '"\\ud800"', "NaN", "1E0", "-0.0", "18446744073709551616"])
        v = rand_settings(rng)
        return {"json": json_text(rng, v, ws=False)[:-1] + ',"zz\u00e9":' + bad + "}"}


def nested(rng, depth):
    """A JSON text nested `depth` levels deep (arrays and objects mixed)."""
    opens, closes = [], []
    for _ in range(depth):
        if rng.random() < 0.5:
            opens.append("[")
            closes.append("]")
        else:
            opens.append('{"k":')
            closes.append("}")
    return "".join(opens) + "1" + "".join(reversed(closes))


_BAD_UTF8 = [b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80",
             b"\xf8\x88\x80\x80\x80", b"\x80", b"\xbf", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98",
             b"\xff", b"\xfe", b"\xc1\xbf"]


@ROWS.row("canonical_json.hex")
class CanonicalJsonHex:
    def valid(rng):
        text = CanonicalJson.valid(rng)["json"]
        h = text.encode("utf-8").hex()
        return {"jsonHex": h.upper() if rng.random() < 0.1 else h}

    def invalid(rng):
        r = rng.random()
        if r < 0.3:
            return {"jsonHex": CanonicalJson.invalid(rng)["json"].encode("utf-8").hex()}
        if r < 0.4:
            return {"jsonHex": (b"\xef\xbb\xbf" + b'{"a":1}').hex()}
        if r < 0.5:
            return {"jsonHex": rng.choice(["0", "zz", "7b7", "7b 7d"])}
        # ill-formed UTF-8 inside a string or a key
        bad = rng.choice(_BAD_UTF8)
        return {"jsonHex": rng.choice([b'["' + bad + b'"]', b'{"' + bad + b'":1}',
                                       b'"a' + bad + b'b"']).hex()}


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
EDGES = {
    "canonical_json": [{"json": t} for t in (
        "[" * 128 + "]" * 128, "[" * 129 + "]" * 129, '{"a":' * 128 + "1" + "}" * 128,
        '{"a":' * 129 + "1" + "}" * 129, "[1]\u0000", "\u0000", '"\\u0000"',
        "-9007199254740991", "1 ", "\u000b1", '"\u007f\u2028"', "\ufeff1", "[1]\n",
        '{"\\ud83d\\ude00":1,"\\ufb33":2,"\\uff5e":3}', '"\\uD83D\\uDE00"')],
    "canonical_json.hex": [{"jsonHex": h} for h in ("efbbbf5b5d", "5B5D", "", "5b5d00",
                                                    "22eda08022", "22f4908080", "22c0af22")],
}
