#!/usr/bin/env python3
"""recompute.py: an independent check of every committed vector file (standard library only).

It reads every vector file in a directory (default: vectors/), and for every test recomputes, from
the reference implementation in fairvec_ref.py (written from specs/, sharing no code with the C++
library) and from the checks written out below, EVERY member the test carries: the outputs, the
intermediate values (digest, hi/lo, u64, uBits, crash h, hmac, exactHundredths, keno links, h52,
indices, hmac-dice byte, tavla commitmentInput, ...), and for an invalid test the field its
`error` names and, where given, the `errorPosition`. It also checks the result rule of
specs/vector-format.md: `result` is `valid` exactly when the expected verdict is success.

Like BoringSSL's file_test, a member that no check reads is an error: a new member added by the
generator fails here until this checker learns to recompute it. A file, a group type, or a whole
run that checked nothing is an error too.

This file holds the machinery; each family's group types are recomputed by its own module,
recompute_families/<id>.py, found by the family's id in the families table (gen/families.json). A
family without a module, or a module of no family, is an error before any file is read.

Usage: recompute.py [--vectors DIR] [--quiet] [--families FILE]
Exit status: 0 when every member of every test was recomputed and agreed; 1 on any disagreement,
unread member, unknown file or group type, a run that checked nothing, or a families table and
family modules that do not match; 2 on unreadable input.
"""

import argparse
import json
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The family modules (recompute_families/) import their shared machinery from this module: run as
# a program, it is that module too, not a second copy with a second Mismatch.
sys.modules.setdefault("recompute", sys.modules[__name__])
import family_modules  # noqa: E402
import fairvec_ref as ref  # noqa: E402
from fairvec_ref import BadInput  # noqa: E402


class Mismatch(Exception):
    """A recomputed member disagrees with the file."""


def bits(x):
    """The IEEE-754 binary64 bits of a float as 16 lowercase hex digits."""
    return struct.pack(">d", float(x)).hex()


def same(a, b):
    """Equality that tells floats by their bits and never equates a bool with an int."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and bits(a) == bits(b) \
            and isinstance(a, float) == isinstance(b, float)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


class Test:
    """One test with the members read so far; `checks` counts the members compared."""

    ALWAYS = ("tcId", "comment", "flags", "result")

    def __init__(self, group, test):
        self.group = group
        self.t = test
        self.read = set(self.ALWAYS)
        self.group_read = {"type", "tests"}
        self.checks = 0

    def has(self, k):
        return k in self.t

    def inp(self, k):
        """An input member (read, not compared)."""
        if k not in self.t:
            raise Mismatch(f"missing input member {k!r}")
        self.read.add(k)
        return self.t[k]

    def opt(self, k, default=None):
        if k in self.t:
            self.read.add(k)
            return self.t[k]
        return default

    def ginp(self, k):
        if k not in self.group:
            raise Mismatch(f"group lacks {k!r}")
        self.group_read.add(k)
        return self.group[k]

    def eq(self, k, value):
        """Compares member k with the recomputed value (bit-exact for doubles)."""
        if k not in self.t:
            raise Mismatch(f"missing member {k!r} (recomputed {value!r})")
        self.read.add(k)
        self.checks += 1
        if not same(self.t[k], value):
            raise Mismatch(f"{k}: file has {json.dumps(self.t[k])[:300]}, "
                           f"recomputed {json.dumps(value)[:300]}")

    def eq_if(self, k, value):
        if k in self.t:
            self.eq(k, value)

    def error(self, fn):
        """Runs fn, which must raise BadInput; compares `error` (and `errorPosition`)."""
        try:
            fn()
        except BadInput as e:
            # Some errors name a param by its request path (`params.salt`, as the port's message
            # does): every one of keno_draw's, and some of crash_point's, hmac_dice_recorded's,
            # tavla_commitment's and tavla_roll's; the others name it bare. Both name the same field.
            named = self.t.get("error")
            if isinstance(named, str) and named.startswith("params."):
                named = named[len("params."):]
            self.read.add("error")
            self.checks += 1
            if named != e.field:
                raise Mismatch(f"error: file names {self.t.get('error')!r}, the reference "
                               f"rejects {e.field!r} ({e})")
            if "errorPosition" in self.t:
                self.eq("errorPosition", getattr(e, "position", None))
            return False
        raise Mismatch(f"the reference accepts an input the file calls invalid "
                       f"(error {self.t.get('error')!r})")


class Handlers(dict):
    """A family module's handlers: vector group type -> handler(Test), which returns whether the
    test's expected verdict is success. Each family module defines HANDLERS = Handlers()."""

    def handles(self, *types):
        def register(fn):
            for t in types:
                if t in self:
                    raise RuntimeError(f"group type {t} has two handlers")
                self[t] = fn
            return fn
        return register

    def simple(self, types, inputs, op, outputs, group_inputs=()):
        """Registers a handler for tests whose inputs are op params and whose outputs are members
        of the op's result: `outputs` maps a test member to a result member."""
        def handler(t):
            params = {k: t.inp(k) for k in inputs}
            params.update({k: t.ginp(k) for k in group_inputs})
            ok, r = ok_or_error(t, lambda: op(params))
            if ok:
                for member, key in outputs.items():
                    t.eq(member, r[key])
            return ok
        self.handles(*types)(handler)


