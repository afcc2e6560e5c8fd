#!/usr/bin/env python3
"""release_test.py - the release tests (CTest label "release"), each on a scratch directory under
the build tree (--work, emptied first; never the source tree):

  find-package    `cmake --install --prefix W/prefix` of the build; the installed layout; a CMake
                  project outside the tree (find_package_project/, copied to W) does
                  find_package(fairvec 0.2 REQUIRED), links fairvec::core, derives every valid roll
                  of the installed hmac_dice_roll_test.json and gets the file's dice (and, with a
                  planted off-by-one, does not); find_package(fairvec 0.3) is refused
                  (SameMinorVersion); the same program built with `pkg-config fairvec` agrees.
  relocated       install to W/A, move it to W/B, run B/bin/fairvec check from an empty directory
                  with FAIRVEC_DATA unset: it passes on B's data; with B's share/ moved away it
                  exits 2 naming the place tried (so no source-tree path was used); FAIRVEC_DATA
                  pointing at the moved data passes again; --version prints both versions.
  deb             cpack -G DEB: fairvec_<version>-<revision>_<arch>.deb whose Version is the
                  newest entry of packaging/debian/changelog and whose Depends (dpkg-shlibdeps)
                  names the runtime libraries; `dpkg -x` into a scratch root; its
                  usr/share/doc/fairvec/copyright is machine-readable (DEP-5) and says Apache-2.0
                  with LICENSE's notice; changelog.Debian.gz (dpkg-parsechangelog reads the
                  package's Version from it), changelog.gz (CHANGELOG.md) and
                  usr/share/man/man1/fairvec.1.gz are gzip -9n (gzip's header: maximum compression,
                  no file name, no time; Debian policy 12.1 and 12.7), with no uncompressed copy;
                  its fairvec check and its check-port against a copy of the Python example port
                  pass from the installed data; lintian (the default level) reports no error but
                  the placeholder Maintainer's (bogus-mail-host, until a release sets
                  -DFAIRVEC_DEB_MAINTAINER), and its whole output is printed.
  data-packages   `npm pack` of the vector set (packaging/npm) and a wheel of it built with Debian's
                  setuptools/wheel (python3 -m pip wheel --no-index --no-build-isolation,
                  packaging/python); each holds every file of vectors/ byte for byte and LICENSE
                  (npm: package/LICENSE and license "Apache-2.0"; wheel: .dist-info/LICENSE and
                  METADATA's License, License-File and licence classifier), and the Python and
                  JavaScript transcript harnesses pass on every transcript file from each.

The licence: LICENSE is the Apache License 2.0 (on Debian, byte for byte
/usr/share/common-licenses/Apache-2.0, which base-files ships); its SPDX identifier "Apache-2.0"
(https://spdx.org/licenses/Apache-2.0.html) is also DEP-5's short name for it
(https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/#license-short-name), and PyPI's
classifier for it is "License :: OSI Approved :: Apache Software License"
(https://pypi.org/classifiers/).

Usage: release_test.py COMMAND --source DIR --build DIR --work DIR [--cxx C++] [--version V]
       [--vector-set-version V] [--node NODE] [--debian-python PY]
Exit 0 when everything holds, 1 on a failed check (the message says which)."""
import argparse, filecmp, glob, gzip, json, os, shutil, subprocess, sys, tarfile, zipfile

A = None


def fail(msg):
    print(f"FAIL: {msg}", flush=True)
    sys.exit(1)


def run(cmd, cwd=None, env=None, ok=(0,), capture=True, timeout=900):
    """run executes cmd; fails the test unless its exit code is in ok. Returns the CompletedProcess."""
    p = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=capture, text=True, timeout=timeout)
    if p.returncode not in ok:
        fail(f"{' '.join(map(str, cmd))}: exit {p.returncode} (wanted {ok})\n{p.stdout[-3000:] if p.stdout else ''}"
             f"\n{p.stderr[-3000:] if p.stderr else ''}")
    return p


def clean_env(**extra):
    """clean_env is the environment without FAIRVEC_DATA (and with |extra|)."""
    env = {k: v for k, v in os.environ.items() if k != "FAIRVEC_DATA"}
    env.update(extra)
    return env


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


# The licence's names, each from the source the module docstring cites.
SPDX_LICENSE = "Apache-2.0"
DEP5_FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
PYPI_LICENSE_CLASSIFIER = "License :: OSI Approved :: Apache Software License"
DEBIAN_APACHE = "/usr/share/common-licenses/Apache-2.0"


