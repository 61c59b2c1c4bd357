#!/usr/bin/env bash
# End to end (found in the designer pass): after a long play-test the move list shows the newest
# move. Forty arrow keys on 01-classic; the list's last row is laid out inside the window (it ran
# off the bottom of the panel after about 40 moves).
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"
cp "$TILELAB_SOURCE_DIR/levels/samples/slide/01-classic.json" "$work/level.json"

start_editor "$work/out" "$work/level.json" --overlays none
key F5
wait_for 10 grep -q '^play-test started' "$work/out" || fail "no play-test"
for i in $(seq 1 10); do key Left Down Right Down; done
wait_for 30 bash -c "[[ \$(grep -c '^play ' '$work/out') -ge 30 ]]" || fail "only $(grep -c '^play ' "$work/out") moves played"
wait_frames 3
row=$(grep '^item play-last-move ' "$work/out" | tail -1)
[[ -n $row ]] || fail "the newest move's row was never drawn"
read -r y1 < <(awk '{print $6}' <<<"$row")
((y1 <= 720)) || fail "the newest move's row ends at y=$y1, below the 720-pixel window"
stop_editor
echo "ok: $(grep -c '^play ' "$work/out") moves, the newest row at $row"
