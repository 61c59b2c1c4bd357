// The mcts bot: UCB1 over the lookahead's best moves, rollouts of mcts_rollout_depth moves that play the
// lookahead bot, valued by the lookahead's goal progress (discounted), on refills drawn from the bot's own
// generator; the lookahead's own move unless the rollouts show another one better (docs/match3.md "Bots").
#include "tilelab/match3/mcts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {

int mcts_candidates(int rollouts) {
    return std::max(3, static_cast<int>(std::lround(std::sqrt(static_cast<double>(std::max(rollouts, 0))) / 2)));
}

namespace {
// A rollout that meets the level's objectives is worth this, plus win_per_move for each of its moves it
// did not need; one that ends on a dead board (the game is lost) loses dead_penalty. Both dwarf what
// five moves of progress are worth (a few thousand), so the search prefers a sure win to any progress.
constexpr double win_value = 100000;
constexpr double win_per_move = 20000;
constexpr double dead_penalty = 100000;
// UCB1's exploration weight on rewards scaled to [0, 1] by the lowest and highest rollout values seen.
constexpr double exploration = 0.7;

// Whether the rollouts of arm `a` beat those of arm `b` by more than mcts_margin standard errors of
// their mean difference, paired rollout by rollout (rollout j of both met the same refills).
bool clearly_better(const std::vector<double>& a, const std::vector<double>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    if (n < 2) return false;
    double mean = 0;
    for (std::size_t j = 0; j < n; ++j) mean += a[j] - b[j];
    mean /= static_cast<double>(n);
    double squares = 0;
    for (std::size_t j = 0; j < n; ++j) squares += (a[j] - b[j] - mean) * (a[j] - b[j] - mean);
    const double standard_error = std::sqrt(squares / static_cast<double>(n - 1) / static_cast<double>(n));
    return mean > mcts_margin * standard_error;
}

// The lookahead's value of its best move (0 on a dead board).
double best_of(const std::vector<std::int64_t>& values) {
    return values.empty() ? 0.0 : static_cast<double>(*std::max_element(values.begin(), values.end()));
}

// Version 1 rules: the hint scanner's swaps, play_swap.
struct V1Game {
    using Move = Swap;
    const Level& level;
    const RulesConfig& rules;
    BotWorkspace& ws;
    std::vector<Swap> moves;
    static constexpr bool specials = false;

    void root(const State& s, const StopToken& stop) {
        ws.scanner.scan(s.board, rules);
        moves = ws.scanner.legal_swaps();
        lookahead_values(level, rules, s, ws, ws.values, stop);
    }
    void play(State& s, const Swap& m) { play_swap(s, rules, m, ws.scratch); }
    bool play_policy(State& s, const StopToken& stop) {
        const auto m = choose_swap(Bot::lookahead, level, rules, s, ws, stop);
        if (!m) return false;
        play_swap(s, rules, *m, ws.scratch);
        return true;
    }
    void done() { ws.scratch.known.valid = false; }  // the scanner last saw a rollout's board
    std::vector<std::int64_t> next_values;
    double best_next(const State& s, const StopToken& stop) {
        ws.scanner.scan(s.board, rules);
        lookahead_values(level, rules, s, ws, next_values, stop);
        return best_of(next_values);
    }
};

// Format version 2 (docs/match3.md "Format version 2"): v2::legal_moves, v2::play_move.
struct V2Game {
    using Move = CellPairMove;
    const Level& level;
    const v2::Config& config;
    BotWorkspace& ws;
    std::vector<CellPairMove> moves;
    static constexpr bool specials = true;

