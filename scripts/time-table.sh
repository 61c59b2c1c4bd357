#!/usr/bin/env bash
# Where the test run's time goes, from the trees scripts/test.sh leaves: each build tree's time
# (ninja's log: the sum of its steps' times and the wall time from its first step's start to its
# last step's end) and its slowest steps, then the slowest ctest entries of the last run (ctest's
# own timings, from build/ctest.log, which scripts/test.sh writes) and their total, grouped by prefix.
# Usage: scripts/time-table.sh [ROOT]   (ROOT: the clone scripts/test.sh ran in; default .)
set -euo pipefail
root=${1:-.}

echo "| build tree | steps | sum of step times (s) | wall (s) |"
echo "|---|---:|---:|---:|"
for tree in build build-san; do
  log=$root/$tree/.ninja_log
  [[ -f $log ]] || continue
  awk -v t="$tree" 'NR > 1 { n++; sum += ($2 - $1); if (first == "" || $1 < first) first = $1; if ($2 > last) last = $2 }
    END { printf "| %s | %d | %.0f | %.0f |\n", t, n, sum / 1000, (last - first) / 1000 }' "$log"
done
echo
echo "Slowest build steps (s):"
for tree in build build-san; do
  log=$root/$tree/.ninja_log
  [[ -f $log ]] || continue
  awk -v t="$tree" 'NR > 1 { printf "%.1f %s/%s\n", ($2 - $1) / 1000, t, $4 }' "$log"
done | sort -rn | head -15

log=$root/build/ctest.log  # scripts/test.sh keeps ctest's output there
[[ -f $log ]] || { echo "no ctest output in $log"; exit 0; }
times() { sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: (.*[^ .]) \.+ *(\*\*\*)?[A-Za-z ]+ +([0-9.]+) sec$/\3\t\1/p' "$log"; }
echo
echo "| ctest group | tests | sum of times (s) | slowest (s) |"
echo "|---|---:|---:|---:|"
times | awk -F'\t' '{ g = $2; sub(/:.*/, "", g); n[g]++; s[g] += $1; if ($1 > m[g]) m[g] = $1; total += $1 }
  END { for (g in n) printf "| %s | %d | %.0f | %.1f |\n", g, n[g], s[g], m[g]; printf "| all | %d | %.0f | |\n", NR, total }' |
  sort -t'|' -k4 -rn
echo
echo "Slowest tests (s):"
times | sort -rn | head -20
