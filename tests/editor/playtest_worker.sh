#!/usr/bin/env bash
# End to end: a play-test move that cascades for a long time (match3, 2 colours, min_match 2,
# 256x256: 1,000 cascade steps) runs on the play worker: the UI thread draws frames (and says
# "working") while it runs, then shows the score `tilelab apply` gives for the same move.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"
python3 "$TILELAB_SOURCE_DIR/tests/budgets/make_cases.py" "$work/cases"
level=$work/cases/match3-checker.json

start_editor "$work/out" "$level" --overlays none
key F5
wait_for 30 grep -q '^play-test started' "$work/out" || fail "the play-test never started"
wait_frames 3
read -r x y < <(cell_px "$work/out" 0 0)
read -r x2 y2 < <(cell_px "$work/out" 1 0)
xdo mousemove --window "$EDITOR_WID" "$x" "$y"; xdo click 1; xdo mousemove --window "$EDITOR_WID" "$x2" "$y2"; xdo click 1
wait_for 60 grep -q '^play 0,0:1,0 score' "$work/out" || fail "the move was never played"
working=$(grep -n '^play-test: working on 0,0:1,0' "$work/out" | head -1 | cut -d: -f1)
played=$(grep -n '^play 0,0:1,0 score' "$work/out" | head -1 | cut -d: -f1)
[[ -n $working ]] && ((working < played)) || fail "no frame was drawn while the move was played"
score=$(grep '^play 0,0:1,0 score' "$work/out" | awk '{print $4}')
cli=$("$TILELAB_CLI" apply "$level" 0,0:1,0 --json | jq -r .score)
[[ $score == "$cli" ]] || fail "the editor's score $score, tilelab apply says $cli"
grep '^play 0,0:1,0 score' "$work/out"
stop_editor
echo ok
