#!/usr/bin/env bash
# The soaks (docs/testing.md, "Sizes and soaks"): a Release tree of its own (build-soak, no editor)
# with TILELAB_SOAK=ON, then `ctest -L soak`: every test executable with its property and
# differential loops at ten times their default count (TILELAB_TEST_SCALE=10) and the local Slurm
# with 1,000 playouts a level. None of this is in scripts/test.sh's run. Extra arguments go to
# ctest (for example -R 'soak: test_match3' for one executable). Long fuzz runs: tests/fuzz/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${TILELAB_JOBS:-2}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build-soak -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILELAB_TESTS=ON -DTILELAB_EDITOR=OFF \
  -DTILELAB_SOAK=ON "${launcher[@]}" >/dev/null
cmake --build build-soak -j"$jobs" --target tilelab test_core test_match3 test_link test_lines test_slide test_collapse test_pack
started=$SECONDS
status=0
ctest --test-dir build-soak -L soak --output-on-failure -j"$jobs" "$@" 2>&1 | tee build-soak/soak.log || status=${PIPESTATUS[0]}
echo "soak: $((SECONDS - started)) s"
exit "$status"
