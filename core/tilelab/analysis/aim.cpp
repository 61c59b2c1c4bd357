// Layouts drawn one after another from the seed until one is measured inside the band.
#include "tilelab/analysis/aim.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/lines/goal.hpp"
#include "tilelab/lines/scrambler.hpp"
#include "tilelab/lines/solver.hpp"

namespace tilelab {

bool interval_inside(const LimitChoice& c, double target, double tolerance) {
    const double eps = 1e-12;
    return c.ci_low >= target - tolerance - eps && c.ci_high <= target + tolerance + eps;
}

namespace {

// A level of fewer moves is no level a designer wants, whatever its pass rate.
constexpr int min_match3_moves = 8;

std::string size_text(const GenerateOptions& o) { return std::to_string(o.width) + "x" + std::to_string(o.height); }

// The layout knobs of candidate i: what the designer fixed stays, the rest cycles so that
// successive candidates differ in more than their seed.
GenerateOptions layout_of(const AimOptions& options, int i, double link_fill) {
    GenerateOptions o = options.layout;
    // Within 2^53-1, like every seed the tool draws: the level's seed is written as a JSON number.
    o.seed = playout_seed(options.layout.seed, static_cast<std::uint64_t>(i)) & limits::max_exact_seed;
    const int cells = o.width * o.height;
    switch (o.kind) {
    case Kind::match3:
        if (!options.colors_fixed) o.colors = 4 + i % 3;                                  // 4, 5, 6
        if (!options.blockers_fixed) o.blockers = (i / 3) % 3 * std::max(1, cells / 40);  // none, a few, more
        break;
    case Kind::link: {
        // Four copies of each value (two copies make every deal clearable by anyone); how full the
        // board is follows the measurements (generate_to_target): fuller boards get the careless
        // player stuck more often.
        o.copies = 4;
        const int free_cells = cells - (options.blockers_fixed ? o.blockers : 0);
        if (!options.colors_fixed) o.colors = std::max(1, static_cast<int>(std::lround(free_cells * link_fill / 4.0)));
        break;
    }
    case Kind::lines:
        o.scramble = options.lines_moves + i % 3;
        break;  // K, K+1, K+2 shifts
    case Kind::slide:
        break;
    }
    return o;
}

// match3: jelly under the bottom rows (1 to 3 rows, 1 or 2 layers, on about two thirds of the
// pieces there), the goal jelly within the move limit tune sets; a level asked to have crates or
// ingredients keeps those goals instead.
std::string add_match3_goal(Level& level, int i, Rng& rng) {
    if (level.goal.crates || level.goal.ingredients) {
        level.goal.score.reset();
        level.present.erase("goal/score");
        return level.goal.crates ? "goal: every crate" : "goal: the ingredients";
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
    level.goal.jelly = true;
    level.goal.score.reset();
    level.present.erase("goal/score");
    level.present.insert("goal/jelly");
    return "jelly on " + std::to_string(placed) + " cells (" + std::to_string(rows) + (rows == 1 ? " row, " : " rows, ") +
           std::to_string(layers) + (layers == 1 ? " layer)" : " layers)");
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
    std::optional<AimCandidate> nearest;  // for the message when nothing lands
    double link_fill = 0.8;               // link: the share of the board's cells holding tiles, steered by the rates seen
    auto distance = [&](const AimCandidate& c) {
        if (options.layout.kind == Kind::lines) return c.optimum < 0 ? 1e9 : std::abs(c.optimum - options.lines_moves) * 1.0;
        return c.measured ? std::abs(c.measured->pass_rate - options.target) : 1e9;
    };
    for (int i = 0; i < options.max_candidates && !stop.stop_requested(); ++i) {
        AimCandidate candidate;
        candidate.index = i;
        candidate.layout = layout_of(options, i, link_fill);
        GenerateResult made = ops.generate(candidate.layout);
        candidate.what = describe(candidate.layout);
        if (!made.level) {
            candidate.what += ": " + made.error;
            if (on_candidate) on_candidate(candidate);
            result.tried.push_back(candidate);
            if (i == 0 && options.layout.kind != Kind::link && options.layout.kind != Kind::match3) {
                result.error = made.error;
                return result;
            }
            continue;
        }
        Level level = std::move(*made.level);
        EstimateResult estimate;
        switch (level.kind) {
        case Kind::match3: {
            Rng rng(candidate.layout.seed ^ 0x6a656c6c79ULL);  // the goal's own draws ("jelly")
            candidate.what += ", " + add_match3_goal(level, i, rng);
            level.goal.moves = 20;  // the curve starts from here; tune sets the real limit
            TuneOptions tune;
            tune.target = options.target;
            tune.tolerance = options.tolerance;
            tune.min_moves = min_match3_moves;
            TuneResult tuned = tune_moves(level, options.estimate, tune, stop, options.progress);
            if (tuned.choice) {
                candidate.measured = tuned.choice;
                level.goal.moves = tuned.choice->moves;
            }
            break;
        }
        case Kind::slide: {
            level.goal.moves.reset();  // the curve runs to the longest win; tune sets the limit
            TuneOptions tune;
            tune.target = options.target;
            tune.tolerance = options.tolerance;
            TuneResult tuned = tune_moves(level, options.estimate, tune, stop, options.progress);
            if (tuned.choice) {
                candidate.measured = tuned.choice;
                level.goal.moves = tuned.choice->moves;
                level.present.insert("goal/moves");
            }
            break;
        }
        case Kind::link: {
            estimate = kind_ops(level.kind).playouts(level, options.estimate, stop, options.progress);
            candidate.measured = LimitChoice{0, estimate.pass_rate, estimate.ci_low, estimate.ci_high};
            // Too easy: fill more of the board; too hard: less. Each candidate is a new deal, so the
            // step is damped rather than a bisection on a noisy, non-monotone measure.
            link_fill = std::clamp(link_fill + 0.5 * (estimate.pass_rate - options.target), 0.2, 1.0);
            break;
        }
        case Kind::lines: {
            // The generator's move limit is the solver's distance when proved within its node
            // budget; prove it here once more, as deep as wanted, and keep exact matches only.
            lines::SolveOptions solve;
            solve.budget_ms = 0;
            solve.max_nodes = lines::generate_node_budget;
            solve.max_depth = options.lines_moves;
            const lines::SolveResult solved = lines::solve(level, level.board, lines::lines_goal(level.goal), solve);
            if (solved.verdict == Verdict::solvable) candidate.optimum = static_cast<int>(solved.moves.size());
            break;
        }
        }
        if (stop.stop_requested() && level.kind != Kind::lines) {
            // Cut short: its figures are those of the games played so far, not a measurement.
            candidate.stopped = true;
            candidate.measured.reset();
            if (on_candidate) on_candidate(candidate);
            result.tried.push_back(candidate);
            break;
        }
        if (level.kind == Kind::lines) {
            candidate.inside = candidate.optimum == options.lines_moves;
            if (candidate.inside) level.goal.moves = options.lines_moves;
        } else if (candidate.measured && !stop.stop_requested()) {
            candidate.inside = interval_inside(*candidate.measured, options.target, options.tolerance);
        }
        if (on_candidate) on_candidate(candidate);
        result.tried.push_back(candidate);
        if (!nearest || distance(candidate) < distance(*nearest)) nearest = candidate;
        if (candidate.inside) {
            if (level.kind == Kind::match3 || level.kind == Kind::slide) {
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
    if (options.layout.kind == Kind::lines) {
        result.error = lead + " a proved optimum of exactly " + std::to_string(options.lines_moves) + " shifts" +
                       (nearest && nearest->optimum >= 0 ? " (nearest: " + std::to_string(nearest->optimum) + ", candidate " +
                                                               std::to_string(nearest->index) + ": " + nearest->what + ")"
                                                         : "");
    } else {
        result.error = lead + " its 95% interval inside " + percent_text(options.target - options.tolerance) + " to " +
                       percent_text(options.target + options.tolerance);
        if (nearest && nearest->measured)
            result.error += " (nearest: " + percent_text(nearest->measured->pass_rate) + ", interval " +
                            percent_text(nearest->measured->ci_low) + " to " + percent_text(nearest->measured->ci_high) +
                            (options.layout.kind == Kind::link ? ""
                                                               : " at " + std::to_string(nearest->measured->moves) + " moves") +
                            ", candidate " + std::to_string(nearest->index) + ": " + nearest->what + ")";
    }
    return result;
}

}  // namespace tilelab