def ok_or_error(t, fn):
    """A test of an op: valid tests get fn's result, invalid ones must be rejected as named."""
    if t.t.get("result") == "invalid" or "error" in t.t:
        return t.error(fn), None
    return True, fn()


# ------------------------------------------------------------------------------------------------
# Derived edges (specs/derived-edges.md): <Op>Derived and <Op>DerivedInvalid groups of every family
# ------------------------------------------------------------------------------------------------

def camel_op(op):
    """The group-type stem of an op: hmac_dice.build_link -> HmacDiceBuildLink."""
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[._]", op))


def derived_handler(op, judged):
    """A derived test holds its request's members and the op's results (a result named like a
    param as "result" + its name): every member that is not a result is passed to the reference
    op, whose answer must give every result the test holds, or reject it naming `error`."""
    fn = ref.OPS[op]

    def handler(t):
        members = {k: t.inp(k) for k in t.t if k not in t.ALWAYS and k != "error" and k != "errorPosition"}
        # A result named like a param is written "result" + its name (crash.previous's link,
        # tavla.pick's blocks): it is no input, and the param of that name is no result.
        renamed = {k: k[6].lower() + k[7:] for k in members
                   if k.startswith("result") and k[6:7].isupper() and k[6].lower() + k[7:] in members}
        params = {k: v for k, v in members.items() if k not in renamed}
        r = None
        if judged:
            # A verdict op: a failing verdict is an invalid test answered, its error the field named.
            try:
                r = fn(params)
            except BadInput:
                pass
        if r is None:
            ok, r = ok_or_error(t, lambda: fn(params))
            if not ok:
                return False
        failed = ""
        if judged:
            member, names = judged
            value = r[member]
            failed = "" if value is None else (names.get(value, "") if names else value)
            if failed or "error" in t.t:
                t.eq("error", failed)
        compared = 0
        for k in members:
            if k in renamed:
                t.eq(k, r[renamed[k]])
            elif k in r and k not in renamed.values():
                t.eq(k, r[k])
            else:
                continue  # an input
            compared += 1
        if compared == 0:
            raise Mismatch(f"no member of the test is a result of {op}")
        return not failed
    return handler


# ------------------------------------------------------------------------------------------------
# Families: one module per row of gen/families.json (recompute_families/<id>.py)
# ------------------------------------------------------------------------------------------------

def load_families(path=None):
    """(handlers, algorithms) from the families table at path (default gen/families.json): every
    row's module recompute_families/<id>.py, which must exist (as must a row for every module),
    gives its group types' handlers; every op of the reference gets its derived handlers; and a
    vector file <id>_*_test.json has the algorithm of its family's row (longest id first)."""
    rows, modules = family_modules.load("recompute_families", "HANDLERS", path)
    handlers = {}
    judged = {}
    for row, module in zip(rows, modules):
        for gtype, fn in module.HANDLERS.items():
            if gtype in handlers:
                raise family_modules.FamilyError(f"group type {gtype} is handled twice "
                                                 f"(second: recompute_families/{row['id']}.py)")
            handlers[gtype] = fn
        judged.update(getattr(module, "DERIVED_JUDGED", {}))
    for op in ref.OPS:
        for gtype in (camel_op(op) + "Derived", camel_op(op) + "DerivedInvalid"):
            if gtype in handlers:
                raise family_modules.FamilyError(f"group type {gtype} is a family's and derived")
            handlers[gtype] = derived_handler(op, judged.get(op))
    algorithms = sorted(((row["id"] + "_", row["algorithm"]) for row in rows),
                        key=lambda pa: -len(pa[0]))
    return handlers, algorithms


# ------------------------------------------------------------------------------------------------
# Files
# ------------------------------------------------------------------------------------------------

TOP = ("algorithm", "schema", "generatorVersion", "numberOfTests", "header", "notes", "testGroups")


