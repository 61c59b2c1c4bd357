#!/usr/bin/env bash
# End to end: quitting with unsaved changes prompts (and writes nothing); after SIGKILL the
# autosaved work is offered back on the next start, recovered, and saves as expected.
# Usage: unsaved.sh START.json
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
ensure_display "$@"

start=$1
work=$(mktemp -d)
trap 'stop_editor 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config"
mkdir -p "$XDG_CONFIG_HOME/tilelab"
echo '{"autosave_seconds": 1}' >"$XDG_CONFIG_HOME/tilelab/settings.json"
cp "$start" "$work/level.json"

# 1. Quit with unsaved changes: the prompt comes, the file stays as it was.
start_editor "$work/out" "$work/level.json" --overlays none
run_actions "$work/out" key:2 click:0,0
key ctrl+q
wait_for 20 grep -q '^prompt: quit with unsaved changes' "$work/out"
cmp -s "$start" "$work/level.json" || { echo "FAIL: the file changed without a save" >&2; exit 1; }
kill -0 "$EDITOR_PID" || { echo "FAIL: the editor quit without asking" >&2; exit 1; }
echo "ok: quit prompt"

# 2. SIGKILL after the autosave: only the autosave holds the work.
wait_for 20 test -f "$work/level.json.autosave"
kill -KILL "$EDITOR_PID"
wait "$EDITOR_PID" 2>/dev/null || true
cmp -s "$start" "$work/level.json" || { echo "FAIL: the file changed without a save" >&2; exit 1; }
echo "ok: killed, autosave kept"

# 3. The next start offers it back; Enter recovers; Ctrl+S saves it.
start_editor "$work/out2" "$work/level.json" --overlays none
wait_for 20 grep -q '^prompt: recover' "$work/out2"
key Return
wait_for 20 grep -q '^recovered' "$work/out2"
run_actions "$work/out2" save
cmp -s "$work/level.json.autosave" /dev/null 2>/dev/null || true
grep -q '"2 ' "$work/level.json" || { echo "FAIL: the recovered edit is not in the saved file" >&2; head -20 "$work/level.json" >&2; exit 1; }
[[ ! -e "$work/level.json.autosave" ]] || { echo "FAIL: the autosave outlived the save" >&2; exit 1; }
stop_editor
echo "ok: recovered and saved"
