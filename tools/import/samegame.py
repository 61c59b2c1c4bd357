#!/usr/bin/env python3
"""Same Game puzzles (Simon Tatham's Portable Puzzle Collection) as tilelab `collapse` levels.

Same Game is played on a grid of coloured squares; a move removes a group of two or more
orthogonally connected squares of one colour, the squares above fall down, then empty columns
close to the left; nothing refills. The puzzle is won when the grid is empty. See
tools/import/README.md for the source, licence and how to run.

A game ID is `PARAMS:DESC` (samegame.c: decode_params, encode_params, validate_desc). PARAMS is
`WxHcNsM`: width W, height H, N colours, scoring `s2` ((n-2)^2 for a group of n) or `s1`
((n-1)^2); a random-seed ID `PARAMS#SEED` may add `r` (the not-guaranteed-soluble generator).
The game ID never carries `r` (encode_params writes it only in the full parameters), so whether a
game ID's board came from the soluble generator is known only from its random-seed ID (or from
fewer than 3 colours, which only the `r` generator allows): `meta.soluble` is false for an `r`
seed ID or 2 colours, and true otherwise, which for a bare game ID is a presumption. DESC is
W*H decimal numbers separated by commas, row-major, the top row first (tiles[y*w+x], row 0 the
top: gravity moves squares to larger y); 1..N a colour, 0 an empty cell (the generator never
writes 0, validate_desc accepts it).

The conversion:
- `width`, `height` from W, H; `rules.colors` = N; colour k is written k-1; an empty cell `.`;
- `rules.score` "samegame" ((n-2)^2, Same Game's `s2`), `rules.refill` false (nothing refills,
  empty columns close to the left, as in Same Game); `min_group` keeps its default 2 (Same Game
  selects a group of more than one square);
- `goal.clear` (no piece left), Same Game's win; no move limit (Same Game has none);
- `id` `samegame-PARAMS-SEED` (PARAMS in full, `WxHcNsM[r]`), name `SameGame PARAMS #SEED`; for a
  game ID without its random-seed ID, the first 10 hex digits of the SHA-1 of DESC stand for SEED.
Refused, with the reason: scoring `s1` (collapse's "samegame" is (n-2)^2 only), more than 9
colours, a width or height over 256 (the level format's limit), a DESC of the wrong length or a
colour out of range.

The caveat: the level is Tatham's board and win condition under collapse's rules, not Same Game
itself. In collapse a tap on a group of 5 or more also leaves a power-up on the tapped cell
(rocket, TNT or disco ball, docs/collapse.md), "score": "samegame" included, and Same Game has
none. So the boards (and so the scores) can differ once a group of 5+ is tapped, and Tatham's
"soluble" guarantee (meta.soluble) is a statement about his rules. (His soluble generator builds
the grid backwards by inserting groups of two, three for the first on an odd-sized grid, so its
intended solution taps groups of at most three and never makes a power-up; the board can still be
cleared under collapse's rules by those taps.)

Usage:
  samegame.py convert GAME_ID... [--seed-id SEED_ID]...   one level per game ID on stdout; with a
                                   --seed-id per game ID (in order), the level `generate` writes
  samegame.py generate SEED_ID... --out DIR   run sgt-samegame on random-seed IDs (PARAMS#SEED),
                                               write DIR/samegame-PARAMS-SEED.json per ID
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys

BINARY = "/usr/games/sgt-samegame"
MAX_SIDE = 256  # the level format's width and height limit (docs/format.md)
MAX_COLORS = 9  # collapse's colours 2..9 (and Same Game's own maximum)


class ImportError_(Exception):
    pass


def parse_params(params):
    """(width, height, colours, scoresub, soluble) of a PARAMS string, as samegame.c's
    decode_params reads it (a missing part takes its default: H = W, c3, s2, soluble); what
    collapse cannot express is refused."""
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:c(\d+))?(?:s(\d+))?(r?)", params)
    if not m:
        raise ImportError_(f"params '{params}': expected WxHcNsM[r]")
    width = int(m.group(1))
    height = int(m.group(2)) if m.group(2) is not None else width
    colors = int(m.group(3)) if m.group(3) is not None else 3
    scoresub = int(m.group(4)) if m.group(4) is not None else 2
    # The soluble generator needs at least 3 colours (validate_params), so 2 means `r`.
    soluble = m.group(5) != "r" and colors >= 3
    if width < 1 or height < 1:
        raise ImportError_(f"params '{params}': width and height must be at least 1")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ImportError_(f"params '{params}': a {width}x{height} grid; a level is at most {MAX_SIDE} cells a side")
    if colors > MAX_COLORS:
        raise ImportError_(f"params '{params}': {colors} colours; collapse has at most {MAX_COLORS}")
    if colors < 2:
        raise ImportError_(f"params '{params}': {colors} colour(s); collapse needs at least 2")
    if scoresub == 1:
        raise ImportError_(f"params '{params}': scoring s1 ((n-1)^2 for a group of n) has no collapse "
                           f"equivalent: collapse's \"samegame\" score is (n-2)^2 (s2)")
    if scoresub != 2:
        raise ImportError_(f"params '{params}': scoring s{scoresub} is not Same Game's (s1 or s2)")
    return width, height, colors, scoresub, soluble


def encode_params(width, height, colors, scoresub, soluble):
    """samegame.c's encode_params with full = true: `WxHcNsM`, then `r` when not soluble."""
    return f"{width}x{height}c{colors}s{scoresub}" + ("" if soluble else "r")


