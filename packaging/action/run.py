#!/usr/bin/env python3
"""run.py - the step script of the fairvec GitHub Action (action.yml at the repository's root).

    run.py --fairvec BIN --port 'CMD ARGS' [--expect FILE] [--args 'OPTIONS'] --report-dir DIR

Runs `fairvec check-port` on the port with the JSON, JUnit and HTML reports written into DIR, then,
from the JSON report (vectors/schema/check_port_report_schema.json):
- prints `::error` workflow commands: one per failing vector (its FILE#TCID, comment, reason and
  the command that runs it alone), at most PER_STEP - 1 of them, then one that counts the rest
  (GitHub shows 10 error annotations per step and 50 per job: actions/toolkit
  docs/problem-matchers.md, "Limitations");
- appends a Markdown job summary to $GITHUB_STEP_SUMMARY: the counts, the diagnosis as the text
  report opens with it, and a table of the failing vectors, cut to stay under the runner's 1024k
  step-summary limit;
- writes `exit-code`, `failed` and `report-dir` to $GITHUB_OUTPUT.
Data and properties of a workflow command are escaped as actions/toolkit's
packages/core/src/command.ts (commit a944251) does: % CR LF in both, and : , in properties.

It exits 0 once the reports are read, whatever check-port's verdict (the Action's last step exits
with `exit-code`, after the reports are uploaded); 2 for bad arguments; 3 when check-port wrote no
JSON report (its exit code and stderr are printed). Standard library only.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys

PER_STEP = 10  # error annotations GitHub shows per step
SUMMARY_BUDGET = 900 * 1024  # bytes, under the runner's 1024k step-summary limit
FAILING = ("failed", "unexpected-pass")


def escape_data(s):
    """Workflow-command data: % first, then CR and LF (command.ts escapeData)."""
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s):
    """Workflow-command property value: as data, and : and , (command.ts escapeProperty)."""
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def error_command(title, message):
    return "::error title=" + escape_property(title) + "::" + escape_data(message)


def reproduce(fairvec, vector_id, port_argv):
    """The command that runs one vector alone against the port."""
    return " ".join(shlex.quote(w) for w in [fairvec, "check-port", "--only", vector_id, "--"] + port_argv)


def annotations(report, fairvec, port_argv):
    failing = [v for v in report["vectors"] if v["status"] in FAILING]
    out = []
    shown = failing if len(failing) <= PER_STEP else failing[: PER_STEP - 1]
    for v in shown:
        flags = ", ".join(f["name"] for f in v["flags"])
        what = "passed, but is listed in --expect" if v["status"] == "unexpected-pass" else v["reason"]
        msg = f"{v['comment']}\n{what}\nflags: {flags}\nrun it alone: {reproduce(fairvec, v['id'], port_argv)}"
        out.append(error_command(f"fairvec {v['id']}", msg))
    if len(failing) > len(shown):
        rest = len(failing) - len(shown)
        out.append(error_command("fairvec: more failing vectors",
                                 f"{rest} more failing vectors are listed in the job summary and the reports"))
    return out


def md_cell(s):
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def summary(report, port_argv, report_dir):
    s, d = report["summary"], report["diagnosis"]
    verdict = {0: "passed", 1: "failed", 4: "port broke"}.get(report["exitCode"], str(report["exitCode"]))
    head = [f"## fairvec check-port: {verdict}", "",
            f"Port: `{md_cell(' '.join(port_argv))}`", ""]
    run = report.get("run")  # what was checked (specs/port-protocol.md, "What a run checked")
    if run:
        head += [f"fairvec {md_cell(run['fairvecVersion'])}, vector set {md_cell(run['vectorSetVersion'])} "
                 f"(MANIFEST.json sha256 `{md_cell(run['manifestSha256'])}`), on {md_cell(run['host'])} "
                 f"at {md_cell(run['startedAt'])}", ""]
        head += [f"- `{md_cell(f['path'])}` sha256 `{f['sha256']}`" for f in run["portFiles"]] + [""]
    head += [
            "| passed | failed | skipped | outside scope | expected failures | unexpected passes | requests |",
            "|---|---|---|---|---|---|---|",
            f"| {s['passed']} | {s['failed']} | {s['skipped']} | {s['outOfScope']} | {s['expectedFailures']} "
            f"| {s['unexpectedPasses']} | {s['requests']} |", ""]
    if d["lines"]:
        head += ["### Diagnosis", "", "```text"] + [line.replace("```", "'''") for line in d["lines"]] + ["```", ""]
    failing = [v for v in report["vectors"] if v["status"] in FAILING]
    tail = [f"Reports (JSON, JUnit, HTML): `{md_cell(report_dir)}`, uploaded as the job's artifact.", ""]
    text = "\n".join(head)
    if failing:
        rows = ["### Failing vectors", "", "| vector | flags | reason |", "|---|---|---|"]
        body = "\n".join(rows) + "\n"
        budget = SUMMARY_BUDGET - len(text.encode()) - len("\n".join(tail).encode()) - 200
        for i, v in enumerate(failing):
            flags = ", ".join(f["name"] for f in v["flags"])
            row = f"| `{v['id']}` | {md_cell(flags)} | {md_cell(v['reason'] or v['status'])} |\n"
            if len((body + row).encode()) > budget:
                body += f"\n{len(failing) - i} more failing vectors are in the reports.\n"
                break
            body += row
        text += body + "\n"
    return text + "\n".join(tail) + "\n"


def append(path, text):
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fairvec", required=True)
    ap.add_argument("--port", required=True, help="the port's command line, split as a POSIX shell would")
    ap.add_argument("--expect", default="")
    ap.add_argument("--args", default="", help="further check-port options, split as a POSIX shell would")
    ap.add_argument("--report-dir", required=True)
    a = ap.parse_args()
    try:
        port_argv, extra = shlex.split(a.port), shlex.split(a.args)
    except ValueError as e:
        print(f"run.py: bad input: --port or --args: {e}", file=sys.stderr)
        return 2
    if not port_argv:
        print("run.py: bad input: --port: empty (give the port's command line)", file=sys.stderr)
        return 2
    if a.expect and not os.path.isfile(a.expect):
        print(f"run.py: bad input: --expect: no file {a.expect}", file=sys.stderr)
        return 2
    os.makedirs(a.report_dir, exist_ok=True)
    paths = {k: os.path.join(a.report_dir, f"report.{k}") for k in ("json", "xml", "html")}
    cmd = [a.fairvec, "check-port", "--json", paths["json"], "--junit", paths["xml"], "--html", paths["html"]]
    if a.expect:
        cmd += ["--expect", a.expect]
    cmd += extra + ["--"] + port_argv
    print("fairvec action: " + " ".join(shlex.quote(w) for w in cmd), flush=True)
    rc = subprocess.run(cmd).returncode
    try:
        with open(paths["json"], encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print(error_command("fairvec check-port", f"exit {rc}, and no JSON report ({e})"))
        return 3
    for line in annotations(report, a.fairvec, port_argv):
        print(line)
    append(os.environ.get("GITHUB_STEP_SUMMARY"), summary(report, port_argv, a.report_dir))
    append(os.environ.get("GITHUB_OUTPUT"),
           f"exit-code={rc}\nfailed={report['summary']['failed']}\nreport-dir={a.report_dir}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
