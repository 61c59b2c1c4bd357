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

# docs/format.md's row of version 2 cells: a one-row level, the board cropped from the screenshot
# (the editor prints where the board is with --print-layout).
tokens=$(mktemp -d)
cat >"$tokens/tokens.json" <<'JSON'
{"format": "tilelab.level", "version": 2, "id": "tokens", "name": "Tokens", "kind": "match3", "width": 10, "height": 1,
 "seed": 1, "rules": {"colors": 5}, "board": ["2 2h 2v 2b * @ c1 c3 c5 3"], "layers": {"lock": ["0 0 0 0 0 0 0 0 0 1"]}}
JSON
XDG_CONFIG_HOME=$tokens xvfb-run -a -s "-screen 0 1280x500x24" "$editor" "$tokens/tokens.json" --window 1280x500 --at 0,0 \
    --overlays grid --screenshot "$tokens/shot.png" --frames 60 --print-layout >"$tokens/out"
read -r x0 y0 cell < <(grep '^layout' "$tokens/out" | tail -1 | awk '{print $2, $3, $4}')
convert "$tokens/shot.png" -crop "$((cell * 10))x${cell}+${x0}+${y0}" +repage docs/img/format2-tokens.png
rm -rf "$tokens"
echo "wrote docs/img/format2-tokens.png"
