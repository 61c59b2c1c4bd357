#!/usr/bin/env bash
# Measures bot playouts per core-second on this machine, per sample level, kind and bot: the cost
# model for sizing a sharded check (docs/scale.md). One thread a run, CPU time (user + system) from
# /usr/bin/time, so other load on the machine changes it little; the runs grow fourfold until a
# measurement takes at least MIN_SECONDS of CPU.
# Usage: scripts/playout-rate.sh [TILELAB] [MIN_SECONDS]   (default build/bin/tilelab, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/bin/tilelab}
min_seconds=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '| level | bot | runs | CPU s | playouts per core-second |\n| --- | --- | ---: | ---: | ---: |\n'
# rate LEVEL BOT FIRST_RUNS
rate() {
    local level=$1 bot=$2 runs=$3 cpu
    while :; do
        /usr/bin/time -f '%U %S' -o "$work/time" "$cli" estimate "$level" --runs "$runs" --bot "$bot" --threads 1 \
            --json >/dev/null
        cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
        awk -v c="$cpu" -v m="$min_seconds" 'BEGIN { exit !(c < m) }' && ((runs < 1000000)) || break
        runs=$((runs * 4))
    done
    awk -v l="${level#levels/samples/}" -v b="$bot" -v r="$runs" -v c="$cpu" \
        'BEGIN { printf "| %s | %s | %d | %.2f | %s |\n", l, b, r, c, (c > 0 ? sprintf("%.0f", r / c) : "-") }'
}
for level in levels/samples/match3/*.json; do
    rate "$level" greedy 1000
    rate "$level" lookahead 250
done
for level in levels/samples/slide/*.json; do
    rate "$level" greedy 1000
    rate "$level" quick 100
    rate "$level" expectimax 20
done
