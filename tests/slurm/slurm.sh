#!/usr/bin/env bash
# A real single-node Slurm on this machine (Debian's slurm-wlm and munge, installed by
# scripts/setup.sh): a generated munge key and slurm.conf in a temporary folder, munged, slurmctld
# and slurmd started here and stopped at the end by their pids. scripts/slurm/pack-check.sh runs the
# demo pack as 4 shards and a merge job; the merged JSON must be the bytes of a plain
# `tilelab pack check --json` with the same options, and the merge's status its exit status. The
# same job submitted again must find every part done and merge the same bytes; a job whose shards
# fail must have its merge job cancelled. Prints both wall times. Exits 77 (ctest: skipped), saying why, where Slurm cannot be started.
# Usage: slurm.sh TILELAB SOURCE_DIR [RUNS]
set -euo pipefail
cli=$(realpath "$1")
src=$(realpath "$2")
runs=${3:-200}
# Every check here runs with a playout budget of an hour: a busy machine must not stop the plain
# run at the default two minutes and not the shards (their bytes would differ).
shards=4
skip() {
    echo "SKIPPED: $*"
    exit 77
}

for tool in munged mungekey slurmctld slurmd sbatch sinfo scontrol; do
    command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin command -v "$tool" >/dev/null ||
        skip "$tool is not installed (scripts/setup.sh installs slurm-wlm and munge)"
done
export PATH=$PATH:/usr/sbin

