#!/usr/bin/env python3
"""compare_release.py BASELINE CURRENT CHANGELOG: the release rule of vectors/README.md ("Releases").

BASELINE is the previous release's MANIFEST.json and ids/ (tests/release/<version>/), CURRENT a
vectors directory. Within one major version (before 1.0.0: one minor version, as semantic
versioning's 0.y rule) every test of the baseline keeps its tcId, names the same test (ledger key)
and has the same answer digest; a test added or a file changed needs a version above the
baseline's. Where the version allows a breaking change, each one must be named (FILE#TCID) in
CHANGELOG under the current version's heading. Exit 0 when the rule holds, 1 naming every breach,
2 for unreadable input.
"""
import json
import os
import re
import sys


def version(text, where):
    m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", text)
    if not m:
        raise ValueError("%s: vectorSetVersion %r is not MAJOR.MINOR.PATCH" % (where, text))
    return tuple(int(x) for x in m.groups())


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def ledgers(root):
    out = {}
    ids = os.path.join(root, "ids")
    for name in sorted(os.listdir(ids)):
        led = load(os.path.join(ids, name))
        out[led["file"]] = led
    return out


def changelog_section(path, ver):
    """The text under the heading of version |ver| in CHANGELOG (up to the next '## ' heading)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## \[?%s\]?[^\n]*\n(.*?)(?=^## |\Z)" % re.escape(ver), text, re.M | re.S)
    return m.group(1) if m else None


def compare(baseline, current, changelog):
    bm, cm = load(os.path.join(baseline, "MANIFEST.json")), load(os.path.join(current, "MANIFEST.json"))
    bv, cv = bm["vectorSetVersion"], cm["vectorSetVersion"]
    b, c = version(bv, "baseline"), version(cv, "current")
    breaches, allowed = [], []
    if c < b:
        return ["the current version %s is below the baseline's %s" % (cv, bv)], []
    breaking_ok = c[0] > b[0] or (c[0] == 0 == b[0] and c[1] > b[1])
    adding_ok = breaking_ok or c[1] > b[1] or c[0] > b[0]
    bl, cl = ledgers(baseline), ledgers(current)
    for file, led in sorted(bl.items()):
        now = {e["tcId"]: e for e in cl.get(file, {"tests": []})["tests"]}
        retired = {e["tcId"] for e in cl.get(file, {"retired": []}).get("retired", [])}
        for e in led["tests"]:
            name = "%s#%d" % (file, e["tcId"])
            n = now.get(e["tcId"])
            if n is None:
                why = "was removed (its id is retired)" if e["tcId"] in retired else "disappeared"
                (allowed if breaking_ok else breaches).append((name, why))
            elif n["key"] != e["key"]:
                (allowed if breaking_ok else breaches).append((name, "now names another test (an id moved)"))
            elif n["answer"] != e["answer"]:
                (allowed if breaking_ok else breaches).append((name, "changed its expected answer"))
    added = sum(len({e["key"] for e in cl[f]["tests"]} - {e["key"] for e in bl.get(f, {"tests": []})["tests"]})
                for f in cl)
    if added > 0 and not adding_ok:
        breaches.append(("%d new tests" % added, "need a minor version above %s (this is %s)" % (bv, cv)))
    digests = lambda m: {f["path"]: f["sha256"] for f in m["files"]}
    if c == b and digests(bm) != digests(cm):
        changed = sorted(p for p in set(digests(bm)) | set(digests(cm)) if digests(bm).get(p) != digests(cm).get(p))
        breaches.append(("version %s" % cv, "is the baseline's, yet files differ: " + ", ".join(changed[:5])))
    if allowed:
        section = changelog_section(changelog, cv)
        for name, why in allowed:
            if section is None or name not in section:
                breaches.append((name, why + ", allowed by %s -> %s but not named in %s under %s" %
                                 (bv, cv, os.path.basename(changelog), cv)))
    return ["%s %s" % x for x in breaches], ["%s %s" % x for x in allowed]


def main(argv):
    if len(argv) != 4:
        print("usage: compare_release.py BASELINE CURRENT CHANGELOG", file=sys.stderr)
        return 2
    try:
        breaches, allowed = compare(argv[1], argv[2], argv[3])
    except (OSError, ValueError, KeyError, TypeError) as e:
        print("compare_release: %s" % e, file=sys.stderr)
        return 2
    for a in allowed:
        print("allowed: " + a)
    for b in breaches:
        print("BREACH: " + b)
    print("release rule: %s (%d allowed changes, %d breaches)" % ("holds" if not breaches else "broken", len(allowed),
                                                               len(breaches)))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
