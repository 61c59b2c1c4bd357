// Grids, cells and coordinates shared by the four kinds: plain copyable values.
#pragma once
#include "tilelab/board/cxx20.hpp"
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tilelab {

// The kinds of game, in the order of the kind table (analysis/game.hpp) and of the kinds' rules
// and goal types (board/kind_data.hpp's KindsData, which checks it).
enum class Kind { match3, link, lines, slide, collapse };
constexpr int kind_count = 5;

std::string_view kind_name(Kind kind);
// Returns false when the text names no kind.
bool parse_kind(std::string_view text, Kind& out);

// A cell (x, y): x the column from the left, y the row from the top, both from 0.
struct Cell {
    int x = 0;
    int y = 0;
    friend constexpr auto operator<=>(const Cell&, const Cell&) = default;
};

// What a board cell holds. Non-negative values are the kind's own value: a match3 colour,
// a link tile value, a lines side mask (1..15), a slide tile value (a power of two).
namespace cell {
inline constexpr std::int32_t empty = -1;    // "."  in every kind
inline constexpr std::int32_t blocker = -2;  // "#"  match3, link, slide (a wall)
inline constexpr std::int32_t hole = -3;     // "_"  match3: not part of the board
inline constexpr std::int32_t random = -4;   // "?"  match3: a piece drawn at level start
constexpr bool is_value(std::int32_t c) { return c >= 0; }

// match3, format version 2 (docs/match3.md "Format version 2", docs/format.md "Match3 in version 2").
// A special piece of colour k is a value (>= 0): (type << 8) | k, type h 1 (clears its row),
// v 2 (clears its column), b 3 (bomb, 3x3); a plain piece is type 0, so a value's colour is
// always `value & 0xff` and plain pieces keep their v1 values.
inline constexpr std::int32_t color_bomb = -5;  // "*"
inline constexpr std::int32_t ingredient = -6;  // "@"
inline constexpr int max_crate_hp = 5;
constexpr std::int32_t crate(int hp) { return -10 - hp; }  // "c1".."c5": -11..-15
constexpr bool is_crate(std::int32_t c) { return c <= -11 && c >= -10 - max_crate_hp; }
constexpr int crate_hp(std::int32_t c) { return -10 - c; }
enum SpecialType : int { plain = 0, line_h = 1, line_v = 2, bomb = 3 };
constexpr std::int32_t special(int color, int type) { return (type << 8) | color; }
constexpr int color_of(std::int32_t c) { return c & 0xff; }  // c >= 0
constexpr int special_of(std::int32_t c) { return c >> 8; }  // c >= 0: a SpecialType
constexpr bool is_special(std::int32_t c) { return c >= 0 && (c >> 8) != 0; }
}  // namespace cell

// A width x height grid of integers in row-major order, top row first.
struct Grid {
    int width = 0;
    int height = 0;
    std::vector<std::int32_t> cells;

    Grid() = default;
    Grid(int w, int h, std::int32_t fill = cell::empty)
        : width(w), height(h), cells(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), fill) {}

    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    bool contains(Cell c) const { return contains(c.x, c.y); }
    int index(int x, int y) const { return y * width + x; }
    std::int32_t at(int x, int y) const { return cells[static_cast<std::size_t>(index(x, y))]; }
    std::int32_t& at(int x, int y) { return cells[static_cast<std::size_t>(index(x, y))]; }
    std::int32_t at(Cell c) const { return at(c.x, c.y); }
    std::int32_t& at(Cell c) { return at(c.x, c.y); }
    int size() const { return width * height; }

    friend bool operator==(const Grid&, const Grid&) = default;
};

using Board = Grid;

class Rules;  // board/level.hpp

// One cell token of the level file for the kind whose rules are `rules` (match3's colours are the
// allowed colour range), or a message saying what is allowed. `version` is the file's format
// version: the match3 tokens of version 2 (`3h`, `3v`, `3b`, `*`, `@`, `c1`..`c5`) are an error
// saying so in a version 1 file. The default is the newest version (level_format_version).
inline constexpr int newest_token_version = 3;
struct TokenResult {
    bool ok = false;
    std::int32_t value = cell::empty;
    std::string error;  // when !ok: "'x' is not a match3 cell (expected 0..4, ?, #, _ or .)"
};
TokenResult parse_cell_token(const Rules& rules, std::string_view token, int version = newest_token_version);
// The canonical token of a cell: match3 specials as `3h`, `*`, `@`, `c2`.
std::string cell_token(Kind kind, std::int32_t value);

// A row of a board as the level file writes it: tokens separated by single spaces.
std::string board_row(Kind kind, const Grid& grid, int y);
std::string layer_row(const Grid& grid, int y);

}  // namespace tilelab
