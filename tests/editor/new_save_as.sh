#!/usr/bin/env bash
# End to end: a new level from the dialog (Ctrl+N, Create), painted, then Save As (Ctrl+Shift+S)
# in the in-app browser: the name typed with the keyboard (repeated letters included) and Enter.
# The file is a valid level with the painted cell, and it joins the recent files. Save as onto
# another existing level asks first (a second Save replaces it, keeping a .bak).
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cd "$work"  # the browser starts in the current folder when there are no recent files
start_editor "$work/out" --overlays none
key ctrl+n
wait_for 10 grep -q '^item new-level-create ' "$work/out" || fail "no New level dialog"
wait_frames 3
click_item new-level-create
wait_for 10 bash -c "grep '^layout' '$work/out' | tail -1 | grep -q ' 8 8$'" || fail "no 8x8 level on the canvas"
wait_frames 3
run_actions "$work/out" key:2 click:0,0  # colour 1

key ctrl+shift+s
wait_for 10 grep -q '^browser: typing in the name field' "$work/out" || fail "the Save As name field has no focus"
key ctrl+a
xdotool type --delay 120 "bookkeeper"
key Return
wait_for 10 grep -q "^status: saved $work/bookkeeper.json" "$work/out" || fail "not saved as bookkeeper.json: $(ls "$work")"
"$TILELAB_CLI" validate "$work/bookkeeper.json" || fail "the saved level is not valid"
[[ $(jq -r '.kind + " " + (.width|tostring) + "x" + (.height|tostring) + " " + (.board[0] | split(" ")[0])' "$work/bookkeeper.json") == "match3 8x8 1" ]] ||
    fail "saved: $(jq -c '{kind, width, height, row0: .board[0]}' "$work/bookkeeper.json")"
# Save as onto another existing level: the first Save says what is there and writes nothing; a
# second Save replaces it, keeping its text as .bak.
cp "$TILELAB_SOURCE_DIR/levels/samples/match3/01-intro.json" "$work/other.json"
run_actions "$work/out" key:3 click:1,0
key ctrl+shift+s
wait_for 10 bash -c "[[ \$(grep -c '^browser: typing in the name field' '$work/out') -ge 2 ]]" || fail "no second Save As"
key ctrl+a
xdotool type --delay 120 "other"
key Return
wait_for 10 grep -q "^browser: replace $work/other.json?" "$work/out" || fail "Save As onto another level did not ask"
cmp -s "$TILELAB_SOURCE_DIR/levels/samples/match3/01-intro.json" "$work/other.json" || fail "the other level was replaced without asking"
key Return
wait_for 10 grep -q "^status: saved $work/other.json" "$work/out" || fail "the second Save did not replace other.json"
cmp -s "$TILELAB_SOURCE_DIR/levels/samples/match3/01-intro.json" "$work/other.json.bak" || fail "no .bak of the replaced level"
stop_editor
jq -e --arg f "$work/bookkeeper.json" '.recent_files | index($f) != null' "$XDG_CONFIG_HOME/tilelab/settings.json" >/dev/null ||
    fail "bookkeeper.json is not among the recent files"
echo ok
