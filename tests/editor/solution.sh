#!/usr/bin/env bash
# End to end: stepping through the solver's solution shows the board after each step. Click the
# step button N times; the screenshot must show, cell by cell, the board `tilelab apply` gives
# after the solution's first N moves.
# Usage: solution.sh LEVEL.json STEPS
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1 steps=$2

# The core's solution and the board after its first STEPS moves, as a level for editor_check.
"$TILELAB_CLI" analyze "$level" --json >"$work/analysis.json"
mapfile -t moves < <(jq -r '.solve.moves // [] | .[]' "$work/analysis.json")
((${#moves[@]} >= steps)) || fail "the core's solution has ${#moves[@]} moves, fewer than $steps"
"$TILELAB_CLI" apply "$level" "${moves[@]:0:steps}" --json >"$work/applied.json"
jq --slurpfile a "$work/applied.json" '.board = $a[0].board' "$level" >"$work/expected.json"

start_editor "$work/out" "$level" --overlays grid,solution
wait_for 60 grep -qx 'analysis ready' "$work/out"
wait_for 10 grep -q '^item solution-next ' "$work/out" || fail "no step button"
wait_frames 3
for ((i = 0; i < steps; i++)); do
    click_item solution-next
done
# The mouse off the board, so no hover outline covers a cell.
xdo mousemove --window "$EDITOR_WID" 5 5
check_shot board "$work/expected.json" X0 Y0 CELL ||
    fail "the board after $steps step(s) (${moves[*]:0:steps}) is not what tilelab apply gives"
stop_editor
echo "ok: after ${moves[*]:0:steps}"
