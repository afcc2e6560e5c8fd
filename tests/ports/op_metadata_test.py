#!/usr/bin/env python3
"""op_metadata_test.py --fairvec BIN [--vectors DIR]: `fairvec ops --json` tells a port author the truth.

Every invalid vector (bad input) whose first call's params the op's published paramsSchema accepts
must be explained by the metadata: the param its error names is published `"exact": false` (the op
checks it beyond its schema: against the other params, or what the value decodes to), or, where the
error names no param (a member inside a proof file, a field of a decoded text), some param of the op
is. A param published exact whose schema accepts what the op rejects is a lie this test names. And
no valid vector's params may fail the schema. About 1 s."""
import glob, json, os, re, sys
import jsonschema

from kit_args import fairvec_and_vectors, op_table

# JSON Schema patterns are ECMA-262 regular expressions, where `$` is the end of the text. Python's
# `re` (which jsonschema uses) also lets `$` match before a final newline, so hex "...ff\n" would fit
# a hex pattern (hmac_dice_derived_test.json, HexNearMiss "a trailing newline"). Checked with `$` as
# `\Z`, as ECMA-262 reads it.
def _ecma_pattern(validator, pattern, instance, schema):
    if isinstance(instance, str) and not re.search(re.sub(r"(?<!\\)\$", r"\\Z", pattern), instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = jsonschema.validators.extend(jsonschema.Draft4Validator, {"pattern": _ecma_pattern})

fairvec, vectors = fairvec_and_vectors()
ops = op_table(fairvec)
lies, rejected_valid, explained, checked = {}, [], 0, 0
for path in sorted(glob.glob(os.path.join(vectors, "*_test.json"))):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    tests = {t["tcId"]: t for g in doc["testGroups"] for t in g["tests"]}
    stem = os.path.basename(path)[:-len(".json")]
    with open(os.path.join(vectors, "transcripts", stem + ".jsonl"), encoding="utf-8") as f:
        for line in f:
            tr = json.loads(line)
            t, call = tests[tr["tcId"]], tr["calls"][0]
            op = ops[call["op"]]
            fits = Validator(op["paramsSchema"]).is_valid(call["params"])
            checked += 1
            if call["expect"].get("ok", True):
                if not fits:
                    rejected_valid.append(f"{stem}.json#{tr['tcId']} ({call['op']})")
                continue
            if not fits or "error" not in t:
                continue
            name = re.split(r"[.\[]", t["error"].removeprefix("params."))[0]
            exact = {p["name"]: p.get("exact") for p in op["params"]}
            for p in op["params"]:
                for m in p.get("members", []):
                    exact[m["name"]] = p.get("exact")  # a group's member: the group checks it
            if exact.get(name) is False or (name not in exact and False in exact.values()):
                explained += 1
            else:
                lies.setdefault(f"{call['op']} {name}", []).append(f"{stem}.json#{tr['tcId']}")
for where, ids in sorted(lies.items()):
    print(f"op_metadata: FAIL: {where} is published exact, but its schema accepts what the op rejects: "
          f"{', '.join(ids[:5])}{' ...' if len(ids) > 5 else ''}")
for v in rejected_valid:
    print(f"op_metadata: FAIL: the params schema rejects the valid call of {v}")
print(f"op_metadata: {checked} first calls, {explained} rejections beyond the schema explained by an inexact param")
assert checked > 1000 and explained > 100, "too little checked"
sys.exit(1 if lies or rejected_valid else 0)
