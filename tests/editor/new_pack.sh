#!/usr/bin/env bash
# End to end (found in the designer pass: packs could be opened but not made): File > New pack...
# asks for a name in the file browser, writes an empty pack at once and shows its panel; "Add
# current" lists the open level, Save pack writes it, and `tilelab validate` and `pack check` read
# it; the next start reopens the pack with the session. Creating over an existing file is refused
# and leaves that file as it was.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

samples=$TILELAB_SOURCE_DIR/levels/samples
cp "$samples/link/01-pairs.json" "$work/pairs.json"
echo '{"not": "a pack"}' >"$work/taken.json"
cd "$work"

new_pack() {
    local typing
    typing=$(grep -c '^browser: typing in the name field' "$work/out" || true)
    click_item menu-file
    wait_for 10 grep -q '^item menu-new-pack ' "$work/out" || fail "no New pack... in the File menu"
    wait_frames 3
    click_item menu-new-pack
    wait_for 10 bash -c "[[ \$(grep -c '^browser: typing in the name field' '$work/out') -gt $typing ]]" ||
        fail "the New pack name field has no focus"
    key ctrl+a
    xdotool type --delay 80 "$1"
    key Return
}

start_editor "$work/out" "$work/pairs.json" --overlays none
new_pack taken
wait_for 10 grep -q "^status: new pack: $work/taken.json exists" "$work/out" || fail "an existing file was not refused"
[[ $(cat "$work/taken.json") == '{"not": "a pack"}' ]] || fail "taken.json was changed"

new_pack world1
wait_for 10 grep -q "^status: created pack $work/world1.json" "$work/out" || fail "no pack created"
jq -e '.format == "tilelab.pack" and .name == "world1" and .levels == []' "$work/world1.json" >/dev/null ||
    fail "the new pack: $(cat "$work/world1.json")"
wait_for 10 grep -q '^item pack-add ' "$work/out" || fail "the Pack panel is not shown"
wait_frames 3
click_item pack-add
wait_for 10 grep -q '^status: added pairs.json' "$work/out" || fail "Add current did not add pairs.json"
click_item pack-save
wait_for 10 grep -q "^status: saved pack $work/world1.json" "$work/out" || fail "Save pack did not save"
stop_editor
jq -e '.levels == ["pairs.json"]' "$work/world1.json" >/dev/null || fail "saved pack: $(cat "$work/world1.json")"
# The next start (no arguments) brings back the session: the level and the pack.
start_editor "$work/out" --overlays none
wait_for 10 grep -q "^opened pack $work/world1.json with 1 levels" "$work/out" || fail "the pack did not come back with the session"
grep -q "^opened $work/pairs.json" "$work/out" || fail "the level did not come back with the session"
stop_editor
"$TILELAB_CLI" validate "$work/world1.json" || fail "the pack does not validate"
"$TILELAB_CLI" pack check "$work/world1.json" >/dev/null || fail "pack check failed on the new pack"
echo ok
