#!/usr/bin/env bash
# End to end: on a match3 level with ? cells, each ? shows the piece the level's seed draws for it
# (the board `tilelab analyze` computes hints and groups on), checked in a real screenshot against
# `tilelab apply`'s start board; after re-rolling the seed (an edit) the new draw shows.
# Usage: drawn_pieces.sh LEVEL.json   (a level whose drawn board has no run, so the start changes nothing)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
# drawn LEVEL OUT: the level with its board as the player gets it.
drawn() {
    [[ $("$TILELAB_CLI" analyze "$1" --json | jq '.groups | length') == 0 ]] || fail "the drawn board of $1 has runs: choose another seed"
    jq --argjson board "$("$TILELAB_CLI" apply "$1" --json | jq '.start_board')" '.board = $board' "$1" >"$2"
}
drawn "$work/level.json" "$work/drawn.json"

start_editor "$work/out" "$work/level.json" --overlays grid,match_groups,hint_swaps
wait_for 60 grep -q '^analysis ready' "$work/out"
xdotool mousemove --window "$EDITOR_WID" 5 5  # off the board: a hovered hint would tint its cells
check_shot drawn "$work/level.json" "$work/drawn.json" X0 Y0 CELL || fail "the ? cells do not show the pieces the seed draws"

# Another seed in the file on disk: the editor reloads it (no local edits) and shows the new draw.
jq '.seed = 12' "$work/level.json" >"$work/next.json"
drawn "$work/next.json" "$work/drawn-next.json"
cmp -s <(jq .board "$work/drawn.json") <(jq .board "$work/drawn-next.json") && fail "seeds 11 and 12 draw the same board"
mv "$work/next.json" "$work/level.json"
wait_for 30 grep -q '^status: reloaded level.json' "$work/out" || fail "the change on disk was not reloaded: $(tail -5 "$work/out")"
check_shot drawn "$work/level.json" "$work/drawn-next.json" X0 Y0 CELL || fail "after the reload the ? cells show a stale draw"
stop_editor
echo ok
