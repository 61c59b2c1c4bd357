// Grids, cells and coordinates shared by the four kinds: plain copyable values.
#pragma once
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tilelab {

// The four kinds of game, in the order of the kind table (analysis/game.hpp).
enum class Kind { match3, link, lines, slide };
constexpr int kind_count = 4;

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

// One cell token of the level file for a kind, or a message saying what is allowed.
// `colors` matters for match3 only (the allowed colour range).
struct TokenResult {
    bool ok = false;
    std::int32_t value = cell::empty;
    std::string error;  // when !ok: "'x' is not a match3 cell (expected 0..4, ?, #, _ or .)"
};
TokenResult parse_cell_token(Kind kind, std::string_view token, int colors);
std::string cell_token(Kind kind, std::int32_t value);

// A row of a board as the level file writes it: tokens separated by single spaces.
std::string board_row(Kind kind, const Grid& grid, int y);
std::string layer_row(const Grid& grid, int y);

}  // namespace tilelab
