#!/usr/bin/env bash
# Installs what is missing, builds everything (and, in one clang tree, the core tests again with
# AddressSanitizer and UndefinedBehaviorSanitizer and the libFuzzer targets; in an emscripten tree,
# the WebAssembly module), then runs every test in one
# ctest run, ending with its summary; when a test fails, a recap of each failed test's cause
# (scripts/failed-recap.sh) comes last, so the end of the log says what failed and why.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
phase_times=""
phase() { phase_times+="$1: $((SECONDS - started)) s"$'\n'; started=$SECONDS; }  # after each phase
scripts/setup.sh
phase "setup"
jobs=${TILELAB_JOBS:-2}

# One sanitizer tree, built with clang: the core, its tests and the CLI under ASan + UBSan (no
# editor), their executables joining the main run one entry per test file, and the libFuzzer
# targets, each run for 10 s as a test of the main run (tests/fuzz/smoke.cmake).
cmake -S . -B build-san -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DTILELAB_SANITIZE=ON -DTILELAB_FUZZ=ON -DTILELAB_EDITOR=OFF -DTILELAB_TESTS=ON >/dev/null
cmake --build build-san -j"$jobs" --target test_core test_match3 test_link test_lines test_slide test_collapse test_pack \
  test_editor_model tilelab fuzz_reader fuzz_play fuzz_merge fuzz_calibration
phase "build-san"

# The WebAssembly module (docs/runtimes.md "JavaScript"): the core and the C API built by Debian's
# emscripten, played under Node by a test of the main run. emscripten's optimiser runs on node and
# needs Debian's node-acorn, which a node not from Debian finds only through NODE_PATH.
wasm_dir=""
if command -v emcmake >/dev/null; then
  emcmake cmake -S . -B build-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH} cmake --build build-wasm -j"$jobs" --target tilelab_wasm
  wasm_dir="$PWD/build-wasm"
fi
phase "build-wasm"

# The benchmarks are left out here (docs/testing.md, "Time"): scripts/speed-table.sh builds them.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_TESTS=ON -DTILELAB_BENCHES=OFF \
  -DTILELAB_ASAN_BUILD_DIR="$PWD/build-san" -DTILELAB_FUZZ_BUILD_DIR="$PWD/build-san" \
  -DTILELAB_WASM_BUILD_DIR="$wasm_dir" >/dev/null
cmake --build build -j"$jobs"
phase "build"

status=0
# The check cache that pack check, export and report use by default: the run's own, empty at its
# start, so that no earlier run's entries (or the user's) take part.
export XDG_CACHE_HOME="$PWD/build/test-cache"
rm -rf "$XDG_CACHE_HOME"
# ctest's output is kept in build/ctest.log too: scripts/time-table.sh reads each test's time there.
# One slot more than the cores: tests/ctest-resources.json keeps CPU-bound tests at two at once, and
# the editor's end-to-end tests, which mostly wait on the editor's frames, use the cores' idle time
# beside them (tests/CMakeLists.txt, docs/testing.md "Time").
ctest --test-dir build --output-on-failure -j"$((jobs + 1))" --resource-spec-file "$PWD/tests/ctest-resources.json" \
  --timeout 600 2>&1 | tee build/ctest.log || status=${PIPESTATUS[0]}
phase "ctest"
printf 'test.sh phases:\n%s' "$phase_times"
grep -E '^[0-9]+% tests passed' build/ctest.log | tail -1 || true  # ctest's summary stays the last line
if ((status != 0)); then
  scripts/failed-recap.sh build
fi
exit "$status"
