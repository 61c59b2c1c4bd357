#!/usr/bin/env bash
# End to end: open a copy of the demo pack, move its first level down with real clicks on the Pack
# panel's buttons, save the pack, and compare the saved order with the expected one; then drag a
# row onto another and save again.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

# The pack and the levels it points to, keeping their relative paths.
mkdir -p "$work/levels/packs"
cp -r "$TILELAB_SOURCE_DIR/levels/samples" "$work/levels/"
cp "$TILELAB_SOURCE_DIR/levels/packs/demo.json" "$work/levels/packs/"
pack="$work/levels/packs/demo.json"

start_editor "$work/out" "$pack" --overlays none
wait_for 10 grep -q '^item pack-save ' "$work/out"
wait_for 10 grep -q '^analysis ready' "$work/out"  # the layout has settled
click_item pack-down
click_item pack-save
wait_for 10 grep -q '^status: saved pack' "$work/out"

expected=$(jq -c '.levels | [.[1], .[0]] + .[2:]' "$TILELAB_SOURCE_DIR/levels/packs/demo.json")
actual=$(jq -c '.levels' "$pack")
if [[ "$expected" != "$actual" ]]; then
    echo "FAIL: saved levels $actual, expected $expected" >&2
    cat "$work/out" >&2
    exit 1
fi
cmp -s "$TILELAB_SOURCE_DIR/levels/packs/demo.json" "$pack.bak" || fail "no backup of the pack"

# Drag the third row onto the first (as in Tiled's and LDtk's lists), save: it is first.
read -r x0 y0 < <(wait_item pack-row-2)
read -r x1 y1 < <(wait_item pack-row-0)
pointer_to "$x0" "$y0"; wait_frames 2
xdotool mousedown 1; wait_frames 2
for step in 1 2 3 4 5 6; do pointer_to "$x0" $((y0 + (y1 - y0) * step / 6)); wait_frames 2; done
xdotool mouseup 1; wait_frames 3
wait_for 10 grep -q '^status: moved level 3 to place 1' "$work/out" || fail "dragging a row did not move it: $(grep '^status' "$work/out" | tail -2)"
click_item pack-save
wait_for 10 bash -c "[[ \$(grep -c '^status: saved pack' '$work/out') -ge 2 ]]" || fail "the pack was not saved again"
expected=$(jq -c '[.[2], .[0], .[1]] + .[3:]' <<<"$actual")
actual=$(jq -c '.levels' "$pack")
[[ "$expected" == "$actual" ]] || fail "after the drag: saved $actual, expected $expected"
stop_editor
echo ok
