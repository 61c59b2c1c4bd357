#!/usr/bin/env bash
# Issue 17's speed table, measured: each benchmark run once (bench_match3, bench_slide, bench_link)
# and the editor's badge test (tests/editor/badge_settle.sh, under Xvfb) on a 9x9 format 2 level
# (06-crates) and a 9x9 version 1 level, then every row with its bar and whether it is met. The
# benchmarks' own outputs are kept in OUT_DIR (default: a temporary folder, printed). Not part of
# the test run (about 2 minutes); run it on a quiet machine: the figures are CPU time except the
# estimate's and the badge's, which are wall time.
# Usage: scripts/speed-table.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
jobs=${JOBS:-2}
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_TESTS=ON -DTILELAB_BENCHES=ON >/dev/null  # the benchmarks are test targets (quickstart.sh turns them off)
targets=(bench_match3 bench_slide bench_link tilelab)
editor=1
command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v jq >/dev/null || editor=0
((editor)) && targets+=(tilelab-editor editor_check)
cmake --build build -j"$jobs" --target "${targets[@]}" >/dev/null

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
build/bin/bench_match3 >"$out/bench_match3.txt"
build/bin/bench_slide >"$out/bench_slide.txt"
build/bin/bench_link >"$out/bench_link.txt"
if ((editor)); then
    # A 9x9 level with a 20-move score goal as the CLI makes it, on the version 1 rules
    # ("specials": false: runs and cascades only).
    build/bin/tilelab generate --kind match3 --width 9 --height 9 --colors 6 --seed 2 -o "$out/gen-9x9.json" >/dev/null
    jq '.rules.specials = false' "$out/gen-9x9.json" >"$out/v1-9x9.json"
    for level in levels/samples/match3/06-crates.json "$out/v1-9x9.json"; do
        name=$(basename "$level" .json)
        TILELAB_EDITOR=build/bin/tilelab-editor TILELAB_EDITOR_CHECK=build/bin/editor_check TILELAB_CLI=build/bin/tilelab \
            TILELAB_SOURCE_DIR=$PWD tests/editor/badge_settle.sh "$level" >"$out/badge-$name.txt" 2>&1 ||
            echo "badge_settle.sh failed on $level (see $out/badge-$name.txt)" >&2
    done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# core FILE SECTION ROW: the number after "core" on the first line containing ROW after the line
# starting with SECTION.
core() {
    awk -v sec="$2" -v row="$3" 'index($0, sec) == 1 { on = 1; next }
        on && index($0, row) { for (i = 1; i <= NF; ++i) if ($i == "core") { print $(i + 1); exit } }' "$1"
}
# after FILE ROW WORD: the field after WORD on the first line containing ROW.
after() {
    awk -v row="$2" -v word="$3" 'index($0, row) { for (i = 1; i <= NF; ++i) if ($i == word) { print $(i + 1); exit } }' "$1"
}
# A row: NAME, MEASURED (a number), how it compares (le or ge), BAR, UNIT.
row() {
    local name=$1 value=${2%x} cmp=$3 bar=$4 unit=$5 met
    if [[ -z $value ]]; then
        printf '| %-60s | %12s | %-8s | %s |\n' "$name" "missing" "$cmp $bar$unit" "?"
        return
    fi
    met=$(awk -v v="$value" -v b="$bar" -v c="$cmp" 'BEGIN { print ((c == "<=" ? v <= b : v >= b) ? "met" : "NOT met") }')
    printf '| %-60s | %12s | %-8s | %s |\n' "$name" "$value$unit" "$cmp $bar$unit" "$met"
}

m3="$out/bench_match3.txt"
printf '| %-60s | %12s | %-8s | %s |\n' operation measured bar ""
printf '|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..62})" "$(printf -- '-%.0s' {1..14})" "----------" "---------"
row "match3 all hint swaps 9x9, 6 colours" "$(core "$m3" "9x9, 6 colours" "all hint swaps (with clears)")" "<=" 1000 " ns"
row "match3 one greedy move with cascades 9x9" "$(core "$m3" "9x9, 6 colours" "one greedy bot move + cascades")" "<=" 1250 " ns"
row "match3 estimate 1,000 x 20 moves 9x9, lookahead, 2 threads" \
    "$(awk '/estimate 1000 playouts, 20-move 9x9, lookahead 2 thread/ { for (i = 1; i <= NF; ++i) if ($i == "wall") { print $(i + 1); exit } }' "$m3")" "<=" 50 " ms"
row "match3 v2 hints, boards with specials / plain boards" "$(after "$m3" "boards with specials / plain boards" hints)" "<=" 2 "x"
row "slide 4x4 table move / minimal row-table loop (speed)" "$(after "$out/bench_slide.txt" "table path (64-bit, rows)" "classic/this")" ">=" 0.9 "x"
row "slide play path with ids and events / oracle (speed)" "$(after "$out/bench_slide.txt" "play path (ids + events)" "oracle/this")" ">=" 2 "x"
row "link all pairs 18x8 full" "$(core "$out/bench_link.txt" "link benchmark" "all linkable pairs, full board")" "<=" 2000 " ns"
if ((editor)); then
    for name in 06-crates v1-9x9; do
        row "editor badge, whole run after an edit ($name)" \
            "$(sed -n 's/^first figure: median [0-9]* ms; whole run: median \([0-9]*\) ms$/\1/p' "$out/badge-$name.txt")" "<=" 150 " ms"
    done
fi
echo "(the benchmarks' outputs: $out)"
