#!/usr/bin/env bash
# Sharded pack checks: for N in 1, 2, 3, 7 and 13, over the demo pack and a generated pack of 60
# levels (with a missing level and a duplicate id, so that its check fails), `pack merge` of the N
# parts prints the plain `pack check --json` bytes with its exit status; --report writes the plain
# `pack report` bytes; a missing, repeated or foreign part is refused, naming it; a shard killed
# mid-run, rerun with the others, completes the job and the finished shards do nothing again.
# The shards keep their units in a check cache of their own: run again, they read every unit and
# write the same parts. A damaged part is refused by the merge and redone by its shard. Sharded
# estimates merge to `estimate --json`.
# Usage: shards.sh TILELAB SOURCE_DIR
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

# The generated pack: 58 levels of the four kinds in sizes 5 to 8, a copy of one of them (a
# duplicate id) and a file that does not exist: 60 entries.
mkdir gen
kinds=(match3 slide link lines)
entries=()
for i in $(seq 0 57); do
    kind=${kinds[$((i % 4))]}
    size=$((5 + i % 4))
    extra=()
    [[ $kind == lines ]] && extra=(--scramble 3)
    "$cli" generate --kind "$kind" --width "$size" --height "$size" --seed "$((i + 1))" "${extra[@]}" -o "gen/l$i.json" >/dev/null 2>&1
    entries+=("\"l$i.json\"")
done
cp gen/l4.json gen/copy-of-l4.json
entries+=("\"copy-of-l4.json\"" "\"missing.json\"")
(IFS=,; printf '{"format": "tilelab.pack", "version": 1, "name": "Generated", "levels": [%s]}\n' "${entries[*]}") >gen/pack.json
cp -r "$src/levels" levels  # the demo pack and its samples, by the relative path the output names

# check NAME PACK OPTIONS...: the plain run, then every N; each merge must give its bytes and status.
check() {
    local name=$1 pack=$2
    shift 2
    local status=0
    "$cli" pack check "$pack" --json "$@" --no-cache >"$name.whole.json" 2>/dev/null || status=$?
    echo "$name: plain check exit $status, $(jq '.levels | length' "$name.whole.json") levels, $(jq .errors "$name.whole.json") errors"
    # The shards' check cache: empty at first (1 shard computes every unit; the analyses are read
    # from it after), then warm: the 3 shards run again read every unit and merge the same.
    local cache=(--cache "$work/cache.$name")
    for n in 1 2 3 7 13 3w; do
        mkdir -p "$name.$n"
        for k in $(seq 0 $((${n%w} - 1))); do
            "$cli" pack check "$pack" --shard "$k/${n%w}" -o "$name.$n/part-$k.json" "$@" "${cache[@]}" 2>>"$name.$n/shards.err" ||
                fail "$name: shard $k/$n exit $?"
        done
        if [[ $n == 3w ]]; then
            local units read
            units=$(jq -s 'map(.units | length) | add' "$name.3"/part-*.json)
            read=$(sed -n 's/.*units, \([0-9]*\) read from the cache.*/\1/p' "$name.3w/shards.err" | awk "{ s += \$1 } END { print s + 0 }")
            [[ $read == "$units" ]] && echo "$name: 3 shards run again read all $units units from the cache" ||
                fail "$name: 3 shards run again read ${read:-0} of $units units from the cache: $(cat "$name.3w/shards.err")"
            for k in 0 1 2; do cmp -s "$name.3/part-$k.json" "$name.3w/part-$k.json" || fail "$name: part $k/3 from the cache differs"; done
        fi
        local merged=0
        "$cli" pack merge "$name.$n"/part-*.json >"$name.$n/merged.json" 2>"$name.$n/merge.err" || merged=$?
        if cmp -s "$name.whole.json" "$name.$n/merged.json" && [[ $merged == "$status" ]]; then
            echo "$name: $n shards merge to the same bytes and exit status ($merged)"
        else
            fail "$name: $n shards: merge exit $merged (plain $status), bytes $(cmp "$name.whole.json" "$name.$n/merged.json" 2>&1 || true)"
        fi
    done
}

check demo levels/packs/demo.json --runs 16 --threads 2
check gen gen/pack.json --runs 12 --bot greedy --range 5%:95% --budget-ms 500 --threads 2
[[ $(jq .ok gen.whole.json) == false ]] || fail "the generated pack's check should fail (missing level, duplicate id)"

# --report: the bytes `pack report` writes for the same options.
"$cli" pack report levels/packs/demo.json -o plain.html --runs 16 --threads 2 >/dev/null
"$cli" pack merge demo.3/part-*.json -o merged.json --report merged.html >/dev/null 2>&1
cmp -s plain.html merged.html && echo "merge --report writes the pack report's bytes" || fail "merge --report differs from pack report"
cmp -s merged.json demo.whole.json || fail "merge -o OUT differs from the plain check"

