#!/usr/bin/env bash
# Regenerates the screenshots in docs/img from the shipped samples with the built editor, in a
# virtual X server (Xvfb), so the README and docs/ show what the current editor draws.
# Usage: scripts/screenshots.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
editor=${1:-build}/bin/tilelab-editor
[[ -x $editor ]] || { echo "screenshots: build the editor first ($editor not found)" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "screenshots: xvfb-run is not installed (scripts/setup.sh installs it)" >&2; exit 2; }

# shoot OUT.png FILE WxH [OPTION...]: the editor on FILE with every overlay on, after ~6 s of frames (the live
# analysis, slide's playouts included, has finished by then).
shoot() {
    local out=$1 file=$2 size=$3; shift 3
    local config
    config=$(mktemp -d)
    XDG_CONFIG_HOME=$config xvfb-run -a -s "-screen 0 ${size}x24" "$editor" "$file" --window "$size" --at 0,0 \
        --overlays all --screenshot "$out" --frames 360 "$@" >/dev/null
    rm -rf "$config"
    echo "wrote $out"
}
shoot docs/img/match3.png levels/samples/match3/02-jelly.json 1280x760
cp docs/img/match3.png docs/img/editor.png
shoot docs/img/match3-v2.png levels/samples/match3/05-combos.json 1280x760
shoot docs/img/link.png levels/samples/link/01-pairs.json 1280x760
shoot docs/img/lines.png levels/samples/lines/03-network.json 1280x760
shoot docs/img/slide.png levels/samples/slide/01-classic.json 1280x760
shoot docs/img/pack.png levels/packs/demo.json 1100x860 --deep
