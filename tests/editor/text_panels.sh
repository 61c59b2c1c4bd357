#!/usr/bin/env bash
# End to end (issue 12, item 10): text is never cut off and the side panels are resizable and
# remembered. Dragging the Inspector's edge narrows it, no further than its minimum (200 px); the
# verdict badge and every problem row then wrap inside it (taller, never past its right edge). A
# window shrunk to 560x360 draws the panels narrower, and restored, draws them as dragged again:
# the settings keep the dragged width. The next start lays the Inspector out at the same place.
# Ends in a usable editor: a painted cell is saved.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$TILELAB_SOURCE_DIR/tests/data/problems/match3-jelly-blocked.json" "$work/level.json"
rect() { grep "^item $1 " "$work/out" | tail -1 | cut -d' ' -f3-; }
inside() {  # the badge and every problem row end inside the Inspector
    local right
    right=$(rect inspector | awk '{print $3}')
    [[ -n $right ]] || return 1
    grep -E '^item (badge|problem-[0-9]+) ' "$work/out" | awk -v r="$right" '$5 > r {bad = 1} END {exit bad}'
}

start_editor "$work/out" "$work/level.json" --overlays grid
wait_for 60 grep -q '^analysis ready' "$work/out"
wait_for 20 grep -q '^problem: warning: unreachable jelly' "$work/out" || fail "no problem listed"
wait_for 10 inside || fail "text runs past the Inspector at the default width"
read -r ix0 _ ix1 _ < <(rect inspector)
read -r _ py0 _ py1 < <(rect problem-0)
row_height=$((py1 - py0))

# Narrow the Inspector by dragging its edge 220 px to the right: it stops at 200 px.
read -r sx sy < <(item_centre split-right)
xdo mousemove --window "$EDITOR_WID" "$sx" "$sy"; xdo mousedown 1
for step in $(seq 1 11); do xdo mousemove --window "$EDITOR_WID" $((sx + step * 20)) "$sy"; done
xdo mouseup 1
xdotool mousemove --window "$EDITOR_WID" 5 5
wait_for 10 bash -c "[[ \$(grep '^item inspector ' '$work/out' | tail -1 | awk '{print \$3}') -ge $((ix0 + 120)) ]]" ||
    fail "dragging the edge did not narrow the Inspector ($(rect inspector))"
read -r nx0 _ nx1 _ < <(rect inspector)
((nx1 - nx0 == 200)) || fail "the Inspector is $((nx1 - nx0)) px wide after the drag, its minimum is 200"
wait_for 10 inside || fail "text runs past the narrowed Inspector: $(grep -E '^item (inspector|badge|problem-)' "$work/out" | tail -6)"
read -r _ py0 _ py1 < <(rect problem-0)
((py1 - py0 > row_height)) || fail "the problem row did not wrap in the narrow Inspector ($row_height px -> $((py1 - py0)) px)"
shot "$work/narrow.png"
show "$work/narrow.png" text-panels-narrow.png

# A small window draws the panels narrower; restored, they are as dragged again.
xdotool windowsize "$EDITOR_WID" 560 360
wait_for 10 bash -c "[[ \$(grep '^item inspector ' '$work/out' | tail -1 | awk '{print \$5 - \$3}') -lt 200 ]]" ||
    fail "the Inspector did not narrow in a 560x360 window ($(rect inspector))"
xdotool windowsize "$EDITOR_WID" 1100 720
wait_for 10 bash -c "[[ \$(grep '^item inspector ' '$work/out' | tail -1 | awk '{print \$3}') == $nx0 ]]" ||
    fail "after the window came back, the Inspector is at $(rect inspector), it was dragged to x=$nx0"
stop_editor
width=$(jq -e '.right_panel_width' "$XDG_CONFIG_HOME/tilelab/settings.json") || fail "the width is not in the settings"
[[ $width == 200 ]] || fail "the settings keep the Inspector at $width px, it was dragged to 200"

# The next start: the same width.
start_editor "$work/out2" "$work/level.json" --overlays grid
wait_for 20 grep -q '^item inspector ' "$work/out2" || fail "no Inspector"
read -r ax0 _ _ _ < <(grep '^item inspector ' "$work/out2" | tail -1 | cut -d' ' -f3-)
((ax0 == nx0)) || fail "the Inspector starts at x=$ax0, it was left at x=$nx0"

# Usable: paint (0, 5) and save.
cp "$work/out2" "$work/out"
key 2  # the second palette entry: colour 1
click_cell "$work/out2" 0 5
run_actions "$work/out2" save
[[ $(jq -r '.board[5]' "$work/level.json" | cut -d' ' -f1) == 1 ]] || fail "the painted cell is not saved"
stop_editor
echo "ok: Inspector $ix0 -> $nx0, kept through a 560x360 window; a problem row wrapped to $((py1 - py0)) px"
