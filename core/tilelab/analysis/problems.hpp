// Level problems that explain a verdict: what can never be cleared or linked, and `?` cells the
// generator cannot fill. Found from the level alone (no search), so `validate`, `analyze`, the
// pack check and the editor's Problems panel all give the same list. They are warnings: the
// level is still valid (only format errors make a level invalid: docs/format.md "Problems").
#pragma once
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab {

// Every problem of the level, in board order within each check (docs/format.md "Problems"). Each
// "can never" / "cannot be won" is a proof from the rules (docs/match3.md "Level problems"):
// match3: jelly no piece can ever be cleared on (under a blocker or a crate never hit, on a cell no
//   piece can ever fall into, or, in a level that makes no special, off every line of min_match
//   cells that can hold pieces); ingredients whose falls and swaps reach no exit; crates no run can
//   ever form next to, in a level that makes no special; `?` cells for which every colour
//   completes a run, and runs already among the fixed pieces of a level with `?` cells (the
//   generator keeps a board without runs, so it cannot fill them).
// link: a tile walled in on all sides, or with no partner in the area blockers leave it (tiles are
//   removed, blockers never); a move limit below the number of pairs when the goal is to clear the board.
// lines, slide: none yet.
std::vector<Warning> level_problems(const Level& level);

namespace match3 {
std::vector<Warning> level_problems(const Level& level);
// Per cell, whether a piece on it can ever be cleared, by a run or (in a level that makes or holds
// specials) an area: the jelly check. Crates break and locks open; only blockers, holes, the edge
// and crates proved never hit stay.
Grid clearable_cells(const Level& level);
}  // namespace match3

namespace link {
std::vector<Warning> level_problems(const Level& level);
}  // namespace link

}  // namespace tilelab
