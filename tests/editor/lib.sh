# Shared helpers of the editor's end-to-end tests (sourced): Xvfb, waiting on conditions, the layout.
# Every wait polls a condition with a timeout: a line the editor prints (with --print-layout and
# --trace: layout, item, status, frame N, ...) or a file; no test sleeps a fixed time. Each test has
# its own Xvfb, $work and XDG_CONFIG_HOME, so ctest runs them in parallel (docs/testing.md).

# Debian's python3 (scripts/setup.sh installs its modules there): a python3 earlier on PATH can be a
# version manager's shim, many times slower to start (docs/testing.md "Where the time goes").
python3() { if [[ -x /usr/bin/python3 ]]; then /usr/bin/python3 "$@"; else command python3 "$@"; fi; }

# e2e_start "$@" (first thing in a test): strict mode (and set -x with TILELAB_E2E_TRACE), the script
# re-run in its own Xvfb, a temporary folder $work holding the editor's config, removed on exit with
# the editor stopped.
e2e_start() {
    set -euo pipefail
    if [[ -n "${TILELAB_E2E_TRACE:-}" ]]; then set -x; fi
    ensure_display "$@"
    work=$(mktemp -d)
    trap 'stop_editor 2>/dev/null; rm -rf "$work"' EXIT
    trap 'fail "stopped at the test'"'"'s deadline (TILELAB_E2E_TIMEOUT)"' TERM
    export XDG_CONFIG_HOME="$work/config"
    _nap 0
}

# --- Following the editor's output without starting a process per wait ---
# A test waits thousands of times (frames drawn, a line printed). Done with timeout, grep, tail and
# sleep, the processes those waits started took most of an editor test's CPU, more than the editor
# itself (docs/testing.md). So start_editor opens the editor's output
# on a descriptor of the test's shell, and _follow reads what the editor has added since the last
# read: it counts "frame N" lines (_FRAMES) and the other lines (_LINES), and keeps the last layout
# (_LAYOUT) and each widget's last place (_ITEMS). The waits below read that, nap with _nap (a read
# with a timeout on a FIFO nobody writes: no process) and run their condition again only when the
# editor printed something new. Only the test's own shell follows: a subshell's reads would move the
# shared offset and its counts would be lost, so in a subshell (and for an editor a test started by
# hand) the helpers read the file with grep as before.

# _nap SECONDS: waits that long without starting a process (the FIFO is made once, by e2e_start or
# on the first nap, and unlinked once open).
_nap() {
    if [[ -z ${_NAP_FD:-} ]]; then
        local d
        d=$(mktemp -d)
        mkfifo "$d/nap"
        exec {_NAP_FD}<>"$d/nap"
        rm -rf "$d"
    fi
    read -r -t "$1" -u "$_NAP_FD" _ 2>/dev/null || true
}

# _following [FILE]: true when this shell follows FILE (default: the editor's output).
_following() {
    [[ -n ${_OUT_FD:-} && $BASHPID == "$$" && ${EDITOR_PID:-} == "$_OUT_PID" && ${1:-${EDITOR_OUT:-}} == "$_OUT_FILE" ]]
}

# _follow_open OUT: follows OUT, the output of the editor just started (EDITOR_PID), from its start.
_follow_open() {
    [[ -z ${_OUT_FD:-} ]] || exec {_OUT_FD}<&-
    exec {_OUT_FD}<"$1"
    _OUT_FILE=$1 _OUT_PID=$EDITOR_PID _PARTIAL="" _FRAMES=0 _LINES=0 _LAYOUT="" _QUIT_PROMPTS=0
    declare -gA _ITEMS=()
}

