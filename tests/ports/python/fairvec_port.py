#!/usr/bin/env python3
"""fairvec_port.py - an example port for `fairvec check-port`, in Python's standard library.

A port is a program that reads one JSON request per line on stdin and writes one JSON reply per
line on stdout (port protocol v1, specs/port-protocol.md). This file is the protocol side, the
part every port needs whatever its language: framing, the hello handshake, dispatch to ops, and
the mapping of invalid input to the error `bad_input`. The ops are in one file per family beside
it (common.py, hmac_dice.py, cursor.py, keno_crash.py, tavla.py, canonical_json.py), standard
library only and importing nothing outside this directory: copy the directory and replace the ops
with your own. As it stands it passes every vector:

    fairvec check-port --require-all -- python3 tests/ports/python/fairvec_port.py

tests/ports/mutants/ replaces single functions of those ops with realistic bugs and checks that
check-port catches each one with a flag that names it. The same modules are fairvec's independent
reference (tests/reference/fairvec_ref.py re-exports them): the C++ library is cross-checked
against them on random inputs and every vector member is recomputed with them.
"""

import json
import sys

import canonical_json
import cursor
import hmac_dice
import keno_crash
import tavla
from common import BadInput, json_loads

NAME = "fairvec example port (python)"

# OPS maps each op this port implements to its function(params dict) -> result dict, which raises
# BadInput for input the spec calls invalid. hello lists these ops; check-port skips the vectors
# of any op not listed.
OPS = {
    "hmac_dice.seal": hmac_dice.op_hd_seal,
    "hmac_dice.roll": hmac_dice.op_hd_roll,
    "hmac_dice.message": hmac_dice.op_hd_message,
    "hmac_dice.pick": hmac_dice.op_hd_pick,
    "hmac_dice.parse_recorded": hmac_dice.op_hd_parse_recorded,
    "hmac_dice.parse_link": hmac_dice.op_hd_parse_link,
    "hmac_dice.build_link": hmac_dice.op_hd_build_link,
    "hmac_dice.verify_match": hmac_dice.op_hd_verify_match,
    "cursor.unit": cursor.op_cur_unit,
    "cursor.u64_to_unit": cursor.op_cur_u64_to_unit,
    "cursor.pool_hop": cursor.op_cur_pool_hop,
    "cursor.commitment": cursor.op_cur_commitment,
    "cursor.game": cursor.op_cur_game,
    "cursor.draw": cursor.op_cur_draw,
    "cursor.limbo": cursor.op_cur_limbo,
    "keno.draw": keno_crash.op_keno_draw,
    "keno.pick": keno_crash.op_keno_pick,
    "crash.point": keno_crash.op_crash_point,
    "crash.previous": keno_crash.op_crash_previous,
    "crash.from_hash": keno_crash.op_crash_from_hash,
    "tavla.commitment": tavla.op_tavla_commitment,
    "tavla.block": tavla.op_tavla_block,
    "tavla.pick": tavla.op_tavla_pick,
    "tavla.roll": tavla.op_tavla_roll,
    "tavla.seal_code": tavla.op_tavla_seal_code,
    "tavla.game": tavla.op_tavla_game,
    "tavla.verify_proof": tavla.op_tavla_verify_proof,
    "canonical_json": canonical_json.op_canonical_json,
    "canonical_json.hex": canonical_json.op_canonical_json_hex,
}


def handle(request):
    """handle answers one request (a parsed JSON value) with one reply object."""
    rid = request.get("id") if isinstance(request, dict) else None
    if not isinstance(rid, int) or isinstance(rid, bool):
        # Not a request at all: the protocol answers with id null.
        return {"id": None, "ok": False, "error": "bad_input", "message": "not a request"}
    op, params = request.get("op"), request.get("params", {})
    if op == "hello":
        if not isinstance(params, dict) or params.get("protocol") != 1 or isinstance(params.get("protocol"), bool):
            return {"id": rid, "ok": False, "error": "bad_input", "message": "protocol must be 1"}
        return {"id": rid, "ok": True, "result": {"name": NAME, "protocol": 1, "ops": list(OPS)}}
    fn = OPS.get(op)
    if fn is None:
        return {"id": rid, "ok": False, "error": "unsupported"}
    if not isinstance(params, dict):
        return {"id": rid, "ok": False, "error": "bad_input", "message": "params is not an object"}
    try:
        return {"id": rid, "ok": True, "result": fn(params)}
    except BadInput as e:  # the input is invalid as the spec defines it
        return {"id": rid, "ok": False, "error": "bad_input", "message": f"params.{e}"}


def main():
    sys.setrecursionlimit(10000)  # canonical JSON nests up to 129 levels in the vectors
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\r\n")
        if not line.strip():
            continue
        try:
            # json_loads keeps what canonical JSON must reject (fractions, -0, duplicate keys).
            request = json_loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            request = None
        reply = handle(request)
        # One line per reply, flushed: the checker waits for it before sending the next request.
        out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass") + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
