#!/usr/bin/env python3
"""scaffold.py - start a new family: its files with the right names, its row, and what is left.

  scaffold.py add ID --algorithm NAME [--verify FORM] [--summary TEXT] [--root DIR]
      (FORM, the `fairvec verify` form's name, defaults to ID)
      writes the new family ID's files from gen/scaffold/templates/ (every `__ID__` in a path or a
      text becomes ID), adds its row to gen/families.json, its section to each translation file of
      gen/cli/verify/lang/ and its section to docs/verify.md (before the closing paragraph), then prints the steps that build and check it and the hand-written
      texts that remain. The family's one op is `ID.round` {serverSeed, clientSeed, nonce} ->
      {value}, its one vector file `ID_round_test.json`; both are a starting point to rename and
      grow. It refuses (exit 2, naming what) an ID that is not a lowercase identifier, an ID or
      algorithm or verify name the table already has, and any file it would write that exists; it
      writes nothing then. The files it writes:
        specs/NAME.md                                   the spec skeleton
        gen/schemes/ID.{h,cc}                           the scheme (hash: a parameter, kHash)
        gen/ops/ID.cc                                   the op table's rows
        gen/vectors/ID.{h,cc}, gen/vectors/ID_ports.cc  vector file, flags, wrong ports
        gen/cli/verify/ID.cc                            `fairvec verify FORM`
        tests/ID_test.cc                                the GoogleTest suite
        tests/ports/python/ID.py                        the Python example port's module
        tests/reference/recompute_families/ID.py        the independent recompute
        tests/reference/differential_families/ID.py     the differential rows
        web/src/ID.mjs                                  the page's module = the JavaScript port
  scaffold.py check [--root DIR]
      exits 1 naming every file and line of the tree that still holds a stub marker
      (FAIRVEC-SCAFFOLD-STUB) outside gen/scaffold/, 0 when there is none. CTest runs it
      (`scaffold_stubs`): a family whose stubs are not all filled in fails the build's tests.

Every stub fails loudly until it is filled in: the scheme's arithmetic throws std::logic_error in
C++, NotImplementedError in Python and Error in JavaScript (so `fairvec generate`, the example
ports and the tests fail naming the stub's file), and every stub carries the marker that `check`
finds, the spec's and the translations' text included. Exit status: 0 done; 1 (check) markers
remain; 2 bad usage or a refusal. Standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))
TEMPLATES = os.path.join(HERE, "templates")
MARKER = "FAIRVEC-SCAFFOLD-" + "STUB"  # split so that this file is not a hit of its own check
LANGS = ("en", "de", "id", "ru", "tr")
LANG_NAMES = {"de": "Deutsch", "id": "Bahasa Indonesia", "ru": "русский", "tr": "Türkçe"}
# Directories `check` does not read: build trees, version control, the templates themselves.
SKIP_DIRS = {".git", "node_modules", "__pycache__"}


class Refused(Exception):
    pass


def camel(family_id):
    return "".join(part.capitalize() for part in family_id.split("_"))


def substitutions(args):
    return {
        "__ID__": args.id,
        "__CAMEL__": camel(args.id),
        "__UPPER__": args.id.upper(),
        "__DASH__": args.id.replace("_", "-"),
        "__ALGORITHM__": args.algorithm,
        "__SPEC__": args.algorithm + ".md",
        "__VERIFY__": args.verify,
    }


def fill(text, subs):
    # Longest key first: __ID__ must not eat the start of another key.
    for k in sorted(subs, key=len, reverse=True):
        text = text.replace(k, subs[k])
    return text


def template_files():
    """(template path, target relative path) for every template."""
    out = []
    for d, dirs, files in os.walk(TEMPLATES):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".in"):
                continue
            rel = os.path.relpath(os.path.join(d, f), TEMPLATES)[:-len(".in")]
            out.append((os.path.join(d, f), rel))
    return out


def lang_section(code, subs):
    """The family's section of translation file |code|: English text, marked to be written (and
    translated, outside en.txt)."""
    v, algo = subs["__VERIFY__"], subs["__ALGORITHM__"]
    todo = "write these texts" if code == "en" else f"translate these texts into {LANG_NAMES[code]}"
    return "\n".join([
        "",
        f"# {algo} (gen/cli/verify/{subs['__ID__']}.cc, web/src/{subs['__ID__']}.mjs). {MARKER}: {todo}.",
        f"{v}.header = {algo} round: nonce {{1}}",
        f"{v}.mac =   MAC of {{1}}: {{2}}",
        f"{v}.value =   value: {{1}}",
        f"{v}.check = the value you recorded",
        f"{v}.no_value = no --value given: the value is shown, not compared",
        f"{v}.where = the value",
        f"page.form.{v} = {algo} round",
        f"page.intro.{v} = A round is checked from its server seed, client seed and nonce.",
        f"page.field.{v}_value = Value you recorded (optional)",
        "",
    ])


def manual_section(subs):
    """The family's section of docs/verify.md: the usage `fairvec verify --help` shows (VerifyHelp
    compares them), and a marked stub for its text and example."""
    v, algo, spec = subs["__VERIFY__"], subs["__ALGORITHM__"], subs["__SPEC__"]
    return (f"## verify {v}\n\n    fairvec verify {v} --server-seed S --client-seed C --nonce N [--value V]\n\n"
            f"One {algo} round ([specs/{spec}](../specs/{spec})): its message, MAC and value; `--value` is\n"
            f"compared. {MARKER}: say what a player checks, and give an example run with its exit code\n"
            f"(a `$ fairvec verify {v} ...` line, then `exit N`), which the tests run.\n\n")


MANUAL_TAIL = "Every `$ fairvec verify` line above"


def add(args, root):
    if not re.fullmatch(r"[a-z][a-z0-9_]*", args.id):
        raise Refused(f"family id '{args.id}': not a lowercase identifier ([a-z][a-z0-9_]*)")
    if not re.fullmatch(r"[a-z0-9][a-z0-9.-]*", args.algorithm):
        raise Refused(f"--algorithm '{args.algorithm}': not a lowercase name ([a-z0-9][a-z0-9.-]*)")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", args.verify):
        raise Refused(f"--verify '{args.verify}': not a lowercase identifier")
    table_path = os.path.join(root, "gen", "families.json")
    with open(table_path, encoding="utf-8") as f:
        table_text = f.read()
    table = json.loads(table_text)
    for row in table["families"]:
        for key, value in (("id", args.id), ("algorithm", args.algorithm), ("verify", args.verify)):
            if value and row[key] == value:
                raise Refused(f"gen/families.json: family {row['id']} already has {key} '{value}'")
    subs = substitutions(args)
    writes = []
    for src, rel in template_files():
        target = fill(rel, subs)
        with open(src, encoding="utf-8") as f:
            writes.append((target, fill(f.read(), subs)))
    for target, _ in writes:
        if os.path.exists(os.path.join(root, target)):
            raise Refused(f"{target} exists: a family's files are its own")
    lang_dir = os.path.join(root, "gen", "cli", "verify", "lang")
    for code in LANGS:
        with open(os.path.join(lang_dir, f"{code}.txt"), encoding="utf-8") as f:
            if re.search(rf"^{re.escape(args.verify)}\.header\s*=", f.read(), re.M):
                raise Refused(f"gen/cli/verify/lang/{code}.txt already has {args.verify}.header")

    for target, text in writes:
        path = os.path.join(root, target)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    cxx = [os.path.join(root, t) for t, _ in writes if t.endswith((".cc", ".h"))]
    try:
        subprocess.run(["clang-format-14", "-i", "--style=file"] + cxx, cwd=root, check=True,
                       capture_output=True)
        formatted = True
    except (OSError, subprocess.CalledProcessError):
        formatted = False
    # The row, last in the table (the table's order is the order of every list it renders).
    summary = args.summary or f"{MARKER}: one line saying what {args.algorithm} computes"
    row = (f'    {{"id": {json.dumps(args.id)}, "algorithm": {json.dumps(args.algorithm)}, '
           f'"spec": {json.dumps(subs["__SPEC__"])}, "verify": {json.dumps(args.verify)},\n'
           f'     "summary": {json.dumps(summary, ensure_ascii=False)}}}')
    at = table_text.rstrip().rfind("]")
    head = table_text[:at].rstrip()
    with open(table_path, "w", encoding="utf-8") as f:
        f.write(head + ",\n" + row + "\n  " + table_text[at:].lstrip())
    json.loads(open(table_path, encoding="utf-8").read())  # the table stays JSON
    for code in LANGS:
        with open(os.path.join(lang_dir, f"{code}.txt"), "a", encoding="utf-8") as f:
            f.write(lang_section(code, subs))
    manual = os.path.join(root, "docs", "verify.md")
    if os.path.isfile(manual):
        with open(manual, encoding="utf-8") as f:
            text = f.read()
        at = text.find(MANUAL_TAIL)
        at = len(text) if at < 0 else at
        with open(manual, "w", encoding="utf-8") as f:
            f.write(text[:at] + manual_section(subs) + text[at:])

    print(f"family {args.id} ({args.algorithm}): wrote {len(writes)} files, added its row to gen/families.json"
          + f", its section to the {len(LANGS)} translation files and to docs/verify.md")
    for target, _ in writes:
        print(f"  {target}")
    if not formatted:
        print("  (clang-format-14 not found: format the C++ files before committing)")
    print(f"""
