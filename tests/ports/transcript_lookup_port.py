#!/usr/bin/env python3
"""transcript_lookup_port.py - a port that computes nothing: it answers each request by looking it
up in vectors/transcripts/*.jsonl and replays the expected answer (any other request is answered
bad_input). It passes every vector of the kit, so only inputs the kit does not contain can catch
it: `fairvec check-port` sends random valid requests by default for that reason
(specs/port-protocol.md, "Random requests"), and CTest requires it to fail with default options.

    transcript_lookup_port.py VECTORS_DIR
"""
import glob
import json
import os
import sys


def key(op, params):
    return op + " " + json.dumps(params, sort_keys=True, separators=(",", ":"))


def main():
    answers, ops = {}, []
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "transcripts", "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                for c in json.loads(line)["calls"]:
                    answers[key(c["op"], c["params"])] = c["expect"]
                    if c["op"] not in ops:
                        ops.append(c["op"])
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        rid, op, params = request["id"], request["op"], request.get("params", {})
        if op == "hello":
            reply = {"id": rid, "ok": True, "result": {"name": "transcript lookup", "protocol": 1, "ops": ops}}
        else:
            expect = answers.get(key(op, params), {"ok": False, "error": "bad_input"})
            reply = dict(expect, id=rid)
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
