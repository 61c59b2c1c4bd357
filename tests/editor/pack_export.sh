#!/usr/bin/env bash
# End to end: in the real editor, with real clicks and keys on the Pack panel, export a copy of the demo
# pack and compare the bundle byte for byte with `tilelab pack export`; break a level and see the
# export refused (naming the file) with the previous bundle kept; add level files (a pack, a broken
# level and a good one) and save; close the pack while its analysis runs and see the check stop.
# Write report... writes `tilelab pack report`'s page byte for byte.
set -euo pipefail
[[ -n "${TILELAB_E2E_TRACE:-}" ]] && set -x
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
ensure_display "$@"
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }

work=$(mktemp -d)
trap 'stop_editor 2>/dev/null; [[ -n "${TILELAB_E2E_KEEP:-}" ]] && echo "kept $work" >&2 || rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config"
# The pack and the levels it points to, keeping their relative paths.
mkdir -p "$work/levels/packs" "$work/extra"
cp -r "$TILELAB_SOURCE_DIR/levels/samples" "$work/levels/"
cp "$TILELAB_SOURCE_DIR/levels/packs/demo.json" "$work/levels/packs/"
pack="$work/levels/packs/demo.json"
bundle="$work/levels/packs/demo.bundle.json"
out="$work/out"

fail() {
    [[ -n "${TILELAB_E2E_SHOT:-}" && -n "${EDITOR_PID:-}" ]] && shot "$TILELAB_E2E_SHOT"
    [[ -n "${TILELAB_E2E_SHOT:-}" ]] && cp "$out" "$TILELAB_E2E_SHOT.out"
    echo "FAIL: $*" >&2
    echo "--- editor stdout:" >&2; grep -v -e '^layout' -e '^frame ' "$out" >&2 || true
    echo "--- editor stderr:" >&2; cat "$out.err" >&2 || true
    exit 1
}

# mark: remembers how far the editor's stdout has got; seen PATTERN: a line after the mark matches.
mark() { base=$(wc -l <"$out"); }
# (grep reads all of it: with -q it would stop at the first match, and tail, still writing a long
# output, would die of SIGPIPE, which pipefail turns into a miss.)
seen() { tail -n "+$((base + 1))" "$out" | grep -- "$1" >/dev/null; }
# wait_new PATTERN [SECONDS] [WHAT]: waits for a line after the mark matching PATTERN.
wait_new() { wait_out "${2:-20}" seen "$1" || fail "${3:-no line '$1' from the editor}"; }

# press_at X Y HOVER: a left click at window pixel (X, Y), pressed only once the editor has printed
# the line HOVER (the mouse seen over the target: under Xvfb its event loop can lag behind).
press_at() {
    local tries
    for tries in 1 2 3; do
        mark
        xdotool mousemove --window "$EDITOR_WID" "$(($1 + tries - 1))" "$2"
        wait_out 3 seen "$3" && break
        xdo mousemove --window "$EDITOR_WID" 5 "$2"  # away, so the next move is a move
    done
    seen "$3" || fail "the editor never saw the mouse over ($1, $2) ('$3')"
    xdo mousedown 1; xdo mouseup 1
}

# click_button NAME: clicks the Pack panel button "pack-NAME" once the editor sees the mouse on it.
click_button() {
    local x y
    read -r x y < <(item_centre "pack-$1")
    [[ -n "$x" ]] || fail "the editor never showed the pack button '$1'"
    press_at "$x" "$y" "^hover pack-$1\$"
}

# in_browser BUTTON TEXT: marks, opens the pack's file dialog with BUTTON, waits for its name field
# to take the keyboard focus (its text selected), types TEXT over it (empty: keeps the default
# name) and clicks the dialog's action button (Export or Add); waits for the dialog to close.
# (Enter works for people, but under Xvfb the editor's event loop can miss the Return's release
# until the next key: see the report.)
in_browser() {
    mark
    click_button "$1"
    wait_new '^browser: .* in ' 10 "no file dialog after '$1'"
    wait_new '^browser: typing in the name field' 10 "the dialog's name field did not take the focus"
    [[ -z "$2" ]] || xdotool type --delay 40 "$2"
    wait_frames 3
    local x y
    read -r x y < <(item_centre browser-action)
    press_at "$x" "$y" '^hover browser-action$'
    wait_new '^browser: closed' 10 "the file dialog did not close on its action button"
}

# The editor's export uses its check settings (Pack panel > Check settings; docs/editor.md).
cli_flags=(--runs 2000 --seed 0 --budget-ms 1000 --bot greedy)

start_editor "$out" "$pack" --overlays none --window 1100x880
wait_for 10 grep -q '^item pack-export ' "$out" || fail "no export button"
wait_for 20 grep -q '^analysis ready' "$out" || fail "the level's analysis never came"  # the layout has settled

