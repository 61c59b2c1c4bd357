// The collapse rules (docs/collapse.md): groups, taps, power-ups and their chains, gravity,
// refill, closing columns, reshuffle. Plain functions on a State; nothing here knows the level
// file or the kind table (ops.cpp puts them behind KindOps).
#pragma once
#include <cstdint>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/collapse/cells.hpp"
#include "tilelab/collapse/data.hpp"

namespace tilelab::collapse {

// At most this many shuffles look for a board with a legal tap (docs/collapse.md "Reshuffle").
inline constexpr int max_reshuffles = 100;

// The state at level start: `?` cells drawn with uniform(colors) in row-major order, the jelly
// layer copied, nothing settled; then a reshuffle when the board has no legal tap and the rules
// ask for one (its event, if any, goes to `events` when given).
State start_state(const Rules& rules, const Board& board, const std::optional<Grid>& jelly, std::uint64_t seed,
                  std::vector<Event>* events = nullptr);

// Every group of at least `min_group` pieces, each one's cells sorted by (x, y), the list sorted.
std::vector<std::vector<Cell>> groups(const Board& board, int min_group);
// A tap on `c` is legal: a power-up, or a piece whose group has at least `min_group` pieces.
bool legal_tap(const Board& board, int min_group, Cell c);
// Some tap is legal (a board without one is dead).
bool has_legal_tap(const Board& board, int min_group);
// The taps that differ, in row-major order: each power-up; a group of fewer than 5 pieces once, at
// its first cell in row-major order (any of its cells gives the same board); a group of 5 or more
// at each of its cells (the power-up it leaves lands on the tapped cell).
std::vector<Cell> distinct_taps(const Board& board, int min_group);

// The cells of the group of the piece at `c` (empty when `c` holds no piece), unsorted.
std::vector<Cell> group_at(const Board& board, Cell c);

// The tap at `c`. `events`: whether to list them (playouts do not). Never mutates its input; an
// illegal tap gives legal = false and `why`.
StepResult tap(const Rules& rules, const State& state, Cell c, bool events = true);

// What the goal's objectives say of the state: every present one holds (and there is one).
bool objectives_met(const Goal& goal, const State& state);
// No piece and no power-up is left.
bool board_clear(const Board& board);
// Jelly layers left on the board.
std::int64_t jelly_left(const State& state);

}  // namespace tilelab::collapse
