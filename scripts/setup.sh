#!/usr/bin/env bash
# Installs the Debian 12 packages tilelab builds and tests with, only those missing.
# Usage: scripts/setup.sh [--no-test-tools]   (the test tools: xvfb, xdotool, imagemagick, chromium, nodejs, clang, slurm-wlm, munge, ...)
set -euo pipefail

packages=(g++ cmake ninja-build pkg-config libimgui-dev libstb-dev libsdl2-dev libgl-dev nlohmann-json3-dev catch2)
packages+=(pybind11-dev python3-dev)     # bindings/python: the Python module over the C API
if [[ "${1:-}" != "--no-test-tools" ]]; then
  packages+=(xvfb xauth xdotool imagemagick jq python3 python3-jsonschema chromium fonts-dejavu-core)
  packages+=(nodejs)                     # tests/js: a web runtime's reading of levels
  packages+=(python3-pytest)             # tests/python: the Python module's suite
  packages+=(mono-mcs mono-runtime)      # tests/install: the C# binding under Mono
  packages+=(emscripten)                 # build-wasm: the WebAssembly module, tests/js
  packages+=(clang libclang-rt-14-dev)  # libFuzzer: tests/fuzz
  packages+=(slurm-wlm munge)            # tests/slurm: a real single-node Slurm
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages are installed"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