# expect_refusal WHAT STATUS PATTERN -- MERGE ARGS: refused with STATUS, stderr naming PATTERN, stdout empty.
expect_refusal() {
    local what=$1 want=$2 pattern=$3
    shift 4
    local status=0
    "$cli" pack merge "$@" >refusal.out 2>refusal.err || status=$?
    if [[ $status == "$want" ]] && grep -qF -- "$pattern" refusal.err && [[ ! -s refusal.out ]]; then
        echo "refused ($what, exit $status): $(grep -F -- "$pattern" refusal.err | head -1)"
    else
        fail "$what: exit $status (want $want), stderr: $(cat refusal.err), stdout $(wc -c <refusal.out) bytes"
    fi
}
expect_refusal "missing" 2 "shard 1/3 is missing" -- demo.3/part-0.json demo.3/part-2.json
expect_refusal "repeated" 2 "shard 2/3 is given 2 times: demo.3/part-2.json, demo.3/part-2.json" -- \
    demo.3/part-0.json demo.3/part-1.json demo.3/part-2.json demo.3/part-2.json
"$cli" pack check levels/packs/demo.json --shard 1/3 -o other-runs.json --runs 15 --threads 2 2>/dev/null
expect_refusal "other options" 2 "other-runs.json: foreign part: made with other options (--runs 15, not --runs 16)" -- \
    demo.3/part-0.json other-runs.json demo.3/part-1.json demo.3/part-2.json
expect_refusal "another pack" 2 "gen.3/part-1.json: foreign part: a part of gen/pack.json, not of levels/packs/demo.json" -- \
    demo.3/part-0.json demo.3/part-1.json gen.3/part-1.json demo.3/part-2.json
expect_refusal "another N" 2 "demo.2/part-1.json: foreign part: one of 2 shards, not of 3" -- \
    demo.3/part-0.json demo.3/part-1.json demo.2/part-1.json demo.3/part-2.json
echo '{"format": "tilelab.level"}' >not-a-part.json
expect_refusal "not a part" 2 "not-a-part.json: foreign part: not a tilelab part" -- demo.3/part-0.json demo.3/part-1.json demo.3/part-2.json not-a-part.json
expect_refusal "no such file" 1 "nothing.json: error: no such file" -- demo.3/part-0.json nothing.json
mkdir elsewhere
cd elsewhere
expect_refusal "run from another folder" 1 "levels/packs/demo.json: no such file (the merge reads it by the path the shards were given" -- ../demo.3/part-*.json
cd ..
# A level that changed since the parts were made: the merge says so and prints nothing.
cp -r levels levels.orig
echo >>levels/samples/match3/01-intro.json  # the same level, other bytes
expect_refusal "changed level" 1 "levels/samples/match3/01-intro.json differ" -- demo.3/part-*.json
rm -rf levels && mv levels.orig levels

# A shard refuses to overwrite a part of other options, and anything that is not a part.
status=0
"$cli" pack check levels/packs/demo.json --shard 0/3 -o demo.3/part-0.json --runs 17 2>refusal.err || status=$?
[[ $status == 2 ]] && grep -q "holds a part made with other options (--runs 16, not --runs 17)" refusal.err &&
    echo "a shard refuses a part of other options: $(head -1 refusal.err)" || fail "shard over a part of other options: exit $status, $(cat refusal.err)"
status=0
"$cli" pack check levels/packs/demo.json --shard 0/3 -o levels/packs/demo.json --runs 16 2>refusal.err || status=$?
[[ $status == 2 ]] && grep -q "is not a part" refusal.err || fail "shard over the pack itself: exit $status, $(cat refusal.err)"
for bad in 3/3 -1/3 1/0 a/3 1 1/3/4 0/100001; do
    status=0
    "$cli" pack check levels/packs/demo.json --shard "$bad" -o x.json 2>refusal.err || status=$?
    [[ $status == 2 ]] && grep -q "K counts from 0" refusal.err || fail "--shard $bad: exit $status"
done

# A killed shard: the job is rerun whole; the finished shards do nothing, the killed one completes.
# 60 playouts a level, so that shard 2/4 still runs (about a CPU second) when it is killed; a
# playout budget of an hour, so that a busy machine (ctest -j2 beside a build) does not stop one
# run at the default two minutes and not the other (their bytes would differ). A check cache of
# their own, empty at first (the shards of the earlier sets would have left shard 2/4 nothing to
# play); units the killed shard finished are kept there and read on the rerun.
mkdir resume
opts=(--runs 60 --threads 1 --playout-budget-ms 3600000 --cache "$work/resume-cache")
"$cli" pack check levels/packs/demo.json --json --runs 60 --threads 1 --playout-budget-ms 3600000 --no-cache >resume.whole.json || true
for k in 0 1 3; do "$cli" pack check levels/packs/demo.json --shard "$k/4" -o "resume/part-$k.json" "${opts[@]}" 2>/dev/null; done
"$cli" pack check levels/packs/demo.json --shard 2/4 -o resume/part-2.json "${opts[@]}" 2>/dev/null &
victim=$!
sleep 0.3
kill -KILL "$victim" 2>/dev/null || fail "shard 2/4 ended within 0.3 s: nothing was killed"
wait "$victim" 2>/dev/null || true
[[ ! -e resume/part-2.json ]] || fail "a killed shard left a part"
# Nanosecond modification times: a finished part written again would show, with no wait between.
before=$(stat -c '%n %.9Y %s' resume/part-0.json resume/part-1.json resume/part-3.json)
for k in 0 1 2 3; do
    "$cli" pack check levels/packs/demo.json --shard "$k/4" -o "resume/part-$k.json" "${opts[@]}" 2>>resume/rerun.err ||
        fail "rerun of shard $k/4: exit $?"
