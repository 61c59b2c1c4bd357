// The match3 level generator (docs/match3.md "`tilelab generate --kind match3`"; random pieces drawn
// with both the left and the upper exclusion, docs/randomness.md) and the editor's fill of a selection.
#pragma once
#include <vector>

#include "tilelab/match3/rules.hpp"

namespace tilelab::match3 {

// Attempts before generate gives up (a board too small to hold any legal move never succeeds).
inline constexpr int max_generate_attempts = 1000;

// A level of options.width x options.height (1..256) with options.colors (default 6, 2..16) colours
// and options.blockers blockers: blockers placed first (uniformly among free cells), then every other
// cell drawn row-major with the generator's exclusions, all from Rng(options.seed); a board without a
// legal move is drawn again from the same generator. Goal: 20 moves, 3000 points.
GenerateResult generate_level(const GenerateOptions& options);

// Gives the selected cells colours with the generator's exclusions until the board has no run and a
// legal move (see match3.hpp fill_selection).
bool fill_cells(Board& board, const std::vector<Cell>& selection, const RulesConfig& rules, Rng& rng, int attempts);

}  // namespace tilelab::match3
