#!/usr/bin/env bash
# Phase A acceptance: the real editor under Xvfb draws each sample's board; a real X screenshot of
# its window shows every cell's colour (lines: every tile's arms) where the layout says the cell is.
# Usage: board_drawn.sh LEVEL.json...   (TILELAB_EDITOR and TILELAB_EDITOR_CHECK in the environment)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

for level in "$@"; do
    start_editor "$work/out" "$level" --overlays none
    # The first frames settle the layout (the tab bar appears): check_shot retries until it holds.
    check_shot board "$level" X0 Y0 CELL || fail "the board of $level is not drawn as expected"
    stop_editor
    echo "ok: $level"
done
