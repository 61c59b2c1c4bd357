#!/usr/bin/env bash
# Prints a short recap of the failed tests of the last ctest run in BUILD_DIR, so that the end of a
# long log (all a CI page may keep) says what failed and why:
#   - each failed test's name, its lines that look like a cause (errors, failed checks, sanitizer
#     and libFuzzer reports) and its last lines;
#   - for a fuzz smoke, libFuzzer's seed and each finding's input as gzip + base64, to replay with
#       base64 -d <<<"TEXT" | gunzip > finding && build-san/bin/fuzz_play finding
# Usage: scripts/failed-recap.sh BUILD_DIR      (scripts/test.sh calls it when ctest fails)
set -uo pipefail
build=${1:?usage: scripts/failed-recap.sh BUILD_DIR}
log=$build/Testing/Temporary/LastTest.log
failed=$build/Testing/Temporary/LastTestsFailed.log
[[ -f $failed && -f $log ]] || exit 0

echo
echo "==== recap of the failed tests (scripts/failed-recap.sh) ===="
while IFS= read -r entry; do
  name=${entry#*:}
  echo "---- $name"
  # The test's output: the lines between its "Output:" rule and "<end of output>" in LastTest.log.
  output=$(awk -v want="$name" '
    $0 ~ /^[0-9]+\/[0-9]+ Testing: / { sub(/^[0-9]+\/[0-9]+ Testing: /, ""); cur = $0; next }
    cur == want && /^Output:$/ { inside = 1; getline; next }
    inside && /^<end of output>$/ { inside = 0; cur = ""; next }
    inside { print }' "$log")
  grep -E -m 25 'INFO: Seed:|ERROR|Error|error:|FAILED|failed|finding|SUMMARY|Test unit written|Base64:|Timeout|timed out|abort' \
    <<<"$output" | cut -c1-300
  echo "  (last lines)"
  tail -n 12 <<<"$output" | cut -c1-300
  # A fuzz smoke's findings (tests/fuzz/run.sh writes WORKDIR/finding-*).
  if [[ $name == "fuzz: "* ]]; then
    target=${name#fuzz: }
    target=${target%% *}
    for f in "$build/fuzz/$target"/finding-*; do
      [[ -f $f ]] || continue
      echo "  finding $(basename "$f") ($(wc -c <"$f") bytes), gzip + base64:"
      gzip -9nc "$f" | base64 -w 0 | cut -c1-8000
      echo
    done
  fi
done <"$failed"
echo "==== end of the recap ===="
