#!/usr/bin/env bash
# End to end (issue 37, item 6): watching a bot play a run of the long run. After the long run's
# playouts, "Watch run..." replays its first lost run on a thread of its own; the run, how it ended,
# and the move, score and goal shown at a step are those `tilelab estimate --replay R` prints for the
# same run, and the canvas draws that step's board (as the CLI's JSON gives it); play steps on by
# itself and pause stops it; Close gives the level's board back.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$TILELAB_SOURCE_DIR/levels/samples/match3/02-jelly.json
cp "$level" "$work/jelly.json"
mkdir -p "$XDG_CONFIG_HOME/tilelab"
echo '{"quick_runs": 100, "deep_runs": 100}' >"$XDG_CONFIG_HOME/tilelab/settings.json"

start_editor "$work/out" "$work/jelly.json" --overlays none --deep
wait_for 60 grep -q '^deep analysis finished' "$work/out" || fail "the long run never finished"

# 1. The picker offers the first lost run; Watch run... replays it.
click_item watch-long
wait_for 20 grep -q '^replay: run ' "$work/out" || fail "no replay came back"
run=$(sed -n 's/^replay started: run \([0-9]*\) bot lookahead (long run)$/\1/p' "$work/out" | tail -1)
[[ -n $run ]] || fail "$(grep '^replay started' "$work/out")"
"$TILELAB_CLI" estimate "$work/jelly.json" --runs 100 --seed 0 --json | jq -e '.wins < .runs' >/dev/null ||
    fail "the level has no lost run to watch"
"$TILELAB_CLI" estimate "$work/jelly.json" --replay "$run" --json >"$work/replay.json"
jq -e '.won == false' "$work/replay.json" >/dev/null || fail "run $run (the first lost run, the picker's default) was won by the CLI's replay"
# The first lost run of the CLI's estimate is the same run.
for ((i = 0; i < run; i++)); do
    jq -e '.won' <("$TILELAB_CLI" estimate "$work/jelly.json" --replay "$i" --json) >/dev/null ||
        fail "run $i is lost too: the first lost run is not $run"
done
used=$(jq -r '.moves_used' "$work/replay.json")
want_end="replay: run $run lost in $used moves$(jq -r 'if .dead then ": no legal move left" else "" end' "$work/replay.json")"
grep -qxF "$want_end" "$work/out" || fail "editor: '$(grep '^replay: run ' "$work/out")', CLI: '$want_end'"
grep -qxF "replay step 0/$used: start score 0 goal jelly layers cleared 0/12" "$work/out" ||
    fail "the start step: $(grep '^replay step' "$work/out" | tail -1)"

# 2. Three steps with >: the move, the score and the goal shown are the CLI's third move's.
for _ in 1 2 3; do click_item watch-next; done
want=$(jq -r '.moves[2] | "replay step 3/'"$used"': \(.move) score \(.score) goal " + (.goal | map("\(.label) \(.current)/\(.target)") | join("; "))' "$work/replay.json")
wait_for 10 grep -qxF "$want" "$work/out" || fail "editor: '$(grep '^replay step' "$work/out" | tail -1)', CLI: '$want'"
# The canvas draws that board (the mouse off it, so no hover outline covers a cell).
jq --slurpfile r "$work/replay.json" '.board = $r[0].moves[2].board' "$work/jelly.json" >"$work/step3.json"
xdo mousemove --window "$EDITOR_WID" 5 5
check_shot board "$work/step3.json" X0 Y0 CELL || fail "the canvas does not show the board after the third move"
shot "$work/replay.png"
show "$work/replay.png" replay.png

# 3. Play steps on by itself at the speed set; pause stops it.
click_item watch-play
wait_for 10 grep -q "^replay step 5/$used: " "$work/out" || fail "play did not step on"
click_item watch-play
wait_frames 3
paused=$(grep '^replay step' "$work/out" | tail -1)
wait_frames 10
[[ $(grep '^replay step' "$work/out" | tail -1) == "$paused" ]] || fail "pause did not stop the steps"
step=$(sed -n 's/^replay step \([0-9]*\)\/.*/\1/p' <<<"$paused")
want=$(jq -r --argjson k "$step" '.moves[$k - 1] | "\(.move) score \(.score) "' "$work/replay.json")
[[ $paused == "replay step $step/$used: $want"* ]] || fail "step $step: '$paused', CLI: $want"

# 4. Close: the level's own board again.
click_item watch-close
xdo mousemove --window "$EDITOR_WID" 5 5
check_shot board "$work/jelly.json" X0 Y0 CELL || fail "Close did not give the level's board back"
stop_editor
echo "ok: run $run, $used moves, paused at step $step"
