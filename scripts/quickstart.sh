#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and opens the editor on the demo pack.
# Without a display it says so and runs the command line on the demo pack instead.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --no-test-tools
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_TESTS=OFF >/dev/null
cmake --build build -j2

pack=levels/packs/demo.json
if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
  exec build/bin/tilelab-editor "$pack"
fi

echo "No display (DISPLAY is not set): the editor needs one, so here is the command line on $pack instead."
echo
echo "\$ tilelab validate $pack"
build/bin/tilelab validate "$pack"
echo
# A quick look: 200 playouts a level with each kind's bot (about 15 s on two cores; the default
# 1,000 takes about a minute).
echo "\$ tilelab pack check $pack --runs 200"
build/bin/tilelab pack check "$pack" --runs 200 || true
echo
for level in levels/samples/*/01-*.json; do
  echo "\$ tilelab analyze $level"
  build/bin/tilelab analyze "$level" --budget-ms 1000 | head -n 12
  echo
done
echo "Open the editor on a machine with a display: build/bin/tilelab-editor $pack"
