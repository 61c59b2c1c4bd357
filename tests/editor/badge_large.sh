#!/usr/bin/env bash
# End to end: the live badge of a 40x40 format 2 match3 level (specials, crates, jelly; games of
# about a second of CPU) gives a figure within its budget (issue 37, item 4): the first tenth of
# the runs does not end in the 2 s budget, so the runs that did end are the figure, fewer and with a
# wider interval, said under the badge; it is `tilelab estimate --runs N --seed 0`'s for those runs.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"
cp "$1" "$work/level.json"

field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }

start_editor "$work/out" "$work/level.json"
# The budget is 2 s of the worker's CPU, at most 10 s on the clock.
wait_for 40 grep -q '^badge: ' "$work/out" || fail "no live pass rate within the budget"
line=$(grep '^badge: ' "$work/out" | head -1)
runs=$(field "$line" runs) rate=$(field "$line" pass_rate)
[[ $line == *"budget=stopped"* ]] || fail "expected the budget to stop the 40x40 playouts: $line"
((runs >= 1 && runs < 1000)) || fail "expected some but not all runs in the budget: $line"
# --curve-cap 0: the pass rate at the level's limit does not depend on the curve played past it,
# which would double the CLI's games here.
cli=$("$TILELAB_CLI" estimate "$work/level.json" --runs "$runs" --seed 0 --threads 2 --curve-cap 0 --json |
      python3 -c 'import json,sys; print("%.6f" % json.load(sys.stdin)["pass_rate"])')
[[ $cli == "$rate" ]] || fail "badge pass rate $rate over $runs runs, tilelab estimate --runs $runs --seed 0 says $cli"
# The text under the badge says why the interval is wide.
wait_for 10 grep -q '^item badge-budget-note ' "$work/out" || fail "no line under the badge saying the runs are fewer and the interval wider"
echo "ok: 40x40 badge: $runs of 1000 runs in the live budget, pass rate $rate (the CLI's)"
