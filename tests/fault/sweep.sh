#!/usr/bin/env bash
# The fault-injection sweep of one writer: runs it once to count its file calls (open, write, fsync,
# close, rename, link, fchmod, ...), then once for every call N failing it with ENOSPC, once failing
# it with EIO, and once killing the process (SIGKILL) there. After every run: the target is byte for
# byte the whole old file or the whole new one, the backup (when kept) is a whole earlier version,
# a reported success means the new file, no message says "Success", a failed write leaves no
# temporary file, a killed one's temporary file is removed by the next write in that folder, and
# what the next start would recover loads.
# Usage: sweep.sh fmt|generate|export|report|save|pack|autosave|settings|calibrate|
#                 shard|merge|tune|tune-in-place|estimate-shard|merge-estimate|merge-report|editor-export
# Environment (set by ctest): TILELAB_CLI, TILELAB_FAULT_SHIM, TILELAB_FAULT_WRITER, TILELAB_SOURCE_DIR.
set -euo pipefail
writer=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
samples=$TILELAB_SOURCE_DIR/levels/samples
init=$work/init   # the state every run starts from
case_dir=$work/case
mkdir -p "$init"

fail() { echo "FAIL ($writer): $*" >&2; exit 1; }

# A two-level pack in $work/src (read, never written) and its check in two shard parts, part-0.json
# and part-1.json, beside it.
pack_parts() {
    mkdir -p "$work/src"
    cp "$samples/match3/01-intro.json" "$samples/link/01-pairs.json" "$work/src/"
    printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "01-pairs.json"]}\n' >"$work/src/pack.json"
    for k in 0 1; do
        "$TILELAB_CLI" pack check "$work/src/pack.json" -o "$work/src/part-$k.json" --runs 20 --threads 1 --shard "$k/2" 2>/dev/null
    done
}

