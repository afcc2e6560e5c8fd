#!/usr/bin/env python3
"""scaffold_test.py - gen/scaffold/scaffold.py writes a family that builds, and its stubs fail loudly.

  scaffold_test.py --build DIR     DIR is a configured build tree (its compile_commands.json)

In a scratch copy of the tables it edits (gen/families.json, gen/cli/verify/lang/*.txt), it runs
`scaffold.py add zz_scratch` and requires:
  - every file of the family, named by its id, and no placeholder left in any of them;
  - the row, last in the table, which stays JSON, and the family's section in each translation file
    and in docs/verify.md;
  - each C++ file compiles (-fsyntax-only) with the command the build uses for its sibling of the
    same layer (so the layers' include roots hold: a family file reaching above its layer fails);
  - the Python module imports, and its arithmetic stub raises NotImplementedError; the JavaScript
    module parses under node --check;
  - `scaffold.py check` exits 1 naming the stubs of the scheme, the spec and a translation file;
  - a second `add` of the id, an id that is not an identifier, and an algorithm the table already
    has are refused with exit 2, writing nothing (the scratch tree is byte-identical after).
Writes only into a temporary directory. Exit status: 0 passed; 1 a requirement failed; 2 bad usage.
"""

import argparse
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))
SCAFFOLD = os.path.join(PROJECT, "gen", "scaffold", "scaffold.py")
ID = "zz_scratch"
LANGS = ("en", "de", "id", "ru", "tr")
FILES = ["specs/zz-scratch-v1.md", "gen/schemes/zz_scratch.h", "gen/schemes/zz_scratch.cc", "gen/ops/zz_scratch.cc",
         "gen/vectors/zz_scratch.h", "gen/vectors/zz_scratch.cc", "gen/vectors/zz_scratch_ports.cc",
         "gen/cli/verify/zz_scratch.cc", "tests/zz_scratch_test.cc", "tests/ports/python/zz_scratch.py",
         "tests/reference/recompute_families/zz_scratch.py", "tests/reference/differential_families/zz_scratch.py",
         "web/src/zz_scratch.mjs"]
# The sibling whose compile command each C++ file borrows (same directory, same layer).
SIBLINGS = {"gen/schemes/zz_scratch.cc": "gen/schemes/keno.cc", "gen/ops/zz_scratch.cc": "gen/ops/keno.cc",
            "gen/vectors/zz_scratch.cc": "gen/vectors/keno.cc",
            "gen/vectors/zz_scratch_ports.cc": "gen/vectors/keno_ports.cc",
            "gen/cli/verify/zz_scratch.cc": "gen/cli/verify/keno.cc", "tests/zz_scratch_test.cc": "tests/keno_test.cc"}

problems = []


def need(ok, what):
    if not ok:
        problems.append(what)
    return ok


def tree_digest(root):
    h = hashlib.sha256()
    for d, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(d, f)
            h.update(os.path.relpath(p, root).encode() + b"\0" + open(p, "rb").read() + b"\0")
    return h.hexdigest()


def scaffold(*args):
    return subprocess.run([sys.executable, SCAFFOLD, *args], capture_output=True, text=True)


