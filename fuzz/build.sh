#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build of every fuzz target (see fuzz/README.md).
#
# Reads the OSS-Fuzz environment: CC, CXX, CFLAGS, CXXFLAGS (sanitizer and coverage flags),
# LIB_FUZZING_ENGINE (the engine's link flags), OUT (where binaries go), WORK (scratch).
# Writes to $OUT, for each target fuzz_<name>: the binary, fuzz_<name>_seed_corpus.zip (from
# corpus/<name>/), fuzz_<name>.dict and fuzz_<name>.options (from corpus/<name>.dict/.options).
#
# The system Crypto++ is built against libstdc++, so the libc++ flag OSS-Fuzz adds is removed
# (this limits the project to the address and undefined sanitizers, which is what it uses).
# CMAKE_BUILD_TYPE=None adds no flags of its own: CFLAGS/CXXFLAGS alone decide optimisation and
# instrumentation, as OSS-Fuzz requires (docs/oss-fuzz.md). fuzz/ossfuzz.sh runs this script as
# the base-builder image does and checks $OUT.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${OUT:?set OUT}" "${LIB_FUZZING_ENGINE:?set LIB_FUZZING_ENGINE}"
BUILD=${WORK:-/tmp}/fairvec-fuzz-build
CXXFLAGS=${CXXFLAGS//-stdlib=libc++/}
export CXXFLAGS

cmake -S "$ROOT" -B "$BUILD" \
  -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
  -DFAIRVEC_BUILD_TESTS=OFF -DFAIRVEC_BUILD_FUZZERS=ON \
  -DFAIRVEC_LIBFUZZER=OFF -DFAIRVEC_SANITIZE=OFF \
  -DFAIRVEC_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"

targets=()
for src in "$ROOT"/fuzz/*.cc; do
  name=$(basename "$src" .cc)
  [ "$name" = replay_main ] && continue
  targets+=("fuzz_$name")
done
cmake --build "$BUILD" -j"$(nproc)" --target "${targets[@]}"

for t in "${targets[@]}"; do
  name=${t#fuzz_}
  cp "$BUILD/fuzz/$t" "$OUT/"
  if [ -d "$ROOT/corpus/$name" ]; then
    (cd "$ROOT/corpus/$name" && find . -type f | sort | zip -q -@ "$OUT/${t}_seed_corpus.zip")
  fi
  [ -f "$ROOT/corpus/$name.dict" ] && cp "$ROOT/corpus/$name.dict" "$OUT/$t.dict"
  [ -f "$ROOT/corpus/$name.options" ] && cp "$ROOT/corpus/$name.options" "$OUT/$t.options"
done
echo "fuzz/build.sh: ${#targets[@]} targets in $OUT"
