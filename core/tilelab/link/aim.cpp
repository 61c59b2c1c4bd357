// link's part in `generate` to a target (KindAim, analysis/game.hpp): the random player's clear
// rate of each deal, how full the board is steered by the rates seen.
#include <algorithm>
#include <cmath>

#include "tilelab/link/link.hpp"

namespace tilelab::link {
namespace {

// Four copies of each value (two copies make every deal clearable by anyone); how full the board
// is follows the measurements (steer_fill): fuller boards get the careless player stuck more often.
void vary_aimed_layout(GenerateOptions& o, const AimKnobs& knobs) {
    o.copies = 4;
    const int free_cells = o.width * o.height - (knobs.blockers_fixed ? o.blockers : 0);
    if (!knobs.colors_fixed) o.colors = std::max(1, static_cast<int>(std::lround(free_cells * knobs.fill / 4.0)));
}

// Too easy: fill more of the board; too hard: less. Each candidate is a new deal, so the step is
// damped rather than a bisection on a noisy, non-monotone measure.
double steer_fill(double fill, double rate, double target) { return std::clamp(fill + 0.5 * (rate - target), 0.2, 1.0); }

}  // namespace

const KindAim& aim() {
    static const KindAim row{.measure = AimMeasure::playout_rate,
                             .vary = vary_aimed_layout,
                             .passes_over_refused = true,
                             .start_fill = 0.8,
                             .steer = steer_fill};
    return row;
}

}  // namespace tilelab::link
