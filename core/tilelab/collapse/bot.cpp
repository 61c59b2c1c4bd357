// collapse's bots and their seeded playouts behind `tilelab estimate` (docs/collapse.md "Bots"):
// random (any legal tap), greedy (the tap that clears the most), lookahead (two taps deep,
// scored by the goal's progress).
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/collapse/collapse.hpp"

namespace tilelab::collapse {

bool parse_bot(const std::string& name, Bot& out) {
    if (name.empty() || name == "lookahead") out = Bot::lookahead;
    else if (name == "greedy") out = Bot::greedy;
    else if (name == "random") out = Bot::random;
    else return false;
    return true;
}

const char* bot_name(Bot bot) {
    switch (bot) {
    case Bot::random:
        return "random";
    case Bot::greedy:
        return "greedy";
    case Bot::lookahead:
        return "lookahead";
    }
    return "lookahead";
}

namespace {

// How many of the best first taps (by what they do alone) the lookahead bot plays a second tap
// after: a fifth of the work of trying every pair on an 8x8 board.
constexpr std::size_t lookahead_width = 6;

[[noreturn]] void throw_unknown_bot(const std::string& name) {
    throw std::invalid_argument("unknown collapse bot '" + name + "' (expected lookahead, greedy or random)");
}

// The cells a tap cleared (its clear event's).
std::size_t cells_cleared(const StepResult& step) {
    for (const Event& e : step.events)
        if (const auto* clear = std::get_if<event::Clear>(&e)) return clear->cells ? clear->cells->size() : 0;
    return 0;
}

std::int64_t items_on(const Board& b) { return std::count_if(b.cells.begin(), b.cells.end(), is_item); }

// How far the state is towards the goal, 0 (nothing) to 1 per objective, summed; with no
// objective, the score. A met goal outranks everything, sooner first; a dead board ranks last.
double evaluate(const Level& level, const State& s, std::int64_t items_at_start, std::int64_t jelly_at_start) {
    const Goal& g = goal_of(level);
    const Rules& r = rules_of(level);
    if (objectives_met(g, s)) return 1e9 - s.moves;
    if (!has_legal_tap(s.board, r.min_group)) return -1e9;
    double progress = 0;
    bool any = false;
    if (g.score) {
        any = true;
        progress += std::min(1.0, static_cast<double>(s.score) / static_cast<double>(std::max<std::int64_t>(*g.score, 1)));
    }
    for (const CollectTarget& t : g.collect) {
        any = true;
        const auto c = static_cast<std::size_t>(t.color);
        const double got = c < s.collected.size() ? static_cast<double>(s.collected[c]) : 0.0;
        progress += std::min(1.0, got / std::max(t.count, 1));
    }
    if (g.jelly && jelly_at_start > 0) {
        any = true;
        progress += 1.0 - static_cast<double>(jelly_left(s)) / static_cast<double>(jelly_at_start);
    }
    if (g.clear && items_at_start > 0) {
        any = true;
        progress += 1.0 - static_cast<double>(items_on(s.board)) / static_cast<double>(items_at_start);
    }
    if (!any) progress = static_cast<double>(s.score) * 1e-6;
    return progress * 1000.0;
}

}  // namespace

Cell choose_tap(const Level& level, const State& state, Bot bot, Rng& rng) {
    const Rules& rules = rules_of(level);
    const std::vector<Cell> taps = distinct_taps(state.board, rules.min_group);
    if (taps.empty()) throw std::logic_error("collapse bot: no legal tap");
    if (bot == Bot::random) return taps[rng.uniform(static_cast<std::uint32_t>(taps.size()))];
    // The refills a bot imagines come from its own generator, never the game's.
    State trial = state;
    trial.rng = Rng(rng.next());
    if (bot == Bot::greedy) {  // the most cells cleared; the first such tap in row-major order
        Cell best = taps.front();
        std::size_t most = 0;
        for (Cell c : taps) {
            const std::size_t cleared = cells_cleared(tap(rules, trial, c, true));
            if (cleared > most) most = cleared, best = c;
        }
        return best;
    }
    std::int64_t jelly_start = 0;
    if (level.jelly)
        for (std::int32_t layers : level.jelly->cells) jelly_start += std::max(layers, 0);
    const std::int64_t items_start = std::max<std::int64_t>(items_on(level.board), 1);
    // Every tap one deep; the best `lookahead_width` of them (ties in row-major order) two deep.
    struct Candidate {
        Cell tap;
        State after;
        double value = 0;
    };
    std::vector<Candidate> candidates;
    candidates.reserve(taps.size());
    for (Cell c : taps) {
        State one = tap(rules, trial, c, false).state;
        const double value = evaluate(level, one, items_start, jelly_start);
        candidates.push_back({c, std::move(one), value});
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.value > b.value; });
    if (candidates.size() > lookahead_width) candidates.resize(lookahead_width);
    Cell best = candidates.front().tap;
    double best_value = -1e18;
    for (const Candidate& k : candidates) {
        double value = k.value;
        const bool ends = objectives_met(goal_of(level), k.after) || (level.goal.moves && k.after.moves >= *level.goal.moves);
        if (!ends && value > -1e9)
            for (Cell d : distinct_taps(k.after.board, rules.min_group))
                value = std::max(value, evaluate(level, tap(rules, k.after, d, false).state, items_start, jelly_start));
        if (value > best_value) best_value = value, best = k.tap;
    }
    return best;
}

