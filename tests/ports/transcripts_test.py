#!/usr/bin/env python3
"""transcripts_test.py --fairvec BIN [--node NODE]: the transcripts and the --json report against
their schemas, and transcript_harness.py (written from the transcript documentation only) reaching
the same verdicts as `fairvec check-port` on the example ports (Python, and JavaScript: web/port.mjs
under NODE, default the node in PATH) and on two mutants. About 20 s on 2 cores. Without node the
JavaScript port is not run and the test exits 77 (CTest's SKIP_RETURN_CODE) after the rest passed; with
FAIRVEC_REQUIRE_TOOLS=1 (CMake option FAIRVEC_REQUIRE_TOOLS) a missing node fails."""
import glob, json, os, shutil, subprocess, sys
import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.normpath(os.path.join(HERE, "..", "..", "vectors"))
fairvec = sys.argv[sys.argv.index("--fairvec") + 1]
schema = lambda name: json.load(open(os.path.join(VECTORS, "schema", name)))
line_validator = jsonschema.Draft4Validator(schema("transcript_schema.json"))
lines = 0
for path in glob.glob(os.path.join(VECTORS, "transcripts", "*.jsonl")):
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        errors = [e.message for e in line_validator.iter_errors(json.loads(line))]
        assert not errors, f"{path}:{n}: {errors[:3]}"
        lines += 1
report_validator = jsonschema.Draft4Validator(schema("check_port_report_schema.json"))
ports = {"example": [sys.executable, os.path.join(HERE, "python", "fairvec_port.py")]}
node = sys.argv[sys.argv.index("--node") + 1] if "--node" in sys.argv else shutil.which("node")
if node and not os.access(node, os.X_OK):
    node = None
if node:
    ports["example-js"] = [node, os.path.join(HERE, "..", "..", "web", "port.mjs")]
elif os.environ.get("FAIRVEC_REQUIRE_TOOLS") == "1":
    sys.exit("transcripts: FAIL: node not found (FAIRVEC_REQUIRE_TOOLS=1: the JavaScript port must run)")
for m in ("swapped-dice", "keno-splice"):
    ports[m] = [sys.executable, os.path.join(HERE, "mutants", "mutants.py"), "port", m]
for name, cmd in ports.items():
    p = subprocess.run([fairvec, "check-port", "--quiet-port", "--json", "-", "--vectors", VECTORS, "--"] + cmd,
                       capture_output=True, text=True, timeout=300)
    report = json.loads(p.stdout)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in report_validator.iter_errors(report)]
    assert not errors, f"{name}: --json does not validate: {errors[:3]}"
    theirs = {v["id"]: v["status"] for v in report["vectors"]}
    h = subprocess.run([sys.executable, os.path.join(HERE, "transcript_harness.py"), VECTORS, "--"] + cmd,
                       capture_output=True, text=True, timeout=300)
    ours = json.loads(h.stdout)
    differ = sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))
    assert not differ, f"{name}: verdicts differ on {differ[:5]}"
    failed = sum(s == "failed" for s in ours.values())
    assert (failed == 0) == name.startswith("example"), f"{name}: {failed} failed"
    print(f"{name}: {len(ours)} verdicts agree ({failed} failed); --json validates")
print(f"transcripts: {lines} lines validate against transcript_schema.json")
if not node:
    print("transcripts: SKIPPED the JavaScript example port: node not found")
    sys.exit(77)
