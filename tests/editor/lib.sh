# Shared helpers of the editor's end-to-end tests (sourced): Xvfb, waiting on conditions, the layout.
# Every wait polls a condition with a timeout; no test sleeps a fixed long time.

# e2e_start "$@" (first thing in a test): strict mode (and set -x with TILELAB_E2E_TRACE), the script
# re-run in its own Xvfb, a temporary folder $work holding the editor's config, removed on exit with
# the editor stopped.
e2e_start() {
    set -euo pipefail
    if [[ -n "${TILELAB_E2E_TRACE:-}" ]]; then set -x; fi
    ensure_display "$@"
    work=$(mktemp -d)
    trap 'stop_editor 2>/dev/null; rm -rf "$work"' EXIT
    export XDG_CONFIG_HOME="$work/config"
}

# fail MESSAGE: says what failed, shows the editor's output so far, exits 1.
fail() {
    echo "FAIL: $*" >&2
    if [[ -f "$work/out" ]]; then cat "$work/out" >&2; fi
    if [[ -s "$work/out.err" ]]; then echo "--- the editor's stderr:" >&2; cat "$work/out.err" >&2; fi
    exit 1
}

# check_shot CHECK ARGS...: screenshots until `editor_check CHECK SHOT ARGS...` passes (the first
# frames settle the layout), with X0 Y0 CELL in ARGS replaced by the editor's last layout; prints
# the check's report and returns its verdict. The output file is $work/out.
check_shot() {
    local mode=$1; shift
    local x0 y0 cell arg args attempt
    for attempt in $(seq 1 40); do
        read -r x0 y0 cell < <(layout "$work/out")
        args=()
        for arg in "$@"; do
            case $arg in X0) args+=("$x0") ;; Y0) args+=("$y0") ;; CELL) args+=("$cell") ;; *) args+=("$arg") ;; esac
        done
        shot "$work/shot.png"
        if "$TILELAB_EDITOR_CHECK" "$mode" "$work/shot.png" "${args[@]}" >"$work/check" 2>&1; then
            cat "$work/check"
            return 0
        fi
        sleep 0.1
    done
    cat "$work/check"
    cp "$work/shot.png" "${TILELAB_E2E_ARTIFACTS:-/tmp}/$(basename "$0" .sh)-failed.png" 2>/dev/null || true
    return 1
}

# Re-runs the calling script inside its own Xvfb on a free display (xvfb-run -a), unless already there.
ensure_display() {
    if [[ -z "${TILELAB_E2E_IN_XVFB:-}" ]]; then
        for tool in xvfb-run Xvfb xdotool import; do
            command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
        done
        export TILELAB_E2E_IN_XVFB=1
        exec xvfb-run -a -s "-screen 0 1400x900x24 -nolisten tcp" "$0" "$@"
    fi
}

# wait_for SECONDS COMMAND...: polls COMMAND every 50 ms until it succeeds; fails after SECONDS.
wait_for() {
    local limit=$1; shift
    local deadline=$((SECONDS + limit))
    until "$@" >/dev/null 2>&1; do
        if ((SECONDS >= deadline)); then echo "timed out after ${limit}s waiting for: $*" >&2; return 1; fi
        sleep 0.05
    done
}

# start_editor OUT ARGS...: starts the editor with its stdout in OUT; sets EDITOR_PID and EDITOR_WID.
start_editor() {
    local out=$1; shift
    "$TILELAB_EDITOR" --window 1100x720 --print-layout --trace "$@" >"$out" 2>"$out.err" &
    EDITOR_PID=$!
    EDITOR_WID=$(timeout 30 xdotool search --sync --onlyvisible --pid "$EDITOR_PID" | head -1) || {
        echo "the editor's window never appeared" >&2; cat "$out.err" >&2; return 1; }
    wait_for 20 grep -q '^layout' "$out"
}

# layout OUT: prints "X0 Y0 CELL" of the last layout the editor printed.
layout() { grep '^layout' "$1" | tail -1 | awk '{print $2, $3, $4}'; }

# click_cell OUT X Y [BUTTON]: clicks the centre of board cell (X, Y) with real X input.
click_cell() {
    local x0 y0 cell
    read -r x0 y0 cell < <(layout "$1")
    local px py
    px=$(awk -v a="$x0" -v c="$cell" -v x="$2" 'BEGIN{printf "%d", a + (x + 0.5) * c}')
    py=$(awk -v a="$y0" -v c="$cell" -v y="$3" 'BEGIN{printf "%d", a + (y + 0.5) * c}')
    xdotool mousemove --window "$EDITOR_WID" "$px" "$py" sleep 0.05 click "${4:-1}" sleep 0.05
}

