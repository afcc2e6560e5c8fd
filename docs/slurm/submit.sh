#!/usr/bin/env bash
# Submits a sharded `fairvec search` to Slurm: an array of N shard tasks and a merge job that
# depends on all of them (docs/slurm/README.md).
#
#   docs/slurm/submit.sh -n N -d RESULTS [-c CPUS] [-f FAIRVEC] [-s "SBATCH OPTIONS"] -- SEARCH ARGS...
#
# SEARCH ARGS are those of `fairvec search` without --shard, --threads, --checkpoint or --store
# (the scripts set them). Prints the array job's id and the merge job's id, one a line.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
n="" results="" cpus=1 fairvec=${FAIRVEC:-fairvec} extra=""
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    -d) results=$2; shift 2 ;;
    -c) cpus=$2; shift 2 ;;
    -f) fairvec=$2; shift 2 ;;
    -s) extra=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: -n N (the number of shards) is required" >&2; exit 2; }
[ -n "$results" ] && [ $# -gt 0 ] || { echo "submit.sh: -d RESULTS and the search's arguments after -- are required" >&2; exit 2; }
for a in "$@"; do
  case "$a" in --shard*|--threads*|--checkpoint*|--store*) echo "submit.sh: $a is set by the scripts" >&2; exit 2 ;; esac
done
mkdir -p "$results"
results=$(cd "$results" && pwd)
fairvec=$(command -v "$fairvec") || { echo "submit.sh: no fairvec at $fairvec (-f PATH)" >&2; exit 2; }
printf '%s\n' "$@" >"$results/search.args"
# shellcheck disable=SC2086
array=$(sbatch --parsable $extra --array="0-$((n - 1))" --cpus-per-task="$cpus" \
        --output="$results/shard-%a-of-$n.out" --export="ALL,FAIRVEC=$fairvec,FAIRVEC_SHARDS=$n" \
        "$HERE/search-shard.sbatch" "$results")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable $extra --dependency="afterok:$array" --output="$results/merge.out" \
        --export="ALL,FAIRVEC=$fairvec" "$HERE/merge.sbatch" "$results" "$n")
echo "$array"
echo "${merge%%;*}"
