#!/usr/bin/env bash
# End to end: paint cells with real mouse and keyboard input (xdotool), undo and redo, save, and
# compare the saved file with the expected JSON byte for byte.
# Usage: edit_save.sh START.json EXPECTED.json ACTION...   (actions: see run_actions in lib.sh)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

start=$1 expected=$2; shift 2
cp "$start" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
run_actions "$work/out" "$@" save
if ! diff -u "$expected" "$work/level.json"; then
    echo "FAIL: the saved file differs from $expected" >&2
    cat "$work/out" >&2
    exit 1
fi
# Saving kept the previous file as the one backup.
cmp -s "$start" "$work/level.json.bak" || fail "no backup of the previous file"
stop_editor
echo ok
