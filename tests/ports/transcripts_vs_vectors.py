#!/usr/bin/env python3
"""transcripts_vs_vectors.py --fairvec BIN [--vectors DIR]: the transcripts checked against the vector
files they come from, by rules written from specs/vector-format.md and specs/port-protocol.md, not
from the generator (which writes both):

- one transcript line per test, in file order, with the test's file, algorithm, tcId, result and
  flags;
- an invalid test's first call expects bad input, except in the groups whose verdict is judged (the
  op answers, naming the failed check);
- nothing invented: every param value of a call is a value of the test (any member, at any depth),
  of an earlier call's expected result, or the one value every call of that op in the file sends, and every expected result member of a valid test's call
  is a value of the test;
- nothing dropped: a member of a valid test named as a result of an op the line calls (`fairvec ops
  --json`), other than an input of its first call, is expected by one of its calls, with the test's
  value.

Each rule is shown to bite on a copy of the set with one line broken. About 5 s."""
import glob, json, os, sys

from kit_args import fairvec_and_vectors, op_table

fairvec, vectors = fairvec_and_vectors()
ops = op_table(fairvec)


def canon(v):
    """A value's identity for comparison: numbers by value (2 and 2.0 are one number, as a port's
    answers are compared), everything else as canonical JSON text."""
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (int, float)):
        return "n:" + repr(float(v)) if not isinstance(v, int) or abs(v) < 2 ** 53 else "n:" + str(v)
    if isinstance(v, list):
        return "[" + ",".join(canon(x) for x in v) + "]"
    return "{" + ",".join(json.dumps(k) + ":" + canon(v[k]) for k in sorted(v)) + "}"


def values(v, out):
    """Every value inside |v| (itself, members, elements, at any depth), and a few forms a call may
    send a test's value in: a string's lowercase, a list's length, a column of a list of objects."""
    out.add(canon(v))
    if isinstance(v, str):
        out.add(canon(v.lower()))
    if isinstance(v, list):
        for x in v:
            values(x, out)
        out.add(canon(len(v)))  # a count of what the test lists (tavla.pick's blocks read)
        if v and all(isinstance(x, dict) for x in v):  # a column of a list of objects: [{mac}] -> [mac]
            for key in set.intersection(*(set(x) for x in v)):
                out.add(canon([x[key] for x in v]))
    if isinstance(v, dict):
        for x in v.values():
            values(x, out)
    return out


def constants(lines):
    """The params a file's calls send one fixed value in (a retry 0 after every roll): (op, param)
    -> that value, where every call of the op in the file sends the same one."""
    seen = {}
    for line in lines:
        for c in line["calls"]:
            for k, v in c["params"].items():
                seen.setdefault((c["op"], k), set()).add(canon(v))
    return {key: next(iter(vs)) for key, vs in seen.items() if len(vs) == 1}


# Members a vector file shows that no port is asked, each deliberately (the catalog says why).
UNASKED = {("tavla_commitment_test.json", "settingsCanonical"):
           "fairvec's addition to the scheme's results (gen/vectors/tavla_commitment.cc)"}
JSON_TYPES = {"string": str, "integer": int, "number": (int, float), "array": list, "object": dict, "boolean": bool}


def same_type(v, schema):
    """Whether |v| has the JSON type |schema| names (true where it names none)."""
    name = schema.get("type") if isinstance(schema, dict) else None
    t = JSON_TYPES.get(name) if isinstance(name, str) else None
    return t is None or (isinstance(v, t) and not (isinstance(v, bool) and t is not bool))


