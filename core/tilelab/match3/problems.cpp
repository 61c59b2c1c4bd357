// match3 level problems (match3.hpp, listed in kinds/table.hpp): jelly that can never be cleared, ingredients that
// can never reach an exit, crates that can never be hit (each a proof from the rules, docs/match3.md
// "Level problems"), and `?` cells the generator cannot fill without a run.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {

namespace {

// Cells that hold an item that falls (format 2: specials, colour bombs and ingredients too; a locked
// item falls once its lock opens).
bool is_piece_cell(std::int32_t v) {
    return cell::is_value(v) || v == cell::random || v == cell::color_bomb || v == cell::ingredient;
}

std::string at_text(Cell c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")"; }

// Whether the level can ever fire an area (a line, a bomb, a colour bomb, a combo): it makes
// specials, or holds one.
bool makes_areas(const Level& level) {
    if (level.rules.as<Rules>().specials) return true;
    return std::any_of(level.board.cells.begin(), level.board.cells.end(),
                       [](std::int32_t v) { return cell::is_special(v) || v == cell::color_bomb; });
}

// What stays on a board for good and where pieces can ever be (docs/match3.md "Level problems").
// Blockers never move and are never cleared; holes are not part of the board; a crate that can
// never be hit never breaks. Everything else goes: crates lose hit points and break, locks open,
// pieces fall and the top of each column is refilled.
struct Reach {
    int need = 3;        // min_match
    bool areas = false;  // makes_areas
    Grid permanent;      // 1: a blocker, or a crate proved never hit (it stands for good)
    Grid fillable;       // 1: a piece can be on the cell at some time
    // The run of fillable cells through each cell, across and down: how many lie before it
    // (left, up), itself included, and how many after it (right, down), itself included.
    Grid left, right, up, down;
    Grid clearable;  // 1: a piece on the cell can be cleared at some time
};

// Cells that can hold a piece at some time: a cell above a column's first permanent cell (the
// refill reaches it once the crates and locked items over it are gone), or one with a piece (or
// `?`, or an item that falls) above it or on it in its stretch between permanent cells (gravity
// brings it down; holes do not split a column). Swaps only exchange two items, so they fill no
// cell. A piece arrives nowhere else.
void fill_reach(const Board& board, Reach& r) {
    r.fillable = Grid(board.width, board.height, 0);
    for (int x = 0; x < board.width; ++x) {
        bool top = true, piece_above = false;
        for (int y = 0; y < board.height; ++y) {
            const std::int32_t v = board.at(x, y);
            if (r.permanent.at(x, y)) {
                top = false;
                piece_above = false;
                continue;
            }
            if (v == cell::hole) continue;
            if (is_piece_cell(v)) piece_above = true;
            r.fillable.at(x, y) = top || piece_above ? 1 : 0;
        }
    }
    const int w = board.width, h = board.height;
    r.left = r.right = r.up = r.down = Grid(w, h, 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (r.fillable.at(x, y)) {
                r.left.at(x, y) = 1 + (x > 0 ? r.left.at(x - 1, y) : 0);
                r.up.at(x, y) = 1 + (y > 0 ? r.up.at(x, y - 1) : 0);
            }
    for (int y = h - 1; y >= 0; --y)
        for (int x = w - 1; x >= 0; --x)
            if (r.fillable.at(x, y)) {
                r.right.at(x, y) = 1 + (x + 1 < w ? r.right.at(x + 1, y) : 0);
                r.down.at(x, y) = 1 + (y + 1 < h ? r.down.at(x, y + 1) : 0);
            }
    // A run needs `need` pieces in a line at once: a cell is in one only inside a line of `need`
    // fillable cells. An area clears any piece in it, and a special can be on any fillable cell.
    r.clearable = Grid(w, h, 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!r.fillable.at(x, y)) continue;
            const bool across = r.left.at(x, y) + r.right.at(x, y) - 1 >= r.need;
            const bool down = r.up.at(x, y) + r.down.at(x, y) - 1 >= r.need;
            r.clearable.at(x, y) = r.areas || across || down ? 1 : 0;
        }
}

// Whether a run can ever form next to the crate at `c` while it stands (it is not in the run): a
// line of `need` fillable cells through a neighbour that does not pass through `c`. While the crate
// stands nothing passes it and the refill stops at it, so the cell below it holds a piece only if
// it holds one (or an item that falls) at the start.
bool crate_hittable(const Board& board, const Reach& r, Cell c) {
    const int x = c.x, y = c.y;
    auto line = [&](int nx, int ny, int across, int down) {
        if (!r.fillable.contains(nx, ny) || !r.fillable.at(nx, ny)) return false;
        return across >= r.need || down >= r.need;
    };
    auto full_across = [&](int nx, int ny) { return r.left.at(nx, ny) + r.right.at(nx, ny) - 1; };
    auto full_down = [&](int nx, int ny) { return r.up.at(nx, ny) + r.down.at(nx, ny) - 1; };
    return (x > 0 && line(x - 1, y, r.left.at(x - 1, y), full_down(x - 1, y))) ||
           (x + 1 < r.fillable.width && line(x + 1, y, r.right.at(x + 1, y), full_down(x + 1, y))) ||
           (y > 0 && line(x, y - 1, full_across(x, y - 1), r.up.at(x, y - 1))) ||
           (y + 1 < r.fillable.height && is_piece_cell(board.at(x, y + 1)) &&
            line(x, y + 1, full_across(x, y + 1), r.down.at(x, y + 1)));
}

// The reach of the level: blockers are permanent; in a level without areas, a crate no run can
// ever form next to is permanent too, and with it standing for good more cells may lose their
// pieces and more crates their runs, so the crates are looked at again until no more is found
// (a few rounds on real boards; a cap keeps the rest unproved, which is only less said).
Reach reach_of(const Level& level) {
    const Board& board = level.board;
    Reach r;
    r.need = std::max(level.rules.as<Rules>().min_match, 1);
    r.areas = makes_areas(level);
    r.permanent = Grid(board.width, board.height, 0);
    for (std::size_t i = 0; i < board.cells.size(); ++i) r.permanent.cells[i] = board.cells[i] == cell::blocker ? 1 : 0;
    fill_reach(board, r);
    if (r.areas) return r;
    for (int round = 0; round < 32; ++round) {
        bool more = false;
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x)
                if (cell::is_crate(board.at(x, y)) && !r.permanent.at(x, y) && !crate_hittable(board, r, {x, y})) {
                    r.permanent.at(x, y) = 1;
                    more = true;
                }
        if (!more) break;
        fill_reach(board, r);
    }
    return r;
}