# _follow: reads the lines the editor added since the last call (an unfinished last line waits in
# _PARTIAL for its end); _QUIT_PROMPTS counts the quit prompts shown (with --trace).
_follow() {
    local line rest name
    while :; do
        if IFS= read -r -u "$_OUT_FD" line; then
            line=$_PARTIAL$line
            _PARTIAL=""
        else
            _PARTIAL+=$line
            return 0
        fi
        case $line in
            "frame "*) _FRAMES=$((_FRAMES + 1)) ;;
            *)
                _LINES=$((_LINES + 1))
                case $line in
                    "layout "*) _LAYOUT=${line#layout } ;;
                    "prompt: quit with unsaved changes"*) _QUIT_PROMPTS=$((_QUIT_PROMPTS + 1)) ;;
                    "item "*)  # item NAME X0 Y0 X1 Y1, where NAME may hold spaces
                        rest=${line#item }
                        name=${rest% * * * *}
                        _ITEMS[$name]=${rest:${#name}+1} ;;
                esac ;;
        esac
    done
}

# fail MESSAGE: says what failed, shows the editor's output so far, exits 1.
fail() {
    echo "FAIL: $*" >&2
    if [[ -f "$work/out" ]]; then grep -v '^frame ' "$work/out" >&2; fi
    if [[ -s "$work/out.err" ]]; then echo "--- the editor's stderr:" >&2; cat "$work/out.err" >&2; fi
    exit 1
}

# check_shot CHECK ARGS...: screenshots until `editor_check CHECK SHOT ARGS...` passes (the first
# frames settle the layout), with X0 Y0 CELL in ARGS replaced by the editor's last layout; prints
# the check's report and returns its verdict. The output file is $work/out.
check_shot() {
    local mode=$1; shift
    local x0 y0 cell arg args attempt
    for ((attempt = 1; attempt <= 40; ++attempt)); do
        _layout_vars "$work/out"
        x0=$L_X0 y0=$L_Y0 cell=$L_CELL
        args=()
        for arg in "$@"; do
            case $arg in X0) args+=("$x0") ;; Y0) args+=("$y0") ;; CELL) args+=("$cell") ;; *) args+=("$arg") ;; esac
        done
        shot "$work/shot.png"
        if "$TILELAB_EDITOR_CHECK" "$mode" "$work/shot.png" "${args[@]}" >"$work/check" 2>&1; then
            cat "$work/check"
            return 0
        fi
        wait_frames 2
    done
    cat "$work/check"
    keep "$work/shot.png" failed.png
    return 1
}

# keep FILE NAME: copies a failed test's FILE for a person to look at, as SCRIPT-PID-NAME in
# $TILELAB_E2E_ARTIFACTS (default /tmp): a name no test running beside this one uses (several tests
# run the same script).
keep() {
    local to="${TILELAB_E2E_ARTIFACTS:-/tmp}/$(basename "$0" .sh)-$$-$2"
    cp "$1" "$to" 2>/dev/null && echo "kept $to" >&2 || true
}

# show FILE NAME: copies a passing test's picture to $TILELAB_E2E_ARTIFACTS/NAME, only when that is
# set (a folder of its own for the run; nothing is written to a shared /tmp name).
show() {
    if [[ -n "${TILELAB_E2E_ARTIFACTS:-}" ]]; then cp "$1" "$TILELAB_E2E_ARTIFACTS/$2" 2>/dev/null || true; fi
}

