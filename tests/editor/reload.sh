#!/usr/bin/env bash
# End to end: the open file changes on disk. With no local edits the editor reloads it silently
# (and a later edit and save build on the new content); with local edits it keeps them and shows
# a banner instead, and "Keep mine" + save writes the designer's version.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$here/data/match3-start.json" "$work/level.json"

# set_row FILE Y ROW: another program rewrites one board row of the file (canonically).
set_row() {
    jq --argjson y "$2" --arg row "$3" '.board[$y] = $row' "$1" >"$1.tmp"
    "$TILELAB_CLI" fmt "$1.tmp" >/dev/null
    mv "$1.tmp" "$1"
}
board() { jq -c .board "$1"; }

start_editor "$work/out" "$work/level.json" --overlays none
wait_for 10 grep -q '^analysis ready' "$work/out"

# 1. No local edits: a silent reload.
set_row "$work/level.json" 0 "2 2 3 3"
wait_for 10 grep -q '^status: reloaded level.json (changed on disk)' "$work/out" || { cat "$work/out" >&2; exit 1; }
grep -q '^banner:' "$work/out" && fail "a banner without local edits"
run_actions "$work/out" key:2 click:3,2 save  # key 2: the second palette entry, colour 1
want='["2 2 3 3","1 2 3 0","? ? ? 1"]'
[[ $(board "$work/level.json") == "$want" ]] || fail "after reload + edit + save: $(board "$work/level.json"), expected $want"

# 2. Local edits: the editor keeps them and raises the banner; the file is left alone.
run_actions "$work/out" key:1 click:0,2
set_row "$work/level.json" 1 "3 3 1 1"
wait_for 10 grep -q '^banner: file changed on disk' "$work/out" || { cat "$work/out" >&2; exit 1; }
[[ $(board "$work/level.json") == '["2 2 3 3","3 3 1 1","? ? ? 1"]' ]] || fail "the editor touched the file"
# Keep mine (click the banner's button), then save: the designer's board wins.
click_item banner-keep
run_actions "$work/out" save
want='["2 2 3 3","1 2 3 0","0 ? ? 1"]'
[[ $(board "$work/level.json") == "$want" ]] || fail "after keep mine + save: $(board "$work/level.json"), expected $want"
stop_editor
echo ok
