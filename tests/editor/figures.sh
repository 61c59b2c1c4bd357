#!/usr/bin/env bash
# End to end: one pass-rate figure everywhere (issue 12, items 4, 5 and 12). The live badge, the
# long run, the Pack panel rows and their histogram equal what the command line gives for the same
# bot, runs and seed, and each says its bot and runs:
#   1. match3 02-jelly: the badge's figure (each kind's own bot, seed 0) is `tilelab estimate`'s
#      for the runs it finished; the long run's moves-left histogram has the CLI's bins;
#   2. slide 01-classic: the badge finishes at least 1,000 playouts in its 2 s with the quick bot
#      and equals `tilelab estimate --bot quick` for those runs;
#   3. a pack (02-jelly, 01-intro and a level with a dead start): the panel's default check gives
#      each row the figure of `tilelab pack check` with its runs and bot, and the dead start's
#      error is listed under its row (seen in a screenshot: red text under the row).
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"
samples=$TILELAB_SOURCE_DIR/levels/samples

# badge_field NAME: a field of the last "badge:" trace line (runs=.. wins=.. pass_rate=.. bot=..).
field() { grep "^$1" "$work/out" | tail -1 | tr ' ' '\n' | sed -n "s/^$2=//p"; }

# 1. match3: the badge, then the long run (--deep starts it on the first frame).
start_editor "$work/out" "$samples/match3/02-jelly.json" --deep
wait_for 60 grep -q '^badge: ' "$work/out" || fail "no live pass rate"
runs=$(field badge: runs) bot=$(field badge: bot) rate=$(field badge: pass_rate)
[[ $bot == lookahead ]] || fail "the match3 badge used bot '$bot', not the CLI's default lookahead"
((runs > 0)) || fail "the badge finished no run"
cli=$("$TILELAB_CLI" estimate "$samples/match3/02-jelly.json" --runs "$runs" --seed 0 --json)
[[ $(jq -r '.pass_rate' <<<"$cli" | xargs printf '%.6f') == "$rate" ]] ||
    fail "badge pass rate $rate, tilelab estimate --runs $runs --seed 0 says $(jq -r .pass_rate <<<"$cli")"
wait_for 100 grep -q '^deep histogram moves_left_on_wins:' "$work/out" || fail "the long run gave no histogram"
deep_runs=$(field 'deep:' runs)
[[ $(field 'deep:' bot) == lookahead ]] || fail "the long run used another bot"
editor_bins=$(grep '^deep histogram moves_left_on_wins:' "$work/out" | tail -1 | cut -d: -f2 | xargs)
cli_bins=$("$TILELAB_CLI" estimate "$samples/match3/02-jelly.json" --runs "$deep_runs" --seed 0 --json |
    jq -r '.moves_left_on_wins | map(tostring) | join(" ")')
[[ $editor_bins == "$cli_bins" ]] || fail "long-run histogram '$editor_bins', CLI bins '$cli_bins'"
nonzero=$(tr ' ' '\n' <<<"$editor_bins" | awk '$1 > 0' | wc -l)
((nonzero > 3)) || fail "the histogram has only $nonzero non-zero bins"
# ... and it is drawn: its bars (ImGui's histogram yellow) show in its rectangle. A width of -1
# made ImGui 1.86 draw an inverted, invisible plot while the trace above was right.
wait_for 10 grep -q '^item plot-moves_left_on_wins ' "$work/out" || fail "the histogram was never laid out"
read -r px0 py0 px1 py1 < <(grep '^item plot-moves_left_on_wins ' "$work/out" | tail -1 | awk '{print $3, $4, $5, $6}')
((px1 - px0 > 100)) || fail "the histogram is $((px1 - px0)) px wide"
wait_frames 3
shot "$work/plot.png"
"$TILELAB_EDITOR_CHECK" find "$work/plot.png" "$px0" "$py0" "$px1" "$py1" 230 179 0 40 >/dev/null ||
    fail "no histogram bar drawn in ($px0, $py0)-($px1, $py1)"
stop_editor

