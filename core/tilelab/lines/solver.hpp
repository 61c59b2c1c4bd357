// The lines solver: a shortest sequence of shifts meeting the goal, by IDA* with an admissible
// hitting-set bound, canonical move ordering and a transposition table of learned bounds.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/lines/goal.hpp"

namespace tilelab::lines {

struct SolveOptions {
    int budget_ms = 1000;         // wall-clock budget; 0 or less: none
    std::uint64_t max_nodes = 0;  // 0: none. A node budget gives the same answer on every machine.
    int max_depth = 20;           // no sequence longer than this is looked for
};

struct SolveResult {
    // solvable: `moves` is a shortest sequence (at most max_depth long) meeting the goal;
    // unsolvable: no sequence of at most max_depth shifts meets it (or, when `impossible`, none at
    // all); unknown: the budget or a stop request ended the search first.
    Verdict verdict = Verdict::unknown;
    std::vector<ShiftMove> moves;
    bool impossible = false;
    int proven_depth = -1;    // no sequence of proven_depth moves or fewer meets the goal
    std::uint64_t nodes = 0;  // boards the search visited
    std::string reason;       // why impossible, in the designer's words (empty otherwise)
};

// Searches from `board` (the level's own board or a board in play) for the level's goal, ignoring
// moves already made: the caller passes max_depth = moves left. Fixed rows and columns are
// honoured. Never throws; any board size works (large boards just run out of budget).
SolveResult solve(const Level& level, const Board& board, const LinesGoal& goal, const SolveOptions& options,
                  StopToken stop = {});

// The admissible lower bound used by the solver for goals that need every tile closed: the fewest
// rows and columns that must each shift at least once for every solid side to meet a solid side
// (a minimum hitting set over the defects). Exposed for tests; `cap` bounds the work: values above
// cap come back as cap + 1. Returns -1 when no sequence can ever close every tile.
int all_closed_lower_bound(const Level& level, const Board& board, int cap);

}  // namespace tilelab::lines
