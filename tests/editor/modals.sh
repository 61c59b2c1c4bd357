#!/usr/bin/env bash
# End to end (issue 12, item 1): one modal at a time. With the New level dialog open, Ctrl+O,
# Ctrl+W and Ctrl+Q act on nothing behind it (each says it waits) and the dialog stays drawn;
# SIGTERM brings the quit prompt, drawn, over the dialog; Esc closes the top modal each time, the
# dialog first comes back; then the editor is usable: the board is drawn undimmed, painting and
# saving work. Ctrl+W's prompt takes no Ctrl+N either. Finally SIGTERM with unsaved work shows the
# prompt and "Quit without saving" ends the program.
# Usage: modals.sh START.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$1" "$work/level.json"
out=$work/out
# count PATTERN: how many lines of the editor's output start with PATTERN.
count() { grep -c "^$1" "$out" || true; }
# wait_more PATTERN N: waits until more than N lines start with PATTERN.
wait_more() { wait_for 20 bash -c "(( \$(grep -c '^$1' '$out' || true) > $2 ))" || fail "never saw '$1' (after $2 times)"; }
# visible NAME: the widget NAME (its last traced rectangle) shows a button's colour in a screenshot:
# the dialog is drawn, not just open.
visible() {
    local x0 y0 x1 y1 attempt
    for attempt in $(seq 1 40); do
        # The rectangle again each time: a dialog's first frame places it before it is centred.
        read -r x0 y0 x1 y1 < <(grep "^item $1 " "$out" | tail -1 | awk '{print $3, $4, $5, $6}')
        shot "$work/shot.png"
        # ImGui's dark style: a button is (66, 150, 250) at 40% over the dialog's near-black: (41, 76, 119).
        "$TILELAB_EDITOR_CHECK" find "$work/shot.png" "$x0" "$y0" "$x1" "$y1" 41 76 119 12 >/dev/null && return 0
        wait_frames 2
    done
    keep "$work/shot.png" "$1-failed.png"
    fail "$1 is not drawn"
}

start_editor "$out" "$work/level.json" --overlays none
run_actions "$out" key:4 click:0,0  # unsaved work: colour 3 at (0, 0)

# 1. Ctrl+N, then Ctrl+O / Ctrl+W / Ctrl+Q under the dialog: each waits, nothing opens or closes.
key ctrl+n
wait_more 'modal: the New level dialog' 0
wait_for 10 grep -q '^item new-level-create ' "$out" || fail "no New level dialog"
key ctrl+o
wait_for 10 grep -q '^status: Open waits: the New level dialog is open' "$out" || fail "Ctrl+O did not say it waits"
key ctrl+w
wait_for 10 grep -q '^status: Close waits: the New level dialog is open' "$out" || fail "Ctrl+W did not say it waits"
key ctrl+q
wait_for 10 grep -q '^status: Quit waits: the New level dialog is open' "$out" || fail "Ctrl+Q did not say it waits"
grep -q '^modal: the file dialog' "$out" && fail "Ctrl+O opened the file dialog over the New level dialog"
grep -q '^prompt: ' "$out" && fail "a prompt opened under the dialog"
visible new-level-create
echo "ok: Ctrl+O, Ctrl+W, Ctrl+Q wait for the New level dialog, which stays drawn"

# 2. SIGTERM with unsaved work: the quit prompt goes over the dialog, drawn.
kill -TERM "$EDITOR_PID"
wait_more 'modal: the quit prompt' 0
wait_for 10 grep -q '^item quit-without-saving ' "$out" || fail "no quit prompt"
visible quit-without-saving
kill -0 "$EDITOR_PID" || fail "SIGTERM ended the editor without asking about the unsaved work"
echo "ok: SIGTERM brings the quit prompt, drawn, over the dialog"

# 3. Esc closes the top modal: the quit prompt, then the dialog (which came back), then nothing.
key Escape
wait_more 'modal: the New level dialog' 1
visible new-level-create
key Escape
wait_more 'modal: none' 0
[[ $(count 'new level ') == 0 ]] || fail "Esc created a level"
echo "ok: Esc closes the quit prompt, then the New level dialog"

# 4. A usable editor: the board drawn undimmed, painting and saving work, the tab is still there.
run_actions "$out" key:2 click:1,0 save
[[ $(jq -r '.board[0]' "$work/level.json") == "3 1 2 3" ]] || fail "saved row 0: $(jq -r '.board[0]' "$work/level.json")"
"$TILELAB_CLI" validate --quiet "$work/level.json" || fail "the saved file is not valid"
check_shot board "$work/level.json" X0 Y0 CELL || fail "the board is not drawn (or dimmed by a modal)"
echo "ok: painted and saved after the dialogs"

# 5. The close prompt (Ctrl+W with unsaved work) takes no Ctrl+N; Esc cancels it and the tab stays.
run_actions "$out" key:2 click:2,0  # colour 1
key ctrl+w
wait_more 'modal: the unsaved-changes prompt' 0
key ctrl+n
wait_for 10 grep -q '^status: New level waits: the unsaved-changes prompt is open' "$out" || fail "Ctrl+N did not wait"
key Escape
wait_more 'modal: none' 1
run_actions "$out" save
[[ $(jq -r '.board[0]' "$work/level.json") == "3 1 1 3" ]] || fail "after the close prompt: $(jq -r '.board[0]' "$work/level.json")"
echo "ok: the close prompt waits, Esc keeps the tab"

# 5b. F1 opens the shortcuts window and Esc closes it (it stayed open: Esc only selected none).
key F1
wait_more 'shortcuts window: open' 0
key Escape
wait_more 'shortcuts window: closed' 0
echo "ok: Esc closes the shortcuts window"

# 5c. A dialog open while the window shrinks is centred again: its buttons stay inside the window.
key ctrl+n
wait_more 'modal: the New level dialog' 2
xdotool windowsize "$EDITOR_WID" 560 380
wait_for 10 bash -c "grep '^item new-level-create ' '$out' | tail -1 | awk '{exit !(\$5 < 560 && \$6 < 380)}'" ||
    fail "after the resize the Create button is at $(grep '^item new-level-create ' "$out" | tail -1)"
key Escape
xdotool windowsize "$EDITOR_WID" 1100 720
wait_frames 3
echo "ok: a dialog follows the window's resize"

# 6. SIGTERM with unsaved work, then "Quit without saving": the program ends.
run_actions "$out" key:1 click:3,0
kill -TERM "$EDITOR_PID"
wait_more 'modal: the quit prompt' 1
visible quit-without-saving
click_item quit-without-saving
wait_for 20 bash -c "! kill -0 $EDITOR_PID 2>/dev/null" || fail "the editor did not end after Quit without saving"
status=0
wait "$EDITOR_PID" || status=$?
EDITOR_PID=
((status == 0)) || fail "the editor ended with status $status"
[[ $(jq -r '.board[0]' "$work/level.json") == "3 1 1 3" ]] || fail "quit without saving wrote the file"
echo "ok: SIGTERM, prompt, quit without saving ends the editor"
