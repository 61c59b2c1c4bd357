#!/usr/bin/env bash
# End to end: a slide level's start spawns (start_tiles drawn from the seed) show as outlined ghosts
# on exactly the cells where `tilelab apply --json` says the start board differs from the painted one.
# Usage: slide_spawns.sh LEVEL.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1
# Any legal first move will do: only the start board is read.
start_board=$("$TILELAB_CLI" apply "$level" up --json | jq -c .start_board) || true
[[ -n $start_board && $start_board != null ]] || start_board=$("$TILELAB_CLI" apply "$level" down --json | jq -c .start_board)
spawns=$(jq -rn --argjson s "$start_board" --argjson p "$(jq -c .board "$level")" '
  [range(0; $s | length) as $y | ($s[$y] | split(" ")) as $a | ($p[$y] | split(" ")) as $b
   | range(0; $a | length) as $x | select($a[$x] != $b[$x]) | "\($x),\($y)"] | .[]')
[[ -n $spawns ]] || fail "$level spawns nothing at the start: pick a level that does"

start_editor "$work/out" "$level" --overlays all
wait_for 60 grep -q '^analysis ready' "$work/out"
wait_frames 3
read -r x0 y0 cell < <(layout "$work/out")
shot "$work/shot.png"
width=$(jq .width "$level") height=$(jq .height "$level")
bad=0
for ((y = 0; y < height; y++)); do
    for ((x = 0; x < width; x++)); do
        read -r ax ay bx by < <(awk -v a="$x0" -v b="$y0" -v c="$cell" -v x="$x" -v y="$y" \
            'BEGIN{printf "%d %d %d %d\n", a + x * c + 0.15 * c, b + y * c + 0.15 * c, a + (x + 1) * c - 0.15 * c, b + (y + 1) * c - 0.15 * c}')
        shown=no
        "$TILELAB_EDITOR_CHECK" find "$work/shot.png" "$ax" "$ay" "$bx" "$by" 120 200 255 30 >/dev/null && shown=yes
        want=no
        grep -qx "$x,$y" <<<"$spawns" && want=yes
        if [[ $shown != "$want" ]]; then echo "cell ($x,$y): ghost shown $shown, start spawn $want" >&2; bad=1; fi
    done
done
stop_editor
((bad == 0)) || fail "start spawns not drawn where the core puts them"
echo "ok: ghosts at $(echo $spawns)"
