# fuzz/limits.sh, sourced by fuzz/ci.sh and fuzz/measure.sh: the libFuzzer limits of one target,
# from one place.
#
# fuzz_limits ROOT TARGET sets MAX_LEN (corpus/TARGET.options, else libFuzzer's default 4096) and
# BUDGET_MB, the memory budget of specs/README.md for the longest input: parsing n bytes takes at
# most jsonBudgetMultiple x n + jsonBudgetSlackBytes, so no single allocation may exceed that (rounded up to whole MiB, at least 4 so
# that a target's one-time set-up is not counted). It is passed as -malloc_limit_mb, so libFuzzer
# reports an amplification as a finding. RSS under ASan is dominated by its quarantine and shadow
# memory, so -rss_limit_mb stays generous (RSS_LIMIT_MB).
#
# A match is the one input whose memory is bounded per roll instead of per byte (specs/README.md:
# at most matchBytesPerRoll bytes per roll, matchRolls rolls, so matchBytes): a 60-byte request can
# ask for a whole largest match. Targets whose inputs reach hmac_dice.verify_match (port requests
# and params, vector files) get that cap instead; the first 10^6-run measurement of
# port_differential under the byte rule stopped at a 5 MB reply text of such a match.
#
# Every number comes from the code: `fairvec limits --json` of the CLI at $FAIRVEC_BIN (default
# ROOT/build/gen/fairvec, which .ci/test builds first), never restated here.
RSS_LIMIT_MB=2048

# fairvec_limit NAME prints one bound of `fairvec limits --json` (ROOT is set by the sourcing script).
fairvec_limit() {
  if [ -z "${FAIRVEC_LIMITS:-}" ]; then
    local bin=${FAIRVEC_BIN:-$ROOT/build/gen/fairvec}
    if [ ! -x "$bin" ]; then
      echo "fuzz/limits.sh: $bin is not built; the fuzz limits come from 'fairvec limits --json'" \
           "(cmake --build build --target fairvec, or set FAIRVEC_BIN)" >&2
      return 1
    fi
    FAIRVEC_LIMITS=$("$bin" limits --json) || return 1
  fi
  python3 -c 'import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$FAIRVEC_LIMITS" "$1"
}

fuzz_limits() {
  local root=$1 target=$2 m
  MAX_LEN=4096
  if [ -f "$root/corpus/$target.options" ]; then
    m=$(sed -n 's/^ *max_len *= *\([0-9]*\).*/\1/p' "$root/corpus/$target.options")
    [ -n "$m" ] && MAX_LEN=$m
  fi
  local multiple slack match
  multiple=$(fairvec_limit jsonBudgetMultiple) && slack=$(fairvec_limit jsonBudgetSlackBytes) &&
    match=$(fairvec_limit matchBytes) || return 1
  MATCH_LIMIT_MB=$(( (match + (1 << 20) - 1) >> 20 ))
  BUDGET_MB=$(( (multiple * MAX_LEN + slack + (1 << 20) - 1) >> 20 ))
  [ "$BUDGET_MB" -lt 4 ] && BUDGET_MB=4
  case "$target" in
    port_differential|port_request|vector_file) [ "$BUDGET_MB" -lt "$MATCH_LIMIT_MB" ] && BUDGET_MB=$MATCH_LIMIT_MB ;;
  esac
  return 0
}
