// Layouts drawn one after another from the seed until one is measured inside the band: the
// search is the same for every kind; how a kind's candidates are made and measured is its
// KindAim (analysis/game.hpp), through the kind table.
#include "tilelab/analysis/aim.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/analysis/playouts.hpp"

namespace tilelab {

bool interval_inside(const LimitChoice& c, double target, double tolerance) {
    const double eps = 1e-12;
    return c.ci_low >= target - tolerance - eps && c.ci_high <= target + tolerance + eps;
}

namespace {

std::string size_text(const GenerateOptions& o) { return std::to_string(o.width) + "x" + std::to_string(o.height); }

// The layout of candidate i: what the designer fixed stays, the kind varies the rest
// (KindAim::vary) so that successive candidates differ in more than their seed.
GenerateOptions layout_of(const AimOptions& options, const KindAim& aim, int i, double fill) {
    GenerateOptions o = options.layout;
    // Within 2^53-1, like every seed the tool draws: the level's seed is written as a JSON number.
    o.seed = playout_seed(options.layout.seed, static_cast<std::uint64_t>(i)) & limits::max_exact_seed;
    if (aim.vary) {
        AimKnobs knobs;
        knobs.index = i;
        knobs.colors_fixed = options.colors_fixed;
        knobs.blockers_fixed = options.blockers_fixed;
        knobs.moves = options.lines_moves;
        knobs.fill = fill;
        aim.vary(o, knobs);
    }
    return o;
}

std::string describe(const GenerateOptions& o) {
    std::string text = size_text(o) + ", seed " + std::to_string(o.seed);
    if (const auto words = kind_ops(o.kind).layout_words) text += words(o);
    return text;
}

}  // namespace

AimResult generate_to_target(const AimOptions& options, StopToken stop,
                             const std::function<void(const AimCandidate&)>& on_candidate) {
    AimResult result;
    const KindOps& ops = kind_ops(options.layout.kind);
    static const KindAim defaults;
    const KindAim& aim = ops.aim ? *ops.aim : defaults;
    const bool proves = aim.measure == AimMeasure::proved_optimum;
    std::optional<AimCandidate> nearest;  // for the message when nothing lands
    double fill = aim.start_fill;         // the share of the board's cells holding tiles, steered by the rates seen
    auto distance = [&](const AimCandidate& c) {
        if (proves) return c.optimum < 0 ? 1e9 : std::abs(c.optimum - options.lines_moves) * 1.0;
        return c.measured ? std::abs(c.measured->pass_rate - options.target) : 1e9;
    };
    for (int i = 0; i < options.max_candidates && !stop.stop_requested(); ++i) {
        AimCandidate candidate;
        candidate.index = i;
        candidate.layout = layout_of(options, aim, i, fill);
        GenerateResult made = ops.generate(candidate.layout);
        candidate.what = describe(candidate.layout);
        if (!made.level) {
            candidate.what += ": " + made.error;
            if (on_candidate) on_candidate(candidate);
            result.tried.push_back(candidate);
            if (i == 0 && !aim.passes_over_refused) {
                result.error = made.error;
                return result;
            }
            continue;
        }
        Level level = std::move(*made.level);
        if (aim.prepare) {
            const std::string words = aim.prepare(level, candidate.layout, i);
            if (!words.empty()) candidate.what += ", " + words;
        }
        EstimateResult estimate;
        if (aim.measure == AimMeasure::tuned_limit) {
            TuneOptions tune;
            tune.target = options.target;
            tune.tolerance = options.tolerance;
            tune.min_moves = aim.min_moves;
            TuneResult tuned = tune_moves(level, options.estimate, tune, stop, options.progress);
            if (tuned.choice) {
                candidate.measured = tuned.choice;
                level.goal.moves = tuned.choice->moves;
                level.present.insert("goal/moves");
            }
        } else if (aim.measure == AimMeasure::playout_rate) {
            estimate = ops.playouts(level, options.estimate, stop, options.progress);
            candidate.measured = LimitChoice{0, estimate.pass_rate, estimate.ci_low, estimate.ci_high};
            if (aim.steer) fill = aim.steer(fill, estimate.pass_rate, options.target);
        } else {
            candidate.optimum = aim.optimum(level, options.lines_moves);
        }
        if (stop.stop_requested() && !proves) {
            // Cut short: its figures are those of the games played so far, not a measurement. (A
            // proof runs to its node budget whatever the stop.)
            candidate.stopped = true;
            candidate.measured.reset();
            if (on_candidate) on_candidate(candidate);
            result.tried.push_back(candidate);
            break;
        }
        if (proves) {
            candidate.inside = candidate.optimum == options.lines_moves;
            if (candidate.inside) level.goal.moves = options.lines_moves;
        } else if (candidate.measured && !stop.stop_requested()) {
            candidate.inside = interval_inside(*candidate.measured, options.target, options.tolerance);
        }
        if (on_candidate) on_candidate(candidate);
        result.tried.push_back(candidate);
        if (!nearest || distance(candidate) < distance(*nearest)) nearest = candidate;
        if (candidate.inside) {
            if (aim.measure == AimMeasure::tuned_limit) {
                // The level as written, estimated as `tilelab estimate` would: the same games, so
                // the same rate as the curve's point (checked), and every figure of that command.
                EstimateOptions as_cli = options.estimate;
                as_cli.curve_cap = 2 * *level.goal.moves;
                estimate = ops.estimate(level, as_cli, stop, nullptr);
                if (estimate.cancelled || stop.stop_requested()) {
                    result.stopped = true;
                    result.error = "while candidate " + std::to_string(i) +
                                   ", inside the band, was estimated again for its figures";
                    return result;
                }
            }
            result.level = std::move(level);
            result.estimate = std::move(estimate);
            return result;
        }
    }
    // "no layout of 200 tried has ..." or, stopped, "after 3 of 200 candidates, none with ...".
    result.stopped = stop.stop_requested();
    const auto measured = std::count_if(result.tried.begin(), result.tried.end(),
                                        [](const AimCandidate& c) { return !c.stopped; });
    const std::string lead = result.stopped ? "after " + std::to_string(measured) + " of " +
                                                  std::to_string(options.max_candidates) + " candidates, none with"
                                            : "no layout of " + std::to_string(options.max_candidates) + " tried has";
    const std::string moves_word = aim.moves_word;
    if (proves) {
        result.error = lead + " a proved optimum of exactly " + std::to_string(options.lines_moves) + " " + moves_word +
                       (nearest && nearest->optimum >= 0 ? " (nearest: " + std::to_string(nearest->optimum) + ", candidate " +
                                                               std::to_string(nearest->index) + ": " + nearest->what + ")"
                                                         : "");
    } else {
        result.error = lead + " its 95% interval inside " + percent_text(options.target - options.tolerance) + " to " +
                       percent_text(options.target + options.tolerance);
        if (nearest && nearest->measured)
            result.error += " (nearest: " + percent_text(nearest->measured->pass_rate) + ", interval " +
                            percent_text(nearest->measured->ci_low) + " to " + percent_text(nearest->measured->ci_high) +
                            (aim.measure == AimMeasure::tuned_limit
                                 ? " at " + std::to_string(nearest->measured->moves) + " " + moves_word
                                 : "") +
                            ", candidate " + std::to_string(nearest->index) + ": " + nearest->what + ")";
    }
    return result;
}

}  // namespace tilelab
