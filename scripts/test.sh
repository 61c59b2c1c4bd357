#!/usr/bin/env bash
# Installs what is missing, builds everything (and the core tests again with AddressSanitizer and
# UndefinedBehaviorSanitizer), then runs every test in one ctest run, ending with its summary.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
jobs=${TILELAB_JOBS:-2}

# The core and its tests under ASan + UBSan (no editor): their executables join the main run.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_SANITIZE=ON -DTILELAB_EDITOR=OFF >/dev/null
cmake --build build-asan -j"$jobs"

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_TESTS=ON \
  -DTILELAB_ASAN_BUILD_DIR="$PWD/build-asan" >/dev/null
cmake --build build -j"$jobs"

ctest --test-dir build --output-on-failure -j"$jobs" --timeout 600
