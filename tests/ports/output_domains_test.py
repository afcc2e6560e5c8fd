#!/usr/bin/env python3
"""output_domains_test.py --fairvec BIN [--vectors DIR] [--spec FILE] [--plant-drop DOMAIN=VALUE]

Every value of every finite output domain is the answer of some vector (specs/derived-edges.md, §7).
A domain is derived from the published result schemas (`fairvec ops --json`, `resultSchema`): a
result member, or an item of a result list, whose schema is an enum, a boolean, or an integer with
a minimum and a maximum at most 256 apart. The values reached are those of the expected results of
the valid calls in every transcript (DIR/transcripts/*.jsonl). A value reached by no call fails,
unless the spec's table lists it with its reason; a listed value that a call reaches fails too (the
row is stale). --plant-drop DOMAIN=VALUE (self-test) leaves out every call whose answer holds VALUE
in DOMAIN, which must then fail. Exit 0 all reached or listed, 1 a failure, 2 bad arguments."""
import json, os, re, sys

from kit_args import HERE, fairvec_and_vectors, op_table, valid_calls

MAX_SPAN = 256


def domains(schema, path):
    """(path, values) for every finite domain of |schema|: enum, boolean, or a small integer range."""
    out = []
    kind = schema.get("type")
    if "enum" in schema:
        out.append((path, list(schema["enum"])))
    elif kind == "boolean":
        out.append((path, [False, True]))
    elif kind == "integer" and "minimum" in schema and "maximum" in schema and \
            schema["maximum"] - schema["minimum"] <= MAX_SPAN:
        out.append((path, list(range(schema["minimum"], schema["maximum"] + 1))))
    if kind == "array" and isinstance(schema.get("items"), dict):
        out += domains(schema["items"], path + "[]")
    if kind == "object":
        for name, sub in schema.get("properties", {}).items():
            out += domains(sub, path + "." + name)
    return out


def reach(value, path, into):
    """Adds every (path, value) of |value| to |into|: members as .name, list items as []."""
    into.setdefault(path, set()).add(json.dumps(value))
    if isinstance(value, list):
        for item in value:
            reach(item, path + "[]", into)
    elif isinstance(value, dict):
        for name, sub in value.items():
            reach(sub, path + "." + name, into)


def values_of(text):
    """The values a spec cell lists: integers and ranges (7, 9–15), or JSON literals."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        m = re.fullmatch(r"(-?\d+)\s*[–-]\s*(-?\d+)", part)
        if m:
            out += [json.dumps(v) for v in range(int(m.group(1)), int(m.group(2)) + 1)]
        elif part:
            out.append(json.dumps(json.loads(part)))
    return out


def listed(spec_path):
    """{domain: {value: reason}} from the table of the spec's section 7."""
    text = open(spec_path, encoding="utf-8").read()
    section = text.split("## 7. Output domains", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in section.splitlines():
        m = re.fullmatch(r"\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|", line.strip())
        if m:
            for v in values_of(m.group(2)):
                out.setdefault(m.group(1), {})[v] = m.group(3).strip()
    return out


def main():
    args = sys.argv[1:]
    fairvec, vectors = fairvec_and_vectors(args)
    spec = args[args.index("--spec") + 1] if "--spec" in args else os.path.join(HERE, "..", "..", "specs",
                                                                               "derived-edges.md")
    plant = None
    if "--plant-drop" in args:
        domain, _, value = args[args.index("--plant-drop") + 1].partition("=")
        plant = (domain, json.dumps(json.loads(value)))
    ops = op_table(fairvec)
    reached = {}
    calls = 0
    for op, result in valid_calls(vectors):
        got = {}
        reach(result, op, got)
        if plant and plant[1] in got.get(plant[0], ()):
            continue
        calls += 1
        for p, vals in got.items():
            reached.setdefault(p, set()).update(vals)
    if calls == 0:
        print(f"output_domains: no valid call in {vectors}/transcripts")
        return 1
    known = listed(spec)
    failures, count, full = [], 0, 0
    seen_domains = set()
    for name, op in sorted(ops.items()):
        for path, vals in domains(op["resultSchema"], name):
            count += 1
            seen_domains.add(path)
            vals = [json.dumps(v) for v in vals]
            missing = [v for v in vals if v not in reached.get(path, ())]
            reasons = known.get(path, {})
            for v in missing:
                if v not in reasons:
                    failures.append(f"{path}: no vector answers {v} (list it in the spec with its reason, or add a vector)")
            for v in reasons:
                if v not in missing:
                    failures.append(f"{path}: the spec lists {v} as reached by no vector, and a vector reaches it (stale row)")
            full += not missing
            print(f"{path}: {len(vals) - len(missing)} of {len(vals)} values reached" +
                  (f"; {len(missing)} not: {', '.join(missing)}" if missing else ""))
    for path in sorted(set(known) - seen_domains):
        failures.append(f"the spec lists {path}, which is no finite output domain of the op table")
    for f in failures:
        print(f"FAIL {f}")
    print(f"output_domains: {count} domains, {full} with every value reached, {calls} valid calls: "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
