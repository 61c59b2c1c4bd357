#!/usr/bin/env bash
# End to end (issue 15): aiming a level's difficulty in the editor. "Set moves for 70%" sets the move
# limit `tilelab tune --target 0.7` sets and draws the pass-rate curve; the designer drags the
# target line on the curve down to about 40%, presses "Set moves for 40%" (one undo step: Ctrl+Z
# gives the 70% limit back, Ctrl+Y the 40% one again), saves; the file's move limit is the one
# `tilelab tune` gives for the same target on the same level. With a calibration file set, the
# predicted players' rate shows under the badge, the figure `tilelab estimate --calibration` gives.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

samples=$TILELAB_SOURCE_DIR/levels/samples
cp "$samples/match3/02-jelly.json" "$work/jelly.json"
cp "$samples/match3/02-jelly.json" "$work/original.json"
mkdir -p "$XDG_CONFIG_HOME/tilelab"
echo '{"aim_target": 0.7, "quick_runs": 300}' >"$XDG_CONFIG_HOME/tilelab/settings.json"
moves_of() { jq -r '.goal.moves' "$1"; }
tune_moves() { "$TILELAB_CLI" tune "$1" --target "$2" --runs 300 --threads 2 --json -o "$work/tuned.json" | jq -r '.moves'; }

start_editor "$work/out" "$work/jelly.json" --overlays none
wait_for 30 grep -q '^badge: ' "$work/out" || fail "no badge"
wait_for 10 grep -q '^item aim-header ' "$work/out" || fail "no Aim section"
click_item aim-header  # folded at first
wait_for 10 grep -q '^item aim-set ' "$work/out" || fail "no Set moves button"

# 1. Set moves for 70%: the CLI's limit for 0.7 on the original level.
click_item aim-set
wait_for 60 grep -q '^aim finished: ' "$work/out" || fail "Set moves never finished"
grep -q '^aim finished: move limit ' "$work/out" || fail "$(grep '^aim finished' "$work/out")"
want70=$(tune_moves "$work/original.json" 0.7)
got70=$(sed -n 's/^aim: moves=\([0-9]*\) .*/\1/p' "$work/out" | tail -1)
[[ $got70 == "$want70" ]] || fail "Set moves for 70% gave $got70, tilelab tune $want70"
key ctrl+s
wait_for 10 grep -q '^status: saved' "$work/out" || fail "not saved"
[[ $(moves_of "$work/jelly.json") == "$want70" ]] || fail "saved limit $(moves_of "$work/jelly.json"), want $want70"
cp "$work/jelly.json" "$work/at70.json"

# 2. The curve is on show: drag its target line down to 40% (the plot maps 0..100% over its height
#    less 4 px of padding at each end).
wait_item aim-plot >/dev/null
read -r px0 py0 px1 py1 < <(grep '^item aim-plot ' "$work/out" | tail -1 | awk '{print $3, $4, $5, $6}')
x=$(((px0 + px1) / 2))
y70=$(awk -v a="$py0" -v b="$py1" 'BEGIN{printf "%d", b - 4 - (b - a - 8) * 0.7}')
y40=$(awk -v a="$py0" -v b="$py1" 'BEGIN{printf "%d", b - 4 - (b - a - 8) * 0.4}')
xdo mousemove --window "$EDITOR_WID" "$x" "$y70"
xdo mousedown 1
for y in $(seq "$y70" 4 "$y40") "$y40"; do xdo mousemove --window "$EDITOR_WID" "$x" "$y"; done
xdo mouseup 1
wait_for 10 grep -q '^aim target: ' "$work/out" || fail "the drag set no target"
target=$(sed -n 's/^aim target: //p' "$work/out" | tail -1)
awk -v t="$target" 'BEGIN{exit !(t > 0.38 && t < 0.42)}' || fail "dragged to $target, not about 0.40"
# The picture: the curve (light blue) and the target line (orange) are drawn inside the plot.
shot "$work/curve.png"
"$TILELAB_EDITOR_CHECK" find "$work/curve.png" "$px0" "$py0" "$px1" "$py1" 110 180 255 30 >/dev/null ||
    fail "no curve drawn in the plot"
"$TILELAB_EDITOR_CHECK" find "$work/curve.png" "$px0" $((y40 - 3)) "$px1" $((y40 + 3)) 255 150 40 30 >/dev/null ||
    fail "no target line at 40% in the plot"

