// Oracles for the lines kind: the classic list-based match groups and a plain breadth-first solver.
#pragma once
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::lines::oracle {

// The classic UpdateMatches() written plainly: match groups rebuilt with list look-ups
// (quadratic and worse). Cells of each group sorted by (x, y), duplicates removed; groups in the
// order its column-by-column scan finds them.
std::vector<CellGroup> seed_match_groups(const Board& board);

// A plain breadth-first search over boards with a visited set: the fewest shifts (at most
// max_depth) after which the level's goal conditions hold (closedness from seed_match_groups);
// -1 when none. `moves_out` receives one shortest sequence.
int bfs_shortest(const Level& level, const Board& board, int max_depth, std::vector<ShiftMove>* moves_out = nullptr);

}  // namespace tilelab::lines::oracle
