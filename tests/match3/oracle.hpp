// The obviously-correct match3 oracle: the classic naive algorithms (swap every pair and rescan, the
// hint pattern search), widened to docs/match3.md "Rules as implemented" (blockers, holes, min_match,
// score_per_piece), no speed tricks.
#pragma once
#include <cstdint>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace oracle {

using tilelab::Cell;

// grid[col][row], column-major as the classic code keeps it. Values as tilelab::cell (>= 0 a piece).
using Grid = std::vector<std::vector<int>>;

struct Rules {
    int colors = 5;
    int min_match = 3;
    int score_per_piece = 50;
};

Grid from_board(const tilelab::Board& board);
tilelab::Board to_board(const Grid& grid);

// lookForMatches: horizontal runs row by row, then vertical runs column by column.
std::vector<std::vector<Cell>> look_for_matches(const Grid& grid, int min_match);

// Runs sharing a cell merged into groups, cells sorted, groups sorted.
std::vector<std::vector<Cell>> match_groups(const Grid& grid, int min_match);

struct Hint {
    Cell a;
    Cell b;
    std::vector<Cell> clears;  // sorted
};
// Swap every neighbouring pair of pieces, rescan, keep the swaps where a swapped piece lies in a run.
std::vector<Hint> hints(const Grid& grid, int min_match);
bool dead(const Grid& grid, int min_match);

// The classic lookForPossibles (six-plus-two patterns), for min_match 3; the swapped-in cell must be a
// piece of another colour (the classic boards have nothing but pieces).
bool look_for_possibles(const Grid& grid);

struct Game {
    Grid grid;
    std::vector<int> jelly;  // [col * height + row], empty when the level has none
    std::int64_t score = 0;
    std::vector<int> collected;
    tilelab::Rng rng;
};

// `?` cells drawn in row-major order with the generator's exclusions (docs/randomness.md).
void draw_random(Grid& grid, const Rules& rules, tilelab::Rng& rng);
// One findAndRemoveMatches + gravity + refill; false when no run. `scoring` false: the start resolution.
bool resolve_step(Game& game, const Rules& rules, bool scoring);
void settle(Game& game, const Rules& rules, bool scoring);
// A move: false (game untouched) when illegal.
bool play(Game& game, const Rules& rules, Cell a, Cell b);
Game start(const tilelab::Level& level);
Rules rules_of(const tilelab::Level& level);

// Greedy bot as documented: most cells cleared by the first step, ties to the first hint.
bool greedy_move(const Grid& grid, int min_match, Cell& a, Cell& b);

}  // namespace oracle