def parse_desc(desc, width, height, colors, where):
    """The grid's Same Game colours (0 empty, 1..N), row-major from the top row, as validate_desc
    checks them."""
    numbers = desc.split(",")
    if len(numbers) != width * height:
        raise ImportError_(f"{where}: {len(numbers)} cells for a {width}x{height} grid")
    cells = []
    for index, number in enumerate(numbers):
        if not re.fullmatch(r"\d+", number):
            raise ImportError_(f"{where}: cell ({index % width},{index // width}) is '{number}', not a number")
        value = int(number)
        if value > colors:
            raise ImportError_(f"{where}: cell ({index % width},{index // width}) has colour {value}; "
                               f"the grid has colours 1..{colors}")
        cells.append(value)
    return cells


def board_rows(cells, width):
    """Collapse rows, top first: Same Game's colour k is k-1, its 0 (empty) is `.`."""
    return [" ".join(str(c - 1) if c else "." for c in cells[y:y + width]) for y in range(0, len(cells), width)]


def parse_seed_id(seed_id):
    """(canonical PARAMS, SEED) of a random-seed ID; the seed becomes part of a file name."""
    if "#" not in seed_id:
        raise ImportError_(f"random-seed ID '{seed_id}': expected PARAMS#SEED")
    params, seed = seed_id.split("#", 1)
    if not re.fullmatch(r"[A-Za-z0-9._-]+", seed):
        raise ImportError_(f"random-seed ID '{seed_id}': a seed of letters, digits, '.', '_' and '-' only "
                           f"(it becomes part of the file name)")
    return encode_params(*parse_params(params)), seed


def to_level(game_id, seed_id=None):
    """The tilelab level of one Same Game game ID (and, when known, the random-seed ID it came from)."""
    if ":" not in game_id:
        raise ImportError_(f"game ID '{game_id}': expected PARAMS:DESC")
    params, desc = game_id.split(":", 1)
    width, height, colors, scoresub, soluble = parse_params(params)
    cells = parse_desc(desc, width, height, colors, f"game ID '{game_id}'")
    if seed_id is not None:
        seed_params, seed = parse_seed_id(seed_id)
        s_width, s_height, s_colors, s_scoresub, s_soluble = parse_params(seed_params)
        if (s_width, s_height, s_colors, s_scoresub) != (width, height, colors, scoresub):
            raise ImportError_(f"game ID '{game_id}' is not from random-seed ID '{seed_id}': the parameters differ")
        soluble = soluble and s_soluble  # the game ID drops `r`; the seed ID has it
        full_params = encode_params(width, height, colors, scoresub, soluble)
        suffix, label = seed, f"#{seed}"
    else:
        full_params = encode_params(width, height, colors, scoresub, soluble)
        suffix = hashlib.sha1(desc.encode()).hexdigest()[:10]
        label = f"({suffix})"
    meta = {
        "source": "sgt-samegame",
        "game_id": game_id,
        "params": full_params,
        "soluble": soluble,
    }
    if seed_id is not None:
        meta["random_seed_id"] = seed_id
    meta["imported_by"] = "tools/import/samegame.py"
    return {
        "format": "tilelab.level",
        "version": 3,
        "id": f"samegame-{full_params}-{suffix}",
        "name": f"SameGame {full_params} {label}",
        "kind": "collapse",
        "width": width,
        "height": height,
        "seed": 0,
        "rules": {"colors": colors, "score": "samegame", "refill": False},
        "goal": {"clear": True},
        "board": board_rows(cells, width),
        "meta": meta,
    }


def generate(seed_id):
    """Runs the collection's generator on a random-seed ID; its game ID."""
    if not os.access(BINARY, os.X_OK):
        raise ImportError_(f"{seed_id}: {BINARY} is not installed (apt-get install sgt-puzzles)")
    out = subprocess.run([BINARY, "--generate", "1", seed_id], capture_output=True, text=True)
    if out.returncode != 0:
        raise ImportError_(f"{seed_id}: {BINARY} failed: {out.stderr.strip()}")
    lines = out.stdout.split()
    if len(lines) != 1 or ":" not in lines[0]:
        raise ImportError_(f"{seed_id}: {BINARY} printed {out.stdout!r}, not one game ID")
    return lines[0]


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
    convert.add_argument("--seed-id", action="append", default=[],
                         help="the random-seed ID of each game ID, in order (all or none)")
    gen = sub.add_parser("generate", help="random-seed IDs through sgt-samegame to level files")
    gen.add_argument("seed_ids", nargs="+")
    gen.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "convert":
            if args.seed_id and len(args.seed_id) != len(args.ids):
                raise ImportError_(f"{len(args.seed_id)} --seed-id for {len(args.ids)} game IDs: "
                                   f"give one per game ID or none")
            seed_ids = args.seed_id or [None] * len(args.ids)
            for game_id, seed_id in zip(args.ids, seed_ids):
                sys.stdout.write(dump_level(to_level(game_id, seed_id)))
            return 0
        for seed_id in args.seed_ids:
            parse_seed_id(seed_id)  # refuse s1, too many colours, too large a grid before running anything
        os.makedirs(args.out, exist_ok=True)
        for seed_id in args.seed_ids:
            game_id = generate(seed_id)
            level = to_level(game_id, seed_id)
            path = os.path.join(args.out, level["id"] + ".json")
            with open(path, "w") as f:
                f.write(dump_level(level))
            print(f"{seed_id} -> {game_id} -> {path}")
    except ImportError_ as e:
        print(f"samegame.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
