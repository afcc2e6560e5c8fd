#!/usr/bin/env bash
# A sharded search on a real Slurm (docs/slurm/README.md), end to end on this one machine:
# munged, slurmctld and slurmd from Debian's munge and slurm-wlm packages, with a throwaway
# slurm.conf, munge key and state under DIR (never /etc or /var), run as root. The test submits
# docs/slurm/submit.sh's 4-task array of a depth-3 search and its afterok merge job, then requires
# the merged result to equal a one-process `fairvec search --store` byte for byte (hmac-dice-skip,
# then hexwin-skip with text seeds), and `fairvec
# search merge` to exit 2 when a shard is missing or given twice. Every daemon it started, and
# every process those started, is stopped when it ends, however it ends.
#
#   tests/slurm/slurm_search_test.sh --fairvec BIN --dir DIR
#
# Exit 0 pass, 1 fail, 77 skipped (no Slurm or munge here, or not root; with CI=true or
# FAIRVEC_REQUIRE_TOOLS=1, set by the CMake option FAIRVEC_REQUIRE_TOOLS, that is a failure
# instead: CI must run this test).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FAIRVEC="" DIR=""
while [ $# -gt 0 ]; do
  case "$1" in
    --fairvec) FAIRVEC=$2; shift ;;
    --dir) DIR=$2; shift ;;
    *) echo "usage: $0 --fairvec BIN --dir DIR" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$FAIRVEC" ] && [ -n "$DIR" ] || { echo "usage: $0 --fairvec BIN --dir DIR" >&2; exit 2; }

skip() {
  if [ "${CI:-}" = true ] || [ "${FAIRVEC_REQUIRE_TOOLS:-}" = 1 ]; then
    echo "slurm: FAIL: $* (CI=true or FAIRVEC_REQUIRE_TOOLS=1: this test must run; .ci/deps installs slurm-wlm and munge)"
    exit 1
  fi
  echo "slurm: SKIPPED: $*"; exit 77
}
for tool in munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
  command -v "$tool" >/dev/null || skip "$tool not found (apt-get install slurm-wlm munge)"
done
[ "$(id -u)" -eq 0 ] || skip "not root: this single-node Slurm runs its daemons and jobs as root"

rm -rf "$DIR"
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
T=$DIR
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log" "$T/results"
chmod 0755 "$T/munge"
export SLURM_CONF=$T/slurm.conf
pids=()