def check(vectors):
    """The rules above over the set in |vectors|: (failures, lines, calls)."""
    failures, lines_checked, calls_checked = [], 0, 0
    for path in sorted(glob.glob(os.path.join(vectors, "*_test.json"))):
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        tests = [(g, t) for g in doc["testGroups"] for t in g["tests"]]
        with open(os.path.join(vectors, "transcripts", name[:-len(".json")] + ".jsonl"), encoding="utf-8") as f:
            lines = [json.loads(l) for l in f]
        if len(lines) != len(tests):
            failures.append(f"{name}: {len(tests)} tests, {len(lines)} transcript lines")
            continue
        fixed = constants(lines)
        for (group, test), line in zip(tests, lines):
            lines_checked += 1
            where = f"{name}#{test['tcId']}"
            for key, want in (("file", name), ("algorithm", doc["algorithm"]), ("tcId", test["tcId"]),
                              ("result", test["result"]), ("flags", test.get("flags", []))):
                if line.get(key) != want:
                    failures.append(f"{where}: transcript {key} {line.get(key)!r}, the vector file has {want!r}")
            calls = line["calls"]
            if not calls:
                failures.append(f"{where}: no call")
                continue
            judged = "failedCheck" in test or "verdict" in test or "mismatches" in test
            if test["result"] == "invalid" and not judged and calls[0]["expect"] != {"ok": False, "error": "bad_input"}:
                failures.append(f"{where}: an invalid test whose first call expects {calls[0]['expect']}")
            known = values({k: v for k, v in test.items() if k not in ("tcId", "comment", "flags", "result")}, set())
            known |= values({k: v for k, v in group.items() if k not in ("tests", "type")}, set())
            expected = {}
            for c in calls:
                calls_checked += 1
                for k, v in c["params"].items():
                    if canon(v) not in known and fixed.get((c["op"], k)) != canon(v):
                        failures.append(f"{where}: {c['op']} param {k} = {json.dumps(v)[:80]} is no value of the test")
                result = c["expect"].get("result", {}) if c["expect"].get("ok") else {}
                for k, v in result.items():
                    expected.setdefault(k, set()).add(canon(v))
                    if test["result"] == "valid" and canon(v) not in known:
                        failures.append(f"{where}: {c['op']} expects {k} = {json.dumps(v)[:80]}, no value of the test")
                known |= values(result, set())
            if test["result"] == "valid":
                declared = {r["name"]: r["schema"] for c in calls for r in ops[c["op"]]["results"]}
                for k in set(declared) & set(test) - set(calls[0]["params"]):
                    if (name, k) in UNASKED or not same_type(test[k], declared[k]):
                        continue  # deliberately unasked, or another member of the same name (a list, not a count)
                    if k in expected and canon(test[k]) not in expected[k]:
                        failures.append(f"{where}: the test's {k} is {json.dumps(test[k])[:60]}, no call expects it")
                    elif k not in expected:
                        failures.append(f"{where}: the test's {k} is a result of a call, but no call expects it")
    return failures, lines_checked, calls_checked


def bites():
    """Each rule fails a copy of the set with one transcript line broken: a dropped expected member, a
    changed param, a line out of order, an invalid test answered ok. Returns what was not caught."""
    import shutil, tempfile
    missed = []
    def broken(what, edit):
        tmp = tempfile.mkdtemp()
        try:
            copy = os.path.join(tmp, "vectors")
            shutil.copytree(vectors, copy)
            path = os.path.join(copy, "transcripts", "hmac_dice_roll_test.jsonl")
            with open(path, encoding="utf-8") as f:
                lines = [json.loads(l) for l in f]
            edit(lines)
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(l) + "\n" for l in lines)
            if not check(copy)[0]:
                missed.append(what)
        finally:
            shutil.rmtree(tmp)
    broken("an expected member dropped from every call", lambda ls: [c["expect"]["result"].pop("dice", None)
                                                                      for c in ls[0]["calls"]])
    broken("a changed param", lambda ls: ls[0]["calls"][0]["params"].update(roll=ls[0]["calls"][0]["params"]["roll"] + 7))
    broken("two lines swapped", lambda ls: ls.insert(0, ls.pop(1)))
    def answered(ls):
        line = next(l for l in ls if l["result"] == "invalid")
        line["calls"][0]["expect"] = {"ok": True, "result": {"dice": [1, 1]}}
    broken("an invalid test answered ok", answered)
    return missed


failures, lines_checked, calls_checked = check(vectors)
for f in failures[:40]:
    print("transcripts_vs_vectors: FAIL:", f)
print(f"transcripts_vs_vectors: {lines_checked} lines, {calls_checked} calls, {len(failures)} failures")
missed = bites()
for m in missed:
    print("transcripts_vs_vectors: FAIL: the rules did not catch", m)
print(f"transcripts_vs_vectors: {4 - len(missed)} of 4 planted breakages caught")
sys.exit(1 if failures or missed or lines_checked < 1000 else 0)
