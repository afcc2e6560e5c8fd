#!/usr/bin/env bash
# Runs each libFuzzer target (build-fuzz, the `fuzz` preset) for a number of executions from its
# committed corpus and prints one Markdown table row per target: executions, seconds, exec/s,
# result. New inputs go to a scratch directory, never into corpus/.
#
# Usage: fuzz/measure.sh [-runs=N] [target...]   (default 1000000 runs, every built target)
# Env: FAIRVEC_FUZZ_BUILD (default build-fuzz), FAIRVEC_FUZZ_SCRATCH (default a temp dir, kept).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=fuzz/limits.sh
. "$ROOT/fuzz/limits.sh"
BUILD=${FAIRVEC_FUZZ_BUILD:-$ROOT/build-fuzz}
RUNS=1000000
targets=()
for a in "$@"; do
  case "$a" in
    -runs=*) RUNS=${a#-runs=} ;;
    *) targets+=("$a") ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  for b in "$BUILD"/fuzz/fuzz_*; do [ -x "$b" ] && targets+=("$(basename "$b" | sed 's/^fuzz_//')"); done
fi
SCRATCH=${FAIRVEC_FUZZ_SCRATCH:-$(mktemp -d)}
echo "| target | max_len | malloc limit | executions | seconds | exec/s | peak RSS | result |"
echo "|---|---|---|---|---|---|---|---|"
for t in "${targets[@]}"; do
  fuzz_limits "$ROOT" "$t" || exit 1
  opts=(-runs="$RUNS" -timeout=25 -max_len="$MAX_LEN" -malloc_limit_mb="$BUDGET_MB" -rss_limit_mb="$RSS_LIMIT_MB"
        -print_final_stats=1 -artifact_prefix="$SCRATCH/$t-")
  [ -f "$ROOT/corpus/$t.dict" ] && opts+=(-dict="$ROOT/corpus/$t.dict")
  mkdir -p "$SCRATCH/$t"
  start=$(date +%s.%N)
  "$BUILD/fuzz/fuzz_$t" "${opts[@]}" "$SCRATCH/$t" "$ROOT/corpus/$t" >"$SCRATCH/$t.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$SCRATCH/$t.log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$SCRATCH/$t.log")
  secs=$(echo "$end - $start" | bc)
  rate=$(echo "${execs:-0} / $secs" | bc)
  if [ $rc -eq 0 ]; then result="no finding"; else result="FINDING (exit $rc, see $SCRATCH/$t.log)"; fi
  printf '| fuzz_%s | %s | %s MB | %s | %.0f | %s | %s MB | %s |\n' "$t" "$MAX_LEN" "$BUDGET_MB" "${execs:-?}" "$secs" "$rate" "${rss:-?}" "$result"
done
echo "scratch: $SCRATCH" >&2
