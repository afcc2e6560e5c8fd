#!/usr/bin/env python3
"""record.py: measurement records, and the README tables generated from them (standard library only).

Every figure the READMEs state about speed or fuzzing comes from a record in records/: a text file
holding the date (UTC), the commit (and whether the tree had uncommitted changes), the machine
(kernel, CPU model, CPU count), the exact command, its exit status, and its output verbatim.

  record.py bench [--reps N] [--fairvec PATH]
        runs `fairvec bench --reps N` and writes records/bench/<date>-<commit>.txt
  record.py fuzz [--runs N] [--build DIR] TARGET...
        runs fuzz/measure.sh -runs=N TARGET (the libFuzzer build, `cmake --preset fuzz`) for each
        target, and writes records/fuzz/<date>-<commit>-<target>.txt (its table row and the
        libFuzzer log's final statistics)
  record.py ctest [--build DIR] [--jobs N]
        runs `ctest --test-dir DIR -jN --no-tests=error` (default build/, N 2; without
        records_tables_current, which checks the tables the record feeds) and writes
        records/ctest/<date>-<commit>.txt: every test's time and result as CTest printed them (the
        tables say how many tests ran at a time from the -jN of the record's command)
  record.py tables [--check]
        rewrites the tables between `<!-- records:bench -->` / `<!-- records:fuzz -->` /
        `<!-- records:ctest-NAME -->` and their end markers in docs/bench.md, fuzz/README.md,
        docs/check-port.md and docs/check-page.md from the newest record of each kind (each
        target; CTEST_TABLES names the tests each CTest table shows); --check writes nothing and
        exits 1 when a table differs from its records, a record lacks a header, or a table has no
        record behind it. Both fail (check_records) when a fuzz target has no record, a record's
        commit is not an ancestor of HEAD or had uncommitted changes, or the measuring code
        (measured_paths) changed after the record; a C++ file that changed only as clang-format
        rewrites it (formatting_only) is not a change. The newest CTest record must show a run that
        passed (exit 0, no test failed) and one line per test the summary counts ("out of N"):
        tests are told apart by number, as two gtest executables can give two tests one name; a
        CTest table is not rewritten from a record that fails this, and the record is named.

Exit status: 0 done; 1 a measured command failed, or --check found a difference; 2 bad usage;
77 --check found no difference but could not check the records' commits (not a git checkout, and
FAIRVEC_REQUIRE_TOOLS is not 1, which makes that a difference): CTest's SKIP_RETURN_CODE.
"""

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "records")
HEADERS = ("date", "commit", "machine", "command", "exit")


def git(*args):
    return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True).stdout.strip()


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{platform.system()} {platform.release()} {platform.machine()}; {os.cpu_count()} CPUs; {model}"


def write_record(kind, name_suffix, command, exit_code, output):
    """Writes one record and returns its path relative to the repository."""
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    commit = git("rev-parse", "HEAD") or "unknown"
    dirty = " (with uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else ""
    stamp = now.strftime("%Y%m%dT%H%M%SZ")
    os.makedirs(os.path.join(RECORDS, kind), exist_ok=True)
    rel = os.path.join("records", kind, f"{stamp}-{commit[:7]}{name_suffix}.txt")
    text = (f"date: {now.isoformat().replace('+00:00', 'Z')}\n"
            f"commit: {commit}{dirty}\n"
            f"machine: {machine()}\n"
            f"command: {command}\n"
            f"exit: {exit_code}\n"
            f"---\n{output}")
    tmp = os.path.join(ROOT, rel + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text if text.endswith("\n") else text + "\n")
    os.replace(tmp, os.path.join(ROOT, rel))
    print(f"record.py: wrote {rel}")
    return rel


