// match3 goals, the random, greedy and lookahead bots (mcts.cpp: mcts), and seeded playouts that give the same figures on any thread count.
#include "tilelab/match3/bot.hpp"

#include <algorithm>
#include <stdexcept>

#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/mcts.hpp"

namespace tilelab::match3 {

bool has_objectives(const Goal& goal) {
    return goal.score.has_value() || goal.jelly || !goal.collect.empty() || goal.crates || goal.ingredients.has_value();
}

bool objectives_hold(const Level& level, const State& state) {
    const Goal& goal = level.goal.as<Goal>();
    if (goal.score && state.score < *goal.score) return false;
    if (goal.jelly && state.jelly)
        for (std::int32_t layers : state.jelly->cells)
            if (layers > 0) return false;
    for (const CollectGoal& c : goal.collect) {
        if (c.count <= 0) continue;
        if (c.color < 0 || static_cast<std::size_t>(c.color) >= state.collected.size()) return false;
        if (state.collected[static_cast<std::size_t>(c.color)] < c.count) return false;
    }
    if (goal.crates)
        for (std::int32_t v : state.board.cells)
            if (cell::is_crate(v)) return false;
    if (goal.ingredients && state.ingredients < *goal.ingredients) return false;
    return true;
}

bool level_won(const Level& level, const State& state) {
    const tilelab::Goal& goal = level.goal;
    if (has_objectives(goal.as<Goal>())) return (!goal.moves || state.moves <= *goal.moves) && objectives_hold(level, state);
    if (goal.moves) return state.moves >= *goal.moves;
    return false;
}

std::optional<Bot> parse_bot(std::string_view name) {
    if (name.empty()) return default_bot;
    for (Bot bot : {Bot::random, Bot::greedy, Bot::lookahead, Bot::mcts})
        if (name == bot_name(bot)) return bot;
    return std::nullopt;
}

std::string_view bot_name(Bot bot) {
    switch (bot) {
    case Bot::random:
        return "random";
    case Bot::greedy:
        return "greedy";
    case Bot::lookahead:
        return "lookahead";
    case Bot::mcts:
        return "mcts";
    }
    return "lookahead";
}

void play_swap(State& state, const RulesConfig& rules, const Swap& swap, Scratch& scratch) {
    Scratch::KnownStep& known = scratch.known;
    const bool first_known = known.valid && known.a == swap.a && known.b == swap.b && known.min_match == rules.min_match &&
                             known.score_per_piece == rules.score_per_piece && known.width == state.board.width &&
                             known.before == state.board.cells;
    known.valid = false;
    if (scratch.byte_rows && rules.min_match == 3 && rules.colors <= ByteBoard::max_colour && scratch.bytes.load(state.board)) {
        // The move on byte rows: resolution steps as resolve_step plays them (scored, with refill),
        // then the board written back.
        ByteBoard& board = scratch.bytes;
        board.swap(swap.a, swap.b);
        ++state.moves;
        const int w = state.board.width;
        auto cleared = [&state, w](int colour, int x, int y) {
            if (static_cast<std::size_t>(colour) < state.collected.size()) ++state.collected[static_cast<std::size_t>(colour)];
            if (state.jelly) {
                std::int32_t& layers = state.jelly->cells[static_cast<std::size_t>(y * w + x)];
                if (layers > 0) --layers;
            }
        };
        for (int steps = 0; steps < max_cascade_steps; ++steps) {
            if (!board.step(rules.score_per_piece, state.score, cleared)) break;
            board.refill(rules.colors, state.rng);
        }
        board.store(state.board);
        return;
    }
    std::swap(state.board.at(swap.a), state.board.at(swap.b));
    ++state.moves;
    if (!first_known) {
        settle(state, rules, Resolution::scored, scratch);
        return;
    }
    // The first step as resolve_step plays it (clear, score, collected, jelly, gravity, refill),
    // then the rest of the cascade as settle() plays it.
    for (int idx : known.cells) {
        std::int32_t& v = state.board.cells[static_cast<std::size_t>(idx)];
        if (static_cast<std::size_t>(v) < state.collected.size()) ++state.collected[static_cast<std::size_t>(v)];
        if (state.jelly) {
            std::int32_t& layers = state.jelly->cells[static_cast<std::size_t>(idx)];
            if (layers > 0) --layers;
        }
        v = cell::empty;
    }
    state.score += known.points;
    apply_gravity(state.board);
    refill(state.board, rules.colors, state.rng);
    for (int steps = 1; steps < max_cascade_steps; ++steps)
        if (!resolve_step(state, rules, Resolution::scored, scratch)) break;
}

namespace {
// choose_swap's answer, with its first step when the scanner knows it (for play_swap).
std::optional<Swap> chosen(const Swap& swap, const State& state, const RulesConfig& rules, BotWorkspace& ws) {
    Scratch::KnownStep& known = ws.scratch.known;
    // play_swap plays a board the scanner took as byte rows on byte rows, without the known step.
    known.valid = !ws.scanner.bytes() && ws.scanner.settled_first_step(swap, known.cells, known.points);
    if (known.valid) {
        known.min_match = rules.min_match;
        known.score_per_piece = rules.score_per_piece;
        known.a = swap.a;
        known.b = swap.b;
        known.width = state.board.width;
        known.before = state.board.cells;
    }
    return swap;
}
}  // namespace

namespace {
std::int64_t jelly_left(const State& s) {
    std::int64_t n = 0;
    if (s.jelly)
        for (std::int32_t layers : s.jelly->cells) n += std::max(layers, 0);
    return n;
}

std::int64_t crate_hp_left(const State& s) {
    // Branch-free in 32 bits (the loop vectorises; at most 65,536 cells of 5): a crate's hit points
    // are 1 .. max_crate_hp.
    std::int32_t n = 0;
    for (std::int32_t v : s.board.cells) {
        // hit points - 1, in unsigned arithmetic (no overflow for any cell value)
        const std::uint32_t less_one = static_cast<std::uint32_t>(cell::crate(1)) - static_cast<std::uint32_t>(v);
        n += less_one < static_cast<std::uint32_t>(cell::max_crate_hp) ? static_cast<std::int32_t>(less_one) + 1 : 0;
    }
    return n;
}

// How far the ingredients still on the board are from the bottom (rows), summed.
std::int64_t ingredient_height(const State& s) {
    std::int64_t n = 0;
    const int w = s.board.width, h = s.board.height;
    for (int i = 0; i < w * h; ++i)
        if (s.board.cells[static_cast<std::size_t>(i)] == cell::ingredient) n += h - 1 - i / w;
    return n;
}
}  // namespace

int specials_on(const State& s) {
    int n = 0;
    // Branch-free (the loop vectorises): specials are the values from the first special type's on.
    constexpr std::int32_t first_special = cell::special(0, cell::line_h);
    for (std::int32_t v : s.board.cells) n += static_cast<int>(v >= first_special) | static_cast<int>(v == cell::color_bomb);
    return n;
}

GoalMeter::GoalMeter(const Level& level, const State& s, bool count_specials) {
    const Goal& goal = level.goal.as<Goal>();
    jelly = goal.jelly ? jelly_left(s) : 0;
    crates = goal.crates ? crate_hp_left(s) : 0;
    height = goal.ingredients ? ingredient_height(s) : 0;
    specials = count_specials ? specials_on(s) : 0;
}

// What the lookahead bot maximises: the level's objectives first, points last. Jelly and wanted pieces
// weigh more than any one move's points so that the bot works for the goal the level sets.
std::int64_t goal_progress(const Level& level, const State& before, const GoalMeter& meter, const State& after) {
    const Goal& goal = level.goal.as<Goal>();
    std::int64_t value = after.score - before.score;
    if (goal.jelly) value += 1000 * (meter.jelly - jelly_left(after));
    for (const CollectGoal& c : goal.collect) {
        if (c.color < 0 || static_cast<std::size_t>(c.color) >= after.collected.size()) continue;
        const auto i = static_cast<std::size_t>(c.color);
        const std::int64_t still_needed = std::max(0, c.count - before.collected[i]);
        value += 1000 * std::min<std::int64_t>(after.collected[i] - before.collected[i], still_needed);
    }
    if (goal.crates) value += 1000 * (meter.crates - crate_hp_left(after));
    if (goal.ingredients) {
        const std::int64_t needed = std::max(0, *goal.ingredients - before.ingredients);
        value += 5000 * std::min<std::int64_t>(after.ingredients - before.ingredients, needed);
        value += 300 * (meter.height - ingredient_height(after));
    }
    return value;
}

void lookahead_values_v2(const Level& level, const v2::Config& config, const State& state, const std::vector<CellPairMove>& moves,
                         BotWorkspace& ws, std::vector<std::int64_t>& values, const StopToken& stop) {
    const GoalMeter meter(level, state, true);
    values.clear();
    for (const CellPairMove& move : moves) {
        if (stop.stop_requested()) break;
        ws.trial = state;
        // play_move and the value ask only whether the move is a combo (the moves are legal).
        const v2::SwapKind kind = v2::is_combo(state.board, state.lock, move.a, move.b) ? v2::SwapKind::combo
                                                                                        : v2::SwapKind::runs;
        v2::play_move(ws.trial, config, move.a, move.b, kind, ws.v2, nullptr, v2::Mode::lookahead);
        std::int64_t value = goal_progress(level, state, meter, ws.trial);
        value += 200 * std::max(0, specials_on(ws.trial) - meter.specials);
        if (kind == v2::SwapKind::combo) value += 500;
        values.push_back(value);
    }
}

namespace {
// The first of the highest values (0 when there is none).
std::size_t first_best(const std::vector<std::int64_t>& values) {
    return values.empty() ? 0 : static_cast<std::size_t>(std::max_element(values.begin(), values.end()) - values.begin());
}
}  // namespace

namespace {
// Whether the state holds nothing format 2 adds: pieces without specials, empty cells, holes and
// blockers only, and no lock.
bool plain_pieces(const State& state) {
    if (state.lock && std::any_of(state.lock->cells.begin(), state.lock->cells.end(), [](std::int32_t v) { return v != 0; }))
        return false;
    for (const std::int32_t v : state.board.cells)
        if (v >= 256 || (v < 0 && v != cell::empty && v != cell::hole && v != cell::blocker)) return false;
    return true;
}
}  // namespace

std::optional<CellPairMove> choose_move_v2(Bot bot, const Level& level, const v2::Config& config, const State& state,
                                           BotWorkspace& ws, const StopToken& stop) {
    if (bot == Bot::mcts) return choose_move_v2_mcts(level, config, state, ws, stop);
    if (bot == Bot::greedy && plain_pieces(state)) {
        // Nothing but plain pieces: format 2's legal moves and first-step clears are version 1's,
        // in the same order, so the version 1 scan picks the same move.
        ws.scanner.scan(state.board, RulesConfig{config.colors, config.min_match, config.score_per_piece});
        const std::optional<Swap> swap = ws.scanner.greedy_swap();
        if (!swap) return std::nullopt;
        return CellPairMove{swap->a, swap->b};
    }
    std::vector<CellPairMove>& moves = ws.v2_moves;
    v2::legal_moves(state.board, state.lock, config.min_match, moves);
    if (moves.empty()) return std::nullopt;
    if (bot == Bot::random) return moves[ws.rng.uniform(static_cast<std::uint32_t>(moves.size()))];
    std::size_t best = 0;
    if (bot == Bot::greedy) {
        std::size_t best_count = 0;
        bool any = false;
        std::vector<std::size_t>& counts = ws.v2_counts;
        v2::clear_counts(state, config, moves, ws.v2, counts);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const std::size_t count = counts[i];
            if (!any || count > best_count) {
                any = true;
                best_count = count;
                best = i;
            }
        }
        return moves[best];
    }
    lookahead_values_v2(level, config, state, moves, ws, ws.values, stop);
    return moves[first_best(ws.values)];
}

