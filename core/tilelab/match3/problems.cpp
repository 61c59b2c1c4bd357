// match3 level problems (analysis/problems.hpp): jelly no run can reach, `?` cells the generator
// cannot fill without a run.
#include <algorithm>
#include <string>

#include "tilelab/analysis/problems.hpp"

namespace tilelab::match3 {

namespace {

// Cells that hold an item that falls (format 2: specials, colour bombs and ingredients too).
bool is_piece_cell(std::int32_t v) {
    return cell::is_value(v) || v == cell::random || v == cell::color_bomb || v == cell::ingredient;
}

std::string at_text(Cell c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")"; }

// Cells that can hold a piece at some time: a piece or `?` now, any playable cell of a column's top
// segment (refilled), or a cell with a piece above it in its segment (gravity brings it down;
// holes do not split a segment, blockers do).
Grid fillable_cells(const Board& board) {
    Grid out(board.width, board.height, 0);
    for (int x = 0; x < board.width; ++x) {
        bool top = true, piece_above = false;
        for (int y = 0; y < board.height; ++y) {
            const std::int32_t v = board.at(x, y);
            if (v == cell::blocker || cell::is_crate(v)) {  // crates split a column while they stand
                top = false;
                piece_above = false;
                continue;
            }
            if (v == cell::hole) continue;
            if (is_piece_cell(v)) piece_above = true;
            out.at(x, y) = top || piece_above ? 1 : 0;
        }
    }
    return out;
}

// The cells of the straight line through `c` in direction (dx, dy) that hold `color` among the
// fixed pieces, `c` counted as holding it.
std::vector<Cell> run_through(const Board& board, Cell c, int dx, int dy, std::int32_t color) {
    std::vector<Cell> cells{c};
    for (int s : {-1, 1})
        for (int i = 1;; ++i) {
            Cell n{c.x + s * dx * i, c.y + s * dy * i};
            if (!board.contains(n) || board.at(n) != color) break;
            cells.push_back(n);
        }
    std::sort(cells.begin(), cells.end(), [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    return cells;
}

constexpr int max_listed = 8;  // per check; the rest are counted in one more line

void add_capped(std::vector<Warning>& out, int& count, Warning w) {
    if (++count <= max_listed) out.push_back(std::move(w));
}

void add_rest(std::vector<Warning>& out, int count, const std::string& what) {
    if (count > max_listed)
        out.push_back({"... and " + std::to_string(count - max_listed) + " more " + what, std::nullopt});
}

}  // namespace

Grid clearable_cells(const Level& level) {
    const Board& board = level.board;
    const int need = std::max(level.rules.min_match, 1);
    const Grid fillable = fillable_cells(board);
    Grid out(board.width, board.height, 0);
    // A run needs `need` pieces in a line at once: mark every cell of every window of `need`
    // consecutive fillable cells, across and down.
    for (int dir = 0; dir < 2; ++dir) {
        const int dx = dir == 0 ? 1 : 0, dy = dir == 0 ? 0 : 1;
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                int len = 0;
                while (len < need && fillable.contains(x + dx * len, y + dy * len) && fillable.at(x + dx * len, y + dy * len))
                    ++len;
                if (len < need) continue;
                for (int i = 0; i < need; ++i) out.at(x + dx * i, y + dy * i) = 1;
            }
    }
    return out;
}

std::vector<Warning> level_problems(const Level& level) {
    std::vector<Warning> out;
    const Board& board = level.board;
    const int need = level.rules.min_match;

    // Jelly no run can reach.
    if (level.jelly && level.jelly->width == board.width && level.jelly->height == board.height) {
        const Grid clearable = clearable_cells(level);
        const Grid fillable = fillable_cells(board);
        int count = 0, layers = 0;
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                const int jelly = level.jelly->at(x, y);
                if (jelly <= 0 || clearable.at(x, y)) continue;
                layers += jelly;
                std::string why = board.at(x, y) == cell::blocker ? "it is under a blocker, which is never cleared"
                                  : !fillable.at(x, y) ? "no piece can ever fall into it (it is below a blocker, with no piece above it)"
                                                       : "no line of " + std::to_string(need) + " playable cells passes through it, so no run can clear it";
                add_capped(out, count,
                           {"unreachable jelly at " + at_text({x, y}) + ": " + std::to_string(jelly) +
                                (jelly == 1 ? " layer" : " layers") + " can never be cleared: " + why,
                            Cell{x, y}});
            }
        add_rest(out, count, "cells of unreachable jelly");
        if (count > 0 && level.goal.jelly)
            out.push_back({"the goal clears all jelly, but " + std::to_string(layers) + " jelly layer" +
                               (layers == 1 ? "" : "s") + " can never be cleared: the level cannot be won",
                           std::nullopt});
    }

