#!/usr/bin/env bash
# End to end: play-test a level in the real editor (F5) with real input, and check that the moves it
# played and the score after each are the ones `tilelab apply` gives for the same moves (same rules,
# same seed). Then F5 goes back to editing with the level untouched.
# Usage: playtest.sh LEVEL.json EXPECTED_MOVES ACTION...   (moves space-separated; actions: lib.sh)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1 expected=$2; shift 2
cp "$level" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
key F5
wait_for 10 grep -q '^play-test started' "$work/out"
wait_frames 3  # a few frames: a new layout (lines fits the ring of arrows) is printed after the trace line
run_actions "$work/out" "$@"
read -ra want <<<"$expected"
wait_for 10 bash -c "[[ \$(grep -c '^play ' '$work/out') -ge ${#want[@]} ]]" || { cat "$work/out" >&2; exit 1; }

mapfile -t played < <(grep '^play ' "$work/out" | awk '{print $2}')
if [[ "${played[*]}" != "${want[*]}" ]]; then
    echo "FAIL: the editor played '${played[*]}', expected '${want[*]}'" >&2
    cat "$work/out" >&2
    exit 1
fi
# The score after each move, from the core through the CLI.
mapfile -t scores < <(grep '^play ' "$work/out" | awk '{print $4}')
for i in "${!want[@]}"; do
    cli=$("$TILELAB_CLI" apply "$level" "${want[@]:0:i+1}" --json | jq -r '.score')
    if [[ "$cli" != "${scores[i]}" ]]; then
        echo "FAIL: after move $((i + 1)) (${want[i]}) the editor's score is ${scores[i]}, tilelab apply says $cli" >&2
        exit 1
    fi
done

# Back to editing: a click paints again, and the play-test left the level as it was.
key F5
cmp -s "$level" "$work/level.json" || fail "play-testing changed the file"
stop_editor
echo "ok: ${played[*]} (scores ${scores[*]})"
