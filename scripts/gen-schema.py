#!/usr/bin/env python3
"""Writes levels/schema/level.schema.json, the JSON Schema (draft 2020-12) of the level file.

JSON Schema cannot compare two values of a document (a row's length with "width", a colour with
"colors"), so the schema enumerates them: one if/then per width and per height (1..board_side) and
one per colour count (min_colors..max_colors). The numbers come from core/tilelab/limits.hpp (and
max_crate_hp from core/tilelab/board/board.hpp, the newest format version from
core/tilelab/board/level.hpp), the token grammar from parse_cell_token (core/tilelab/board/board.cpp
and each kind's parse_token in core/tilelab/<kind>/format.cpp) and the reader's checks from
core/tilelab/io/level_reader.cpp and the kinds' format.cpp.

Nobody edits the generated file by hand: change this script and run it.

  python3 scripts/gen-schema.py           writes levels/schema/level.schema.json
  python3 scripts/gen-schema.py --check   exits 1 when the committed file differs from the output
  python3 scripts/gen-schema.py --stdout  prints the output

Python 3 standard library only. What the schema cannot say is in docs/format.md ("JSON Schemas").
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "levels" / "schema" / "level.schema.json"


# ---- the limits, read from the headers ----------------------------------------------------------

def read_constants(path):
    """`inline constexpr TYPE NAME = EXPR;` of a header, EXPR of integers, <<, -, + and casts."""
    values = {}
    for name, expr in re.findall(r"inline constexpr [\w:]+ (\w+) = ([^;]+);", path.read_text()):
        expr = re.sub(r"std::\w+\{(\d+)\}", r"\1", expr).replace("'", "")
        expr = re.sub(r"(limits::|\w+::)", "", expr)
        expr = re.sub(r"\b([a-z_]\w*)\b", lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(1), expr)
        if re.fullmatch(r"[\d\s()<+\-*]+", expr):
            values[name] = eval(expr)  # digits and operators only (checked above)
    return values


LIMITS = read_constants(ROOT / "core" / "tilelab" / "limits.hpp")
BOARD = read_constants(ROOT / "core" / "tilelab" / "board" / "board.hpp")
LEVEL = read_constants(ROOT / "core" / "tilelab" / "board" / "level.hpp")

SIDE = LIMITS["board_side"]
MIN_COLORS, MAX_COLORS = LIMITS["min_colors"], LIMITS["max_colors"]
MAX_CRATE_HP = BOARD["max_crate_hp"]
NEWEST = LEVEL["level_format_version"]
CELLS = SIDE * SIDE  # the most cells a board has: the static bound of the limits that are width x height
TOKEN_DIGITS = 12    # parse_token_number (board.cpp): 1..12 decimal digits, leading zeros allowed
JELLY_DIGITS = len(str(LIMITS["max_jelly_layers"]))
MAX_NESTING = LIMITS["max_json_depth"]
UINT64_MAX = 2**64 - 1  # a seed as a string (parse_seed_text, level_reader.cpp)
MAX_EXACT_SEED = LIMITS["max_exact_seed"]  # a seed as a number: 2^53-1

# ---- regular expressions (ECMA-262 and Python's re alike) ----------------------------------------

# "$" alone also matches before a final newline in Python's re (jsonschema's engine): "(?!\n)" after
# it refuses that, and means nothing in ECMA-262, where "$" is the end of the text.
END = "$(?!\\n)"


def alt(parts):
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


def digit_class(lo, hi):
    return str(lo) if lo == hi else f"[{lo}-{hi}]"


def padded(values, width=TOKEN_DIGITS):
    """Decimal strings of 1..width digits, leading zeros allowed, whose value is in `values`
    (non-negative integers), as parse_int reads them."""
    by_length = {}
    for v in sorted(values):
        by_length.setdefault(len(str(v)), []).append(str(v))
    parts = []
    for length, texts in sorted(by_length.items()):
        pad = width - length
        zeros = "" if pad == 0 else ("0?" if pad == 1 else f"0{{0,{pad}}}")
        if length == 1:
            digits = sorted(int(t) for t in texts)
            if digits == list(range(digits[0], digits[-1] + 1)):
                body = digit_class(digits[0], digits[-1])
            else:
                body = "[" + "".join(texts) + "]"
        elif length == 2 and all(t[0] == texts[0][0] for t in texts) and \
                [int(t[1]) for t in texts] == list(range(int(texts[0][1]), int(texts[-1][1]) + 1)):
            body = texts[0][0] + digit_class(int(texts[0][1]), int(texts[-1][1]))
        else:
            body = alt(texts)
        parts.append(zeros + body)
    return alt(parts)


def padded_range(lo_digits, hi_digits, width=TOKEN_DIGITS):
    """Every value of lo_digits..hi_digits digits (no leading zero), leading zeros allowed up to width."""
    parts = []
    for length in range(lo_digits, hi_digits + 1):
        pad = width - length
        rest = "" if length == 1 else ("[0-9]" if length == 2 else f"[0-9]{{{length - 1}}}")
        parts.append(f"0{{0,{pad}}}[1-9]{rest}")
    return alt(parts)


def at_most(bound):
    """Strings of 1..len(bound) digits (leading zeros allowed) whose value is at most `bound`."""
    n = len(bound)
    parts = [f"[0-9]{{1,{n - 1}}}"]
    for i, ch in enumerate(bound):
        d = int(ch)
        if d > 0:
            rest = n - i - 1
            parts.append(bound[:i] + digit_class(0, d - 1) + (f"[0-9]{{{rest}}}" if rest else ""))
    parts.append(bound)
    return alt(parts)


def row(token):
    """A row: tokens separated by single spaces, nothing before or after (split_row, level_reader.cpp)."""
    return f"^{token}(?: {token})*{END}"


def row_of(n):
    """A row of exactly n space-separated tokens, whatever the tokens."""
    return "^[^ ]+" + ("" if n == 1 else "(?: [^ ]+)" if n == 2 else f"(?: [^ ]+){{{n - 1}}}") + END


POWERS = [2**k for k in range(1, LIMITS["max_tile"].bit_length()) if 2**k <= LIMITS["max_tile"]]
TARGETS = [p for p in POWERS if LIMITS["min_target"] <= p <= LIMITS["max_target"]]


def match3_token(colors, version):
    colour = padded(range(colors))
    if version == 1:
        return alt([colour, "[?#_.]"])
    return alt([colour + "[hvb]?", "c" + padded(range(1, MAX_CRATE_HP + 1)), "[?#_.*@]"])


LINK_TOKEN = alt([padded_range(1, len(str(LIMITS["max_link_value"]))), "[#.]"])
assert LIMITS["max_link_value"] == int("9" * len(str(LIMITS["max_link_value"]))), "padded_range needs 9...9"
LINES_TOKEN = "[0-9a-fA-F.]"
SLIDE_TOKEN = alt([padded(POWERS), "[#.]"])
JELLY_TOKEN = f"[0-9]{{1,{JELLY_DIGITS}}}"
assert LIMITS["max_jelly_layers"] == int("9" * JELLY_DIGITS), "the jelly token is any number of JELLY_DIGITS digits"
LOCK_TOKEN = "[01]"
# collapse (docs/collapse.md "Cells"): one digit a colour, so at most 9 colours.
COLLAPSE_MAX_COLORS = 9
COLLAPSE_MAX_MIN_GROUP = 16


def collapse_token(colors):
    """A collapse cell of a level with `colors` colours: a piece or disco ball, rh, rv, tnt, ? # _ ."""
    return f"(?:[0-{colors - 1}]d?|rh|rv|tnt|[?#_.])"

