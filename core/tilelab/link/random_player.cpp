// The random link player: how often a player who removes any available pair, without planning,
// clears the board. Seeded per run, so the figures are the same for any thread count.
#include <algorithm>
#include <stdexcept>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {

int tiles_on(const Board& board) {
    int n = 0;
    for (std::int32_t c : board.cells)
        if (cell::is_value(c)) ++n;
    return n;
}

void check_bot(const std::string& bot) {
    if (!bot.empty() && bot != "random")
        throw std::invalid_argument("unknown link bot '" + bot + "' (expected random: link levels have one player)");
}

}  // namespace

PlayoutOutcome random_playout(const Level& level, std::uint64_t seed, int run_index, const StopToken& stop,
                              std::vector<CellPairMove>* moves) {
    const LinkRules rules = rules_of(level);
    const KindOps& game = ops();
    State state = game.start(level);
    LinkField field(state.board, rules.border);
    Rng rng(playout_seed(seed, static_cast<std::uint64_t>(run_index)));
    PlayoutOutcome out;
    int tiles = tiles_on(state.board);
    std::vector<LinkPath> links;  // reused from move to move
    while (tiles > 0) {
        if (stop.stop_requested()) {
            out.interrupted = true;
            return out;
        }
        all_links(field, rules, links);
        if (links.empty()) {
            out.dead = true;
            out.dead_at = state.moves;
            break;
        }
        const LinkPath& pick = links[rng.uniform(static_cast<std::uint32_t>(links.size()))];
        state.board.at(pick.a) = cell::empty;
        state.board.at(pick.b) = cell::empty;
        field.clear(pick.a);
        field.clear(pick.b);
        if (moves) moves->push_back(CellPairMove{pick.a, pick.b});
        ++state.moves;
        tiles -= 2;
    }
    out.moves_used = state.moves;
    out.won = game.goal_met(level, state);
    if (out.won) {
        out.won_at = state.moves;
        if (level.goal.moves) out.moves_left = *level.goal.moves - state.moves;
    }
    return out;
}

EstimateResult estimate_clear_rate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress) {
    check_bot(options.bot);
    PlayoutDeadline deadline(stop, options.time_budget_ms);
    const StopToken playout_stop = deadline.token();
    auto outcomes = run_playouts_to_precision(
        options.runs, options.precision, options.threads,
        [&](int run) { return random_playout(level, options.seed, run, playout_stop); }, playout_stop, progress,
        options.first_run);
    return summarize_clear_rate(level, options, std::move(outcomes), stop.stop_requested(), deadline.timed_out());
}

Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop) {
    check_bot(options.bot);
    Replay r;
    r.run = run;
    r.bot = "random";
    r.seed = options.seed;
    std::vector<CellPairMove> moves;
    r.outcome = random_playout(level, options.seed, run, stop, &moves);
    // The states: the same removals through play() (the player's generator is its own, not the state's).
    const KindOps& game = ops();
    r.start = game.start(level);
    const State* at = &r.start;
    r.steps.reserve(moves.size());
    for (const CellPairMove& m : moves) {
        StepResult step = game.play(level, *at, m);
        if (!step.legal)
            throw std::logic_error("link replay: the random player's pair " + format_move(m) +
                                   " is refused by play(): " + step.why);
        r.steps.push_back(ReplayStep{m, std::move(step.state)});
        at = &r.steps.back().state;
    }
    return r;
}

EstimateResult summarize_clear_rate(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes,
                                    bool stopped, bool timed_out) {
    check_bot(options.bot);
    EstimateResult r = summarize_playouts(outcomes, options.runs, stopped, timed_out, options.time_budget_ms, options.precision);
    const int pairs = tiles_on(level.board) / 2;
    // Runs per pairs removed before the board stuck (0 .. pairs - 1): where the random player fails.
    std::vector<double> stuck(static_cast<std::size_t>(std::max(pairs, 1)), 0.0);
    for (const auto& o : outcomes)
        if (o.dead) stuck[static_cast<std::size_t>(std::clamp(o.moves_used, 0, std::max(pairs, 1) - 1))] += 1;
    r.json["bot"] = "random";
    r.json["pairs"] = pairs;
    auto histogram = nlohmann::ordered_json::array();
    for (double n : stuck) histogram.push_back(static_cast<int>(n));
    r.json["stuck_after_pairs"] = std::move(histogram);
    r.histograms.push_back({"stuck_after_pairs", std::move(stuck)});
    r.json["attempts_per_pass"] = attempts_per_pass(r);
    r.outcomes = std::move(outcomes);
    return r;
}

}  // namespace tilelab::link