namespace {

PlayoutOutcome play_out(const Level& level, Bot bot, std::uint64_t seed, int run, const StopToken& stop, int curve_cap,
                        std::vector<Cell>* taps) {
    const Rules& rules = rules_of(level);
    const Goal& goal = goal_of(level);
    State s = start(level);
    s.rng = Rng(playout_seed(seed, static_cast<std::uint64_t>(run)));
    Rng bot_rng(playout_seed(seed ^ 0xB0B0B0B0B0B0B0B0ull, static_cast<std::uint64_t>(run)));
    const int limit = level.goal.moves.value_or(-1);
    const int cap = limit < 0 ? unlimited_moves : std::max(limit, curve_cap);
    PlayoutOutcome o;
    std::int64_t score_at_limit = -1;
    for (;;) {
        if (s.moves == limit) score_at_limit = s.score;
        if (objectives_met(goal, s)) {
            o.won_at = s.moves;
            break;
        }
        if (!has_legal_tap(s.board, rules.min_group)) {
            o.dead_at = s.moves;
            break;
        }
        if (s.moves >= cap) break;
        if (stop.stop_requested()) {
            o.interrupted = true;
            return o;
        }
        const Cell c = choose_tap(level, s, bot, bot_rng);
        if (taps) taps->push_back(c);
        s = tap(rules, s, c, false).state;
    }
    const bool within = [&](int at) { return at >= 0 && (limit < 0 || at <= limit); }(o.won_at);
    o.won = within;
    o.dead = o.dead_at >= 0 && (limit < 0 || o.dead_at <= limit);
    o.moves_used = limit < 0 ? s.moves : std::min(s.moves, limit);
    o.moves_left = o.won && limit >= 0 ? limit - o.won_at : 0;
    o.score = score_at_limit >= 0 && s.moves > limit ? score_at_limit : s.score;
    return o;
}

Bot bot_of(const EstimateOptions& options) {
    Bot bot{};
    if (!parse_bot(options.bot, bot)) throw_unknown_bot(options.bot);
    return bot;
}

}  // namespace

EstimateResult estimate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress) {
    const Bot bot = bot_of(options);
    PlayoutDeadline deadline(stop, options.time_budget_ms);
    const StopToken playout_stop = deadline.token();
    // Without refill and reshuffle nothing draws from the game's generator, and the greedy and
    // lookahead bots choose without theirs: every run plays the same game, played once here.
    const Rules& rules = rules_of(level);
    std::optional<PlayoutOutcome> every_run;
    if (!rules.refill && !rules.reshuffle && bot != Bot::random)
        every_run = play_out(level, bot, options.seed, 0, playout_stop, options.curve_cap, nullptr);
    auto outcomes = run_playouts_to_precision(
        options.runs, options.precision, options.threads,
        [&](int run) {
            return every_run ? *every_run : play_out(level, bot, options.seed, run, playout_stop, options.curve_cap, nullptr);
        },
        playout_stop, progress, options.first_run);
    return summarize(level, options, std::move(outcomes), stop.stop_requested(), deadline.timed_out());
}

EstimateResult summarize(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes, bool stopped,
                         bool timed_out) {
    const Bot bot = bot_of(options);
    EstimateResult r = summarize_playouts(outcomes, options.runs, stopped, timed_out, options.time_budget_ms, options.precision);
    double score_sum = 0;
    std::vector<double> scores;
    for (const PlayoutOutcome& o : outcomes) {
        score_sum += static_cast<double>(o.score);
        scores.push_back(static_cast<double>(o.score));
    }
    r.json["bot"] = bot_name(bot);
    r.json["mean_score"] = r.runs ? score_sum / r.runs : 0.0;
    r.series.emplace_back("score", std::move(scores));
    add_curve(r, outcomes, level.goal.moves ? std::optional<int>(std::max(*level.goal.moves, options.curve_cap)) : std::nullopt,
              CurveRule::reach);
    r.outcomes = std::move(outcomes);
    return r;
}

Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop) {
    const Bot bot = bot_of(options);
    Replay r;
    r.run = run;
    r.bot = bot_name(bot);
    r.seed = options.seed;
    std::vector<Cell> taps;
    r.outcome = play_out(level, bot, options.seed, run, stop, 0, &taps);
    r.start = start(level);
    r.start.rng = Rng(playout_seed(options.seed, static_cast<std::uint64_t>(run)));
    const State* at = &r.start;
    r.steps.reserve(taps.size());
    for (Cell c : taps) {
        StepResult step = tap(rules_of(level), *at, c, false);
        if (!step.legal) throw std::logic_error("collapse replay: the playout's tap is refused: " + step.why);
        r.steps.push_back(ReplayStep{TapMove{c}, std::move(step.state)});
        at = &r.steps.back().state;
    }
    return r;
}

}  // namespace tilelab::collapse
