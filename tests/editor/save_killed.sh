#!/usr/bin/env bash
# End to end (issue 13 Build 4): the real editor killed (SIGKILL, by the fault-injection shim) in the
# middle of a save, at the write of the new file and at the rename over the old one. The next start
# finds the file whole (the old version), its .bak whole, and offers the autosaved work back;
# recovered and saved, the file holds the edit and the killed save's temporary file is gone.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"
[[ -n ${TILELAB_FAULT_SHIM:-} && -f $TILELAB_FAULT_SHIM ]] || { echo "SKIP: no fault shim"; exit 77; }

mkdir -p "$XDG_CONFIG_HOME/tilelab"
start=$here/data/match3-start.json
# Counted calls: those on the editor's temporary files beside the level (the autosave's first, then
# the save's): write #2 is the save's new file; rename #3 puts it over the old one (#2 rotates the .bak).
for point in write:2 rename:3; do
    echo '{"autosave_seconds": 1}' >"$XDG_CONFIG_HOME/tilelab/settings.json"
    rm -f "$work"/level.json* "$work"/.tilelab-*
    cp "$start" "$work/level.json"
    jq '.name = "an older backup"' "$start" >"$work/level.json.bak"
    cp "$work/level.json.bak" "$work/bak.before"
    rm -f "$work/fault.log"
    LD_PRELOAD=$TILELAB_FAULT_SHIM TILELAB_FAULT_MATCH="$work/.tilelab-" TILELAB_FAULT_ONLY=${point%:*} \
        TILELAB_FAULT_AT=${point#*:} TILELAB_FAULT_ACTION=kill TILELAB_FAULT_LOG=$work/fault.log \
        start_editor "$work/out" "$work/level.json" --overlays none
    run_actions "$work/out" key:3 click:0,0
    wait_for 20 grep -q "^autosaved $work/level.json.autosave" "$work/out" || fail "no autosave"
    key ctrl+s
    wait_for 20 bash -c "! kill -0 $EDITOR_PID" || fail "$point: the shim did not kill the editor"
    wait "$EDITOR_PID" 2>/dev/null || true
    EDITOR_PID=
    grep -q "^inject ${point#*:} ${point%:*} .* kill" "$work/fault.log" || fail "$point: not killed there: $(cat "$work/fault.log")"
    cmp -s "$start" "$work/level.json" || fail "$point: level.json is not the whole old file"
    cmp -s "$work/level.json.bak" "$work/bak.before" || cmp -s "$work/level.json.bak" "$start" ||
        fail "$point: level.json.bak is not a whole earlier version"

    mv "$work/out" "$work/out.killed"
    start_editor "$work/out" "$work/level.json" --overlays none
    wait_for 20 grep -q "^prompt: recover $work/level.json.autosave" "$work/out" || fail "$point: the work is not offered back"
    key Return
    wait_for 20 grep -q '^recovered' "$work/out" || fail "$point: not recovered"
    run_actions "$work/out" save
    grep -q '"2 ' "$work/level.json" || fail "$point: the recovered edit is not in the saved file"
    cmp -s "$work/level.json.bak" "$start" || fail "$point: the backup is not the previous version"
    [[ -z $(find "$work" -maxdepth 1 -name '.tilelab-*') ]] || fail "$point: the killed save's temporary file outlived the next save"
    stop_editor
    mv "$work/out" "$work/out.$point"
    echo "ok: killed at $point; the next start recovered the work"
done
