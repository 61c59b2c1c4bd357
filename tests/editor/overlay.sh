#!/usr/bin/env bash
# End to end: with an overlay on, its colour shows in a real screenshot wherever the core
# (`tilelab analyze --json`) says a group or a path is.
# Usage: overlay.sh LEVEL.json WHAT   (WHAT: match-groups | link-paths | line-groups)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
ensure_display "$@"

level=$1 what=$2
work=$(mktemp -d)
trap 'stop_editor 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config"
"$TILELAB_CLI" analyze "$level" --json --budget-ms 200 >"$work/analysis.json"

start_editor "$work/out" "$level" --overlays all
wait_for 60 grep -q '^analysis ready' "$work/out"
passed=0
for _ in $(seq 1 30); do
    read -r x0 y0 cell < <(layout "$work/out")
    shot "$work/shot.png"
    if "$TILELAB_EDITOR_CHECK" overlay "$work/shot.png" "$x0" "$y0" "$cell" "$what" "$work/analysis.json" >"$work/check" 2>&1; then
        passed=1
        break
    fi
    sleep 0.1
done
cat "$work/check"
stop_editor
((passed)) || { echo "FAIL: $what not drawn where the core says" >&2; exit 1; }
echo ok
