// Seeded slide playouts (expectimax, greedy or random bot) and `estimate`'s summary with the highest tiles.
#include "tilelab/slide/bot.hpp"

#include <map>
#include <stdexcept>

#include "tilelab/slide/puzzle.hpp"
#include "tilelab/slide/slide.hpp"

namespace tilelab::slide {

std::vector<std::pair<int, double>> spawn_chances(const Rules& rules) {
    const SpawnTable table = SpawnTable::of(rules);
    std::vector<std::pair<int, double>> chances;
    for (std::size_t i = 0; i < table.values.size(); ++i)
        chances.emplace_back(exponent_of(table.values[i]), table.probability(i));
    return chances;
}

bool parse_bot(const std::string& name, BotKind& out) {
    if (name.empty() || name == "expectimax") {
        out = BotKind::expectimax;
        return true;
    }
    if (name == "expectimax-deep") {
        out = BotKind::expectimax_deep;
        return true;
    }
    if (name == "greedy") {
        out = BotKind::greedy;
        return true;
    }
    if (name == "quick") {
        out = BotKind::quick;
        return true;
    }
    if (name == "random") {
        out = BotKind::random;
        return true;
    }
    return false;
}

std::string bot_name(BotKind bot) {
    switch (bot) {
    case BotKind::expectimax:
        return "expectimax";
    case BotKind::expectimax_deep:
        return "expectimax-deep";
    case BotKind::greedy:
        return "greedy";
    case BotKind::quick:
        return "quick";
    case BotKind::random:
        return "random";
    }
    return "expectimax";
}

namespace {

[[noreturn]] void throw_unknown_bot(const std::string& name) {
    throw std::invalid_argument("unknown slide bot '" + name +
                                "' (expected expectimax, expectimax-deep, quick, greedy or random)");
}

// The search bots' line on a level without spawns: its first shortest solution (puzzle.hpp).
template <class Path>
std::optional<std::vector<Direction>> plan_from(const Path& path, const typename Path::Position& start, const Level& level,
                                                const StopToken& stop) {
    PuzzleLimits limits;
    limits.max_positions = std::min(puzzle_bot_positions, position_budget(path.cell_count));
    PuzzleSearch found = shortest_solution(path, start, level.goal.as<Goal>().target, limits, stop);
    if (found.verdict != Verdict::solvable) return std::nullopt;
    return std::move(found.moves);
}

// The game loop of a playout, on whichever path the level fits. Spawns follow docs/randomness.md
// exactly (cell first, over the empty cells in row-major order, then the value), so a playout is a game
// that `tilelab apply` would replay move for move with a state seeded the same way.
template <class Path>
PlayoutOutcome play_on(const Path& path, const Level& level, BotKind bot, Rng rng, const StopToken& stop, DepthRule depth,
                       int curve_cap, const std::optional<std::vector<Direction>>* shared_plan, std::vector<Direction>* played,
                       SearchStats* stats) {
    const Rules& rules = level.rules.as<Rules>();
    const int target = level.goal.as<Goal>().target;
    const State start = start_state(level);
    auto position = path.from_board(start.board);
    const SpawnTable spawns = SpawnTable::of(rules);
    std::vector<std::uint8_t> spawn_exponents;
    for (std::int32_t v : spawns.values) spawn_exponents.push_back(exponent_of(v));
    std::vector<std::pair<int, double>> chances = spawn_chances(rules);
    if (bot == BotKind::quick && !chances.empty()) {  // only the likeliest value (the first of equals), as if it always came
        std::pair<int, double> likeliest = chances.front();
        for (const auto& c : chances)
            if (c.second > likeliest.second) likeliest = c;
        chances = {{likeliest.first, 1.0}};
    }
    ExpectimaxBot<Path> searcher(path, std::move(chances), depth, 1e-4, stop);
    // Without spawns the game is deterministic: the search bots look for the fewest moves to the
    // target once, exactly (shortest_solution), and play that line; the level's goal, not the
    // score, decides. When the search finds none within its positions they play the look-ahead
    // (its chance layers become plain moves).
    const bool puzzle = spawns.none() && bot != BotKind::greedy && bot != BotKind::random;
    bool planned = false;
    std::vector<Direction> plan;
    std::size_t planned_moves = 0;
    Rng bot_rng(bot_seed(rng.state()));  // random's own draws; rng (the spawns) is still at the playout seed
    std::vector<int> empty;
    empty.reserve(static_cast<std::size_t>(path.cell_count));

    // The game is played on past the level's move limit up to `cap` only for the curve (won_at);
    // `out` keeps the figures as of the level's own limit.
    const int no_limit = spawns.none() ? puzzle_move_cap : playout_move_cap;
    const int limit = level.goal.moves ? *level.goal.moves : no_limit;
    const int cap = level.goal.moves ? std::max(limit, curve_cap) : no_limit;
    PlayoutOutcome out;
    bool fixed = false;
    int moves = 0;
    std::int64_t score = start.score;
    int highest_tile = 0;
    auto fix = [&](bool won, bool dead) {
        out.won = won;
        out.dead = dead;
        if (won && level.goal.moves) out.moves_left = *level.goal.moves - moves;
        out.moves_used = moves;
        out.score = score;
        out.highest_tile = highest_tile;
        fixed = true;
    };
    for (;;) {
        const int highest = Path::highest_exponent(position);
        highest_tile = highest ? (1 << highest) : 0;
        if (highest_tile >= target) {  // as goal_reached: within the limit here
            out.won_at = moves;
            if (!fixed) fix(true, false);
            break;
        }
        if (!fixed && moves >= limit) fix(false, false);
        if (moves >= cap) break;
        if (stop.stop_requested()) {
            out.interrupted = true;
            break;
        }
        if (puzzle && !planned) {
            planned = true;
            if (shared_plan) {
                if (*shared_plan) plan = **shared_plan;
            } else if (auto found = plan_from(path, position, level, stop)) {
                plan = std::move(*found);
            }
        }
        const std::optional<Direction> choice = bot == BotKind::greedy
                                                    ? greedy_choice(path, position, spawns.none() ? &bot_rng : nullptr)
                                                : bot == BotKind::random      ? random_choice(path, position, bot_rng)
                                                : planned_moves < plan.size() ? std::optional<Direction>(plan[planned_moves++])
                                                                              : searcher.choose(position);
        if (stop.stop_requested()) {  // the search was cut short: its choice means nothing
            out.interrupted = true;
            break;
        }
        if (!choice) {
            out.dead_at = moves;
            if (!fixed) fix(false, true);
            break;
        }
        std::int64_t merged_sum = 0;
        position = path.move(position, *choice, merged_sum);
        score += score_gain(rules.score, merged_sum);
        ++moves;
        if (played) played->push_back(*choice);
        empty.clear();
        for (int c = 0; c < path.cell_count; ++c)
            if (Path::exponent_at(position, c) == 0) empty.push_back(c);
        if (!empty.empty() && !spawns.none()) {
            const int cell = empty[rng.uniform(static_cast<std::uint32_t>(empty.size()))];
            const std::int32_t value = spawns.draw_value(rng);
            position = Path::with_tile(position, cell, exponent_of(value));
        }
    }
    if (!fixed) fix(false, false);  // interrupted: never counted
    if (stats) *stats += searcher.stats();
    return out;
}

}  // namespace

std::optional<std::vector<Direction>> puzzle_plan(const Level& level, const StopToken& stop) {
    const Board start = start_state(level).board;
    if (fits_table_path(level)) {
        const TablePath path;
        return plan_from(path, path.from_board(start), level, stop);
    }
    const GridPath path(level.width(), level.height());
    return plan_from(path, path.from_board(start), level, stop);
}

PlayoutOutcome play_out(const Level& level, BotKind bot, std::uint64_t seed, int run_index, const StopToken& stop,
                        std::optional<DepthRule> depth, bool general_path, int curve_cap,
                        const std::optional<std::vector<Direction>>* puzzle_plan, std::vector<Direction>* moves,
                        SearchStats* stats) {
    Rng rng(playout_seed(seed, static_cast<std::uint64_t>(run_index)));
    const bool deep = bot == BotKind::expectimax_deep;
    if (bot == BotKind::quick && !depth) depth = DepthRule::quick();
    if (!general_path && fits_table_path(level))
        return play_on(TablePath(), level, bot, rng, stop,
                       depth.value_or(deep ? DepthRule::deep_table_path() : DepthRule::for_table_path()), curve_cap, puzzle_plan,
                       moves, stats);
    return play_on(GridPath(level.width(), level.height()), level, bot, rng, stop,
                   depth.value_or(deep ? DepthRule::deep_general_path() : DepthRule::for_general_path()), curve_cap, puzzle_plan,
                   moves, stats);
}

EstimateResult estimate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress) {
    BotKind bot{};
    if (!parse_bot(options.bot, bot)) throw_unknown_bot(options.bot);
    PlayoutDeadline deadline(stop, options.time_budget_ms);
    const StopToken playout_stop = deadline.token();
    // Without spawns every run of a search bot plays the same line: found once, here.
    std::optional<std::vector<Direction>> plan;
    const bool shared = has_no_spawns(level) && bot != BotKind::greedy && bot != BotKind::random;
    if (shared) plan = puzzle_plan(level, playout_stop);
    auto outcomes = run_playouts_to_precision(
        options.runs, options.precision, options.threads,
        [&](int run_index) {
            return play_out(level, bot, options.seed, run_index, playout_stop, {}, false, options.curve_cap,
                            shared ? &plan : nullptr);
        },
        playout_stop, progress, options.first_run);
    return summarize(level, options, std::move(outcomes), stop.stop_requested(), deadline.timed_out());
}

Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop) {
    BotKind bot{};
    if (!parse_bot(options.bot, bot)) throw_unknown_bot(options.bot);
    Replay r;
    r.run = run;
    r.bot = bot_name(bot);
    r.seed = options.seed;
    // As estimate plays it: without spawns the search bots' line is found once for every run.
    std::optional<std::vector<Direction>> plan;
    const bool shared = has_no_spawns(level) && bot != BotKind::greedy && bot != BotKind::random;
    if (shared) plan = puzzle_plan(level, stop);
    std::vector<Direction> moves;
    // curve_cap 0: the game ends where its figures are fixed (they do not depend on the cap).
    r.outcome = play_out(level, bot, options.seed, run, stop, {}, false, 0, shared ? &plan : nullptr, &moves);
    // The states: the same game through play() (docs/randomness.md: the playout spawns as play does).
    r.start = start_state(level);
    r.start.rng = Rng(playout_seed(options.seed, static_cast<std::uint64_t>(run)));
    const State* at = &r.start;
    r.steps.reserve(moves.size());
    for (Direction d : moves) {
        StepResult step = ops().play(level, *at, Move{d});
        if (!step.legal)
            throw std::logic_error("slide replay: the playout's move " + std::string(direction_name(d)) +
                                   " is refused by play(): " + step.why);
        r.steps.push_back(ReplayStep{d, std::move(step.state)});
        at = &r.steps.back().state;
    }
    return r;
}

