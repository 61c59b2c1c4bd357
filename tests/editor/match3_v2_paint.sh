#!/usr/bin/env bash
# End to end, match3 format version 2: paint every new palette item with real clicks (a special of
# each type, the colour bomb, the ingredient, crates 1 and 5, a lock; a lock refused on an
# ingredient with the reason in the status bar; a ? painted over a lock removes it), save, check the
# file with the built `tilelab validate` and its cells and lock layer with jq; then reopen it, save
# again and check that nothing changed.
# Usage: match3_v2_paint.sh START.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
start_editor "$work/out" "$work/level.json" --overlays none
wait_for 20 grep -q '^item palette-c5 ' "$work/out" || fail "no palette entry c5 in the layout trace"

paint() {  # paint TOKEN X,Y...: the palette entry, then each cell
    local token=$1; shift
    click_item "palette-$token"
    local c
    for c in "$@"; do click_cell "$work/out" "${c%,*}" "${c#*,}"; done
}
paint 1h 0,0
paint 2v 1,0
paint 3b 2,0
paint colour-bomb 3,0
paint @ 4,0
paint c1 5,0
paint c5 0,1
click_item palette-lock
click_cell "$work/out" 1 1   # a piece: locked
click_cell "$work/out" 3 0   # the colour bomb: locked
click_cell "$work/out" 2 1   # locked, then a ? painted over it
click_cell "$work/out" 4 0   # the ingredient: refused, and the status bar says why
wait_for 5 grep -q '^status: cell (4, 0): no lock on an ingredient' "$work/out" || fail "no reason given for the refused lock"
paint '?' 2,1
run_actions "$work/out" save
stop_editor

"$TILELAB_CLI" validate "$work/level.json" || fail "tilelab validate refuses the saved file: $(cat "$work/level.json")"
jq -e '.board == ["1h 2v 3b * @ c1", "c5 2 ? 0 1 2", "2 3 0 1 2 3"]' "$work/level.json" >/dev/null ||
    fail "the saved board is $(jq -c .board "$work/level.json")"
jq -e '.layers.lock == ["0 0 0 1 0 0", "0 1 0 0 0 0", "0 0 0 0 0 0"]' "$work/level.json" >/dev/null ||
    fail "the saved lock layer is $(jq -c .layers.lock "$work/level.json")"

# Reopened: drawn from the file as saved, saved again byte for byte the same.
cp "$work/level.json" "$work/first.json"
start_editor "$work/out" "$work/level.json" --overlays none
run_actions "$work/out" save
stop_editor
cmp -s "$work/first.json" "$work/level.json" || { diff -u "$work/first.json" "$work/level.json" >&2; fail "reopening and saving changed the file"; }
echo "ok: $(jq -c '{board, lock: .layers.lock}' "$work/level.json")"