# 3. Set moves for 40%: one undo step; saved, the file's limit is tune's for the same target.
click_item aim-set
wait_for 60 bash -c "[[ \$(grep -c '^aim finished: ' '$work/out') -ge 2 ]]" || fail "the second Set moves never finished"
key ctrl+z
key ctrl+s
wait_for 10 bash -c "[[ \$(grep -c '^status: saved' '$work/out') -ge 2 ]]" || fail "not saved after undo"
[[ $(moves_of "$work/jelly.json") == "$want70" ]] || fail "undo left $(moves_of "$work/jelly.json"), want $want70"
key ctrl+y
key ctrl+s
wait_for 10 bash -c "[[ \$(grep -c '^status: saved' '$work/out') -ge 3 ]]" || fail "not saved after redo"
want40=$(tune_moves "$work/at70.json" "$target")
[[ $(moves_of "$work/jelly.json") == "$want40" ]] || fail "saved limit $(moves_of "$work/jelly.json"), tilelab tune --target $target: $want40"
"$TILELAB_CLI" validate "$work/jelly.json" >/dev/null || fail "the saved level does not validate"
# Only the move limit changed.
diff <(jq 'del(.goal.moves)' "$work/original.json") <(jq 'del(.goal.moves)' "$work/jelly.json") >/dev/null ||
    fail "Set moves changed more than the move limit"

# 4. The bot ladder of the level as saved: each bot's figure is `tilelab estimate --bot B`'s.
wait_for 10 grep -q '^item ladder-run ' "$work/out" || fail "no bot ladder button"
click_item ladder-run
wait_for 120 grep -q '^ladder finished' "$work/out" || fail "the ladder never finished"
grep -q '^ladder finished$' "$work/out" || fail "$(grep '^ladder finished' "$work/out")"
for bot in random greedy lookahead mcts; do
    line=$(grep "^ladder: bot=$bot " "$work/out" | tail -1)
    [[ -n $line ]] || fail "no ladder figure for $bot"
    want=$("$TILELAB_CLI" estimate "$work/jelly.json" --bot "$bot" --runs 300 --threads 2 --json | jq -r '"runs=\(.runs) wins=\(.wins)"')
    [[ $line == "ladder: bot=$bot $want" ]] || fail "ladder $bot: '$line', CLI: $want"
done
wait_for 10 grep -q '^item ladder-table ' "$work/out" || fail "no ladder table"
shot "$work/ladder.png"
stop_editor

# 5. A calibration (fitted on the demo pack from made-up analytics) shows the players' rate.
csv=$work/observed.csv
echo "id,attempts,passes" >"$csv"
n=0
for f in $(jq -r '.levels[]' "$TILELAB_SOURCE_DIR/levels/packs/demo.json"); do
    file=$TILELAB_SOURCE_DIR/levels/packs/$f
    kind=$(jq -r .kind "$file")
    [[ $kind == match3 ]] || continue
    n=$((n + 1))
    echo "$(jq -r .id "$file"),1000,$((100 + 90 * n))" >>"$csv"
done
"$TILELAB_CLI" calibrate "$csv" --pack "$TILELAB_SOURCE_DIR/levels/packs/demo.json" --runs 200 --threads 2 \
    -o "$work/cal.json" >/dev/null 2>"$work/cal.err" || fail "calibrate: $(cat "$work/cal.err")"
want=$("$TILELAB_CLI" estimate "$work/jelly.json" --runs 300 --threads 2 --calibration "$work/cal.json" --json |
    jq -r '.calibrated | "\(.pass_rate * 100 | round)% [\(.ci95[0] * 100 | round)%, \(.ci95[1] * 100 | round)%]"')
jq --arg f "$work/cal.json" '.calibration_file = $f' "$XDG_CONFIG_HOME/tilelab/settings.json" >"$work/s.json"
mv "$work/s.json" "$XDG_CONFIG_HOME/tilelab/settings.json"
start_editor "$work/out" "$work/jelly.json" --overlays none
wait_for 30 grep -q '^badge: ' "$work/out" || fail "no badge with the calibration"
wait_for 10 grep -q '^calibration loaded: ' "$work/out" || fail "calibration not loaded: $(grep '^calibration' "$work/out")"
wait_for 10 grep -q '^item calibrated ' "$work/out" || fail "no calibrated figure under the badge"
wait_for 10 grep -qxF "calibrated shown: players (calibrated): $want" "$work/out" ||
    fail "editor: $(grep '^calibrated shown' "$work/out" | tail -1), CLI: $want"
shot "$work/calibrated.png"
stop_editor
if [[ -n "${TILELAB_E2E_ARTIFACTS:-}" ]]; then cp "$work"/{curve,ladder,calibrated}.png "$TILELAB_E2E_ARTIFACTS/"; fi
echo "calibrated (CLI): $want"
echo ok