EstimateResult summarize(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes, bool stopped,
                         bool timed_out) {
    BotKind bot{};
    if (!parse_bot(options.bot, bot)) throw_unknown_bot(options.bot);
    EstimateResult r = summarize_playouts(outcomes, options.runs, stopped, timed_out, options.time_budget_ms, options.precision);

    std::map<int, int> highest;  // tile value -> runs that ended with it as their highest tile
    double score_sum = 0;
    std::vector<double> highest_per_run;
    std::vector<double> score_per_run;
    for (const auto& o : outcomes) {
        ++highest[o.highest_tile];
        score_sum += static_cast<double>(o.score);
        highest_per_run.push_back(o.highest_tile);
        score_per_run.push_back(static_cast<double>(o.score));
    }
    r.json["bot"] = bot_name(bot);
    r.json["target"] = level.goal.as<Goal>().target;
    r.json["mean_score"] = r.runs ? score_sum / r.runs : 0.0;
    nlohmann::ordered_json distribution = nlohmann::ordered_json::object();
    for (const auto& [tile, runs] : highest) distribution[std::to_string(tile)] = runs;
    r.json["highest_tile"] = distribution;
    r.series.emplace_back("highest tile", std::move(highest_per_run));
    r.series.emplace_back("score", std::move(score_per_run));
    add_curve(r, outcomes, level.goal.moves ? std::optional<int>(std::max(*level.goal.moves, options.curve_cap)) : std::nullopt,
              CurveRule::reach);
    r.outcomes = std::move(outcomes);
    return r;
}

}  // namespace tilelab::slide
