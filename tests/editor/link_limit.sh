#!/usr/bin/env bash
# End to end (found by hand, designer pass on link): a link level whose solution is longer than its
# move limit is "solvable" for the CLI (the whole board can be cleared) but cannot be won. The badge
# says both, "solvable in N moves: over the move limit L", N being `tilelab analyze`'s figure; with
# the limit raised the badge says "solvable" again. A new link level from the dialog has no move
# limit (a full 10x8 board takes 40 moves, the old default 20 made every fill unwinnable); a new
# match3 level keeps 20, lines 20 with the goal "all closed" said (not assumed), slide none; none
# opens with a warning.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

samples=$TILELAB_SOURCE_DIR/levels/samples
jq '.goal = {"moves": 2, "clear": true}' "$samples/link/01-pairs.json" >"$work/short.json"
n=$("$TILELAB_CLI" analyze "$work/short.json" | sed -n 's/^verdict: solvable in \([0-9]*\) move.*/\1/p')
((n > 2)) || fail "01-pairs should need more than 2 moves (analyze: $n)"

start_editor "$work/out" "$work/short.json" --overlays none
wait_for 30 grep -q "^badge shown: solvable in $n moves: over the move limit 2$" "$work/out" ||
    fail "badge: $(grep '^badge shown' "$work/out" | tail -1)"
stop_editor

jq ".goal.moves = $n" "$work/short.json" >"$work/enough.json"
start_editor "$work/out" "$work/enough.json" --overlays none
wait_for 30 grep -q "^badge shown: solvable$" "$work/out" || fail "badge with limit $n: $(grep '^badge shown' "$work/out" | tail -1)"
stop_editor

# New levels: link without a limit, match3 with 20 (Enter creates; Ctrl+Shift+S saves as).
cd "$work"
start_editor "$work/out" --overlays none
new_level() {
    key ctrl+n
    wait_for 10 grep -q '^item new-level-kind ' "$work/out" || fail "no New level dialog"
    wait_frames 3
    click_item new-level-kind
    wait_for 10 grep -q "^item new-level-kind-$1 " "$work/out" || fail "no kind $1 in the list"
    wait_frames 3
    click_item "new-level-kind-$1"
    wait_frames 3
    key Return
    wait_for 10 grep -q "^new level $1 " "$work/out" || fail "no new $1 level"
    local saved
    saved=$(grep -c '^status: saved' "$work/out" || true)
    key ctrl+shift+s
    wait_for 10 grep -q '^browser: typing in the name field' "$work/out" || fail "no Save As name field"
    key ctrl+a
    xdotool type --delay 80 "new-$1"
    key Return
    wait_for 10 bash -c "[[ \$(grep -c '^status: saved' '$work/out') -gt $saved ]]" || fail "new-$1 not saved"
    # The dialog's name field still holds the keys for a frame after it closes (ImGui's
    # WantTextInput): the next Ctrl+N waits for the frames after it.
    wait_frames 3
}
new_level link
new_level match3
new_level lines
new_level slide
stop_editor
for kind in link match3 lines slide; do
    "$TILELAB_CLI" validate "$work/new-$kind.json" >/dev/null || fail "the new $kind level is not valid"
    # A new level opens without warnings (a lines goal without a condition would say "all_closed
    # is assumed"; the new-level dialog sets one).
    warnings=$("$TILELAB_CLI" analyze "$work/new-$kind.json" | grep '^warning' || true)
    [[ -z $warnings ]] || fail "the new $kind level has warnings: $warnings"
done
jq -e '.goal.all_closed == true and .goal.moves == 20' "$work/new-lines.json" >/dev/null || fail "new lines level: goal $(jq -c .goal "$work/new-lines.json")"
jq -e '.goal.moves == null' "$work/new-slide.json" >/dev/null || fail "new slide level: goal $(jq -c .goal "$work/new-slide.json")"
jq -e '.goal.moves == null' "$work/new-link.json" >/dev/null || fail "new link level: goal $(jq -c .goal "$work/new-link.json")"
jq -e '.goal.moves == 20' "$work/new-match3.json" >/dev/null || fail "new match3 level: goal $(jq -c .goal "$work/new-match3.json")"
echo ok