def check_file(path, vectors_dir, out, families):
    """Checks one vector file with families = load_families(); returns (tests, members
    compared, failures)."""
    handlers, algorithms = families
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    failures = []

    def fail(where, msg):
        failures.append(f"{name}{where}: {msg}")
    if not isinstance(doc, dict) or list(doc.keys()) != list(TOP):
        fail("", f"top-level members must be exactly {TOP} in order")
        return 0, 0, failures
    family = next((a for prefix, a in algorithms if name.startswith(prefix)), None)
    if family is None or doc["algorithm"] != family:
        fail("", f"algorithm {doc['algorithm']!r} is not the one of its file name ({family!r})")
    if doc["schema"] != name.replace("_test.json", "_schema.json"):
        fail("", f"schema {doc['schema']!r} is not named after the file")
    if not os.path.isfile(os.path.join(vectors_dir, "schema", doc["schema"])):
        fail("", f"schema {doc['schema']} is not in schema/")
    if not (isinstance(doc["generatorVersion"], str) and doc["generatorVersion"].startswith("fairvec ")):
        fail("", "generatorVersion is not 'fairvec <version>'")
    used = set()
    tests = checks = 0
    seen_ids = set()
    for gi, group in enumerate(doc["testGroups"]):
        gtype = group.get("type")
        handler = handlers.get(gtype)
        if handler is None:
            fail(f" group {gi}", f"unknown group type {gtype!r}: nothing here can check it")
            continue
        group_reads = set()
        for test in group["tests"]:
            tests += 1
            tc = test.get("tcId")
            # Stable ids (specs/vector-format.md "Stable ids"): distinct positive integers, not
            # positions; a test added later has the next free id wherever it stands in the file.
            if isinstance(tc, bool) or not isinstance(tc, int) or tc < 1 or tc in seen_ids:
                fail(f" tcId {tc}", "tcIds must be distinct positive integers")
            seen_ids.add(tc)
            used.update(test.get("flags", []))
            t = Test(group, test)
            t.vectors_dir = vectors_dir
            try:
                success = handler(t)
                result = test.get("result")
                # specs/vector-format.md: valid iff the expected verdict is success.
                want = "valid" if success else "invalid"
                if result != want:
                    raise Mismatch(f"result is {result!r}, but the expected verdict is "
                                   f"{'success' if success else 'failure'}: must be {want!r}")
                t.checks += 1
                unread = [k for k in test if k not in t.read]
                if unread:
                    raise Mismatch(f"members no check reads: {unread}")
                if t.checks < 2:
                    raise Mismatch("the test checked nothing")
            except (Mismatch, BadInput, KeyError, TypeError, ValueError) as e:
                fail(f" tcId {tc} ({gtype})", f"{type(e).__name__}: {e}")
            checks += t.checks
            group_reads |= t.group_read
        unread = [k for k in group if k not in group_reads]
        if unread and group["tests"]:
            fail(f" group {gi} ({gtype})", f"group members no check reads: {unread}")
    if doc["numberOfTests"] != tests:
        fail("", f"numberOfTests {doc['numberOfTests']} but {tests} tests")
    if set(doc["notes"]) != used:
        fail("", f"notes and flags used differ: {sorted(set(doc['notes']) ^ used)}")
    if tests == 0:
        fail("", "the file holds no test")
    return tests, checks, failures


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vectors", default=os.path.join(here, "..", "..", "vectors"))
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--families", default=None,
                    help="the families table (default: gen/families.json); every row needs its "
                         "module recompute_families/<id>.py and every module its row")
    args = ap.parse_args(argv)
    sys.setrecursionlimit(10000)
    try:
        families = load_families(args.families)
    except family_modules.FamilyError as e:
        print(f"recompute: {e}", file=sys.stderr)
        return 1
    try:
        files = sorted(f for f in os.listdir(args.vectors) if f.endswith("_test.json"))
    except OSError as e:
        print(f"recompute: cannot read {args.vectors}: {e}", file=sys.stderr)
        return 2
    if not files:
        print(f"recompute: no vector file (*_test.json) in {args.vectors}: nothing checked",
              file=sys.stderr)
        return 1
    total_tests = total_checks = 0
    failures = []
    for name in files:
        try:
            tests, checks, fails = check_file(os.path.join(args.vectors, name), args.vectors,
                                              sys.stdout, families)
        except (OSError, ValueError) as e:
            print(f"recompute: {name}: {e}", file=sys.stderr)
            return 2
        total_tests += tests
        total_checks += checks
        failures += fails
        if not args.quiet:
            print(f"{name}: {tests} tests, {checks} members recomputed, {len(fails)} failed")
    for f in failures[:200]:
        print("FAIL " + f)
    print(f"recompute: {len(files)} files, {total_tests} tests, {total_checks} members "
          f"recomputed, {len(failures)} failures")
    if total_checks == 0:
        print("recompute: nothing was checked", file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())