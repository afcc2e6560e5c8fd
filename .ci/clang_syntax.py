#!/usr/bin/env python3
"""clang_syntax.py BUILD_DIR [UNDER ...]: every translation unit of BUILD_DIR's compile database
whose source lies under UNDER (paths relative to the source tree; default tests/ and fuzz/),
compiled with -fsyntax-only instead of -c: clang's diagnostics (its -Werror included, as CMake
configured them) without code generation or linking. .ci/test runs it over the tests and the fuzz
targets after building the CLI with clang, so the whole tree stays clang-clean at about half the
cost of building those executables. Exit 0 when every unit passes, 1 naming each that does not."""
import json, os, shlex, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

build = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
under = [os.path.join(root, u) + os.sep for u in (sys.argv[2:] or ["tests", "fuzz"])]
with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
    entries = [e for e in json.load(f) if any(os.path.abspath(e["file"]).startswith(u) for u in under)]


def syntax(e):
    args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a != "-c":
            out.append(a)
    p = subprocess.run(out + ["-fsyntax-only"], cwd=e["directory"], capture_output=True, text=True)
    return e["file"], p.returncode, p.stderr


failed = 0
with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
    for path, rc, err in pool.map(syntax, entries):
        if rc != 0:
            failed += 1
            sys.stderr.write(f"clang_syntax: {os.path.relpath(path, root)}:\n{err}\n")
if not entries:
    sys.exit("clang_syntax: no translation unit under " + ", ".join(under) + " in " + build)
print(f"clang_syntax: {len(entries) - failed} of {len(entries)} translation units pass")
sys.exit(1 if failed else 0)
