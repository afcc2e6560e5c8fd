"""The group types of keno-v1 (specs/keno-v1.md), recomputed: every member of every test.

recompute.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import math

import fairvec_ref as ref
from recompute import ok_or_error, Handlers

HANDLERS = Handlers()


def keno_trace(links):
    pool = list(range(1, 41))
    h52s, indices, balls = [], [], []
    for i, digest in enumerate(links, start=1):
        remaining = 41 - i
        h = int(digest.hex()[:13], 16)
        index = math.floor((h / 2.0**52) * remaining)
        h52s.append(h)
        indices.append(index)
        balls.append(pool[index])
        pool[index], pool[remaining - 1] = pool[remaining - 1], pool[index]
    return h52s, indices, balls


@HANDLERS.handles("KenoDraw")
def h_keno_draw(t):
    params = {"randomHash": t.inp("randomHash"), "salt": t.inp("salt")}
    ok, r = ok_or_error(t, lambda: ref.op_keno_draw(params))
    if ok:
        salt = params["salt"].encode()
        link = params["randomHash"].encode()
        links = []
        for _ in range(10):
            d = ref.hmac_sha256(salt, link)
            links.append(d)
            link = d.hex().encode()
        t.eq("links", [d.hex() for d in links])
        h52s, indices, balls = keno_trace(links)
        t.eq("h52", h52s)
        t.eq("indices", indices)
        t.eq("balls", balls)
        t.eq("balls", r["balls"])
    return ok


@HANDLERS.handles("KenoPick")
def h_keno_pick(t):
    params = {"links": t.inp("links")}
    ok, r = ok_or_error(t, lambda: ref.op_keno_pick(params))
    if ok:
        h52s, indices, balls = keno_trace([bytes.fromhex(x) for x in params["links"]])
        t.eq("h52", h52s)
        t.eq("indices", indices)
        t.eq("balls", balls)
        t.eq("balls", r["balls"])
    return ok