# Per writer: the initial files, the command, the target, its old and new bytes, the backup's old bytes.
target= backup=
case $writer in
    fmt)
        # A level written on one line: fmt rewrites it canonically.
        jq -c . "$samples/match3/01-intro.json" >"$init/level.json"
        target=level.json
        run() { "$TILELAB_CLI" fmt "$case_dir/level.json"; }
        ;;
    generate)
        # generate -o over an older version of the level it makes (the same id: the policy refuses
        # another level), renamed by hand since.
        "$TILELAB_CLI" generate --kind match3 --width 8 --height 8 --colors 6 --seed 7 -o "$init/level.json" 2>/dev/null
        sed -i 's/"name": "[^"]*"/"name": "renamed by hand"/' "$init/level.json"
        grep -q '"name": "renamed by hand"' "$init/level.json" || { echo "FAIL (generate): the older level was not renamed"; exit 1; }
        target=level.json
        run() { "$TILELAB_CLI" generate --kind match3 --width 8 --height 8 --colors 6 --seed 7 -o "$case_dir/level.json"; }
        ;;
    report)
        # pack report -o over an older report; the pack lives in another folder.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$samples/link/01-pairs.json" "$work/src/"
        printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "01-pairs.json"]}\n' >"$work/src/pack.json"
        printf '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>tilelab pack report: an older one</title>\n' >"$init/report.html"
        target=report.html
        run() { "$TILELAB_CLI" pack report "$work/src/pack.json" -o "$case_dir/report.html" --runs 20 --threads 1 --budget-ms 500; }
        ;;
    pack)
        # The editor's Pack panel saves the pack with a backup; an older .bak is there.
        cp "$samples/match3/01-intro.json" "$samples/link/01-pairs.json" "$init/"
        printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "01-pairs.json"]}\n' >"$init/pack.json"
        printf '{"format": "tilelab.pack", "version": 1, "name": "older", "levels": ["01-intro.json"]}\n' >"$init/pack.json.bak"
        target=pack.json backup=pack.json.bak
        run() { "$TILELAB_FAULT_WRITER" pack "$case_dir/pack.json"; }
        ;;
    export)
        # The bundle is replaced; the pack and its levels live in another folder (read, never written).
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$samples/link/01-pairs.json" "$work/src/"
        printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "01-pairs.json"]}\n' >"$work/src/pack.json"
        flags=(--runs 20 --threads 1 --budget-ms 500)
        "$TILELAB_CLI" pack export "$work/src/pack.json" -o "$work/fresh.json" "${flags[@]}" >/dev/null
        jq '.name = "an older export"' "$work/fresh.json" >"$init/out.bundle.json"
        target=out.bundle.json
        run() { "$TILELAB_CLI" pack export "$work/src/pack.json" -o "$case_dir/out.bundle.json" "${flags[@]}"; }
        ;;
    save)
        # The editor's save with a backup: an older .bak is there, and must stay whole until replaced.
        cp "$samples/match3/01-intro.json" "$init/level.json"
        jq '.name = "an older version"' "$samples/match3/01-intro.json" >"$init/level.json.bak"
        target=level.json backup=level.json.bak
        run() { "$TILELAB_FAULT_WRITER" save "$case_dir/level.json"; }
        extra_check() { "$TILELAB_FAULT_WRITER" load "$case_dir/level.json" || fail "the next start cannot open level.json"; }
        ;;
    autosave)
        # The editor's autosave beside the file, an older autosave there; the file itself is never written.
        cp "$samples/match3/01-intro.json" "$init/level.json"
        jq '.name = "an older autosave"' "$samples/match3/01-intro.json" >"$init/level.json.autosave"
        mkdir -p "$init/config"
        target=level.json.autosave
        run() { "$TILELAB_FAULT_WRITER" autosave "$case_dir/level.json" "$case_dir/config"; }
        extra_check() {
            cmp -s "$init/level.json" "$case_dir/level.json" || fail "the autosave wrote the user's file"
            local offers
            offers=$("$TILELAB_FAULT_WRITER" recover "$case_dir/config" "$case_dir/level.json")
            grep -qx "offer $case_dir/level.json $case_dir/level.json.autosave ok" <<<"$offers" ||
                fail "the next start does not offer a whole autosave: $offers"
        }
        ;;
    settings)
        mkdir -p "$init/config"
        printf '{"recent_files": ["/old/a.json"], "last_session": ["/old/a.json"], "autosave_seconds": 3}\n' >"$init/config/settings.json"
        target=config/settings.json
        run() { "$TILELAB_FAULT_WRITER" settings "$case_dir/config" "/new/b.json"; }
        ;;
    calibrate)
        # calibrate -o over an older calibration; the pack, its levels and the CSV live in another folder.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$samples/match3/02-jelly.json" "$samples/match3/03-holes.json" "$work/src/"
        printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "02-jelly.json", "03-holes.json"]}\n' >"$work/src/pack.json"
        printf 'id,attempts,passes\nm3-intro-01,1000,900\nm3-jelly-02,2000,400\nm3-holes-03,1500,1200\n' >"$work/src/observed.csv"
        flags=(--runs 20 --threads 1 --bot greedy)
        "$TILELAB_CLI" calibrate "$work/src/observed.csv" --pack "$work/src/pack.json" -o "$work/fresh.json" "${flags[@]}" >/dev/null
        jq '.a = 0' "$work/fresh.json" >"$init/cal.json"
        target=cal.json
        run() { "$TILELAB_CLI" calibrate "$work/src/observed.csv" --pack "$work/src/pack.json" -o "$case_dir/cal.json" "${flags[@]}"; }
        ;;
    shard)
        # pack check --shard -o over the same part damaged (its units edited): the shard is done again.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$samples/link/01-pairs.json" "$work/src/"
        printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "01-pairs.json"]}\n' >"$work/src/pack.json"
        flags=(--runs 20 --threads 1 --budget-ms 500 --shard 1/2)
        "$TILELAB_CLI" pack check "$work/src/pack.json" -o "$work/fresh.json" "${flags[@]}" 2>/dev/null
        jq -c '.units[0].outcomes[0][0] = 1 - .units[0].outcomes[0][0]' "$work/fresh.json" >"$init/part.json"
        target=part.json
        run() { "$TILELAB_CLI" pack check "$work/src/pack.json" -o "$case_dir/part.json" "${flags[@]}"; }
        ;;
    merge)
        # pack merge -o over an older merged check; the pack, its levels and the parts live in another folder.
        pack_parts
        "$TILELAB_CLI" pack merge "$work/src/part-0.json" "$work/src/part-1.json" -o "$work/fresh.json" 2>/dev/null
        jq '.name = "an older check"' "$work/fresh.json" >"$init/check.json"
        target=check.json
        run() { "$TILELAB_CLI" pack merge "$work/src/part-0.json" "$work/src/part-1.json" -o "$case_dir/check.json"; }
        ;;
    tune)
        # tune -o over an older tuning of the same level (another move limit); the level lives in
        # another folder.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$work/src/level.json"
        jq '.goal.moves = 9' "$samples/match3/01-intro.json" >"$init/tuned.json"
        flags=(--target 0.5 --tolerance 0.5 --runs 20 --threads 1 --bot greedy)
        target=tuned.json
        run() { "$TILELAB_CLI" tune "$work/src/level.json" "${flags[@]}" -o "$case_dir/tuned.json"; }
        ;;
    tune-in-place)
        # tune without -o rewrites the level itself.
        cp "$samples/match3/01-intro.json" "$init/level.json"
        target=level.json
        run() { "$TILELAB_CLI" tune "$case_dir/level.json" --target 0.5 --tolerance 0.5 --runs 20 --threads 1 --bot greedy; }
        ;;
    estimate-shard)
        # estimate --shard -o over the same part damaged (its outcomes edited): the shard is done again.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$work/src/level.json"
        flags=(--runs 20 --threads 1 --bot greedy --shard 1/2)
        "$TILELAB_CLI" estimate "$work/src/level.json" -o "$work/fresh.json" "${flags[@]}" 2>/dev/null
        jq -c '.units[0].outcomes[0][0] = 1 - .units[0].outcomes[0][0]' "$work/fresh.json" >"$init/part.json"
        target=part.json
        run() { "$TILELAB_CLI" estimate "$work/src/level.json" -o "$case_dir/part.json" "${flags[@]}"; }
        ;;
    merge-estimate)
        # pack merge -o of estimate parts over an older merged estimate; the level and parts live elsewhere.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$work/src/level.json"
        for k in 0 1; do
            "$TILELAB_CLI" estimate "$work/src/level.json" -o "$work/src/part-$k.json" --runs 20 --threads 1 --bot greedy --shard "$k/2" 2>/dev/null
        done
        "$TILELAB_CLI" pack merge "$work/src/part-0.json" "$work/src/part-1.json" -o "$work/fresh.json" 2>/dev/null
        jq '.runs = 1' "$work/fresh.json" >"$init/estimate.json"
        target=estimate.json
        run() { "$TILELAB_CLI" pack merge "$work/src/part-0.json" "$work/src/part-1.json" -o "$case_dir/estimate.json"; }
        ;;
    merge-report)
        # pack merge --report over an older report (the JSON goes to stdout); pack and parts live elsewhere.
        pack_parts
        printf '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>tilelab pack report: an older one</title>\n' >"$init/report.html"
        target=report.html
        run() { "$TILELAB_CLI" pack merge "$work/src/part-0.json" "$work/src/part-1.json" --report "$case_dir/report.html" >/dev/null; }
        ;;
    editor-export)
        # The editor's Pack panel export: the bundle is replaced, the older one kept as .bak; the
        # pack and its levels live in another folder.
        mkdir -p "$work/src"
        cp "$samples/match3/01-intro.json" "$samples/link/01-pairs.json" "$work/src/"
        printf '{"format": "tilelab.pack", "version": 1, "name": "sweep", "levels": ["01-intro.json", "01-pairs.json"]}\n' >"$work/src/pack.json"
        "$TILELAB_FAULT_WRITER" export "$work/src/pack.json" "$work/fresh.json"
        jq '.name = "an older export"' "$work/fresh.json" >"$init/out.bundle.json"
        jq '.name = "the oldest export"' "$work/fresh.json" >"$init/out.bundle.json.bak"
        target=out.bundle.json backup=out.bundle.json.bak
        run() { "$TILELAB_FAULT_WRITER" export "$work/src/pack.json" "$case_dir/out.bundle.json"; }
        ;;
    *) echo "usage: sweep.sh fmt|generate|export|report|save|pack|autosave|settings|calibrate|shard|merge|tune|tune-in-place|estimate-shard|merge-estimate|merge-report|editor-export" >&2; exit 2 ;;