# Re-runs the calling script inside its own Xvfb, unless already there. Xvfb picks a free display
# itself and reports it (-displayfd), so tests started together never race for a number (xvfb-run -a
# probes and can hand two of them the same one). The script runs as a child under its own deadline
# (TILELAB_E2E_TIMEOUT, 110 s: below ctest's 120 s TIMEOUT), and this shell kills Xvfb however it
# ends; Xvfb also dies with this shell (setpriv --pdeathsig) if ctest kills it outright.
ensure_display() {
    [[ -z "${TILELAB_E2E_IN_XVFB:-}" ]] || return 0
    local tool
    for tool in Xvfb xdotool import; do
        command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
    done
    export TILELAB_E2E_IN_XVFB=1
    # Mesa's llvmpipe draws in the editor's own thread: its worker threads only contend with the
    # other test of ctest -j2 (the editor group took 15% less CPU so).
    export LP_NUM_THREADS=${LP_NUM_THREADS:-0}
    local x; x=$(mktemp -d)
    # The Pack panel's check cache (the user's cache folder by default): each test starts cold, and
    # the folder goes with $x when the test ends.
    export XDG_CACHE_HOME="$x/cache"
    local deathsig=()
    if command -v setpriv >/dev/null; then deathsig=(setpriv --pdeathsig KILL); fi
    # -noreset: by default the server resets when its last client leaves, and a test that starts the
    # editor again right after killing it could not connect while it did ("Can't open display").
    "${deathsig[@]}" Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp -noreset 3>"$x/display" 2>"$x/xvfb.err" &
    XVFB_PID=$!
    trap 'kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; rm -rf "$x"' EXIT
    local i number=""
    for i in $(seq 1 400); do  # up to 20 s on a loaded machine; read succeeds once the line is whole
        read -r number <"$x/display" && [[ -n $number ]] && break
        kill -0 "$XVFB_PID" 2>/dev/null || break
        sleep 0.05
    done
    [[ -n $number ]] || { cat "$x/xvfb.err" >&2; echo "Xvfb reported no display" >&2; exit 1; }
    export DISPLAY=":$number"
    local status=0
    timeout --kill-after=5 "${TILELAB_E2E_TIMEOUT:-110}" "$0" "$@" || status=$?
    ((status != 124)) || echo "FAIL: timed out after ${TILELAB_E2E_TIMEOUT:-110} s" >&2
    exit "$status"
}

# wait_for SECONDS COMMAND...: polls COMMAND every 50 ms until it succeeds; fails after SECONDS.
# A COMMAND that reads the followed output (an argument that is its path, or a bash -c text that
# names it quoted) and is not about frames runs again only when the editor has printed a line other
# than a frame since its last run, and at least once a second whatever happens.
wait_for() {
    local limit=$1; shift
    local deadline=$((SECONDS + limit)) gated=0 seen=-1 ran=$SECONDS
    if _following; then
        case " $* " in *" $_OUT_FILE "* | *"'$_OUT_FILE'"*) gated=1 ;; esac
        [[ $* != *frame* ]] || gated=0
        [[ -z ${_WAIT_GATED:-} ]] || gated=1
    fi
    while :; do
        ((gated == 0)) || _follow
        if ((gated == 0 || _LINES != seen || SECONDS - ran >= 1)); then
            seen=${_LINES:-0} ran=$SECONDS
            "$@" >/dev/null 2>&1 && return 0
        fi
        if ((SECONDS >= deadline)); then echo "timed out after ${limit}s waiting for: $*" >&2; return 1; fi
        if ((gated)); then _nap 0.01; else _nap 0.05; fi
    done
}

# wait_out SECONDS COMMAND...: wait_for, for a COMMAND (a function of the test) that reads only the
# followed output and is not about frames: it runs again only after a new line.
wait_out() { _WAIT_GATED=1 wait_for "$@"; }

# start_editor OUT ARGS...: starts the editor with its stdout in OUT; sets EDITOR_PID, EDITOR_WID and
# EDITOR_OUT (what wait_frames reads).
start_editor() {
    local out=$1; shift
    EDITOR_OUT=$out
    : >"$out"  # there before the editor starts, for _follow_open
    "$TILELAB_EDITOR" --window 1100x720 --print-layout --trace "$@" >"$out" 2>"$out.err" &
    EDITOR_PID=$!
    _follow_open "$out"
    EDITOR_WID=$(timeout 30 xdotool search --sync --onlyvisible --pid "$EDITOR_PID" | head -1) || {
        echo "the editor's window never appeared" >&2; cat "$out.err" >&2; return 1; }
    wait_for 20 grep -q '^layout' "$out"
}

