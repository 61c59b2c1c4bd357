#!/usr/bin/env bash
# End to end: paint cells with real mouse and keyboard input (xdotool), undo and redo, save, and
# compare the saved file with the expected JSON byte for byte.
# Usage: edit_save.sh START.json EXPECTED.json ACTION...   (actions: see run_actions in lib.sh)
set -euo pipefail
[[ -n "${TILELAB_E2E_TRACE:-}" ]] && set -x
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
ensure_display "$@"

start=$1 expected=$2; shift 2
work=$(mktemp -d)
trap 'stop_editor 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config"
cp "$start" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
run_actions "$work/out" "$@" save
if ! diff -u "$expected" "$work/level.json"; then
    echo "FAIL: the saved file differs from $expected" >&2
    cat "$work/out" >&2
    exit 1
fi
# Saving kept the previous file as the one backup.
cmp -s "$start" "$work/level.json.bak" || { echo "FAIL: no backup of the previous file" >&2; exit 1; }
stop_editor
echo ok
