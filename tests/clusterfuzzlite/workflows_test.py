#!/usr/bin/env python3
"""The ClusterFuzzLite workflows (.github/workflows/cflite_*.yml), .clusterfuzzlite/project.yaml and
the OSS-Fuzz project file (docs/oss-fuzz/project.yaml) are valid YAML and say what ClusterFuzzLite's
and OSS-Fuzz's documentation requires.

The valid inputs of each action are those of its action.yml, and the documented files, modes,
sanitizers, languages and project.yaml fields are copied from these primary sources:
  google/clusterfuzzlite at 40f9a53e632516d2ec9f738eadd284635529fbad:
    actions/build_fuzzers/action.yml, actions/run_fuzzers/action.yml (inputs; run_fuzzers' mode
    description: code-change, batch, coverage, prune),
    docs/running-clusterfuzzlite/github_actions.md (the four workflow files and each mode's file),
    docs/build_integration.md (.clusterfuzzlite/project.yaml: language)
  google/oss-fuzz at 955c6866c152471d78c7472c0f1f354343548b9f:
    docs/getting-started/new_project_guide.md ("project.yaml": the supported attributes, the
    languages, sanitizers address/memory/undefined, architectures, fuzzing_engines)
An unknown action input, a missing required one, a bad mode or sanitizer, a missing workflow or an
unknown project.yaml field fails. Exit 0 pass, 1 fail; prints "N passed, M failed".
"""
import argparse
import pathlib
import re
import sys

import yaml

# actions/build_fuzzers/action.yml and actions/run_fuzzers/action.yml: input -> required.
ACTION_INPUTS = {
    "build_fuzzers": {
        "language": False, "dry-run": False, "allowed-broken-targets-percentage": False, "sanitizer": False,
        "project-src-path": False, "bad-build-check": False, "keep-unaffected-fuzz-targets": False,
        "storage-repo": False, "storage-repo-branch": False, "storage-repo-branch-coverage": False,
        "upload-build": False, "github-token": False,
    },
    "run_fuzzers": {
        "language": False, "fuzz-seconds": True, "dry-run": False, "sanitizer": False, "mode": False,
        "github-token": True, "storage-repo": False, "storage-repo-branch": False,
        "storage-repo-branch-coverage": False, "report-unreproducible-crashes": False,
        "minimize-crashes": False, "parallel-fuzzing": False, "output-sarif": False, "report-timeouts": False,
        "report-ooms": False,
    },
}
MODES = {"code-change", "batch", "coverage", "prune"}
SANITIZERS = {"address", "undefined", "memory", "coverage"}
# github_actions.md: file -> (trigger, the modes its run steps use)
WORKFLOWS = {
    "cflite_pr.yml": ("pull_request", {"code-change"}),
    "cflite_build.yml": ("push", set()),
    "cflite_batch.yml": ("schedule", {"batch"}),
    "cflite_cron.yml": ("schedule", {"prune", "coverage"}),
}
LANGUAGES = {"c", "c++", "go", "rust", "python", "jvm", "swift", "javascript", "lua"}
PROJECT_FIELDS = {"homepage", "language", "primary_contact", "auto_ccs", "main_repo", "vendor_ccs", "sanitizers",
                  "architectures", "fuzzing_engines", "help_url", "builds_per_day", "file_github_issue",
                  "disable_remediation", "disable_remediation_pre_review"}
PROJECT_REQUIRED = {"homepage", "language", "primary_contact", "main_repo"}
ENGINES = {"libfuzzer", "afl", "honggfuzz", "centipede"}
ARCHITECTURES = {"x86_64", "i386"}
USES = re.compile(r"^google/clusterfuzzlite/actions/(build_fuzzers|run_fuzzers)@v1$")
MATRIX = re.compile(r"^\$\{\{\s*matrix\.(\w+)\s*\}\}$")