# wait_frames [N]: waits until the editor has drawn N frames (default 3) after this call ("frame N"
# lines, --print-layout). The second of them began after the call, so input sent before it has been
# taken and drawn; a third lets ImGui size or centre a window that the input opened. After a frame
# with input the editor draws two more at once (editor/main.cpp), so this takes a few tens of ms on
# an idle editor. tail -f wakes on each line (no polling); an editor that ends (a key that quits
# it) draws no more and ends the wait.
wait_frames() {
    if _following; then
        _follow
        local target=$((_FRAMES + ${1:-3})) deadline=$((SECONDS + 20))
        while :; do
            _follow
            ((_FRAMES < target)) || return 0
            kill -0 "$EDITOR_PID" 2>/dev/null || return 0
            ((SECONDS < deadline)) || fail "the editor drew no frames for 20 s (wait_frames ${1:-3})"
            _nap 0.004
        done
    fi
    local status=0
    timeout 20 grep -m "${1:-3}" -q '^frame ' < <(tail -n 0 -f ${EDITOR_PID:+--pid="$EDITOR_PID"} "${EDITOR_OUT:-$work/out}") ||
        status=$?
    ((status == 0)) && return 0
    [[ -n "${EDITOR_PID:-}" ]] && ! kill -0 "$EDITOR_PID" 2>/dev/null && return 0
    fail "the editor drew no frames for 20 s (wait_frames ${1:-3})"
}

# layout OUT: prints "X0 Y0 CELL" of the last layout the editor printed.
layout() {
    if _following "$1"; then
        _layout_vars "$1"
        echo "$L_X0 $L_Y0 $L_CELL"
        return 0
    fi
    grep '^layout' "$1" | tail -1 | awk '{print $2, $3, $4}'
}

# _layout_vars OUT: sets L_X0, L_Y0 and L_CELL to the last layout the editor printed (in this shell
# when it follows OUT).
_layout_vars() {
    if _following "$1"; then
        _follow
        read -r L_X0 L_Y0 L_CELL _ <<<"$_LAYOUT"
    else
        read -r L_X0 L_Y0 L_CELL < <(layout "$1")
    fi
}

