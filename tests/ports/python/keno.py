"""keno.py - the keno.* ops of the example port (spec keno-v1.md)."""

import math

from common import BadInput, hex_bytes, hmac_sha256, p_array, p_str, sha256, utf8

# ================================================================================================
# keno-v1 (spec keno-v1.md)
# ================================================================================================

def keno_balls(links):
    """spec keno-v1.md §2 steps 2-5 over links 1..10 (digests)."""
    pool = list(range(1, 41))
    balls = []
    for i, digest in enumerate(links, start=1):
        remaining = 41 - i
        h = int.from_bytes(digest[:7], "big") >> 4     # K5: leading 52 bits
        norm = h / 2.0**52                              # exact
        index = math.floor(norm * remaining)            # K6: product rounded once, then floored
        balls.append(pool[index])
        pool[index], pool[remaining - 1] = pool[remaining - 1], pool[index]   # K8: swap to end
    return balls


def op_keno_pick(params):
    # spec keno-v1.md §5 (added op): exactly 10 links of 64 hex digits, either case.
    links = p_array(params, "links")
    if len(links) != 10:
        raise BadInput("links", "must hold exactly 10 links")
    return {"balls": keno_balls([hex_bytes(f"links[{i}]", x, exact=32)
                                 for i, x in enumerate(links)])}


def op_keno_draw(params):
    # Pinned: key = salt's UTF-8 bytes; message = previous link as lowercase hex text;
    # link 0 = the ticket's random hash; ball i uses link i = HMAC(salt, link i-1); pool 1..40.
    # K10: both must be strings of well-formed text; randomHash is checked first.
    link = utf8("randomHash", p_str(params, "randomHash"))   # K3: link 0 is the text as given
    salt = utf8("salt", p_str(params, "salt"))               # K1, K4
    links = []
    for _ in range(10):
        digest = hmac_sha256(salt, link)
        links.append(digest)
        link = digest.hex().encode("ascii")                  # K2: lowercase hex text
    return {"balls": keno_balls(links)}


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "keno.draw": op_keno_draw,
    "keno.pick": op_keno_pick,
}
