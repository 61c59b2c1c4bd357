#!/usr/bin/env python3
"""The JSON Schemas of levels/schema/ (draft 2020-12) against the files and the reader.

  check_schemas.py ROOT [TILELAB]

Without the tilelab binary: the generated level schema is what scripts/gen-schema.py writes; every
shipped level, pack and test vector level validates; the schema refuses the reader's bad-input
corpus where the reason is one a schema can see; the folder resolves its references alone
(check_folder.py). With the binary (as ctest runs it), also:

- the schema against the reader, over generated variants of every shipped and vector level (a row
  a token short or long, a row added or removed, a token of a wrong colour, kind or version, a
  layer of the wrong size, a value out of range, ...) and the bad-input corpus: `tilelab validate`
  reads each, and (b) a file the reader accepts, the schema accepts; (a) a file the reader refuses
  for a reason of shape (every reason but those listed at NON_SHAPE below), the schema refuses;
- apply.schema.json and analyze.schema.json against `tilelab apply --json` and `analyze --json` on
  every sample level (moves from its analysis: hints, a combo, a maker of specials, the solver's
  order, an illegal move), levels made to reach the event cap and to get stuck, a sample of the
  analysis vectors and every other play vector, with every event type of every kind seen;
- a calibration file as `tilelab calibrate` writes it.

Debian 12's python3-jsonschema 4.10 runs it; 4.18 and later (the referencing library) too.
"""
import collections
import concurrent.futures
import importlib.util
import json
import pathlib
import random
import re
import subprocess
import sys
import tempfile
import time

import jsonschema
from jsonschema import Draft202012Validator

started = time.monotonic()
root = pathlib.Path(sys.argv[1])
tilelab = sys.argv[2] if len(sys.argv) > 2 else None
schema_dir = root / "levels" / "schema"
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import check_folder  # noqa: E402

failures = 0
checked = 0


def fail(message):
    global failures
    failures += 1
    print(message)


# ---- the schemas --------------------------------------------------------------------------------

# level.schema.json is generated: it must be exactly what the script writes from today's limits.
spec = importlib.util.spec_from_file_location("gen_schema", root / "scripts" / "gen-schema.py")
gen_schema = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen_schema)
checked += 1
if (schema_dir / "level.schema.json").read_text() != gen_schema.dump(gen_schema.level_schema()) + "\n":
    fail("levels/schema/level.schema.json is not what scripts/gen-schema.py writes: run python3 scripts/gen-schema.py")

schemas = {p.name[:-len(".schema.json")]: json.loads(p.read_text()) for p in sorted(schema_dir.glob("*.schema.json"))}
for name in ("level", "pack", "bundle", "calibration", "part", "apply", "analyze"):
    assert name in schemas, f"levels/schema/{name}.schema.json is missing"
for schema in schemas.values():
    Draft202012Validator.check_schema(schema)

# A local registry, as docs/format.md shows: each schema under its $id (its file name).
try:  # jsonschema >= 4.18
    from referencing import Registry, Resource
    registry = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas.values()])
    validators = {n: Draft202012Validator(s, registry=registry) for n, s in schemas.items()}
except ImportError:  # Debian 12's jsonschema 4.10
    store = {s["$id"]: s for s in schemas.values()}
    validators = {n: Draft202012Validator(s, resolver=jsonschema.RefResolver.from_schema(s, store=store))
                  for n, s in schemas.items()}

# The folder alone resolves every reference (the install test runs the same on the installed copy).
with tempfile.TemporaryDirectory() as tmp:
    folder = pathlib.Path(tmp)
    for p in schema_dir.glob("*.schema.json"):
        (folder / p.name).write_bytes(p.read_bytes())
    samples = sorted((root / "levels" / "samples").rglob("*.json"))
    for problem in check_folder.problems(folder, samples, meta=False):  # check_schema ran above
        fail(f"a copy of levels/schema: {problem}")
    checked += 1


def check(path, kind, doc=None):
    global checked
    doc = doc if doc is not None else json.loads(path.read_text())
    checked += 1
    for e in sorted(validators[kind].iter_errors(doc), key=lambda e: list(e.path)):
        fail(f"{path}: /{'/'.join(map(str, e.path))}: {e.message[:300]}")


# ---- shipped files ------------------------------------------------------------------------------

base_levels = []  # (name, level): the levels the variants start from
for path in sorted((root / "levels").rglob("*.json")):
    if "schema" in path.parts:
        continue
    doc = json.loads(path.read_text())
    check(path, {"tilelab.level": "level", "tilelab.pack": "pack", "tilelab.bundle": "bundle"}[doc.get("format")], doc)
    if doc.get("format") == "tilelab.level":
        base_levels.append((str(path.relative_to(root)), doc))