esac

# The loop below runs the writer about a hundred times; around each run it starts only the copy of
# the initial state and the writer itself: the checks read files with bash's own read (a process
# start costs milliseconds on some machines, and cmp, grep, awk and find took most of a sweep's CPU).

# Each run gets a fresh copy of the initial state in a folder of its own (removed with $work).
runs=0
reset() {
    runs=$((runs + 1))
    case_dir=$work/case.$runs
    cp -a "$init" "$case_dir"
}

# bytes_of FILE: sets BYTES to FILE's whole content (a missing final newline kept); false when missing.
# The files compared are text: one holding a NUL byte (where bash's read stops) gets a mark that no
# text has, so it never equals the old or the new version.
bytes_of() {
    BYTES=""
    [[ -f $1 ]] || return 1
    if IFS= read -r -d '' BYTES <"$1"; then BYTES+=$'\x01(a NUL byte)'; fi
}

# Runs the writer under the shim; sets status. Only calls on the case folder's files are counted.
# The shim's lines go to a log of the run's own ($log).
run_shim() {
    local at=$1 action=$2 err=$3
    log=$work/log.$runs.$at.$action.$err
    set +e
    (
        export LD_PRELOAD=$TILELAB_FAULT_SHIM TILELAB_FAULT_AT=$at TILELAB_FAULT_ACTION=$action \
            TILELAB_FAULT_ERRNO=$err TILELAB_FAULT_MATCH=$case_dir/ TILELAB_FAULT_LOG=$log
        run
    ) >"$work/stdout" 2>"$work/stderr"
    status=$?
    set -e
}