# _micro NUMBER: sets _M to NUMBER (as the editor prints it with %g) in millionths, without a
# process; false for an exponent form.
_micro() {
    [[ $1 =~ ^(-?)([0-9]*)(\.([0-9]{0,6}))?$ ]] || return 1
    local frac=${BASH_REMATCH[4]}000000
    _M=$((10#${BASH_REMATCH[2]:-0} * 1000000 + 10#${frac:0:6}))
    [[ -z ${BASH_REMATCH[1]} ]] || _M=$((-_M))
}

# _cell_px_vars OUT X Y: sets PX and PY to the window pixel of the centre of cell (X, Y), as cell_px
# prints it.
_cell_px_vars() {
    local x0 y0 cell
    if _following "$1"; then
        _layout_vars "$1"
        if _micro "$L_X0" && x0=$_M && _micro "$L_Y0" && y0=$_M && _micro "$L_CELL" && cell=$_M; then
            PX=$(((x0 + (2 * $2 + 1) * cell / 2) / 1000000))
            PY=$(((y0 + (2 * $3 + 1) * cell / 2) / 1000000))
            return 0
        fi
    fi
    read -r PX PY < <(cell_px "$@")
}

# click_cell OUT X Y [BUTTON]: clicks the centre of board cell (X, Y) with real X input.
click_cell() {
    _cell_px_vars "$1" "$2" "$3"
    pointer_to "$PX" "$PY"
    wait_frames 2
    xdotool click "${4:-1}"
    wait_frames 2
}

# key COMBO...: sends keys to the editor's window (it has the focus: no window manager).
# Each combo is held until the editor has drawn a frame with it down (keydown, frames, keyup), as a
# person would, so the editor sees it down in at least one frame even when the machine is busy.
key() {
    local combo
    for combo in "$@"; do
        xdotool keydown "$combo"
        wait_frames 2
        xdotool keyup "$combo"
        wait_frames 2
    done
}

# shot FILE: a real X screenshot of the editor's window.
shot() { import -window "$EDITOR_WID" "$1"; }

# stop_editor: asks the editor to quit; one with unsaved changes keeps asking, so after 5 s it is killed.
stop_editor() {
    [[ -n "${EDITOR_PID:-}" ]] || return 0
    if kill -0 "$EDITOR_PID" 2>/dev/null; then
        # SIGTERM quits at once without unsaved changes; with them it shows the quit prompt, which
        # the followed output says: then no need to wait out the 5 s.
        local i prompts=-1
        if _following; then
            _follow
            prompts=$_QUIT_PROMPTS
        fi
        kill -TERM "$EDITOR_PID" 2>/dev/null || true
        for ((i = 0; i < 100; ++i)); do
            kill -0 "$EDITOR_PID" 2>/dev/null || break
            if ((prompts >= 0)); then
                _follow
                ((_QUIT_PROMPTS == prompts)) || break
            fi
            _nap 0.05
        done
        kill -KILL "$EDITOR_PID" 2>/dev/null || true
    fi
    wait "$EDITOR_PID" 2>/dev/null || true
    EDITOR_PID=
}

# item_centre NAME: the centre of the widget the editor last printed as "item NAME X0 Y0 X1 Y1"
# (with --print-layout; the output file is $work/out).
item_centre() {
    if _following "$work/out"; then
        _item_vars "$1" || return 0
        echo "$ITEM_X $ITEM_Y"
        return 0
    fi
    grep "^item $1 " "$work/out" | tail -1 | awk '{printf "%d %d\n", ($3 + $5) / 2, ($4 + $6) / 2}'
}

# _item_vars NAME (followed output only): sets ITEM_X0 ITEM_Y0 ITEM_X1 ITEM_Y1 to the widget's last
# place and ITEM_X ITEM_Y to its centre; false when the editor never showed it.
_item_vars() {
    _follow
    [[ -n ${_ITEMS[$1]+set} ]] || return 1
    read -r ITEM_X0 ITEM_Y0 ITEM_X1 ITEM_Y1 _ <<<"${_ITEMS[$1]}"
    ITEM_X=$(((ITEM_X0 + ITEM_X1) / 2)) ITEM_Y=$(((ITEM_Y0 + ITEM_Y1) / 2))
}

# wait_item NAME: waits until the editor shows that widget and its place has held for three frames;
# prints its centre.
wait_item() {
    if _following "$work/out"; then
        _wait_item_vars "$1"
        echo "$ITEM_X $ITEM_Y"
        return 0
    fi
    local at previous=""
    wait_for 10 grep -q "^item $1 " "$work/out" || fail "the editor never showed '$1'"
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        at=$(item_centre "$1")
        [[ $at == "$previous" ]] && break
        previous=$at
        wait_frames 3
    done
    echo "$at"
}

# _wait_item_vars NAME: wait_item, setting ITEM_X and ITEM_Y (in this shell when it follows).
_wait_item_vars() {
    if ! _following "$work/out"; then
        read -r ITEM_X ITEM_Y < <(wait_item "$1")
        return 0
    fi
    wait_for 10 _item_vars "$1" || fail "the editor never showed '$1'"
    local at previous=""
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        _item_vars "$1"
        at="$ITEM_X $ITEM_Y"
        [[ $at == "$previous" ]] && break
        previous=$at
        wait_frames 3
    done
}

# _last_item NAME: sets ITEM_X0 ITEM_Y0 ITEM_X1 ITEM_Y1 to the widget's last place (empty when never shown).
_last_item() {
    ITEM_X0="" ITEM_Y0="" ITEM_X1="" ITEM_Y1=""
    if _following "$work/out"; then
        _item_vars "$1" || true
    else
        read -r ITEM_X0 ITEM_Y0 ITEM_X1 ITEM_Y1 < <(grep "^item $1 " "$work/out" | tail -1 | cut -d' ' -f3-) || true
    fi
}

# scroll_into_view NAME: when the widget lies in one of the Inspector's scrolling sections (the
# level's panels under the pinned badge; the docked Pack section, whose widgets are named pack-* and
# ramp-*) but outside its visible part, turns the wheel over that section until it is inside, as a
# designer scrolls to a field; other widgets are left alone, and so is one a turn does not move.
scroll_into_view() {
    local i region x0 y0 x1 y1 ix iy0 iy1 previous=""
    case $1 in pack-*|ramp-*) region=inspector-pack ;; *) region=inspector-level ;; esac
    for ((i = 1; i <= 30; ++i)); do
        _last_item "$region"
        x0=$ITEM_X0 y0=$ITEM_Y0 x1=$ITEM_X1 y1=$ITEM_Y1
        _last_item "$1"
        [[ -n $x0 && -n $ITEM_X0 ]] || return 0
        ix=$(((ITEM_X0 + ITEM_X1) / 2)) iy0=$ITEM_Y0 iy1=$ITEM_Y1
        ((ix >= x0 && ix <= x1)) || return 0
        [[ "$iy0" == "$previous" ]] && return 0
        previous=$iy0
        if ((iy1 > y1)); then
            pointer_to $(((x0 + x1) / 2)) $(((y0 + y1) / 2)); wait_frames 2; xdotool click 5; wait_frames 3
        elif ((iy0 < y0)); then
            pointer_to $(((x0 + x1) / 2)) $(((y0 + y1) / 2)); wait_frames 2; xdotool click 4; wait_frames 3
        else
            return 0
        fi
    done
}

