// The match3 kind: its entry in the kind table (kinds/table.hpp) and the calls the editor makes.
#pragma once
#include <optional>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/kind_format.hpp"

namespace tilelab::match3 {

const KindOps& ops();
// How the kind's cells are coloured and drawn in the report's pictures (look.cpp; KindOps::look).
const KindLook& look();
// Its part in `generate` to a target: how candidates are made and measured (aim.cpp; KindOps::aim).
const KindAim& aim();
// What the level file holds of the kind: its cell tokens, rules, goal, layers and format versions
// (format.cpp; board/kind_format.hpp, listed by kinds/table.cpp's kind_format).
const KindFormat& format();

// The board as painted with its `?` cells drawn from the level seed, before the start resolution:
// what `analyze` reports and the editor overlays.
Board drawn_board(const Level& level);

// The state at level start: `?` drawn, then runs resolved with cascades and refills, scoring nothing.
State start_state(const Level& level);

// Draws every `?` cell of `board` as docs/randomness.md fixes it (row-major, generator exclusions).
void fill_random_cells(Board& board, const Rules& rules, Rng& rng);

// The editor's "fill selection": gives each selected cell that is not a blocker or hole a colour with
// the generator's exclusions (row-major), retrying up to `attempts` times until the whole board has no
// run and at least one legal move. Returns false (board left as the last attempt) when no attempt met
// both; the cells outside the selection are never changed.
bool fill_selection(Board& board, const std::vector<Cell>& selection, const Rules& rules, Rng& rng, int attempts = 100);

// The current match groups of a board (cells sorted by (x, y)).
std::vector<CellGroup> match_groups(const Board& board, const Rules& rules);

// Every legal swap with the cells its first resolution step clears.
std::vector<HintSwap> hints(const Board& board, const Rules& rules);

// What swapping a and b clears in its first step; nullopt when the swap is not legal.
std::optional<HintSwap> preview_swap(const Board& board, const Rules& rules, Cell a, Cell b);

// The level's objective (score, jelly, collect), ignoring the move limit; true when it has none.
bool objectives_met(const Level& level, const State& state);

// match3's level problems (level_problems in kinds/table.hpp says which), in board order within
// each check; analyze adds them after its findings.
std::vector<Warning> level_problems(const Level& level);
// Per cell, whether a piece on it can ever be cleared, by a run or (in a level that makes or holds
// specials) an area: the jelly check. Crates break and locks open; only blockers, holes, the edge
// and crates proved never hit stay.
Grid clearable_cells(const Level& level);

}  // namespace tilelab::match3
