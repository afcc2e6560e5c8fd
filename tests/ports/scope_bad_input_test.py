#!/usr/bin/env python3
"""scope_bad_input_test.py --fairvec BIN [--vectors DIR] [--plant-drop OP.PARAM=VALUE]

A port may declare a scope over an enumerated param (specs/port-protocol.md, "Declared scope":
games, conventions, tavla's opening); check-port then sends it only the vectors inside. So every
value of every enumerated param of every op must be the value of some bad-input call (a call whose
expected answer is an error) in the transcripts (DIR/transcripts/*.jsonl): a port scoped to that
value is otherwise never sent bad input, and one that checks nothing passes (hexwin-v1's operators'
code did, tests/ports/hexwin_operators/README.md). The enumerated params are those whose schema in
`fairvec ops --json` is an enum. A value without one fails, unless EXCEPTIONS gives its reason; an
excepted value that has one fails too (the entry is stale). --plant-drop OP.PARAM=VALUE (self-test)
leaves out the bad-input calls with that value, which must then fail. Exit 0 every value covered, 1
a failure, 2 bad arguments."""
import glob, json, os, sys

from kit_args import fairvec_and_vectors, op_table

# (op, param, value) -> why that value has no bad-input vector. None at present.
EXCEPTIONS = {}


def main():
    fairvec, vectors = fairvec_and_vectors()
    drop = None
    if "--plant-drop" in sys.argv:
        spec = sys.argv[sys.argv.index("--plant-drop") + 1]
        where, _, value = spec.partition("=")
        op, _, param = where.rpartition(".")
        if not op or not param or not value:
            sys.exit("--plant-drop OP.PARAM=VALUE")
        drop = (op, param, value)
    enums = {}
    for name, op in op_table(fairvec).items():
        for p in op.get("params", []):
            if "enum" in p.get("schema", {}):
                enums[(name, p["name"])] = p["schema"]["enum"]
    bad = {}
    for path in sorted(glob.glob(os.path.join(vectors, "transcripts", "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                test = json.loads(line)
                for call in test["calls"]:
                    if call["expect"].get("ok"):
                        continue
                    for (op, param), values in enums.items():
                        v = call["params"].get(param) if call["op"] == op else None
                        if v not in values:
                            continue
                        if drop and drop == (op, param, v):
                            continue
                        bad.setdefault((op, param, v), f"{test['file']}#{test['tcId']}")
    failures = []
    for (op, param), values in sorted(enums.items()):
        for v in values:
            key = (op, param, v)
            if key in bad and key in EXCEPTIONS:
                failures.append(f"STALE {op}.{param}={v}: excepted ({EXCEPTIONS[key]}), but {bad[key]} is bad input")
            elif key not in bad and key not in EXCEPTIONS:
                failures.append(f"FAIL {op}.{param}={v}: no bad-input vector; a port scoped to it is never sent one")
    for line in failures:
        print(line)
    n = sum(len(v) for v in enums.values())
    if failures:
        print(f"scope_bad_input: {len(failures)} of {n} enumerated values fail")
        return 1
    print(f"scope_bad_input: every one of {n} values of {len(enums)} enumerated params has a bad-input vector")
    return 0


if __name__ == "__main__":
    sys.exit(main())