void lookahead_values(const Level& level, const RulesConfig& rules, const State& state, BotWorkspace& ws,
                      std::vector<std::int64_t>& values, const StopToken& stop) {
    const auto& swaps = ws.scanner.legal_swaps();
    const GoalMeter meter(level, state, false);
    const Goal& goal = level.goal.as<Goal>();
    values.clear();
    // The trial holds what a lookahead resolution changes and goal_progress reads: the board, score,
    // collected pieces, and the jelly only when the goal counts it (jelly changes nothing else). The
    // copies reuse the trial's buffers: no allocation per swap.
    State& trial = ws.trial;
    trial.board.width = state.board.width;
    trial.board.height = state.board.height;
    if (!goal.jelly) trial.jelly.reset();
    const ByteBoard* start = ws.scanner.bytes();
    if (start && !goal.crates && !goal.ingredients) {
        // The scanner's byte rows (a settled board, min_match 3): each trial plays its steps as
        // resolve_step plays them in lookahead (no refill) on a copy of them; goal_progress reads
        // the score, the collected pieces and the jelly, never this trial's board.
        ByteBoard& board = ws.trial_bytes;
        const int w = state.board.width;
        auto cleared = [&trial, w](int colour, int x, int y) {
            if (static_cast<std::size_t>(colour) < trial.collected.size()) ++trial.collected[static_cast<std::size_t>(colour)];
            if (trial.jelly) {
                std::int32_t& layers = trial.jelly->cells[static_cast<std::size_t>(y * w + x)];
                if (layers > 0) --layers;
            }
        };
        Cell first[HintScanner::first_step_cells];
        for (std::size_t i = 0; i < swaps.size(); ++i) {
            if (stop.stop_requested()) break;
            trial.score = state.score;
            trial.collected = state.collected;
            if (goal.jelly) trial.jelly = state.jelly;
            board.copy_from(*start);
            board.swap(swaps[i].a, swaps[i].b);
            // The first step (a legal swap always has one) from the scanner's spans, as
            // resolve_step plays it: clear, score, gravity.
            std::int64_t points = 0;
            const int n = ws.scanner.byte_first_step(swaps[i], first, points);
            if (n >= 0) {
                ByteBoard::Emptied emptied;
                for (int k = 0; k < n; ++k) {  // in (x, y) order: each column's cells top down
                    const Cell c = first[k];
                    cleared(board.code(c.x, c.y) - 1, c.x, c.y);
                    board.clear(c.x, c.y);
                    emptied.add(c.x, c.y);
                }
                trial.score += points;
                board.gravity(emptied);
            } else {
                board.step(rules.score_per_piece, trial.score, cleared);
            }
            for (int step = 1; step < max_cascade_steps && !stop.stop_requested(); ++step)
                if (!board.step(rules.score_per_piece, trial.score, cleared)) break;
            values.push_back(goal_progress(level, state, meter, trial));
        }
        return;
    }
    for (std::size_t i = 0; i < swaps.size(); ++i) {
        if (stop.stop_requested()) break;
        trial.board.cells = state.board.cells;
        trial.score = state.score;
        trial.collected = state.collected;
        if (goal.jelly) trial.jelly = state.jelly;
        std::swap(ws.trial.board.at(swaps[i].a), ws.trial.board.at(swaps[i].b));
        int step = 0;
        std::int64_t points = 0;
        if (ws.scanner.settled_first_step(swaps[i], ws.cells, points)) {
            // The first step as resolve_step plays it in lookahead (clear, score, jelly, collected,
            // gravity, no refill), its cells and points known from the scanner's bitboards.
            for (int idx : ws.cells) {
                std::int32_t& v = trial.board.cells[static_cast<std::size_t>(idx)];
                if (static_cast<std::size_t>(v) < trial.collected.size()) ++trial.collected[static_cast<std::size_t>(v)];
                if (trial.jelly) {
                    std::int32_t& layers = trial.jelly->cells[static_cast<std::size_t>(idx)];
                    if (layers > 0) --layers;
                }
                v = cell::empty;
            }
            trial.score += points;
            apply_gravity(trial.board);
            step = 1;
        }
        // settle(), step by step: one trial on 256x256 with two colours cascades 1,000 steps
        // (seconds), so the time budget is looked at between steps too.
        for (; step < max_cascade_steps && !stop.stop_requested(); ++step)
            if (!resolve_step(ws.trial, rules, Resolution::lookahead, ws.scratch)) break;
        values.push_back(goal_progress(level, state, meter, ws.trial));
    }
}

