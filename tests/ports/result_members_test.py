#!/usr/bin/env python3
"""result_members_test.py --fairvec BIN [--vectors DIR] [--table]: every result member is pinned.

For each op of `fairvec ops --json` and each member its result declares (and, for an op with open
results, each member a transcript expects of it), a port that gets only that member wrong must
fail a vector. Read from the transcripts (what check-port compares), member by member:
- compared: some call of the op expects the member (a port dropping it, or getting it wrong on
  every input, fails that call);
- not constant: the calls expecting it expect at least two distinct values (a port answering one
  fixed value, the right one for some inputs, fails the others);
- every value of a closed domain: a boolean member is expected true and false somewhere, each
  value of an enum, and null and a non-null value where the schema allows null (a port that
  never answers null, or always does, fails).
--table prints the audit, one line per (op, member). Exits 1 naming each gap, and naming an
exception below that is no longer a gap (so the list cannot go stale), and a vector asking a
member the op table marks as fairvec's addition. About 1 s."""
import json, os, sys

from kit_args import fairvec_and_vectors, op_table, valid_calls

# EXCEPTIONS are the gaps that stay, each with its reason; every other gap fails. Result members
# the op table marks as fairvec's additions (`"addition": true`: the specs' "fairvec adds ...") are
# not required of ports and not audited: no vector may ask them.
EXCEPTIONS = {}


def allows_null(schema):
    t = schema.get("type")
    if t == "null" or (isinstance(t, list) and "null" in t):
        return True
    return any(allows_null(s) for s in schema.get("oneOf", []) + schema.get("anyOf", []))


def domain(schema):
    """The closed set of values a member can take (as JSON text), or None when it is open."""
    if "enum" in schema:
        return {json.dumps(v, sort_keys=True) for v in schema["enum"]}
    if schema.get("type") == "boolean":
        return {"true", "false"}
    if schema.get("type") in (["boolean", "null"], ["null", "boolean"]):
        return {"true", "false", "null"}
    return None


def audit(ops, vectors):
    seen = {}  # (op, member) -> set of expected values as JSON text
    for op, result in valid_calls(vectors):
        for name, value in result.items():
            seen.setdefault((op, name), set()).add(json.dumps(value, sort_keys=True))
    rows, gaps = [], []
    for name, op in sorted(ops.items()):
        declared = {r["name"]: r["schema"] for r in op["results"] if not r["addition"]}
        for r in op["results"]:
            if r["addition"] and (name, r["name"]) in seen:
                gaps.append("%s %s: fairvec's addition, asked by a vector (a port need not return it)" % (name, r["name"]))
        additions = {r["name"] for r in op["results"] if r["addition"]}
        members = list(declared) + sorted(m for (o, m) in seen if o == name and m not in declared and m not in additions)
        for m in members:
            values = seen.get((name, m), set())
            schema = declared.get(m, {})
            missing = []
            if not values:
                missing.append("never compared")
            elif len(values) < 2:
                missing.append("one value only (%s): a constant port passes" % next(iter(values)))
            dom = domain(schema)
            if dom is not None and values:
                missing += ["never expected %s" % v for v in sorted(dom - values)]
            if allows_null(schema) and values:
                if "null" not in values:
                    missing.append("never expected null")
                if values == {"null"}:
                    missing.append("only null expected")
            rows.append((name, m, len(values), "ok" if not missing else "; ".join(missing)))
            gaps += ["%s %s: %s" % (name, m, g) for g in missing]
    return rows, gaps


def main():
    fairvec, vectors = fairvec_and_vectors([a for a in sys.argv[1:] if a != "--table"])
    rows, gaps = audit(op_table(fairvec), vectors)
    if "--table" in sys.argv:
        for op, m, n, verdict in rows:
            print("%-24s %-22s %6d distinct  %s" % (op, m, n, verdict))
    bad = [g for g in gaps if g not in EXCEPTIONS]
    stale = [e for e in EXCEPTIONS if e not in gaps]
    for g in gaps:
        print(("GAP " if g in bad else "known gap ") + g + ("" if g in bad else " (" + EXCEPTIONS[g] + ")"))
    for e in stale:
        print("STALE exception, no longer a gap: " + e)
    print("result members: %d audited over %d ops, %d gaps (%d known, each with its reason)" %
          (len(rows), len({r[0] for r in rows}), len(bad), len(gaps) - len(bad)))
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