# read_log: from the run's log, sets calls (the count at exit), inject ("N CALL PATH" of the
# injection, empty when none) and call (the injected call's name).
read_log() {
    local word rest
    calls=0 inject="" call=""
    [[ -f $log ]] || return 0
    while read -r word rest; do
        case $word in
            calls) calls=$rest ;;
            inject) inject=$rest; call=${rest#* }; call=${call%% *} ;;
        esac
    done <"$log"
}

# temporaries: sets TEMPS to the temporary files left in the case folder (any depth); false when none.
temporaries() {
    shopt -s globstar nullglob dotglob
    TEMPS=("$case_dir"/**/.tilelab-*)
    shopt -u globstar nullglob dotglob
    ((${#TEMPS[@]} > 0))
}

# The old and new bytes (whole files, so that even a missing final newline counts as torn): a clean run.
reset
bytes_of "$case_dir/$target"; old=$BYTES
if [[ -n $backup ]]; then bytes_of "$case_dir/$backup"; backup_old=$BYTES; fi
run_shim 0 fail EIO
((status == 0)) || { cat "$work/stderr" >&2; fail "the clean run failed"; }
bytes_of "$case_dir/$target"; new=$BYTES
[[ $old != "$new" ]] || fail "the clean run did not change $target"
read_log
((calls > 3)) || fail "only $calls file calls counted: is the shim preloaded?"
! temporaries || fail "a clean run left temporary files: ${TEMPS[*]}"
total_calls=$calls

injected=0 failures=0 kills=0
for ((n = 1; n <= total_calls; n++)); do
    for mode in fail:ENOSPC fail:EIO kill:-; do
        action=${mode%%:*} err=${mode#*:}
        reset
        run_shim "$n" "$action" "${err/-/EIO}"
        read_log
        where="call $n ($inject, $mode)"
        if [[ -n $inject ]]; then
            injected=$((injected + 1))
            [[ $action == kill ]] && kills=$((kills + 1)) || failures=$((failures + 1))
        fi
        bytes_of "$case_dir/$target" || fail "$where: $target is missing"
        is_new=0
        if [[ $BYTES == "$new" ]]; then is_new=1
        elif [[ $BYTES != "$old" ]]; then fail "$where: $target is torn (${#BYTES} characters)"; fi
        if [[ -n $backup ]]; then
            bytes_of "$case_dir/$backup" || fail "$where: $backup is gone"
            [[ $BYTES == "$backup_old" || $BYTES == "$old" ]] || fail "$where: $backup is not a whole earlier version"
        fi
        if ((status == 0 && is_new == 0)); then fail "$where: success reported but $target is old"; fi
        if [[ $action == fail ]]; then
            bytes_of "$work/stderr"
            [[ $BYTES != *Success* ]] || fail "$where: a stale errno: $BYTES"
            # A failed write, flush, rename or link says the system's own reason.
            if [[ $err == ENOSPC ]]; then reason="No space left on device"; else reason="Input/output error"; fi
            if ((status != 0)) && [[ $call =~ ^(write|fsync|rename|link|fchmod)$ ]]; then
                [[ $BYTES == *"$reason"* ]] || fail "$where: the message does not say '$reason': $BYTES"
            fi
            ! temporaries || fail "$where: the failed write left ${TEMPS[*]}"
        fi
        if declare -F extra_check >/dev/null; then extra_check; fi
        if [[ $action == kill ]] && temporaries; then
            # The next write in that folder removes what the killed writer left.
            cp "$init/$target" "$case_dir/$target"
            run_shim 0 fail EIO
            ((status == 0)) || fail "$where: the write after the kill failed: $(cat "$work/stderr")"
            ! temporaries || fail "$where: the killed writer's temporary file outlived the next write"
        fi
    done
done
echo "sweep $writer: $total_calls file calls, $injected faults injected ($failures failures, $kills kills), 0 torn files"
