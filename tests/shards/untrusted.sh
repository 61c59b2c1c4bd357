#!/usr/bin/env bash
# Shard parts read as untrusted input (docs/scale.md "What the merge checks"): a part edited with
# its units hash recomputed is refused, with exit 1 or 2 and a message naming the edited key, for
# every stored option out of the CLI's range (runs 2^31 - 1 or 1e300, curve_cap 2^31 - 1, ...) and
# for results that cannot be (a negative count, more outcomes than runs, a won flag of 2, a won_at
# of 2^31 - 1); a lone part of 100,000 shards names 10 missing shards and counts the rest; a large
# legitimate part merges under a `ulimit -v` of half what a JSON tree of it takes, and
# below what it needs ends with exit 1 and "out of memory", never an abort.
# Usage: untrusted.sh TILELAB SOURCE_DIR
set -euo pipefail
# Debian's python3 (scripts/setup.sh installs its modules there): a python3 earlier on PATH can be a
# version manager's shim, many times slower to start (docs/testing.md "Where the time goes").
python3() { if [[ -x /usr/bin/python3 ]]; then /usr/bin/python3 "$@"; else command python3 "$@"; fi; }
cli=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
cp -r "$src/levels" levels
level=levels/samples/match3/01-intro.json

# edit IN OUT PYTHON: applies the statement to the part `p` and recomputes its units hash as the
# tool writes it (FNV-1a 64 over the compact dump of the units).
edit() {
    python3 - "$1" "$2" "$3" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
exec(sys.argv[3])
units = json.dumps(p["units"], separators=(",", ":"), ensure_ascii=False)
h = 0xcbf29ce484222325
for c in units.encode():
    h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
p["units_hash"] = "fnv1a64:%016x" % h
open(sys.argv[2], "w").write(json.dumps(p, ensure_ascii=False))
PY
}

"$cli" estimate "$level" --runs 40 --bot greedy --shard 0/1 -o est.json 2>/dev/null || fail "estimate shard exit $?"
"$cli" pack check levels/packs/demo.json --runs 40 --bot greedy --shard 0/1 -o check.json 2>/dev/null ||
    fail "pack check shard exit $?"
# The hash recomputation is the tool's: an unedited copy merges.
edit est.json same.json 'pass'
"$cli" pack merge same.json >/dev/null 2>&1 || fail "an unedited, rehashed estimate part does not merge (exit $?)"

# refused PART EDIT WORD: the edited part is refused with exit 1 or 2 and a message holding WORD.
refused() {
    local part=$1 change=$2 word=$3 status=0
    edit "$part" edited.json "$change"
    "$cli" pack merge edited.json >out.json 2>err.txt || status=$?
    if [[ $status == 1 || $status == 2 ]] && grep -q -- "$word" err.txt && grep -q "edited.json" err.txt; then
        echo "refused ($status): $change"
    else
        fail "$change: exit $status, message: $(head -c 300 err.txt)"
    fi
}
for key_value in runs=2147483647 runs=1e300 runs=0 runs=-5 curve_cap=2147483647 curve_cap=-1 rollouts=0 \
    rollouts=2147483647 playout_budget_ms=0 'seed=-1' 'seed=1.5' 'bot="'"$(printf 'b%.0s' $(seq 80))"'"' 'bot=7'; do
    key=${key_value%%=*}
    refused est.json "p['options']['$key'] = json.loads('''${key_value#*=}''')" "options.$key"
done
refused est.json "del p['options']['curve_cap']" "options.curve_cap"
refused check.json "p['options']['budget_ms'] = 2**31 - 1" "options.budget_ms"
refused check.json "p['options']['runs'] = 2**31 - 1" "options.runs"
refused check.json "p['options']['range'] = [0.9, 0.1]" "options.range"
# Results: outcomes are [won, dead, moves_used, moves_left, score, highest_tile, won_at, dead_at].
refused est.json "p['units'][0]['outcomes'][0][0] = 2" "outcomes"
refused est.json "p['units'][0]['outcomes'][0][2] = -3" "outcomes"
refused est.json "p['units'][0]['outcomes'][0][6] = 2**31 - 1" "outcomes"
refused est.json "p['units'][0]['outcomes'].append(p['units'][0]['outcomes'][0])" "outcomes"
refused est.json "p['units'][0]['runs'][1] = 2**31 - 1" "runs"

# A lone part claiming 100,000 shards: 10 missing shards named, the rest counted.
edit est.json lone.json "p['shard'] = [0, 100000]"
status=0
"$cli" pack merge lone.json >/dev/null 2>err.txt || status=$?
lines=$(wc -l <err.txt)
if [[ $status == 2 && $lines -le 14 ]] && grep -q "and 99989 more shards" err.txt; then
    echo "a lone part of 100,000 shards: $lines lines"
else
    fail "a lone part of 100,000 shards: exit $status, $lines lines: $(tail -n 2 err.txt)"
fi

# A large legitimate part merges in bounded memory (docs/scale.md "Memory"): a part of 1,000,000
# runs (23 MB) under ulimit -v 200000 (about 0.1 GB is needed; holding the part as a JSON tree took
# 0.4 GB and ended with "out of memory"), to the figures of all its runs.
runs=${UNTRUSTED_LARGE_RUNS:-1000000}
"$cli" estimate "$level" --runs "$runs" --bot greedy --shard 0/1 -o large.json 2>/dev/null || fail "large shard exit $?"
status=0
started=$(date +%s.%N)
(ulimit -v "${UNTRUSTED_LIMIT_KB:-200000}"; "$cli" pack merge large.json >merged.json 2>err.txt) || status=$?
took=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
if [[ $status == 0 ]] && python3 -c 'import json, sys; sys.exit(json.load(open("merged.json"))["runs"] != int(sys.argv[1]))' "$runs"; then
    echo "a part of $runs runs ($(du -m large.json | cut -f1) MB) under ulimit -v ${UNTRUSTED_LIMIT_KB:-200000}: merged in $took s"
else
    fail "a part of $runs runs under ulimit -v: exit $status: $(head -c 300 err.txt)"
fi
# Out of memory all the same (under a limit it cannot meet): exit 1 and a message, never an abort.
status=0
(ulimit -v 60000; "$cli" pack merge large.json >/dev/null 2>err.txt) || status=$?
if [[ $status == 1 ]] && grep -q "out of memory merging large.json" err.txt; then
    echo "the same part under ulimit -v 60000: exit 1, out of memory"
else
    fail "a part of $runs runs under ulimit -v 60000: exit $status: $(head -c 300 err.txt)"
fi

if ((failures)); then
    echo "$failures failure(s)"
    exit 1
fi
echo "all passed"
