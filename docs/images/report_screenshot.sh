#!/bin/sh
# report_screenshot.sh - regenerates docs/images/check-port-report-desktop.png, the HTML report of
# `fairvec check-port` (docs/check-port.md) at desktop width, from a run of the swapped-dice mutant.
#
#     docs/images/report_screenshot.sh path/to/fairvec [chromium]
#
# The report is written to a temporary directory; the PNG is the only file written in the tree.
set -eu
fairvec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
browser=${2:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[ -n "$browser" ] || { echo "report_screenshot.sh: chromium not found" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/docs/images/check-port-report-desktop.png"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
# The mutant fails: exit 1 is the expected outcome, anything else is not.
rc=0
"$fairvec" check-port --quiet-port --only 'hmac_dice_*' --html "$tmp/report.html" \
  -- python3 tests/ports/mutants/mutants.py port swapped-dice >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
if [ "$rc" -ne 1 ]; then
  cat "$tmp/stderr" >&2
  echo "report_screenshot.sh: check-port exited $rc, not 1" >&2
  exit 1
fi
HOME="$tmp" "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 \
  --user-data-dir="$tmp/profile" --screenshot="$tmp/shot.png" "file://$tmp/report.html" 2>"$tmp/browser.log" || {
  cat "$tmp/browser.log" >&2
  exit 1
}
cp "$tmp/shot.png" "$out"
echo "wrote $out"
