#!/usr/bin/env python3
"""fairvec_port.py - an example port for `fairvec check-port`, in Python's standard library.

A port is a program that reads one JSON request per line on stdin and writes one JSON reply per
line on stdout (port protocol v1, specs/port-protocol.md). This file is the protocol side, the
part every port needs whatever its language: framing, the hello handshake, dispatch to ops, and
the mapping of invalid input to the error `bad_input`. The ops are in one module per family beside
it, named by the family's id in fairvec's families table, gen/families.json (hmac_dice.py for
hmac_dice; common.py holds what they share), standard library only and importing nothing
outside this directory: each module's OPS table is gathered here, so copying the directory and
adding, removing or replacing a module changes the ops the port lists. As it stands it passes every
vector:

    fairvec check-port --require-all -- python3 tests/ports/python/fairvec_port.py

tests/ports/mutants/ replaces single functions of those ops with realistic bugs and checks that
check-port catches each one with a flag that names it. The same modules are fairvec's independent
reference (tests/reference/fairvec_ref.py re-exports them): the C++ library is cross-checked
against them on random inputs and every vector member is recomputed with them.
"""

import importlib
import json
import os
import sys

from common import BadInput, json_loads

NAME = "fairvec example port (python)"

# FAMILY_MODULES are the modules beside this file that define OPS, in name order: one per family.
FAMILY_MODULES = []
# OPS maps each op this port implements to its function(params dict) -> result dict, which raises
# BadInput for input the spec calls invalid: every family module's OPS. hello lists these ops;
# check-port skips the vectors of any op not listed.
OPS = {}
for _name in sorted(f[:-3] for f in os.listdir(os.path.dirname(os.path.abspath(__file__)))
                    if f.endswith(".py") and f not in ("fairvec_port.py", "common.py")):
    _module = importlib.import_module(_name)
    if not isinstance(getattr(_module, "OPS", None), dict):
        continue
    FAMILY_MODULES.append(_module)
    for _op, _fn in _module.OPS.items():
        if _op in OPS:
            raise RuntimeError(f"{_name}.py defines {_op}, which another module defines")
        OPS[_op] = _fn


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
