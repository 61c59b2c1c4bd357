// Level problems that explain a verdict: what can never be cleared or linked, and `?` cells the
// generator cannot fill. Found from the level alone (no search), so `validate`, `analyze`, the
// pack check and the editor's Problems panel all give the same list. They are warnings: the
// level is still valid (CONTRACT.md makes only format errors invalid).
#pragma once
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab {

// Every problem of the level, in board order within each check (docs/format.md "Problems").
// match3: jelly on a cell no run can ever reach (a blocker, a cell outside every line of
//   min_match playable cells, an empty cell below a blocker that no piece can fall into);
//   `?` cells for which every colour completes a run, and runs already among the fixed pieces
//   of a level with `?` cells (the generator keeps a board without runs, so it cannot fill them).
// link: a tile walled in on all sides, or with no partner in the area blockers leave it; a move
//   limit below the number of pairs when the goal is to clear the board.
// lines, slide: none yet.
std::vector<Warning> level_problems(const Level& level);

namespace match3 {
std::vector<Warning> level_problems(const Level& level);
// Per cell, whether a piece on it can ever be cleared by a run (the jelly check; format version 2
// adds crates, reached when a neighbour is, and ingredients, reached when they can fall to an exit).
Grid clearable_cells(const Level& level);
}  // namespace match3

namespace link {
std::vector<Warning> level_problems(const Level& level);
}  // namespace link

}  // namespace tilelab
