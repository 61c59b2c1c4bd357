#!/usr/bin/env bash
# End to end (issue 12, item 9): the link canvas.
# 1. At the default fit, paths through the border ring are on screen: the path colour shows in
#    exactly the cells (ring included) `tilelab analyze` puts paths through.
# 2. The solution's next move is drawn along its link path (corners, through the ring), never
#    straight across the tiles between its two ends.
# 3. A palette of values 1..12: every tile shows its colour, and its number in a contrasting ink.
# Ends in a usable editor: a painted cell is in the saved file.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$TILELAB_SOURCE_DIR/levels/samples/link/03-blockers.json" "$work/level.json"
level=$work/level.json
w=$(jq .width "$level") h=$(jq .height "$level")
"$TILELAB_CLI" analyze "$level" --json >"$work/analysis.json"

# 1. The ring at the default fit.
start_editor "$work/out" "$level" --overlays grid,link_paths
wait_for 60 grep -qx 'analysis ready' "$work/out"
xdo mousemove --window "$EDITOR_WID" 5 5
jq -e '[.links[].path[] | select(.[0] < 0 or .[1] < 0)] | length > 0' "$work/analysis.json" >/dev/null ||
    fail "the level has no path through the ring"
check_shot link-paths-exact X0 Y0 CELL "$work/analysis.json" "$w" "$h" || fail "link paths (ring included) not all on screen"
stop_editor

# 2. The next move along its path: the first move of the solution, with its path from tilelab apply.
read -r ax ay bx by < <(jq -r '.solve.order[0] | "\(.[0][0]) \(.[0][1]) \(.[1][0]) \(.[1][1])"' "$work/analysis.json")
"$TILELAB_CLI" apply "$level" "$ax,$ay:$bx,$by" --json >"$work/applied.json"
mapfile -t on_path < <(jq -r '.events[0].path as $p | [range(0; ($p | length) - 1) as $i | $p[$i] as $a | $p[$i + 1] as $b |
    range(0; ([($b[0] - $a[0]), ($b[1] - $a[1])] | map(fabs) | max) + 1) as $k |
    [$a[0] + ($b[0] - $a[0] | if . > 0 then $k elif . < 0 then -$k else 0 end),
     $a[1] + ($b[1] - $a[1] | if . > 0 then $k elif . < 0 then -$k else 0 end)]] | unique | .[] | "\(.[0]),\(.[1])"' "$work/applied.json")
# The cells strictly between the two ends on a straight line, which the path goes around.
mapfile -t between < <(jq -rn --argjson a "[$ax,$ay]" --argjson b "[$bx,$by]" '
    if $a[1] == $b[1] then range([$a[0], $b[0]] | min + 1; [$a[0], $b[0]] | max) | "\(.),\($a[1])"
    elif $a[0] == $b[0] then range([$a[1], $b[1]] | min + 1; [$a[1], $b[1]] | max) | "\($a[0]),\(.)" else empty end')
((${#between[@]} > 0)) || fail "the first move's ends are not on a line"
for c in "${between[@]}"; do [[ " ${on_path[*]} " != *" $c "* ]] || fail "the path runs through $c: pick another level"; done
start_editor "$work/out" "$level" --overlays grid,solution
wait_for 60 grep -qx 'analysis ready' "$work/out"
xdo mousemove --window "$EDITOR_WID" 5 5
check_shot cells X0 Y0 CELL 255 96 0 present "${on_path[@]}" || fail "the next move is not drawn along its path ${on_path[*]}"
check_shot cells X0 Y0 CELL 255 96 0 absent "${between[@]}" || fail "the next move's arrow crosses the tiles between its ends"
stop_editor

# 3. The palette: colours and numbers.
cp "$here/data/link-palette.json" "$work/palette.json"
start_editor "$work/out" "$work/palette.json" --overlays grid
wait_for 60 grep -qx 'analysis ready' "$work/out"
xdo mousemove --window "$EDITOR_WID" 5 5
check_shot board "$work/palette.json" X0 Y0 CELL || fail "a link tile is not drawn in its colour"
light=() dark=()
for ((y = 0; y < 4; y++)); do for ((x = 0; x < 6; x++)); do
    v=$(jq -r ".board[$y] | split(\" \") | .[$x]" "$work/palette.json")
    if (((v - 1) % 2 == 1)); then light+=("$x,$y"); else dark+=("$x,$y"); fi
done; done
check_shot cells X0 Y0 CELL 20 20 24 present "${light[@]}" || fail "a light tile's number is not drawn in dark ink"
check_shot cells X0 Y0 CELL 255 255 255 present "${dark[@]}" || fail "a dark tile's number is not drawn in white"

# Usable: paint value 3 on (0, 0) and save.
key 3
click_cell "$work/out" 0 0
run_actions "$work/out" save
[[ $(jq -r '.board[0]' "$work/palette.json") == "3 2 3 4 5 6" ]] || fail "the painted cell is not in the saved file"
stop_editor
echo "ok: ring on screen, arrow along ${on_path[*]}, palette of 12"
