#!/usr/bin/env bash
# End to end: open a copy of the demo pack, move its first level down with real clicks on the Pack
# panel's buttons, save the pack, and compare the saved order with the expected one.
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
stop_editor
echo ok
