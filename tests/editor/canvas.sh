#!/usr/bin/env bash
# End to end: the canvas camera with real input. The wheel zooms at the mouse (the cell under it
# stays under it), Ctrl+0 fits the board again, a middle drag and a space + left drag pan by the
# distance dragged, and panning with space never paints.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$here/data/match3-start.json" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
wait_for 10 grep -q '^analysis ready' "$work/out"
wait_frames 3
read -r fx fy fcell < <(layout "$work/out")
# layout_after N: waits until more than N layout lines were printed and the input sent so far is
# drawn, then prints the last one.
count() { grep -c '^layout' "$work/out"; }
layout_after() { wait_for 5 bash -c "[[ \$(grep -c '^layout' '$work/out') -gt $1 ]]" || fail "no new layout"; wait_frames 3; layout "$work/out"; }

# 1. Zoom in at the centre of cell (1,1): bigger cells, the same cell under the mouse.
read -r mx my < <(cell_px "$work/out" 1 1)
n=$(count)
xdo mousemove --window "$EDITOR_WID" "$mx" "$my"; xdo click 4; xdo click 4
read -r zx zy zcell < <(layout_after "$n")
awk -v a="$zcell" -v b="$fcell" 'BEGIN{exit !(a > b)}' || fail "the wheel did not zoom in ($fcell -> $zcell)"
under=$(awk -v x0="$zx" -v y0="$zy" -v c="$zcell" -v mx="$mx" -v my="$my" 'BEGIN{printf "%d,%d", int((mx - x0) / c), int((my - y0) / c)}')
[[ $under == 1,1 ]] || fail "zooming moved the board under the mouse: cell $under is there now"

# 2. Ctrl+0: fit again, exactly the first layout.
n=$(count)
key ctrl+0
read -r x y c < <(layout_after "$n")
[[ "$x $y $c" == "$fx $fy $fcell" ]] || fail "Ctrl+0 gave $x $y $c, the fit was $fx $fy $fcell"

# 3. Middle drag by (60, 40): the board moves by as much.
n=$(count)
xdo mousemove --window "$EDITOR_WID" "$mx" "$my"; xdo mousedown 2
for step in 1 2 3 4; do xdo mousemove --window "$EDITOR_WID" $((mx + 15 * step)) $((my + 10 * step)); done
xdo mouseup 2
read -r x y c < <(layout_after "$n")
[[ "$x $y" == "$(awk -v a="$fx" -v b="$fy" 'BEGIN{print a + 60, b + 40}')" ]] || fail "middle drag moved the board to $x $y from $fx $fy"

# 4. Space + left drag by (-30, 20): pans, paints nothing.
read -r px py < <(awk -v a="$x" -v b="$y" -v c="$c" 'BEGIN{printf "%d %d\n", a + 1.5 * c, b + 1.5 * c}')
n=$(count)
xdo mousemove --window "$EDITOR_WID" "$px" "$py"; xdo keydown space; xdo mousedown 1
for step in 1 2 3; do xdo mousemove --window "$EDITOR_WID" $((px - 10 * step)) $((py + 7 * step)); done
xdo mouseup 1; xdo keyup space
read -r x2 y2 c2 < <(layout_after "$n")
[[ "$x2 $y2" == "$(awk -v a="$x" -v b="$y" 'BEGIN{print a - 30, b + 21}')" ]] || fail "space drag moved the board to $x2 $y2 from $x $y"
run_actions "$work/out" save
cmp -s "$here/data/match3-start.json" "$work/level.json" || fail "panning painted: $(jq -c .board "$work/level.json")"
stop_editor
echo "ok: fit $fcell px, zoomed $zcell px, panned"
