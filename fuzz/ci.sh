#!/usr/bin/env bash
# Fuzzing in CI. Two stages:
#   (a) replay: the gcc build runs every fuzz target over its seed corpus corpus/<name>/, plus the
#       planted-mismatch tests, through CTest (label "fuzz") — what `ctest` already does;
#   (b) fuzz: the OSS-Fuzz-style build (fuzz/ossfuzz.sh: .clusterfuzzlite/build.sh run as
#       OSS-Fuzz's base-builder runs it, clang + libFuzzer with OSS-Fuzz's address and undefined
#       flags in one build, into $FAIRVEC_OSSFUZZ_DIR, default build/ossfuzz, the directory the
#       CTest test ossfuzz_build already built, so this only relinks; clang missing is a failure,
#       not a skip), replay every target's corpus from $OUT under the sanitizers (each must run clean, and
#       each target's planted fault, FAIRVEC_FUZZ_PLANT=<target>, must be found by that replay),
#       run each target for a bounded time from its corpus, then check that the planted backend
#       mismatch is found by libFuzzer itself.
#
# Usage: fuzz/ci.sh [--replay-only | --fuzz-only] [--seconds N]   (default N = 5 per target)
# Build dirs: $FAIRVEC_FUZZ_GCC_BUILD (default build-fuzz-gcc) and $FAIRVEC_OSSFUZZ_DIR (build/ossfuzz).
# Exit status: 0 when every stage run passes, 1 on any finding or failure.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
# shellcheck source=fuzz/limits.sh
. "$ROOT/fuzz/limits.sh"
SECONDS_PER_TARGET=5
STAGES="replay fuzz"
while [ $# -gt 0 ]; do
  case "$1" in
    --replay-only) STAGES=replay ;;
    --fuzz-only) STAGES=fuzz ;;
    --seconds) SECONDS_PER_TARGET=$2; shift ;;
    *) echo "usage: $0 [--replay-only|--fuzz-only] [--seconds N]" >&2; exit 2 ;;
  esac
  shift
