#!/usr/bin/env bash
# Runs the ClusterFuzzLite / OSS-Fuzz build of fairvec as OSS-Fuzz's base-builder image does, without
# Docker, and checks what it produced (docs/oss-fuzz.md, "The build, proven here").
#
#   fuzz/ossfuzz.sh --dir DIR [--sanitizer address|undefined|address+undefined] [--build-only]
#                   [--runs N]
#
# DIR holds everything (never the source tree): DIR/src is $SRC (a copy of the tracked files as
# $SRC/fairvec, .clusterfuzzlite/build.sh as $SRC/build.sh, as the Dockerfile's COPY lines lay them
# out), DIR/work is $WORK (the CMake build, kept between runs so a second run only relinks), and
# DIR/out is $OUT (emptied first, as a fresh container's is). The environment is the images':
#   base-image/Dockerfile     SRC=/src OUT=/out WORK=/work                        (here: under DIR)
#   base-clang/Dockerfile     CC=clang CXX=clang++ CCC=clang++, CFLAGS (below), CXXFLAGS_EXTRA=-stdlib=libc++
#   base-builder/Dockerfile   SANITIZER_FLAGS_address, SANITIZER_FLAGS_undefined, COVERAGE_FLAGS,
#                             SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64
#   base-builder/compile      SANITIZER_FLAGS=$SANITIZER_FLAGS_$SANITIZER unless set; CFLAGS+=" $SANITIZER_FLAGS
#                             $COVERAGE_FLAGS"; CXXFLAGS="$CFLAGS $CXXFLAGS_EXTRA"; undefined: CFLAGS+=
#                             " -fno-sanitize=function"; then `bash -eux $SRC/build.sh` in WORKDIR $SRC/fairvec
#   base-builder/compile_libfuzzer  LIB_FUZZING_ENGINE=-fsanitize=fuzzer
#   infra/helper.py           FUZZING_LANGUAGE from project.yaml's language (c++)
#   base-runner/Dockerfile    ASAN_OPTIONS, UBSAN_OPTIONS and FUZZER_ARGS for running the targets
# (google/oss-fuzz at 955c6866c152471d78c7472c0f1f354343548b9f, infra/base-images/...). The
# sanitizer address+undefined is SANITIZER=address with SANITIZER_FLAGS set to both flag strings
# (compile honours a preset SANITIZER_FLAGS): one build for CI's sanitizer stage instead of two.
#
# Then every fuzz/*.cc but replay_main must be in $OUT as fuzz_<name>, one executable each, with
# fuzz_<name>_seed_corpus.zip and fuzz_<name>.options, and fuzz_<name>.dict exactly when
# corpus/<name>.dict exists (targets whose input is binary-structured have none: NO_DICT below);
# nothing else may be there. Each target then runs as base-runner's run_fuzzer would (its .options
# [libfuzzer] section and dictionary, the seed corpus unzipped) for -runs=N (default 300) mutations
# after the corpus, and must exit 0. --build-only stops after the build (fuzz/ci.sh uses it).
# Exit 0 when all holds, 1 otherwise, 2 bad usage.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR="" SAN=address+undefined BUILD_ONLY=0 RUNS=300
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) DIR=$2; shift ;;
    --sanitizer) SAN=$2; shift ;;
    --build-only) BUILD_ONLY=1 ;;
    --runs) RUNS=$2; shift ;;
    *) echo "usage: $0 --dir DIR [--sanitizer address|undefined|address+undefined] [--build-only] [--runs N]" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$DIR" ] || { echo "$0: --dir DIR is required (never the source tree)" >&2; exit 2; }
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
case "$DIR/" in "$ROOT"/build*/*|"$ROOT"/build*) ;; "$ROOT"/*) echo "$0: $DIR is inside the source tree" >&2; exit 2 ;; esac

# --- The environment (exact strings of the files named above) --------------------------------
export SRC=$DIR/src OUT=$DIR/out WORK=$DIR/work
export CC=clang CXX=clang++ CCC=clang++
CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types"
CFLAGS+=" -Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration"
CFLAGS+=" -Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension"
CFLAGS+=" -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
CXXFLAGS_EXTRA="-stdlib=libc++"
SANITIZER_FLAGS_address="-fsanitize=address -fsanitize-address-use-after-scope"
SANITIZER_FLAGS_undefined="-fsanitize=array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
COVERAGE_FLAGS="-fsanitize=fuzzer-no-link"
export FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c++
case "$SAN" in
  address) export SANITIZER=address SANITIZER_FLAGS=$SANITIZER_FLAGS_address ;;
  undefined) export SANITIZER=undefined SANITIZER_FLAGS=$SANITIZER_FLAGS_undefined ;;
  address+undefined) export SANITIZER=address SANITIZER_FLAGS="$SANITIZER_FLAGS_address $SANITIZER_FLAGS_undefined" ;;
  *) echo "$0: --sanitizer $SAN: address, undefined or address+undefined" >&2; exit 2 ;;
esac
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
CFLAGS="$CFLAGS $SANITIZER_FLAGS $COVERAGE_FLAGS"
CXXFLAGS="$CFLAGS $CXXFLAGS_EXTRA"
[ "$SANITIZER" = undefined ] && CFLAGS="$CFLAGS -fno-sanitize=function"
export CFLAGS CXXFLAGS CXXFLAGS_EXTRA
# base-runner/Dockerfile:
export ASAN_OPTIONS="alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:strip_path_prefix=/workspace/:symbolize=1:use_sigaltstack=1:dedup_token_length=3"
export UBSAN_OPTIONS="print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:strip_path_prefix=/workspace/:symbolize=1:dedup_token_length=3"
FUZZER_ARGS="-rss_limit_mb=2560 -timeout=25"

# Targets without a dictionary: their input is decoded field by field from raw bytes (lengths,
# selectors, keys), so dictionary tokens carry no meaning there (docs/oss-fuzz.md, "Dictionaries").
NO_DICT=" crypto_differential port_differential search_differential example_port_roll "

# --- $SRC as the Dockerfile lays it out --------------------------------------------------------
rm -rf "$SRC" && mkdir -p "$SRC/fairvec" "$WORK"  # a fresh copy: no file deleted from the tree lingers
rm -rf "$OUT" && mkdir -p "$OUT"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # The tree as git sees it (tracked files and new ones not ignored: never build directories),
  # times kept, so that an unchanged tree rebuilds nothing in $WORK (whose build is kept).
  (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf -) | tar -xpf - -C "$SRC/fairvec"
else
  tar -C "$ROOT" --exclude='./build*' -cf - . | tar -xpf - -C "$SRC/fairvec"
fi
cp -p "$ROOT/.clusterfuzzlite/build.sh" "$SRC/build.sh"

echo "== ossfuzz: SANITIZER=$SANITIZER ($SAN) FUZZING_ENGINE=$FUZZING_ENGINE ARCHITECTURE=$ARCHITECTURE"
echo "   CFLAGS=$CFLAGS"
echo "   CXXFLAGS=$CXXFLAGS"
echo "   LIB_FUZZING_ENGINE=$LIB_FUZZING_ENGINE SRC=$SRC OUT=$OUT WORK=$WORK"
(cd "$SRC/fairvec" && bash -eu "$SRC/build.sh") >"$DIR/build.log" 2>&1 || {
  echo "ossfuzz: build.sh failed:"; tail -n 60 "$DIR/build.log"; exit 1; }
tail -n 1 "$DIR/build.log"
[ "$BUILD_ONLY" -eq 1 ] && exit 0

# --- What $OUT must hold -------------------------------------------------------------------------
status=0
fail() { echo "ossfuzz: FAIL: $*"; status=1; }
expected=()
for src in "$ROOT"/fuzz/*.cc; do
  n=$(basename "$src" .cc)
  [ "$n" = replay_main ] || expected+=("fuzz_$n")
done
for t in "${expected[@]}"; do
  n=${t#fuzz_}
  [ -f "$OUT/$t" ] && [ -x "$OUT/$t" ] || { fail "$t: no executable in \$OUT"; continue; }
  grep -q LLVMFuzzerTestOneInput "$OUT/$t" || fail "$t: not a fuzz target (no LLVMFuzzerTestOneInput)"
  [ -f "$OUT/${t}_seed_corpus.zip" ] || fail "$t: no ${t}_seed_corpus.zip"
  [ -f "$OUT/$t.options" ] || fail "$t: no $t.options"
  if [ -f "$ROOT/corpus/$n.dict" ]; then
    cmp -s "$ROOT/corpus/$n.dict" "$OUT/$t.dict" || fail "$t: $t.dict missing or not corpus/$n.dict"
    [[ "$NO_DICT" == *" $n "* ]] && fail "$t: has a dictionary but is listed as a binary-input target"
  else
    [[ "$NO_DICT" == *" $n "* ]] || fail "$t: corpus/$n.dict missing (only binary-input targets go without)"
    [ -e "$OUT/$t.dict" ] && fail "$t: $t.dict without corpus/$n.dict"
  fi
  if [ -f "$OUT/${t}_seed_corpus.zip" ]; then
    zipped=$(python3 -c 'import sys, zipfile; print(len([i for i in zipfile.ZipFile(sys.argv[1]).infolist() if not i.is_dir()]))' "$OUT/${t}_seed_corpus.zip")
    seeds=$(find "$ROOT/corpus/$n" -type f ! -name '.*' | wc -l)
    [ "$zipped" -eq "$seeds" ] && [ "$seeds" -gt 0 ] || fail "$t: seed corpus zip holds $zipped files, corpus/$n has $seeds"
  fi
done
# Nothing but those: one executable per target, and only their files.
for f in "$OUT"/*; do
  b=$(basename "$f")
  t=${b%_seed_corpus.zip}; t=${t%.dict}; t=${t%.options}
  printf '%s\n' "${expected[@]}" | grep -qx -- "$t" || fail "unexpected file in \$OUT: $b"
done
echo "ossfuzz: \$OUT holds ${#expected[@]} targets: ${expected[*]}"

# --- Each target, briefly, as run_fuzzer runs it -------------------------------------------------
RUNDIR=$(mktemp -d)
trap 'rm -rf "$RUNDIR"' EXIT
for t in "${expected[@]}"; do
  [ -x "$OUT/$t" ] || continue
  corpus="$RUNDIR/${t}_corpus"
  mkdir -p "$corpus"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$OUT/${t}_seed_corpus.zip" "$corpus"
  seeds=$(find "$corpus" -type f | wc -l)  # before the run adds its new inputs there
  # run_fuzzer: the [libfuzzer] section of the .options file becomes -key=value flags.
  opts=()
  while IFS= read -r kv; do opts+=("-$kv"); done < <(python3 - "$OUT/$t.options" <<'PY'
import configparser, sys
c = configparser.ConfigParser()
c.read(sys.argv[1])
for k, v in (c["libfuzzer"].items() if c.has_section("libfuzzer") else []):
    print(f"{k}={v}")
PY
)
  [ -f "$OUT/$t.dict" ] && opts+=("-dict=$OUT/$t.dict")
  # shellcheck disable=SC2086
  if (cd "$RUNDIR" && "$OUT/$t" $FUZZER_ARGS "${opts[@]}" -runs="$RUNS" -seed=1 -print_final_stats=1 \
        -artifact_prefix="$RUNDIR/$t-" "$corpus") >"$RUNDIR/$t.log" 2>&1; then
    echo "$t: $seeds seeds, $(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$RUNDIR/$t.log" | grep -oE '[0-9]+$') runs, clean (${opts[*]})"
  else
    fail "$t: did not run clean"; tail -n 40 "$RUNDIR/$t.log"
  fi
done
[ $status -eq 0 ] && echo "ossfuzz: every target built, packaged and ran clean" || echo "ossfuzz: FAILED"
exit $status
