#!/usr/bin/env bash
# Runs one libFuzzer target for a while: the 20-second smoke of the test run, or hours by hand.
# Usage: tests/fuzz/run.sh BINARY SECONDS WORKDIR [libFuzzer flags...]
#   BINARY   build-san/bin/fuzz_reader or build-san/bin/fuzz_play
#   WORKDIR  keeps the growing corpus (WORKDIR/corpus) and any finding (WORKDIR/finding-*)
# Seeds: levels/ and tests/data/ (which holds tests/data/fuzz/, every input found so far).
# Exit status: 0 no finding, non-zero a finding (crash, leak, timeout, out-of-memory, or a failed
# check of tests/fuzz/harness.hpp); the input that found it is WORKDIR/finding-*.
set -euo pipefail
if (($# < 3)); then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
binary=$1 seconds=$2 workdir=$3
shift 3
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$workdir/corpus"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -dict="$src/tests/fuzz/level.dict" -artifact_prefix="$workdir/finding-" -print_final_stats=1 \
  "$@" "$workdir/corpus" "$src/levels" "$src/tests/data"
