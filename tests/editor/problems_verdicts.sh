#!/usr/bin/env bash
# End to end (issue 12, item 8): a level at 0% or unsolvable never shows "no problems" when a
# known cause is there. The Problems panel lists every warning `tilelab validate` prints for the
# level (unreachable jelly under a blocker column, a link tile walled in, a ? the generator cannot
# fill naming the run already there), each row wrapped inside the panel. Ends in a usable editor:
# clicking the walled-in tile's problem selects it, Delete erases it, and the saved file shows it.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

data=$TILELAB_SOURCE_DIR/tests/data/problems
inside_inspector() {  # every problem row ends inside the Inspector window
    local right
    right=$(grep '^item inspector ' "$work/out" | tail -1 | awk '{print $5}')
    [[ -n $right ]] || return 1
    grep '^item problem-' "$work/out" | awk -v r="$right" '$5 > r {bad = 1} END {exit bad}'
}

for name in match3-jelly-blocked match3-fill link-walled; do
    cp "$data/$name.json" "$work/$name.json"
    "$TILELAB_CLI" validate "$work/$name.json" 2>"$work/validate.err" >/dev/null || fail "$name does not validate"
    # "FILE: warning: [/board/ROW: ]MESSAGE[ (cell [x, y])]": the panel shows MESSAGE.
    mapfile -t want < <(sed -n 's/^[^:]*: warning: \(\/board\/[0-9]*: \)\?//; T; s/ (cell \[[0-9]*, [0-9]*\])$//; p' "$work/validate.err")
    ((${#want[@]} > 0)) || fail "validate prints no warning for $name"
    start_editor "$work/out" "$work/$name.json" --overlays grid
    wait_for 60 grep -q '^analysis ready' "$work/out"
    wait_for 20 grep -q '^problem: warning: ' "$work/out" || fail "$name: no problem listed"
    ! grep -q '^problems: no problems' "$work/out" || fail "$name: the panel said no problems"
    for message in "${want[@]}"; do
        wait_for 10 grep -qxF "problem: warning: $message" "$work/out" || fail "$name: the panel does not list: $message"
    done
    wait_for 10 inside_inspector || fail "$name: a problem row runs past the Inspector"
    shot "$work/$name.png"; show "$work/$name.png" "problems-$name.png"
    echo "$name: ${#want[@]} warning(s) listed as validate prints them"
    [[ $name == link-walled ]] && break
    stop_editor
done

# Usable: the walled-in tile's problem selects its cell; Delete erases it; save.
index=$(grep '^problem: ' "$work/out" | grep -n 'walled in on all sides' | tail -1 | cut -d: -f1)
[[ -n $index ]] || fail "no walled-in problem"
click_item "problem-$((index - 1))"
read -r cx cy < <(cell_px "$work/out" 4 3)
xdo mousemove --window "$EDITOR_WID" "$cx" "$cy"
run_actions "$work/out" key:Delete save
[[ $(jq -r '.board[1]' "$work/link-walled.json") == "2 # . # 1" ]] || fail "board $(jq -c .board "$work/link-walled.json")"
stop_editor
echo ok
