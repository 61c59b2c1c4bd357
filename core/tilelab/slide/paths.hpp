// The two fast move paths behind one face: per-row tables on a 64-bit 4x4 board, and a general
// path for any size with walls. Bots and playouts are written once against this face.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab::slide {

// Both paths hold tiles as exponents: 0 an empty cell, e a tile of value 2^e.
inline constexpr std::uint8_t wall_code = 0xFF;  // general path: a wall
inline constexpr int largest_exponent = 30;      // 2^30, see largest_tile

std::uint8_t exponent_of(std::int32_t value);  // a board cell as an exponent code
std::int32_t value_of(std::uint8_t code);      // and back

// The documented evaluation of a position (docs/slide.md "Evaluation"), per line of cells
// between walls: a constant, plus 270 per empty cell, plus 700 per merge chance (runs of equal
// tiles), minus 47 times the smaller of the two monotonicity penalties (sum of e^4 drops in
// each direction), minus 11 times the sum of e^3.5. The board's value is the sum over rows and
// columns. Weights follow nneonneo/2048-ai's tuned heuristic.
// `stride`: the step between the line's cells in memory.
double line_evaluation(const std::uint8_t* exponents, int count, int stride = 1);

// ---- The table path: the classic 4x4 without walls --------------------------------------------
// Cell (x, y) is the nibble y * 4 + x (row y in bits 16y..16y+15). A nibble holds up to 2^15;
// the path is chosen only when no game on the level can merge two 32768s (see fits_table_path).
class TablePath {
public:
    using Position = std::uint64_t;
    static constexpr int width = 4;
    static constexpr int height = 4;
    static constexpr int cell_count = 16;

    // Tables are built once, on first use (about 2 ms), and shared by all threads.
    TablePath();

    // The position after a move; `merged_sum` gets the sum of the new values of merged tiles.
    // The move is legal exactly when the result differs from `in`.
    Position move(Position in, Direction d, std::int64_t& merged_sum) const;
    double evaluate(Position p) const;
    static int empty_count(Position p);
    static int exponent_at(Position p, int cell) { return static_cast<int>((p >> (4 * cell)) & 0xF); }
    static Position with_tile(Position p, int cell, int exponent) {
        return p | (static_cast<Position>(exponent) << (4 * cell));
    }
    static int highest_exponent(Position p);
    static Position transpose(Position p);
    static std::uint64_t key(Position p) { return p; }

    Position from_board(const Board& board) const;
    Board to_board(Position p) const;

private:
    struct Tables;
    const Tables* tables_;
};

// ---- The general path: any size, walls -----------------------------------------------------------
class GridPath {
public:
    using Position = std::string;  // one exponent code per cell, row-major (a string hashes well)

    GridPath(int width, int height);
    int width;
    int height;
    int cell_count;

    Position move(const Position& in, Direction d, std::int64_t& merged_sum) const;
    double evaluate(const Position& p) const;
    static int empty_count(const Position& p);
    static int exponent_at(const Position& p, int cell) {
        const auto code = static_cast<std::uint8_t>(p[static_cast<std::size_t>(cell)]);
        return code == wall_code ? -1 : code;
    }
    static Position with_tile(Position p, int cell, int exponent) {
        p[static_cast<std::size_t>(cell)] = static_cast<char>(exponent);
        return p;
    }
    static int highest_exponent(const Position& p);
    static const Position& key(const Position& p) { return p; }

    Position from_board(const Board& board) const;
    Board to_board(const Position& p) const;
};

// The table path plays a level exactly when the board is 4x4 without walls, every tile and
// spawn is at most 2^15, and the target is at most 2^15: a playout stops at the target, so two
// 32768s (which the nibbles cannot merge) never meet on the board.
bool fits_table_path(const Level& level);

}  // namespace tilelab::slide
