// Reading a target pass rate off the curve, growing the curve's cap when the target lies beyond it.
#include "tilelab/analysis/tune.hpp"

#include <algorithm>
#include <cmath>

#include "tilelab/kinds/table.hpp"

namespace tilelab {

std::optional<LimitChoice> nearest_limit(const EstimateResult& estimate, double target, int min_moves) {
    if (!estimate.json.is_object() || !estimate.json.contains("curve")) return std::nullopt;
    std::optional<LimitChoice> best;
    for (const auto& point : estimate.json.at("curve")) {
        LimitChoice c;
        c.moves = point.at("moves").get<int>();
        if (c.moves < min_moves) continue;
        c.pass_rate = point.at("pass_rate").get<double>();
        c.ci_low = point.at("ci95")[0].get<double>();
        c.ci_high = point.at("ci95")[1].get<double>();
        if (!best || std::abs(c.pass_rate - target) < std::abs(best->pass_rate - target)) best = c;
    }
    return best;
}

TuneResult tune_moves(const Level& level, EstimateOptions estimate, const TuneOptions& options, StopToken stop,
                      Progress* progress, const std::function<void(int, const LimitChoice&)>& on_cap) {
    TuneResult result;
    const KindOps& ops = kind_ops(level.kind);
    if (ops.tune_refusal) {
        result.refusal = ops.tune_refusal;
        return result;
    }
    // A match3 level without a limit gets its playouts' cap as one: the games are the same (no bot
    // reads the moves left) and the curve can then run past it. A slide game without a limit runs
    // to its end, and its curve to the longest win seen: one estimate says it all.
    Level playing = level;
    // Without a limit the curve starts from the kind's playout length, or from unlimited_curve_base
    // where a game runs to its end (slide).
    constexpr int unlimited_curve_base = 50;
    const int base = level.goal.moves ? std::max(*level.goal.moves, 1)
                                      : (ops.unlimited_playout_moves > 0 ? ops.unlimited_playout_moves : unlimited_curve_base);
    if (!playing.goal.moves && ops.unlimited_playout_moves > 0) playing.goal.moves = base;
    const bool open_ended = !playing.goal.moves;
    const int max_moves = options.max_moves > 0 ? options.max_moves : (level.goal.moves ? 8 * base : 400);
    int cap = std::min(std::max(estimate.curve_cap, 2 * base), max_moves);
    for (;;) {
        estimate.curve_cap = cap;
        result.caps.push_back(cap);
        result.estimate = ops.estimate(playing, estimate, stop, progress);
        result.choice = nearest_limit(result.estimate, options.target, options.min_moves);
        if (!result.choice) return result;
        // A game without a limit plays to its end: its curve runs to the longest win, past `cap`, and
        // that reach is the range searched (the refusal names it; docs/cli.md, tune).
        if (open_ended && result.estimate.json.contains("curve") && !result.estimate.json.at("curve").empty())
            result.caps.back() = std::max(cap, result.estimate.json.at("curve").back().at("moves").get<int>());
        result.within = std::abs(result.choice->pass_rate - options.target) <= options.tolerance + 1e-12;
        if (on_cap) on_cap(result.caps.back(), *result.choice);
        if (result.within || open_ended || result.choice->moves < cap || cap >= max_moves || stop.stop_requested() ||
            result.estimate.cancelled)
            return result;
        cap = std::min(2 * cap, max_moves);
    }
}

}  // namespace tilelab
