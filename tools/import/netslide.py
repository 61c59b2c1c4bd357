#!/usr/bin/env python3
"""Netslide puzzles (Simon Tatham's Portable Puzzle Collection) as tilelab `lines` levels.

Netslide is played on a grid of wire tiles; a move slides one row or column by one cell with
wrap-around, and the puzzle is solved when every tile is connected to the centre tile. The centre
row and column never slide. See tools/import/README.md for the source, licence and how to run.

A game ID is `PARAMS:DESC`. PARAMS is `WxH`, then `w` for a wrapping grid, then `mN` for N
shuffling moves (`bP`, the barrier probability, appears only in a random-seed ID `PARAMS#SEED`).
DESC has one hex digit per cell, rows top to bottom: bit 0 a wire to the right, bit 1 up, bit 2
left, bit 3 down; a digit may be followed by `v` (a barrier right of the cell) or `h` (below it).

The conversion is exact for the puzzles lines can express:
- each tile keeps its wires as a lines side mask (top 1, right 2, bottom 4, left 8; docs/lines.md);
- Netslide's moves are lines' moves: one row or column by one cell with wrap-around, the centre
  row (H/2) and column (W/2) fixed (`rules.fixed_rows`, `rules.fixed_cols`);
- "every tile connected to the centre" is `goal.min_group_size` = W*H: the scrambled grid holds
  the tiles of a spanning tree (W*H-1 wires, each with two ends), so a connected grid matches all
  2*(W*H-1) wire ends and is one closed group of every tile, and such a group is connected.
Refused, with the reason: wrapping grids (wires across the grid's edge connect in Netslide, never
in lines) and barriers (lines has no walls between cells). Generate puzzles with barrier
probability 0 and no `w`, e.g. `4x4m6`.

Usage:
  netslide.py convert GAME_ID...            one level per game ID on stdout
  netslide.py generate SEED_ID... --out DIR  run sgt-netslide on random-seed IDs (PARAMS#SEED),
                                             write one level file per ID into DIR
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

BINARY = "/usr/games/sgt-netslide"
NET_R, NET_U, NET_L, NET_D = 1, 2, 4, 8
LINES_TOP, LINES_RIGHT, LINES_BOTTOM, LINES_LEFT = 1, 2, 4, 8


class ImportError_(Exception):
    pass


def parse_params(params):
    """(width, height, wrapping, shuffle moves) of a PARAMS string; barriers are refused."""
    m = re.fullmatch(r"(\d+)x(\d+)(w?)(?:b([0-9.]+))?(?:m(\d+))?", params)
    if not m:
        raise ImportError_(f"params '{params}': expected WxH[w][bP][mN]")
    width, height = int(m.group(1)), int(m.group(2))
    wrapping = m.group(3) == "w"
    if wrapping:
        raise ImportError_(f"params '{params}': a wrapping grid connects wires across the edge; lines cannot")
    if m.group(4) is not None and float(m.group(4)) != 0.0:
        raise ImportError_(f"params '{params}': barriers (b{m.group(4)}) have no lines equivalent; use b0")
    shuffle = int(m.group(5)) if m.group(5) else 0
    if shuffle == 0:
        # Netslide's default shuffle length (new_game_desc): two moves per non-centre row/column pair.
        shuffle = (width - 1) * (height - 1) * 2
    return width, height, shuffle


def net_to_lines(net):
    """A Netslide wire mask (R 1, U 2, L 4, D 8) as a lines side mask (top 1, right 2, bottom 4, left 8)."""
    mask = 0
    if net & NET_U:
        mask |= LINES_TOP
    if net & NET_R:
        mask |= LINES_RIGHT
    if net & NET_D:
        mask |= LINES_BOTTOM
    if net & NET_L:
        mask |= LINES_LEFT
    return mask


def parse_desc(desc, width, height, where):
    """The grid's Netslide masks, row-major; barriers are refused with the cell that has one."""
    cells = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if ch in "hv":
            x, y = (len(cells) - 1) % width, (len(cells) - 1) // width
            side = "right of" if ch == "v" else "below"
            raise ImportError_(f"{where}: a barrier {side} cell ({x},{y}); lines has no barriers")
        if ch not in "0123456789abcdefABCDEF":
            raise ImportError_(f"{where}: unexpected character '{ch}' at offset {i}")
        cells.append(int(ch, 16))
        i += 1
    if len(cells) != width * height:
        raise ImportError_(f"{where}: {len(cells)} cells for a {width}x{height} grid")
    for index, net in enumerate(cells):
        if net == 0:
            raise ImportError_(f"{where}: cell ({index % width},{index // width}) has no wire")
    return cells


def board_rows(cells, width):
    return [" ".join(format(net_to_lines(c), "x") for c in cells[y:y + width])
            for y in range(0, len(cells), width)]