# The version 1 copies of the samples (the migration tests' inputs) stay valid too.
for path in sorted((root / "tests" / "data" / "v1-levels").rglob("*.json")):
    check(path, "level")
    base_levels.append((str(path.relative_to(root)), json.loads(path.read_text())))
full_bases = len(base_levels)  # these get every variant; the vector levels a sample of them

vector_cases = {}
for path in sorted((root / "tests" / "data" / "vectors").glob("*.json")):
    vector_cases[path.stem] = json.loads(path.read_text())["cases"]
    for i, case in enumerate(vector_cases[path.stem]):
        if "level" in case:
            check(pathlib.Path(f"{path}#{i}"), "level", case["level"])
            base_levels.append((f"{path.name}#{i}", case["level"]))

# The schema refuses what the reader refuses, for the faults a schema can see (without the binary;
# with it, the whole corpus is compared with the reader below).
must_fail = ["root-array", "missing-format", "wrong-format", "version-newer", "unknown-kind", "unknown-key",
             "absurd-size", "double-space", "bad-token-lines", "rule-of-other-kind", "match3-no-colors",
             "jelly-other-kind", "unknown-layer", "link-pair", "link-max-turns", "goal-unknown-key", "negative-seed",
             "seed-string-not-digits", "missing-board", "v2-bad-tokens", "v2-token-in-v1", "v2-keys-in-v1",
             "v2-keys-other-kind", "v2-lock", "v2-spawn-weights-negative", "v2-spawn-weights-zero",
             "row-count", "row-length", "row-not-string", "jelly-shape", "bad-token-match3", "bad-token-link",
             "bad-token-slide", "colors-out-of-range", "goal-collect-color", "lines-fixed-rows", "slide-spawn",
             "v2-goal-crates", "v2-spawn-weights-length", "version-string", "wrong-type-width", "many-errors",
             "deep-nesting"]
for name in must_fail:
    doc = json.loads((root / "tests" / "data" / "bad" / f"{name}.json").read_text())
    checked += 1
    if validators["level"].is_valid(doc):
        fail(f"bad/{name}.json: the schema accepts a file the reader rejects")