def licence_text():
    """licence_text is the source tree's LICENSE; on Debian it must be base-files' Apache-2.0 text."""
    with open(os.path.join(A.source, "LICENSE"), "rb") as f:
        text = f.read()
    if os.path.isfile(DEBIAN_APACHE):
        with open(DEBIAN_APACHE, "rb") as f:
            if f.read() != text:
                fail(f"LICENSE is not the Apache License 2.0 text of {DEBIAN_APACHE}")
    elif b"Apache License\n                           Version 2.0, January 2004" not in text:
        fail("LICENSE is not the Apache License 2.0")
    return text


def expect_licence_file(path, what):
    """expect_licence_file fails unless |path| (in a built package) is LICENSE byte for byte."""
    if not os.path.isfile(path):
        fail(f"{what}: no licence file {path}")
    with open(path, "rb") as f:
        if f.read() != licence_text():
            fail(f"{what}: {path} differs from LICENSE")


def licence_notice():
    """licence_notice is the notice LICENSE's appendix asks each file to carry, as its words."""
    text = licence_text().decode("utf-8")
    a = text.index("Licensed under the Apache License, Version 2.0")
    b = text.index("limitations under the License.", a) + len("limitations under the License.")
    return text[a:b].split()


def dep5_paragraphs(text):
    """dep5_paragraphs parses a machine-readable copyright file (DEP-5: deb822 paragraphs separated
    by blank lines; a continuation line starts with a space, and a lone "." is an empty line) into a
    list of {field: value}, field names as written."""
    paragraphs, cur, field = [], {}, None
    for line in text.split("\n"):
        if not line.strip():
            if cur:
                paragraphs.append(cur)
            cur, field = {}, None
        elif line[0] in " \t":
            if field is None:
                fail(f"copyright: a continuation line with no field: {line!r}")
            cur[field] += "\n" + ("" if line.strip() == "." else line.strip())
        else:
            name, sep, value = line.partition(":")
            if not sep or name in cur:
                fail(f"copyright: not a field, or a field given twice: {line!r}")
            field = name
            cur[field] = value.strip()
    if cur:
        paragraphs.append(cur)
    return paragraphs


def expect_copyright(path, package):
    """expect_copyright fails unless |path| is a DEP-5 copyright file of |package| that puts every
    file under Apache-2.0, with a License paragraph holding LICENSE's notice and naming Debian's copy
    of the whole text."""
    if not os.path.isfile(path):
        fail(f"no {path}")
    with open(path, encoding="utf-8") as f:
        paragraphs = dep5_paragraphs(f.read())
    header = paragraphs[0] if paragraphs else {}
    if header.get("Format") != DEP5_FORMAT:
        fail(f"copyright: Format is {header.get('Format')!r}, not {DEP5_FORMAT}")
    if header.get("Upstream-Name") != package:
        fail(f"copyright: Upstream-Name is {header.get('Upstream-Name')!r}, not {package!r}")
    files = [p for p in paragraphs[1:] if "Files" in p]
    everything = [p for p in files if p["Files"].split() == ["*"]]
    if not everything or everything[0].get("License") != SPDX_LICENSE or not everything[0].get("Copyright"):
        fail(f"copyright: no 'Files: *' paragraph with a Copyright and License: {SPDX_LICENSE}: {files}")
    licences = {p["License"].split("\n")[0]: p["License"] for p in paragraphs[1:] if "Files" not in p and "License" in p}
    for p in files:
        name = p.get("License", "").split("\n")[0]
        if "\n" not in p.get("License", "") and name not in licences:
            fail(f"copyright: Files: {p['Files']} names License {name!r} with no text and no License paragraph")
    body = licences.get(SPDX_LICENSE, "")
    if licence_notice() != body.split()[1:1 + len(licence_notice())]:
        fail(f"copyright: the License: {SPDX_LICENSE} paragraph does not open with LICENSE's notice: {body!r}")
    if f'"{DEBIAN_APACHE}"' not in body and DEBIAN_APACHE not in body.split():
        fail(f"copyright: the License: {SPDX_LICENSE} paragraph does not name {DEBIAN_APACHE}")
    print(f"  {os.path.basename(path)}: DEP-5, Files: * under {SPDX_LICENSE}, LICENSE's notice, {DEBIAN_APACHE}")


