// slide's part in `generate` to a target (KindAim, analysis/game.hpp): start positions, their move
// limit read off the curve up to the longest win.
#include "tilelab/slide/slide.hpp"

namespace tilelab::slide {
namespace {

// No move limit: the curve runs to the longest win, and tune sets the limit.
std::string prepare_aimed_level(Level& level, const GenerateOptions&, int) {
    level.goal.moves.reset();
    return {};
}

}  // namespace

const KindAim& aim() {
    static const KindAim row{.measure = AimMeasure::tuned_limit, .prepare = prepare_aimed_level};
    return row;
}

}  // namespace tilelab::slide
