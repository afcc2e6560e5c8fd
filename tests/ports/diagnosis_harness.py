#!/usr/bin/env python3
"""diagnosis_harness.py - diagnose a port from the published wrong answers, written only from their
documentation (specs/vector-format.md "Wrong ports", specs/port-protocol.md "Diagnosis"): replay
vectors/transcripts/ against the port, compare each failing reply with the wrong answers of that
call (vectors/wrong_answers/), and rank the wrong ports. Prints one JSON object: failingVectors,
failingCalls, unexplained (vector ids) and suspects [[name, calls, vectors, contradicted], ...] best
first.   Usage: diagnosis_harness.py DIR [--only FILE ...] -- CMD ARGS..."""
import json, os, sys

from transcript_harness import same, start


def answers_like(expect, reply):  # a wrong answer is compared with a reply as `expect` is
    if expect["ok"]:
        return reply["ok"] and same(expect["result"], reply["result"], True)
    return not reply["ok"] and reply["error"] == expect["error"]


def main():
    sep = sys.argv.index("--")
    args = sys.argv[1:sep]
    vectors, only = args[0], [args[i + 1] for i, a in enumerate(args) if a == "--only"]
    port, call = start(sys.argv[sep + 1:])

    listed = set(call("hello", {"protocol": 1})["result"]["ops"])
    calls, vectors_of, contradicted = {}, {}, {}
    failing_vectors = failing_calls = 0
    unexplained = []
    for name in sorted(os.listdir(os.path.join(vectors, "transcripts"))):
        if only and name[:-1] not in only:  # FILE.jsonl -> FILE.json
            continue
        wrong = open(os.path.join(vectors, "wrong_answers", name), encoding="utf-8")
        for line in open(os.path.join(vectors, "transcripts", name), encoding="utf-8"):
            test, answers = json.loads(line), json.loads(next(wrong))
            assert answers["tcId"] == test["tcId"] and len(answers["calls"]) == len(test["calls"])
            if not test["calls"] or any(c["op"] not in listed for c in test["calls"]):
                continue
            replies = [call(c["op"], c["params"]) for c in test["calls"]]
            failing = [i for i, (c, r) in enumerate(zip(test["calls"], replies)) if not answers_like(c["expect"], r)]
            passing_against = {w for i, r in enumerate(replies) if i not in failing for w in answers["calls"][i]}
            for i, r in enumerate(replies):
                if i not in failing:
                    for w in answers["calls"][i]:
                        contradicted[w] = contradicted.get(w, 0) + 1
            if not failing:
                continue
            failing_vectors += 1
            failing_calls += len(failing)
            every = None
            for i in failing:
                like = {w for w, a in answers["calls"][i].items() if answers_like(a, replies[i])}
                for w in like:
                    calls[w] = calls.get(w, 0) + 1
                every = like if every is None else every & like
                if not like and (not unexplained or unexplained[-1] != f'{test["file"]}#{test["tcId"]}'):
                    unexplained.append(f'{test["file"]}#{test["tcId"]}')
            for w in every - passing_against:
                vectors_of[w] = vectors_of.get(w, 0) + 1
    port.stdin.close()
    port.wait()
    rank = sorted(calls, key=lambda w: (-(calls[w] - contradicted.get(w, 0)), -calls[w], w))
    print(json.dumps({"failingVectors": failing_vectors, "failingCalls": failing_calls, "unexplained": unexplained,
                      "suspects": [[w, calls[w], vectors_of.get(w, 0), contradicted.get(w, 0)] for w in rank]}))


if __name__ == "__main__":
    main()