SEED_TEXT = f"^{at_most(str(UINT64_MAX))}{END}"


# ---- the schema ---------------------------------------------------------------------------------

class Line(dict):
    """An object written on one line of the output (the enumerated if/then blocks)."""


def integer(lo=None, hi=None, **extra):
    s = {"type": "integer"}
    if lo is not None:
        s["minimum"] = lo
    if hi is not None:
        s["maximum"] = hi
    s.update(extra)
    return s


def has(key, value_schema):
    """`if` of a key with a value: the key is there and its value matches."""
    return {"properties": {key: value_schema}, "required": [key]}


def in_rules(key, value_schema):
    return {"properties": {"rules": has(key, value_schema)}, "required": ["rules"]}


def in_goal(key, value_schema):
    return {"properties": {"goal": has(key, value_schema)}, "required": ["goal"]}


def nesting(levels):
    """A value whose arrays and objects nest at most `levels` deep (the reader's max_json_depth)."""
    return {"$ref": f"#/$defs/nesting{levels}"}


def width_block(n):
    row_n = {"items": {"pattern": row_of(n)}}
    return Line({"if": has("width", {"const": n}), "then": {"properties": {
        "board": row_n,
        "layers": {"properties": {"jelly": row_n, "lock": row_n}},
        "rules": {"properties": {"fixed_cols": {"items": {"maximum": n - 1}}}}}}})