    // Format 2: ingredients that can never reach their exit (a blocker below them never moves), and
    // crates nothing can ever hit (no run can form next to them, and no special can be made or fired).
    {
        int count = 0, stuck = 0, on_board = 0;
        for (int x = 0; x < board.width; ++x)
            for (int y = 0; y < board.height; ++y) {
                if (board.at(x, y) != cell::ingredient) continue;
                ++on_board;
                for (int below = y + 1; below < board.height; ++below)
                    if (board.at(x, below) == cell::blocker) {
                        ++stuck;
                        add_capped(out, count,
                                   {"ingredient at " + at_text({x, y}) + " can never reach its exit: the blocker at " +
                                        at_text({x, below}) + " below it never moves",
                                    Cell{x, y}});
                        break;
                    }
            }
        add_rest(out, count, "ingredients that can never reach an exit");
        if (level.goal.ingredients && *level.goal.ingredients > on_board - stuck && stuck > 0)
            out.push_back({"the goal collects " + std::to_string(*level.goal.ingredients) + " ingredients, but only " +
                               std::to_string(on_board - stuck) + " can ever reach an exit: the level cannot be won",
                           std::nullopt});
        bool areas = level.rules.specials;
        for (std::int32_t v : board.cells) areas = areas || cell::is_special(v) || v == cell::color_bomb;
        if (!areas) {
            const Grid clearable = clearable_cells(level);
            int crates = 0;
            count = 0;
            for (int y = 0; y < board.height; ++y)
                for (int x = 0; x < board.width; ++x) {
                    if (!cell::is_crate(board.at(x, y))) continue;
                    bool reachable = false;
                    for (Cell n : {Cell{x - 1, y}, Cell{x + 1, y}, Cell{x, y - 1}, Cell{x, y + 1}})
                        reachable = reachable || (board.contains(n) && clearable.at(n));
                    if (reachable) continue;
                    ++crates;
                    add_capped(out, count,
                               {"crate at " + at_text({x, y}) +
                                    " can never be hit: no run can form next to it, and the level makes no special",
                                Cell{x, y}});
                }
            add_rest(out, count, "crates that can never be hit");
            if (crates > 0 && level.goal.crates)
                out.push_back({"the goal clears every crate, but " + std::to_string(crates) + " can never be hit: the level cannot be won",
                               std::nullopt});
        }
    }

    // `?` cells: the generator draws them without runs (and Shift+F keeps the whole board without one).
    bool has_random = std::find(board.cells.begin(), board.cells.end(), cell::random) != board.cells.end();
    if (!has_random || level.rules.colors < 1) return out;
    int count = 0;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            if (board.at(x, y) != cell::random) continue;
            std::string runs;
            bool every = true;
            for (std::int32_t color = 0; color < level.rules.colors && every; ++color) {
                std::vector<Cell> made;
                for (int dir = 0; dir < 2 && made.empty(); ++dir) {
                    auto line = run_through(board, {x, y}, dir == 0 ? 1 : 0, dir == 0 ? 0 : 1, color);
                    if (static_cast<int>(line.size()) >= need) made = line;
                }
                if (made.empty()) every = false;
                else runs += (runs.empty() ? "" : ", ") + std::to_string(color) + " with " + at_text(made.front()) + "-" + at_text(made.back());
            }
            if (every)
                add_capped(out, count,
                           {"the generator cannot fill the ? at " + at_text({x, y}) +
                                " without a run: every colour completes one (" + runs + ")",
                            Cell{x, y}});
        }
    add_rest(out, count, "? cells every colour makes a run in");
    // Runs among the fixed pieces: no fill of the `?` cells can leave the board without runs.
    count = 0;
    for (int dir = 0; dir < 2; ++dir) {
        const int dx = dir == 0 ? 1 : 0, dy = dir == 0 ? 0 : 1;
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                const std::int32_t v = board.at(x, y);
                if (!cell::is_value(v)) continue;
                if (board.contains(x - dx, y - dy) && board.at(x - dx, y - dy) == v) continue;  // not the run's start
                int len = 1;
                while (board.contains(x + dx * len, y + dy * len) && board.at(x + dx * len, y + dy * len) == v) ++len;
                if (len < need) continue;
                Cell last{x + dx * (len - 1), y + dy * (len - 1)};
                add_capped(out, count,
                           {"the ? cells cannot be filled without a run: the run of colour " + std::to_string(v) + " at " +
                                at_text({x, y}) + "-" + at_text(last) + " is already there",
                            Cell{x, y}});
            }
    }
    add_rest(out, count, "runs already on the board");
    return out;
}

}  // namespace tilelab::match3
