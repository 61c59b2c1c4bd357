// Wrapping shifts and their legality (fixed rows and columns, one-cell lines).
#include "tilelab/lines/shifts.hpp"

#include <algorithm>

namespace tilelab::lines {

int line_length(int width, int height, const ShiftMove& move) { return move.axis == ShiftMove::Axis::row ? width : height; }

bool line_fixed(const Level& level, ShiftMove::Axis axis, int index) {
    const Rules& rules = level.rules.as<Rules>();
    const std::vector<int>& fixed = axis == ShiftMove::Axis::row ? rules.fixed_rows : rules.fixed_cols;
    return std::find(fixed.begin(), fixed.end(), index) != fixed.end();
}

std::string shift_refusal(const Level& level, const Board& board, const ShiftMove& move) {
    const bool row = move.axis == ShiftMove::Axis::row;
    const char* what = row ? "row" : "column";
    if (move.step != -1 && move.step != 1)
        return std::string("a shift moves by one cell (step -1 or +1), not ") + std::to_string(move.step);
    const int lines = row ? board.height : board.width;
    if (move.index < 0 || move.index >= lines)
        return std::string(what) + " " + std::to_string(move.index) + " is off the board (" + (row ? "rows 0.." : "columns 0..") +
               std::to_string(lines - 1) + ")";
    if (line_fixed(level, move.axis, move.index)) return std::string(what) + " " + std::to_string(move.index) + " is fixed";
    if (line_length(board.width, board.height, move) < 2) return std::string("a ") + what + " of one cell cannot shift";
    return {};
}

std::vector<ShiftMove> legal_shifts(const Level& level, const Board& board) {
    std::vector<ShiftMove> moves;
    for (int y = 0; y < board.height; ++y)
        for (int step : {-1, 1}) {
            ShiftMove m{ShiftMove::Axis::row, y, step};
            if (shift_refusal(level, board, m).empty()) moves.push_back(m);
        }
    for (int x = 0; x < board.width; ++x)
        for (int step : {-1, 1}) {
            ShiftMove m{ShiftMove::Axis::col, x, step};
            if (shift_refusal(level, board, m).empty()) moves.push_back(m);
        }
    return moves;
}

Board shifted(const Board& board, const ShiftMove& move) {
    Board out = board;
    shift_cells(out.cells.data(), out.width, out.height, move.axis == ShiftMove::Axis::row, move.index, move.step);
    return out;
}

}  // namespace tilelab::lines