std::optional<Swap> choose_swap(Bot bot, const Level& level, const RulesConfig& rules, const State& state, BotWorkspace& ws,
                                const StopToken& stop) {
    if (bot == Bot::mcts) return choose_swap_mcts(level, rules, state, ws, stop);
    ws.scanner.scan(state.board, rules);
    if (bot == Bot::greedy) {  // the first swap with the most clears
        const std::optional<Swap> swap = ws.scanner.greedy_swap();
        if (!swap) return std::nullopt;
        return chosen(*swap, state, rules, ws);
    }
    const auto& swaps = ws.scanner.legal_swaps();
    if (swaps.empty()) return std::nullopt;
    if (bot == Bot::random)  // one draw from the bot's own generator per move
        return chosen(swaps[ws.rng.uniform(static_cast<std::uint32_t>(swaps.size()))], state, rules, ws);
    lookahead_values(level, rules, state, ws, ws.values, stop);
    return chosen(swaps[first_best(ws.values)], state, rules, ws);
}

PlayoutOutcome playout(Bot bot, const Level& level, const State& start, std::uint64_t refill_seed, BotWorkspace& ws,
                       const StopToken& stop, int curve_cap, std::vector<ReplayStep>* record) {
    const RulesConfig rules = RulesConfig::of(level);
    const bool full = v2::active(level);
    const v2::Config config = full ? v2::Config::of(level) : v2::Config{};
    const int limit = playout_limit(level);
    // Past the level's own limit only for the curve, and only where a limit exists.
    const int cap = level.goal.moves ? std::max(limit, curve_cap) : limit;
    const bool objectives = has_objectives(level.goal.as<Goal>());
    State state = start;
    state.rng = Rng(refill_seed);
    ws.seed_bot(refill_seed);  // random's and mcts's own generator (bot_seed), never state.rng
    PlayoutOutcome out;
    bool fixed = false;  // the figures at the level's limit are set; the game goes on for the curve
    auto fix = [&](bool won, bool dead) {
        out.won = won;
        out.dead = dead;
        out.moves_left = won ? std::max(limit - state.moves, 0) : 0;
        out.moves_used = state.moves;
        out.score = state.score;
        fixed = true;
    };
    for (;;) {
        if (!fixed && level_won(level, state)) {
            fix(true, false);
            if (objectives) {
                out.won_at = state.moves;
                break;
            }
        } else if (fixed && objectives && objectives_hold(level, state)) {
            out.won_at = state.moves;
            break;
        }
        if (!fixed && state.moves >= limit) fix(false, false);
        if (state.moves >= cap) break;
        if (stop.stop_requested()) {
            out.interrupted = true;
            break;
        }
        if (full) {
            const auto move = choose_move_v2(bot, level, config, state, ws, stop);
            if (stop.stop_requested()) {
                out.interrupted = true;
                break;
            }
            if (!move) {
                out.dead_at = state.moves;
                if (!fixed) fix(false, true);
                break;
            }
            const v2::SwapKind kind = v2::classify(state.board, state.lock, move->a, move->b, config.min_match);
            v2::play_move(state, config, move->a, move->b, kind, ws.v2);
            if (record) record->push_back(ReplayStep{*move, state});
            continue;
        }
        const auto swap = choose_swap(bot, level, rules, state, ws, stop);
        if (stop.stop_requested()) {  // the choice may be cut short: half a game is no result
            out.interrupted = true;
            break;
        }
        if (!swap) {
            out.dead_at = state.moves;
            if (!fixed) fix(false, true);
            break;
        }
        play_swap(state, rules, *swap, ws.scratch);
        if (record) record->push_back(ReplayStep{CellPairMove{swap->a, swap->b}, state});
    }
    if (!fixed) fix(false, false);  // interrupted: never counted
    return out;
}

