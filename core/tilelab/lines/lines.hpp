// The lines kind (docs/lines.md): masks, groups, shifts, goal, solver, generator, and its kind table entry.
#pragma once
#include "tilelab/analysis/game.hpp"
#include "tilelab/board/kind_format.hpp"
#include "tilelab/lines/goal.hpp"
#include "tilelab/lines/groups.hpp"
#include "tilelab/lines/masks.hpp"
#include "tilelab/lines/scrambler.hpp"
#include "tilelab/lines/shifts.hpp"
#include "tilelab/lines/solver.hpp"

namespace tilelab::lines {

// How far the solver looks when the goal sets no move limit.
inline constexpr int default_depth_cap = 20;

const KindOps& ops();
// How the kind's cells are coloured and drawn in the report's pictures (look.cpp; KindOps::look).
const KindLook& look();
// Its part in `generate` to a target: how candidates are made and measured (aim.cpp; KindOps::aim).
const KindAim& aim();
// What the level file holds of the kind: its cell tokens, rules, goal, layers and format versions
// (format.cpp; board/kind_format.hpp, listed by kinds/table.cpp's kind_format).
const KindFormat& format();

}  // namespace tilelab::lines
