#!/usr/bin/env bash
# Runs one libFuzzer target for a while: the 5-second smoke of the test run, or hours by hand (for
# hours, a tree configured with -DTILELAB_FUZZ_COVERAGE=ON: docs/testing.md "Fuzzing").
# Usage: tests/fuzz/run.sh BINARY SECONDS WORKDIR [libFuzzer flags...]
#   BINARY   build-san/bin/fuzz_NAME (or build-fuzz/...): reader, play, merge or calibration
#   WORKDIR  keeps the growing corpus (WORKDIR/corpus) and any finding (WORKDIR/finding-*)
# Seeds: levels/ and tests/data/ (which holds tests/data/fuzz/, every input found so far and the
# seed parts and CSVs). Dictionary: tests/fuzz/NAME.dict, else level.dict.
# Exit status: 0 no finding, non-zero a finding (crash, leak, timeout, out-of-memory, or a failed
# check of tests/fuzz/harness.hpp); the input that found it is WORKDIR/finding-*.
set -euo pipefail
if (($# < 3)); then
  sed -n '2,10p' "$0" >&2
  exit 2
fi
binary=$1 seconds=$2 workdir=$3
shift 3
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$workdir/corpus"
# Absolute: fuzz_merge changes folder while it merges (harness.hpp), libFuzzer between inputs.
workdir=$(cd "$workdir" && pwd)
name=$(basename "$binary")
dict=$src/tests/fuzz/${name#fuzz_}.dict
[[ -f $dict ]] || dict=$src/tests/fuzz/level.dict
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -dict="$dict" -artifact_prefix="$workdir/finding-" -print_final_stats=1 \
  "$@" "$workdir/corpus" "$src/levels" "$src/tests/data"
