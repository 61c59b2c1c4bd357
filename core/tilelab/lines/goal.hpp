// The lines goal as the solver and goal_met read it: which conditions a level sets, with defaults.
#pragma once
#include <optional>

#include "tilelab/board/level.hpp"
#include "tilelab/lines/groups.hpp"

namespace tilelab::lines {

struct LinesGoal {
    std::optional<int> closed_groups;   // at least N closed groups
    std::optional<int> min_group_size;  // a closed group of at least K tiles (K below 1 counts as 1)
    bool all_closed = false;            // every tile in a closed group
    std::optional<int> moves;           // the move limit
    // The level sets none of the three conditions: all_closed is assumed (docs/lines.md).
    bool defaulted = false;
};

LinesGoal lines_goal(const tilelab::Goal& goal);

// Every condition the goal sets holds on a board with these group counts (the move limit aside).
bool conditions_met(const LinesGoal& goal, const GroupCounts& counts);

}  // namespace tilelab::lines