# click_item NAME: clicks the centre of that widget with real X input, once the editor has shown it
# (a popup opened by the step before may not be drawn yet on a busy machine) and its place has held
# for three frames (a modal is drawn where it opens, then centred on a later frame: a click in
# between missed it while other tests loaded both cores).
click_item() {
    scroll_into_view "$1"
    _wait_item_vars "$1"
    xdotool mousemove --window "$EDITOR_WID" "$ITEM_X" "$ITEM_Y"
    wait_frames 2
    xdotool click 1
    wait_frames 3
}

# xdo XDOTOOL_ARGS...: one xdotool command (a move, a press, a release, a key), then waits
# until the editor has drawn a frame with it.
xdo() {
    xdotool "$@"
    wait_frames 2
}

# cell_px OUT X Y: prints the window pixel of the centre of cell (X, Y).
cell_px() {
    local x0 y0 cell
    read -r x0 y0 cell < <(layout "$1")
    awk -v a="$x0" -v b="$y0" -v c="$cell" -v x="$2" -v y="$3" 'BEGIN{printf "%d %d\n", a + (x + 0.5) * c, b + (y + 0.5) * c}'
}

# pointer_to X Y: moves the pointer to the editor window's pixel (X, Y) and waits until the X server
# has moved it (xdotool's --sync), so that the frames counted next come after the move. --sync waits
# 15 s when the pointer is already there, so a pointer already in place is left alone.
pointer_to() {
    local geo wx="" wy="" mx="" my=""
    # One xdotool for both: the window's place, then the pointer's.
    geo=$(xdotool getwindowgeometry --shell "$EDITOR_WID" getmouselocation --shell)
    if [[ $geo =~ X=(-?[0-9]+).Y=(-?[0-9]+).*X=(-?[0-9]+).Y=(-?[0-9]+) ]]; then
        wx=${BASH_REMATCH[1]} wy=${BASH_REMATCH[2]} mx=${BASH_REMATCH[3]} my=${BASH_REMATCH[4]}
        ((mx == wx + $1 && my == wy + $2)) && return 0
    fi
    xdotool mousemove --sync --window "$EDITOR_WID" "$1" "$2"
}

# drag OUT X1,Y1 X2,Y2: a brush stroke along a row or column, cell by cell, with the button held.
drag_cells() {
    local out=$1 from=$2 to=$3
    local x1=${from%,*} y1=${from#*,} x2=${to%,*} y2=${to#*,}
    _cell_px_vars "$out" "$x1" "$y1"
    pointer_to "$PX" "$PY"
    wait_frames 2
    xdotool mousedown 1
    wait_frames 2
    local x=$x1 y=$y1
    while [[ $x != "$x2" || $y != "$y2" ]]; do
        ((x < x2)) && x=$((x + 1)); ((x > x2)) && x=$((x - 1))
        ((y < y2)) && y=$((y + 1)); ((y > y2)) && y=$((y - 1))
        _cell_px_vars "$out" "$x" "$y"
        pointer_to "$PX" "$PY"
        wait_frames 2
    done
    xdotool mouseup 1
    wait_frames 2
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