def read_record(path):
    """(headers, output) of a record; raises ValueError when a header is missing."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    head, sep, body = text.partition("\n---\n")
    if not sep:
        raise ValueError(f"{path}: no '---' line between headers and output")
    headers = {}
    for line in head.splitlines():
        k, _, v = line.partition(": ")
        headers[k] = v
    missing = [h for h in HEADERS if not headers.get(h)]
    if missing:
        raise ValueError(f"{path}: missing headers {missing}")
    return headers, body


def cmd_bench(args):
    fairvec = args.fairvec or os.path.join(ROOT, "build", "gen", "fairvec")
    argv = [fairvec, "bench", "--reps", str(args.reps)]
    p = subprocess.run(argv, capture_output=True, text=True)
    shown = "fairvec bench --reps " + str(args.reps)
    write_record("bench", "", shown, p.returncode, p.stdout + p.stderr)
    return 0 if p.returncode == 0 else 1


def cmd_ctest(args):
    # records_tables_current checks the tables this record feeds: the run that makes the record
    # leaves it out (the command line says so), or the first record could never be made.
    argv = ["ctest", "--test-dir", args.build, f"-j{args.jobs}", "--no-tests=error", "-E", "^records_tables_current$"]
    p = subprocess.run(argv, capture_output=True, text=True)
    shown = (f"ctest --test-dir {os.path.relpath(args.build, ROOT)} -j{args.jobs} --no-tests=error "
             "-E '^records_tables_current$'")
    write_record("ctest", "", shown, p.returncode, p.stdout + p.stderr)
    return 0 if p.returncode == 0 else 1


# CTEST_TABLES: per document, the marker and the tests whose CTest times it shows.
CTEST_TABLES = [
    ("docs/check-port.md", "ctest-check-port",
     ["example_port_python", "example_port_js", "reference_check_port", "mutant_catalog", "mutant_pair",
      "wrong_answers_harness", "check_port_behaviour", "transcripts_harness", "transcripts_vs_vectors",
      "result_members", "op_metadata", "stake_operator_port"]),
    ("docs/check-page.md", "ctest-check-page",
     ["web_page_current", "web_lang_keys", "web_port_fields", "web_facts", "web_verdicts", "web_browser"]),
]


# One line per test CTest ran: "  3/521 Test #455: NAME ....   Passed   25.60 sec" (a failure reads
# "***Failed", "***Timeout", "***Exception: ...", "***Not Run"). gtest discovery can give two tests
# of two executables one name, so a test is its number (#N), never its name.
CTEST_LINE = re.compile(r"Test\s+#(\d+): (\S+)(?: .*?)? \.+\s*(Passed|\*{3}.*?)\s+([0-9.]+) sec$")
CTEST_SUMMARY = re.compile(r"^\d+% tests passed, (\d+) tests? failed out of (\d+)$", re.M)
JOB_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def ctest_run(headers, body, rel):
    """The tests of a CTest record as {number: (name, result, seconds)}. Raises ValueError naming
    the record when its run did not pass (exit status not 0, a test failed, or a test's line is not
    Passed or Skipped), when the summary line ("out of N") is missing, or when the lines it has are
    not the N tests the summary counts."""
    tests = {}
    for line in body.splitlines():
        m = CTEST_LINE.search(line)
        if m:
            tests[int(m.group(1))] = (m.group(2), m.group(3).replace("*", "").strip(), m.group(4))
        elif re.match(r"\s*\d+/\d+ Test\s+#\d+:", line):
            raise ValueError(f"{rel}: a test line record.py can't read: {line.strip()}")
    summary = CTEST_SUMMARY.search(body)
    if not summary:
        raise ValueError(f"{rel}: no CTest summary line ('... tests failed out of N')")
    failed, total = int(summary.group(1)), int(summary.group(2))
    bad = sorted(f"#{n} {name} ({result})" for n, (name, result, _) in tests.items()
                 if result not in ("Passed", "Skipped"))
    if headers["exit"] != "0" or failed or bad:
        raise ValueError(f"{rel}: its CTest run failed (exit {headers['exit']}, {failed} of {total} tests failed"
                         + (": " + ", ".join(bad) if bad else "") + "); a failed run backs no table")
    if len(tests) != total:
        raise ValueError(f"{rel}: {len(tests)} test lines but the summary counts {total} tests")
    return tests


def ctest_jobs(command):
    """How many tests the record's command ran at a time (-jN, -j N, --parallel N), or None."""
    m = re.search(r"(?:^|\s)(?:-j\s*|--parallel[= ])(\d+)(?=\s|$)", command)
    return int(m.group(1)) if m else None


