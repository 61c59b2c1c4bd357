#!/usr/bin/env bash
# Issue 14's speed line, measured: format 2 on plain 9x9 boards with specials on, against the
# version 1 code of the day format 2 was begun (the commit before it, whose bench_match3 gave the
# issue's 4.2 / 3.1 / 49 us), both benchmarks run in turn in one run of this script, ROUNDS times.
# The version 1 code of today is faster than that baseline (issue 17); `bench_match3 v2` prints
# that ratio too. Not part of the test run: it builds the old benchmark once (build-baseline/, a
# few minutes). The figures are in docs/match3.md "Speed".
# Usage: scripts/bench_v1_baseline.sh [ROUNDS]   (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [ROUNDS]  (ROUNDS a whole number above 0)" >&2; exit 2; }
# The last commit before format 2's first (its data model): version 1 as the issue measured it.
baseline=$(git rev-parse --verify --quiet "9779629^{commit}^" || true)
[[ -n $baseline ]] || { echo "$0: the history has no commit 9779629 (a shallow clone?): git fetch --unshallow" >&2; exit 1; }
jobs=${JOBS:-2}

if [[ ! -x build-baseline/bin/bench_match3 ]]; then
    rm -rf build-baseline/src
    mkdir -p build-baseline
    git worktree add --force --detach build-baseline/src "$baseline" >/dev/null 2>&1 ||
        git -C . archive "$baseline" | (mkdir -p build-baseline/src && tar -x -C build-baseline/src)
    cmake -S build-baseline/src -B build-baseline/b -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_TESTS=ON \
        -DTILELAB_EDITOR=OFF >/dev/null
    cmake --build build-baseline/b -j"$jobs" --target bench_match3 >/dev/null
    mkdir -p build-baseline/bin
    cp build-baseline/b/bin/bench_match3 build-baseline/bin/bench_match3
    git worktree remove --force build-baseline/src >/dev/null 2>&1 || rm -rf build-baseline/src
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_BENCHES=ON >/dev/null  # scripts/test.sh turns them off
cmake --build build -j"$jobs" --target bench_match3 >/dev/null

# field FILE SECTION ROW: the core ns/op of ROW, the first after the line SECTION.
field() {
    awk -v sec="$2" -v row="$3" 'index($0, sec) == 1 || $0 == sec { on = 1; next }
        on && index($0, row) { for (i = 1; i <= NF; ++i) if ($i == "core") { print $(i + 1); exit } }' "$1"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-6s %-14s %12s %12s %8s\n' round operation "v1 then ns" "v2 now ns" ratio
for ((r = 1; r <= rounds; ++r)); do
    build-baseline/bin/bench_match3 >"$tmp/old"
    build/bin/bench_match3 v2 >"$tmp/new"
    for pair in "all hints|all hint swaps (with clears)|all hints (clears, creates, combo)" \
                "greedy move|one greedy bot move + cascades|one greedy move + cascades, firing" \
                "20-move playout|one 20-move playout (greedy)|one 20-move playout (greedy)"; do
        IFS='|' read -r name old_row new_row <<<"$pair"
        old=$(field "$tmp/old" "9x9, 6 colours" "$old_row")
        new=$(field "$tmp/new" " plain boards, specials on" "$new_row")
        [[ -n $old && -n $new ]] || { echo "$0: a benchmark row is missing ($name)" >&2; exit 1; }
        printf '%-6s %-14s %12s %12s %7.2fx\n' "$r" "$name" "$old" "$new" "$(awk -v a="$new" -v b="$old" 'BEGIN { print a / b }')"
    done
done
echo "(issue 14: format 2 on plain boards within 1.5x of these version 1 figures; the issue quoted 4,200 / 3,100 / 49,000 ns)"