def expect_gzip_9n(path, what):
    """expect_gzip_9n fails unless |path| is what `gzip -9n` writes (RFC 1952 header: deflate, XFL 2
    = maximum compression, no FNAME flag and MTIME 0, which -n gives) and no uncompressed copy lies
    beside it; returns the uncompressed bytes."""
    if not os.path.isfile(path):
        fail(f"{what}: no {path}")
    if os.path.exists(path[:-len(".gz")]):
        fail(f"{what}: an uncompressed {path[:-len('.gz')]} beside {path}")
    with open(path, "rb") as f:
        data = f.read()
    if data[:3] != b"\x1f\x8b\x08":
        fail(f"{what}: {path} is not gzip (deflate)")
    if data[3] & 0x08 or int.from_bytes(data[4:8], "little") != 0:
        fail(f"{what}: {path} keeps a file name or a time (gzip without -n)")
    if data[8] != 2:
        fail(f"{what}: {path} is not at maximum compression (gzip without -9; XFL {data[8]})")
    return gzip.decompress(data)


def install(prefix):
    run(["cmake", "--install", A.build, "--prefix", prefix])


def expect_layout(prefix):
    libdir = next((d for d in ("lib", "lib64") if os.path.exists(os.path.join(prefix, d, "libfairvec_core.a"))), None)
    if libdir is None:
        libdir = os.path.relpath(os.path.dirname(glob.glob(os.path.join(prefix, "lib*", "**", "libfairvec_core.a"),
                                                           recursive=True)[0]), prefix)
    want = ["bin/fairvec", f"{libdir}/libfairvec_core.a", f"{libdir}/libfairvec_schemes.a",
            "include/fairvec/core/version.h", "include/fairvec/core/crypto.h", "include/fairvec/schemes/hmac_dice.h",
            f"{libdir}/cmake/fairvec/fairvecConfig.cmake", f"{libdir}/cmake/fairvec/fairvecConfigVersion.cmake",
            f"{libdir}/cmake/fairvec/fairvecTargets.cmake", f"{libdir}/pkgconfig/fairvec.pc",
            "share/fairvec/vectors/hmac_dice_roll_test.json", "share/fairvec/vectors/MANIFEST.sha256",
            "share/doc/fairvec/specs/port-protocol.md", "share/doc/fairvec/copyright",
            "share/doc/fairvec/changelog.Debian.gz", "share/doc/fairvec/changelog.gz", "share/man/man1/fairvec.1.gz"]
    for w in want:
        if not os.path.isfile(os.path.join(prefix, w)):
            fail(f"not installed: {w}")
    same_tree(os.path.join(A.source, "vectors"), os.path.join(prefix, "share/fairvec/vectors"), "installed vectors")
    man = expect_gzip_9n(os.path.join(prefix, "share/man/man1/fairvec.1.gz"), "man page").decode("utf-8")
    for w in (".TH FAIRVEC 1", "check-port", "FAIRVEC_DATA"):
        if w not in man:
            fail(f"fairvec.1 lacks {w!r}")
    print(f"layout: {len(want)} files in place ({libdir}/), vectors identical to the source tree's")
    return libdir


def files_of(root):
    out = []
    for d, _, names in os.walk(root):
        out += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return sorted(out)


def same_tree(want, got, what):
    """same_tree fails unless |got| holds exactly the files of |want|, byte for byte."""
    a, b = files_of(want), files_of(got)
    if a != b:
        fail(f"{what}: files differ from {want}: missing {sorted(set(a) - set(b))[:5]}, extra {sorted(set(b) - set(a))[:5]}")
    _, mismatch, errors = filecmp.cmpfiles(want, got, a, shallow=False)
    if mismatch or errors:
        fail(f"{what}: contents differ: {(mismatch + errors)[:5]}")