def height_block(n):
    rows_n = {"minItems": n, "maxItems": n}
    return Line({"if": has("height", {"const": n}), "then": {"properties": {
        "board": rows_n,
        "layers": {"properties": {"jelly": rows_n, "lock": rows_n}},
        "rules": {"properties": {"fixed_rows": {"items": {"maximum": n - 1}}}}}}})


def grouped(blocks, key, group=16):
    """The blocks of values 1..len(blocks) in groups of `group` under an if on the range: a document
    meets group + len(blocks) / group ifs instead of len(blocks) (the test validates thousands)."""
    out = []
    for start in range(0, len(blocks), group):
        lo, hi = start + 1, min(start + group, len(blocks))
        out.append({"if": has(key, {"minimum": lo, "maximum": hi}), "then": {"allOf": blocks[start:start + group]}})
    return out


def colors_block(c):
    board = {"properties": {"board": {"items": {"pattern": row(match3_token(c, 2))}}}}
    board_v1 = {"properties": {"board": {"items": {"pattern": row(match3_token(c, 1))}}}}
    return Line({
        "if": in_rules("colors", {"const": c}),
        "then": {
            "properties": {
                "rules": {"properties": {"spawn_weights": {"minItems": c, "maxItems": c}}},
                "goal": {"properties": {"collect": {"items": {"properties": {"color": {"maximum": c - 1}}}}}}},
            "if": has("version", {"const": 1}), "then": board_v1, "else": board}})


