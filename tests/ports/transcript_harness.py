#!/usr/bin/env python3
"""transcript_harness.py - replay vectors/transcripts/ against a port, written only from the
transcript documentation (specs/port-protocol.md, "Transcripts"). Prints one JSON object
{"FILE#TCID": "passed" | "failed" | "skipped"}.   Usage: transcript_harness.py DIR -- CMD ARGS..."""
import glob, json, math, os, struct, subprocess, sys


def same(want, got, top=False):  # the rules of "Comparing answers"; top: extra members allowed
    if isinstance(want, dict):
        return isinstance(got, dict) and (top or set(want) == set(got)) and all(
            k in got and same(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(map(same, want, got))
    if isinstance(want, bool) or isinstance(got, bool) or isinstance(want, str) or want is None:
        return type(want) is type(got) and want == got
    if isinstance(want, float) or isinstance(got, float):
        return isinstance(got, (int, float)) and struct.pack("<d", float(want)) == struct.pack("<d", float(got))
    return isinstance(got, int) and want == got


def start(cmd):  # the port as a process, and a function sending it one request and reading the reply
    port = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ids = iter(range(1 << 62))

    def call(op, params):
        rid = next(ids)
        port.stdin.write(json.dumps({"id": rid, "op": op, "params": params}) + "\n")
        port.stdin.flush()
        reply = json.loads(port.stdout.readline())
        assert reply["id"] == rid, "wrong id"
        return reply
    return port, call


def main():
    sep = sys.argv.index("--")
    port, call = start(sys.argv[sep + 1:])

    listed = set(call("hello", {"protocol": 1})["result"]["ops"])
    verdicts = {}
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "transcripts", "*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            test = json.loads(line)
            key = f'{test["file"]}#{test["tcId"]}'
            if not test["calls"] or any(c["op"] not in listed for c in test["calls"]):
                verdicts[key] = "skipped"
                continue
            ok = True
            for c in test["calls"]:
                r, e = call(c["op"], c["params"]), c["expect"]
                ok &= r["ok"] == e["ok"] and (same(e["result"], r["result"], True) if e["ok"] else r["error"] == e["error"])
            verdicts[key] = "passed" if ok else "failed"
    port.stdin.close()
    port.wait()
    print(json.dumps(verdicts))


if __name__ == "__main__":
    main()