def find_package():
    w = fresh(A.work)
    prefix = os.path.join(w, "prefix")
    install(prefix)
    libdir = expect_layout(prefix)
    proj = os.path.join(w, "project")
    shutil.copytree(os.path.join(A.source, "tests/release/find_package_project"), proj)
    env = clean_env()
    configure = ["cmake", "-S", proj, "-B", os.path.join(w, "project-build"), f"-DCMAKE_PREFIX_PATH={prefix}",
                 f"-DCMAKE_CXX_COMPILER={A.cxx}", "-DCMAKE_BUILD_TYPE=Release"]
    run(configure, env=env)
    run(["cmake", "--build", os.path.join(w, "project-build")], env=env)
    roll = os.path.join(w, "project-build", "roll")
    good = run([roll], cwd=w, env=env).stdout
    print("find_package(fairvec 0.2), fairvec::core:", good.strip())
    if os.path.join(prefix, "share/fairvec/vectors") not in good:
        fail("the consumer did not read the installed vectors (fairvec_VECTORS_DIR)")
    planted = run([roll, "--plant"], cwd=w, env=env, ok=(1,)).stdout
    print("  with the planted off-by-one it fails, as it must:", planted.strip().splitlines()[-1])
    # SameMinorVersion: 0.3 is refused (and 0.2.0 satisfies 0.2).
    p = run(["cmake", "-S", proj, "-B", os.path.join(w, "project-build-03"), f"-DCMAKE_PREFIX_PATH={prefix}",
             f"-DCMAKE_CXX_COMPILER={A.cxx}", "-DFAIRVEC_WANT=0.3"], env=env, ok=(1,))
    if "compatible with requested version \"0.3\"" not in p.stderr or f"version: {A.version}" not in p.stderr:
        fail(f"find_package(fairvec 0.3) failed, but not for the version: {p.stderr[-1500:]}")
    print("  find_package(fairvec 0.3) is refused by fairvecConfigVersion.cmake (SameMinorVersion)")
    # pkg-config: the same program compiled and linked with `pkg-config --cflags --libs fairvec`.
    penv = clean_env(PKG_CONFIG_PATH=os.path.join(prefix, libdir, "pkgconfig"))
    flags = run(["pkg-config", "--cflags", "--libs", "fairvec"], env=penv).stdout.split()
    exe = os.path.join(w, "roll-pc")
    run([A.cxx, "-std=c++20", f'-DFAIRVEC_VECTORS_DIR="{os.path.join(prefix, "share/fairvec/vectors")}"',
         os.path.join(proj, "roll.cc"), "-o", exe] + flags, env=penv)
    print("  pkg-config fairvec:", run([exe], cwd=w, env=env).stdout.strip())


def relocated():
    w = fresh(A.work)
    a, b = os.path.join(w, "A"), os.path.join(w, "B")
    install(a)
    os.rename(a, b)
    elsewhere = fresh(os.path.join(w, "elsewhere"))
    fv = os.path.join(b, "bin", "fairvec")
    env = clean_env()
    version = run([fv, "--version"], cwd=elsewhere, env=env).stdout.strip()
    want = f"fairvec {A.version} (vector set {A.vector_set_version})"
    if version != want:
        fail(f"--version printed {version!r}, wanted {want!r}")
    out = run([fv, "check"], cwd=elsewhere, env=env).stdout
    if "all passed" not in out:
        fail(f"check did not pass:\n{out[-2000:]}")
    print(f"relocated {a} -> {b}: {version}; {out.strip().splitlines()[-1]}")
    data = os.path.join(b, "share")
    os.rename(data, data + ".away")
    p = run([fv, "check"], cwd=elsewhere, env=env, ok=(2,))
    if os.path.join(b, "share", "fairvec", "vectors") not in p.stderr:
        fail(f"without its data the error does not name the place tried: {p.stderr}")
    print("  without B/share: exit 2:", p.stderr.strip())
    moved = os.path.join(data + ".away", "fairvec", "vectors")
    out = run([fv, "check"], cwd=elsewhere, env=clean_env(FAIRVEC_DATA=moved)).stdout
    print(f"  FAIRVEC_DATA={moved}: {out.strip().splitlines()[-1]}")
    p = run([fv, "check"], cwd=elsewhere, env=clean_env(FAIRVEC_DATA=os.path.join(w, "nowhere")), ok=(2,))
    if "FAIRVEC_DATA" not in p.stderr:
        fail(f"a FAIRVEC_DATA that does not exist is not named: {p.stderr}")
    os.rename(data + ".away", data)


# The only lintian errors allowed: the placeholder address of FAIRVEC_DEB_MAINTAINER's default, in
# the Maintainer field and in packaging/debian/changelog (a release sets the real one).
PLACEHOLDER_MAINTAINER = "fairvec@localhost"


