// collapse's part in `generate` to a target (KindAim, analysis/game.hpp): candidates with a score
// goal, their move limit set by tune for the bot's pass rate.
#include "tilelab/collapse/collapse.hpp"

namespace tilelab::collapse {
namespace {

// The goal a candidate is aimed with: a score of 60 points a cell of the board, no move limit
// (the curve runs to the longest win, and tune sets the limit).
std::string prepare_aimed_level(Level& level, const GenerateOptions&, int) {
    Goal& g = level.goal.as<Goal>();
    if (!g.score && g.collect.empty() && !g.jelly && !g.clear) g.score = 60LL * level.width() * level.height();
    level.goal.moves.reset();
    return {};
}

}  // namespace

const KindAim& aim() {
    static const KindAim row{.measure = AimMeasure::tuned_limit, .prepare = prepare_aimed_level};
    return row;
}

}  // namespace tilelab::collapse
