#!/usr/bin/env bash
# End to end, crash recovery (issue 12 item 7): the settings are written when they change, so after
# kill -9 the recent files and the last session are there; the next start offers EVERY autosave (a
# file not reopened, a never-saved level), each with its file and time; recovering puts the work back;
# "Quit without saving" deletes the autosaves, so the start after that offers nothing.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

settings="$XDG_CONFIG_HOME/tilelab/settings.json"
mkdir -p "$XDG_CONFIG_HOME/tilelab"
echo '{"autosave_seconds": 1}' >"$settings"
cp "$here/data/match3-start.json" "$work/a.json"
cp "$here/data/link-start.json" "$work/b.json"
cp "$here/data/match3-start.json" "$work/c.json"

# 1. Three files open; c.json (the active tab) edited; a new level, never saved, edited; kill -9.
start_editor "$work/out" "$work/a.json" "$work/b.json" "$work/c.json" --overlays none
wait_for 10 grep -q "^opened $work/c.json" "$work/out" || fail "c.json not opened"
# Written while running, not only at exit.
wait_for 10 jq -e --arg a "$work/a.json" --arg b "$work/b.json" --arg c "$work/c.json" '
  (.recent_files | index($a) != null and index($b) != null and index($c) != null) and
  (.last_session == [$a, $b, $c])' "$settings" || fail "settings not written while running: $(cat "$settings")"
run_actions "$work/out" key:3 click:0,0
wait_for 20 grep -q "^autosaved $work/c.json.autosave" "$work/out" || fail "c.json not autosaved"
key ctrl+n
wait_for 10 grep -q '^item new-level-create ' "$work/out" || fail "no New level dialog"
wait_frames 3
click_item new-level-create
wait_for 10 bash -c "grep '^layout' '$work/out' | tail -1 | grep -q ' 8 8$'" || fail "no 8x8 level on the canvas"
wait_frames 3
run_actions "$work/out" key:2 click:0,0
wait_for 20 grep -q "^autosaved $XDG_CONFIG_HOME/tilelab/autosave/.*\.json\.autosave" "$work/out" || fail "the new level was not autosaved"
kill -KILL "$EDITOR_PID"
wait "$EDITOR_PID" 2>/dev/null || true
EDITOR_PID=
untitled=$(ls "$XDG_CONFIG_HOME"/tilelab/autosave/*.json.autosave)
jq -e --arg a "$work/a.json" --arg b "$work/b.json" --arg c "$work/c.json" '
  (.recent_files | index($a) != null and index($b) != null and index($c) != null) and
  (.last_session == [$a, $b, $c])' "$settings" >/dev/null || fail "after kill -9: $(cat "$settings")"
echo "ok: killed; recent files and last session kept"

mv "$work/out" "$work/out1"

# 2. Started on a.json alone: c.json is not reopened, yet both autosaves are offered with file and time.
start_editor "$work/out" "$work/a.json" --overlays none
when='[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}'
wait_for 20 grep -Eq "^prompt: recover $work/c.json.autosave \($work/c.json, $when\)" "$work/out" ||
    { cat "$work/out" >&2; fail "c.json's autosave not offered"; }
wait_for 20 grep -Eq "^prompt: recover $untitled \(never saved, $when\)" "$work/out" ||
    { cat "$work/out" >&2; fail "the never-saved level's autosave not offered"; }
shot "$work/offer.png"
show "$work/offer.png" recovery-offer.png
key Return  # Recover all
wait_for 20 grep -q "^recovered $work/c.json.autosave" "$work/out" || fail "c.json's work not recovered"
wait_for 20 grep -q "^recovered $untitled" "$work/out" || fail "the never-saved level not recovered"
grep -q "^opened $work/c.json" "$work/out" || fail "recovering c.json's work did not open c.json"
cmp -s "$here/data/match3-start.json" "$work/c.json" || fail "recovery wrote the user's file"
echo "ok: every autosave offered and recovered"

# 3. Quit without saving: the autosaves go; the next start offers nothing.
key ctrl+q
wait_for 20 grep -q '^prompt: quit with unsaved changes' "$work/out" || fail "no quit prompt"
wait_for 20 grep -q '^item quit-without-saving ' "$work/out" || fail "no Quit without saving button"
click_item quit-without-saving
wait_for 20 bash -c "! kill -0 $EDITOR_PID" || fail "Quit without saving did not quit"
EDITOR_PID=
leftover=$(find "$work" -name '*.autosave')
[[ -z $leftover ]] || fail "autosaves outlived Quit without saving: $leftover"
mv "$work/out" "$work/out2"
start_editor "$work/out" --overlays none
wait_for 20 grep -q "^opened $work/c.json" "$work/out" || { cat "$work/out" >&2; fail "the last session (a.json, c.json) not reopened"; }
wait_for 10 grep -q "^opened $work/a.json" "$work/out" || fail "a.json not reopened"
# The prompt is traced on the first frames; give it plenty of frames to (not) show.
for _ in $(seq 1 20); do shot "$work/after.png"; done
! grep -q '^prompt: recover' "$work/out" || fail "discarded work offered again: $(grep '^prompt: recover' "$work/out")"
stop_editor
echo "ok: quit without saving leaves nothing to recover"