def ctest_table(names):
    files = newest("ctest")
    if not files:
        raise ValueError("no CTest record in records/ctest/ (record.py ctest)")
    headers, body = read_record(files[0])
    rel = os.path.relpath(files[0], ROOT)
    tests = ctest_run(headers, body, rel)
    by_name = {}
    for name, result, seconds in tests.values():
        by_name.setdefault(name, []).append((result, seconds))
    missing = [n for n in names if n not in by_name]
    total = re.search(r"Total Test time \(real\) =\s+([0-9.]+) sec", body)
    if missing or not total:
        raise ValueError(f"{rel}: no time for {missing or 'the whole run'}")
    shared = [n for n in names if len(by_name[n]) > 1]
    if shared:
        raise ValueError(f"{rel}: more than one test is named {shared}: a table row can't say which")
    rows = [f"| `{n}` | {float(by_name[n][0][1]):.1f} s | {by_name[n][0][0].lower()} |" for n in names]
    jobs = ctest_jobs(headers["command"])
    at_a_time = f" ({JOB_WORDS.get(jobs, str(jobs))} at a time)" if jobs else ""
    return "\n".join([
        f"Generated by `records/record.py tables` from [{rel}](../{rel}): `{headers['command']}`, "
        f"{headers['date']}, commit {headers['commit']}, on {headers['machine']}; exit {headers['exit']}; "
        f"{len(tests)} tests in {float(total.group(1)):.0f} s of wall time{at_a_time}.",
        "",
        "| test | time | result |",
        "|---|---|---|",
        *rows])


def cmd_fuzz(args):
    status = 0
    for target in args.targets:
        with tempfile.TemporaryDirectory() as scratch:
            env = dict(os.environ, FAIRVEC_FUZZ_SCRATCH=scratch, FAIRVEC_FUZZ_BUILD=args.build)
            argv = ["bash", os.path.join(ROOT, "fuzz", "measure.sh"), f"-runs={args.runs}", target]
            p = subprocess.run(argv, capture_output=True, text=True, env=env)
            out = p.stdout
            log = os.path.join(scratch, f"{target}.log")
            if os.path.exists(log):
                with open(log, encoding="utf-8", errors="replace") as f:
                    lines = f.read().splitlines()
                keep = [x for x in lines if x.startswith(("stat::", "Done ", "INFO: seed", "#"))][-12:]
                out += "\nlibFuzzer log (last lines of the run):\n" + "\n".join(keep) + "\n"
                # A finding keeps its report (the sanitizer's or libFuzzer's error, the stack, the
                # artifact's name) and the artifact itself, which the scratch directory would lose.
                errors = [x for x in lines if x.startswith(("==", "SUMMARY", "    #", "MS:", "artifact_prefix",
                                                            "Test unit written", "Base64:"))
                          or "ERROR" in x or "fairvec" in x.lower()][:80]
                if errors:
                    out += "\nfinding report (from the libFuzzer log):\n" + "\n".join(errors) + "\n"
                for name in sorted(os.listdir(scratch)):
                    if name.startswith(f"{target}-") and os.path.isfile(os.path.join(scratch, name)):
                        with open(os.path.join(scratch, name), "rb") as f:
                            data = f.read(4096)
                        out += f"\nartifact {name} ({len(data)} bytes shown, hex):\n" + data.hex() + "\n"
        write_record("fuzz", "-" + target, f"fuzz/measure.sh -runs={args.runs} {target}",
                     p.returncode, out)
        if p.returncode != 0 or "FINDING" in p.stdout:
            status = 1
    return status


def newest(kind):
    """The record files of a kind, newest first (names start with the UTC time)."""
    d = os.path.join(RECORDS, kind)
    if not os.path.isdir(d):
        return []
    return sorted((os.path.join(d, f) for f in os.listdir(d) if f.endswith(".txt")), reverse=True)


