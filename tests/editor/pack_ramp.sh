#!/usr/bin/env bash
# End to end (issue 37 item 6): the Pack panel's "Ramp..." tunes the pack's move limits as
# `tilelab pack tune --ramp` does. On a copy of four sample levels (match3, a link level that takes
# no step, match3, match3):
# 1. 85% to 35% leaves a level off target: their rows say OFF TARGET, Write stays off, nothing
#    is written, and the rows' figures are the CLI's `--dry-run --json` figures.
# 2. 60% to 100%, typed into the fields: every level on target; Write writes the level files byte for
#    byte as `tilelab pack tune` writes them, each previous file kept as .bak.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

samples=$TILELAB_SOURCE_DIR/levels/samples
for copy in editor cli; do
    mkdir -p "$work/$copy/levels"
    cp "$samples/match3/02-jelly.json" "$samples/link/01-pairs.json" "$samples/match3/03-holes.json" \
       "$samples/match3/01-intro.json" "$work/$copy/levels/"
    cat >"$work/$copy/pack.json" <<'PACK'
{
  "format": "tilelab.pack",
  "version": 1,
  "name": "Ramp",
  "levels": ["levels/02-jelly.json", "levels/01-pairs.json", "levels/03-holes.json", "levels/01-intro.json"]
}
PACK
done
before=$(cat "$work/editor/levels/"*.json | md5sum)

# rows_of JSON: "path: target T, moves M at P" for each level on the ramp, as the editor's trace says it.
rows_of() {
    jq -r '.levels[] | select(.target != null) |
        "\(.file): target \(.target * 1000 | round / 10 | tostring | if test("\\.") then . else . + ".0" end)%, moves \(.moves) at \(.pass_rate * 1000 | round / 10 | tostring | if test("\\.") then . else . + ".0" end)%\(if .within_tolerance then "" else " OFF TARGET" end)"' "$1"
}

start_editor "$work/out" "$work/editor/pack.json" --overlays none
wait_for 20 grep -q '^analysis ready' "$work/out"
click_item pack-ramp
wait_item ramp-tune >/dev/null

# 0. An unsaved edit in a level tab of the pack (02-jelly, opened with the pack): the ramp, tuned
#    on the files, waits until it is saved (or undone).
wait_for 20 grep -q '^opened .*02-jelly.json' "$work/out" || fail "the pack did not open its first level"
key e
click_cell "$work/out" 3 3
click_item ramp-tune
wait_for 10 grep -q '^status: ramp: save 02-jelly.json first' "$work/out" ||
    fail "the ramp ran over a level with unsaved edits: $(grep '^status' "$work/out" | tail -2)"
key ctrl+z

# 1. The defaults, 85% to 35%.
(cd "$work/cli" && "$TILELAB_CLI" pack tune pack.json --ramp 0.85:0.35 --runs 2000 --dry-run --json >"$work/dry.json") || true
off=$(jq '[.levels[] | select(.within_tolerance == false)] | length' "$work/dry.json")
((off > 0)) || fail "the test's premise: tilelab pack tune --ramp 0.85:0.35 leaves a level off target"
click_item ramp-tune
wait_for 30 grep -q "^status: ramp: $off level.* off target" "$work/out" ||
    fail "the ramp did not end with $off off target, as the CLI: $(grep '^status' "$work/out" | tail -2)"
diff <(rows_of "$work/dry.json") <(grep '^ramp-row ' "$work/out" | sed 's/^ramp-row //') ||
    fail "the editor's ramp rows differ from tilelab pack tune --dry-run (above: < CLI, > editor)"
click_item ramp-write
grep -q '^hover ramp-write' "$work/out" || fail "the click missed the (disabled) Write button"
[[ $(cat "$work/editor/levels/"*.json | md5sum) == "$before" ]] || fail "Write wrote levels although one is off target"
ls "$work/editor/levels/"*.bak 2>/dev/null && fail "a .bak appeared although nothing was written"
shot "$work/off-target.png"
show "$work/off-target.png" ramp-off-target.png

# 2. 60% to 100%, typed (Ctrl+click a drag field turns it into a text field).
for field in ramp-first=60 ramp-last=100; do
    read -r x y < <(wait_item "${field%=*}")
    xdo mousemove --window "$EDITOR_WID" "$x" "$y"; xdo keydown ctrl; xdo click 1; xdo keyup ctrl
    key ctrl+a
    xdotool type --delay 80 "${field#*=}"
    key Return
done
mark=$(wc -l <"$work/out")
click_item ramp-tune
wait_for 30 bash -c "tail -n +$mark '$work/out' | grep -q '^status: ramp tuned: 3 level files to change'" ||
    fail "the 60%:100% ramp did not tune three changes: $(grep '^status' "$work/out" | tail -2)"
grep -q '^ramp: same as tilelab pack tune .* --ramp 60%:100% --runs 2000 --seed 0' "$work/out" ||
    fail "the traced command line is not the 60%:100% ramp: $(grep '^ramp: same as' "$work/out" | tail -1)"
click_item ramp-write
wait_for 20 grep -q '^status: ramp: wrote 3 level files' "$work/out" ||
    fail "Write did not write three files: $(grep '^status' "$work/out" | tail -2)"
(cd "$work/cli" && "$TILELAB_CLI" pack tune pack.json --ramp 0.6:1 --runs 2000 >/dev/null 2>&1) || fail "the CLI's ramp failed"
for level in 02-jelly 01-pairs 03-holes 01-intro; do
    cmp "$work/cli/levels/$level.json" "$work/editor/levels/$level.json" ||
        fail "$level.json: the editor wrote other bytes than tilelab pack tune"
done
for level in 02-jelly 03-holes 01-intro; do
    cmp -s "$work/editor/levels/$level.json.bak" "$samples/match3/$level.json" || fail "$level.json: no .bak of the previous file"
done
stop_editor
echo ok
