#!/usr/bin/env python3
"""format_check.py: the C++ sources follow the repository's .clang-format.

  format_check.py ROOT      checks every tracked .cc and .h file of ROOT (git ls-files; without a
                            git checkout, every .cc and .h under gen/, fuzz/ and tests/) with
                            `clang-format-14 --dry-run --Werror` and names each file and line that
                            differs from what clang-format writes
  format_check.py --bites   shows the check can fail: on a scratch directory holding ROOT's
                            .clang-format and one badly formatted file it must exit 1 naming that
                            file, and 0 once the file is formatted (writes only into a temporary
                            directory)

clang-format 14 is pinned: its output differs between versions, and records/record.py uses the same
binary to tell a formatting-only change. Exit status: 0 formatted; 1 a file is not (or --bites
failed, or clang-format-14 is missing with FAIRVEC_REQUIRE_TOOLS=1 or CI=true); 2 bad usage; 77
clang-format-14 is missing (CTest shows the test skipped)."""

import os
import shutil
import subprocess
import sys
import tempfile

CLANG_FORMAT = "clang-format-14"
HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))


def sources(root):
    p = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", "*.cc", "*.h"], capture_output=True)
    if p.returncode == 0 and subprocess.run(["git", "-C", root, "rev-parse", "--show-prefix"],
                                            capture_output=True, text=True).stdout.strip() == "":
        return sorted(f.decode() for f in p.stdout.split(b"\0") if f)
    out = []
    for top in ("gen", "fuzz", "tests"):
        for d, _, files in os.walk(os.path.join(root, top)):
            out += [os.path.relpath(os.path.join(d, f), root) for f in files if f.endswith((".cc", ".h"))]
    return sorted(out)


def check(root):
    """check returns (exit status, report) for the C++ files of |root|."""
    files = sources(root)
    if not files:
        return 1, f"format_check.py: no .cc or .h file found under {root}"
    bad = []
    for i in range(0, len(files), 50):
        batch = files[i:i + 50]
        p = subprocess.run([CLANG_FORMAT, "--style=file", "--dry-run", "--Werror", *batch], cwd=root,
                           capture_output=True, text=True, timeout=300)
        for line in p.stderr.splitlines():
            if ": error: code should be clang-formatted" in line:
                bad.append(line.split(": error:")[0])
        if p.returncode != 0 and not bad:
            return 1, f"format_check.py: {CLANG_FORMAT} failed ({p.returncode}):\n{p.stderr}"
    if bad:
        by_file = {}
        for where in bad:
            by_file.setdefault(where.split(":")[0], set()).add(int(where.split(":")[1]))
        by_file = {f: [str(n) for n in sorted(ns)] for f, ns in by_file.items()}
        lines = [f"{f}: lines {', '.join(ls[:8])}{' ...' if len(ls) > 8 else ''} differ from what "
                 f"{CLANG_FORMAT} writes" for f, ls in sorted(by_file.items())]
        return 1, "\n".join(lines) + (f"\n{len(by_file)} of {len(files)} C++ files are not formatted "
                                      f"(fix: {CLANG_FORMAT} -i FILE)")
    return 0, f"format_check.py: {len(files)} C++ files follow .clang-format"


def bites():
    with tempfile.TemporaryDirectory(prefix="fairvec-format-") as d:
        shutil.copy(os.path.join(PROJECT, ".clang-format"), d)
        os.makedirs(os.path.join(d, "gen"))
        path = os.path.join(d, "gen", "badly.cc")
        with open(path, "w", encoding="utf-8") as f:
            f.write("int  f(int x){\nreturn x+1;}\n")
        rc, report = check(d)
        if rc != 1 or "gen/badly.cc: lines 1" not in report:
            return 1, f"format_check.py --bites: an unformatted file passed (exit {rc}):\n{report}"
        subprocess.run([CLANG_FORMAT, "--style=file", "-i", path], check=True, cwd=d)
        rc2, report2 = check(d)
        if rc2 != 0:
            return 1, f"format_check.py --bites: a formatted file failed (exit {rc2}):\n{report2}"
        return 0, f"format_check.py --bites: the unformatted file failed the check ({report.splitlines()[0]}), " \
                  "and passed once formatted"


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if shutil.which(CLANG_FORMAT) is None:
        required = os.environ.get("FAIRVEC_REQUIRE_TOOLS") == "1" or os.environ.get("CI") == "true"
        print(f"format_check.py: {CLANG_FORMAT} not found (.ci/deps installs clang-format-14)"
              + ("" if not required else ": required here"), file=sys.stderr)
        return 1 if required else 77
    rc, report = bites() if argv[1] == "--bites" else check(argv[1])
    print(report, file=sys.stderr if rc else sys.stdout)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