def bench_table():
    files = newest("bench")
    if not files:
        raise ValueError("no bench record in records/bench/")
    headers, body = read_record(files[0])
    rel = os.path.relpath(files[0], ROOT)
    rows = []
    for line in body.splitlines():
        m = re.match(r"\s+(ok|MISSED|FAIL\w*)\s+(.+?)\s{2,}(\S+ \S+) \((limit|at least) (.+)\)$", line)
        if m:
            limit = m.group(5) if m.group(4) == "limit" else "at least " + m.group(5)
            rows.append(f"| {m.group(2)} | {m.group(3)} | {limit} | {m.group(1)} |")
    if not rows:
        raise ValueError(f"{rel}: no target lines in the bench output")
    # The record's summary lines the prose around the table would otherwise restate by hand.
    quoted = [f"- `{line.strip()}`" for line in body.splitlines()
              if re.match(r"(generate all vectors|peak resident memory|check-port against fairvec port):", line.strip())]
    if len(quoted) != 3:
        raise ValueError(f"{rel}: the bench output lacks a summary line (generate, memory, check-port)")
    return "\n".join([
        f"Generated by `records/record.py tables` from [{rel}](../{rel}): `{headers['command']}`, "
        f"{headers['date']}, commit {headers['commit']}, on {headers['machine']}; exit "
        f"{headers['exit']}. The record holds the whole output (per-primitive and per-op figures).",
        "",
        "| target | measured | limit | result |",
        "|---|---|---|---|",
        *rows,
        "",
        "The record's summary lines, as printed:",
        "",
        *quoted])


