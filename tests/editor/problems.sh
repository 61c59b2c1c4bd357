#!/usr/bin/env bash
# End to end: the Problems panel names an unpaired link tile; clicking the problem selects its cell
# (Delete then erases exactly that cell, and the saved file shows it).
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$here/data/link-unpaired.json" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
wait_for 10 grep -q '^item problem-0 ' "$work/out" || fail "no problem listed"
wait_frames 3
click_item problem-0
# The canvas gets the keys again once the mouse is over it.
read -r cx cy < <(cell_px "$work/out" 0 1)
xdo mousemove --window "$EDITOR_WID" "$cx" "$cy"
run_actions "$work/out" key:Delete save
want='["1 . . 1",". 2 2 .",". . . ."]'
[[ $(jq -c .board "$work/level.json") == "$want" ]] || fail "board $(jq -c .board "$work/level.json"), expected $want"
stop_editor
echo ok
