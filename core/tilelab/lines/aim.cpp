// lines' part in `generate` to a target (KindAim, analysis/game.hpp): scrambles of K, K+1 and
// K+2 shifts, the solver's proved optimum wanted to be exactly K.
#include "tilelab/lines/lines.hpp"

namespace tilelab::lines {
namespace {

void vary_aimed_layout(GenerateOptions& o, const AimKnobs& knobs) { o.scramble = knobs.moves + knobs.index % 3; }

// The generator's move limit is the solver's distance when proved within its node budget; it is
// proved here once more, as deep as wanted.
int proved_optimum(const Level& level, int max_depth) {
    SolveOptions solve_options;
    solve_options.budget_ms = 0;
    solve_options.max_nodes = generate_node_budget;
    solve_options.max_depth = max_depth;
    const SolveResult solved = solve(level, level.board, lines_goal(level.goal), solve_options);
    return solved.verdict == Verdict::solvable ? static_cast<int>(solved.moves.size()) : -1;
}

}  // namespace

const KindAim& aim() {
    static const KindAim row{
        .measure = AimMeasure::proved_optimum, .vary = vary_aimed_layout, .optimum = proved_optimum, .moves_word = "shifts"};
    return row;
}

}  // namespace tilelab::lines