# cleanup: cancel our jobs, stop the daemons we started, then end any process that still carries
# our SLURM_CONF in its environment (slurmstepd and job processes inherit it from slurmd): each
# by its pid, none by name.
cleanup() {
  local rc=$?
  scancel --quiet --full "--user=$(id -un)" 2>/dev/null || true
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for _ in $(seq 50); do
    local alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  local left=()
  for e in /proc/[0-9]*/environ; do
    local p=${e#/proc/}; p=${p%/environ}
    [ "$p" = $$ ] && continue
    if { tr '\0' '\n' <"$e"; } 2>/dev/null | grep -qxF "SLURM_CONF=$SLURM_CONF"; then left+=("$p"); fi
  done
  for p in "${left[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  [ ${#left[@]} -gt 0 ] && echo "slurm: ended ${#left[@]} leftover job process(es): ${left[*]}"
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  exit $rc
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() {
  echo "slurm: FAIL: $*"
  for f in "$T"/log/*.log "$T"/results/*.out; do [ -f "$f" ] && { echo "--- $f"; tail -n 25 "$f"; }; done
  exit 1
}

# --- munge: a key made for this test, its own socket --------------------------------------
mungekey --create --keyfile="$T/munge/munge.key" --bits=1024 || fail "mungekey"
chmod 0400 "$T/munge/munge.key"
munged --foreground --force --socket="$T/munge/munge.sock" --key-file="$T/munge/munge.key" \
  --pid-file="$T/munge/munged.pid" --log-file="$T/log/munged.log" --seed-file="$T/munge/munged.seed" \
  >"$T/log/munged.stderr" 2>&1 &
pids+=($!)

# --- slurm.conf: one node, the machine's real CPUs and memory (slurmd -C) -------------------
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
host=$(hostname -s)
node=$(slurmd -C | head -n 1)  # NodeName=HOST CPUs=… Boards=… SocketsPerBoard=… CoresPerSocket=… ThreadsPerCore=… RealMemory=…
[[ "$node" == NodeName=* ]] || fail "slurmd -C printed '$node'"
cat >"$SLURM_CONF" <<CONF
# Throwaway single-node cluster of tests/slurm/slurm_search_test.sh (slurm.conf(5), Slurm 22.05).
ClusterName=fairvectest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/munge.sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=fairvectest Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

for _ in $(seq 50); do [ -S "$T/munge/munge.sock" ] && break; sleep 0.1; done
[ -S "$T/munge/munge.sock" ] || fail "munged did not start"
slurmctld -D -c -f "$SLURM_CONF" >"$T/log/slurmctld.stdout" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$T/log/slurmd.stdout" 2>&1 &
pids+=($!)
state=""
for _ in $(seq 120); do
  state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || fail "the node did not come up idle (state '$state')"
echo "slurm: single-node Slurm up ($(sinfo --version), node: $node)"

# --- The search: 4 shards in a job array, then the merge job --------------------------------
# Depth 3 over four chunks of 2^20 rolls, from a start whose first 2^20 rolls hold no depth-3 hit
# (found by scanning this seed's hits for a gap that long): shard 0 stores "found": null, the lowest
# hit is shard 1's, and shards 2 and 3 hold higher hits of their own (about 4 per chunk), so the
# merge must take the lowest of several and count only the chunks below it.
seed=b1aafe4272e15eb82a3280c4a21249ad4946ca640fb7080ed1abb11fa5b35e7e
args=(hmac-dice-skip --seed "$seed" --client slurm-1 --client slurm-2 --depth 3 --from 13824566 --count 4194304)
R=$T/results
ids=$(bash "$ROOT/docs/slurm/submit.sh" -n 4 -d "$R/run" -f "$FAIRVEC" -- "${args[@]}") || fail "submit.sh"
array=$(echo "$ids" | sed -n 1p) merge=$(echo "$ids" | sed -n 2p)
echo "slurm: submitted array job $array (4 tasks) and merge job $merge (afterok:$array)"
job_state() { scontrol show job "$1" 2>/dev/null | grep -oE 'JobState=[A-Z_]+' | head -n 1 | cut -d= -f2; }
for _ in $(seq 600); do
  s=$(job_state "$merge")
  case "$s" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
[ "$s" = COMPLETED ] || fail "merge job $merge ended $s"
for i in 0 1 2 3; do
  t=$(job_state "${array}_$i")
  [ "$t" = COMPLETED ] || fail "array task ${array}_$i ended $t"
done
# afterok on the array's job id waits for every task: the merge started after the last one ended.
job_time() { scontrol show job "$1" 2>/dev/null | grep -oE "$2=[0-9T:-]+" | head -n 1 | cut -d= -f2; }
merge_start=$(job_time "$merge" StartTime)
for i in 0 1 2 3; do
  end=$(job_time "${array}_$i" EndTime)
  [[ -n "$end" && ! "$merge_start" < "$end" ]] || fail "merge started $merge_start, before task $i ended ($end)"
done
echo "slurm: all 4 array tasks and the merge job COMPLETED; the merge started ($merge_start) after the last task ended"

"$FAIRVEC" search "${args[@]}" --threads 2 --progress none --store "$R/single.json" >"$R/single.out" 2>&1 || fail "one-process search: $(cat "$R/single.out")"
cmp "$R/run/merged.json" "$R/single.json" || fail "merged result differs from the one-process result"
echo "slurm: merged.json equals the one-process stored result byte for byte ($(wc -c <"$R/single.json") bytes, found $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["found"])' "$R/single.json"))"
founds=$(python3 -c 'import json, sys; print(" ".join(str(json.load(open(f))["found"]) for f in sys.argv[1:]))' "$R"/run/shard-{0,1,2,3}-of-4.json)
echo "slurm: the shards' found: $founds"
python3 - "$R/single.json" "$R"/run/shard-{0,1,2,3}-of-4.json <<'PY' || fail "the shards do not exercise the merge (shard 0 must hold no hit, two or more shards one)"
import json, sys
single, shards = json.load(open(sys.argv[1])), [json.load(open(f)) for f in sys.argv[2:]]
hits = [s["found"] for s in shards if s["found"] is not None]
sys.exit(0 if shards[0]["found"] is None and len(hits) >= 2 and single["found"] == min(hits) else 1)
PY

# --- hexwin-skip through the same scripts: SHA-512 window search, seeds as text with a space ----
# Depth 3 over four chunks from nonce 0: the merged result must equal the one-process one, and
# the text seeds must reach every task unchanged (search.args holds one argument a line).
hx=(hexwin-skip --convention primedice --seed "slurm server seed" --client "slurm client" --depth 3 --from 0 --count 4194304)
ids=$(bash "$ROOT/docs/slurm/submit.sh" -n 4 -d "$R/hexwin" -f "$FAIRVEC" -- "${hx[@]}") || fail "submit.sh (hexwin)"
hmerge=$(echo "$ids" | sed -n 2p)
for _ in $(seq 600); do
  s=$(job_state "$hmerge")
  case "$s" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
[ "$s" = COMPLETED ] || fail "hexwin merge job $hmerge ended $s"
"$FAIRVEC" search "${hx[@]}" --threads 2 --progress none --store "$R/hexwin-single.json" >"$R/hexwin-single.out" 2>&1 || fail "one-process hexwin search: $(cat "$R/hexwin-single.out")"
cmp "$R/hexwin/merged.json" "$R/hexwin-single.json" || fail "hexwin merged result differs from the one-process result"
python3 - "$R/hexwin-single.json" <<'PY' || fail "the hexwin stored result lost its text seeds or its hit"
import json, sys
r = json.load(open(sys.argv[1]))
s = r["search"]
ok = s["seed"] == "slurm server seed" and s["client"] == "slurm client" and r["found"] is not None
ok = ok and "--seed 'slurm server seed' --client 'slurm client'" in r["command"]
sys.exit(0 if ok else 1)
PY
echo "slurm: hexwin-skip: merged.json equals the one-process stored result (found $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["found"])' "$R/hexwin-single.json"))"

# --- merge refuses a missing or a duplicated shard ----------------------------------------------
shards=("$R/run/shard-0-of-4.json" "$R/run/shard-1-of-4.json" "$R/run/shard-2-of-4.json" "$R/run/shard-3-of-4.json")
"$FAIRVEC" search merge "${shards[0]}" "${shards[1]}" "${shards[3]}" >"$R/missing.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "shard 2/4" "$R/missing.out" || fail "merge without shard 2 gave exit $rc: $(cat "$R/missing.out")"
"$FAIRVEC" search merge "${shards[@]}" "${shards[1]}" >"$R/duplicate.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "shard-1-of-4.json" "$R/duplicate.out" || fail "merge with shard 1 twice gave exit $rc: $(cat "$R/duplicate.out")"
echo "slurm: merge without shard 2/4: exit 2; with shard 1/4 twice: exit 2"
echo "slurm: PASS"