Next, from {root}:
  1. fill in every stub: `python3 gen/scaffold/scaffold.py check` lists them ({MARKER});
     the scheme's arithmetic is one function in each of gen/schemes/{args.id}.cc,
     tests/ports/python/{args.id}.py and web/src/{args.id}.mjs
     then clang-format-14 -i on the family's C++ files (CTest `format` checks them)
  2. cmake --build build && build/gen/fairvec generate     (the vector files, schemas, ids, coverage,
     the op reference and the family tables of README.md and specs/README.md)
  3. python3 fuzz/make_corpus.py --missing-ops             (the fuzz corpus seeds of the new op)
  4. node web/build.mjs                                    (web/families.mjs and web/check.html)
  5. ctest --test-dir build -j2                            (every test, the new family's included)
Hand-written texts that remain (no test writes them; the ones marked {MARKER} fail `check`):
  - specs/{subs['__SPEC__']}: sources, algorithm, pinned decisions, scope
  - gen/cli/verify/lang/*.txt: the family's section, written in en.txt and translated in the others
  - docs/verify.md: the section `## verify {args.verify}` (its usage is written; its text and example are not)
  - vectors/CHANGELOG.md and CHANGELOG.md: the new files and op under the next version""")
    return 0


def check(root):
    hits = []
    scaffold_dir = os.path.join(root, "gen", "scaffold")
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("build")
                         and os.path.join(d, x) != scaffold_dir)
        for f in sorted(files):
            path = os.path.join(d, f)
            try:
                with open(path, encoding="utf-8") as fh:
                    for n, line in enumerate(fh, 1):
                        if MARKER in line:
                            hits.append(f"{os.path.relpath(path, root)}:{n}: {line.strip()[:120]}")
            except (UnicodeDecodeError, OSError):
                continue
    for h in hits:
        print(h)
    if hits:
        print(f"scaffold check: {len(hits)} stub(s) not filled in ({MARKER})", file=sys.stderr)
        return 1
    print("scaffold check: no stub left")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="scaffold.py", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    a = sub.add_parser("add", help="write a new family's files and its row")
    a.add_argument("id")
    a.add_argument("--algorithm", required=True, help="the algorithm's name, e.g. hexwin-v1 (its spec: NAME.md)")
    a.add_argument("--verify", default=None, help="the `fairvec verify` form's name (default: ID)")
    a.add_argument("--summary", default="", help="the row's one-line summary")
    a.add_argument("--root", default=PROJECT)
    c = sub.add_parser("check", help="list the stubs not filled in")
    c.add_argument("--root", default=PROJECT)
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    if args.command == "check":
        return check(root)
    if args.verify is None:
        args.verify = args.id
    try:
        return add(args, root)
    except Refused as e:
        print(f"scaffold add: {e}; nothing written", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
