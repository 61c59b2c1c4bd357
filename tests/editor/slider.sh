#!/usr/bin/env bash
# End to end: dragging a slider (match3's colours in the Properties panel) through several values is
# one undo step: one Ctrl+Z gives back the value before the drag, one Ctrl+Y the value after it.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$here/data/match3-start.json" "$work/level.json"
colors() { jq '.rules.colors' "$work/level.json"; }
before=$(colors)

start_editor "$work/out" "$work/level.json" --overlays none
wait_for 10 grep -q '^item colors ' "$work/out"
wait_frames 3  # the panels settle
read -r x0 y0 x1 y1 < <(grep '^item colors ' "$work/out" | tail -1 | awk '{print $3, $4, $5, $6}')
# Press on the slider's grab for the current value, then move right in small steps with the button
# held: the value climbs through several colours before the release.
grab_x=$(awk -v a="$x0" -v b="$x1" -v v="$before" 'BEGIN{printf "%d", a + 6 + (b - a - 12) * (v - 2) / 14}')
mid_y=$(((y0 + y1) / 2))
xdo mousemove --window "$EDITOR_WID" "$grab_x" "$mid_y"; xdo mousedown 1
for step in 1 2 3 4 5 6; do
    xdo mousemove --window "$EDITOR_WID" $((grab_x + step * (x1 - x0) / 20)) "$mid_y"
done
xdo mouseup 1
run_actions "$work/out" save
after=$(colors)
((after >= before + 3)) || fail "the drag took colours from $before to $after only"

run_actions "$work/out" key:ctrl+z save
[[ $(colors) == "$before" ]] || fail "one undo after the drag gives colours $(colors), expected $before"
run_actions "$work/out" key:ctrl+y save
[[ $(colors) == "$after" ]] || fail "redo gives colours $(colors), expected $after"
stop_editor
echo "ok: one drag $before -> $after, undone and redone in one step"
