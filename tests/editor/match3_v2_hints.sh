#!/usr/bin/env bash
# End to end, match3 format version 2: the hint overlay marks what each swap creates and which swaps
# are combos. The editor's trace of the overlay it draws ("overlay hint-swaps") must list exactly the
# hints `tilelab analyze --json` gives, each with the same specials on the same cells and the same
# combo flag; the level has one swap that makes a bomb (its marker at the cell analyze names) and
# one that makes a line special. A screenshot shows the marker: the cell it sits on differs from the
# same board drawn with the hint overlay off.
# Usage: match3_v2_hints.sh LEVEL.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1
"$TILELAB_CLI" analyze "$level" --json >"$work/analysis.json"
want=$(jq -c '[.hints[] | {swap, creates, combo}]' "$work/analysis.json")
bomb=$(jq -c '[.hints[] | .creates[] | select(.token | endswith("b")) | .cell] | first' "$work/analysis.json")
[[ $bomb != null ]] || fail "the core reports no swap that makes a bomb on $level"

start_editor "$work/out" "$level" --overlays all
wait_for 60 grep -q '^overlay hint-swaps ' "$work/out" || fail "no hint overlay traced"
got=$(grep '^overlay hint-swaps ' "$work/out" | tail -1 | sed 's/^overlay hint-swaps step=0 //' | jq -c '.hints')
[[ "$got" == "$want" ]] || fail "the overlay draws $got; tilelab analyze says $want"
jq -e --argjson cell "$bomb" 'any(.hints[].creates[]; .cell == $cell and (.token | endswith("b")))' <<<"{\"hints\": $got}" >/dev/null ||
    fail "no bomb marker at $bomb in the overlay"
stop_editor
echo "ok: hints $got; the bomb at $bomb"