# Rows show each level's name and id from its file as soon as the pack is open.
grep -q '^pack-level ../samples/link/02-sum.json: Sum to ten (link-sum-02)$' "$out" || fail "level names not read"

# The panel's defaults are the command line's (each kind's own bot: about two minutes for the demo
# pack on one thread, tests/editor/figures.sh checks those figures); here a designer in a hurry ticks
# the greedy bot under Check settings, and the CLI gets the same --bot.
grep -q '^item pack-greedy ' "$out" && fail "the check settings are unfolded at the start"
click_button settings
wait_for 10 grep -q '^item pack-greedy ' "$out" || fail "no greedy check box under Check settings"
click_button greedy

# 1. Export with the default name (demo.bundle.json beside the pack): the CLI's bundle, byte for byte.
in_browser export ""
wait_new '^status: exporting: checking the pack' 10
wait_new '^status: exported ' 60 "the export never finished"
demo_count=$(jq '.levels | length' "$TILELAB_SOURCE_DIR/levels/packs/demo.json")
seen "^status: exported $bundle: $demo_count levels" || fail "unexpected export status: $(grep '^status: exp' "$out" | tail -1)"
seen "^export: same as tilelab pack export $pack -o $bundle --runs 2000 --seed 0 --budget-ms 1000 --bot greedy$" ||
    fail "the editor did not name the equivalent command line"
# The CLI of the same build reads the editor's check cache entries (one identity for both, the
# core's archive hash): it adds none of its own.
entries() { find "$XDG_CACHE_HOME/tilelab/checks" -name "*.json" 2>/dev/null | wc -l; }
editor_entries=$(entries)
"$TILELAB_CLI" pack export "$pack" -o "$work/cli.bundle.json" "${cli_flags[@]}" >/dev/null
cmp "$work/cli.bundle.json" "$bundle" || fail "the editor's bundle differs from tilelab pack export's"
[[ $editor_entries -ge $demo_count && $(entries) == "$editor_entries" ]] ||
    fail "the CLI did not read the editor's cache entries: $editor_entries entries, then $(entries)"

# 1b. Write report... with the default name (demo.html beside the pack): `tilelab pack report`'s page,
#     byte for byte, from the same check settings.
report="$work/levels/packs/demo.html"
mark
in_browser report ""
wait_new '^status: wrote report ' 60 "the report was never written"
seen "^report: same as tilelab pack report $pack -o $report --runs 2000 --seed 0 --budget-ms 1000 --bot greedy$" ||
    fail "the editor did not name the report's command line"
"$TILELAB_CLI" pack report "$pack" -o "$work/cli.html" "${cli_flags[@]}" >/dev/null
cmp "$work/cli.html" "$report" || fail "the editor's report differs from tilelab pack report's"
# The export's check filled the check cache (the test's own XDG_CACHE_HOME, ensure_display): the report's check,
# of the same levels and settings, read every level back, and wrote the same page.
seen "^pack-check from cache: $demo_count of $demo_count levels" ||
    fail "the report's check did not read the levels from the cache: $(grep '^pack-check from cache' "$out" | tail -2)"
[[ -n $(find "$XDG_CACHE_HOME/tilelab/checks" -name "*.json" 2>/dev/null | head -1) ]] || fail "no check cache under \$XDG_CACHE_HOME"

# 2. A level breaks on disk: its row turns invalid, the export is refused naming the file, the
#    previous bundle is untouched, and the CLI agrees that this pack cannot be exported.
mark
printf '{"format": "tilelab.level", "version": 1, "kind": "link",\n' >"$work/levels/samples/link/02-sum.json"
wait_new '^pack-level ../samples/link/02-sum.json: invalid: .*02-sum.json:' 10 "the broken level's row was not marked"
in_browser export ""
wait_new '^status: export refused' 60
seen "^status: export refused: $work/levels/samples/link/02-sum.json:.*nothing written to $bundle" ||
    fail "the refusal does not name the broken file: $(grep '^status: export refused' "$out" | tail -1)"
cmp "$work/cli.bundle.json" "$bundle" || fail "a refused export changed the previous bundle"
if "$TILELAB_CLI" pack export "$pack" -o "$work/cli2.bundle.json" "${cli_flags[@]}" >/dev/null 2>&1; then
    fail "tilelab pack export accepted the broken pack"
fi
[[ ! -e "$work/cli2.bundle.json" ]] || fail "tilelab pack export wrote a bundle of a broken pack"
# Exporting over the pack itself is refused too.
in_browser export "demo.json"
wait_new "^status: export refused: $pack is the pack itself"
cmp "$TILELAB_SOURCE_DIR/levels/packs/demo.json" "$pack" || fail "the pack file was touched"

