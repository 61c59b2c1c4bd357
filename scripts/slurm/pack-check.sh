#!/usr/bin/env bash
# A sharded `tilelab pack check` as a Slurm array job, and its merge.
#
# Usage: scripts/slurm/pack-check.sh PACK OUTDIR [--shards N] [-- CHECK OPTIONS]
#   e.g. scripts/slurm/pack-check.sh levels/packs/demo.json out --shards 4 -- --runs 1000 --bot greedy
#
# Submits (from the current folder, which every job runs in, so PACK is read by the same path):
#   1. an array job `sbatch --array=0-(N-1)`: task K runs
#        tilelab pack check PACK --shard K/N -o OUTDIR/part-K.json --threads $SLURM_CPUS_PER_TASK OPTIONS
#   2. a merge job `sbatch --dependency=afterok:ARRAY` that runs
#        tilelab pack merge OUTDIR/part-0.json ... -o OUTDIR/check.json --report OUTDIR/report.html
#      OUTDIR/check.json is then exactly what `tilelab pack check PACK --json OPTIONS` prints, and
#      OUTDIR/status its exit status (0 ok, 1 the check failed: the merge job then ends FAILED).
# and prints the two job ids. Logs go to OUTDIR/logs/. When a task fails, the merge job is cancelled
# (--kill-on-invalid-dep); running the script again after a failure (a node lost, a task out of
# time) resubmits everything: the shards whose part is already there do nothing.
# N defaults to 8. `tilelab` is $TILELAB, else `tilelab` on PATH, else build/bin/tilelab beside this
# script's repository.
#
# The settings users change are the #SBATCH lines below (they apply to both jobs; sbatch reads them
# from this file), or the same options in the environment (SBATCH_PARTITION, SBATCH_TIMELIMIT, ...;
# see `man sbatch`), which win over the lines:
#   --partition        where the jobs run (line disabled by default: the cluster's default partition)
#   --time             the limit of one task: a shard does about 1/N of the work; see docs/scale.md
#                      to size it from the playouts per core-second of each kind and bot
#   --cpus-per-task    cores per task; they become the shard's --threads (the figures never depend on it)
#   --mem-per-cpu      memory (a check needs little: tens of MB plus the largest level's search)
#
#SBATCH --job-name=tilelab-pack-check
#SBATCH --time=01:00:00
#SBATCH --cpus-per-task=1
#SBATCH --mem-per-cpu=512M
##SBATCH --partition=batch
set -euo pipefail

usage() {
    sed -n '3,4p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# ---- Inside a job: one shard, or the merge ----------------------------------------------------------
if [[ ${1:-} == --run-shard ]]; then
    shift
    tilelab=$1 pack=$2 outdir=$3 n=$4
    shift 5  # the "--" before the check options
    k=${SLURM_ARRAY_TASK_ID:?this is run by sbatch --array}
    exec "$tilelab" pack check "$pack" --shard "$k/$n" -o "$outdir/part-$k.json" \
        --threads "${SLURM_CPUS_PER_TASK:-1}" "$@"
fi
if [[ ${1:-} == --run-merge ]]; then
    shift
    tilelab=$1 outdir=$2 n=$3
    parts=()
    for ((k = 0; k < n; k++)); do parts+=("$outdir/part-$k.json"); done
    status=0
    "$tilelab" pack merge "${parts[@]}" -o "$outdir/check.json" --report "$outdir/report.html" || status=$?
    echo "$status" >"$outdir/status"
    exit "$status"
fi

# ---- Submission ----------------------------------------------------------------------------------
[[ $# -ge 2 ]] || usage
pack=$1 outdir=$2
shift 2
shards=8
while [[ $# -gt 0 ]]; do
    case $1 in
    --shards) [[ $# -ge 2 ]] || usage; shards=$2; shift 2 ;;
    --shards=*) shards=${1#--shards=}; shift ;;
    --) shift; break ;;
    *) echo "pack-check.sh: unknown option '$1' (check options go after --)" >&2; usage ;;
    esac
done
if ! [[ $shards =~ ^[1-9][0-9]*$ ]] || ((shards > 100000)); then
    echo "pack-check.sh: --shards takes a number from 1 to 100000, not '$shards'" >&2
    exit 2
fi
[[ -f $pack ]] || { echo "pack-check.sh: $pack: no such file" >&2; exit 1; }
command -v sbatch >/dev/null || { echo "pack-check.sh: sbatch not found (Slurm's client commands)" >&2; exit 1; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tilelab=${TILELAB:-$(command -v tilelab || echo "$here/../../build/bin/tilelab")}
[[ -x $tilelab ]] || { echo "pack-check.sh: no tilelab at '$tilelab' (set TILELAB)" >&2; exit 1; }
tilelab=$(realpath "$tilelab")
mkdir -p "$outdir/logs"
outdir=$(realpath "$outdir")
script=$(realpath "${BASH_SOURCE[0]}")

array=$(sbatch --parsable --array="0-$((shards - 1))" --output="$outdir/logs/shard-%a.out" \
    "$script" --run-shard "$tilelab" "$pack" "$outdir" "$shards" -- "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --job-name=tilelab-pack-merge --cpus-per-task=1 \
    --output="$outdir/logs/merge.out" "$script" --run-merge "$tilelab" "$outdir" "$shards")
merge=${merge%%;*}
echo "shards: job $array (array 0-$((shards - 1)), parts in $outdir)"
echo "merge: job $merge (after the shards succeed: $outdir/check.json, $outdir/report.html, $outdir/status)"