def level_schema():
    layer_tokens = lambda token: {"type": "array", "items": {"type": "string", "pattern": row(token)}}
    match3 = {
        "description": "match3: rules.colors is required; cells, colours, spawn weights and collect colours "
                       "per colour count (#/$defs/match3_colors); version 1 has none of the version 2 keys, "
                       "tokens and layers.",
        "required": ["rules"],
        "properties": {
            "rules": {
                "required": ["colors"],
                "additionalProperties": False,
                "properties": {
                    "colors": integer(MIN_COLORS, MAX_COLORS, description="The number of piece colours."),
                    "min_match": integer(LIMITS["min_min_match"], LIMITS["max_min_match"],
                                         description="The shortest run that clears (default 3)."),
                    "score_per_piece": integer(0, LIMITS["max_score_per_piece"]),
                    "specials": {"type": "boolean", "description": "Version 2: matches create specials."},
                    "spawn_weights": {
                        "type": "array",
                        "description": "Version 2: one weight per colour (exactly `colors` of them), not all 0.",
                        "items": integer(0, LIMITS["max_spawn_weight"]),
                        "contains": {"minimum": 1}}}},
            "goal": {
                "additionalProperties": False,
                "properties": {
                    "moves": True,
                    "score": integer(0, LIMITS["max_score_goal"]),
                    "jelly": {"type": "boolean", "description": "true: clear all jelly (needs layers.jelly)."},
                    "collect": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["color", "count"],
                            "additionalProperties": False,
                            "properties": {
                                "color": integer(0, MAX_COLORS - 1, description="Below rules.colors."),
                                "count": integer(1, LIMITS["max_collect_count"])}}},
                    "crates": {"type": "boolean", "description": "Version 2: true: clear every crate (needs a crate)."},
                    "ingredients": integer(1, CELLS, description="Version 2: ingredients to collect, at most the "
                                                                 "number of @ on the board (the reader counts them).")}},
            "layers": {"properties": {
                "jelly": {"description": "The jelly layers under each cell (0..999); none on a hole (the reader "
                                         "compares the two grids)."},
                "lock": {"description": "Version 2: 1 locks the piece, special or colour bomb on the cell (the "
                                        "reader checks what the board holds there)."}}}},
        "allOf": [
            {"$ref": "#/$defs/match3_colors"},
            {"if": has("version", {"const": 1}),
             "then": {
                 "description": "Version 1 has none of the version 2 keys and layers (its tokens: match3_colors).",
                 "properties": {
                     "rules": {"properties": {"specials": False, "spawn_weights": False}},
                     "goal": {"properties": {"crates": False, "ingredients": False}},
                     "layers": {"properties": {"lock": False}}}}},
            {"if": in_goal("jelly", {"const": True}),
             "then": {"description": "The jelly goal needs a jelly layer.",
                      "required": ["layers"], "properties": {"layers": {"required": ["jelly"]}}}},
            {"if": in_goal("crates", {"const": True}),
             "then": {"description": "The crates goal needs a crate on the board.",
                      "properties": {"board": {"contains": {"pattern": "(?:^| )c"}}}}},
            {"if": {"properties": {"goal": {"required": ["ingredients"]}}, "required": ["goal"]},
             "then": {"description": "The ingredients goal needs an ingredient (@) on the board (at least as many "
                                     "as it says: the reader counts them).",
                      "properties": {"board": {"contains": {"pattern": "@"}}}}}]}
    no_layers = {"properties": {"jelly": False, "lock": False},
                 "description": "Only match3 and collapse levels have layers (an empty object is allowed)."}
    link = {
        "properties": {
            "rules": {
                "additionalProperties": False,
                "properties": {
                    "pair": {"anyOf": [
                        {"const": "equal"},
                        {"type": "object", "required": ["sum"], "additionalProperties": False,
                         "properties": {"sum": integer(LIMITS["min_pair_sum"], LIMITS["max_pair_sum"])}}],
                        "description": "\"equal\" (the default) or {\"sum\": N}: two tiles pair when their values add to N."},
                    "max_turns": integer(0, LIMITS["max_turns"]),
                    "border": {"type": "boolean"}}},
            "goal": {"additionalProperties": False, "properties": {"moves": True, "clear": {"type": "boolean"}}},
            "board": {"items": {"pattern": row(LINK_TOKEN),
                                "description": f"A tile value 1..{LIMITS['max_link_value']}, # blocker or . empty."}},
            "layers": no_layers}}
    lines = {
        "properties": {
            "rules": {
                "additionalProperties": False,
                "properties": {
                    "fixed_rows": {"type": "array", "uniqueItems": True, "items": integer(0),
                                   "description": "Row indexes below height (#/$defs/height)."},
                    "fixed_cols": {"type": "array", "uniqueItems": True, "items": integer(0),
                                   "description": "Column indexes below width (#/$defs/width)."}}},
            "goal": {
                "additionalProperties": False,
                "properties": {
                    "moves": True,
                    "closed_groups": integer(1, CELLS, description="At most width x height (the reader checks)."),
                    "min_group_size": integer(1, CELLS, description="At most width x height (the reader checks)."),
                    "all_closed": {"type": "boolean"}}},
            "board": {"items": {"pattern": row(LINES_TOKEN),
                                "description": "One hex digit, the side mask (0 and . are empty)."}},
            "layers": no_layers}}
    spawn_description = "[value, weight] pairs; version 3: [] for no spawns (a fixed puzzle; start_tiles must then be 0)."
    slide = {
        "properties": {
            "rules": {
                "additionalProperties": False,
                "properties": {
                    "spawn": {
                        "type": "array",
                        "description": spawn_description,
                        "items": {
                            "type": "array",
                            "prefixItems": [
                                {"enum": POWERS, "description": "A power of two."},
                                integer(1, LIMITS["max_spawn_weight"])],
                            "minItems": 2,
                            "maxItems": 2}},
                    "start_tiles": integer(0, CELLS, description="At most width x height (the reader checks)."),
                    "score": {"enum": ["merged", "pre_merge"]}}},
            "goal": {
                "additionalProperties": False,
                "properties": {"moves": True, "target": {"enum": TARGETS, "description": "A power of two."}}},
            "board": {"items": {"pattern": row(SLIDE_TOKEN),
                                "description": f"A power of two 2..{LIMITS['max_tile']}, # wall or . empty."}},
            "layers": no_layers},
        "allOf": [
            {"if": has("version", {"enum": [1, 2]}),
             "then": {"description": "An empty spawn table (no spawns) needs version 3.",
                      "properties": {"rules": {"properties": {"spawn": {"minItems": 1}}}}}},
            {"if": in_rules("spawn", {"maxItems": 0}),
             "then": {"description": "Without spawns the start tiles are on the board: start_tiles is 0.",
                      "properties": {"rules": {"properties": {"start_tiles": {"const": 0}}}}}}]}

    collapse = {
        "required": ["rules"],
        "properties": {
            "version": {"const": 3, "description": "The collapse kind came with format version 3."},
            "rules": {
                "required": ["colors"],
                "additionalProperties": False,
                "properties": {
                    "colors": integer(MIN_COLORS, COLLAPSE_MAX_COLORS, description="The number of piece colours."),
                    "min_group": integer(1, COLLAPSE_MAX_MIN_GROUP, description="The smallest group a tap clears (default 2)."),
                    "score": {"enum": ["linear", "samegame"],
                              "description": "linear (default): score_per_piece for each item cleared; samegame: "
                                             "(n - 2)^2 for a group of n."},
                    "score_per_piece": integer(0, LIMITS["max_score_per_piece"]),
                    "refill": {"type": "boolean", "description": "false: nothing refills and empty columns close (SameGame)."},
                    "reshuffle": {"type": "boolean", "description": "A board with no legal tap is shuffled."}}},
            "goal": {
                "additionalProperties": False,
                "properties": {
                    "moves": True,
                    "score": integer(0, LIMITS["max_score_goal"]),
                    "collect": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["color", "count"],
                            "additionalProperties": False,
                            "properties": {
                                "color": integer(0, COLLAPSE_MAX_COLORS - 1, description="Below rules.colors."),
                                "count": integer(1, LIMITS["max_collect_count"])}}},
                    "jelly": {"type": "boolean", "description": "true: clear all jelly (needs layers.jelly)."},
                    "clear": {"type": "boolean", "description": "true: no piece and no power-up left."}}},
            "layers": {"properties": {"lock": False},
                       "description": "collapse levels have a jelly layer only."}},
        "allOf": [
            {"if": in_goal("jelly", {"const": True}),
             "then": {"description": "The jelly goal needs a jelly layer.",
                      "required": ["layers"], "properties": {"layers": {"required": ["jelly"]}}}}]
        + [Line({"if": in_rules("colors", {"const": c}),
                 "then": {"properties": {
                     "board": {"items": {"pattern": row(collapse_token(c))}},
                     "goal": {"properties": {"collect": {"items": {"properties": {"color": {"maximum": c - 1}}}}}}}}})
           for c in range(MIN_COLORS, COLLAPSE_MAX_COLORS + 1)]}

    defs = {
        "match3": match3,
        "link": link,
        "lines": lines,
        "slide": slide,
        "collapse": collapse,
        "match3_colors": {
            "description": f"One block per colour count {MIN_COLORS}..{MAX_COLORS}: the board's cells (version 1: "
                           "a colour, ? # _ .; version 2 and later also Nh Nv Nb * @ c1..c5) with colours below "
                           "colors, exactly colors spawn weights, collect colours below colors. A number token "
                           f"has 1..{TOKEN_DIGITS} digits, leading zeros allowed, as the reader reads it.",
            "allOf": [colors_block(c) for c in range(MIN_COLORS, MAX_COLORS + 1)]},
        "width": {
            "description": f"One block per width 1..{SIDE}: every row of the board and of each layer has exactly "
                           "width tokens; lines' fixed_cols are below width. Grouped by 16 under an if on the range.",
            "allOf": grouped([width_block(n) for n in range(1, SIDE + 1)], "width")},
        "height": {
            "description": f"One block per height 1..{SIDE}: the board and each layer have exactly height rows; "
                           "lines' fixed_rows are below height. Grouped by 16 under an if on the range.",
            "allOf": grouped([height_block(n) for n in range(1, SIDE + 1)], "height")},
        "jelly_layer": layer_tokens(JELLY_TOKEN),
        "lock_layer": layer_tokens(LOCK_TOKEN),
    }
    # meta is free-form, but the whole file nests at most max_json_depth arrays and objects, and meta
    # is one level below the root: nestingK holds a value that nests at most K more.
    defs["nesting0"] = Line({"not": {"type": ["array", "object"]}})
    for k in range(1, MAX_NESTING):
        inner = {"$ref": f"#/$defs/nesting{k - 1}"}
        defs[f"nesting{k}"] = Line({"items": inner, "additionalProperties": inner})

    kinds = ["match3", "link", "lines", "slide", "collapse"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "level.schema.json",
        "$comment": "Generated by scripts/gen-schema.py from the reader's limits: do not edit by hand (run "
                    "python3 scripts/gen-schema.py). The $id is relative: it resolves against where the file is "
                    "read from, so the other schemas beside it are found there (docs/format.md \"JSON Schemas\").",
        "title": f"tilelab level, format version {NEWEST} (versions {' and '.join(map(str, range(1, NEWEST)))} are read too)",
        "description": "One level of a tile-matching puzzle. Rules behind every field: docs/format.md.",
        "type": "object",
        "required": ["format", "version", "id", "name", "kind", "width", "height", "board"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": "tilelab.level"},
            "version": {"enum": list(range(1, NEWEST + 1)),
                        "description": f"{NEWEST} is written for new levels; a loaded file keeps its version "
                                       f"(tilelab fmt --upgrade writes {NEWEST}). Version 1 match3 levels play with "
                                       "specials false."},
            "id": {"type": "string", "minLength": 1, "description": "Stable identity; runtimes key progress by it."},
            "name": {"type": "string"},
            "kind": {"enum": kinds},
            "width": integer(1, SIDE),
            "height": integer(1, SIDE),
            "seed": {
                "description": "0 to 2^53-1 as a number (exact in every JSON reader); a larger seed (up to 2^64-1, "
                               "from an older file) as a string of decimal digits. tilelab also reads a number "
                               "above 2^53-1, which JavaScript's JSON.parse would round: the schema refuses it.",
                "oneOf": [
                    integer(0, MAX_EXACT_SEED),
                    {"type": "string", "pattern": SEED_TEXT}]},
            "rules": {"type": "object"},
            "goal": {"type": "object", "properties": {"moves": integer(1, LIMITS["max_moves"])}},
            "board": {
                "type": "array",
                "minItems": 1,
                "maxItems": SIDE,
                "items": {"type": "string", "description": "One row, top row first: cell tokens separated by single spaces."}},
            "layers": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "jelly": {"$ref": "#/$defs/jelly_layer"},
                    "lock": {"$ref": "#/$defs/lock_layer"}}},
            "meta": {"description": "Free-form; kept as it is (nested at most as deep as the reader reads).",
                     **nesting(MAX_NESTING - 1)}},
        "allOf": [{"if": has("kind", {"const": k}), "then": {"$ref": f"#/$defs/{k}"}} for k in kinds]
        + [{"$ref": "#/$defs/width"}, {"$ref": "#/$defs/height"}],
        "$defs": defs,
    }


# ---- output -------------------------------------------------------------------------------------

def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def dump(value, indent=0):
    """Two-space indent; a value that fits in 110 columns, or a Line, on one line."""
    pad = " " * indent
    text = compact(value)
    if isinstance(value, Line) or not isinstance(value, (dict, list)) or len(text) + indent <= 110 or not value:
        return text
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {dump(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    items = [inner + dump(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def main(argv):
    text = dump(level_schema()) + "\n"
    if "--stdout" in argv:
        sys.stdout.write(text)
        return 0
    if "--check" in argv:
        if OUTPUT.read_text() != text:
            print(f"{OUTPUT.relative_to(ROOT)} is not what scripts/gen-schema.py writes: run python3 scripts/gen-schema.py")
            return 1
        return 0
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