work=$(mktemp -d /tmp/tilelab-slurm.XXXXXX)
chmod 755 "$work"
pids=()
stop_daemons() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
}
show_logs() {
    local log
    for log in "$work"/*.log; do
        [[ -f $log ]] || continue
        echo "---- $(basename "$log") (last lines)"
        tail -n 15 "$log"
    done
}
cleanup() {
    stop_daemons
    rm -rf "$work"
}
trap cleanup EXIT

user=$(id -un)
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 / 2 }' /proc/meminfo)
# Ports of our own, away from a Slurm the machine may run already.
base=$((20000 + ($$ % 20000)))

# munge: a generated key, its socket and files in the temporary folder.
mkdir -m 755 "$work/munge"
mungekey --create --keyfile="$work/munge/munge.key" >/dev/null 2>&1 ||
    dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$work/munge/munge.key"
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge/munged.seed" >>"$work/munged.log" 2>&1 &
pids+=($!)

mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<EOF
ClusterName=tilelab-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
MinJobAge=600
SlurmdTimeout=60
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf

for _ in $(seq 50); do [[ -S $work/munge/munge.socket ]] && break; sleep 0.1; done
[[ -S $work/munge/munge.socket ]] || { show_logs; skip "munged did not start"; }
slurmctld -D -i >>"$work/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -N "$host" >>"$work/slurmd.log" 2>&1 &
pids+=($!)

# The node must come up idle.
state=""
for _ in $(seq 120); do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    [[ $state == idle ]] && break
    sleep 0.5
done
if [[ $state != idle ]]; then
    show_logs
    skip "the local Slurm did not come up (node state '${state:-none}' after 60 s; the daemons' logs are above)"
fi
echo "slurm: node $host idle ($cpus CPUs, slurm $(slurmctld -V | awk '{print $2}'))"

# The sharded check on Slurm, from the source folder so that the pack path is the same.
out=$work/out
cd "$src"
started=$(date +%s%N)
TILELAB=$cli scripts/slurm/pack-check.sh levels/packs/demo.json "$out" --shards "$shards" -- --runs "$runs" --playout-budget-ms 3600000 | tee "$work/submit.txt"
# wait_for JOB: until the job has ended; sets job_state.
wait_for() {
    job_state=""
    for _ in $(seq 1200); do
        job_state=$(scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' || true)
        case $job_state in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) return ;; esac
        sleep 0.5
    done
}
merge=$(sed -n 's/^merge: job \([0-9]*\).*/\1/p' "$work/submit.txt")
[[ -n $merge ]] || { echo "FAIL: no merge job id printed"; exit 1; }
wait_for "$merge"
slurm_ms=$((($(date +%s%N) - started) / 1000000))
echo "slurm: merge job $merge ended $job_state"
# Each job's times as Slurm saw them (seconds): where the wall time went.
scontrol show job -o 2>/dev/null | sed -n 's/^JobId=\([0-9]*\) .*ArrayTaskId=\([0-9]*\).*JobState=\([A-Z]*\).*SubmitTime=\([^ ]*\).*StartTime=\([^ ]*\) EndTime=\([^ ]*\).*/  task \2: \3, submitted \4, ran \5 to \6/p;s/^JobId=\('"$merge"'\) .*JobState=\([A-Z]*\).*SubmitTime=\([^ ]*\).*StartTime=\([^ ]*\) EndTime=\([^ ]*\).*/  merge: \2, submitted \3, ran \4 to \5/p' || true
if [[ ! -f $out/check.json ]]; then
    show_logs
    for log in "$out"/logs/*; do echo "---- $log"; tail -n 5 "$log"; done
    echo "FAIL: the merge job wrote no check.json"
    exit 1
fi

started=$(date +%s%N)
status=0
"$cli" pack check levels/packs/demo.json --json --runs "$runs" --playout-budget-ms 3600000 --threads 1 >"$work/plain.json" 2>/dev/null || status=$?
plain_ms=$((($(date +%s%N) - started) / 1000000))

failures=0
if cmp "$work/plain.json" "$out/check.json"; then
    echo "the merged JSON is the plain check's, byte for byte ($(wc -c <"$out/check.json") bytes)"
else
    failures=1
fi
[[ $(cat "$out/status") == "$status" ]] || { echo "FAIL: merge status $(cat "$out/status"), plain $status"; failures=1; }
[[ -s $out/report.html ]] || { echo "FAIL: no report.html"; failures=1; }
# The same job submitted again: every shard finds its part and does nothing; the merge is the same.
cp "$out/check.json" "$work/first.json"
TILELAB=$cli scripts/slurm/pack-check.sh levels/packs/demo.json "$out" --shards "$shards" -- --runs "$runs" --playout-budget-ms 3600000 >"$work/submit2.txt"
wait_for "$(sed -n 's/^merge: job \([0-9]*\).*/\1/p' "$work/submit2.txt")"
done_again=$(cat "$out"/logs/shard-*.out | grep -c "nothing to do" || true)
if [[ $job_state == COMPLETED && $done_again == "$shards" ]] && cmp -s "$work/first.json" "$out/check.json"; then
    echo "resubmitted: the $shards shards had nothing to do, the merge gave the same bytes"
else
    echo "FAIL: resubmitted job: merge $job_state, $done_again shards said nothing to do"
    failures=1
fi
# A job whose shards fail (a malformed option): the merge job is cancelled, not left waiting.
TILELAB=$cli scripts/slurm/pack-check.sh levels/packs/demo.json "$work/bad" --shards 2 -- --runs 0 >"$work/submit3.txt"
wait_for "$(sed -n 's/^merge: job \([0-9]*\).*/\1/p' "$work/submit3.txt")"
if [[ $job_state == CANCELLED && ! -e $work/bad/check.json ]]; then
    echo "failed shards: the merge job was cancelled ($job_state)"
else
    echo "FAIL: failed shards: merge job $job_state"
    failures=1
fi
printf 'wall time, demo pack, --runs %s: plain run (1 thread) %d.%03d s; %d shards on the local Slurm (1 CPU a task), submit to merged %d.%03d s\n' \
    "$runs" $((plain_ms / 1000)) $((plain_ms % 1000)) "$shards" $((slurm_ms / 1000)) $((slurm_ms % 1000))
exit "$failures"