def fuzz_table(rel_prefix):
    files = newest("fuzz")
    latest = {}
    for f in files:
        target = re.sub(r"^\d{8}T\d{6}Z-[0-9a-f]+-", "", os.path.basename(f))[:-4]
        latest.setdefault(target, f)
    if not latest:
        raise ValueError("no fuzz record in records/fuzz/")
    rows = []
    for target in sorted(latest):
        headers, body = read_record(latest[target])
        row = next((x for x in body.splitlines() if x.startswith("| fuzz_")), None)
        if row is None:
            raise ValueError(f"{latest[target]}: no table row in the output")
        rel = os.path.relpath(latest[target], ROOT)
        link = os.path.relpath(os.path.join(ROOT, rel), os.path.join(ROOT, rel_prefix))
        rows.append(f"{row} {headers['date'][:10]} | {headers['commit'][:7]} | [record]({link}) |")
    return "\n".join([
        "Generated by `records/record.py tables` from the newest record of each target in "
        "`records/fuzz/` (command `fuzz/measure.sh -runs=N TARGET`; each record names the machine).",
        "",
        "| target | max_len | malloc limit | executions | seconds | exec/s | peak RSS | result | date | commit | record |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows])


# What each kind of record measures: a record is stale when any of these paths changed between its
# commit and HEAD (the measuring command's own code, and for the bench the code its ratios are of;
# the rest of the library is not counted, or every change to gen/ would need every figure measured
# again: the tables show each record's commit and date instead).
def measured_paths(kind, target=None):
    if kind == "fuzz":
        return [f"fuzz/{target}.cc", "fuzz/measure.sh"]
    if kind == "ctest":
        # The files that declare CTest tests (add_test): a test added, dropped or redefined there is
        # measured again. The gtest sources (tests/*.cc) are not counted, as the library is not: a
        # record gives times, and editing a test's body (or adding a TEST, which gtest discovery
        # adds to the count) would otherwise make it stale on nearly every commit; the table shows
        # the record's commit, and its test count is that commit's.
        return ["tests/CMakeLists.txt", "tests/release/release_tests.cmake", "fuzz/CMakeLists.txt"]
    # The bench's ratios measure the crypto backends and the search engine against their bounds: a
    # change there (gen/core/crypto*, backend_*, gen/search/) changes what the figures are of, so the
    # record is measured again (issue: a record 159 gen/ files behind HEAD counted as current).
    return ["gen/cli/bench.cc", "gen/cli/bench_search.cc", "gen/cli/bench_search.h", "gen/core/crypto.h",
            "gen/core/crypto.cc", "gen/core/backend_cryptopp.cc", "gen/core/backend_openssl.cc", "gen/search"]


def fuzz_targets():
    """The fuzz targets: every fuzz/*.cc that defines LLVMFuzzerTestOneInput (the replay main only
    declares it)."""
    d = os.path.join(ROOT, "fuzz")
    out = []
    for name in sorted(os.listdir(d)):
        if name.endswith(".cc"):
            with open(os.path.join(d, name), encoding="utf-8") as f:
                if re.search(r"int LLVMFuzzerTestOneInput\([^)]*\)\s*\{", f.read()):
                    out.append(name[:-3])
    return out


# The checks check_records could not make (outside a git checkout): `tables --check` then exits 77,
# which CTest shows as a skip (SKIP_RETURN_CODE), not as a pass.
SKIPPED = []


def check_records():
    """The rules a record must keep to stand behind a table (issue: records prove tables current,
    not records real or fresh): one newest record per fuzz target and none for a target that does
    not exist; each record's commit an ancestor of HEAD, measured on a clean tree, and no measured
    path (measured_paths) changed since; the newest CTest record's run passed (ctest_run). Returns
    the problems found."""
    problems = []
    latest = {}
    for f in newest("fuzz"):
        latest.setdefault(re.sub(r"^\d{8}T\d{6}Z-[0-9a-f]+-", "", os.path.basename(f))[:-4], f)
    targets = fuzz_targets()
    for t in targets:
        if t not in latest:
            problems.append(f"fuzz target {t} has no record in records/fuzz/ (record.py fuzz {t})")
    for t in sorted(set(latest) - set(targets)):
        problems.append(f"{os.path.relpath(latest[t], ROOT)}: no fuzz target {t} (fuzz/{t}.cc)")
    used = [("fuzz", t, f) for t, f in sorted(latest.items()) if t in targets]
    for kind in ("bench", "ctest"):
        found = newest(kind)
        if found:
            used.append((kind, None, found[0]))
    inside = git("rev-parse", "--is-inside-work-tree") == "true"
    if not inside:
        msg = "not a git checkout: the records' commits were not checked against HEAD"
        if os.environ.get("FAIRVEC_REQUIRE_TOOLS") == "1":
            problems.append(msg + " (FAIRVEC_REQUIRE_TOOLS=1)")
        else:
            print("record.py: " + msg, file=sys.stderr)
            SKIPPED.append(msg)
        return problems
    for kind, target, path in used:
        rel = os.path.relpath(path, ROOT)
        try:
            headers, body = read_record(path)
            if kind == "ctest":
                ctest_run(headers, body, rel)
        except ValueError as e:
            problems.append(str(e))
            continue
        commit, _, rest = headers["commit"].partition(" ")
        if rest:
            problems.append(f"{rel}: measured on a tree with uncommitted changes ({headers['commit']})")
        ok = subprocess.run(["git", "-C", ROOT, "merge-base", "--is-ancestor", commit, "HEAD"],
                            capture_output=True).returncode == 0
        if not ok:
            problems.append(f"{rel}: commit {commit[:12]} is not an ancestor of HEAD")
            continue
        changed = git("diff", "--name-only", commit, "HEAD", "--", *measured_paths(kind, target)).splitlines()
        changed = [p for p in changed if not formatting_only(commit, p, problems)]
        if changed:
            problems.append(f"{rel}: measured code changed since commit {commit[:7]}: "
                            + ", ".join(changed) + " (measure again)")
    return problems


# The clang-format the tree's .clang-format is written for (.ci/deps installs it; CTest `format`).
CLANG_FORMAT = "clang-format-14"
FORMATTED_SUFFIXES = (".cc", ".h")


def formatting_only(commit, path, problems):
    """formatting_only says whether C++ file |path| differs between |commit| and HEAD only as
    clang-format rewrites it: both versions, formatted under HEAD's .clang-format, are the same
    bytes. Such a change (whitespace, line breaks, include and using order, comment reflow, a long
    string literal split into adjacent literals of the same value) leaves what was measured as it
    was, so it keeps the record current. Any other file, a file added or removed, or a tree without
    HEAD:.clang-format is a change; without clang-format-14 it is a change too, and a problem naming
    the missing tool is added once."""
    if not path.endswith(FORMATTED_SUFFIXES):
        return False
    style = subprocess.run(["git", "-C", ROOT, "show", "HEAD:.clang-format"], capture_output=True)
    old = subprocess.run(["git", "-C", ROOT, "show", f"{commit}:{path}"], capture_output=True)
    new = subprocess.run(["git", "-C", ROOT, "show", f"HEAD:{path}"], capture_output=True)
    if style.returncode != 0 or old.returncode != 0 or new.returncode != 0:
        return False
    with tempfile.TemporaryDirectory() as d:
        style_file = os.path.join(d, ".clang-format")
        with open(style_file, "wb") as f:
            f.write(style.stdout)
        formatted = []
        for blob in (old.stdout, new.stdout):
            try:
                p = subprocess.run([CLANG_FORMAT, f"--style=file:{style_file}", f"--assume-filename={path}"],
                                   input=blob, capture_output=True, timeout=60)
            except (OSError, subprocess.TimeoutExpired) as e:
                msg = f"{CLANG_FORMAT} could not run ({e}): a formatting-only change can't be told from another"
                if msg not in problems:
                    problems.append(msg)
                return False
            if p.returncode != 0:
                return False
            formatted.append(p.stdout)
    return formatted[0] == formatted[1]


def replace_between(text, marker, table, path):
    start, end = f"<!-- records:{marker} -->", f"<!-- /records:{marker} -->"
    if text.count(start) != 1 or text.count(end) != 1:
        raise ValueError(f"{path}: needs exactly one {start} ... {end}")
    a = text.index(start) + len(start)
    b = text.index(end)
    return text[:a] + "\n" + table + "\n" + text[b:]


def cmd_tables(args):
    targets = [("docs/bench.md", "bench", bench_table), ("fuzz/README.md", "fuzz", lambda: fuzz_table("fuzz"))]
    targets += [(doc, marker, (lambda names: lambda: ctest_table(names))(names)) for doc, marker, names in CTEST_TABLES]
    status = 0
    problems = check_records()
    for problem in problems:
        print(f"record.py: {problem}", file=sys.stderr)
        status = 1
    for rel, marker, make in targets:
        path = os.path.join(ROOT, rel)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            new = replace_between(text, marker, make(), rel)
        except (OSError, ValueError) as e:
            if str(e) not in problems:  # a failed CTest run is already named once
                print(f"record.py: {e}", file=sys.stderr)
                problems.append(str(e))
            status = 1
            continue
        if new == text:
            print(f"record.py: {rel} ({marker}) matches its records")
        elif args.check:
            print(f"record.py: {rel} ({marker}) differs from its records: run records/record.py tables",
                  file=sys.stderr)
            status = 1
        else:
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(new)
            os.replace(path + ".tmp", path)
            print(f"record.py: rewrote {rel} ({marker})")
    if status == 0 and args.check and SKIPPED:
        print("record.py: SKIPPED (exit 77): " + "; ".join(SKIPPED), file=sys.stderr)
        return 77
    return status


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench")
    b.add_argument("--reps", type=int, default=7)
    b.add_argument("--fairvec")
    f = sub.add_parser("fuzz")
    f.add_argument("--runs", type=int, default=1000000)
    f.add_argument("--build", default=os.path.join(ROOT, "build-fuzz"))
    f.add_argument("targets", nargs="+")
    c = sub.add_parser("ctest")
    c.add_argument("--build", default=os.path.join(ROOT, "build"))
    c.add_argument("--jobs", type=int, default=2)
    t = sub.add_parser("tables")
    t.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    return {"bench": cmd_bench, "fuzz": cmd_fuzz, "ctest": cmd_ctest, "tables": cmd_tables}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
