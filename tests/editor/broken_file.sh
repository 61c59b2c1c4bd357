#!/usr/bin/env bash
# End to end: files that do not load never abort the editor nor turn into a blank level.
# 1. A file with content errors and a file with `"seed": 1e400` on the command line: every
#    diagnostic on stderr (the lines `tilelab validate` prints), both listed in Problems, no blank
#    level drawn; fixed on disk, Retry opens the file and the editor is usable (edit, save).
# 2. The last session holds a file that no longer loads: the editor starts, opens the other file
#    and names the one it could not reopen.
# 3. The open file changes on disk into one that does not load: the editor keeps its copy and says so.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

good="$here/data/match3-start.json"
# Content errors: an unknown key and a short row (the loader reports both).
jq '.colour = 3 | .board[1] = "1 2"' "$good" >"$work/content.json"
sed 's/"seed": [0-9]*/"seed": 1e400/' "$good" >"$work/overflow.json"
grep -q 1e400 "$work/overflow.json" || fail "test setup: no seed to replace in $good"

# --- 1. Both broken files on the command line.
"$TILELAB_EDITOR" --window 1100x720 --print-layout --trace "$work/content.json" "$work/overflow.json" \
  >"$work/out" 2>"$work/out.err" &
EDITOR_PID=$!
EDITOR_WID=$(timeout 30 xdotool search --sync --onlyvisible --pid "$EDITOR_PID" | head -1) || fail "no window"
# Each file has a tab of its own; the last one is in front, with its errors in Problems.
wait_for 20 grep -q '^item tab-content.json ' "$work/out" || fail "no tab for content.json"
wait_for 20 grep -q '^item tab-overflow.json ' "$work/out" || fail "no tab for overflow.json"
wait_for 20 grep -q '^item open-failure-1 ' "$work/out" || fail "the Problems panel does not list overflow.json's errors"
wait_for 10 bash -c "grep '^failure shown: ' '$work/out' | tail -1 | grep -qx 'failure shown: overflow.json'" ||
  fail "Problems does not show overflow.json's errors alone"
click_item tab-content.json
wait_for 10 bash -c "grep '^failure shown: ' '$work/out' | tail -1 | grep -qx 'failure shown: content.json'" ||
  fail "content.json's tab does not show its own errors"
kill -0 "$EDITOR_PID" || fail "the editor ended"
for f in content overflow; do
  "$TILELAB_CLI" validate "$work/$f.json" 2>"$work/$f.want" && fail "validate accepts $f.json"
  [[ $(wc -l <"$work/$f.want") -ge 1 ]] || fail "validate printed nothing for $f.json"
  while IFS= read -r line; do
    grep -qxF "$line" "$work/out.err" || fail "stderr lacks: $line"
  done <"$work/$f.want"
done
[[ $(wc -l <"$work/content.want") -ge 2 ]] || fail "expected two content errors: $(cat "$work/content.want")"
grep -q 'overflow.json:9:11: error: the number 1e400 is out of range' "$work/out.err" || fail "no located overflow error"
grep -q '^status: could not open content.json, overflow.json: see Problems' "$work/out" || fail "the status does not name both files"
grep -q '^layout' "$work/out" && fail "a board was drawn: a blank level took the broken files' place"
grep -q '^opened' "$work/out" && fail "something was opened"
# The files are untouched.
[[ $(grep -c 1e400 "$work/overflow.json") == 1 ]] || fail "overflow.json changed"
# Fix one on disk and Retry: it opens as a level and can be edited and saved.
cp "$good" "$work/content.json"
click_item open-failure-retry-0
wait_for 10 grep -q "^opened $work/content.json" "$work/out" || fail "Retry did not open the fixed file"
wait_for 10 grep -q '^layout' "$work/out" || fail "no board after Retry"
run_actions "$work/out" key:2 click:0,0 save
[[ $(jq -r '.board[0]' "$work/content.json") != "0 1 2 3" ]] || fail "the edit was not saved: $(jq -c .board "$work/content.json")"
key ctrl+q
wait_for 10 bash -c "! kill -0 $EDITOR_PID" || fail "Ctrl+Q did not quit"
EDITOR_PID=

# --- 2. The last session holds content.json (loads) and overflow.json (does not).
settings="$XDG_CONFIG_HOME/tilelab/settings.json"
jq -e --arg f "$work/overflow.json" '.last_session | index($f) == null' "$settings" >/dev/null ||
  fail "a file that never opened is in the session"
jq --arg a "$work/content.json" --arg b "$work/overflow.json" '.last_session = [$a, $b]' "$settings" >"$settings.new"
mv "$settings.new" "$settings"
start_editor "$work/out2"
wait_for 10 grep -q "^opened $work/content.json" "$work/out2" || fail "content.json not reopened"
wait_for 10 grep -q '^status: could not reopen overflow.json: see Problems' "$work/out2" ||
  { cat "$work/out2" >&2; fail "the start does not name the file it could not reopen"; }
grep -q 'overflow.json:9:11: error: the number 1e400' "$work/out2.err" || fail "no diagnostic on stderr at start"
wait_for 10 grep -q '^item open-failure-0 ' "$work/out2" || fail "not listed in Problems"
# Its errors belong to its tab: the level's tab shows the level's problems alone.
cp "$work/out2" "$work/out"  # click_item reads $work/out
click_item tab-content.json
wait_for 10 bash -c "grep '^failure shown: ' '$work/out2' | tail -1 | grep -qx 'failure shown: none'" ||
  fail "overflow.json's errors still show on content.json's tab"

# --- 3. The open file becomes one that does not load, under the open tab.
sed 's/"seed": [0-9]*/"seed": 1e400/' "$work/content.json" >"$work/content.tmp"
mv "$work/content.tmp" "$work/content.json"
wait_for 10 grep -q '^status: content.json changed on disk and does not load' "$work/out2" || fail "no word of the broken reload"
kill -0 "$EDITOR_PID" || fail "the editor ended on a broken reload"
run_actions "$work/out2" key:3 click:1,0
key ctrl+q
wait_for 10 grep -q '^prompt: quit with unsaved changes' "$work/out2" || wait_for 10 bash -c "! kill -0 $EDITOR_PID" ||
  fail "the editor is not usable after a broken reload"
stop_editor
echo ok