# 3. Add level files through the dialog: a pack and a broken level are refused, naming the file;
#    a good level is added with its path relative to the pack, and the saved pack lists it.
in_browser add-file "demo.json"
wait_new "^status: cannot add $pack: it is a pack, not a level"
in_browser add-file "../samples/link/02-sum.json"
wait_new "^status: cannot add $work/levels/samples/link/02-sum.json: $work/levels/samples/link/02-sum.json:"
jq '.id = "extra-01" | .name = "Extra level"' "$TILELAB_SOURCE_DIR/levels/samples/match3/01-intro.json" >"$work/extra/extra.json"
in_browser add-file "../../extra/extra.json"
wait_new '^status: added ../../extra/extra.json$'
wait_new '^pack-level ../../extra/extra.json: Extra level (extra-01)$' 10 "the added level's name was not read"
# A pack with unsaved edits is not exported (the bundle is made from the pack file, as the CLI does).
mark
click_button export
wait_new '^status: export: save the pack first'
seen '^browser: ' && fail "the export dialog opened for a pack with unsaved edits"
mark
click_button save
wait_new '^status: saved pack'
[[ $(jq -r '.levels | length' "$pack") == $((demo_count + 1)) ]] || fail "the saved pack does not have $((demo_count + 1)) levels"
[[ $(jq -r ".levels[$demo_count]" "$pack") == "../../extra/extra.json" ]] ||
    fail "added level saved as $(jq -r ".levels[$demo_count]" "$pack")"
cmp "$TILELAB_SOURCE_DIR/levels/packs/demo.json" "$pack.bak" || fail "no backup of the pack"

# 4. Close the pack while its analysis runs: the check is cancelled (its thread stops early) and
#    the editor carries on; meanwhile each row shows its state (analysing, waiting, playing, done). A long pack (the demo's levels twelve times over) keeps the check busy.
# (a pack lists a file once: renamed copies of the demo's levels, twelve times over).
mkdir -p "$work/levels/long"
long_levels=()
for round in $(seq 1 12); do
    for level in $(jq -r '.levels[]' "$TILELAB_SOURCE_DIR/levels/packs/demo.json"); do
        copy="$round-$(basename "$(dirname "$level")")-$(basename "$level")"
        # Renamed: another level's bytes, so that the check cache (which holds the demo's levels
        # from the export above) does not answer them at once.
        jq --arg round "$round" '.name += " (copy " + $round + ")"' "$TILELAB_SOURCE_DIR/levels/packs/$level" \
            >"$work/levels/long/$copy"
        long_levels+=("../long/$copy")
    done
done
printf '%s\n' "${long_levels[@]}" | jq -R . | jq -s '{format: "tilelab.pack", version: 1, name: "Long", levels: .}' \
    >"$work/levels/packs/long.json"
stop_editor
start_editor "$out" "$work/levels/packs/long.json" --overlays none --window 1100x880
wait_for 10 grep -q '^item pack-analyse ' "$out" || fail "no analyse button"
wait_for 20 grep -q '^analysis ready' "$out" || fail "the level's analysis never came"
mark
click_button analyse
wait_new '^item pack-cancel ' 10 "the analysis did not start"
# Each row says where the check is with it: the first row, shown analysing or waiting (phase 1 over
# 216 levels outlasts many frames), says done once its playouts end. (A later row can pass through
# its states between two frames on a loaded machine, so only the first is followed.)
wait_new '^pack-row 1: done' 30 "the first row never said done: $(grep '^pack-row 1:' "$out" | tr '\n' ' ')"
seen '^pack-row 1: \(analysing\|waiting\|playing\)' || fail "the first row was never shown waiting or running"
mark
click_button close
wait_new '^status: closed pack'
wait_new '^pack-check ' 10 "the check's thread did not stop within 10 s of closing the pack"
seen '^pack-check cancelled: ' || fail "the check ran to the end: $(grep '^pack-check' "$out")"
read -r estimated total < <(grep '^pack-check cancelled: ' "$out" | tail -1 | awk '{print $3, $5}')
((estimated < total)) || fail "the cancelled check had estimated all $total levels"
echo "closed mid-check: $estimated of $total levels estimated when it stopped"
kill -0 "$EDITOR_PID" 2>/dev/null || fail "the editor died after closing the pack"
# Quit cleanly (no unsaved level): exit status 0.
kill -TERM "$EDITOR_PID"
status=0
wait "$EDITOR_PID" || status=$?
EDITOR_PID=
((status == 0)) || fail "the editor exited with status $status"
echo ok