done
JOBS=${FAIRVEC_JOBS:-2}
TARGETS=()
for src in fuzz/*.cc; do
  n=$(basename "$src" .cc)
  [ "$n" = replay_main ] || TARGETS+=("$n")
done

if [[ " $STAGES " == *" replay "* ]]; then
  GCC_BUILD=${FAIRVEC_FUZZ_GCC_BUILD:-build-fuzz-gcc}
  echo "== fuzz/ci.sh: corpus replay (gcc, $GCC_BUILD)"
  cmake -S . -B "$GCC_BUILD" -DFAIRVEC_BUILD_TESTS=ON -DFAIRVEC_BUILD_FUZZERS=ON \
    -DFAIRVEC_LIBFUZZER=OFF >/dev/null
  cmake --build "$GCC_BUILD" -j"$JOBS" --target "${TARGETS[@]/#/fuzz_}"
  ctest --test-dir "$GCC_BUILD" -L fuzz --output-on-failure --no-tests=error
fi

have_libfuzzer() {
  command -v clang++ >/dev/null || return 1
  local tmp; tmp=$(mktemp -d)
  printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' >"$tmp/t.cc"
  clang++ -fsanitize=fuzzer,address,undefined "$tmp/t.cc" -o "$tmp/t" >/dev/null 2>&1
  local rc=$?
  rm -rf "$tmp"
  return $rc
}

if [[ " $STAGES " == *" fuzz "* ]]; then
  if ! have_libfuzzer; then
    echo "== fuzz/ci.sh: clang with libFuzzer (ASan+UBSan) not found: the sanitizer stage cannot run" >&2
    echo "   install clang and libclang-rt-14-dev (bash .ci/deps)" >&2
    exit 1
  fi
  echo "== fuzz/ci.sh: libFuzzer, ASan+UBSan (OSS-Fuzz flags), ${SECONDS_PER_TARGET}s per target"
  OSSFUZZ_DIR=${FAIRVEC_OSSFUZZ_DIR:-$ROOT/build/ossfuzz}
  bash fuzz/ossfuzz.sh --dir "$OSSFUZZ_DIR" --sanitizer address+undefined --build-only
  BIN="$OSSFUZZ_DIR/out"
  # base-builder's UBSAN_OPTIONS: the undefined flags check unsigned overflow as a coverage signal
  # only (OSS-Fuzz issue 910), so its reports are silenced.
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-silence_unsigned_overflow=1}
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
  status=0
  # Corpus replay under ASan+UBSan (-runs=0: every corpus input once, no mutation), then the same
  # replay with the target's planted fault, which must be reported.
  for t in "${TARGETS[@]}"; do
    n=$(find "corpus/$t" -type f ! -name '.*' | wc -l)
    if [ "$n" -eq 0 ]; then
      echo "fuzz_$t: corpus/$t is empty: nothing to replay"; status=1; continue
    fi
    if "$BIN/fuzz_$t" -runs=0 -print_final_stats=1 -artifact_prefix="$WORK/$t-replay-" "corpus/$t" >"$WORK/$t.replay.log" 2>&1; then
      echo "fuzz_$t: $n corpus inputs replayed under ASan+UBSan, clean"
    else
      echo "fuzz_$t: FINDING in corpus replay under ASan+UBSan"; tail -n 60 "$WORK/$t.replay.log"; status=1
    fi
    [ "$t" = crypto_differential ] && continue   # its plant is the backend below, found by fuzzing
    if FAIRVEC_FUZZ_PLANT="$t" "$BIN/fuzz_$t" -runs=0 -artifact_prefix="$WORK/$t-plant-" "corpus/$t" >"$WORK/$t.plant.log" 2>&1; then
      echo "fuzz_$t: planted fault NOT found by the corpus replay"; status=1
    elif found=$(bash fuzz/planted_found.sh "$t" "$WORK/$t.plant.log"); then
      echo "fuzz_$t: planted fault found ($found)"
    else
      # Any other finding (a `==== fairvec` report of another check) is not the planted fault.
      echo "fuzz_$t: planted replay failed without its own signature (fuzz/planted_signatures.txt)"
      tail -n 40 "$WORK/$t.plant.log"; status=1
    fi
  done
  for t in "${TARGETS[@]}"; do
    fuzz_limits "$ROOT" "$t"
    opts=(-max_total_time="$SECONDS_PER_TARGET" -timeout=25 -max_len="$MAX_LEN"
          -malloc_limit_mb="$BUDGET_MB" -rss_limit_mb="$RSS_LIMIT_MB"
          -print_final_stats=1 -artifact_prefix="$WORK/$t-")
    [ -f "corpus/$t.dict" ] && opts+=(-dict="corpus/$t.dict")
    mkdir -p "$WORK/$t"  # new inputs go here, never into the repository
    if "$BIN/fuzz_$t" "${opts[@]}" "$WORK/$t" "corpus/$t" >"$WORK/$t.log" 2>&1; then
      echo "fuzz_$t: $(grep -E 'stat::number_of_executed_units' "$WORK/$t.log" | awk '{print $2}') runs, no finding"
    else
      echo "fuzz_$t: FINDING"; tail -n 80 "$WORK/$t.log"
      for a in "$WORK/$t"-*; do [ -f "$a" ] && { echo "input: $a"; od -A d -t x1 "$a" | head -n 40; }; done
      status=1
    fi
  done
  # The planted mismatch must be found by libFuzzer itself, quickly, from an empty corpus.
  mkdir -p "$WORK/planted"
  if FAIRVEC_FUZZ_PLANT=1 "$BIN/fuzz_crypto_differential" -max_total_time=120 \
       -artifact_prefix="$WORK/planted-" "$WORK/planted" >"$WORK/planted.log" 2>&1; then
    echo "planted mismatch: NOT found in 120 s"; status=1
  elif grep -qx 'cryptopp-planted-hmac_sha256-difference' "$WORK/planted.log"; then
    echo "planted mismatch: found ($(grep -oE '^#[0-9]+' "$WORK/planted.log" | tail -n 1) executions)"
  else
    echo "planted mismatch: fuzzer failed without the signature"; tail -n 40 "$WORK/planted.log"; status=1
  fi
  exit $status
fi
