#!/usr/bin/env python3
"""tools/import/netslide.py against the committed corpus (tests/data/corpus/netslide/): converting
each file's recorded game ID gives the same board, size, rules and goal; the refusals name what
lines cannot express. Needs no sgt-puzzles: only the converter's `convert` path runs."""
import json
import pathlib
import subprocess
import sys

root = pathlib.Path(sys.argv[1])
script = root / "tools" / "import" / "netslide.py"
files = sorted((root / "tests" / "data" / "corpus" / "netslide").glob("*.json"))
failures = 0


def convert(game_id):
    return subprocess.run([sys.executable, str(script), "convert", game_id], capture_output=True, text=True)


for path in files:
    level = json.loads(path.read_text())
    out = convert(level["meta"]["game_id"])
    if out.returncode != 0:
        print(f"{path.name}: convert failed: {out.stderr.strip()}")
        failures += 1
        continue
    again = json.loads(out.stdout)
    for key in ("kind", "width", "height", "rules", "goal", "board"):
        if again[key] != level[key]:
            print(f"{path.name}: '{key}' differs: {again[key]} vs {level[key]}")
            failures += 1

for game_id, says in (("3x3w:2495d44b3", "wrapping grid"), ("3x3:94vh38hd6h471", "barrier right of cell (1,0)"),
                      ("3x3:2495d44b", "8 cells for a 3x3 grid")):
    out = convert(game_id)
    if out.returncode != 1 or says not in out.stderr:
        print(f"{game_id}: expected a refusal saying '{says}', got {out.returncode}: {out.stderr.strip()}")
        failures += 1

checked = len(files)
print(f"netslide import: {checked} corpus files reconverted, 3 refusals checked")
print(f"{checked + 3 - failures} passed, {failures} failed")
sys.exit(1 if failures or checked < 20 else 0)
