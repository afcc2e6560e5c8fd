"""The group types of canonical JSON (specs/canonical-json.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import fairvec_ref as ref
from recompute import Handlers, Mismatch, ok_or_error

HANDLERS = Handlers()


@HANDLERS.handles("CanonicalJson", "CanonicalJsonInvalid")
def h_canonical(t):
    text = t.inp("json")
    if text is None:
        # Not UTF-8: the bytes exist only as hex; they must not decode.
        t.inp("jsonHex")
        try:
            bytes.fromhex(t.t["jsonHex"]).decode("utf-8")
            raise Mismatch("json is null but jsonHex is UTF-8")
        except UnicodeDecodeError:
            t.checks += 1
    else:
        t.eq("jsonHex", text.encode("utf-8").hex())
    ok, r = ok_or_error(t, lambda: ref.op_canonical_json_hex({"jsonHex": t.t["jsonHex"]}))
    if ok:
        t.eq("canonical", r["canonical"])
        t.eq("canonical", ref.op_canonical_json({"json": text})["canonical"])
        t.eq("canonicalHex", r["canonicalHex"])
        t.eq("sha256", ref.sha256(r["canonical"].encode("utf-8")).hex())
    else:
        if text is not None:
            # The text form must be rejected as well, naming the same field.
            t.error(lambda: ref.op_canonical_json({"json": text}))
    return ok
