// Wrapping row and column shifts of lines boards, and which shifts a level allows.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::lines {

// Cells in the row or column the move shifts (the board's width for a row, height for a column).
int line_length(int width, int height, const ShiftMove& move);

// The level marks this row (or column) fixed.
bool line_fixed(const Level& level, ShiftMove::Axis axis, int index);

// Why the shift is refused on a board of the level, or "" when it is legal. Refused: a step other
// than -1/+1, an index off the board, a fixed row or column, and a row (column) of one cell, whose
// shift could never change anything. A shift that happens to leave the board as it was (a row of
// equal tiles) is legal and counts as a move, as an arrow press in a game does.
std::string shift_refusal(const Level& level, const Board& board, const ShiftMove& move);

// Every legal shift of the level: rows top to bottom (left, right), then columns left to right
// (up, down).
std::vector<ShiftMove> legal_shifts(const Level& level, const Board& board);

// The board after the shift, wrapping: a right shift of `a b c` gives `c a b`. Empty cells move
// like tiles. The move must be in range with step -1 or +1 (shift_refusal() == "" ignoring fixed).
Board shifted(const Board& board, const ShiftMove& move);

// The same on a row-major array of cells of any type, in place: the solver's hot path.
template <typename T>
void shift_cells(T* cells, int width, int height, bool row, int index, int step) {
    if (row) {
        T* line = cells + static_cast<std::ptrdiff_t>(index) * width;
        if (step > 0) {
            const T last = line[width - 1];
            for (int x = width - 1; x > 0; --x) line[x] = line[x - 1];
            line[0] = last;
        } else {
            const T first = line[0];
            for (int x = 0; x + 1 < width; ++x) line[x] = line[x + 1];
            line[width - 1] = first;
        }
    } else {
        T* column = cells + index;
        if (step > 0) {
            const T last = column[static_cast<std::ptrdiff_t>(height - 1) * width];
            for (int y = height - 1; y > 0; --y) column[y * width] = column[(y - 1) * width];
            column[0] = last;
        } else {
            const T first = column[0];
            for (int y = 0; y + 1 < height; ++y) column[y * width] = column[(y + 1) * width];
            column[static_cast<std::ptrdiff_t>(height - 1) * width] = first;
        }
    }
}

}  // namespace tilelab::lines
