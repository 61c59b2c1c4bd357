#!/usr/bin/env bash
# Without a display the editor says so plainly and exits with status 1 (the quick start falls back to the CLI).
set -uo pipefail
out=$(env -u DISPLAY -u WAYLAND_DISPLAY XDG_CONFIG_HOME="$(mktemp -d)" "$TILELAB_EDITOR" 2>&1 >/dev/null)
status=$?
echo "$out"
[[ $status -eq 1 ]] || { echo "FAIL: status $status, want 1" >&2; exit 1; }
[[ "$out" == *"no display:"* ]] || { echo "FAIL: no 'no display:' message" >&2; exit 1; }
echo ok
