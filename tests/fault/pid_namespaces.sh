#!/usr/bin/env bash
# Two writers in separate pid namespaces save the same level in one folder, ROUNDS times each, at once:
# each sees the other's temporary files with pids that mean nothing in its own namespace (as Slurm
# shards on several hosts writing into one NFS folder do). Both must always succeed, and the level
# must load whole after every round. Needs root or unprivileged user namespaces for `unshare`;
# skipped (exit 77) saying why where neither is allowed.
# Usage: pid_namespaces.sh FAULT_WRITER LEVEL [ROUNDS]
set -euo pipefail
writer=$1 level=$2 rounds=${3:-1000}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$level" "$work/a.json"

userns=()
if ! unshare --pid --fork true 2>/dev/null; then
  if unshare --user --map-root-user --pid --fork true 2>/dev/null; then
    userns=(--user --map-root-user)
  else
    echo "SKIPPED: unshare --pid is not allowed here (not root, and no user namespaces)"
    exit 77
  fi
fi

# Each writer runs in a namespace of its own, as 20 processes one after another (pids 2, 3, 4, ...
# there), each making a twentieth of the rounds (fault_writer rounds: load, paint, save, in one
# process, then load): the other writer's temporary files carry pids that, in this namespace, are
# gone, or are a process of this one (both namespaces number their processes alike).
run_writer() {
  unshare "${userns[@]}" --pid --fork --kill-child bash -c '
    for ((p = 0; p < 20; ++p)); do
      "$0" rounds "$1" $((($2 + 19) / 20)) 2>>"$1.err.$3" || { echo "process $p: failed" >>"$1.err.$3"; exit 1; }
    done' "$writer" "$work/a.json" "$rounds" "$1"
}

status=0
run_writer A & a=$!
run_writer B & b=$!
wait "$a" || status=1
wait "$b" || status=1
for w in A B; do
  if [[ -s "$work/a.json.err.$w" ]]; then
    echo "writer $w:"
    head -5 "$work/a.json.err.$w"
  fi
done
"$writer" load "$work/a.json" || { echo "FAIL: the level does not load at the end"; status=1; }
left=$(find "$work" -name '.tilelab-*' | wc -l)
if ((left != 0)); then echo "FAIL: $left temporary files left"; status=1; fi
if ((status == 0)); then echo "pid namespaces: $rounds rounds x 2 writers, every write succeeded, the level always whole"; fi
exit "$status"
