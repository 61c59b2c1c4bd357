// The two fast move paths behind one face: per-row tables on a 64-bit 4x4 board, and a general
// path for any size with walls. Bots and playouts are written once against this face.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/slide/moves.hpp"

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

    // The lookup tables, indexed by a row's 16 bits (cell x = nibble x). Plain arrays in one
    // block, so a move is four loads from a table whose address the caller keeps in a register.
    struct Tables {
        // XOR deltas: board ^ delta[row] << shift gives the moved row (rows) or column (columns).
        std::array<std::uint16_t, 1 << 16> left;
        std::array<std::uint16_t, 1 << 16> right;
        std::array<std::uint64_t, 1 << 16> up;
        std::array<std::uint64_t, 1 << 16> down;
        std::array<std::uint32_t, 1 << 16> left_sum;  // sum of the new values of the row's merges
        std::array<std::uint32_t, 1 << 16> right_sum;
        std::array<double, 1 << 16> evaluation;
        Tables();
    };

    // Tables are built once, on first use (about 2 ms), and shared by all threads.
    TablePath();

    // The position after a move: the classic technique, four row-table lookups (and a transpose
    // for up and down), inline so that the caller's loop keeps the table address in a register.
    // The move is legal exactly when the result differs from `in`. The search calls this one: it
    // never needs the score.
    Position move(Position in, Direction d) const {
        const Tables& t = *tables_;
        switch (d) {
        case Direction::left:
            return in ^ row_deltas(in, t.left);
        case Direction::right:
            return in ^ row_deltas(in, t.right);
        case Direction::up:
            return in ^ column_deltas(transpose(in), t.up);
        case Direction::down:
            return in ^ column_deltas(transpose(in), t.down);
        }
        return in;
    }
    // The same move; `merged_sum` gets the sum of the new values of merged tiles (playouts' score).
    Position move(Position in, Direction d, std::int64_t& merged_sum) const {
        const Tables& t = *tables_;
        switch (d) {
        case Direction::left:
            merged_sum = row_sums(in, t.left_sum);
            return in ^ row_deltas(in, t.left);
        case Direction::right:
            merged_sum = row_sums(in, t.right_sum);
            return in ^ row_deltas(in, t.right);
        case Direction::up: {
            const Position columns = transpose(in);  // column x is now row x
            merged_sum = row_sums(columns, t.left_sum);
            return in ^ column_deltas(columns, t.up);
        }
        case Direction::down: {
            const Position columns = transpose(in);
            merged_sum = row_sums(columns, t.right_sum);
            return in ^ column_deltas(columns, t.down);
        }
        }
        merged_sum = 0;
        return in;
    }
    double evaluate(Position p) const;
    static int empty_count(Position p);
    static int exponent_at(Position p, int cell) { return static_cast<int>((p >> (4 * cell)) & 0xF); }
    static Position with_tile(Position p, int cell, int exponent) { return p | (static_cast<Position>(exponent) << (4 * cell)); }
    static int highest_exponent(Position p);
    static Position transpose(Position x) {
        // Swap 2x2 blocks of nibbles, then the off-diagonal 2x2 blocks of the 4x4.
        const Position a1 = x & 0xF0F00F0FF0F00F0Full;
        const Position a2 = x & 0x0000F0F00000F0F0ull;
        const Position a3 = x & 0x0F0F00000F0F0000ull;
        const Position a = a1 | (a2 << 12) | (a3 >> 12);
        const Position b1 = a & 0xFF00FF0000FF00FFull;
        const Position b2 = a & 0x00FF00FF00000000ull;
        const Position b3 = a & 0x00000000FF00FF00ull;
        return b1 | (b2 >> 24) | (b3 << 24);
    }
    static std::uint64_t key(Position p) { return p; }

    Position from_board(const Board& board) const;
    Board to_board(Position p) const;

private:
    static Position row_deltas(Position in, const std::array<std::uint16_t, 1 << 16>& delta) {
        return static_cast<Position>(delta[in & 0xFFFF]) | static_cast<Position>(delta[(in >> 16) & 0xFFFF]) << 16 |
               static_cast<Position>(delta[(in >> 32) & 0xFFFF]) << 32 | static_cast<Position>(delta[in >> 48]) << 48;
    }
    // `columns`: the transposed board, column x as row x; the deltas land in column x.
    static Position column_deltas(Position columns, const std::array<std::uint64_t, 1 << 16>& delta) {
        return delta[columns & 0xFFFF] | delta[(columns >> 16) & 0xFFFF] << 4 | delta[(columns >> 32) & 0xFFFF] << 8 |
               delta[columns >> 48] << 12;
    }
    static std::int64_t row_sums(Position rows, const std::array<std::uint32_t, 1 << 16>& sum) {
        return static_cast<std::int64_t>(sum[rows & 0xFFFF]) + sum[(rows >> 16) & 0xFFFF] + sum[(rows >> 32) & 0xFFFF] +
               sum[rows >> 48];
    }
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
    Position move(const Position& in, Direction d) const {
        std::int64_t unused = 0;
        return move(in, d, unused);
    }
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

    // The search's last layer after a spawn, cheaply: built once for a position `after` (the board
    // after the bot's move), best(cell, exponent) is the value of the best move once a tile of
    // 2^exponent spawns on the empty `cell`: the largest evaluate(move(spawned, d)) over the legal
    // directions, 0 when none is legal, the very same double. Each direction's board without the
    // spawn is moved and scored once; a spawn changes one line of it, and only the runs through
    // that line's changed cells are scored again. `evaluations` counts the positions valued.
    class SpawnLeaves {
    public:
        SpawnLeaves(const GridPath& path, const Position& after);
        double best(int cell, int exponent, std::uint64_t& evaluations);

    private:
        struct EvaluatedRun {
            int begin;  // its first cell
            int count;
            int step;
        };
        struct Moved {
            Position board;                  // `after` moved (a spawn's line is patched in and back)
            std::vector<double> run_values;  // each run's value on it
            std::vector<char> line_differs;  // per line of the move: changed by the move
            int lines_differing = 0;
        };
        const GridPath& path_;
        const Position& after_;
        std::vector<EvaluatedRun> runs_;  // the evaluation's runs, in its order
        std::vector<int> row_run_;        // per cell: its run among the rows' (-1: a wall)
        std::vector<int> column_run_;     // and among the columns'
        std::vector<char> affected_;      // scratch: runs to score again
        std::array<Moved, 4> moved_;      // indexed by Direction
    };

private:
    std::array<LineWalk, 4> walks_;  // line_walk of each direction, indexed by Direction
};

// The table path plays a level exactly when the board is 4x4 without walls, every tile and
// spawn is at most 2^15, and the target is at most 2^15: a playout stops at the target, so two
// 32768s (which the nibbles cannot merge) never meet on the board.
bool fits_table_path(const Level& level);

}  // namespace tilelab::slide
