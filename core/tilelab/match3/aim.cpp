// match3's part in `generate` to a target (KindAim, analysis/game.hpp): candidates cycle through
// colours and blockers, get a jelly goal under the bottom rows, and tune sets their move limit.
#include <algorithm>

#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {
namespace {

// A level of fewer moves is no level a designer wants, whatever its pass rate.
constexpr int min_aimed_moves = 8;

// The colours and blockers of candidate i, unless the designer fixed them.
void vary_aimed_layout(GenerateOptions& o, const AimKnobs& knobs) {
    const int i = knobs.index;
    const int cells = o.width * o.height;
    if (!knobs.colors_fixed) o.colors = 4 + i % 3;                                  // 4, 5, 6
    if (!knobs.blockers_fixed) o.blockers = (i / 3) % 3 * std::max(1, cells / 40);  // none, a few, more
}

// Jelly under the bottom rows (1 to 3 rows, 1 or 2 layers, on about two thirds of the pieces
// there), the goal jelly within the move limit tune sets; a level asked to have crates or
// ingredients keeps those goals instead.
std::string aimed_goal(Level& level, int i, Rng& rng) {
    Goal& goal = level.goal.as<Goal>();
    if (goal.crates || goal.ingredients) {
        goal.score.reset();
        level.present.erase("goal/score");
        return goal.crates ? "goal: every crate" : "goal: the ingredients";
    }
    const int rows = 1 + (i / 9) % 3;
    const int layers = 1 + (i / 27) % 2;
    Grid jelly(level.width(), level.height(), 0);
    int placed = 0;
    for (int y = level.height() - rows; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x)
            if (cell::is_value(level.board.at(x, y)) && rng.uniform(3) != 0) {
                jelly.at(x, y) = layers;
                ++placed;
            }
    if (placed == 0) {  // no piece there at all: jelly the first piece from the bottom
        for (int y = level.height() - 1; y >= 0 && placed == 0; --y)
            for (int x = 0; x < level.width() && placed == 0; ++x)
                if (cell::is_value(level.board.at(x, y))) {
                    jelly.at(x, y) = layers;
                    placed = 1;
                }
    }
    level.jelly = jelly;
    goal.jelly = true;
    goal.score.reset();
    level.present.erase("goal/score");
    level.present.insert("goal/jelly");
    return "jelly on " + std::to_string(placed) + " cells (" + std::to_string(rows) + (rows == 1 ? " row, " : " rows, ") +
           std::to_string(layers) + (layers == 1 ? " layer)" : " layers)");
}

// The goal (its own draws, "jelly", from the candidate's seed) and the move limit the curve
// starts from; tune sets the real limit.
std::string prepare_aimed_level(Level& level, const GenerateOptions& layout, int index) {
    Rng rng(layout.seed ^ 0x6a656c6c79ULL);
    std::string words = aimed_goal(level, index, rng);
    level.goal.moves = 20;
    return words;
}

}  // namespace

const KindAim& aim() {
    static const KindAim row{.measure = AimMeasure::tuned_limit,
                             .vary = vary_aimed_layout,
                             .passes_over_refused = true,
                             .prepare = prepare_aimed_level,
                             .min_moves = min_aimed_moves};
    return row;
}

}  // namespace tilelab::match3
