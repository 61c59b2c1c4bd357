#!/usr/bin/env bash
# End to end (issue 12, item 3): stepping through the solver's solution, the overlays drawn are
# those of the stepped board. At EVERY step the overlay the editor draws (its --trace line
# "overlay WHAT step=N JSON", printed from the very loop that draws it) must equal `tilelab
# analyze --json` on the board `tilelab apply` gives after those steps; screenshots confirm the
# cells (link: the path colour in exactly the path cells, border ring included; lines: closed
# groups outlined). The sequence ends in a usable editor: an edit restarts the step-through, and
# the overlay drawn is the CLI's for the saved file.
# With "solution-off" the editor starts with the solution overlay off: the first step turns it on
# (the step counter once moved over the level as painted).
# Usage: solution_overlays.sh LEVEL.json [solution-off]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
level=$work/level.json
kind=$(jq -r .kind "$level")
case $kind in
    link) what=link-paths; shape='{links: [.links[] | {a, b, path}]}'
          moves_of='.solve.order | map("\(.[0][0]),\(.[0][1]):\(.[1][0]),\(.[1][1])") | .[]' ;;
    lines) what=line-groups; shape='{groups: [.groups[] | {cells, closed}]}'; moves_of='.solve.moves[]' ;;
    *) fail "no solution overlay for $kind" ;;
esac
width=$(jq .width "$level") height=$(jq .height "$level")

"$TILELAB_CLI" analyze "$level" --json >"$work/analysis.json"
mapfile -t moves < <(jq -r "$moves_of" "$work/analysis.json")
total=${#moves[@]}
((total >= 2)) || fail "the core's solution has $total moves"

# expected STEP: the CLI's overlay for the board after the first STEP moves, in $work/expected-STEP.json.
expected() {
    local step=$1
    "$TILELAB_CLI" apply "$level" "${moves[@]:0:step}" --json >"$work/applied.json"
    jq --slurpfile a "$work/applied.json" '.board = $a[0].board' "$level" >"$work/board-$step.json"
    "$TILELAB_CLI" analyze "$work/board-$step.json" --json --budget-ms 1 >"$work/cli-$step.json"
    jq -c "$shape" "$work/cli-$step.json"
}
# drawn STEP: the last overlay the editor drew at that step.
drawn() { grep "^overlay $what step=$1 {" "$work/out" | tail -1 | cut -d' ' -f4-; }
has_drawn() { [[ -n "$(drawn "$1")" ]]; }

overlays=grid,solution,link_paths,line_groups
[[ ${2:-} == solution-off ]] && overlays=grid,link_paths,line_groups
start_editor "$work/out" "$level" --overlays "$overlays"
wait_for 60 grep -qx 'analysis ready' "$work/out"
wait_for 10 grep -q '^item solution-next ' "$work/out" || fail "no step button"
xdo mousemove --window "$EDITOR_WID" 5 5

shots=(0 $((total / 2)) "$total")
for ((step = 0; step <= total; step++)); do
    if ((step > 0)); then
        click_item solution-next
        xdo mousemove --window "$EDITOR_WID" 5 5
    fi
    want=$(expected "$step")
    wait_for 20 has_drawn "$step" || fail "step $step: no $what overlay drawn"
    wait_for 10 bash -c "[[ \"\$(grep '^overlay $what step=$step {' '$work/out' | tail -1 | cut -d' ' -f4-)\" == '$want' ]]" ||
        fail "step $step (${moves[*]:0:step}): the editor drew $(drawn "$step"), tilelab analyze on the applied board gives $want"
    if [[ " ${shots[*]} " == *" $step "* ]]; then
        if [[ $kind == link ]]; then
            check_shot link-paths-exact X0 Y0 CELL "$work/cli-$step.json" "$width" "$height" ||
                fail "step $step: the link paths on screen are not the stepped board's"
        elif jq -e '[.groups[] | select(.closed)] | length > 0' "$work/cli-$step.json" >/dev/null; then
            check_shot overlay X0 Y0 CELL line-groups "$work/cli-$step.json" || fail "step $step: closed groups not drawn"
        fi
    fi
    echo "step $step/$total: $what as the CLI gives"
done

# Usable afterwards: paint a cell (the step-through restarts on the edited level), save, and the
# overlay drawn is the CLI's for the saved file.
key 2
click_cell "$work/out" 0 0
xdo mousemove --window "$EDITOR_WID" 5 5
run_actions "$work/out" save
want=$(expected 0)
wait_for 20 bash -c "[[ \"\$(grep '^overlay $what step=0 {' '$work/out' | tail -1 | cut -d' ' -f4-)\" == '$want' ]]" ||
    fail "after an edit: the editor drew $(drawn 0), the CLI gives $want for the saved file"
stop_editor
echo "ok: $total steps of $kind, every overlay the stepped board's"
