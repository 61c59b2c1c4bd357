#!/usr/bin/env bash
# Every verb on the largest levels the format allows (256x256 of each kind, full and empty, the
# largest spawn counts and values, match3 with colours 2 and min_match 2): each run must end within
# its time limit, under a memory limit (ulimit -v), with the exit status it should have; playouts
# stopped by their time budget must say so. Prints a table of wall time, CPU time and peak memory
# per run. The limits are CPU seconds (user + system, all threads; enforced by ulimit -t), so that
# the test passes beside other work (ctest -j2 next to a build); a run that sleeps instead of
# working is still stopped by a wall-clock guard of ten times its limit.
# Usage: largest_levels.sh TILELAB [TIME_SCALE]   (TIME_SCALE multiplies every time limit; default 1)
set -euo pipefail
# Debian's python3 (scripts/setup.sh installs its modules there): a python3 earlier on PATH can be a
# version manager's shim, many times slower to start (docs/testing.md "Where the time goes").
python3() { if [[ -x /usr/bin/python3 ]]; then /usr/bin/python3 "$@"; else command python3 "$@"; fi; }
cli=$(realpath "$1")  # the script works in a temporary folder
scale=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/make_cases.py" "$work/cases"
cd "$work/cases"
mem_kb=3000000   # 3 GB of address space for each run
failures=0
printf '%-14s %-18s %5s %8s %8s %9s  %s\n' verb case exit wall cpu "peak MB" note

# run VERB CASE LIMIT_S EXPECTED_EXITS CHECK -- ARGS...: one run, measured; CHECK is a jq filter the
# JSON output must satisfy ("" for none), or "object": the output is one JSON object (read by Python's
# json, faster than jq on the analyses of the full 256x256 boards, hundreds of MB).
run() {
    local verb=$1 case=$2 limit=$3 expect=$4 check=$5
    shift 6
    local limit_s
    limit_s=$(awk -v l="$limit" -v s="$scale" 'BEGIN { printf "%d", l * s }')
    local status=0
    # CPU time: SIGXCPU (exit 152) 5 CPU seconds past the limit (the soft ulimit -t), SIGKILL 5 more
    # seconds later (the hard one; with both equal the kernel sends SIGKILL alone).
    ( ulimit -v "$mem_kb"; ulimit -S -t $((limit_s + 5)); ulimit -H -t $((limit_s + 10))
      exec /usr/bin/time -f '%e %U %S %M' -o "$work/time" timeout -s KILL $((limit_s * 10 + 5)) "$cli" "$@" \
        >"$work/stdout" 2>"$work/stderr" ) || status=$?
    local seconds user sys kb cpu note=""
    read -r seconds user sys kb <"$work/time" 2>/dev/null || { seconds=?; user=0; sys=0; kb=0; }
    [[ $seconds == Command* ]] && read -r seconds user sys kb < <(tail -1 "$work/time")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [[ " $expect " != *" $status "* ]]; then
        note="FAIL: exit $status, expected one of: $expect ($(head -c 200 "$work/stderr"))"
        [[ $status == 152 ]] && note="$note (CPU limit)"
        [[ $status == 137 ]] && note="$note (killed: the hard CPU limit, or the wall guard)"
    elif awk -v t="$cpu" -v l="$limit_s" 'BEGIN { exit !(t > l) }'; then
        note="FAIL: took ${cpu} CPU seconds, limit ${limit_s}s"
    elif [[ $check == object ]] && ! python3 -c 'import json, sys; sys.exit(not isinstance(json.load(open(sys.argv[1])), dict))' "$work/stdout"; then
        note="FAIL: output is not a JSON object"
    elif [[ -n $check && $check != object ]] && ! jq -e "$check" "$work/stdout" >/dev/null 2>&1; then
        note="FAIL: output does not satisfy $check"
    fi
    [[ -z $note && -n ${NOTE:-} ]] && note=$NOTE
    printf '%-14s %-18s %5s %8s %8s %9s  %s\n' "$verb" "$case" "$status" "$seconds" "$cpu" "$((kb / 1024))" "$note"
    [[ $note != FAIL* ]] || failures=$((failures + 1))
}

cases=(match3-full match3-checker match3-random match3-empty match3v2-random match3v2-items link-full link-empty
       lines-full lines-empty slide-full slide-spawn-max slide-spawn-full slide-empty)
for c in "${cases[@]}"; do run validate "$c" 20 0 "" -- validate "$c.json"; done
for c in "${cases[@]}"; do run analyze "$c" 60 0 object -- analyze "$c.json" --json --budget-ms 1000; done

# One move each: the match3 cascade of two colours runs to its step cap; its events are capped.
NOTE="events capped" run apply match3-checker 30 0 \
    '(.events | length) <= 10001 and (.events | map(select(.type == "summary")) | length) == 1' -- \
    apply match3-checker.json 0,0:1,0 --json
run apply match3-full 30 "0 1" "" -- apply match3-full.json 0,0:1,0 --json
run apply match3v2-items 30 "0 1" "" -- apply match3v2-items.json 0,0:1,0 --json
run apply link-full 30 "0 1" "" -- apply link-full.json 0,0:1,0 --json
run apply lines-full 30 0 "" -- apply lines-full.json row:0:left col:255:down --json
run apply slide-spawn-full 30 "0 1" "" -- apply slide-spawn-full.json up left --json
run apply slide-empty 30 0 "" -- apply slide-empty.json up left --json

# Playouts: 1,000 asked with a 0.25 s budget; either every run finished or the output says it stopped.
finished_or_stopped='(.runs == 1000 and (has("stopped") | not)) or (.stopped == "time_budget" and .runs_asked == 1000 and .runs < 1000)'
for c in match3-full match3-checker match3-random match3-empty match3v2-random match3v2-items slide-full slide-spawn-max \
    slide-spawn-full slide-empty; do
    run estimate "$c" 30 0 "$finished_or_stopped" -- estimate "$c.json" --runs 1000 --threads 2 --playout-budget-ms 250 --json
done

# The whole pack of them: 0.15 s of playouts and 0.15 s of solver per level.
run "pack check" all-12 240 "0 1" '.levels | length == 12' -- pack check pack.json --json --threads 2 --runs 1000 \
    --playout-budget-ms 150 --budget-ms 150

for k in match3 link lines slide; do
    run generate "$k-256" 60 "0 1" "" -- generate --kind "$k" --width 256 --height 256 --seed 3
done

if ((failures)); then
    echo "$failures run(s) failed"
    exit 1
fi
echo "ok: every verb ended within its limit on the largest levels"
