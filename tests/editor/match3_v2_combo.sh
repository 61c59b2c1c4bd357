#!/usr/bin/env bash
# End to end, match3 format version 2: play-test a combo (two adjacent specials swapped by a real
# drag) and a move after it; after each, the editor's board (its "play-board" trace) and score must
# be the ones `tilelab apply LEVEL MOVES --json` gives (same rules, same seed).
# Usage: match3_v2_combo.sh LEVEL.json "MOVE..." ACTION...
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1 expected=$2; shift 2
read -ra want <<<"$expected"
cp "$level" "$work/level.json"
start_editor "$work/out" "$work/level.json" --overlays none
key F5
wait_for 10 grep -q '^play-test started' "$work/out" || fail "the play-test did not start"
wait_frames 3
run_actions "$work/out" "$@"
wait_for 20 bash -c "[[ \$(grep -c '^play-board ' '$work/out') -ge ${#want[@]} ]]" || fail "the editor played fewer than ${#want[@]} moves"

mapfile -t played < <(grep '^play ' "$work/out" | awk '{print $2}')
[[ "${played[*]}" == "${want[*]}" ]] || fail "the editor played '${played[*]}', expected '${want[*]}'"
mapfile -t boards < <(grep '^play-board ' "$work/out" | sed 's/^play-board //')
mapfile -t scores < <(grep '^play ' "$work/out" | awk '{print $4}')
for i in "${!want[@]}"; do
    "$TILELAB_CLI" apply "$level" "${want[@]:0:i+1}" --json >"$work/apply.json"
    cli_board=$(jq -c .board "$work/apply.json") cli_score=$(jq -r .score "$work/apply.json")
    [[ "$(jq -c . <<<"${boards[i]}")" == "$cli_board" ]] ||
        fail "after move $((i + 1)) (${want[i]}) the editor shows ${boards[i]}, tilelab apply says $cli_board"
    [[ "${scores[i]}" == "$cli_score" ]] || fail "after move $((i + 1)) the editor's score is ${scores[i]}, tilelab apply says $cli_score"
done
key F5
cmp -s "$level" "$work/level.json" || fail "play-testing changed the file"
stop_editor
echo "ok: ${played[*]}; boards ${boards[*]}; scores ${scores[*]}"