def expect_lintian(pkg):
    if not shutil.which("lintian"):
        if os.environ.get("FAIRVEC_REQUIRE_TOOLS") == "1" or os.environ.get("CI") == "true":
            fail("lintian not found (apt-get install lintian; .ci/deps installs it)")
        print("  lintian: not installed, not run")
        return
    p = subprocess.run(["lintian", "--tag-display-limit", "0", pkg], capture_output=True, text=True)
    lines = [l for l in (p.stdout + p.stderr).splitlines() if l and "running with root privileges" not in l]
    for l in lines:
        print("  lintian:", l)
    errors = [l for l in lines if l.startswith("E: ")]
    unexpected = [l for l in errors if not (("bogus-mail-host" in l) and PLACEHOLDER_MAINTAINER in l)]
    if unexpected:
        fail("lintian errors: " + "; ".join(unexpected))
    print(f"  lintian: {len(errors)} error(s), all the placeholder Maintainer's; "
          f"{sum(l.startswith('W: ') for l in lines)} warning(s)")


def deb():
    w = fresh(A.work)
    arch = run(["dpkg", "--print-architecture"]).stdout.strip()
    run(["cpack", "-G", "DEB", "--config", os.path.join(A.build, "CPackConfig.cmake"), "-B", os.path.join(w, "out")],
        cwd=w)
    # The Debian revision is the newest entry's of packaging/debian/changelog.
    version = run(["dpkg-parsechangelog", "-l", os.path.join(A.source, "packaging", "debian", "changelog"),
                   "-S", "Version"]).stdout.strip()
    if not version.startswith(f"{A.version}-"):
        fail(f"packaging/debian/changelog's newest entry is {version}, not {A.version}-<revision>")
    pkg = os.path.join(w, "out", f"fairvec_{version}_{arch}.deb")
    if not os.path.isfile(pkg):
        fail(f"no {pkg}; cpack wrote {os.listdir(os.path.join(w, 'out'))}")
    if run(["dpkg-deb", "-f", pkg, "Version"]).stdout.strip() != version:
        fail(f"{pkg}: Version is not {version}")
    depends = run(["dpkg-deb", "-f", pkg, "Depends"]).stdout.strip()
    for lib in ("libc6", "libstdc++6", "libcrypto++", "libssl3"):
        if lib not in depends:
            fail(f"Depends lacks {lib} (dpkg-shlibdeps): {depends!r}")
    print(f"{os.path.basename(pkg)}: {os.path.getsize(pkg)} bytes; Depends: {depends}")
    expect_lintian(pkg)
    root = fresh(os.path.join(w, "root"))
    run(["dpkg", "-x", pkg, root])
    doc = os.path.join(root, "usr", "share", "doc", "fairvec")
    expect_copyright(os.path.join(doc, "copyright"), run(["dpkg-deb", "-f", pkg, "Package"]).stdout.strip())
    changelog = os.path.join(w, "changelog.Debian")
    with open(changelog, "wb") as f:
        f.write(expect_gzip_9n(os.path.join(doc, "changelog.Debian.gz"), "Debian changelog"))
    got = run(["dpkg-parsechangelog", "-l", changelog, "-S", "Version"]).stdout.strip()
    if got != version:
        fail(f"changelog.Debian.gz's newest entry is {got!r}, the package's Version {version!r}")
    with open(os.path.join(A.source, "CHANGELOG.md"), "rb") as f:
        if expect_gzip_9n(os.path.join(doc, "changelog.gz"), "upstream changelog") != f.read():
            fail("changelog.gz is not CHANGELOG.md")
    man = expect_gzip_9n(os.path.join(root, "usr", "share", "man", "man1", "fairvec.1.gz"), "man page")
    if not man.startswith(b".TH FAIRVEC 1"):
        fail(f"fairvec.1.gz is not the man page: {man[:80]!r}")
    print(f"  changelog.Debian.gz ({got}), changelog.gz (CHANGELOG.md), man1/fairvec.1.gz: gzip -9n, nothing uncompressed")
    fv = os.path.join(root, "usr", "bin", "fairvec")
    # The port under test, copied out of the source tree; the checker runs from an empty directory.
    port = os.path.join(w, "port")
    shutil.copytree(os.path.join(A.source, "tests", "ports", "python"), port,
                    ignore=shutil.ignore_patterns("__pycache__"))
    elsewhere = fresh(os.path.join(w, "elsewhere"))
    env = clean_env()
    out = run([fv, "check"], cwd=elsewhere, env=env).stdout
    if "all passed" not in out:
        fail(f"the package's fairvec check did not pass:\n{out[-2000:]}")
    print("  dpkg -x; usr/bin/fairvec check:", out.strip().splitlines()[-1])
    p = run([fv, "check-port", "--require-all", "--seed", "1", "--quiet-port", "--",
             sys.executable, os.path.join(port, "fairvec_port.py")], cwd=elsewhere, env=env)
    summary = [l for l in (p.stdout + p.stderr).splitlines() if l.startswith("vectors: ")]
    if not summary or " 0 failed, 0 skipped" not in summary[0]:
        fail(f"check-port summary: {summary}")
    print("  usr/bin/fairvec check-port (example Python port):", summary[0])


