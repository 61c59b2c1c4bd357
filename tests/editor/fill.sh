#!/usr/bin/env bash
# End to end: fill from the generator (Shift+F) with real input, on the `?` cells (match3) or a
# selected area, save, and check the result with the core through the CLI: cells outside the area
# unchanged, blockers and holes kept, and the kind's promise (match3: no run and a move; link and
# lines: solvable). Then Ctrl+Z and save again give back the start file: the fill is one undo step.
# Usage: fill.sh START.json AREA ACTION...   (AREA: "?" or X0,Y0:X1,Y1; actions: see lib.sh)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

start=$1 area=$2; shift 2
cp "$start" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
run_actions "$work/out" "$@" key:shift+f save
cp "$work/level.json" "$work/filled.json"
grep -q '^status: filled from the generator' "$work/out" || fail "no fill"

python3 - "$start" "$work/filled.json" "$area" <<'PY'
import json, sys
start, filled, area = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
rows = lambda level: [row.split() for row in level["board"]]
a, b = rows(start), rows(filled)
box = None if area == "?" else [int(v) for v in area.replace(":", ",").split(",")]
changed = 0
for y, (ra, rb) in enumerate(zip(a, b)):
    for x, (ca, cb) in enumerate(zip(ra, rb)):
        inside = ca == "?" if box is None else box[0] <= x <= box[2] and box[1] <= y <= box[3]
        if not inside or ca in ("#", "_"):
            assert ca == cb, f"cell ({x},{y}) outside the area or a blocker/hole changed: {ca} -> {cb}"
        else:
            # A lines board may leave a cell without lines ("."); the other kinds fill every cell.
            assert cb != "?" and (cb != "." or start["kind"] == "lines"), f"cell ({x},{y}) in the area was not filled: {cb}"
            changed += ca != cb
assert changed > 0, "the fill changed nothing"
print(f"{changed} cells filled")
PY

analysis=$("$TILELAB_CLI" analyze "$work/filled.json" --json)
case $(jq -r .kind "$start") in
    match3) jq -e '(.groups | length) == 0 and (.hints | length) > 0' <<<"$analysis" >/dev/null ||
                fail "the filled match3 board has a run or no move" ;;
    link | lines) jq -e '.solve.verdict == "solvable"' <<<"$analysis" >/dev/null ||
                fail "the filled board is not solvable: $(jq -c .solve <<<"$analysis")" ;;
esac

run_actions "$work/out" key:ctrl+z save
cmp -s "$start" "$work/level.json" || fail "undo did not give back the start board" >&2; diff "$start" "$work/level.json"
stop_editor
echo ok
