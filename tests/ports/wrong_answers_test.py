#!/usr/bin/env python3
"""wrong_answers_test.py --fairvec BIN: the published wrong answers (vectors/wrong_ports.json,
vectors/wrong_answers/) against their schemas and the transcripts, and diagnosis_harness.py (written
from their documentation only) reaching the same diagnosis as `fairvec check-port` on ports with
one bug, two bugs and none. About 10 s on 2 cores."""
import glob, json, os, subprocess, sys
import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.normpath(os.path.join(HERE, "..", "..", "vectors"))
fairvec = sys.argv[sys.argv.index("--fairvec") + 1]
schema = lambda name: jsonschema.Draft4Validator(json.load(open(os.path.join(VECTORS, "schema", name))))
text = lambda v: json.dumps(v, sort_keys=True)

catalog = json.load(open(os.path.join(VECTORS, "wrong_ports.json"), encoding="utf-8"))
errors = [e.message for e in schema("wrong_ports_schema.json").iter_errors(catalog)]
assert not errors, f"wrong_ports.json: {errors[:3]}"
ports = {w["name"]: w for w in catalog["wrongPorts"]}
assert len(ports) == len(catalog["wrongPorts"]), "a wrong port name twice"
line_schema = schema("wrong_answers_schema.json")
transcripts = sorted(glob.glob(os.path.join(VECTORS, "transcripts", "*.jsonl")))
assert sorted(os.listdir(os.path.join(VECTORS, "wrong_answers"))) == [os.path.basename(t) for t in transcripts]
answered, answers = set(), 0
for path in transcripts:
    wrong_path = os.path.join(VECTORS, "wrong_answers", os.path.basename(path))
    tlines = open(path, encoding="utf-8").read().split("\n")[:-1]
    wlines = open(wrong_path, encoding="utf-8").read().split("\n")[:-1]
    assert len(tlines) == len(wlines), f"{wrong_path}: {len(wlines)} lines for {len(tlines)} transcript lines"
    for n, (tl, wl) in enumerate(zip(tlines, wlines), 1):
        t, w = json.loads(tl), json.loads(wl)
        at = f"{wrong_path}:{n}"
        errors = [e.message for e in line_schema.iter_errors(w)]
        assert not errors, f"{at}: {errors[:3]}"
        assert (w["file"], w["tcId"]) == (t["file"], t["tcId"]), f"{at}: not the transcript's test"
        assert len(w["calls"]) == len(t["calls"]), f"{at}: one entry per call"
        for c, per in zip(t["calls"], w["calls"]):
            for name, a in per.items():
                p = ports.get(name)
                assert p, f"{at}: {name} is not in wrong_ports.json"
                assert p["family"] == t["algorithm"] and c["op"] in p["ops"], f"{at}: {name} does not answer {c['op']}"
                assert text(a) != text(c["expect"]), f"{at}: {name}'s answer is the expected one"
                if c["expect"]["ok"] and a["ok"]:
                    assert set(a["result"]) == set(c["expect"]["result"]), f"{at}: {name} answers other members"
                answered.add(name)
                answers += 1
never = sorted(set(ports) - answered)
assert not never, f"wrong ports no published call tells apart: {never}"
print(f"wrong answers: {answers} over {len(transcripts)} files; {len(answered)} of {len(ports)} wrong ports answer "
      f"some call otherwise")

MUTANTS = os.path.join(HERE, "mutants", "mutants.py")
runs = [("example", [], [sys.executable, os.path.join(HERE, "python", "fairvec_port.py")]),
        ("swapped-dice", ["hmac_dice_roll_test.json", "hmac_dice_match_test.json", "hmac_dice_pick_test.json"], None),
        ("swapped-dice+zero-based-rolls", ["hmac_dice_roll_test.json", "hmac_dice_pick_test.json"], None),
        ("keno-splice+crash-betkyo-doubles", ["keno_draw_test.json", "keno_pick_test.json", "crash_point_test.json"], None)]
for name, only, cmd in runs:
    cmd = cmd or [sys.executable, MUTANTS, "port", name]
    sel = [a for f in only for a in ("--only", f)]
    p = subprocess.run([fairvec, "check-port", "--quiet-port", "--random", "0", "--json", "-", "--vectors", VECTORS]
                       + sel + ["--"] + cmd, capture_output=True, text=True, timeout=300)
    d = json.loads(p.stdout)["diagnosis"]
    h = subprocess.run([sys.executable, os.path.join(HERE, "diagnosis_harness.py"), VECTORS] + sel + ["--"] + cmd,
                       capture_output=True, text=True, timeout=300, cwd=HERE)
    ours = json.loads(h.stdout)
    theirs = {"failingVectors": d["failingVectors"], "failingCalls": d["failingCalls"], "unexplained": d["unexplained"],
              "suspects": [[s["name"], s["calls"], s["vectors"], s["contradicted"]] for s in d["suspects"]]}
    assert ours == theirs, f"{name}: the diagnoses differ:\n harness   {text(ours)[:1500]}\n check-port {text(theirs)[:1500]}"
    assert d["available"] and (d["failingVectors"] == 0) == (name == "example"), f"{name}: {d['failingVectors']} failing"
    top = ", ".join(f"{s[0]} {s[1]}" for s in ours["suspects"][:3])
    print(f"{name}: the same diagnosis ({ours['failingVectors']} failing vectors, {ours['failingCalls']} failing calls; {top})")
