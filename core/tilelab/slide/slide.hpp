// The slide kind's entry in the kind table (kinds/table.hpp), and its operations by name.
#pragma once
#include "tilelab/analysis/game.hpp"
#include "tilelab/board/kind_format.hpp"

namespace tilelab::slide {

const KindOps& ops();
// How the kind's cells are coloured and drawn in the report's pictures (look.cpp; KindOps::look).
const KindLook& look();
// Its part in `generate` to a target: how candidates are made and measured (aim.cpp; KindOps::aim).
const KindAim& aim();
// What the level file holds of the kind: its cell tokens, rules, goal, layers and format versions
// (format.cpp; board/kind_format.hpp, listed by kinds/table.cpp's kind_format).
const KindFormat& format();

// The tiles spawned at level start: rules.start_tiles when the level sets it, else 0 when the
// spawn table is empty (the board is the start) or the board has a tile, else 2.
int effective_start_tiles(const Level& level);
// The state at level start: the designer's tiles (ids 0.. in row-major order), then the level's
// effective_start_tiles() spawns drawn from the level's seed (docs/randomness.md "slide: spawns").
State start_state(const Level& level);
// A tile of at least goal.target is on the board, within goal.moves when the level sets it.
bool goal_reached(const Level& level, const State& state);
// A start position: `blockers` walls and two tiles drawn from `seed`, with a legal move.
GenerateResult generate_level(const GenerateOptions& options);

}  // namespace tilelab::slide
