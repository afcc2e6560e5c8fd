#!/usr/bin/env bash
# install.sh - the install step of the fairvec GitHub Action (action.yml): finds or builds the
# fairvec the Action runs, and writes `fairvec=PATH` to $GITHUB_OUTPUT (or prints it).
#
#   install.sh [FAIRVEC]
#
# FAIRVEC given: that binary (it must run `fairvec --version`). Else `fairvec` on PATH (an
# installed .deb puts it in /usr/bin). Else the Action's own source (this checkout, the ref the
# workflow's `uses:` names) is built: the build's Debian packages are installed when missing
# (cmake g++ make libcrypto++-dev libssl-dev rapidjson-dev libcli11-dev, with sudo when not root),
# then CMake builds the CLI alone (no tests, no fuzzers) into $RUNNER_TEMP/fairvec-build (or
# $TMPDIR), outside the checkout. Exit 0 found or built; 2 a given FAIRVEC that does not run;
# 1 the build failed.
set -euo pipefail
HERE=$(cd "$(dirname "$0")/../.." && pwd)
given=${1:-}
found=""
if [ -n "$given" ]; then
  "$given" --version >/dev/null 2>&1 || { echo "install.sh: bad input: fairvec: '$given' does not run" >&2; exit 2; }
  found=$(command -v "$given")
elif command -v fairvec >/dev/null 2>&1; then
  found=$(command -v fairvec)
else
  packages=(cmake g++ make libcrypto++-dev libssl-dev rapidjson-dev libcli11-dev)
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "install.sh: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
  fi
  build=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/fairvec-build
  cmake -S "$HERE" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFAIRVEC_BUILD_TESTS=OFF -DFAIRVEC_BUILD_FUZZERS=OFF >/dev/null
  cmake --build "$build" --target fairvec -j "$(nproc)"
  found=$build/gen/fairvec
fi
echo "install.sh: $("$found" --version) at $found"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "fairvec=$found" >>"$GITHUB_OUTPUT"; else echo "fairvec=$found"; fi