def check_workflow(path, problems):
    doc = yaml.safe_load(path.read_text())
    trigger, modes = WORKFLOWS[path.name]
    on = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` key as true
    if not isinstance(on, dict) or trigger not in on:
        problems.append(f"{path.name}: not triggered by {trigger}")
    if doc.get("permissions") != "read-all":
        problems.append(f"{path.name}: permissions must be read-all (the documented default)")
    seen_modes = set()
    for job_name, job in (doc.get("jobs") or {}).items():
        matrix = ((job.get("strategy") or {}).get("matrix") or {})
        built = []
        for step in job.get("steps") or []:
            m = USES.match(step.get("uses", ""))
            if not m:
                problems.append(f"{path.name}: {job_name}: step '{step.get('name')}' is not a ClusterFuzzLite action @v1")
                continue
            action, inputs = m.group(1), step.get("with") or {}
            for key in inputs:
                if key not in ACTION_INPUTS[action]:
                    problems.append(f"{path.name}: {job_name}: {action} has no input '{key}'")
            for key, required in ACTION_INPUTS[action].items():
                if required and key not in inputs:
                    problems.append(f"{path.name}: {job_name}: {action} needs '{key}'")
            if action == "build_fuzzers" and inputs.get("language") != "c++":
                problems.append(f"{path.name}: {job_name}: build_fuzzers language must be c++")
            sanitizer = str(inputs.get("sanitizer", "address"))
            mm = MATRIX.match(sanitizer)
            values = matrix.get(mm.group(1)) if mm else [sanitizer]
            if not values or any(v not in SANITIZERS for v in values):
                problems.append(f"{path.name}: {job_name}: sanitizer {sanitizer} -> {values} not in {sorted(SANITIZERS)}")
            if action == "build_fuzzers":
                built.append(sanitizer)
            else:
                mode = inputs.get("mode", "code-change")
                if mode not in MODES:
                    problems.append(f"{path.name}: {job_name}: mode '{mode}' not in {sorted(MODES)}")
                seen_modes.add(mode)
                if sanitizer not in built:
                    problems.append(f"{path.name}: {job_name}: runs sanitizer {sanitizer} without building it first")
                if not isinstance(inputs.get("fuzz-seconds"), int) or inputs["fuzz-seconds"] <= 0:
                    problems.append(f"{path.name}: {job_name}: fuzz-seconds must be a positive number of seconds")
        if path.name == "cflite_build.yml" and not all((s.get("with") or {}).get("upload-build") is True
                                                      for s in job.get("steps") or []):
            problems.append(f"{path.name}: {job_name}: continuous builds need upload-build: true")
    if seen_modes != modes:
        problems.append(f"{path.name}: run modes {sorted(seen_modes)}, the documentation's file has {sorted(modes)}")


def check_project(path, problems, oss_fuzz):
    doc = yaml.safe_load(path.read_text())
    if not isinstance(doc, dict):
        problems.append(f"{path}: not a mapping")
        return
    if doc.get("language") not in LANGUAGES:
        problems.append(f"{path}: language {doc.get('language')!r} not in {sorted(LANGUAGES)}")
    if not oss_fuzz:
        return
    for key in doc:
        if key not in PROJECT_FIELDS:
            problems.append(f"{path}: '{key}' is not a project.yaml attribute")
    for key in PROJECT_REQUIRED - set(doc):
        problems.append(f"{path}: '{key}' missing")
    for s in doc.get("sanitizers", []):
        name = next(iter(s)) if isinstance(s, dict) else s
        if name not in {"address", "memory", "undefined"}:
            problems.append(f"{path}: sanitizer {name!r}")
    for e in doc.get("fuzzing_engines", []):
        if e not in ENGINES:
            problems.append(f"{path}: fuzzing engine {e!r}")
    if "libfuzzer" not in doc.get("fuzzing_engines", ["libfuzzer"]):
        problems.append(f"{path}: libfuzzer is required by OSS-Fuzz")
    for a in doc.get("architectures", []):
        if a not in ARCHITECTURES:
            problems.append(f"{path}: architecture {a!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parents[2]))
    root = pathlib.Path(ap.parse_args().root)
    passed = failed = 0
    checks = [(name, lambda p, n=name: check_workflow(root / ".github/workflows" / n, p)) for name in WORKFLOWS]
    checks.append((".clusterfuzzlite/project.yaml", lambda p: check_project(root / ".clusterfuzzlite/project.yaml", p, False)))
    checks.append(("docs/oss-fuzz/project.yaml", lambda p: check_project(root / "docs/oss-fuzz/project.yaml", p, True)))
    present = sorted(p.name for p in (root / ".github/workflows").glob("cflite_*.yml"))
    for name, check in checks:
        problems = []
        try:
            check(problems)
        except (OSError, yaml.YAMLError) as e:
            problems.append(f"{name}: {e}")
        if problems:
            failed += 1
            print(f"FAIL {name}:\n  " + "\n  ".join(problems))
        else:
            passed += 1
            print(f"ok   {name}")
    extra = set(present) - set(WORKFLOWS)
    if extra:
        failed += 1
        print(f"FAIL workflows the documentation does not name: {sorted(extra)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
