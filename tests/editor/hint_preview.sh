#!/usr/bin/env bash
# End to end: hovering a hint swap's arrow previews what it clears. Two real screenshots, the mouse
# off the board and then on the arrow of a hint the core reports (`tilelab analyze --json`): the cells
# that look different must be exactly the cells the core says the swap clears.
# Usage: hint_preview.sh LEVEL.json [HINT_INDEX]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

level=$1 index=${2:-0}
"$TILELAB_CLI" analyze "$level" --json >"$work/analysis.json"
hint=$(jq -c ".hints[$index]" "$work/analysis.json")
[[ $hint != null ]] || fail "the core reports no hint $index for $level"
want=$(jq -r '.clears[] | "\(.[0]),\(.[1])"' <<<"$hint" | sort)
width=$(jq .width "$level") height=$(jq .height "$level")

start_editor "$work/out" "$level" --overlays all
wait_for 60 grep -qx 'analysis ready' "$work/out"
wait_frames 3  # the layout settles (the analysis panel grows once)
read -r x0 y0 cell < <(layout "$work/out")
# The mouse away from the board (the canvas corner), then on the middle of the hint's arrow. The
# board away from the mouse is shot until two shots agree on every cell: on a busy machine the
# pointer's move can reach the editor frames after it was made, and a cell still lit by the hover
# would count as changed.
pointer_to "$(awk -v a="$x0" 'BEGIN{printf "%d", a - 12}')" "$(awk -v b="$y0" 'BEGIN{printf "%d", b - 12}')"
wait_frames 3
shot "$work/away.png"
for _ in $(seq 1 10); do
    wait_frames 2
    shot "$work/away2.png"
    [[ -z $("$TILELAB_EDITOR_CHECK" changed "$work/away.png" "$work/away2.png" "$x0" "$y0" "$cell" "$width" "$height") ]] && break
    mv "$work/away2.png" "$work/away.png"
done
read -r ax ay bx by < <(jq -r '"\(.swap[0][0]) \(.swap[0][1]) \(.swap[1][0]) \(.swap[1][1])"' <<<"$hint")
mx=$(awk -v a="$x0" -v c="$cell" -v p="$ax" -v q="$bx" 'BEGIN{printf "%d", a + ((p + q) / 2 + 0.5) * c}')
my=$(awk -v b="$y0" -v c="$cell" -v p="$ay" -v q="$by" 'BEGIN{printf "%d", b + ((p + q) / 2 + 0.5) * c}')
pointer_to "$mx" "$my"
got=
for _ in $(seq 1 20); do
    shot "$work/over.png"
    got=$("$TILELAB_EDITOR_CHECK" changed "$work/away.png" "$work/over.png" "$x0" "$y0" "$cell" "$width" "$height" | sort)
    [[ "$got" == "$want" ]] && break
    wait_frames 2
done
stop_editor
if [[ "$got" != "$want" ]]; then
    cat "$work/out" >&2
    echo "FAIL: hovering hint $hint changed cells [$(echo $got)], the core says it clears [$(echo $want)]" >&2
    exit 1
fi
echo "ok: hint $hint previews [$(echo $got)]"
