#!/usr/bin/env python3
"""release_rule_test.py FAIRVEC VECTORS: the release gate bites (vectors/README.md, "Releases").

Each case builds a scratch vector set from the committed one, changes it as a careless release
would, and requires the gate to fail naming what changed: compare_release.py for ids and answers,
`fairvec check` (MANIFEST.json) for a changed byte.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
COMPARE = os.path.join(HERE, "compare_release.py")
FAIRVEC, VECTORS = sys.argv[1], sys.argv[2]


def compare(baseline, current, changelog=os.devnull):
    return subprocess.run([sys.executable, COMPARE, baseline, current, changelog], capture_output=True, text=True)


def edit_json(path, fn):
    """edit_json applies fn to the JSON document at path and writes it back."""
    with open(path) as f:
        d = json.load(f)
    fn(d)
    with open(path, "w") as f:
        json.dump(d, f, indent=2)


class ReleaseRule(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="fairvec_release_")
        self.base = os.path.join(self.tmp, "base")
        self.cur = os.path.join(self.tmp, "cur")
        for d in (self.base, self.cur):
            shutil.copytree(VECTORS, d)
        self.file = "hmac_dice_roll_test.json"
        self.ledger = os.path.join(self.cur, "ids", "hmac_dice_roll.json")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def set_version(self, root, v):
        edit_json(os.path.join(root, "MANIFEST.json"), lambda d: d.__setitem__("vectorSetVersion", v))

    def test_an_unchanged_set_holds(self):
        p = compare(self.base, self.cur)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)

    def test_a_test_inserted_mid_file_that_moves_later_ids_is_a_breach(self):
        # What generation did before ledgers: insert a test in the middle and renumber 1..N.
        def insert(d):
            mid = len(d["tests"]) // 2
            d["tests"].insert(mid, {"tcId": 0, "key": "0" * 32, "answer": "0" * 32})
            for i, e in enumerate(d["tests"]):
                e["tcId"] = i + 1
            d["nextTcId"] = len(d["tests"]) + 1
        with open(self.ledger) as f:
            tests = json.load(f)["tests"]
        moved = tests[len(tests) // 2]["tcId"]  # the first id the renumbering moves
        edit_json(self.ledger, insert)
        self.set_version(self.cur, "9.9.9")  # even a major bump must name each break in the changelog
        p = compare(self.base, self.cur)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn("%s#%d now names another test (an id moved)" % (self.file, moved), p.stdout)

    def test_a_test_added_with_the_next_id_needs_only_a_minor_bump(self):
        def add(d):
            d["tests"].insert(len(d["tests"]) // 2, {"tcId": d["nextTcId"], "key": "0" * 32, "answer": "0" * 32})
            d["nextTcId"] += 1
        edit_json(self.ledger, add)
        p = compare(self.base, self.cur)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn("1 new tests need a minor version above", p.stdout)
        with open(os.path.join(self.base, "MANIFEST.json")) as f:
            base = json.load(f)["vectorSetVersion"]
        major, minor, _ = (int(x) for x in base.split("."))
        self.set_version(self.cur, "%d.%d.0" % (major, minor + 1))
        p = compare(self.base, self.cur)
        self.assertEqual(p.returncode, 0, p.stdout)

    def test_a_changed_answer_or_removed_test_is_a_breach_without_a_major_bump(self):
        with open(self.ledger) as f:
            first, second = json.load(f)["tests"][:2]
        def change(d):
            d["tests"][0]["answer"] = "f" * 32
            d["retired"].append(d["tests"].pop(1))
        edit_json(self.ledger, change)
        edit_json(os.path.join(self.base, "MANIFEST.json"), lambda d: d.__setitem__("vectorSetVersion", "1.0.0"))
        self.set_version(self.cur, "1.1.0")
        p = compare(self.base, self.cur)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn("%s#%d changed its expected answer" % (self.file, first["tcId"]), p.stdout)
        self.assertIn("%s#%d was removed" % (self.file, second["tcId"]), p.stdout)
        # A major bump allows both, once the changelog names them under the new version.
        self.set_version(self.cur, "2.0.0")
        p = compare(self.base, self.cur)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn("not named in", p.stdout)
        log = os.path.join(self.tmp, "CHANGELOG.md")
        with open(log, "w") as f:
            f.write("# Changes\n\n## 2.0.0\n\n- %s#%d: new answer\n- %s#%d: removed\n\n## 1.1.0\n" %
                    (self.file, first["tcId"], self.file, second["tcId"]))
        p = compare(self.base, self.cur, log)
        self.assertEqual(p.returncode, 0, p.stdout)

    def test_a_changed_byte_fails_check_naming_the_file(self):
        path = os.path.join(self.cur, "keno_pick_test.json")
        with open(path, "rb") as f:
            data = bytearray(f.read())
        at = data.index(b'"comment": "') + 12
        data[at] = ord("X") if data[at] != ord("X") else ord("Y")
        with open(path, "wb") as f:
            f.write(data)
        p = subprocess.run([FAIRVEC, "check", "--vectors", self.cur], capture_output=True, text=True)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertTrue(p.stdout.startswith("FAIL vector set"), p.stdout[:200])
        self.assertIn("MANIFEST.json: files[", p.stderr)
        self.assertIn("keno_pick_test.json does not have the SHA-256 the manifest lists", p.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
