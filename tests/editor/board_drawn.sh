#!/usr/bin/env bash
# Phase A acceptance: the real editor under Xvfb draws each sample's board; a real X screenshot of
# its window shows every cell's colour (lines: every tile's arms) where the layout says the cell is.
# Usage: board_drawn.sh LEVEL.json...   (TILELAB_EDITOR and TILELAB_EDITOR_CHECK in the environment)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
ensure_display "$@"

work=$(mktemp -d)
trap 'stop_editor 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config"

for level in "$@"; do
    start_editor "$work/out" "$level" --overlays none
    # The first frames settle the layout (the tab bar appears); retry the check until it holds.
    passed=0
    for _ in $(seq 1 40); do
        read -r x0 y0 cell < <(layout "$work/out")
        shot "$work/shot.png"
        if "$TILELAB_EDITOR_CHECK" board "$work/shot.png" "$level" "$x0" "$y0" "$cell" >"$work/check" 2>&1; then
            passed=1
            break
        fi
        sleep 0.1
    done
    cat "$work/check"
    stop_editor
    if ((passed == 0)); then
        echo "FAIL: the board of $level is not drawn as expected" >&2
        cp "$work/shot.png" "${TILELAB_E2E_ARTIFACTS:-/tmp}/board_drawn_failed.png" 2>/dev/null || true
        exit 1
    fi
    echo "ok: $level"
done
