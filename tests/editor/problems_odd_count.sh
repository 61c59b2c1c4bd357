#!/usr/bin/env bash
# End to end (issue 33, item 2): the link board with an odd count of one value. The Problems panel
# lists the very problem `tilelab validate --json`, `analyze --json` and `pack check --json` give
# (one function makes them), and clicking it selects the cell they name: Delete then erases
# exactly that cell, and the saved file shows it.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$TILELAB_SOURCE_DIR/tests/data/problems/link-odd-count.json" "$work/level.json"
echo '{"format": "tilelab.pack", "version": 1, "name": "odd", "levels": ["level.json"]}' >"$work/pack.json"

# The CLI's problem, from each verb: one message at one cell.
"$TILELAB_CLI" validate --json "$work/level.json" 2>/dev/null | jq -c '.files[0].problems[] | {message, cell, rule}' >"$work/validate.txt"
"$TILELAB_CLI" analyze --json "$work/level.json" | jq -c '.problems[] | {message, cell, rule}' >"$work/analyze.txt"
{ "$TILELAB_CLI" pack check --json "$work/pack.json" 2>/dev/null || true; } |  # exit 1: unsolvable
    jq -c '.levels[0].problems[] | select(.rule | startswith("pack.") | not) | {message, cell, rule}' >"$work/pack.txt"
[[ $(wc -l <"$work/validate.txt") == 1 ]] || fail "validate gives $(cat "$work/validate.txt")"
cmp -s "$work/validate.txt" "$work/analyze.txt" || fail "analyze gives $(cat "$work/analyze.txt"), validate $(cat "$work/validate.txt")"
cmp -s "$work/validate.txt" "$work/pack.txt" || fail "pack check gives $(cat "$work/pack.txt"), validate $(cat "$work/validate.txt")"
message=$(jq -r .message "$work/validate.txt")
x=$(jq -r '.cell[0]' "$work/validate.txt")
y=$(jq -r '.cell[1]' "$work/validate.txt")
[[ $(jq -r .rule "$work/validate.txt") == link.odd-count && $message == *"odd count"* ]] || fail "not the odd count: $(cat "$work/validate.txt")"

start_editor "$work/out" "$work/level.json" --overlays none
wait_for 60 grep -q '^analysis ready' "$work/out"
wait_for 20 grep -qxF "problem: warning: $message" "$work/out" || fail "the panel does not list: $message"
# Its row in the last list the panel traced ("problems listed: N", then its N rows, from 0).
index=$(awk -v m="problem: warning: $message" '/^problems listed: /{n = 0; found = ""; next}
    /^problem: /{if ($0 == m && found == "") found = n; n++} END {print found}' "$work/out")
[[ -n $index ]] || fail "the odd count is not in the last list"
click_item "problem-$index"
# The canvas gets the keys again once the mouse is over it (a cell away from the problem's).
read -r cx cy < <(cell_px "$work/out" 5 3)
xdo mousemove --window "$EDITOR_WID" "$cx" "$cy"
run_actions "$work/out" key:Delete save
want=$(jq -c --argjson x "$x" --argjson y "$y" '.board | to_entries | map(if .key == $y
        then (.value | split(" ") | .[$x] = "." | join(" ")) else .value end)' \
    "$TILELAB_SOURCE_DIR/tests/data/problems/link-odd-count.json")
[[ $(jq -c .board "$work/level.json") == "$want" ]] || fail "board $(jq -c .board "$work/level.json"), expected $want (cell [$x, $y] erased)"
stop_editor
echo "the panel lists '$message' and selects cell [$x, $y], as validate, analyze and pack check give it"
echo ok
