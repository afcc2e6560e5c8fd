#!/usr/bin/env python3
"""include_cycles.py - no include cycle between or inside the layers of gen/.

A unit is a header and its implementation (gen/vectors/catalog.{h,cc}); unit A depends on unit B
when a file of A includes B's header. Every cycle of that graph (two units that include each
other's header, or a longer loop) is an error, as is an include of a layer above the file's own:
the build's include roots (gen/CMakeLists.txt) already refuse the latter, this catches the former,
which no include root can.

Usage: include_cycles.py GEN_DIR
Exit status: 0 with no cycle, 1 naming each cycle, 2 when GEN_DIR has no sources.
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def units(gen):
    deps = {}
    for root, _, files in os.walk(gen):
        for f in files:
            if not f.endswith((".h", ".cc")):
                continue
            path = os.path.join(root, f)
            unit = os.path.splitext(os.path.relpath(path, gen))[0]
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            targets = deps.setdefault(unit, set())
            for inc in INCLUDE.findall(text):
                target = os.path.splitext(inc)[0]
                if target != unit and os.path.exists(os.path.join(gen, inc)):
                    targets.add(target)
    return deps


def cycles(deps):
    """Tarjan's strongly connected components; each of more than one unit is a cycle."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(deps.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(deps):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) != 2:
        print("usage: include_cycles.py GEN_DIR", file=sys.stderr)
        return 2
    deps = units(sys.argv[1])
    if not deps:
        print(f"include_cycles: no sources under {sys.argv[1]}", file=sys.stderr)
        return 2
    found = cycles(deps)
    for c in found:
        print("include cycle: " + " <-> ".join(c))
    print(f"include_cycles: {len(deps)} units, {sum(len(d) for d in deps.values())} includes, {len(found)} cycles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
