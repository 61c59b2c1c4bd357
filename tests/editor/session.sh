#!/usr/bin/env bash
# End to end: settings and recent files are kept between runs in the user's config folder. Open two
# levels, turn the grid off (G), quit; the settings file names both as recent files and as the last
# session, with the grid off; started again with no file, the editor reopens both. A pack opened by
# a relative path is remembered by its absolute path.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

cp "$here/data/match3-start.json" "$work/a.json"
cp "$here/data/link-start.json" "$work/b.json"
settings="$XDG_CONFIG_HOME/tilelab/settings.json"

start_editor "$work/out" "$work/a.json" "$work/b.json"
wait_for 10 grep -q "^opened $work/b.json" "$work/out" || fail "b.json not opened"
key g ctrl+q
wait_for 10 bash -c "! kill -0 $EDITOR_PID" || fail "Ctrl+Q did not quit a clean session"
EDITOR_PID=

[[ -f $settings ]] || fail "no settings file at $settings"
jq -e --arg a "$work/a.json" --arg b "$work/b.json" '
  (.recent_files | index($a) != null and index($b) != null) and
  (.last_session | index($a) != null and index($b) != null) and
  (.overlays.grid == false)' "$settings" >/dev/null || fail "settings: $(cat "$settings")"

start_editor "$work/out2" --overlays none
wait_for 10 grep -q "^opened $work/a.json" "$work/out2" || { cat "$work/out2" >&2; fail "a.json not reopened"; }
wait_for 10 grep -q "^opened $work/b.json" "$work/out2" || { cat "$work/out2" >&2; fail "b.json not reopened"; }
stop_editor

# A pack opened by a relative path is remembered by its absolute path (it was kept as typed, so
# the recent files named "world.json" and a start in another folder could not find it).
printf '{"format": "tilelab.pack", "version": 1, "name": "W", "levels": ["a.json"]}\n' >"$work/world.json"
cd "$work"
start_editor "$work/out3" world.json --overlays none
wait_for 10 grep -q "^opened pack world.json" "$work/out3" || fail "the pack did not open"
stop_editor
jq -e --arg w "$work/world.json" '(.recent_files | index($w) != null) and (.last_session | index($w) != null) and
  (.recent_files | index("world.json") == null)' "$settings" >/dev/null || fail "settings: $(cat "$settings")"
echo ok
