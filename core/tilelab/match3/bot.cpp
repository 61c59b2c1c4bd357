// match3 goals, greedy and lookahead bots, and seeded playouts that give the same figures on any thread count.
#include "tilelab/match3/bot.hpp"

#include <algorithm>
#include <stdexcept>

#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {

bool has_objectives(const Goal& goal) { return goal.score.has_value() || goal.jelly || !goal.collect.empty(); }

bool objectives_hold(const Level& level, const State& state) {
    const Goal& goal = level.goal;
    if (goal.score && state.score < *goal.score) return false;
    if (goal.jelly && state.jelly)
        for (std::int32_t layers : state.jelly->cells)
            if (layers > 0) return false;
    for (const CollectGoal& c : goal.collect) {
        if (c.count <= 0) continue;
        if (c.color < 0 || static_cast<std::size_t>(c.color) >= state.collected.size()) return false;
        if (state.collected[static_cast<std::size_t>(c.color)] < c.count) return false;
    }
    return true;
}

bool level_won(const Level& level, const State& state) {
    const Goal& goal = level.goal;
    if (has_objectives(goal)) return (!goal.moves || state.moves <= *goal.moves) && objectives_hold(level, state);
    if (goal.moves) return state.moves >= *goal.moves;
    return false;
}

std::optional<Bot> parse_bot(std::string_view name) {
    if (name.empty()) return default_bot;
    if (name == "greedy") return Bot::greedy;
    if (name == "lookahead") return Bot::lookahead;
    return std::nullopt;
}

std::string_view bot_name(Bot bot) { return bot == Bot::greedy ? "greedy" : "lookahead"; }

void play_swap(State& state, const RulesConfig& rules, const Swap& swap, Scratch& scratch) {
    std::swap(state.board.at(swap.a), state.board.at(swap.b));
    ++state.moves;
    settle(state, rules, Resolution::scored, scratch);
}

namespace {
std::int64_t jelly_left(const State& s) {
    std::int64_t n = 0;
    if (s.jelly)
        for (std::int32_t layers : s.jelly->cells) n += std::max(layers, 0);
    return n;
}

// What the lookahead bot maximises: the level's objectives first, points last. Jelly and wanted pieces
// weigh more than any one move's points so that the bot works for the goal the level sets.
std::int64_t move_value(const Level& level, const State& before, const State& after, std::int64_t jelly_before) {
    std::int64_t value = after.score - before.score;
    if (level.goal.jelly) value += 1000 * (jelly_before - jelly_left(after));
    for (const CollectGoal& c : level.goal.collect) {
        if (c.color < 0 || static_cast<std::size_t>(c.color) >= after.collected.size()) continue;
        const auto i = static_cast<std::size_t>(c.color);
        const std::int64_t still_needed = std::max(0, c.count - before.collected[i]);
        value += 1000 * std::min<std::int64_t>(after.collected[i] - before.collected[i], still_needed);
    }
    return value;
}
}  // namespace

std::optional<Swap> choose_swap(Bot bot, const Level& level, const RulesConfig& rules, const State& state,
                                BotWorkspace& ws, std::stop_token stop) {
    ws.scanner.scan(state.board, rules);
    const auto& swaps = ws.scanner.legal_swaps();
    if (swaps.empty()) return std::nullopt;
    std::size_t best = 0;
    if (bot == Bot::greedy) {
        int best_count = -1;
        for (std::size_t i = 0; i < swaps.size(); ++i) {
            const int count = ws.scanner.clear_count(swaps[i]);
            if (count > best_count) {
                best_count = count;
                best = i;
            }
        }
        return swaps[best];
    }
    const std::int64_t jelly_before = level.goal.jelly ? jelly_left(state) : 0;
    std::int64_t best_value = -1;
    for (std::size_t i = 0; i < swaps.size(); ++i) {
        if (stop.stop_requested()) break;
        ws.trial = state;
        std::swap(ws.trial.board.at(swaps[i].a), ws.trial.board.at(swaps[i].b));
        // settle(), step by step: one trial on 256x256 with two colours cascades 1,000 steps
        // (seconds), so the time budget is looked at between steps too.
        for (int step = 0; step < max_cascade_steps && !stop.stop_requested(); ++step)
            if (!resolve_step(ws.trial, rules, Resolution::lookahead, ws.scratch)) break;
        const std::int64_t value = move_value(level, state, ws.trial, jelly_before);
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return swaps[best];
}

PlayoutOutcome playout(Bot bot, const Level& level, const State& start, std::uint64_t refill_seed, BotWorkspace& ws,
                       std::stop_token stop) {
    const RulesConfig rules = RulesConfig::of(level);
    const int limit = level.goal.moves ? std::max(*level.goal.moves, 0) : default_playout_moves;
    State state = start;
    state.rng = Rng(refill_seed);
    PlayoutOutcome out;
    for (;;) {
        if (level_won(level, state)) {
            out.won = true;
            out.moves_left = std::max(limit - state.moves, 0);
            break;
        }
        if (state.moves >= limit) break;
        if (stop.stop_requested()) {
            out.interrupted = true;
            break;
        }
        const auto swap = choose_swap(bot, level, rules, state, ws, stop);
        if (stop.stop_requested()) {  // the choice may be cut short: half a game is no result
            out.interrupted = true;
            break;
        }
        if (!swap) {
            out.dead = true;
            break;
        }
        play_swap(state, rules, *swap, ws.scratch);
    }
    out.moves_used = state.moves;
    out.score = state.score;
    return out;
}

EstimateResult estimate_pass_rate(const Level& level, const EstimateOptions& options, std::stop_token stop,
                                  Progress* progress) {
    const auto bot = parse_bot(options.bot);
    if (!bot) throw std::invalid_argument("unknown match3 bot '" + options.bot + "' (expected greedy or lookahead)");
    PlayoutDeadline deadline(stop, options.time_budget_ms);  // the start's cascade counts against it too
    const std::stop_token playout_stop = deadline.token();
    const State start = start_state(level);
    const int limit = level.goal.moves ? std::max(*level.goal.moves, 0) : default_playout_moves;
    auto outcomes = run_playouts(
        options.runs, options.threads,
        [&](int run) {
            BotWorkspace ws;
            return playout(*bot, level, start, playout_seed(options.seed, static_cast<std::uint64_t>(run)), ws,
                           playout_stop);
        },
        playout_stop, progress);
    EstimateResult r =
        summarize_playouts(outcomes, options.runs, stop.stop_requested(), deadline.timed_out(), options.time_budget_ms);
    std::vector<double> moves_left(static_cast<std::size_t>(limit) + 1, 0.0);
    double score_sum = 0;
    for (const auto& o : outcomes) {
        if (o.won) moves_left[static_cast<std::size_t>(std::clamp(o.moves_left, 0, limit))] += 1;
        score_sum += static_cast<double>(o.score);
    }
    r.json["bot"] = bot_name(*bot);
    r.json["move_limit"] = limit;
    r.json["mean_score"] = outcomes.empty() ? 0.0 : score_sum / static_cast<double>(outcomes.size());
    auto histogram = nlohmann::ordered_json::array();
    for (double n : moves_left) histogram.push_back(static_cast<int>(n));
    r.json["moves_left_on_wins"] = std::move(histogram);
    r.histograms.push_back({"moves_left_on_wins", std::move(moves_left)});
    return r;
}

}  // namespace tilelab::match3
