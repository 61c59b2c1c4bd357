#!/usr/bin/env bash
# End to end (issue 12, item 11): copy, cut, paste and move of a selection, each checked against the
# saved file, each one undo step; the clipboard holds a valid level file; paste between two match3
# levels works, and pasting text, another kind's cells or a colour the level lacks says why and
# changes nothing. Usage: clipboard.sh MATCH3-4COLOURS.json MATCH3-6COLOURS.json LINK.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
cp "$2" "$work/other.json"
cp "$3" "$work/link.json"
out=$work/out
rows() { jq -r '.board | join(" / ")' "$1"; }
expect_rows() {  # expect_rows FILE WANT WHAT
    run_actions "$out" save
    [[ $(rows "$1") == "$2" ]] || fail "$3: saved $(rows "$1"), expected $2"
    echo "ok: $3"
}
hover() { local px py; read -r px py < <(cell_px "$out" "$1" "$2"); pointer_to "$px" "$py"; wait_frames 2; }
status_seen() { wait_for 10 grep -qF "status: $1" "$out" || fail "no status '$1': $(grep '^status' "$out" | tail -3)"; }
# open_file NAME: Ctrl+O, the name typed, Enter (an open file's tab comes to the front).
open_file() {
    local before
    before=$(grep -c '^modal: none' "$out" || true)
    key ctrl+o
    wait_for 10 grep -q '^browser: typing in the name field' "$out" || fail "no Open dialog"
    key ctrl+a
    xdotool type --delay 60 "$1"
    key Return
    wait_for 10 bash -c "(( \$(grep -c '^modal: none' '$out') > $before ))" || fail "the Open dialog did not close"
    wait_frames 3  # the tab comes to the front and the layout settles
}

start_editor "$out" "$work/level.json" --overlays none
original="0 1 2 3 / 1 2 3 0 / ? ? ? ?"

# Copy the 2x2 top-left block, paste it with the mouse over (2, 1).
run_actions "$out" key:s drag:0,0:1,1
key ctrl+c
status_seen "copied 2x2 cells to the clipboard"
if python3 -c 'import tkinter' 2>/dev/null; then
    python3 -c 'import tkinter; r = tkinter.Tk(); r.withdraw(); print(r.clipboard_get(), end="")' >"$work/clip.json" ||
        fail "cannot read the X clipboard"
    "$TILELAB_CLI" validate "$work/clip.json" || fail "the clipboard does not hold a valid level: $(head -c 300 "$work/clip.json")"
    [[ $(rows "$work/clip.json") == "0 1 / 1 2" ]] || fail "the clipboard holds $(rows "$work/clip.json")"
    echo "ok: the system clipboard holds a valid 2x2 level"
else
    echo "note: python3-tk is missing; the X clipboard's text is not read back"
fi
hover 2 1
key ctrl+v
status_seen "pasted at (2, 1)"
expect_rows "$work/level.json" "0 1 2 3 / 1 2 0 1 / ? ? 1 2" "paste at the mouse"
run_actions "$out" key:ctrl+z
expect_rows "$work/level.json" "$original" "one undo takes the paste back"

# Cut the pasted rectangle's place (the selection is the pasted cells): emptied; one undo.
key ctrl+x
status_seen "cut 2x2 cells to the clipboard"
expect_rows "$work/level.json" "0 1 2 3 / 1 2 . . / ? ? . ." "cut"
run_actions "$out" key:ctrl+z
expect_rows "$work/level.json" "$original" "one undo takes the cut back"

# Move: select (0, 0)-(1, 0), drag it from (0, 0) to (2, 1).
run_actions "$out" drag:0,0:1,0 drag:0,0:2,1
status_seen "moved the selection by (2, 1)"
expect_rows "$work/level.json" ". . 2 3 / 1 2 0 1 / ? ? ? ?" "move by drag"
run_actions "$out" key:ctrl+z
expect_rows "$work/level.json" "$original" "one undo takes the move back"

# Text on the clipboard (copied from the name field): the paste says so and changes nothing.
read -r nx ny < <(item_centre name)
xdo mousemove --window "$EDITOR_WID" "$nx" "$ny"; xdo click 1
key ctrl+a ctrl+c Return
hover 0 0
key ctrl+v
status_seen "paste: the clipboard holds no tilelab cells"
expect_rows "$work/level.json" "$original" "pasting text changes nothing"

# Between two match3 levels: copy (0, 0)-(1, 1) here, paste into other.json at (3, 1).
run_actions "$out" key:s drag:0,0:1,1
key ctrl+c
open_file other.json
hover 3 1
key ctrl+v
status_seen "pasted at (3, 1)"
expect_rows "$work/other.json" "0 1 2 3 4 / 1 2 3 0 1 / ? ? ? 1 2" "paste into another match3 level"

# A colour this level has (5 of 6) copied into the 4-colour level: refused.
run_actions "$out" key:b key:6 click:0,2 key:s drag:0,2:0,2
key ctrl+c
open_file level.json
hover 0 0
key ctrl+v
status_seen "paste: the clipboard holds colour 5; this level has 4 colours (0..3)"
expect_rows "$work/level.json" "$original" "a colour the level lacks is refused"

# Into a link level: another kind, refused.
open_file link.json
hover 0 0
key ctrl+v
status_seen "paste: the clipboard holds match3 cells; this level is link"
expect_rows "$work/link.json" ". . . . / . . . . / . . . ." "another kind is refused"
stop_editor
echo ok