def to_level(game_id, seed_id=None, solution=None, version=None):
    """The tilelab level of one Netslide game ID (and, when known, its random seed and solution)."""
    if ":" not in game_id:
        raise ImportError_(f"game ID '{game_id}': expected PARAMS:DESC")
    params, desc = game_id.split(":", 1)
    width, height, shuffle = parse_params(params)
    cells = parse_desc(desc, width, height, f"game ID '{game_id}'")
    meta = {
        "source": "Netslide, Simon Tatham's Portable Puzzle Collection (MIT licence)",
        "game_id": game_id,
        "shuffle_moves": shuffle,
        "imported_by": "tools/import/netslide.py",
    }
    if version:
        meta["package"] = f"Debian sgt-puzzles {version}"
    if seed_id:
        meta["random_seed_id"] = seed_id
    if solution is not None:
        meta["solution"] = board_rows(parse_desc(solution, width, height, f"solution of '{game_id}'"), width)
    name_suffix = seed_id.split("#", 1)[1] if seed_id else desc
    return {
        "format": "tilelab.level",
        "version": 2,
        "id": f"netslide-{params}-{name_suffix}",
        "name": f"Netslide {width}x{height} ({name_suffix})",
        "kind": "lines",
        "width": width,
        "height": height,
        "seed": 0,
        "rules": {"fixed_rows": [height // 2], "fixed_cols": [width // 2]},
        "goal": {"min_group_size": width * height},
        "board": board_rows(cells, width),
        "meta": meta,
    }


def deobfuscate(data):
    """Undoes the collection's save-file obfuscation of AUXINFO (two SHA-1 keyed XOR passes over
    the halves of the data; the decode pass order is the reverse of the encode order)."""
    data = bytearray(data)
    first = len(data) // 2
    passes = [(0, first, first, len(data) - first),  # seed: first half; target: second half
              (first, len(data) - first, 0, first)]  # seed: second half; target: first half
    for seed_start, seed_len, target_start, target_len in passes:
        seed = bytes(data[seed_start:seed_start + seed_len])
        digest, pos, counter = b"", 20, 0
        for j in range(target_len):
            if pos >= 20:
                digest = hashlib.sha1(seed + str(counter).encode()).digest()
                counter += 1
                pos = 0
            data[target_start + j] ^= digest[pos]
            pos += 1
    return bytes(data)


def read_save(path):
    """The fields of a saved game: KEY:LEN:VALUE records."""
    fields = {}
    with open(path, "rb") as f:
        raw = f.read()
    i = 0
    while i < len(raw):
        colon = raw.index(b":", i)
        key = raw[i:colon].decode().strip()
        colon2 = raw.index(b":", colon + 1)
        length = int(raw[colon + 1:colon2])
        fields[key] = raw[colon2 + 1:colon2 + 1 + length].decode()
        i = colon2 + 1 + length
        while i < len(raw) and raw[i:i + 1] in (b"\n", b"\r"):
            i += 1
    return fields


def package_version():
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "sgt-puzzles"], capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else None


def generate(seed_id, workdir):
    """Runs the collection's generator on a random-seed ID; (game ID, solution DESC)."""
    prefix = os.path.join(workdir, "g")
    subprocess.run([BINARY, "--generate", "1", "--save", prefix, "--save-suffix", ".sav", seed_id],
                   check=True, capture_output=True)
    fields = read_save(prefix + "0.sav")
    game_id = f"{fields['PARAMS']}:{fields['DESC']}"
    aux = deobfuscate(bytes.fromhex(fields["AUXINFO"])).decode()
    if not aux.startswith("S"):
        raise ImportError_(f"{seed_id}: the saved solution does not start with 'S'")
    return game_id, aux[1:]


def dump_level(level):
    """The level as `tilelab fmt` writes it: two-space indent, one board row a line, other arrays
    of numbers and strings on one line."""
    text = json.dumps(level, indent=2, ensure_ascii=False)

    def collapse(match):
        if match.string[:match.start()].endswith('"board": '):
            return match.group(0)  # one board row a line
        items = [item.strip() for item in match.group(1).split(",\n")]
        return "[" + ", ".join(items) + "]"

    return re.sub(r"\[\n((?:\s*(?:-?\d+|\"[^\"\n]*\"),?\n)+)\s*\]", collapse, text) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    convert = sub.add_parser("convert", help="game IDs to levels on stdout")
    convert.add_argument("ids", nargs="+")
    gen = sub.add_parser("generate", help="random-seed IDs through sgt-netslide to level files")
    gen.add_argument("seed_ids", nargs="+")
    gen.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "convert":
            for game_id in args.ids:
                sys.stdout.write(dump_level(to_level(game_id)))
            return 0
        os.makedirs(args.out, exist_ok=True)
        version = package_version()
        with tempfile.TemporaryDirectory() as tmp:
            for seed_id in args.seed_ids:
                params = seed_id.split("#", 1)[0]
                parse_params(params)  # refuse wrapping and barriers before running anything
                game_id, solution = generate(seed_id, tmp)
                level = to_level(game_id, seed_id, solution, version)
                path = os.path.join(args.out, level["id"] + ".json")
                with open(path, "w") as f:
                    f.write(dump_level(level))
                print(f"{seed_id} -> {game_id} -> {path}")
    except ImportError_ as e:
        print(f"netslide.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
