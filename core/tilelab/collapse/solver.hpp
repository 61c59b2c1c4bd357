// The collapse solver: a shortest winning line of taps, or a proof that none exists, for the
// deterministic game (rules.refill off). IDA* over a packed board with a transposition table of
// proven lower bounds; every prune is a proof (solver.cpp says why each holds).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/collapse/data.hpp"

namespace tilelab::collapse {

struct SolveOptions {
    int budget_ms = 5000;  // wall-clock budget; 0 or less: none
    StopToken stop;        // a stop request ends the search with Verdict::unknown
};

struct SolveResult {
    // solvable: `taps` is a shortest winning line (no line with fewer taps wins), checked by
    // replaying it through tap(); unsolvable: no line within the move limit (or at all) wins;
    // unknown: the budget or a stop request ended the search first, or solver_applies is false.
    // When the budget ends the search after the beam search found a winning line: solvable, that
    // line (replayed and checked), and `shortest` false.
    Verdict verdict = Verdict::unknown;
    std::vector<Cell> taps;
    bool shortest = true;
    std::int64_t positions = 0;  // tap results computed (each a position searched)
};

// The solver applies when the game is deterministic (rules.refill false; a reshuffle draws from
// the state's own generator, so it is deterministic too) and the goal has an objective.
bool solver_applies(const Rules& rules, const Goal& goal);

// A shortest line of taps from `start` after which objectives_met(goal, state) holds, within
// `move_limit` taps when set. A line has at least one tap: the goal is checked after each tap,
// never on `start` itself. On a state it cannot pack (pieces of colour 10 or more,
// cells that are not collapse cells, a jelly layer of more than 255 when the goal asks for
// jelly) the verdict is unknown.
SolveResult solve(const Rules& rules, const Goal& goal, std::optional<int> move_limit, const State& start,
                  const SolveOptions& options);

namespace detail {

// One successor as the solver generates it: the tapped cell and the state it leads to.
struct SolverStep {
    Cell tap;
    State state;
};

// solve() with its beam search tuned: it runs once `beam_after` positions are searched, keeping
// `beam_width` positions a depth (0: never). For the tests, which run it from the start.
SolveResult solve_tuned(const Rules& rules, const Goal& goal, std::optional<int> move_limit, const State& start,
                        const SolveOptions& options, std::int64_t beam_after, int beam_width);

// The solver's lower bound on the taps from `state` to a win (Packed::bound, without the table):
// -1 when it proves that no line wins, 0 when the state cannot be packed. For the tests, which
// check it against exact distances.
int lower_bound(const Rules& rules, const Goal& goal, const State& state);

// The successors the solver generates from `state`, as engine states: one per group of fewer
// than 5 pieces, one per landing place of the power-up of a larger group (the tapped cell
// matters there: the power-up is left on it), one per power-up. Every legal tap gives one of
// them. For the differential tests against tap(); empty when the board cannot be packed.
std::vector<SolverStep> solver_successors(const Rules& rules, const State& state);

}  // namespace detail

}  // namespace tilelab::collapse
