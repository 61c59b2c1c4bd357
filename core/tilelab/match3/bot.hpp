// match3 goals, the bot ladder (random, greedy, lookahead, mcts) and seeded playouts behind `tilelab estimate`.
#pragma once
#include <optional>
#include <string_view>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2.hpp"

namespace tilelab::match3 {

// The level's objectives (score, jelly, collect) hold, move limit aside. True when it sets none.
bool objectives_hold(const Level& level, const State& state);
bool has_objectives(const Goal& goal);
// goal_met: with objectives, they hold within the move limit; with only a move limit, the player
// has made that many moves (survival); with no goal at all, never.
bool level_won(const Level& level, const State& state);

enum class Bot {
    random,     // a uniformly random legal move, drawn from the bot's own generator (BotWorkspace::rng)
    greedy,     // the swap whose first step clears most cells; ties to the first in hint order
    lookahead,  // plays every legal swap out through its cascades (without refills) and keeps the best
    mcts,       // UCT over the legal moves, rollouts of the lookahead bot of a fixed depth (mcts.hpp)
};
inline constexpr Bot default_bot = Bot::lookahead;
std::optional<Bot> parse_bot(std::string_view name);  // "" gives default_bot
std::string_view bot_name(Bot bot);
// What an unknown --bot name is told: "expected random, greedy, lookahead or mcts".
inline constexpr std::string_view bot_names_expected = "random, greedy, lookahead or mcts";

// Buffers a bot reuses from move to move.
struct BotWorkspace {
    HintScanner scanner;
    Scratch scratch;
    State trial;
    std::vector<int> cells;              // a lookahead trial's first-step clears
    ByteBoard trial_bytes;               // a lookahead trial's board when the scanner took byte rows
    v2::Scratch v2;                      // levels under format version 2 (docs/match3.md "Format version 2")
    std::vector<CellPairMove> v2_moves;  // choose_move_v2's legal moves (nothing it calls uses them)
    std::vector<std::size_t> v2_counts;  // and the greedy bot's clear counts
    // The random and mcts bots: their own generator, Rng(bot_seed(refill seed)) (random.hpp), never
    // state.rng, so the game's refills are the same whichever bot plays; and mcts's rollouts per move.
    Rng rng;
    std::uint64_t seed = 0;
    int rollouts = default_rollouts;
    State rollout;                      // mcts: the state a rollout plays on
    std::vector<std::int64_t> values;   // mcts: the lookahead's value of each root move
    std::uint64_t rollouts_played = 0;  // mcts: rollouts played with this workspace (tests count them)
    // Off: the scanner and play_swap keep to the int32 board and 64-bit masks (the reference the
    // byte rows are tested against).
    void use_byte_rows(bool on) {
        scanner.use_byte_rows(on);
        scratch.byte_rows = on;
    }
    void seed_bot(std::uint64_t refill_seed) {
        seed = bot_seed(refill_seed);
        rng = Rng(seed);
    }
};

// The lookahead bot's value of a move: its goal progress from `before` to `after` (goal_progress),
// with 500 for a combo and 200 for each special it leaves on the board (format 2).
struct GoalMeter {
    std::int64_t jelly = 0, crates = 0, height = 0;  // jelly layers, crate hit points, ingredient rows left
    int specials = 0;                                // specials and colour bombs on the board
    GoalMeter(const Level& level, const State& s, bool count_specials);
};
// Points, plus 1000 per jelly layer (goal jelly), wanted piece (collect) or crate hit point (crates)
// removed, 5000 per wanted ingredient collected and 300 per row ingredients came down.
std::int64_t goal_progress(const Level& level, const State& before, const GoalMeter& meter, const State& after);
int specials_on(const State& s);

// The lookahead bot's value of every legal move of `state`, in the order of `moves` (v2::legal_moves
// order) / of ws.scanner.legal_swaps() after choose_swap's scan. Cut short when `stop` is requested.
void lookahead_values_v2(const Level& level, const v2::Config& config, const State& state, const std::vector<CellPairMove>& moves,
                         BotWorkspace& ws, std::vector<std::int64_t>& values, const StopToken& stop = {});
void lookahead_values(const Level& level, const RulesConfig& rules, const State& state, BotWorkspace& ws,
                      std::vector<std::int64_t>& values, const StopToken& stop = {});

// The bot's move on a level under format version 2 (v2::active): greedy takes the move whose first
// step clears most cells (fired areas and combos included); lookahead plays each move's whole cascade
// without refills and values the goal's progress first (jelly, wanted colours, crate hit points,
// ingredients collected and brought lower), then specials made and combos, then points.
std::optional<CellPairMove> choose_move_v2(Bot bot, const Level& level, const v2::Config& config, const State& state,
                                           BotWorkspace& ws, const StopToken& stop = {});

// The bot's swap on `state`; nullopt when the board is dead. The lookahead bot tries every legal
// swap (on a 256x256 board of two colours, ~100,000 swaps of up to 1,000 cascade steps each): it
// checks `stop` between swaps and, when stopped, returns a meaningless choice the caller drops.
std::optional<Swap> choose_swap(Bot bot, const Level& level, const RulesConfig& rules, const State& state, BotWorkspace& ws,
                                const StopToken& stop = {});

// Plays a swap known to be legal: swap, count the move, cascade with refills from state.rng. No events.
void play_swap(State& state, const RulesConfig& rules, const Swap& swap, Scratch& scratch);

// The move cap of a playout: the level's move limit, else this.
inline constexpr int default_playout_moves = 50;

// One playout from `start` with its refills drawn from `refill_seed`. When `stop` is requested it
// ends marked interrupted (never counted).
// `curve_cap` > the level's move limit: the game goes on past the limit (not where the level has
// none) until the objectives hold, the board is dead or the cap is reached, for won_at / dead_at;
// every other field is as of the level's limit.
// `record` (a replay): each move and the state after it are appended; null (estimate), nothing is
// kept and nothing copied.
PlayoutOutcome playout(Bot bot, const Level& level, const State& start, std::uint64_t refill_seed, BotWorkspace& ws,
                       const StopToken& stop = {}, int curve_cap = 0, std::vector<ReplayStep>* record = nullptr);
// The moves a playout may make: the level's move limit, else default_playout_moves.
int playout_limit(const Level& level);

// `tilelab estimate`: options.runs playouts, run i drawing refills from Rng(playout_seed(options.seed, i)).
// Throws std::invalid_argument for a bot name other than "", "random", "greedy", "lookahead" or "mcts".
EstimateResult estimate_pass_rate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress);
// Run `run` of estimate_pass_rate with these options, move by move (KindOps::replay).
Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop);
// The figures of finished playouts as estimate_pass_rate gives them (KindOps::summarize).
EstimateResult summarize_estimate(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes,
                                  bool stopped, bool timed_out);

}  // namespace tilelab::match3