    void root(const State& s, const StopToken& stop) {
        moves = v2::legal_moves(s.board, s.lock, config.min_match);
        lookahead_values_v2(level, config, s, moves, ws, ws.values, stop);
    }
    void play(State& s, const CellPairMove& m) {
        const v2::SwapKind kind = v2::classify(s.board, s.lock, m.a, m.b, config.min_match);
        v2::play_move(s, config, m.a, m.b, kind, ws.v2);
    }
    bool play_policy(State& s, const StopToken& stop) {
        const auto m = choose_move_v2(Bot::lookahead, level, config, s, ws, stop);
        if (!m) return false;
        play(s, *m);
        return true;
    }
    void done() {}
    std::vector<std::int64_t> next_values;
    std::vector<CellPairMove> next_moves;
    double best_next(const State& s, const StopToken& stop) {
        next_moves = v2::legal_moves(s.board, s.lock, config.min_match);
        lookahead_values_v2(level, config, s, next_moves, ws, next_values, stop);
        return best_of(next_values);
    }
};

// One rollout: `move`, then the lookahead bot's moves, mcts_rollout_depth moves in all, stopping early at a
// win or a dead board; refills come from `rng`. Its value: the goal progress of each move (the lookahead's
// measure, specials left included on format 2 levels), move d weighted mcts_discount^(d-1); then the
// lookahead's best value from the last state, weighted as a sixth move; or the win bonus, or the
// dead-board penalty.
template <class Game>
double rollout(Game& game, const State& root, const GoalMeter& meter, const typename Game::Move& move, Rng rng,
               const StopToken& stop) {
    const Level& level = game.level;
    State& s = game.ws.rollout;
    s = root;
    s.rng = rng;
    game.play(s, move);
    const bool objectives = has_objectives(level.goal.as<Goal>());
    double bonus = 0;
    double value = 0, weight = 1, last = 0;  // last: the progress from the root after the previous move
    for (int depth = 1;; ++depth) {
        double now = static_cast<double>(goal_progress(level, root, meter, s));
        if constexpr (Game::specials) now += 200.0 * std::max(0, specials_on(s) - meter.specials);
        value += weight * (now - last);
        last = now;
        weight *= mcts_discount;
        if (objectives && objectives_hold(level, s)) {
            bonus = win_value + win_per_move * (mcts_rollout_depth - depth);
            break;
        }
        if (depth >= mcts_rollout_depth) {
            bonus = weight * game.best_next(s, stop);  // the lookahead's best move from where the rollout ends
            break;
        }
        if (!game.play_policy(s, stop)) {
            bonus = -dead_penalty;
            break;
        }
    }
    value += bonus;
    return value;
}

template <class Game>
std::optional<typename Game::Move> search(Game& game, const State& root, const StopToken& stop) {
    BotWorkspace& ws = game.ws;
    game.root(root, stop);
    const auto& moves = game.moves;
    if (moves.empty()) return std::nullopt;
    // The lookahead's order, best first (ties: the earlier move); its first is lookahead's own choice.
    // Taken before the rollouts: the lookahead bot they play overwrites ws.values.
    const std::vector<std::int64_t>& values = ws.values;
    std::vector<std::size_t> order(moves.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    if (values.size() == moves.size())
        std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return values[x] > values[y]; });
    const std::size_t arms = std::min(order.size(), static_cast<std::size_t>(mcts_candidates(ws.rollouts)));
    if (arms < 2 || ws.rollouts <= 0) return moves[order.front()];

    struct Arm {
        double sum = 0;
        int visits = 0;
        std::vector<double> values;  // rollout j's value at [j]
    };
    std::vector<Arm> stats(arms);
    const GoalMeter meter(game.level, root, Game::specials);
    // Rollout j of every arm draws its refills from the same seed (common random numbers: arms are
    // compared on the same luck), derived from the bot's seed and the move number.
    const std::uint64_t decision_seed = playout_seed(ws.seed, static_cast<std::uint64_t>(root.moves));
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (int r = 0; r < ws.rollouts; ++r) {
        if (stop.stop_requested()) break;
        std::size_t pick = 0;
        if (static_cast<std::size_t>(r) < arms) {
            pick = static_cast<std::size_t>(r);  // every arm once, the lookahead's best first
        } else {
            const double range = hi > lo ? hi - lo : 1.0;
            const double log_total = std::log(static_cast<double>(r));
            double best = -std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < arms; ++i) {
                const double mean = (stats[i].sum / stats[i].visits - lo) / range;
                const double ucb = mean + exploration * std::sqrt(log_total / stats[i].visits);
                if (ucb > best) {
                    best = ucb;
                    pick = i;
                }
            }
        }
        Arm& arm = stats[pick];
        const Rng luck(playout_seed(decision_seed, static_cast<std::uint64_t>(arm.visits)));
        const double value = rollout(game, root, meter, moves[order[pick]], luck, stop);
        arm.sum += value;
        arm.values.push_back(value);
        ++arm.visits;
        lo = std::min(lo, value);
        hi = std::max(hi, value);
        ++ws.rollouts_played;
    }
    game.done();
    // The highest mean rollout value; ties (and arms never tried) to the lookahead's order.
    std::size_t best = 0;
    double best_mean = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < arms; ++i) {
        if (stats[i].visits == 0) continue;
        const double mean = stats[i].sum / stats[i].visits;
        if (mean > best_mean) {
            best_mean = mean;
            best = i;
        }
    }
    if (best != 0 && !clearly_better(stats[best].values, stats[0].values)) best = 0;
    return moves[order[best]];
}

}  // namespace

std::optional<Swap> choose_swap_mcts(const Level& level, const RulesConfig& rules, const State& state, BotWorkspace& ws,
                                     const StopToken& stop) {
    V1Game game{level, rules, ws, {}, {}};
    return search(game, state, stop);
}

std::optional<CellPairMove> choose_move_v2_mcts(const Level& level, const v2::Config& config, const State& state,
                                                BotWorkspace& ws, const StopToken& stop) {
    V2Game game{level, config, ws, {}, {}, {}};
    return search(game, state, stop);
}

}  // namespace tilelab::match3
