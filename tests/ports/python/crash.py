"""crash.py - the crash.* ops of the example port (spec crash.md)."""

import math

from common import BadInput, hex_bytes, hmac_sha256, p_get, p_str, sha256, utf8

# ================================================================================================
# crash (spec crash.md)
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


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "crash.point": op_crash_point,
    "crash.previous": op_crash_previous,
    "crash.from_hash": op_crash_from_hash,
}
