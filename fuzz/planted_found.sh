#!/usr/bin/env bash
# planted_found.sh TARGET LOG: exit 0 when LOG (a planted replay's output) holds a whole line that
# matches TARGET's own signature in fuzz/planted_signatures.txt, printing that line; exit 1 when it
# does not (a finding of another check is not the planted fault: the plant may have stopped working
# while something else fails), exit 2 when TARGET has no signature. fuzz/ci.sh's sanitizer stage
# uses it; CTest fuzz_planted_found_matches_the_target runs it on planted logs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target=${1:?usage: planted_found.sh TARGET LOG}
log=${2:?usage: planted_found.sh TARGET LOG}
signature=$(grep -E "^${target}=" "$here/planted_signatures.txt" | head -n 1 | cut -d= -f2-) || true
if [ -z "$signature" ]; then
  echo "planted_found.sh: $target has no signature in fuzz/planted_signatures.txt" >&2
  exit 2
fi
if line=$(grep -E -x -m 1 -- "$signature" "$log"); then
  echo "$line"
  exit 0
fi
exit 1
