// Random closed networks and scrambles for `tilelab generate --kind lines`.
#include "tilelab/lines/scrambler.hpp"

#include "tilelab/lines/goal.hpp"
#include "tilelab/lines/groups.hpp"
#include "tilelab/lines/masks.hpp"
#include "tilelab/lines/shifts.hpp"
#include "tilelab/lines/solver.hpp"

namespace tilelab::lines {

Board closed_network(int width, int height, Rng& rng) {
    Board board(width, height, 0);
    // Edges are drawn row by row, right edge then bottom edge of each cell, so that a seed gives
    // the same board in any language that draws as docs/randomness.md fixes it.
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            if (x + 1 < width && rng.uniform(20) < 11) {
                board.at(x, y) |= side_right;
                board.at(x + 1, y) |= side_left;
            }
            if (y + 1 < height && rng.uniform(20) < 11) {
                board.at(x, y) |= side_bottom;
                board.at(x, y + 1) |= side_top;
            }
        }
    for (std::int32_t& c : board.cells)
        if (c == 0) c = cell::empty;
    return board;
}

std::vector<ShiftMove> scramble(Board& board, int count, Rng& rng) {
    std::vector<ShiftMove> lines;
    if (board.width >= 2)
        for (int y = 0; y < board.height; ++y) lines.push_back({ShiftMove::Axis::row, y, 1});
    if (board.height >= 2)
        for (int x = 0; x < board.width; ++x) lines.push_back({ShiftMove::Axis::col, x, 1});
    std::vector<ShiftMove> made;
    if (lines.empty()) return made;
    for (int i = 0; i < count; ++i) {
        ShiftMove move;
        do {
            move = lines[rng.uniform(static_cast<std::uint32_t>(lines.size()))];
            move.step = rng.uniform(2) == 0 ? -1 : 1;
        } while (!made.empty() && lines.size() > 1 && move.axis == made.back().axis && move.index == made.back().index &&
                 move.step == -made.back().step);
        shift_cells(board.cells.data(), board.width, board.height, move.axis == ShiftMove::Axis::row, move.index, move.step);
        made.push_back(move);
    }
    return made;
}

GenerateResult generate(const GenerateOptions& options) {
    GenerateResult result;
    if (options.width < 1 || options.height < 1 || options.width > max_board_side || options.height > max_board_side) {
        result.error = "lines boards are 1.." + std::to_string(max_board_side) + " cells a side";
        return result;
    }
    if (options.width * options.height < 2) {
        result.error = "a lines board needs at least 2 cells to hold a closed shape";
        return result;
    }
    if (options.scramble < 0) {
        result.error = "scramble must be 0 or more shifts";
        return result;
    }
    Rng rng(options.seed);
    Level level = make_blank_level(Kind::lines, options.width, options.height);
    level.seed = options.seed;
    level.goal.as<Goal>().all_closed = true;
    level.present.insert("goal/all_closed");
    level.present.insert("goal/moves");

    Board solved;
    // A board with no edge at all (rare, tiny boards) has nothing to scramble; draw again.
    for (int tries = 0; tries < 64; ++tries) {
        solved = closed_network(options.width, options.height, rng);
        int tiles = 0;
        for (std::int32_t c : solved.cells) tiles += c > 0;
        if (tiles > 0) break;
    }
    level.board = solved;
    int moves = 0;
    if (options.scramble > 0) {
        const LinesGoal goal = lines_goal(level.goal);
        // A scramble that leaves every tile closed is no puzzle: scramble again from where it is.
        for (int tries = 0; tries < 64; ++tries) {
            scramble(level.board, options.scramble, rng);
            SolveOptions solve_options;
            solve_options.budget_ms = 0;
            // A node costs about a pass over the board: past 32x32 the budget shrinks with the cells
            // (2^28 / cells: 4,096 nodes on 256x256, seconds instead of hours); still a node count,
            // so the same options and seed give the same file.
            const auto cells = static_cast<std::uint64_t>(options.width) * static_cast<std::uint64_t>(options.height);
            solve_options.max_nodes = cells > 1024 ? (std::uint64_t{1} << 28) / cells : generate_node_budget;
            solve_options.max_depth = options.scramble;
            const SolveResult solved_by = solve(level, level.board, goal, solve_options);
            moves = solved_by.verdict == Verdict::solvable ? static_cast<int>(solved_by.moves.size()) : options.scramble;
            if (moves > 0) break;
        }
    }
    level.goal.moves = moves;
    result.level = std::move(level);
    return result;
}

}  // namespace tilelab::lines
