#!/usr/bin/env python3
"""action_test.py - the fairvec GitHub Action (action.yml) and the step scripts it wraps.

    action_test.py --fairvec BIN --work DIR

No GitHub runner is available here, so the test checks the Action's definition and runs each step
script as the runner would (GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, the inputs as env):
- action.yml: a composite action whose every `${{ inputs.X }}` is a declared input, every
  `steps.ID.outputs.Y` names a step and an output its script writes, every run step has a shell,
  and no `${{ }}` expression is spliced into a script (inputs reach the scripts only as env);
- install.sh: a given binary is written to GITHUB_OUTPUT; one that does not run is exit 2;
- run.py on the example port: exit-code 0, no annotation, a summary that says passed and names the
  vector set's manifest SHA-256 and the port's two files (interpreter, script) with theirs;
- run.py on a mutant port with more than 10 failing vectors: exit-code 1, exactly 10 `::error`
  commands (9 vectors and one counting the rest, GitHub's per-step limit), each vector's title its
  FILE#TCID, the summary's counts and diagnosis equal to the JSON report's, and the annotation's
  "run it alone" command checks exactly that vector and fails;
- run.py on a mutant with fewer than 10 failing vectors: one annotation per failing vector;
- the escaping of workflow commands, against actions/toolkit command.ts's rules; a summary of
  50,000 failing vectors stays under the 1024k step-summary limit;
- bad input (an empty or unbalanced --port, a missing --expect file) is exit 2.
Exit 0 pass, 1 fail.
"""

import argparse
import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ACTION = os.path.join(ROOT, "packaging", "action")
FAILS = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILS.append(what)