# key COMBO...: sends keys to the editor's window (it has the focus: no window manager).
# Each combo is held for a few frames (keydown, wait, keyup), as a person would, so the editor sees it
# down in at least one frame even when the machine is busy.
key() {
    local combo
    for combo in "$@"; do
        xdotool keydown "$combo"
        sleep 0.12
        xdotool keyup "$combo"
        sleep 0.08
    done
}

# shot FILE: a real X screenshot of the editor's window.
shot() { import -window "$EDITOR_WID" "$1"; }

# stop_editor: asks the editor to quit; one with unsaved changes keeps asking, so after 5 s it is killed.
stop_editor() {
    [[ -n "${EDITOR_PID:-}" ]] || return 0
    if kill -0 "$EDITOR_PID" 2>/dev/null; then
        kill -TERM "$EDITOR_PID" 2>/dev/null || true
        local i
        for i in $(seq 1 100); do kill -0 "$EDITOR_PID" 2>/dev/null || break; sleep 0.05; done
        kill -KILL "$EDITOR_PID" 2>/dev/null || true
    fi
    wait "$EDITOR_PID" 2>/dev/null || true
    EDITOR_PID=
}

# item_centre NAME: the centre of the widget the editor last printed as "item NAME X0 Y0 X1 Y1"
# (with --print-layout; the output file is $work/out).
item_centre() { grep "^item $1 " "$work/out" | tail -1 | awk '{printf "%d %d\n", ($3 + $5) / 2, ($4 + $6) / 2}'; }

# click_item NAME: clicks the centre of that widget with real X input, once the editor has shown it
# (a popup opened by the step before may not be drawn yet on a busy machine) and its place has held
# for 0.3 s (a modal is drawn where it opens, then centred on a later frame: a click in between
# missed it while other tests loaded both cores).
click_item() {
    local x y at previous=""
    wait_for 10 grep -q "^item $1 " "$work/out" || fail "the editor never showed '$1'"
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        at=$(item_centre "$1")
        [[ $at == "$previous" ]] && break
        previous=$at
        sleep 0.3
    done
    read -r x y <<<"$at"
    xdotool mousemove --window "$EDITOR_WID" "$x" "$y" sleep 0.2 click 1 sleep 0.3
}

# cell_px OUT X Y: prints the window pixel of the centre of cell (X, Y).
cell_px() {
    local x0 y0 cell
    read -r x0 y0 cell < <(layout "$1")
    awk -v a="$x0" -v b="$y0" -v c="$cell" -v x="$2" -v y="$3" 'BEGIN{printf "%d %d\n", a + (x + 0.5) * c, b + (y + 0.5) * c}'
}

# drag OUT X1,Y1 X2,Y2: a brush stroke along a row or column, cell by cell, with the button held.
drag_cells() {
    local out=$1 from=$2 to=$3
    local x1=${from%,*} y1=${from#*,} x2=${to%,*} y2=${to#*,}
    local px py
    read -r px py < <(cell_px "$out" "$x1" "$y1")
    xdotool mousemove --window "$EDITOR_WID" "$px" "$py" sleep 0.05 mousedown 1 sleep 0.05
    local x=$x1 y=$y1
    while [[ $x != "$x2" || $y != "$y2" ]]; do
        ((x < x2)) && x=$((x + 1)); ((x > x2)) && x=$((x - 1))
        ((y < y2)) && y=$((y + 1)); ((y > y2)) && y=$((y - 1))
        read -r px py < <(cell_px "$out" "$x" "$y")
        xdotool mousemove --window "$EDITOR_WID" "$px" "$py" sleep 0.05
    done
    xdotool mouseup 1
    sleep 0.05
}

# run_actions OUT ACTION...: key:COMBO, click:X,Y, drag:X1,Y1:X2,Y2, status:TEXT (wait for that
# status message), save (Ctrl+S and wait for it).
run_actions() {
    local out=$1; shift
    local action
    for action in "$@"; do
        case "$action" in
            key:*) key "${action#key:}" ;;
            click:*) local c=${action#click:}; click_cell "$out" "${c%,*}" "${c#*,}" ;;
            drag:*) local d=${action#drag:}; drag_cells "$out" "${d%%:*}" "${d#*:}" ;;
            status:*)  # waits for that status message (its start)
                wait_for 10 grep -qF "status: ${action#status:}" "$out" ||
                    { echo "no status '${action#status:}'" >&2; return 1; } ;;
            save)
                local before
                before=$(grep -c '^status: saved' "$out" || true)
                key ctrl+s
                wait_for 20 bash -c "[[ \$(grep -c '^status: saved' '$out') -gt $before ]]" ;;
            *) echo "unknown action $action" >&2; return 2 ;;
        esac
    done
}
