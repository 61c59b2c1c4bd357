#!/usr/bin/env bash
# End to end (issue 37 item 6, Tiled's habits): a selection flipped with X and Y and turned with Z,
# each one undo step, checked in the saved file; symmetry painting (Mirror x, y) paints the
# mirrored cells in the same stroke; Ctrl+D duplicates the level into a new unsaved tab with a new
# id; the Layers list locks the board against painting and hides jelly; a stamp made from a
# selection is painted by the Stamp tool and kept in the settings. Usage: transform.sh MATCH3-4COLOURS.json (4x3: "0 1 2 3 / 1 2 3 0 / ? ? ? ?")
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
out=$work/out
rows() { jq -r '.board | join(" / ")' "$work/level.json"; }
expect_rows() {  # expect_rows WANT WHAT
    run_actions "$out" save
    [[ $(rows) == "$1" ]] || fail "$2: saved $(rows), expected $1"
    echo "ok: $2"
}
start_editor "$out" "$work/level.json" --overlays none

# Select the top row and flip it (X), then undo; flip the top two rows upside down (Y).
run_actions "$out" key:s drag:0,0:3,0
key x
wait_for 10 grep -qF 'status: Flip horizontally: 4x1 cells' "$out" || fail "X did not flip the selection"
expect_rows "3 2 1 0 / 1 2 3 0 / ? ? ? ?" "X flips the selected row"
key ctrl+z
expect_rows "0 1 2 3 / 1 2 3 0 / ? ? ? ?" "one undo step puts it back"
key Escape  # select none: a drag inside a selection moves its cells
run_actions "$out" drag:0,0:3,1
key y
expect_rows "1 2 3 0 / 0 1 2 3 / ? ? ? ?" "Y flips the selected rows upside down"
# Turn the top-left 2x2 clockwise (Z): [1 2 / 0 1] becomes [0 1 / 1 2].
key Escape
run_actions "$out" drag:0,0:1,1
key z
expect_rows "0 1 3 0 / 1 2 2 3 / ? ? ? ?" "Z turns the selection clockwise"
key Escape

# Symmetry painting: Mirror x on, paint colour 4 (palette key 4: the fourth colour, 3) at (0, 2).
click_item mirror-x
run_actions "$out" key:b key:4 click:0,2
expect_rows "0 1 3 0 / 1 2 2 3 / 3 ? ? 3" "the brush paints the cell mirrored across the middle too"
key ctrl+z
expect_rows "0 1 3 0 / 1 2 2 3 / ? ? ? ?" "the mirrored stroke is one undo step"

# Layers: the board locked takes no painting, and says so; unlocked, it paints again.
click_item layer-board-lock
wait_for 10 grep -qF 'status: board locked: no painting on it' "$out" || fail "the board layer did not lock"
run_actions "$out" key:4 click:1,2
wait_for 10 grep -qF 'status: the board layer is locked' "$out" || fail "painting a locked layer said nothing"
expect_rows "0 1 3 0 / 1 2 2 3 / ? ? ? ?" "a locked layer takes no painting"
click_item layer-board-lock
click_item mirror-x  # mirror off again
run_actions "$out" key:b key:4 click:1,2
expect_rows "0 1 3 0 / 1 2 2 3 / ? 3 ? ?" "unlocked, the board paints again"
click_item layer-jelly-show
wait_for 10 grep -qF 'status: jelly hidden' "$out" || fail "the jelly layer did not hide"

# Stamps: the top-left 2x1 made a stamp, painted with its top-left at (2, 2); kept in the settings.
run_actions "$out" key:s drag:0,0:1,0
click_item stamp-add
wait_for 10 grep -qF 'status: stamp 1 made from the selection' "$out" || fail "no stamp made"
key Escape
run_actions "$out" click:2,2
expect_rows "0 1 3 0 / 1 2 2 3 / ? 3 0 1" "the Stamp tool paints the stamp"

# Ctrl+D: a copy in a new tab, a new id, named "... copy", not saved.
id=$(jq -r .id "$work/level.json")
name=$(jq -r .name "$work/level.json")
key ctrl+d
wait_for 10 grep -qF "status: duplicated as \"$name copy\"" "$out" || fail "Ctrl+D did not duplicate the level"
wait_item "tab-$name copy" >/dev/null
# The copy is unsaved on purpose: the editor would ask about it, so it is ended outright.
kill -KILL "$EDITOR_PID"; wait "$EDITOR_PID" 2>/dev/null || true; EDITOR_PID=
jq -e '.stamps | length == 1' "$XDG_CONFIG_HOME/tilelab/settings.json" >/dev/null || fail "the stamp is not kept in the settings"
echo "ok: flips, turn, mirror painting, duplicate"
