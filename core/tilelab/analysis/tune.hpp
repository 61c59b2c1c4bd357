// Aiming a level's difficulty: the move limit whose pass rate is nearest a target, read off the
// pass-rate curve of one set of playouts (`tilelab tune`, the editor's "Set moves for P%").
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"

namespace tilelab {

// A point of the curve: a move limit and the pass rate the playouts give it.
struct LimitChoice {
    int moves = 0;
    double pass_rate = 0.0;
    double ci_low = 0.0;
    double ci_high = 1.0;
};

// The curve's point whose pass rate is nearest `target` (ties: the fewest moves), among limits of
// at least `min_moves`; nullopt when the estimate has no such point.
std::optional<LimitChoice> nearest_limit(const EstimateResult& estimate, double target, int min_moves = 1);

struct TuneOptions {
    double target = 0.4;
    double tolerance = 0.05;
    // The largest move limit tune may set (the curve's cap grows to it when the nearest point is at
    // the cap and still off target); 0: eight times the level's limit (400 without one).
    int max_moves = 0;
    int min_moves = 1;  // the smallest move limit tune may set
};

// The target of the k-th of n levels on a ramp from `first` to `last` (fractions): even steps,
// the first level `first` and the last `last` (one level: `first`). `pack tune --ramp` and the
// editor's Pack panel use it.
inline double ramp_target(int k, int n, double first, double last) {
    return n <= 1 ? first : first + (last - first) * static_cast<double>(k) / static_cast<double>(n - 1);
}

struct TuneResult {
    std::optional<LimitChoice> choice;  // the nearest point found (unset: no curve at all)
    bool within = false;                // |choice.pass_rate - target| <= tolerance
    std::vector<int> caps;              // the curve caps tried, in order
    EstimateResult estimate;            // the last estimate (its curve holds the choice)
    std::string refusal;                // set when the kind has no pass rate to aim (link, lines)
};

// The level's move limit for a pass rate of options.target: playouts with `estimate` options
// (runs, seed, bot, threads; curve_cap is set here), the curve read for the nearest rate, the cap
// doubled up to max_moves while the nearest point lies at the cap and off target. match3 and
// slide only: link and lines get a refusal that says what their difficulty is instead.
TuneResult tune_moves(const Level& level, EstimateOptions estimate, const TuneOptions& options, StopToken stop = {},
                      Progress* progress = nullptr, const std::function<void(int cap, const LimitChoice&)>& on_cap = {});

}  // namespace tilelab