// What stands for good at `c` (a blocker or a crate never hit), in a message's words.
std::string permanent_text(const Board& board, Cell c) {
    return board.at(c) == cell::blocker ? "the blocker at " + at_text(c) + ", which never moves,"
                                        : "the crate at " + at_text(c) + ", which is never hit and so never breaks,";
}

// Why no piece can ever be on `c` (not fillable): the permanent cell above it in its column stops
// the refill, and no piece is between them.
std::string unfillable_text(const Board& board, const Reach& r, Cell c) {
    for (int y = c.y - 1; y >= 0; --y)
        if (r.permanent.at(c.x, y))
            return "no piece can ever fall into it: " + permanent_text(board, {c.x, y}) +
                   " is above it and stops the refill, and no piece is between them";
    return "no piece can ever fall into it";  // not reached: a cell with nothing permanent above is refilled
}

// Cells from which an ingredient can ever reach an exit (its column's lowest cell that is not a
// hole). An ingredient falls down its column (past holes) and is swapped with an orthogonal
// neighbour, which must then hold an item (a fillable cell): so it moves from a cell to its left,
// right and upper neighbour and to the next cell below that is not a hole, when that one is
// fillable. Found backwards from the exits in one pass over the board.
std::vector<std::uint8_t> exit_reach(const Board& board, const Reach& r) {
    const int w = board.width, h = board.height;
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(w * h), 0);
    std::vector<Cell> stack;
    auto reach = [&](Cell c) {
        if (!board.contains(c) || !r.fillable.at(c) || seen[static_cast<std::size_t>(c.y * w + c.x)]) return;
        seen[static_cast<std::size_t>(c.y * w + c.x)] = 1;
        stack.push_back(c);
    };
    for (int x = 0; x < w; ++x) {
        int y = h - 1;
        while (y >= 0 && board.at(x, y) == cell::hole) --y;
        if (y >= 0) reach({x, y});
    }
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        // The cells that move into c: its left and right neighbours, the one below it (a swap up),
        // and the first cell above it that is not a hole (a fall or a swap down).
        reach({c.x - 1, c.y});
        reach({c.x + 1, c.y});
        reach({c.x, c.y + 1});
        int above = c.y - 1;
        while (above >= 0 && board.at(c.x, above) == cell::hole) --above;
        reach({c.x, above});
    }
    return seen;
}

