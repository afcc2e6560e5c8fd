#!/usr/bin/env python3
"""record_rules_test.py: records/record.py's staleness rules on a scratch repository.

A copy of record.py in a temporary git repository with one fuzz target, fuzz/foo.cc, and its record.
check_records() must accept the record at its commit and after a change clang-format makes (the
file reformatted under the repository's .clang-format), and must call it stale after a change of
tokens, after a change inside a string literal (clang-format keeps literals), after any change of
fuzz/measure.sh (not C++), and when clang-format-14 cannot be run. Writes only into its temporary
directory. Usage: record_rules_test.py (run from anywhere; needs git and clang-format-14, without
which it exits 77, or 1 with FAIRVEC_REQUIRE_TOOLS=1 or CI=true)."""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

TARGET = """#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const char* kLabel = "a b";
  if (size > 3 && data[0] == 7) return 1;
  return kLabel[0] == 'a' ? 0 : 1;
}
"""


class RecordRules(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="fairvec-record-rules-")
        os.makedirs(os.path.join(self.dir, "records", "fuzz"))
        os.makedirs(os.path.join(self.dir, "fuzz"))
        shutil.copy(os.path.join(ROOT, "records", "record.py"), os.path.join(self.dir, "records"))
        shutil.copy(os.path.join(ROOT, ".clang-format"), self.dir)
        self.write("fuzz/foo.cc", TARGET)
        self.write("fuzz/measure.sh", "#!/bin/sh\necho measure\n")
        self.git("init", "-q")
        self.commit("target")
        measured = self.git("rev-parse", "HEAD")
        self.write(f"records/fuzz/20261202T000000Z-{measured[:7]}-foo.txt",
                   f"date: 2026-12-02T00:00:00Z\ncommit: {measured}\nmachine: test\n"
                   "command: fuzz/measure.sh -runs=1 foo\nexit: 0\n---\nno finding\n")
        self.commit("record")
        spec = importlib.util.spec_from_file_location("record_copy", os.path.join(self.dir, "records", "record.py"))
        self.record = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.record)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, rel, text):
        with open(os.path.join(self.dir, rel), "w", encoding="utf-8") as f:
            f.write(text)

    def git(self, *args):
        env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                   GIT_COMMITTER_EMAIL="t@t")
        p = subprocess.run(["git", "-C", self.dir, *args], capture_output=True, text=True, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout.strip()

    def commit(self, message):
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)

    def change(self, rel, old, new):
        with open(os.path.join(self.dir, rel), encoding="utf-8") as f:
            text = f.read()
        self.assertIn(old, text)
        self.write(rel, text.replace(old, new))
        self.commit("change")

    def stale(self, problems, path):
        return any("measured code changed" in p and path in p for p in problems)

    def test_current_at_its_commit(self):
        self.assertEqual(self.record.check_records(), [])

    def test_reformatted_target_keeps_the_record(self):
        self.change("fuzz/foo.cc", "  if (size > 3 && data[0] == 7) return 1;\n",
                    "  if (size > 3 &&\n        data[0]   ==  7)\n    return 1;\n")
        self.change("fuzz/foo.cc", "#include <cstddef>\n#include <cstdint>\n", "#include <cstdint>\n#include <cstddef>\n")
        self.assertEqual(self.record.check_records(), [])

    def test_changed_tokens_make_it_stale(self):
        self.change("fuzz/foo.cc", "data[0] == 7", "data[0] == 8")
        self.assertTrue(self.stale(self.record.check_records(), "fuzz/foo.cc"))

    def test_changed_string_literal_makes_it_stale(self):
        self.change("fuzz/foo.cc", '"a b"', '"a  b"')
        self.assertTrue(self.stale(self.record.check_records(), "fuzz/foo.cc"))

    def test_measure_script_whitespace_makes_it_stale(self):
        self.change("fuzz/measure.sh", "echo measure", "echo  measure")
        self.assertTrue(self.stale(self.record.check_records(), "fuzz/measure.sh"))

    def test_without_clang_format_a_reformat_is_stale(self):
        self.change("fuzz/foo.cc", "  if (size > 3 && data[0] == 7) return 1;\n",
                    "  if (size > 3 && data[0] == 7)\n    return 1;\n")
        self.record.CLANG_FORMAT = "clang-format-absent-for-this-test"
        problems = self.record.check_records()
        self.assertTrue(self.stale(problems, "fuzz/foo.cc"), problems)
        self.assertTrue(any("clang-format-absent-for-this-test could not run" in p for p in problems), problems)


if __name__ == "__main__":
    if shutil.which("clang-format-14") is None:
        required = os.environ.get("FAIRVEC_REQUIRE_TOOLS") == "1" or os.environ.get("CI") == "true"
        print("record_rules_test.py: clang-format-14 not found (.ci/deps installs it)", file=sys.stderr)
        sys.exit(1 if required else 77)  # 77: CTest shows the test skipped
    unittest.main()
