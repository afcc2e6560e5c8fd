#!/usr/bin/env python3
"""fairvec_port.py - an example port for `fairvec check-port`, in Python's standard library.

A port is a program that reads one JSON request per line on stdin and writes one JSON reply per
line on stdout (port protocol v1, specs/port-protocol.md). This file is the protocol side, the
part every port needs whatever its language: framing, the hello handshake, dispatch to ops, and
the mapping of invalid input to the error `bad_input`. Copy it and put your implementation of each
op in OPS. Here the ops are those of the independent reference port (tests/reference/), so that
this example passes every vector:

    fairvec check-port --require-all -- python3 tests/ports/python/fairvec_port.py

tests/ports/mutants/ replaces single functions of those ops with realistic bugs and checks that
check-port catches each one with a flag that names it.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "reference"))
import fairvec_ref as ops  # noqa: E402  (the op implementations: replace with your own)

NAME = "fairvec example port (python)"
OPS = ops.OPS  # op name -> function(params dict) -> result dict; raises ops.BadInput


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
    except ops.BadInput as e:  # the input is invalid as the spec defines it
        return {"id": rid, "ok": False, "error": "bad_input", "message": f"params.{e}"}


def main():
    sys.setrecursionlimit(10000)  # canonical JSON nests up to 129 levels in the vectors
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\r\n")
        if not line.strip():
            continue
        try:
            # ops.json_loads keeps what canonical JSON must reject (fractions, -0, duplicate keys).
            request = ops.json_loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            request = None
        reply = handle(request)
        # One line per reply, flushed: the checker waits for it before sending the next request.
        out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass") + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
