#!/usr/bin/env bash
# End to end: shortcuts typed as fast as xdotool's "key" sends them (Ctrl pressed, S pressed, Ctrl
# released, S released, all within one frame on a busy machine). The Ctrl release waited for
# nothing, so the frame saw S without Ctrl: the Select tool instead of a save (the next click then
# selected instead of painting). Each edit is saved with a quick Ctrl+S and must be in the file.
# Usage: quick_keys.sh LEVEL.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
start_editor "$work/out" "$work/level.json" --overlays none
before=$(cat "$work/level.json")
for x in 0 1 2 3; do
    key "$((x + 1))"           # palette entry x + 1 (held for a few frames, as lib.sh sends keys)
    click_cell "$work/out" "$x" 2
    xdotool key --window "$EDITOR_WID" ctrl+s    # no hold: Ctrl comes up before S
    wait_for 10 bash -c "jq -r '.board[2]' '$work/level.json' | cut -d' ' -f$((x + 1)) | grep -qx '$x'" ||
        fail "a quick Ctrl+S did not save cell ($x, 2): $(jq -c '.board[2]' "$work/level.json")"
done
# A quick Ctrl+Z undoes the last stroke (and a quick Ctrl+S saves that).
xdotool key --window "$EDITOR_WID" ctrl+z
wait_frames 3
xdotool key --window "$EDITOR_WID" ctrl+s
wait_for 10 bash -c "jq -r '.board[2]' '$work/level.json' | cut -d' ' -f4 | grep -qx '?'" ||
    fail "a quick Ctrl+Z then Ctrl+S did not undo cell (3, 2): $(jq -c '.board[2]' "$work/level.json")"
[[ "$before" != "$(cat "$work/level.json")" ]] || fail "nothing was saved"
stop_editor
echo ok