def transcript_files(vectors):
    return sorted(os.path.basename(f) for f in glob.glob(os.path.join(vectors, "transcripts", "*.jsonl")))


def harnesses(vectors, what):
    """harnesses runs the Python and the JavaScript transcript harness on |vectors| against the
    example ports; every test of every transcript file must pass, none be skipped."""
    here = os.path.join(A.source, "tests", "ports")
    files = transcript_files(vectors)
    if not files:
        fail(f"{what}: no transcripts")
    h = run([sys.executable, os.path.join(here, "transcript_harness.py"), vectors, "--",
             sys.executable, os.path.join(here, "python", "fairvec_port.py")])
    verdicts = json.loads(h.stdout)
    bad = {k: v for k, v in verdicts.items() if v != "passed"}
    if bad:
        fail(f"{what}: Python harness: {len(bad)} not passed, e.g. {sorted(bad.items())[:5]}")
    covered = sorted({k.split("#")[0].replace(".json", ".jsonl") for k in verdicts})
    if covered != files:
        fail(f"{what}: Python harness covered {len(covered)} of {len(files)} files")
    js = run([A.node, os.path.join(here, "transcript_harness.mjs"), vectors, "--require-all", "--",
              A.node, os.path.join(A.source, "web", "port.mjs")]).stdout
    print(f"  {what}: Python harness: {len(verdicts)} tests of {len(files)} files passed; JavaScript harness: "
          f"{js.strip().splitlines()[-1]}")
    if what == "npm package":  # the JavaScript harness bites: a mutant port fails it
        bad = run([A.node, os.path.join(here, "transcript_harness.mjs"), vectors, "--", sys.executable,
                   os.path.join(here, "mutants", "mutants.py"), "port", "swapped-dice"], ok=(1,)).stdout
        print(f"  JavaScript harness against the swapped-dice mutant: exit 1, {bad.strip().splitlines()[-1]}")


