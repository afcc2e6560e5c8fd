#!/usr/bin/env python3
"""attest_test.py - signed check-port reports and signed vector sets (specs/attest.md).

    attest_test.py --fairvec BIN --work DIR

With keys made here by ssh-keygen (OpenSSH) in DIR:
- a report signed by `check-port --attest` verifies against its public key; the same report with
  one byte changed, a signature by another key, and the manifest's signature presented for the
  report (another namespace) are each refused with exit 1;
- a copy of the vector set whose MANIFEST.json `attest sign` signed verifies, file by file; with a
  vector removed from a file, with a vector file removed, with a file added, and with the manifest
  edited to list the altered file, each is refused with exit 1 by `attest verify`, by `check
  --manifest-key` and by `check-port --manifest-key`, which starts no port;
- bad input: each path answers with its exit code and a message naming the option or the file;
  nothing is written outside DIR (the allowed-signers list goes to ssh-keygen in memory).
Exit 0 pass, 1 fail, 77 skipped (ssh-keygen missing and FAIRVEC_REQUIRE_TOOLS not 1).
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VECTORS = os.path.join(ROOT, "vectors")
EXAMPLE = os.path.join(ROOT, "tests", "ports", "python", "fairvec_port.py")
FAILS = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILS.append(what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fairvec", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if not shutil.which("ssh-keygen"):
        why = "ssh-keygen is not installed (.ci/deps installs openssh-client)"
        if os.environ.get("FAIRVEC_REQUIRE_TOOLS") == "1":
            print("FAIL " + why + " and FAIRVEC_REQUIRE_TOOLS=1 requires it")
            return 1
        print("skipped: " + why)
        return 77
    a.fairvec = os.path.abspath(a.fairvec)
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tmp = os.path.join(work, "tmp")
    os.makedirs(tmp)
    env = dict(os.environ, TMPDIR=tmp)
    env.pop("SSH_AUTH_SOCK", None)

    def fairvec(*args, **kw):
        return subprocess.run([a.fairvec] + list(args), capture_output=True, text=True, cwd=work, env=env,
                              timeout=300, **kw)

    for name in ("release", "other"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", os.path.join(work, name)],
                       check=True)
    key, pub, other_pub = (os.path.join(work, n) for n in ("release", "release.pub", "other.pub"))

    # A signed report.
    report = os.path.join(work, "report.json")
    p = fairvec("check-port", "--attest", key, "--json", report, "--only", "hmac_dice_roll_test.json#[1-3]",
                "--random", "0", "--quiet-port", "--", sys.executable, EXAMPLE)
    check(p.returncode == 0 and os.path.exists(report + ".sig") and "signed the JSON report" in p.stdout,
          f"check-port --attest writes REPORT.sig ({p.returncode}, {p.stderr[-200:]})")
    p = fairvec("attest", "verify", "--key", pub, report)
    check(p.returncode == 0 and p.stdout.startswith("GOOD signature over") and "check-port-report@fairvec" in p.stdout,
          f"the signed report verifies: {p.stdout.strip()[:200]}")
    with open(report, "rb") as f:
        original = f.read()
    tampered = os.path.join(work, "tampered.json")
    i = original.index(b'"passed": ') + len(b'"passed": ')
    with open(tampered, "wb") as f:
        f.write(original[:i] + (b"9" if original[i:i + 1] != b"9" else b"8") + original[i + 1:])
    p = fairvec("attest", "verify", "--key", pub, "--signature", report + ".sig", tampered)
    check(p.returncode == 1 and p.stdout.startswith("BAD signature"), f"a report with one byte changed is refused ({p.returncode})")
    p = fairvec("attest", "verify", "--key", other_pub, report)
    check(p.returncode == 1 and "BAD signature" in p.stdout, f"another key's public half is refused ({p.returncode})")

    # A signed vector set.
    good = os.path.join(work, "set")
    shutil.copytree(VECTORS, good)
    p = fairvec("attest", "sign", "--key", key, os.path.join(good, "MANIFEST.json"))
    check(p.returncode == 0 and os.path.exists(os.path.join(good, "MANIFEST.json.sig")),
          f"attest sign writes MANIFEST.json.sig ({p.returncode}, {p.stderr[-200:]})")
    p = fairvec("attest", "verify", "--key", pub, os.path.join(good, "MANIFEST.json"))
    with open(os.path.join(good, "MANIFEST.json")) as f:
        manifest = json.load(f)
    check(p.returncode == 0 and "GOOD signature" in p.stdout and
          f"PASS vector set {manifest['vectorSetVersion']}: {manifest['numberOfFiles']} files" in p.stdout,
          f"the signed set verifies file by file: {p.stdout.strip()[-200:]}")
    p = fairvec("check", "--vectors", good, "--manifest-key", pub, "--only", "keno_*")
    check(p.returncode == 0 and "GOOD signature" in p.stdout, f"check --manifest-key on the signed set ({p.returncode})")
    p = fairvec("check", "--vectors", good)
    check(p.returncode == 0, f"MANIFEST.json.sig is no stray of the set ({p.returncode}: {p.stderr[-300:]})")
    p = fairvec("attest", "verify", "--key", pub, "--signature", os.path.join(good, "MANIFEST.json.sig"), report)
    check(p.returncode == 1 and "BAD signature" in p.stdout,
          f"the manifest's signature does not pass for a report (namespaces) ({p.returncode})")

    def altered(name, change):
        d = os.path.join(work, name)
        shutil.copytree(good, d)
        change(d)
        return d

    def drop_a_vector(d):
        f = os.path.join(d, "hmac_dice_roll_test.json")
        with open(f) as h:
            doc = json.load(h)
        doc["testGroups"][0]["tests"].pop()
        doc["numberOfTests"] -= 1
        with open(f, "w") as h:
            json.dump(doc, h, indent=2)
            h.write("\n")

    def relist(d):  # the attacker's full job: drop a vector and make the manifest list the new file
        drop_a_vector(d)
        f = os.path.join(d, "hmac_dice_roll_test.json")
        data = open(f, "rb").read()
        m = os.path.join(d, "MANIFEST.json")
        doc = json.load(open(m))
        for entry in doc["files"]:
            if entry["path"] == "hmac_dice_roll_test.json":
                entry.update(sha256=hashlib.sha256(data).hexdigest(), size=len(data), numberOfTests=entry["numberOfTests"] - 1)
        doc["numberOfTests"] -= 1
        with open(m, "w") as h:
            json.dump(doc, h, indent=2)
            h.write("\n")

    cases = [("a vector removed from a file", altered("removed-vector", drop_a_vector), "hmac_dice_roll_test.json"),
             ("a vector file removed", altered("removed-file", lambda d: os.remove(os.path.join(d, "keno_draw_test.json"))),
              "keno_draw_test.json"),
             ("a file added", altered("added-file", lambda d: open(os.path.join(d, "extra_test.json"), "w").write("{}\n")),
              "extra_test.json"),
             ("the manifest edited to list the altered file", altered("relisted", relist), "BAD signature")]
    marker = os.path.join(work, "port-started")
    port = [sys.executable, "-c", f"open({marker!r}, 'w').close()"]
    for what, d, named in cases:
        m = os.path.join(d, "MANIFEST.json")
        p = fairvec("attest", "verify", "--key", pub, m)
        check(p.returncode == 1 and named in p.stdout, f"{what}: attest verify refuses it naming {named} ({p.returncode})")
        p = fairvec("check", "--vectors", d, "--manifest-key", pub)
        check(p.returncode == 1 and named in p.stdout, f"{what}: check --manifest-key refuses it ({p.returncode})")
        p = fairvec("check-port", "--vectors", d, "--manifest-key", pub, "--", *port)
        check(p.returncode == 1 and not os.path.exists(marker) and "no port was started" in p.stderr,
              f"{what}: check-port --manifest-key refuses it before starting the port ({p.returncode})")

    # Bad input: exit code and the option or file named.
    lone_pub = os.path.join(work, "lone", "release.pub")  # a public key with no private half near it, no agent
    os.makedirs(os.path.dirname(lone_pub))
    shutil.copy(pub, lone_pub)
    junk = os.path.join(work, "junk.sig")
    with open(junk, "w") as f:
        f.write("not a signature\n")
    bad = [
        (["check-port", "--attest", key, "--json", "-", "--", "true"], 2, "--attest"),
        (["check-port", "--attest", os.path.join(work, "nokey"), "--json", report + "2", "--", "true"], 3, "nokey"),
        (["check-port", "--attest=", "--json", report + "2", "--", "true"], 2, "--attest"),
        (["check-port", "--manifest-key=", "--", "true"], 2, "--manifest-key"),
        (["attest", "verify", "--key", key, report], 2, "--key " + key + ":1"),
        (["attest", "verify", "--key", os.path.join(work, "nokey.pub"), report], 3, "nokey.pub"),
        (["attest", "verify", "--key", pub, "--signature", junk, report], 2, "junk.sig"),
        (["attest", "verify", "--key", pub, "--signature", os.path.join(work, "nosig"), report], 3, "nosig"),
        (["attest", "verify", "--key", pub, "--signature=", report], 2, "--signature"),
        (["attest", "verify", "--key", pub, os.path.join(VECTORS, "README.md")], 2, "README.md"),
        (["attest", "verify", "--key", pub, os.path.join(VECTORS, "hmac_dice_roll_test.json")], 2, "hmac_dice_roll_test.json"),
        (["attest", "sign", "--key", lone_pub, report], 2, "--key"),
        (["attest", "sign", "--key=", report], 2, "--key"),
        (["attest", "verify", "--key=", report], 2, "--key"),
        (["check", "--manifest-key=", "--vectors", good], 2, "--manifest-key"),
        (["attest", "sign", "--key", key], 2, "FILE"),
        (["attest"], 2, "subcommand"),
    ]
    for args, rc, named in bad:
        p = fairvec(*args)
        check(p.returncode == rc and named in p.stderr, f"{' '.join(args[:3])}…: exit {rc} naming {named} "
                                                         f"({p.returncode}: {p.stderr.strip()[-160:]})")
    p = subprocess.run([a.fairvec, "attest", "verify", "--key", pub, report], capture_output=True, text=True,
                       env=dict(env, PATH=os.path.join(work, "empty-path")), timeout=60)
    check(p.returncode == 3 and "ssh-keygen is not on PATH" in p.stderr, f"no ssh-keygen: exit 3 ({p.returncode})")
    check(os.listdir(tmp) == [], f"nothing was written to TMPDIR ({os.listdir(tmp)})")
    with open(report, "rb") as f:
        check(f.read() == original, "verifying wrote nothing into the report")
    print(f"{len(FAILS)} failures" if FAILS else "all passed")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
