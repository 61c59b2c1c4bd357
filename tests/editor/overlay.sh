#!/usr/bin/env bash
# End to end: with an overlay on, its colour shows in a real screenshot wherever the core
# (`tilelab analyze --json`) says a group or a path is.
# Usage: overlay.sh LEVEL.json WHAT   (WHAT: match-groups | link-paths | line-groups)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1 what=$2
"$TILELAB_CLI" analyze "$level" --json --budget-ms 200 >"$work/analysis.json"

start_editor "$work/out" "$level" --overlays all
wait_for 60 grep -q '^analysis ready' "$work/out"
check_shot overlay X0 Y0 CELL "$what" "$work/analysis.json" || fail "$what not drawn where the core says"
stop_editor
echo ok