def syntax_only(root, rel, commands):
    sibling = os.path.join(PROJECT, SIBLINGS[rel])
    entry = commands.get(sibling)
    if not need(entry is not None, f"{SIBLINGS[rel]} has no compile command in the build tree"):
        return
    argv = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    out, skip = [argv[0], "-I" + os.path.join(root, "gen"), "-I" + os.path.join(PROJECT, "tests")], False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-c"):
            skip = True
            continue
        if a == sibling:
            continue
        out.append(a)
    out += ["-fsyntax-only", os.path.join(root, rel)]
    p = subprocess.run(out, cwd=entry["directory"], capture_output=True, text=True)
    need(p.returncode == 0, f"{rel} does not compile with {SIBLINGS[rel]}'s command:\n{p.stderr[-3000:]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    args = ap.parse_args()
    db = os.path.join(args.build, "compile_commands.json")
    if not os.path.isfile(db):
        print(f"scaffold_test: {db}: no compile commands (configure the build first)", file=sys.stderr)
        return 2
    commands = {os.path.normpath(os.path.join(e["directory"], e["file"])): e for e in json.load(open(db))}
    with tempfile.TemporaryDirectory(prefix="fairvec-scaffold-") as root:
        os.makedirs(os.path.join(root, "gen", "cli", "verify", "lang"))
        os.makedirs(os.path.join(root, "docs"))
        for rel in ["gen/families.json", "docs/verify.md"] + [f"gen/cli/verify/lang/{c}.txt" for c in LANGS]:
            with open(os.path.join(PROJECT, rel), "rb") as s, open(os.path.join(root, rel), "wb") as d:
                d.write(s.read())
        rows_before = len(json.load(open(os.path.join(root, "gen/families.json")))["families"])

        p = scaffold("add", ID, "--algorithm", "zz-scratch-v1", "--root", root)
        if not need(p.returncode == 0, f"scaffold add failed ({p.returncode}): {p.stderr}{p.stdout}"):
            return report()
        for rel in FILES:
            path = os.path.join(root, rel)
            if need(os.path.isfile(path), f"scaffold add wrote no {rel}"):
                text = open(path, encoding="utf-8").read()
                for placeholder in ("__ID__", "__CAMEL__", "__DASH__", "__UPPER__", "__ALGORITHM__", "__SPEC__",
                                    "__VERIFY__"):
                    need(placeholder not in text, f"{rel} still holds {placeholder}")
                need(rel in p.stdout, f"scaffold add does not list {rel}")
        table = json.load(open(os.path.join(root, "gen/families.json")))["families"]
        need(len(table) == rows_before + 1 and table[-1]["id"] == ID and table[-1]["verify"] == ID
             and table[-1]["spec"] == "zz-scratch-v1.md", f"the row is not added last as asked: {table[-1]}")
        for c in LANGS:
            text = open(os.path.join(root, f"gen/cli/verify/lang/{c}.txt"), encoding="utf-8").read()
            need(f"\n{ID}.header = " in text and f"\npage.form.{ID} = " in text, f"{c}.txt has no {ID} section")
        manual = open(os.path.join(root, "docs/verify.md"), encoding="utf-8").read()
        need(f"\n## verify {ID}\n\n    fairvec verify {ID} --server-seed S" in manual
             and manual.index(f"## verify {ID}") < manual.index("Every `$ fairvec verify` line above"),
             "docs/verify.md has no section for the new form before its closing paragraph")
        need("Hand-written texts that remain" in p.stdout and "docs/verify.md" in p.stdout,
             "scaffold add does not print the hand-written texts that remain")

        for rel in SIBLINGS:
            syntax_only(root, rel, commands)
        probe = (f"import sys; sys.path.insert(0, {os.path.join(PROJECT, 'tests/ports/python')!r}); "
                 f"sys.path.insert(0, {os.path.join(root, 'tests/ports/python')!r}); import {ID} as m\n"
                 "try:\n  m.op_zz_scratch_round({'serverSeed': 's', 'clientSeed': 'c', 'nonce': 0})\n"
                 "except NotImplementedError as e:\n  print('stub:', e)\n")
        r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
        need(r.returncode == 0 and "stub:" in r.stdout and "tests/ports/python/zz_scratch.py" in r.stdout,
             f"the Python module's stub does not raise NotImplementedError naming its file: {r.stdout}{r.stderr}")
        try:
            r = subprocess.run(["node", "--check", os.path.join(root, "web/src/zz_scratch.mjs")],
                               capture_output=True, text=True)
            need(r.returncode == 0, f"web/src/zz_scratch.mjs does not parse: {r.stderr}")
        except OSError:
            need(os.environ.get("FAIRVEC_REQUIRE_TOOLS") != "1", "node is missing")

        c = scaffold("check", "--root", root)
        need(c.returncode == 1, f"scaffold check exits {c.returncode} on a fresh scaffold, not 1")
        for rel in ("gen/schemes/zz_scratch.cc", "specs/zz-scratch-v1.md", "gen/cli/verify/lang/de.txt", "docs/verify.md",
                    "web/src/zz_scratch.mjs", "tests/ports/python/zz_scratch.py"):
            need(rel + ":" in c.stdout, f"scaffold check does not name the stub in {rel}")

        before = tree_digest(root)
        for argv, what in ((["add", ID, "--algorithm", "other-v1"], "an id the table has"),
                           (["add", "Zz", "--algorithm", "zz2-v1"], "an id that is not an identifier"),
                           (["add", "zz_two", "--algorithm", "zz-scratch-v1"], "an algorithm the table has")):
            r = scaffold(*argv, "--root", root)
            need(r.returncode == 2 and "nothing written" in r.stderr, f"{what}: exit {r.returncode}, {r.stderr}")
        need(tree_digest(root) == before, "a refused scaffold add changed the tree")
    return report()


def report():
    for p in problems:
        print("scaffold_test:", p)
    if problems:
        return 1
    print(f"scaffold_test: passed ({len(FILES)} files, {len(SIBLINGS)} compiled)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
