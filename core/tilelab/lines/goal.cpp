// The lines goal: closed_groups, min_group_size, all_closed (the default), within a move limit.
#include "tilelab/lines/goal.hpp"

#include <algorithm>

namespace tilelab::lines {

LinesGoal lines_goal(const tilelab::Goal& goal) {
    const Goal& own = goal.as<Goal>();
    LinesGoal g;
    g.closed_groups = own.closed_groups;
    g.min_group_size = own.min_group_size;
    g.all_closed = own.all_closed;
    g.moves = goal.moves;
    if (!g.closed_groups && !g.min_group_size && !g.all_closed) {
        // A lines level is about closing shapes; with no condition written, close every tile.
        g.all_closed = true;
        g.defaulted = true;
    }
    return g;
}

bool conditions_met(const LinesGoal& goal, const GroupCounts& counts) {
    if (goal.closed_groups && counts.closed_groups < *goal.closed_groups) return false;
    if (goal.min_group_size && counts.largest_closed < std::max(1, *goal.min_group_size)) return false;
    if (goal.all_closed && counts.open_tiles > 0) return false;
    return true;
}

}  // namespace tilelab::lines
