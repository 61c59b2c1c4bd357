#!/usr/bin/env bash
# End to end: quitting with unsaved changes prompts (and writes nothing); after SIGKILL the
# autosaved work is offered back on the next start, recovered, and saves as expected.
# Usage: unsaved.sh START.json
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

start=$1
mkdir -p "$XDG_CONFIG_HOME/tilelab"
echo '{"autosave_seconds": 1}' >"$XDG_CONFIG_HOME/tilelab/settings.json"
cp "$start" "$work/level.json"

# 1. Quit with unsaved changes: the prompt comes, the file stays as it was.
start_editor "$work/out" "$work/level.json" --overlays none
run_actions "$work/out" key:3 click:0,0  # colour 2
key ctrl+q
wait_for 20 grep -q '^prompt: quit with unsaved changes' "$work/out"
cmp -s "$start" "$work/level.json" || fail "the file changed without a save"
kill -0 "$EDITOR_PID" || fail "the editor quit without asking"
echo "ok: quit prompt"

# 2. SIGKILL after the autosave: only the autosave holds the work.
wait_for 20 test -f "$work/level.json.autosave"
kill -KILL "$EDITOR_PID"
wait "$EDITOR_PID" 2>/dev/null || true
cmp -s "$start" "$work/level.json" || fail "the file changed without a save"
echo "ok: killed, autosave kept"

# 3. The next start offers it back; Enter recovers; Ctrl+S saves it.
start_editor "$work/out2" "$work/level.json" --overlays none
wait_for 20 grep -q '^prompt: recover' "$work/out2"
key Return
wait_for 20 grep -q '^recovered' "$work/out2"
run_actions "$work/out2" save
cmp -s "$work/level.json.autosave" /dev/null 2>/dev/null || true
grep -q '"2 ' "$work/level.json" || fail "the recovered edit is not in the saved file" >&2; head -20 "$work/level.json"
[[ ! -e "$work/level.json.autosave" ]] || fail "the autosave outlived the save"
stop_editor
echo "ok: recovered and saved"