# 2. slide: the live badge reaches 1,000 playouts with the quick bot.
start_editor "$work/out" "$samples/slide/01-classic.json"
wait_for 60 grep -q '^badge: ' "$work/out" || fail "no live pass rate for slide"
runs=$(field badge: runs) bot=$(field badge: bot) rate=$(field badge: pass_rate)
[[ $bot == quick ]] || fail "the slide badge used bot '$bot', not quick"
((runs >= 1000)) || fail "the slide badge finished only $runs playouts in its budget"
cli=$("$TILELAB_CLI" estimate "$samples/slide/01-classic.json" --runs "$runs" --seed 0 --bot quick --json)
[[ $(jq -r '.pass_rate' <<<"$cli" | xargs printf '%.6f') == "$rate" ]] ||
    fail "slide badge pass rate $rate, tilelab estimate --bot quick --runs $runs says $(jq -r .pass_rate <<<"$cli")"
echo "slide badge: $runs runs, pass rate $rate, bot $bot"
stop_editor

# 3. The Pack panel with its default settings: the CLI's figures, bot and runs on every row.
mkdir -p "$work/pack"
cp "$samples/match3/02-jelly.json" "$samples/match3/01-intro.json" "$work/pack/"
jq '.id = "dead-start" | .name = "Dead" | .board = ["0 1 2 3 4 5", "1 2 3 4 5 0", "2 3 4 5 0 1", "3 4 5 0 1 2"] |
    .width = 6 | .height = 4 | .rules.colors = 6 | del(.layers) | del(.goal.jelly)' "$samples/match3/01-intro.json" >"$work/pack/dead.json"
printf '{"format": "tilelab.pack", "version": 1, "name": "Figures", "levels": ["02-jelly.json", "01-intro.json", "dead.json"]}\n' \
    >"$work/pack/pack.json"
"$TILELAB_CLI" validate "$work/pack/dead.json" >/dev/null || fail "the dead-start level does not load"
start_editor "$work/out" "$work/pack/pack.json" --window 1300x900
wait_for 20 grep -q '^item pack-analyse ' "$work/out" || fail "no analyse button"
wait_for 60 grep -q '^analysis ready' "$work/out"
# Clicks only once the editor sees the mouse over the button (the panel's layout settles first), and
# again if the click fell in a frame where the button moved (no "analysing pack" status).
for try in 1 2 3 4 5; do
    read -r x y < <(wait_item pack-analyse)
    xdotool mousemove --window "$EDITOR_WID" "$x" "$y"
    if wait_for 3 bash -c "tail -n 5 '$work/out' | grep -q '^hover pack-analyse\$'"; then
        xdo click 1
        wait_for 5 grep -q '^status: analysing pack' "$work/out" && break
    fi
    xdo mousemove --window "$EDITOR_WID" 5 5
done
grep -q '^status: analysing pack' "$work/out" || fail "the Analyse pack button never took a click"
wait_for 100 grep -q '^status: pack analysed' "$work/out" || fail "the pack check never finished"
cli=$("$TILELAB_CLI" pack check "$work/pack/pack.json" --json) || true
for level in 02-jelly.json 01-intro.json; do
    line=$(grep "^pack-figure $level: " "$work/out" | tail -1)
    [[ -n $line ]] || fail "no figure for $level"
    want=$(jq -r --arg f "$level" '.levels[] | select(.file == $f) | .estimate |
        "\(.runs) runs, \(.bot)"' <<<"$cli")
    [[ $line == *", $want" ]] || fail "row '$line' does not end with the CLI's '$want'"
    rate=$(jq -r --arg f "$level" '.levels[] | select(.file == $f) | .estimate.pass_rate * 1000 | round / 10' <<<"$cli")
    [[ $line == *"$(printf '%.1f' "$rate")% ("* ]] || fail "row '$line': the CLI's pass rate is $rate%"
done
grep -q '^pack-error dead.json: dead start' "$work/out" || fail "the dead start's error was not listed"
# The error is drawn under its row: red text in the Pack panel (right side of the window).
# The rows are at the bottom of the inspector: scroll it down with the wheel first.
xdotool mousemove --window "$EDITOR_WID" 1150 700
for i in $(seq 1 15); do xdo click 5; done
wait_frames 3
shot "$work/pack.png"
red=$(convert "$work/pack.png" -crop 500x900+800+0 -fill black -opaque white -fuzz 8% -fill white -opaque 'rgb(255,115,115)' \
    -fill black +opaque white -format '%[fx:mean*w*h]' info: 2>/dev/null || echo 0)
show "$work/pack.png" figures-pack.png
awk -v n="$red" 'BEGIN { exit !(n > 30) }' || fail "no red error text in the Pack panel ($red pixels)"
echo "ok: badge, long run, pack rows equal the CLI's figures"