namespace {
Bot parse_bot_or_throw(const std::string& name) {
    const auto bot = parse_bot(name);
    if (!bot) throw std::invalid_argument("unknown match3 bot '" + name + "' (expected " + std::string(bot_names_expected) + ")");
    return *bot;
}
}  // namespace

int playout_limit(const Level& level) { return level.goal.moves ? std::max(*level.goal.moves, 0) : default_playout_moves; }

EstimateResult summarize_estimate(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes,
                                  bool stopped, bool timed_out) {
    const Bot bot = parse_bot_or_throw(options.bot);
    const int limit = playout_limit(level);
    EstimateResult r = summarize_playouts(outcomes, options.runs, stopped, timed_out, options.time_budget_ms, options.precision);
    std::vector<double> moves_left(static_cast<std::size_t>(limit) + 1, 0.0);
    double score_sum = 0;
    for (const auto& o : outcomes) {
        if (o.won) moves_left[static_cast<std::size_t>(std::clamp(o.moves_left, 0, limit))] += 1;
        score_sum += static_cast<double>(o.score);
    }
    r.json["bot"] = bot_name(bot);
    if (bot == Bot::mcts) r.json["rollouts"] = options.rollouts;  // other bots' JSON as before
    r.json["move_limit"] = limit;
    r.json["mean_score"] = outcomes.empty() ? 0.0 : score_sum / static_cast<double>(outcomes.size());
    auto histogram = nlohmann::ordered_json::array();
    for (double n : moves_left) histogram.push_back(static_cast<int>(n));
    r.json["moves_left_on_wins"] = std::move(histogram);
    r.histograms.push_back({"moves_left_on_wins", std::move(moves_left)});
    const bool survival = !has_objectives(level.goal.as<Goal>()) && level.goal.moves;
    add_curve(r, outcomes, level.goal.moves ? std::optional<int>(std::max(limit, options.curve_cap)) : std::nullopt,
              survival ? CurveRule::survive : CurveRule::reach);
    r.outcomes = std::move(outcomes);
    return r;
}

Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop) {
    const Bot bot = parse_bot_or_throw(options.bot);
    Replay r;
    r.run = run;
    r.bot = bot_name(bot);
    r.seed = options.seed;
    const std::uint64_t refill_seed = playout_seed(options.seed, static_cast<std::uint64_t>(run));
    const State start = start_state(level);
    r.start = start;
    r.start.rng = Rng(refill_seed);
    BotWorkspace ws;
    ws.rollouts = options.rollouts;
    // curve_cap 0: the game ends where its figures are fixed (they do not depend on the cap).
    r.outcome = playout(bot, level, start, refill_seed, ws, stop, 0, &r.steps);
    return r;
}

EstimateResult estimate_pass_rate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress) {
    const Bot bot = parse_bot_or_throw(options.bot);
    PlayoutDeadline deadline(stop, options.time_budget_ms);  // the start's cascade counts against it too
    const StopToken playout_stop = deadline.token();
    const State start = start_state(level);
    auto outcomes = run_playouts_to_precision(
        options.runs, options.precision, options.threads,
        [&](int run) {
            BotWorkspace ws;
            ws.rollouts = options.rollouts;
            return playout(bot, level, start, playout_seed(options.seed, static_cast<std::uint64_t>(run)), ws, playout_stop,
                           options.curve_cap);
        },
        playout_stop, progress, options.first_run);
    return summarize_estimate(level, options, std::move(outcomes), stop.stop_requested(), deadline.timed_out());
}

}  // namespace tilelab::match3
