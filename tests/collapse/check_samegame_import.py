#!/usr/bin/env python3
"""tools/import/samegame.py against the committed corpus (tests/data/corpus/samegame/): converting
each file's recorded game ID with its random-seed ID gives the file byte for byte; the board read
back is the game ID's DESC (colour + 1, row-major from the top row); SOURCE lists each file with
its IDs; the refusals name what collapse cannot express. When sgt-samegame is installed
(/usr/games/sgt-samegame, Debian's sgt-puzzles), `generate` on the recorded random-seed IDs also
writes the same files byte for byte; without it that part is skipped with a message."""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

root = pathlib.Path(sys.argv[1])
script = root / "tools" / "import" / "samegame.py"
corpus = root / "tests" / "data" / "corpus" / "samegame"
binary = "/usr/games/sgt-samegame"
files = sorted(corpus.glob("*.json"))
source = (corpus / "SOURCE").read_text()
failures = 0
passed = 0


def run(*args):
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True)


def check(ok, message):
    global failures, passed
    if ok:
        passed += 1
    else:
        failures += 1
        print(message)


for path in files:
    text = path.read_text()
    level = json.loads(text)
    game_id, seed_id = level["meta"]["game_id"], level["meta"]["random_seed_id"]
    out = run("convert", "--seed-id", seed_id, game_id)
    check(out.returncode == 0 and out.stdout == text,
          f"{path.name}: convert --seed-id '{seed_id}' gives other bytes (exit {out.returncode}): {out.stderr.strip()}")
    desc = game_id.split(":", 1)[1]
    cells = [token for row in level["board"] for token in row.split(" ")]
    check(",".join(str(int(t) + 1) for t in cells) == desc and len(level["board"]) == level["height"]
          and all(len(row.split(" ")) == level["width"] for row in level["board"]),
          f"{path.name}: the board is not the game ID's DESC (colour - 1, {level['width']} a row, top row first)")
    check(f"{seed_id} -> {game_id} -> {path.name}" in source,
          f"{path.name}: SOURCE does not list '{seed_id} -> ... -> {path.name}'")

generated = 0
if os.access(binary, os.X_OK):
    seed_ids = [json.loads(p.read_text())["meta"]["random_seed_id"] for p in files]
    with tempfile.TemporaryDirectory() as tmp:
        out = run("generate", *seed_ids, "--out", tmp)
        check(out.returncode == 0, f"generate failed (exit {out.returncode}): {out.stderr.strip()}")
        made = sorted(pathlib.Path(tmp).glob("*.json"))
        check([p.name for p in made] == [p.name for p in files],
              f"generate wrote {[p.name for p in made]}, the corpus has {[p.name for p in files]}")
        for path in made:
            committed = corpus / path.name
            check(committed.exists() and path.read_bytes() == committed.read_bytes(),
                  f"{path.name}: generate gives other bytes than the committed file")
            generated += 1
else:
    print(f"{binary} is not installed (apt-get install sgt-puzzles): generate part skipped, convert part checked")

for args, says in ((["convert", "5x5c3s1:3,2,2,1,1,3,3,1,3,2,2,3,2,3,2,2,2,1,2,3,1,3,3,2,3"], "scoring s1 ((n-1)^2"),
                   (["generate", "5x5c3s1#tilelab-1", "--out", "OUT"], "scoring s1 ((n-1)^2"),
                   (["convert", "5x5c10s2:1"], "10 colours; collapse has at most 9"),
                   (["convert", "300x5c3s2:1"], "a 300x5 grid; a level is at most 256 cells a side"),
                   (["convert", "5x5c3s2:3,2,2,1"], "4 cells for a 5x5 grid"),
                   (["convert", "2x2c3s2:1,2,3,4"], "cell (1,1) has colour 4; the grid has colours 1..3"),
                   (["convert", "--seed-id", "5x5c3s2#tilelab-1", "2x2c3s2:1,2,3,1"], "is not from random-seed ID")):
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = pathlib.Path(tmp) / "out"
        out = run(*[str(out_dir) if a == "OUT" else a for a in args])
        if "OUT" in args:
            check(not out_dir.exists(), "generate created its --out folder for a refused random-seed ID")
    check(out.returncode == 1 and says in out.stderr,
          f"{' '.join(args)}: expected a refusal saying '{says}', got {out.returncode}: {out.stderr.strip()}")

checked = len(files)
print(f"samegame import: {checked} corpus files reconverted, {generated} regenerated, 7 refusals checked")
print(f"{passed} passed, {failures} failed")
sys.exit(1 if failures or checked < 24 else 0)
