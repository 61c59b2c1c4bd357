#!/usr/bin/env bash
# End to end (issue 12, item 2): values typed into the editor's fields, out of the format's range,
# never reach a saved file the reader refuses. Each STEP runs in order:
#   ctrl:NAME=TEXT   Ctrl+click the slider or drag field NAME (its traced rectangle), type TEXT, Enter
#   type:NAME=TEXT   click the input field NAME, select all, type TEXT, Enter
#   clear:NAME       click the input field NAME, select all, erase it, Enter
#   typing:NAME=TEXT click the input field NAME, select all, type TEXT and leave the field active (no
#                    Enter): the next expect's Ctrl+S is pressed while typing in it
#   click:NAME       click the widget NAME
#   key:COMBO        a key;  cell:X,Y  a click on board cell (X, Y)
#   saveas:NAME      Ctrl+Shift+S, type NAME, Enter: the level is now $work/NAME.json
#   expect:JQ        save (Ctrl+S), `tilelab validate` the file, then `jq -e JQ` on it
# Usage: bounds.sh LEVEL.json|new STEP...
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
e2e_start "$@"

out=$work/out
file=$work/level.json
cd "$work"
if [[ $1 == new ]]; then
    start_editor "$out" --overlays none
else
    cp "$1" "$file"
    start_editor "$out" "$file" --overlays none
fi
shift

# settle: waits for the live analysis of the level as it is now (the badge's height changes when it
# lands and moves every field below it), then for the layout lines of that frame. A first figure
# (`badge-first:`, the first tenth of the runs) is not the end: the whole run's `badge:` is (kinds
# without playouts print neither).
settle() {
    wait_for 60 bash -c "grep '^badge shown: ' '$out' | tail -1 | grep -qv -e 'analysing\.\.\.' -e 'playouts running\.\.\.' &&
                         ! grep -E '^badge(-first)?: ' '$out' | tail -1 | grep -q '^badge-first: '" ||
        fail "the live analysis never finished"
    wait_frames 3
}

# at NAME: the point 24 px into the widget NAME's rectangle (the field, not its label), mid height.
at() {
    settle
    wait_for 10 grep -q "^item $1 " "$out" || fail "the editor never showed '$1'"
    grep "^item $1 " "$out" | tail -1 | awk '{printf "%d %d\n", $3 + 24, ($4 + $6) / 2}'
}
# type_text NAME TEXT: replaces the active field's text; Enter applies it (Tab in the New level
# dialog, where Enter would create the level at once).
type_text() {
    key ctrl+a
    printf "%s" "$2" | xdotool type --delay 80 --file -  # text may start with "-"
    wait_frames 2
    if [[ $1 == new-level-* ]]; then key Tab; else key Return; fi
    xdo mousemove --window "$EDITOR_WID" 5 5  # off the field (over the menu bar's edge)
}

for step in "$@"; do
    case $step in
        ctrl:*)
            s=${step#ctrl:}; name=${s%%=*}; text=${s#*=}
            read -r x y < <(at "$name")
            xdo mousemove --window "$EDITOR_WID" "$x" "$y"; xdo keydown ctrl; xdo click 1; xdo keyup ctrl
            type_text "$name" "$text" ;;
        type:*)
            s=${step#type:}; name=${s%%=*}; text=${s#*=}
            read -r x y < <(at "$name")
            xdo mousemove --window "$EDITOR_WID" "$x" "$y"; xdo click 1
            type_text "$name" "$text" ;;
        typing:*)
            s=${step#typing:}; name=${s%%=*}; text=${s#*=}
            read -r x y < <(at "$name")
            xdo mousemove --window "$EDITOR_WID" "$x" "$y"; xdo click 1
            key ctrl+a
            printf "%s" "$text" | xdotool type --delay 80 --file -
            wait_frames 2 ;;
        clear:*)
            read -r x y < <(at "${step#clear:}")
            xdo mousemove --window "$EDITOR_WID" "$x" "$y"; xdo click 1
            key ctrl+a BackSpace Return ;;
        click:*) settle; click_item "${step#click:}" ;;  # after the analysis moved the fields
        key:ctrl+n)  # the New level dialog: the next steps wait for it to open
            before=$(grep -c '^modal: the New level dialog' "$out" || true)
            key ctrl+n
            wait_for 10 bash -c "[[ \$(grep -c '^modal: the New level dialog' '$out') -gt $before ]]" ||
                fail "Ctrl+N opened no New level dialog" ;;
        key:*) key "${step#key:}" ;;
        cell:*) c=${step#cell:}; click_cell "$out" "${c%,*}" "${c#*,}" ;;
        saveas:*)
            name=${step#saveas:}
            key ctrl+shift+s
            wait_for 10 grep -q '^browser: typing in the name field' "$out" || fail "no Save As dialog"
            key ctrl+a
            xdotool type --delay 80 "$name"
            key Return
            file=$work/$name.json
            wait_for 20 grep -q "^status: saved $file" "$out" || fail "not saved as $file: $(grep '^status' "$out" | tail -3)" ;;
        expect:*)
            run_actions "$out" save || { shot "$work/failed.png"; keep "$work/failed.png" failed.png; fail "Ctrl+S did not save"; }
            "$TILELAB_CLI" validate "$file" || fail "the editor saved a file tilelab validate refuses (after: $step)"
            jq -e "${step#expect:}" "$file" >/dev/null || fail "$(basename "$file"): not ${step#expect:}: $(jq -c '{width, height, seed, rules, goal, id, board}' "$file")"
            echo "ok: ${step#expect:}" ;;
        *) fail "unknown step $step" ;;
    esac
done
stop_editor
echo ok