def data_packages():
    w = fresh(A.work)
    source_vectors = os.path.join(A.source, "vectors")
    pkgdir = os.path.join(A.build, "packaging")
    # npm: package.json (configured from packaging/npm/package.json.in), index.js, vectors/.
    stage = fresh(os.path.join(w, "npm-stage"))
    shutil.copy(os.path.join(pkgdir, "npm", "package.json"), stage)
    shutil.copy(os.path.join(A.source, "packaging", "npm", "index.js"), stage)
    shutil.copy(os.path.join(A.source, "LICENSE"), stage)
    shutil.copytree(source_vectors, os.path.join(stage, "vectors"))
    out = fresh(os.path.join(w, "npm-out"))
    npm_env = clean_env(npm_config_cache=os.path.join(w, "npm-cache"), npm_config_update_notifier="false",
                        npm_config_fund="false", npm_config_audit="false")
    run(["npm", "pack", "--offline", "--pack-destination", out], cwd=stage, env=npm_env)
    tgz = os.path.join(out, f"fairvec-vectors-{A.vector_set_version}.tgz")
    if not os.path.isfile(tgz):
        fail(f"npm pack wrote {os.listdir(out)}, not {os.path.basename(tgz)}")
    unpacked = fresh(os.path.join(w, "npm-x"))
    with tarfile.open(tgz) as t:
        t.extractall(unpacked, filter="data") if hasattr(tarfile, "data_filter") else t.extractall(unpacked)
    npm_vectors = os.path.join(unpacked, "package", "vectors")
    same_tree(source_vectors, npm_vectors, "npm package")
    got = run([A.node, "-e", "const p = require(process.argv[1]); console.log(p.vectorSetVersion, p.vectorsDir)",
               os.path.join(unpacked, "package")]).stdout.split()
    if got != [A.vector_set_version, npm_vectors]:
        fail(f"the npm package's index.js says {got}")
    expect_licence_file(os.path.join(unpacked, "package", "LICENSE"), "npm package")
    with open(os.path.join(unpacked, "package", "package.json"), encoding="utf-8") as f:
        licence = json.load(f).get("license")
    if licence != SPDX_LICENSE:
        fail(f"the npm package's package.json has license {licence!r}, not {SPDX_LICENSE!r}")
    print(f"npm pack: {os.path.basename(tgz)}, {os.path.getsize(tgz)} bytes, {len(files_of(npm_vectors))} files of vectors/")
    # Wheel: pyproject.toml and fairvec_vectors/__init__.py (configured), fairvec_vectors/vectors/.
    stage = fresh(os.path.join(w, "py-stage"))
    shutil.copy(os.path.join(pkgdir, "python", "pyproject.toml"), stage)
    shutil.copy(os.path.join(A.source, "LICENSE"), stage)
    os.makedirs(os.path.join(stage, "fairvec_vectors"))
    shutil.copy(os.path.join(pkgdir, "python", "__init__.py"), os.path.join(stage, "fairvec_vectors"))
    shutil.copytree(source_vectors, os.path.join(stage, "fairvec_vectors", "vectors"))
    out = fresh(os.path.join(w, "py-out"))
    run([A.debian_python, "-m", "pip", "wheel", "--no-index", "--no-build-isolation", "--no-deps",
         "--no-cache-dir", "-q", "-w", out, stage], cwd=w, env=clean_env(PIP_DISABLE_PIP_VERSION_CHECK="1"))
    whl = os.path.join(out, f"fairvec_vectors-{A.vector_set_version}-py3-none-any.whl")
    if not os.path.isfile(whl):
        fail(f"pip wheel wrote {os.listdir(out)}, not {os.path.basename(whl)}")
    unpacked = fresh(os.path.join(w, "py-x"))
    zipfile.ZipFile(whl).extractall(unpacked)
    got = run([A.debian_python, "-c", "import fairvec_vectors as f; print(f.VECTOR_SET_VERSION, f.VECTORS_DIR)"],
              cwd=unpacked, env=clean_env(PYTHONPATH=unpacked)).stdout.split()
    py_vectors = os.path.join(unpacked, "fairvec_vectors", "vectors")
    if got != [A.vector_set_version, py_vectors]:
        fail(f"the wheel's fairvec_vectors says {got}")
    same_tree(source_vectors, py_vectors, "wheel")
    dist_info = os.path.join(unpacked, f"fairvec_vectors-{A.vector_set_version}.dist-info")
    expect_licence_file(os.path.join(dist_info, "LICENSE"), "wheel")
    with open(os.path.join(dist_info, "METADATA"), encoding="utf-8") as f:
        metadata = f.read().split("\n\n")[0].splitlines()  # the header fields, before the description
    for want in (f"License: {SPDX_LICENSE}", "License-File: LICENSE", f"Classifier: {PYPI_LICENSE_CLASSIFIER}"):
        if want not in metadata:
            fail(f"the wheel's METADATA lacks {want!r}: {metadata}")
    print(f"wheel: {os.path.basename(whl)}, {os.path.getsize(whl)} bytes, {len(files_of(py_vectors))} files of vectors/")
    print(f"  licence: npm package/LICENSE and license {SPDX_LICENSE!r}; wheel .dist-info/LICENSE, METADATA "
          f"License, License-File, Classifier {PYPI_LICENSE_CLASSIFIER!r}")
    harnesses(npm_vectors, "npm package")
    harnesses(py_vectors, "wheel")


def main():
    global A
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["find-package", "relocated", "deb", "data-packages"])
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--version", default="")
    ap.add_argument("--vector-set-version", default="")
    ap.add_argument("--node", default="node")
    ap.add_argument("--debian-python", default="/usr/bin/python3")
    A = ap.parse_args()
    A.work = os.path.abspath(A.work)
    if os.path.commonpath([A.work, os.path.abspath(A.source)]) == os.path.abspath(A.source) and \
            os.path.commonpath([A.work, os.path.abspath(A.build)]) != os.path.abspath(A.build):
        fail(f"--work {A.work} is inside the source tree")
    {"find-package": find_package, "relocated": relocated, "deb": deb, "data-packages": data_packages}[A.command]()
    print(f"release {A.command}: OK")


main()