if not tilelab:
    print(f"{checked} passed, {failures} failed" if failures == 0 else f"{checked - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


# ---- the schema against the reader --------------------------------------------------------------

CELLS = gen_schema.CELLS
MAX_EXACT_SEED = gen_schema.MAX_EXACT_SEED

# The reader's refusals that no JSON Schema can express, told apart by the reader's message; every
# other refusal is one of shape, which the schema must refuse too (docs/format.md "What only the
# reader checks"):
# - NON_SHAPE: two grids compared cell by cell, and a count over the board;
# - CELL_BOUNDED: start_tiles, goal.ingredients, closed_groups and min_group_size above width x
#   height, a product of two values (the schema has the static bound, CELLS; below 1 or above CELLS
#   is a refusal of shape);
# - FRACTION: an integer written with a fraction (6.0): the reader refuses how the number is
#   written, JSON Schema sees the integer 6. Such a file is read again with its numbers as integers
#   (integral()), and what the reader says then decides;
# - a problem with a line and column instead of a pointer: refused while the text is read, before
#   there is a JSON value (a syntax error, a duplicate key, a NUL byte, bytes that are not UTF-8, a
#   number beyond a double, a file over 16 MiB), while a schema only ever sees a parsed value.
#   Nesting deeper than the limit is the exception: the schema bounds meta's depth.
NON_SHAPE = [
    (r"^cell \(\d+, \d+\): jelly on a hole$", "jelly on a hole: compares the jelly layer with the board cell by cell"),
    (r"^cell \(\d+, \d+\): a lock on ", "a lock on a non-piece: compares the lock layer with the board cell by cell"),
    (r"^the goal is to collect \d+ ingredients, but the board has only \d+ \(@\)$",
     "more ingredients than @: counts the @ over the whole board (the schema requires one @)"),
]
CELL_BOUNDED = re.compile(r"^(start_tiles|ingredients|closed_groups|min_group_size) (-?\d+) is out of range \((\d+)\.\.(\d+)\)$")
FRACTION = "not a number with a fraction"
WRITTEN_WITH_A_FRACTION = "an integer written with a fraction (6.0), which to JSON Schema is the integer 6"
READ_AS_TEXT = "refused before there is a JSON value (syntax, duplicate key, encoding, a number beyond a double, size)"


def classify(problem):
    """None for a refusal of shape, else the reason no schema can say it."""
    message = problem["message"]
    if "line" in problem and "nesting is deeper than" not in message:
        return READ_AS_TEXT
    for pattern, why in NON_SHAPE:
        if re.search(pattern, message):
            return why
    m = CELL_BOUNDED.match(message)
    if m and int(m.group(3)) <= int(m.group(2)) <= CELLS:
        return f"{m.group(1)} above width x height: a product of two values"
    return None


def integral(value):
    """The value as JSON Schema sees it: a number with a zero fraction is an integer."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [integral(v) for v in value]
    if isinstance(value, dict):
        return {k: integral(v) for k, v in value.items()}
    return value


def on_purpose(doc, errors):
    """The schema refuses it although the reader reads it: a seed above 2^53-1 written as a number,
    which JavaScript's JSON.parse would round (docs/format.md "seed")."""
    seed = doc.get("seed") if isinstance(doc, dict) else None
    return (errors and all(list(e.path)[:1] == ["seed"] for e in errors) and isinstance(seed, int)
            and not isinstance(seed, bool) and seed > MAX_EXACT_SEED)


def copy(doc):
    return json.loads(json.dumps(doc))


def tokens_of(doc):
    return [r.split(" ") for r in doc["board"]]


def with_board(doc, grid):
    d = copy(doc)
    d["board"] = [" ".join(r) for r in grid]
    return d


def set_path(doc, path, value):
    d = copy(doc)
    node = d
    for key in path[:-1]:
        node = node[key] if isinstance(node, list) else node.setdefault(key, {})
    node[path[-1]] = value
    return d


def drop_path(doc, path):
    d = copy(doc)
    node = d
    for key in path[:-1]:
        node = node.get(key, {})
    node.pop(path[-1], None)
    return d


def cell_tokens(level):
    """Tokens to put on one cell of the level, legal and illegal ones (of every version: a version 1
    level refuses the version 2 ones)."""
    kind = level["kind"]
    if kind == "match3":
        c = level["rules"]["colors"]
        top = str(c - 1)
        out = [top, top.zfill(12), str(c), str(c).zfill(12), top.zfill(13), "?", "#", "_", ".", "x", "-1", "A", "1.5",
               f"{top}h", f"{top}v", f"{top}b", f"{c}h", "*", "@", "c1", "c5", "c05", "c0", "c6", "3x", "h", "c", "**",
               top.zfill(12) + "b", "c" + "1".zfill(12), "c" + "1".zfill(13)]
        return out
    if kind == "link":
        return ["1", "999999", "0999999", "000000000001", "0000000000001", "0", "1000000", "-2", "?", "_", "1h", "a", "#", "."]
    if kind == "lines":
        return ["0", "9", "a", "f", "A", "F", ".", "g", "10", "#", "?", "-", "ff", " "]
    return ["2", "4", "2048", str(2**30), "0002", "000000000002", "0000000000002", "3", "1", "0", "6", str(2**31), "?", "_",
            "#", ".", "-2"]


def variants(level, rng):
    """(what, document or text) pairs: the level with one change each."""
    out = []
    kind, width, height = level["kind"], level["width"], level["height"]
    grid = tokens_of(level)
    layers = level.get("layers", {})
    y = rng.randrange(height)
    x = rng.randrange(width)

    def add(what, doc):
        out.append((what, doc))

    # The board's shape.
    g = [list(r) for r in grid]
    g[y] = g[y][:-1]
    add("row one token short", with_board(level, g))
    g = [list(r) for r in grid]
    g[y] = g[y] + [g[y][-1]]
    add("row one token long", with_board(level, g))
    add("row added", with_board(level, grid + [grid[y]]))
    add("row removed", with_board(level, grid[:y] + grid[y + 1:]))
    add("height + 1", set_path(level, ["height"], height + 1))
    add("width - 1", set_path(level, ["width"], width - 1))
    add("width 257", set_path(level, ["width"], 257))
    for what, text in [("double space", "  "), ("tab", "\t")]:
        add(f"row with a {what}", set_path(level, ["board", y], level["board"][y].replace(" ", text, 1)))
    add("row with a trailing newline", set_path(level, ["board", y], level["board"][y] + "\n"))
    add("row with a leading space", set_path(level, ["board", y], " " + level["board"][y]))
    add("row with a trailing space", set_path(level, ["board", y], level["board"][y] + " "))
    add("row as an array", set_path(level, ["board", y], grid[y]))
    add("row empty", set_path(level, ["board", y], ""))
    add("board empty", set_path(level, ["board"], []))
    add("board a string", set_path(level, ["board"], " ".join(grid[0])))

    def resized(dw, dh):
        """The board and every layer one column or row more (filled with '.' and 0) or less."""
        d = copy(level)
        d["width"], d["height"] = width + dw, height + dh
        fill = {"board": "."}

        def reshape(rows, filler):
            rows = [r + [filler] * dw if dw >= 0 else r[:dw] for r in rows]
            return rows + [[filler] * (width + dw)] * dh if dh >= 0 else rows[:dh]
        d["board"] = [" ".join(r) for r in reshape(grid, fill["board"])]
        for name in layers:
            d["layers"][name] = [" ".join(r) for r in reshape([r.split(" ") for r in layers[name]], "0")]
        return d
    if width < 256:
        add("a column more, everywhere", resized(1, 0))
    if height < 256:
        add("a row more, everywhere", resized(0, 1))
    if width > 1:
        add("a column less, everywhere", resized(-1, 0))
    if height > 1:
        add("a row less, everywhere", resized(0, -1))

    # Tokens.
    for token in cell_tokens(level):
        g = [list(r) for r in grid]
        g[y][x] = token
        add(f"cell {token!r}", with_board(level, g))

    # Layers.
    for name, row in layers.items():
        cells = row[y].split(" ")
        add(f"{name} row short", set_path(level, ["layers", name, y], " ".join(cells[:-1])))
        add(f"{name} row long", set_path(level, ["layers", name, y], " ".join(cells + ["0"])))
        add(f"{name} row added", set_path(level, ["layers", name], row + [row[y]]))
        add(f"{name} row removed", set_path(level, ["layers", name], row[:y] + row[y + 1:]))
        tokens = ["0", "007", "999", "1000", "-1", "a", "1 "] if name == "jelly" else ["0", "1", "2", "01", "-"]
        for token in tokens:
            t = list(cells)
            t[x] = token
            add(f"{name} cell {token!r}", set_path(level, ["layers", name, y], " ".join(t)))
    zeros = [" ".join(["0"] * width)] * height
    ones = [" ".join(["1"] * width)] * height
    add("layers empty", set_path(level, ["layers"], {}))
    add("layers an array", set_path(level, ["layers"], []))
    add("jelly layer of zeros", set_path(level, ["layers", "jelly"], zeros))
    add("jelly layer of ones", set_path(level, ["layers", "jelly"], ones))
    add("lock layer of zeros", set_path(level, ["layers", "lock"], zeros))
    add("lock layer of ones", set_path(level, ["layers", "lock"], ones))
    add("layer 'ice'", set_path(level, ["layers", "ice"], zeros))

    # The top level.
    for version in (1, 2, 3, 4, 0, "2", 2.0):
        add(f"version {version!r}", set_path(level, ["version"], version))
    for other in ("match3", "link", "lines", "slide", "match4"):
        if other != kind:
            add(f"kind {other}", set_path(level, ["kind"], other))
    for key in ("version", "id", "name", "kind", "width", "height", "board", "rules", "goal"):
        add(f"no {key}", drop_path(level, [key]))
    for key, value in [("id", ""), ("id", 5), ("name", ""), ("name", None), ("width", "6"), ("width", float(width)),
                       ("width", 0), ("height", 2**70), ("seed", -1), ("seed", 0), ("seed", MAX_EXACT_SEED),
                       ("seed", MAX_EXACT_SEED + 1), ("seed", 2**64 - 1), ("seed", "007"), ("seed", "18446744073709551615"),
                       ("seed", "18446744073709551616"), ("seed", "00000000000000000001"), ("seed", "1e3"), ("seed", "12\n"),
                       ("seed", 1.5), ("rules", []), ("goal", []), ("goal", {}), ("widht", 3), ("meta", {"a": [1, {"b": None}]})]:
        add(f"{key} {value!r}", set_path(level, [key], value))
    for depth in (30, 31, 32):
        nested = 0
        for _ in range(depth):
            nested = [nested]
        add(f"meta nested {depth} deep", set_path(level, ["meta"], nested))

    # The goal.
    for value in (0, 1, 1000000, 1000001, "5", -3):
        add(f"goal.moves {value!r}", set_path(level, ["goal", "moves"], value))
    add("goal key of another kind", set_path(level, ["goal", "target" if kind != "slide" else "clear"], 4))

    # The kind's rules and goal.
    rules = level.get("rules", {})
    if kind == "match3":
        c = rules["colors"]
        for value in (c + 1, c - 1, 1, 2, 16, 17, "5", float(c)):
            add(f"colors {value!r}", set_path(level, ["rules", "colors"], value))
        add("no colors", drop_path(level, ["rules", "colors"]))
        for key, value in [("min_match", 1), ("min_match", 2), ("min_match", 16), ("min_match", 17),
                           ("score_per_piece", 0), ("score_per_piece", 1000000), ("score_per_piece", 1000001),
                           ("specials", True), ("specials", "yes"), ("pair", "equal")]:
            add(f"rules.{key} {value!r}", set_path(level, ["rules", key], value))
        for what, weights in [("colors weights", [1] * c), ("one weight too many", [1] * (c + 1)),
                              ("one weight too few", [1] * (c - 1)), ("all weights 0", [0] * c),
                              ("a weight -1", [-1] + [1] * (c - 1)), ("a weight 1000001", [1000001] + [1] * (c - 1)),
                              ("weights 0 and 1000000", [0] * (c - 1) + [1000000]), ("weights a string", "1")]:
            add(f"spawn_weights: {what}", set_path(level, ["rules", "spawn_weights"], weights))
        for key, value in [("score", -1), ("score", 0), ("score", 2**50), ("score", 2**50 + 1), ("jelly", True),
                           ("jelly", False), ("jelly", 1), ("crates", True), ("crates", False), ("ingredients", 1),
                           ("ingredients", 2), ("ingredients", 0), ("ingredients", CELLS + 1),
                           ("ingredients", width * height + 1), ("clear", True)]:
            add(f"goal.{key} {value!r}", set_path(level, ["goal", key], value))
        ingredients = sum(r.count("@") for r in grid)
        if ingredients:
            add("goal.ingredients: as many as @", set_path(level, ["goal", "ingredients"], ingredients))
            add("goal.ingredients: one more than @", set_path(level, ["goal", "ingredients"], ingredients + 1))
        for what, collect in [("top colour", [{"color": c - 1, "count": 1}]), ("colour = colors", [{"color": c, "count": 1}]),
                              ("colour 16", [{"color": 16, "count": 1}]), ("count 0", [{"color": 0, "count": 0}]),
                              ("count 1000001", [{"color": 0, "count": 1000001}]), ("no count", [{"color": 0}]),
                              ("extra key", [{"color": 0, "count": 1, "x": 1}]), ("an array", [[0, 1]]),
                              ("not an array", {"color": 0, "count": 1})]:
            add(f"goal.collect: {what}", set_path(level, ["goal", "collect"], collect))
    elif kind == "link":
        for key, value in [("pair", "equal"), ("pair", {"sum": 10}), ("pair", {"sum": 1}), ("pair", {"sum": 2000000}),
                           ("pair", {"sum": 2000001}), ("pair", {"sum": 5, "x": 1}), ("pair", {"sum": "5"}), ("pair", "sum"),
                           ("max_turns", 0), ("max_turns", 3), ("max_turns", 4), ("border", False), ("border", "no"),
                           ("colors", 5)]:
            add(f"rules.{key} {value!r}", set_path(level, ["rules", key], value))
        for value in (True, False, "yes"):
            add(f"goal.clear {value!r}", set_path(level, ["goal", "clear"], value))
    elif kind == "lines":
        for key, value in [("fixed_rows", [height - 1]), ("fixed_rows", [height]), ("fixed_rows", [0, 0]),
                           ("fixed_rows", [-1]), ("fixed_rows", 0), ("fixed_cols", [width - 1]), ("fixed_cols", [width]),
                           ("fixed_cols", list(range(width))), ("fixed_cols", ["0"])]:
            add(f"rules.{key} {value!r}", set_path(level, ["rules", key], value))
        for key in ("closed_groups", "min_group_size"):
            for value in (0, 1, width * height, width * height + 1, CELLS + 1, "1"):
                add(f"goal.{key} {value!r}", set_path(level, ["goal", key], value))
        for value in (True, "yes"):
            add(f"goal.all_closed {value!r}", set_path(level, ["goal", "all_closed"], value))
    else:
        for what, spawn in [("[[2, 1]]", [[2, 1]]), ("[]", []), ("value 3", [[3, 1]]), ("value 2^30", [[2**30, 1]]),
                            ("value 2^31", [[2**31, 1]]), ("weight 0", [[2, 0]]), ("weight 1000001", [[2, 1000001]]),
                            ("three items", [[2, 1, 1]]), ("an object", {"2": 1}), ("a pair", [2, 1])]:
            add(f"rules.spawn {what}", set_path(level, ["rules", "spawn"], spawn))
        add("rules.spawn [] and start_tiles 2", set_path(set_path(level, ["rules", "spawn"], []), ["rules", "start_tiles"], 2))
        add("rules.spawn [] and start_tiles 0", set_path(set_path(level, ["rules", "spawn"], []), ["rules", "start_tiles"], 0))
        for value in (0, 1, width * height + 1, CELLS + 1, -1):
            add(f"rules.start_tiles {value!r}", set_path(level, ["rules", "start_tiles"], value))
        for value in ("merged", "pre_merge", "sum"):
            add(f"rules.score {value!r}", set_path(level, ["rules", "score"], value))
        for value in (2, 3, 4, 2048, 2**30, 2**31, 6):
            add(f"goal.target {value!r}", set_path(level, ["goal", "target"], value))
    return out


# Every variant of the samples and the version 1 levels; a sample of them for each vector level.
rng = random.Random(20240611)
PER_VECTOR_LEVEL = 3
cases = []  # (name, text)
seen = set()
for index, (name, level) in enumerate(base_levels):
    found = variants(level, rng)
    if index >= full_bases:
        found = rng.sample(found, min(PER_VECTOR_LEVEL, len(found)))
    for what, doc in found:
        text = json.dumps(doc, ensure_ascii=False)
        if text not in seen:
            seen.add(text)
            cases.append((f"{name}: {what}", text))
# Text the JSON parser refuses or reads otherwise than tilelab: a duplicate key (Python keeps the last).
sample_text = (root / "levels" / "samples" / "match3" / "01-intro.json").read_text()
cases.append(("01-intro: duplicate key", sample_text.replace('"seed"', '"seed": 1, "seed"', 1)))
cases.append(("01-intro: a number beyond a double in meta", sample_text.replace('"meta": {', '"meta": {"x": 1e400,', 1)))
# The reader's corpus of bad files (the levels among them; packs have their own reader).
corpus = [(f"bad/{p.name}", p.read_bytes()) for p in sorted((root / "tests" / "data" / "bad").glob("*.json"))]

with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    paths = []
    for i, (name, text) in enumerate(cases):
        paths.append(tmp / f"{i}.json")
        paths[-1].write_text(text)
    for i, (name, data) in enumerate(corpus):
        paths.append(tmp / f"bad-{i}.json")
        paths[-1].write_bytes(data)
    # The reader in two processes at once, while this one runs the schema.
    half = (len(paths) + 1) // 2
    readers = [subprocess.Popen([tilelab, "validate", "--json", "--quiet"] + [str(p) for p in part],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
               for part in (paths[:half], paths[half:])]

    def schema_errors(text):
        """The value and whether the schema accepts it (None: not JSON to Python either)."""
        try:
            doc = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            return None, None
        return doc, validators["level"].is_valid(doc)
    schema_results = [schema_errors(text) for _, text in cases] + [schema_errors(data) for _, data in corpus]
    reader_results = []
    for reader in readers:
        out, _ = reader.communicate()
        reader_results += json.loads(out)["files"]
    assert len(reader_results) == len(schema_results)
    # Refused for a number written with a fraction: the reader again, on the numbers as integers.
    again = {}
    for i, (entry, (doc, _)) in enumerate(zip(reader_results, schema_results)):
        if doc is not None and any(FRACTION in p["message"] for p in entry["problems"]) and \
                json.dumps(integral(doc)) != json.dumps(doc):
            again[i] = tmp / f"integral-{i}.json"
            again[i].write_text(json.dumps(integral(doc)))
    if again:
        out = subprocess.run([tilelab, "validate", "--json", "--quiet"] + [str(p) for p in again.values()],
                             capture_output=True, text=True).stdout
        for i, entry in zip(again, json.loads(out)["files"]):
            reader_results[i] = dict(entry, integral=True)

ACCEPTED = "accepted by both"
ON_PURPOSE = "accepted by the reader, refused by the schema on purpose (a seed above 2^53-1 as a number)"
SHAPE = "refused by the reader for its shape, and by the schema"
OTHER = "refused by the reader for a reason no schema can express"
classes = collections.Counter()
non_shape_reasons = collections.Counter()
for (name, _), entry, (doc, schema_ok) in zip(cases + corpus, reader_results, schema_results):
    if entry["format"] in ("tilelab.pack", "tilelab.bundle"):
        continue  # a pack of the corpus: the pack reader's
    checked += 1
    schema_refuses = schema_ok is not True  # False, or None: not JSON to Python either
    if entry["valid"] and not entry.get("integral"):
        if not schema_refuses:
            classes[ACCEPTED] += 1
            continue
        errors = list(validators["level"].iter_errors(doc))
        if on_purpose(doc, errors):
            classes[ON_PURPOSE] += 1
        else:
            fail(f"{name}: the reader accepts it, the schema refuses it: "
                 + "; ".join(f"/{'/'.join(map(str, e.path))}: {e.message[:160]}" for e in errors[:3]))
        continue
    problems = [p for p in entry["problems"] if p["severity"] == "error"]
    reasons = [WRITTEN_WITH_A_FRACTION] if entry["valid"] else [classify(p) for p in problems]
    if None in reasons:
        if schema_refuses:
            classes[SHAPE] += 1
        else:
            shape = [p["message"] for p, r in zip(problems, reasons) if r is None]
            fail(f"{name}: the reader refuses it for its shape ({shape[0][:200]}), the schema accepts it")
    else:
        classes[OTHER + (" (the schema refuses it too, for another)" if schema_refuses else "")] += 1
        non_shape_reasons.update(set(reasons))
# A level of a bundle is two levels deeper in the file: its meta nests two levels less.
with tempfile.TemporaryDirectory() as tmp:
    levels = [level for name, level in base_levels if name.startswith("levels/samples/")]
    for depth in (29, 30):
        nested = 0
        for _ in range(depth):
            nested = [nested]
        bundle = {"format": "tilelab.bundle", "version": 1, "name": "deep", "report": [],
                  "levels": [dict(levels[0], meta=nested)] + levels[1:]}
        path = pathlib.Path(tmp) / f"deep-{depth}.json"
        path.write_text(json.dumps(bundle))
        reader_ok = subprocess.run([tilelab, "validate", "--quiet", str(path)], capture_output=True).returncode == 0
        checked += 1
        if reader_ok != validators["bundle"].is_valid(bundle):
            fail(f"a bundle whose first level's meta nests {depth} deep: the reader {'accepts' if reader_ok else 'refuses'} "
                 "it, the schema does not")

print(f"reader and schema on {sum(classes.values())} files ({len(cases)} variants of {len(base_levels)} levels, "
      f"{len(corpus)} files of tests/data/bad; {time.monotonic() - started:.1f} s so far):")
for what, n in sorted(classes.items()):
    print(f"  {n:5} {what}")
for what, n in sorted(non_shape_reasons.items()):
    print(f"        {n:5} {what}")


# ---- apply --json and analyze --json against their schemas --------------------------------------

def cli(args):
    run = subprocess.run([tilelab] + args, capture_output=True, text=True)
    if run.returncode not in (0, 1) or not run.stdout:
        return args, None, f"exit {run.returncode}: {run.stderr[:300]}"
    return args, json.loads(run.stdout), None


summary_level = {"format": "tilelab.level", "version": 1, "id": "summary", "name": "", "kind": "match3", "width": 8,
                 "height": 8, "seed": 3, "rules": {"colors": 2, "min_match": 2}, "board": ["? ? ? ? ? ? ? ?"] * 8}
stuck_level = {"format": "tilelab.level", "version": 1, "id": "stuck", "name": "", "kind": "link", "width": 6, "height": 1,
               "rules": {"max_turns": 0, "border": False}, "board": ["1 1 2 3 2 3"]}
made = {}  # the levels made here, written below
play = []  # (level path, moves)
with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    for name, level in [("summary", summary_level), ("summary-v2", dict(summary_level, version=2)), ("stuck", stuck_level)]:
        made[name] = tmp / f"{name}.json"
        made[name].write_text(json.dumps(level))
    analyze_paths = sorted(str(p) for p in (root / "levels" / "samples").rglob("*.json")) + [str(p) for p in made.values()]
    for stem in ("match3_analyze", "match3v2_analyze", "link_analyze", "lines_analyze", "link_solve", "lines_solve"):
        for i, case in enumerate(vector_cases[stem][::20]):
            path = tmp / f"{stem}-{i}.json"
            path.write_text(json.dumps(case["level"]))
            analyze_paths.append(str(path))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        analyses = list(pool.map(lambda p: cli(["analyze", p, "--json", "--budget-ms", "500"]), analyze_paths))
        for stem in ("match3_play", "match3v2_play", "slide_play"):  # every other play vector
            for i, case in enumerate(vector_cases[stem][::2]):
                path = tmp / f"{stem}-{i}.json"
                path.write_text(json.dumps(case["level"]))
                play.append([str(path)] + case["moves"])
        for args, out, error in analyses:
            path = args[1]
            if out is None:
                continue
            if "hints" in out:  # match3: a few hints alone, a combo and a maker of specials among them
                picks = out["hints"][:2] + [h for h in out["hints"] if h["combo"]][:1] + [h for h in out["hints"] if h["creates"]][:1]
                for h in picks:
                    play.append([path, "{},{}:{},{}".format(*h["swap"][0], *h["swap"][1])])
                play.append([path, "0,0:0,0"])  # illegal: not neighbours
            elif "links" in out:
                order = out.get("solve", {}).get("order") or [[link["a"], link["b"]] for link in out["links"][:1]]
                play.append([path] + ["{},{}:{},{}".format(*a, *b) for a, b in order])
            elif "taps" in out:  # collapse: the solver's line, or the first taps, one a power-up if any
                taps = ["{},{}".format(*t["cell"]) for t in out["taps"]]
                play.append([path] + (out.get("solve", {}).get("moves") or taps[:3] or ["0,0"]))
            elif "groups" in out:
                play.append([path] + (out.get("solve", {}).get("moves") or ["row:0:left", "col:0:down"]))
            else:
                play.append([path] + (out.get("solve", {}).get("moves") or ["up", "left", "down", "right", "up"]))
        play.append([str(made["summary"]), "0,0:1,0"])
        play.append([str(made["summary-v2"]), "0,0:1,0"])
        play.append([str(made["stuck"]), "0,0:1,0"])
        applies = list(pool.map(lambda a: cli(["apply", "--json"] + a), play))

for args, out, error in analyses:
    checked += 1
    if out is None:
        fail(f"tilelab {' '.join(args)}: {error}")
        continue
    for e in list(validators["analyze"].iter_errors(out))[:3]:
        fail(f"tilelab {' '.join(args)}: /{'/'.join(map(str, e.path))}: {e.message[:300]}")

# Which event definitions the outputs used: each must be seen at least once.
event_defs = collections.Counter()
for args, out, error in applies:
    checked += 1
    if out is None:
        fail(f"tilelab {' '.join(args)}: {error}")
        continue
    # At most 10 events of a type an output: a cascade lists thousands of falls and spawns alike.
    kept = collections.Counter()
    trimmed = dict(out, events=[e for e in out["events"] if kept.update([e["type"]]) or kept[e["type"]] <= 10])
    for e in list(validators["apply"].iter_errors(trimmed))[:3]:
        fail(f"tilelab {' '.join(args)}: /{'/'.join(map(str, e.path))}: {e.message[:300]}")
    v2 = "ingredients_collected" in out
    for event in out["events"]:
        t = event["type"]
        if t == "spawn":
            t = "match3_spawn" if "color" in event else "slide_spawn"
        elif t == "clear" and v2:
            t = "clear_v2"
        elif t in ("move", "merge"):
            t = "slide_" + t
        event_defs[t + (" (version 2 rules)" if v2 and t in ("summary", "swap", "fall", "match3_spawn") else "")] += 1
    event_defs["illegal move (why)" if out["illegal"] is not None else "all moves legal"] += 1
# Exact fields: the first event of each type of an output with a key more or its last key less, and
# an output with a key more, are refused.
for args, out, error in applies:
    if out is None:
        continue
    firsts = {}
    for event in out["events"]:
        firsts.setdefault(event["type"], event)
    for event in firsts.values():
        last = list(event)[-1]
        for what, bad in [("a key more", dict(event, extra=1)), (f"no {last}", {k: v for k, v in event.items() if k != last})]:
            checked += 1
            if validators["apply"].is_valid(dict(out, events=[bad])):
                fail(f"tilelab {' '.join(args)}: a {event['type']} event with {what} is accepted")
    checked += 1
    if validators["apply"].is_valid(dict(out, events=[], extra=1)):
        fail(f"tilelab {' '.join(args)}: an output with a key more is accepted")
for args, out, error in analyses:
    checked += 1
    if out is not None and validators["analyze"].is_valid(dict(out, extra=1)):
        fail(f"tilelab {' '.join(args)}: an analysis with a key more is accepted")
expected = ["swap", "clear", "fall", "match3_spawn", "summary", "swap (version 2 rules)", "clear_v2",
            "fall (version 2 rules)", "match3_spawn (version 2 rules)", "summary (version 2 rules)", "combo", "fired",
            "unlocked", "crate_hit", "created", "collected", "remove", "cleared", "stuck", "shift", "closed", "slide_move",
            "slide_merge", "slide_spawn", "illegal move (why)", "all moves legal"]
for d in expected:
    checked += 1
    if not event_defs[d]:
        fail(f"apply.schema.json: no output had a {d} event: add a level or move that makes one")
print(f"{len(analyses)} analyze and {len(applies)} apply outputs checked against their schemas "
      f"({time.monotonic() - started:.1f} s so far); events seen: "
      + ", ".join(f"{k} {v}" for k, v in sorted(event_defs.items())))


# ---- a calibration file as `tilelab calibrate` writes it, on the demo pack with a made-up CSV ----

pack = root / "levels" / "packs" / "demo.json"
ids = []
for entry in json.loads(pack.read_text())["levels"]:
    level = json.loads((pack.parent / entry).read_text())
    if level["kind"] in ("match3", "slide"):
        ids.append(level["id"])
with tempfile.TemporaryDirectory() as tmp:
    csv = pathlib.Path(tmp) / "observed.csv"
    cal = pathlib.Path(tmp) / "cal.json"
    csv.write_text("id,attempts,passes\n" + "".join(f"{id},{1000 + 100 * i},{(1000 + 100 * i) * (5 + 7 * i) // 100}\n"
                                                     for i, id in enumerate(ids)))
    run = subprocess.run([tilelab, "calibrate", str(csv), "--pack", str(pack), "--runs", "20", "--bot", "greedy",
                          "--threads", "2", "-o", str(cal)], capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"tilelab calibrate failed ({run.returncode}): {run.stderr}")
    else:
        doc = json.loads(cal.read_text())
        check(cal, "calibration", doc)
        broken = dict(doc)
        del broken["b"]
        checked += 1
        if validators["calibration"].is_valid(broken):
            fail("calibration: the schema accepts a file without \"b\"")

print(f"{time.monotonic() - started:.1f} s")
print(f"{checked} passed, {failures} failed" if failures == 0 else f"{checked - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