def load_run_module():
    spec = importlib.util.spec_from_file_location("fairvec_action_run", os.path.join(ACTION, "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def read_outputs(path):
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            k, _, v = line.rstrip("\n").partition("=")
            out[k] = v
    return out


def unescape(s):
    return s.replace("%0A", "\n").replace("%0D", "\r").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def run_step(fairvec, work, name, port, args="", expect=""):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    env = dict(os.environ, GITHUB_OUTPUT=os.path.join(d, "output"), GITHUB_STEP_SUMMARY=os.path.join(d, "summary.md"))
    for f in ("output", "summary.md"):
        if os.path.exists(os.path.join(d, f)):
            os.remove(os.path.join(d, f))
    cmd = [sys.executable, os.path.join(ACTION, "run.py"), "--fairvec", fairvec, "--port", port,
           "--expect", expect, "--args", args, "--report-dir", os.path.join(d, "report")]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
    summary = open(env["GITHUB_STEP_SUMMARY"], encoding="utf-8").read() if os.path.exists(env["GITHUB_STEP_SUMMARY"]) else ""
    errors = [line for line in p.stdout.splitlines() if line.startswith("::error ")]
    report = None
    if os.path.exists(os.path.join(d, "report", "report.json")):
        report = json.load(open(os.path.join(d, "report", "report.json"), encoding="utf-8"))
    return p, read_outputs(env["GITHUB_OUTPUT"]), summary, errors, report


def test_definition():
    a = yaml.safe_load(open(os.path.join(ROOT, "action.yml"), encoding="utf-8"))
    check(a["runs"]["using"] == "composite", "action.yml is a composite action")
    inputs = set(a["inputs"])
    text = open(os.path.join(ROOT, "action.yml"), encoding="utf-8").read()
    used = set(re.findall(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)", text))
    check(used and used <= inputs, f"every input used is declared ({sorted(used - inputs) or 'all'})")
    check(inputs <= used, f"every declared input is used ({sorted(inputs - used) or 'all'})")
    steps = {s["id"]: s for s in a["runs"]["steps"] if "id" in s}
    written = {"install": {"fairvec"}, "check": {"exit-code", "failed", "report-dir"}}
    refs = set(re.findall(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", text))
    check(refs and all(s in steps and o in written.get(s, set()) for s, o in refs),
          f"every step output read is written by its script ({sorted(refs)})")
    for s in a["runs"]["steps"]:
        if "run" in s:
            check("shell" in s, f"run step {s.get('id', s['run'][:30])!r} has a shell")
            check("${{" not in s["run"], f"run step {s.get('id', s['run'][:30])!r} splices no expression into its script")
    for name, o in a["outputs"].items():
        m = re.search(r"steps\.([a-z-]+)\.outputs\.([a-z-]+)", o["value"])
        check(bool(m) and m.group(2) == name, f"output {name} is the check step's {name}")


def test_install(fairvec, work):
    out = os.path.join(work, "install-output")
    if os.path.exists(out):
        os.remove(out)
    p = subprocess.run(["bash", os.path.join(ACTION, "install.sh"), fairvec], env=dict(os.environ, GITHUB_OUTPUT=out),
                       capture_output=True, text=True)
    check(p.returncode == 0 and read_outputs(out).get("fairvec") == os.path.abspath(fairvec) or
          read_outputs(out).get("fairvec") == fairvec, f"install.sh writes the given binary (exit {p.returncode}, {p.stderr.strip()})")
    bad = subprocess.run(["bash", os.path.join(ACTION, "install.sh"), os.path.join(work, "no-such-fairvec")],
                         env=dict(os.environ, GITHUB_OUTPUT=out), capture_output=True, text=True)
    check(bad.returncode == 2 and "fairvec" in bad.stderr, f"install.sh: a binary that does not run is exit 2 ({bad.stderr.strip()})")


def test_runs(fairvec, work):
    example = "python3 " + shlex.quote(os.path.join(ROOT, "tests/ports/python/fairvec_port.py"))
    p, out, summary, errors, report = run_step(fairvec, work, "good", example, "--only 'hmac_dice_*' --random 5")
    check(p.returncode == 0 and out.get("exit-code") == "0" and out.get("failed") == "0",
          f"example port: exit-code 0, failed 0 ({out}, {p.stderr[-300:]})")
    check(errors == [], f"example port: no annotation ({len(errors)})")
    check(summary.startswith("## fairvec check-port: passed"), "example port: the summary says passed")
    check(report is not None and f"| {report['summary']['passed']} | 0 |" in summary, "example port: the summary's counts")
    check(report is not None and f"MANIFEST.json sha256 `{report['run']['manifestSha256']}`" in summary
          and all(f"`{f['path']}` sha256 `{f['sha256']}`" in summary for f in report["run"]["portFiles"])
          and len(report["run"]["portFiles"]) == 2, "example port: the summary names the vector set and the port's files")

    mutants = os.path.join(ROOT, "tests/ports/mutants/mutants.py")
    many = f"python3 {shlex.quote(mutants)} port accept-252"
    p, out, summary, errors, report = run_step(fairvec, work, "many", many, "--only 'hmac_dice_*' --random 0")
    failing = [v for v in report["vectors"] if v["status"] == "failed"] if report else []
    check(out.get("exit-code") == "1" and out.get("failed") == str(len(failing)) and len(failing) > 10,
          f"accept-252: exit-code 1, failed {len(failing)} (> 10) ({out})")
    check(len(errors) == 10, f"accept-252: exactly 10 error annotations ({len(errors)})")
    titles = [unescape(re.match(r"::error title=([^:]*)::", e).group(1)) for e in errors if re.match(r"::error title=([^:]*)::", e)]
    check(titles[:9] == [f"fairvec {v['id']}" for v in failing[:9]], "accept-252: the first 9 titles are the failing FILE#TCIDs")
    check(len(errors) == 10 and f"{len(failing) - 9} more failing vectors" in unescape(errors[9]),
          "accept-252: the 10th annotation counts the rest")
    check(f"| {report['summary']['passed']} | {len(failing)} |" in summary, "accept-252: the summary's counts are the report's")
    check(report["diagnosis"]["lines"] and all(line in summary for line in report["diagnosis"]["lines"]),
          "accept-252: the summary holds the diagnosis as the text report opens with it")
    check(all(f"`{v['id']}`" in summary for v in failing), "accept-252: every failing vector is in the summary's table")
    # The annotation's reproduce command runs that vector alone, and it fails.
    msg = unescape(errors[0].split("::", 2)[2])
    alone = msg.split("run it alone: ", 1)[1]
    argv = shlex.split(alone)
    js = os.path.join(work, "alone.json")
    r = subprocess.run(argv[:2] + ["--json", js, "--random", "0"] + argv[2:], capture_output=True, text=True, cwd=ROOT)
    alone_report = json.load(open(js, encoding="utf-8")) if os.path.exists(js) else {"vectors": []}
    ran = [v for v in alone_report["vectors"] if v["status"] != "skipped"]
    check(r.returncode == 1 and [v["id"] for v in ran] == [failing[0]["id"]],
          f"the reproduce command checks {failing[0]['id']} alone and fails (exit {r.returncode}, ran {[v['id'] for v in ran]})")

    few = f"python3 {shlex.quote(mutants)} port accept-252"
    p, out, summary, errors, report = run_step(fairvec, work, "few", few, "--only 'hmac_dice_roll_test.json#4*' --random 0")
    failing = [v for v in report["vectors"] if v["status"] == "failed"] if report else []
    check(0 < len(failing) < 10 and len(errors) == len(failing),
          f"a run with {len(failing)} failing vectors has one annotation each ({len(errors)})")


def test_escaping_and_budget():
    run = load_run_module()
    # actions/toolkit packages/core/src/command.ts @ a944251: escapeData % \r \n; escapeProperty also : ,
    check(run.escape_data("50%\r\nx:y,z") == "50%25%0D%0Ax:y,z", "escape_data: % CR LF only")
    check(run.escape_property("50%\r\nx:y,z") == "50%25%0D%0Ax%3Ay%2Cz", "escape_property: % CR LF : ,")
    check(run.escape_data("%0A") == "%250A", "escape_data: % first, so an escape in the text stays text")
    flags = [{"name": "SkippedByte4", "bugType": "EDGE_CASE", "description": "d"}]
    v = {"id": "hmac_dice_roll_test.json#1", "status": "failed", "reason": "dice differ | " + "x" * 200, "flags": flags,
         "comment": "c"}
    report = {"summary": {"passed": 0, "failed": 50000, "skipped": 0, "outOfScope": 0, "expectedFailures": 0,
                          "unexpectedPasses": 0, "requests": 50000},
              "diagnosis": {"lines": ["line"]}, "exitCode": 1, "vectors": [dict(v, id=f"f.json#{i}") for i in range(1, 50001)]}
    text = run.summary(report, ["./port"], "/tmp/r")
    check(len(text.encode()) < 1024 * 1024 and "more failing vectors are in the reports" in text,
          f"a summary of 50,000 failing vectors is {len(text.encode())} bytes (< 1024k) and says how many it left out")
    check("dice differ \\| x" in text, "a | in a reason is escaped in the table")


def test_bad_input(fairvec, work):
    for name, port, expect in (("empty", "", ""), ("unbalanced", "python3 'port", ""),
                               ("no-expect", "python3 x", os.path.join(work, "no-such-expect.txt"))):
        p, out, _, _, _ = run_step(fairvec, work, "bad-" + name, port, "", expect)
        check(p.returncode == 2 and "bad input" in p.stderr and out == {}, f"run.py: {name} is exit 2 ({p.stderr.strip()})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fairvec", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    fairvec = os.path.abspath(a.fairvec)
    test_definition()
    test_install(fairvec, a.work)
    test_escaping_and_budget()
    test_bad_input(fairvec, a.work)
    test_runs(fairvec, a.work)
    if FAILS:
        print(f"action: FAIL: {len(FAILS)} check(s)")
        return 1
    print("action: PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
