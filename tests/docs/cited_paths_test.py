#!/usr/bin/env python3
"""cited_paths_test.py ROOT [--plant TEXT]

Every repository path a spec or manual cites in backquotes (`gen/ops/keno.cc`,
`tests/crash_test.cc`, `gen/schemes/tavla.{h,cc}`) names a file or folder that exists under ROOT:
a file renamed without its specs fails here, naming the spec, line and path. Checked: README.md,
specs/*.md and docs/*.md; paths under gen/, tests/, web/, fuzz/, records/, packaging/, cmake/ and
corpus/; a {a,b} group is expanded; a path with a placeholder (<id>, __ID__, *) is not a path and is
skipped, and so is a path of another repository that a spec quotes (EXTERNAL). --plant TEXT
(self-test) checks TEXT as one more line of a spec, which must then fail. Exit 0 every path exists,
1 a missing one, 2 bad usage."""
import glob, os, re, sys

# Paths quoted from other repositories: bustabit's verifier (crash.md) and verifierform-stake (stake-v1.md).
EXTERNAL = {"tests/lib.rs", "tests/lib/"}
CITED = re.compile(r"`((?:gen|tests|web|fuzz|records|packaging|cmake|corpus)/[A-Za-z0-9_./{},-]+)`")


def paths_of(text):
    for m in CITED.finditer(text):
        p = m.group(1).rstrip(".,")
        if any(c in p for c in "<>*") or "__" in p or p in EXTERNAL:
            continue
        g = re.match(r"(.*)\{([^}]*)\}(.*)", p)
        yield from ([g.group(1) + x + g.group(3) for x in g.group(2).split(",")] if g else [p])


def main():
    if len(sys.argv) < 2:
        sys.exit(2)
    root = sys.argv[1]
    lines = []
    for f in ["README.md"] + sorted(glob.glob(os.path.join(root, "specs", "*.md"))) + \
            sorted(glob.glob(os.path.join(root, "docs", "*.md"))):
        path = f if os.path.isabs(f) else os.path.join(root, f)
        with open(path, encoding="utf-8") as fh:
            lines += [(os.path.relpath(path, root), n, line) for n, line in enumerate(fh, 1)]
    if "--plant" in sys.argv:
        lines.append(("(planted)", 1, sys.argv[sys.argv.index("--plant") + 1]))
    missing = [(f, n, p) for f, n, line in lines for p in paths_of(line) if not os.path.exists(os.path.join(root, p))]
    for f, n, p in missing:
        print(f"FAIL {f}:{n}: `{p}` does not exist")
    if missing:
        return 1
    print(f"cited_paths: every cited path exists ({len(lines)} lines read)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