// The first permanent cell below `c` in its column (an ingredient's way down stops there), if any.
std::optional<Cell> permanent_below(const Board& board, const Reach& r, Cell c) {
    for (int y = c.y + 1; y < board.height; ++y)
        if (r.permanent.at(c.x, y)) return Cell{c.x, y};
    return std::nullopt;
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
    if (count > max_listed) out.push_back({"... and " + std::to_string(count - max_listed) + " more " + what, std::nullopt});
}

// Gives the problems added since `from` their rule id (docs/cli.md "Problems").
void tag(std::vector<Warning>& out, std::size_t from, const char* rule) {
    for (std::size_t i = from; i < out.size(); ++i)
        if (out[i].rule.empty()) out[i].rule = rule;
}

}  // namespace

Grid clearable_cells(const Level& level) { return reach_of(level).clearable; }

std::vector<Warning> level_problems(const Level& level) {
    std::vector<Warning> out;
    const Board& board = level.board;
    const Rules& rules = level.rules.as<Rules>();
    const Goal& goal = level.goal.as<Goal>();
    const int need = rules.min_match;
    const Reach reach = reach_of(level);
    const std::string no_area = "and the level makes no special (\"specials\" is off and none is on the board)";
    bool standing_crates = false;  // crates proved never hit
    for (std::size_t i = 0; i < board.cells.size(); ++i)
        standing_crates = standing_crates || (reach.permanent.cells[i] && cell::is_crate(board.cells[i]));
    const std::string lines = "blockers, holes and the board's edge end every line" +
                              std::string(standing_crates ? ", and so does a crate no run can ever reach" : "");

    std::size_t mark = out.size();
    // Jelly that can never be cleared: a cell loses a layer only when a piece on it is cleared.
    if (level.jelly && level.jelly->width == board.width && level.jelly->height == board.height) {
        int count = 0, layers = 0;
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                const int jelly = level.jelly->at(x, y);
                if (jelly <= 0 || reach.clearable.at(x, y)) continue;
                layers += jelly;
                std::string why = board.at(x, y) == cell::blocker ? "it is under a blocker, which is never cleared"
                                  : reach.permanent.at(x, y)
                                      ? "it is under a crate no run can ever reach (" + lines + "), " + no_area +
                                            ": the crate never breaks, so no piece is ever on the cell"
                                  : !reach.fillable.at(x, y)
                                      ? unfillable_text(board, reach, {x, y})
                                      : "no line of " + std::to_string(need) + " cells that can hold pieces passes through it (" +
                                            lines + "), " + no_area + ", so neither a run nor an area can clear it";
                add_capped(out, count,
                           {"unreachable jelly at " + at_text({x, y}) + ": " + std::to_string(jelly) +
                                (jelly == 1 ? " layer" : " layers") + " can never be cleared: " + why,
                            Cell{x, y}});
            }
        add_rest(out, count, "cells of unreachable jelly");
        tag(out, mark, "match3.jelly-unreachable");
        mark = out.size();
        if (count > 0 && goal.jelly)
            out.push_back({"the goal clears all jelly, but " + std::to_string(layers) + " jelly layer" +
                               (layers == 1 ? "" : "s") + " can never be cleared: the level cannot be won",
                           std::nullopt});
        tag(out, mark, "match3.jelly-goal-unreachable");
    }

    // Format 2: ingredients that can never reach an exit (each column's lowest cell that is not a
    // hole), and crates nothing can ever hit.
    {
        mark = out.size();
        int count = 0, stuck = 0, on_board = 0;
        const auto exits = exit_reach(board, reach);
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                if (board.at(x, y) != cell::ingredient) continue;
                ++on_board;
                if (exits[static_cast<std::size_t>(y * board.width + x)]) continue;
                ++stuck;
                const auto below = permanent_below(board, reach, {x, y});
                add_capped(out, count,
                           {"ingredient at " + at_text({x, y}) + " can never reach an exit: " +
                                (below ? permanent_text(board, *below) + " is below it, and " : std::string()) +
                                "no cell it can fall or be swapped into is an exit (an ingredient moves only down its column "
                                "and by swaps with a neighbour that holds an item; blockers and holes wall it in)",
                            Cell{x, y}});
            }
        add_rest(out, count, "ingredients that can never reach an exit");
        tag(out, mark, "match3.ingredient-no-exit");
        mark = out.size();
        if (goal.ingredients && *goal.ingredients > on_board - stuck && stuck > 0)
            out.push_back({"the goal collects " + std::to_string(*goal.ingredients) + " ingredients, but only " +
                               std::to_string(on_board - stuck) + " can ever reach an exit: the level cannot be won",
                           std::nullopt});
        tag(out, mark, "match3.ingredients-goal-unreachable");
        if (!reach.areas) {
            mark = out.size();
            int crates = 0;
            count = 0;
            for (int y = 0; y < board.height; ++y)
                for (int x = 0; x < board.width; ++x) {
                    if (!cell::is_crate(board.at(x, y)) || !reach.permanent.at(x, y)) continue;
                    ++crates;
                    add_capped(out, count,
                               {"crate at " + at_text({x, y}) + " can never be hit: no line of " + std::to_string(need) +
                                    " cells that can hold pieces while it stands passes next to it (" + lines +
                                    "; nothing falls past a standing crate), " + no_area,
                                Cell{x, y}});
                }
            add_rest(out, count, "crates that can never be hit");
            tag(out, mark, "match3.crate-never-hit");
            mark = out.size();
            if (crates > 0 && goal.crates)
                out.push_back(
                    {"the goal clears every crate, but " + std::to_string(crates) + " can never be hit: the level cannot be won",
                     std::nullopt});
            tag(out, mark, "match3.crates-goal-unreachable");
        }
    }

    // `?` cells: the generator draws them without runs (and Shift+F keeps the whole board without one).
    bool has_random = std::find(board.cells.begin(), board.cells.end(), cell::random) != board.cells.end();
    if (!has_random || rules.colors < 1) return out;
    mark = out.size();
    int count = 0;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            if (board.at(x, y) != cell::random) continue;
            std::string runs;
            bool every = true;
            for (std::int32_t color = 0; color < rules.colors && every; ++color) {
                std::vector<Cell> made;
                for (int dir = 0; dir < 2 && made.empty(); ++dir) {
                    auto line = run_through(board, {x, y}, dir == 0 ? 1 : 0, dir == 0 ? 0 : 1, color);
                    if (static_cast<int>(line.size()) >= need) made = line;
                }
                if (made.empty()) every = false;
                else
                    runs += (runs.empty() ? "" : ", ") + std::to_string(color) + " with " + at_text(made.front()) + "-" +
                            at_text(made.back());
            }
            if (every)
                add_capped(out, count,
                           {"the generator cannot fill the ? at " + at_text({x, y}) +
                                " without a run: every colour completes one (" + runs + ")",
                            Cell{x, y}});
        }
    add_rest(out, count, "? cells every colour makes a run in");
    tag(out, mark, "match3.random-cell-unfillable");
    mark = out.size();
    // Runs among the fixed pieces: no fill of the `?` cells can leave the board without runs.
    count = 0;
    for (int dir = 0; dir < 2; ++dir) {
        const int dx = dir == 0 ? 1 : 0, dy = dir == 0 ? 0 : 1;
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                // Runs go by colour: special pieces (0h, 0v, 0b) match plain pieces of their colour.
                const std::int32_t v = board.at(x, y);
                if (!cell::is_value(v)) continue;
                const int colour = cell::color_of(v);
                auto same = [&](int cx, int cy) {
                    return board.contains(cx, cy) && cell::is_value(board.at(cx, cy)) &&
                           cell::color_of(board.at(cx, cy)) == colour;
                };
                if (same(x - dx, y - dy)) continue;  // not the run's start
                int len = 1;
                while (same(x + dx * len, y + dy * len)) ++len;
                if (len < need) continue;
                Cell last{x + dx * (len - 1), y + dy * (len - 1)};
                add_capped(out, count,
                           {"the ? cells cannot be filled without a run: the run of colour " + std::to_string(colour) + " at " +
                                at_text({x, y}) + "-" + at_text(last) + " is already there",
                            Cell{x, y}});
            }
    }
    add_rest(out, count, "runs already on the board");
    tag(out, mark, "match3.random-cells-run-fixed");
    return out;
}

}  // namespace tilelab::match3