done
[[ $(grep -c "nothing to do" resume/rerun.err) == 3 ]] || fail "the finished shards did not say they had nothing to do: $(cat resume/rerun.err)"
grep -q "shard 2/4: wrote resume/part-2.json" resume/rerun.err || fail "the killed shard was not redone: $(cat resume/rerun.err)"
[[ $(stat -c '%n %.9Y %s' resume/part-0.json resume/part-1.json resume/part-3.json) == "$before" ]] || fail "finished parts were rewritten"
"$cli" pack merge resume/part-*.json >resume/merged.json 2>/dev/null || true
cmp -s resume.whole.json resume/merged.json && echo "a killed shard rerun completes the job: $(grep -c 'nothing to do' resume/rerun.err) shards had nothing to do, the merge gives the plain bytes" ||
    fail "the resumed job's merge differs from the plain check"

# A part damaged on disk (its units edited) is done again by its shard, and the job still merges right.
jq -c '.units[1].outcomes[0][0] = 1 - .units[1].outcomes[0][0]' resume/part-3.json >resume/damaged.json
mv resume/damaged.json resume/part-3.json
status=0
"$cli" pack merge resume/part-*.json >/dev/null 2>resume/damaged.err || status=$?
[[ $status == 1 ]] && grep -q "part-3.json: its units do not match their hash" resume/damaged.err ||
    fail "a damaged part was merged: exit $status, $(cat resume/damaged.err)"
"$cli" pack check levels/packs/demo.json --shard 3/4 -o resume/part-3.json "${opts[@]}" 2>resume/damaged.err
grep -q "damaged (its units do not match their hash): it is done again" resume/damaged.err ||
    fail "the shard did not redo its damaged part: $(cat resume/damaged.err)"
"$cli" pack merge resume/part-*.json 2>/dev/null | cmp -s resume.whole.json - &&
    echo "a damaged part is refused by the merge and done again by its shard" || fail "the redone part does not merge to the plain bytes"

# Sharded estimates (match3 and slide bots, link's random player): pack merge gives estimate --json's bytes.
for level in levels/samples/match3/02-jelly.json levels/samples/slide/03-fours.json levels/samples/link/01-pairs.json; do
    bot=(--bot greedy)
    [[ $level == *link* ]] && bot=()
    "$cli" estimate "$level" --runs 30 "${bot[@]}" --json --threads 2 >estimate.whole.json
    for n in 1 4 7; do
        rm -rf est && mkdir est
        for k in $(seq 0 $((n - 1))); do "$cli" estimate "$level" --runs 30 "${bot[@]}" --shard "$k/$n" -o "est/part-$k.json" 2>/dev/null; done
        "$cli" pack merge est/part-*.json >est/merged.json 2>/dev/null || fail "estimate merge of $level, $n shards: exit $?"
        cmp -s estimate.whole.json est/merged.json || fail "estimate $level: $n shards merge to other bytes"
    done
    echo "estimate $level: 1, 4 and 7 shards merge to the same bytes"
done

# Every part written above against levels/schema/part.schema.json (Debian's python3-jsonschema).
for level in levels/samples/match3/02-jelly.json; do
    "$cli" estimate "$level" --runs 20 --shard 1/3 -o estimate-part.json 2>/dev/null
done
if python3 -c 'import jsonschema' 2>/dev/null; then
    python3 - "$src/levels/schema/part.schema.json" demo.*/part-*.json gen.*/part-*.json resume/part-*.json estimate-part.json <<'PY' ||
import json, sys
from jsonschema import Draft202012Validator
validator = Draft202012Validator(json.load(open(sys.argv[1])))
bad = 0
for path in sys.argv[2:]:
    for e in validator.iter_errors(json.load(open(path))):
        bad += 1
        print(f"{path}: /{'/'.join(map(str, e.path))}: {e.message[:200]}")
print(f"{len(sys.argv) - 2} parts checked against part.schema.json, {bad} errors")
sys.exit(1 if bad else 0)
PY
        fail "parts that do not match levels/schema/part.schema.json"
else
    fail "python3-jsonschema is missing (scripts/setup.sh installs it): the parts' schema is not checked"
fi

if ((failures)); then
    echo "$failures failures"
    exit 1
fi
echo "all sharded checks merge to the single run's bytes"
