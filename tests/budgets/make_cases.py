#!/usr/bin/env python3
"""Writes the largest levels the format allows, one per case, into the folder given.

Used by tests/budgets/largest_levels.sh (every verb on them, within time and memory limits) and
by hand to measure. Deterministic: a fixed Python seed per case.
"""
import json
import random
import sys
from pathlib import Path

SIDE = 256


def level(kind, ident, board, rules=None, goal=None, seed=7, version=1, layers=None):
    out = {"format": "tilelab.level", "version": version, "id": ident, "name": ident, "kind": kind,
           "width": len(board[0]), "height": len(board), "seed": seed}
    if rules:
        out["rules"] = rules
    if goal:
        out["goal"] = goal
    out["board"] = [" ".join(row) for row in board]
    if layers:
        out["layers"] = layers
    return out


def grid(fill):
    return [[fill(x, y) for x in range(SIDE)] for y in range(SIDE)]


def cases():
    rng = random.Random(13)
    two = {"colors": 2, "min_match": 2}
    m3_goal = {"moves": 20, "score": 10 ** 12}
    yield "match3-full", level("match3", "match3-full", grid(lambda x, y: str(rng.randrange(2))), two, m3_goal)
    # No runs on the painted board (a checkerboard), so "0,0:1,0" is a legal swap whose cascade
    # of refills runs to the step cap.
    yield "match3-checker", level("match3", "match3-checker", grid(lambda x, y: str((x + y) % 2)), two, m3_goal)
    yield "match3-random", level("match3", "match3-random", grid(lambda x, y: "?"), two, m3_goal)
    yield "match3-empty", level("match3", "match3-empty", grid(lambda x, y: "."), two, m3_goal)
    # Format 2 with specials on (every hint plays its first step on the whole board): all `?`, and a
    # board full of specials, colour bombs, crates, ingredients and locks.
    yield "match3v2-random", level("match3", "match3v2-random", grid(lambda x, y: "?"), two, m3_goal, version=2)
    items = grid(lambda x, y: rng.choice(["0", "1", "0h", "1v", "0b", "*", "@", "c3", "1", "0"]))
    lock = [" ".join("1" if items[y][x] in ("0", "1", "0h") and rng.random() < 0.1 else "0" for x in range(SIDE))
            for y in range(SIDE)]
    yield "match3v2-items", level("match3", "match3v2-items", items, two, m3_goal, version=2, layers={"lock": lock})
    values = list(range(1, 33))
    link_cells = [str(v) for v in values for _ in range(SIDE * SIDE // len(values))]
    rng.shuffle(link_cells)
    yield "link-full", level("link", "link-full", grid(lambda x, y: link_cells[y * SIDE + x]))
    yield "link-empty", level("link", "link-empty", grid(lambda x, y: "."))
    yield "lines-full", level("lines", "lines-full", grid(lambda x, y: "0123456789abcdef"[rng.randrange(1, 16)]),
                              None, {"all_closed": True})
    yield "lines-empty", level("lines", "lines-empty", grid(lambda x, y: "."))
    yield "slide-full", level("slide", "slide-full", grid(lambda x, y: str(2 ** rng.randrange(1, 12))), None,
                              {"target": 1 << 30})
    # Every cell spawned at the start, the largest value the format allows.
    yield "slide-spawn-max", level("slide", "slide-spawn-max", grid(lambda x, y: "."),
                                   {"spawn": [[1 << 30, 1]], "start_tiles": SIDE * SIDE}, {"target": 1 << 30})
    # All but one cell spawned: the board starts nearly full and every move is searched hard.
    yield "slide-spawn-full", level("slide", "slide-spawn-full", grid(lambda x, y: "."),
                                    {"spawn": [[2, 9], [4, 1]], "start_tiles": SIDE * SIDE - 1}, {"target": 1 << 30})
    yield "slide-empty", level("slide", "slide-empty", grid(lambda x, y: "."), None, {"target": 1 << 30})


def main():
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for name, data in cases():
        (folder / f"{name}.json").write_text(json.dumps(data, indent=2) + "\n")
        if not name.startswith("match3v2"):  # the pack row keeps its twelve levels
            names.append(f"{name}.json")
    pack = {"format": "tilelab.pack", "version": 1, "name": "largest", "levels": names}
    (folder / "pack.json").write_text(json.dumps(pack, indent=2) + "\n")


if __name__ == "__main__":
    main()
