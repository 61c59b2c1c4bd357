// Slide bots (expectimax with spawn chance nodes, greedy, random) and seeded playouts behind `estimate`.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/paths.hpp"

namespace tilelab::slide {

// Spawn chances for the search: (exponent, probability), from the level's spawn weights.
std::vector<std::pair<int, double>> spawn_chances(const Rules& rules);

// How many spawn (chance) layers the expectimax looks through, from the empty cells of the
// position it decides on: few empty cells mean few spawns to average over, so the search can
// afford to look further, and a crowded board is where looking further matters.
// The general path is about 10x slower per node than the table path (bench_slide) and its
// boards may be far larger, so it looks one layer less at every crowding: 1, 2 or 3 layers.
struct DepthRule {
    int fixed = -1;                       // >= 0: always this depth (the benchmark's per-depth figures)
    int deepest = 4;                      // the depth on the most crowded boards
    static constexpr int wide_open = 48;  // more empty cells than this: no look-ahead
    int depth_for(int empty_cells) const {
        if (fixed >= 0) return fixed;
        // On large open boards a chance layer alone averages over hundreds of spawns; there the
        // bot judges each move by the evaluation after it, which keeps a decision cheap.
        if (empty_cells > wide_open) return 0;
        if (empty_cells >= 10) return std::max(1, deepest - 2);
        if (empty_cells >= 5) return std::max(1, deepest - 1);
        return std::max(1, deepest);
    }
    // The default bot looks two moves ahead at most: fast enough on 4x4 that a 1,000-run estimate
    // takes seconds, not an hour, and it reaches 2048 in most games (docs/slide.md "Bots and
    // `tilelab estimate`" has the figures).
    static DepthRule for_table_path() { return {-1, 2}; }
    static DepthRule for_general_path() { return {-1, 2}; }
    // "expectimax-deep": four (4x4) or three moves ahead; nearly every game to 2048, at a few ms a
    // move (docs/slide.md).
    static DepthRule deep_table_path() { return {-1, 4}; }
    static DepthRule deep_general_path() { return {-1, 3}; }
    // "quick": always one chance layer.
    static DepthRule quick() { return {1, 1}; }
};

// What an expectimax search did (`bench_slide --profile`): its decisions by the depth they
// searched, the chance nodes it expanded and those it found in the decision's cache, and the
// positions it evaluated.
struct SearchStats {
    std::array<std::uint64_t, 6> decisions_by_depth{};  // the last: depth 5 or more
    std::uint64_t chance_nodes = 0;
    std::uint64_t cache_hits = 0;
    std::uint64_t evaluations = 0;
    SearchStats& operator+=(const SearchStats& o) {
        for (std::size_t i = 0; i < decisions_by_depth.size(); ++i) decisions_by_depth[i] += o.decisions_by_depth[i];
        chance_nodes += o.chance_nodes;
        cache_hits += o.cache_hits;
        evaluations += o.evaluations;
        return *this;
    }
};

// Expectimax over a path's positions: a move node takes the best move, a chance node averages
// over every empty cell (uniform) and every spawn value (the level's weights). Leaves, and
// branches less likely than `probability_cutoff`, take the documented evaluation (paths.hpp
// line_evaluation); a position with no legal move after a spawn is worth 0 (lost). Chance
// nodes are cached per decision, keyed by position, reused when searched at least as deep.
template <class Path>
class ExpectimaxBot {
public:
    using Position = typename Path::Position;

    // `stop`: a decision on a huge board can take seconds; when it is requested the search
    // unwinds at once and its choice must be thrown away (the playout is interrupted).
    ExpectimaxBot(const Path& path, std::vector<std::pair<int, double>> spawns, DepthRule depth = {},
                  double probability_cutoff = 1e-4, StopToken stop = {})
        : path_(path), spawns_(std::move(spawns)), depth_(depth), cutoff_(probability_cutoff), stop_(std::move(stop)) {}

    // The move to play, or nullopt when no move is legal. Ties go to the earlier direction in
    // all_directions, so every run is reproducible.
    std::optional<Direction> choose(const Position& p) {
        cache_.clear();
        const int depth = depth_.depth_for(Path::empty_count(p));
        ++stats_.decisions_by_depth[static_cast<std::size_t>(std::clamp(depth, 0, 5))];
        std::optional<Direction> best;
        double best_value = -1.0;
        for (Direction d : all_directions) {
            const Position after = path_.move(p, d);  // the search never needs the score
            if (after == p) continue;
            const double value = chance(after, depth, 1.0);
            if (value > best_value) {
                best_value = value;
                best = d;
            }
        }
        return best;
    }

    std::uint64_t evaluations() const { return evaluations_; }
    SearchStats stats() const {
        SearchStats s = stats_;
        s.evaluations = evaluations_;
        return s;
    }

private:
    struct Cached {
        int depth;
        double value;
    };
    using Key = std::remove_cvref_t<decltype(Path::key(std::declval<const Position&>()))>;

    double chance(const Position& p, int depth, double probability) {
        if (depth <= 0 || probability < cutoff_ || stop_.stop_requested()) {
            ++evaluations_;
            return path_.evaluate(p);
        }
        if (auto it = cache_.find(Path::key(p)); it != cache_.end() && it->second.depth >= depth) {
            ++stats_.cache_hits;
            return it->second.value;
        }
        ++stats_.chance_nodes;
        if (spawns_.empty()) {  // no spawns (a puzzle): no chance node, the next move follows at once
            const double value = best_move(p, depth - 1, probability);
            cache_[Path::key(p)] = {depth, value};
            return value;
        }
        const int empty = Path::empty_count(p);
        if (empty == 0) {  // not reached after a legal move; kept for safety
            ++evaluations_;
            return path_.evaluate(p);
        }
        // The last chance layer of the general path: the leaves after each spawn from one set of
        // moved boards (GridPath::SpawnLeaves), the same values as the loop below gives.
        if constexpr (requires { typename Path::SpawnLeaves; }) {
            if (depth == 1) {
                typename Path::SpawnLeaves leaves(path_, p);
                double total = 0;
                for (int c = 0; c < path_.cell_count; ++c) {
                    if (Path::exponent_at(p, c) != 0) continue;
                    if (stop_.stop_requested()) return 0.0;
                    for (const auto& [exponent, chance_of] : spawns_) total += chance_of * leaves.best(c, exponent, evaluations_);
                }
                const double value = total / empty;
                cache_[Path::key(p)] = {depth, value};
                return value;
            }
        }
        double total = 0;
        for (int c = 0; c < path_.cell_count; ++c) {
            if (Path::exponent_at(p, c) != 0) continue;
            // A move on a full 256x256 board can open thousands of cells, each a 4-move branch of
            // 65,536 cells: unwind at once when stopped (the value is thrown away).
            if (stop_.stop_requested()) return 0.0;
            for (const auto& [exponent, chance_of] : spawns_) {
                const Position spawned = Path::with_tile(p, c, exponent);
                total += chance_of * best_move(spawned, depth - 1, probability * chance_of / empty);
            }
        }
        const double value = total / empty;
        cache_[Path::key(p)] = {depth, value};
        return value;
    }

    double best_move(const Position& p, int depth, double probability) {
        double best = 0.0;  // no legal move: the game is lost
        for (Direction d : all_directions) {
            if (stop_.stop_requested()) return best;
            const Position after = path_.move(p, d);
            if (after == p) continue;
            best = std::max(best, chance(after, depth, probability));
        }
        return best;
    }

    const Path& path_;
    std::vector<std::pair<int, double>> spawns_;
    DepthRule depth_;
    double cutoff_;
    StopToken stop_;
    std::unordered_map<Key, Cached> cache_;
    std::uint64_t evaluations_ = 0;
    SearchStats stats_;
};

// Greedy: the move that merges the most (by the sum of new values), ties broken by the
// evaluation after the move, then by the order of all_directions. No look-ahead.
// `tie_rng` (a level without spawns, where the game is otherwise the same every run): ties in the
// merge sum are drawn uniformly from the bot's own generator instead, one draw when there is a
// tie, so greedy is the random bot that always takes the largest merge.
template <class Path>
std::optional<Direction> greedy_choice(const Path& path, const typename Path::Position& p, Rng* tie_rng = nullptr) {
    std::optional<Direction> best;
    std::int64_t best_gain = -1;
    double best_value = 0;
    std::array<Direction, all_directions.size()> tied{};
    std::uint32_t ties = 0;
    for (Direction d : all_directions) {
        std::int64_t gain = 0;
        const auto after = path.move(p, d, gain);
        if (after == p) continue;
        if (tie_rng) {
            if (gain > best_gain) {
                best_gain = gain;
                ties = 0;
            }
            if (gain == best_gain) tied[ties++] = d;
            continue;
        }
        const double value = path.evaluate(after);
        if (gain > best_gain || (gain == best_gain && value > best_value)) {
            best = d;
            best_gain = gain;
            best_value = value;
        }
    }
    if (tie_rng && ties > 0) return ties == 1 ? tied[0] : tied[tie_rng->uniform(ties)];
    return best;
}

// Random: a uniformly random legal direction, one draw of `rng` (the bot's own generator) per move.
template <class Path>
std::optional<Direction> random_choice(const Path& path, const typename Path::Position& p, Rng& rng) {
    std::array<Direction, all_directions.size()> legal{};
    std::uint32_t n = 0;
    for (Direction d : all_directions)
        if (path.move(p, d) != p) legal[n++] = d;
    if (n == 0) return std::nullopt;
    return legal[rng.uniform(n)];
}

// quick: the editor's live badge (docs/slide.md): one move ahead, averaging only over the cells
// where the likeliest spawn value can appear (no 4s), no cache; about 20 times faster than
// expectimax, so the badge finishes a thousand playouts in its budget, but it reaches 2048 in
// about half the classic games where expectimax reaches it in most (figures in docs/slide.md "Bots
// and `tilelab estimate`"), so its figure is always labelled with its name.
// random: see random_choice; its generator is Rng(bot_seed(playout_seed(seed, run))), never the spawns'.
enum class BotKind { expectimax, expectimax_deep, greedy, quick, random };
// "expectimax", "expectimax-deep", "quick", "greedy" or "random" (empty: expectimax); false for any other name.
bool parse_bot(const std::string& name, BotKind& out);
std::string bot_name(BotKind bot);

// Every move adds a spawn, so a game always ends, but on a large board with a high target it
// could take millions of moves; a playout without a move limit stops (lost) at this many.
inline constexpr int playout_move_cap = 200000;
// A level without spawns and without a move limit can go on for ever (left, right, left, ...):
// its playouts stop (lost) at this many moves, far past any puzzle's solution.
inline constexpr int puzzle_move_cap = 10000;
// The positions an expectimax bot's exact search of a level without spawns may keep
// (shortest_solution, puzzle.hpp; fewer on large boards, position_budget): a count, not a time,
// so every run plays the same game.
inline constexpr std::size_t puzzle_bot_positions = 1 << 18;

// One playout from the level's start state (its designer tiles and start spawns), with every
// later spawn drawn from Rng(playout_seed(seed, run_index)). Ends when the goal is met, the
// move limit (or playout_move_cap) is used up, no move is legal, or `stop` is requested (then
// it is marked interrupted and never counted).
// `general_path` forces the general path on a level the table path fits (tests compare them).
// `depth`: unset, the path's own rule (DepthRule::for_table_path / for_general_path, or the deep
// ones for BotKind::expectimax_deep).
// `curve_cap` > the level's move limit: the game goes on past the limit (not where the level has
// none) until the target is reached or the cap, for won_at; the other fields are as of the limit.
// `puzzle_plan` (a level without spawns): the search bots' line, found once for every run by
// puzzle_plan() (nullopt inside: none found); unset, the playout searches for itself.
// `moves` (a replay): each direction played is appended; null (estimate), nothing is kept.
// `stats`: the search's counts are added to it (bench_slide --profile).
PlayoutOutcome play_out(const Level& level, BotKind bot, std::uint64_t seed, int run_index, const StopToken& stop = {},
                        std::optional<DepthRule> depth = {}, bool general_path = false, int curve_cap = 0,
                        const std::optional<std::vector<Direction>>* puzzle_plan = nullptr,
                        std::vector<Direction>* moves = nullptr, SearchStats* stats = nullptr);

// A level without spawns: the shortest solution the search bots play from its start (within
// puzzle_bot_positions positions), the same in every run, so estimate finds it once; nullopt when
// the search finds none.
std::optional<std::vector<Direction>> puzzle_plan(const Level& level, const StopToken& stop = {});

// `tilelab estimate` for slide: playouts of the chosen bot over threads, summarised with the
// distribution of the highest tile reached ("highest_tile": {"2048": runs, ...}). An unknown
// bot name throws std::invalid_argument (the CLI reports it), as match3 does.
EstimateResult estimate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress);
// Run `run` of estimate with these options, move by move (KindOps::replay): the directions the
// playout plays, then each state from play() with the run's generator, as `tilelab apply` plays them.
Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop);
// The figures of finished playouts as estimate gives them (KindOps::summarize).
EstimateResult summarize(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes, bool stopped,
                         bool timed_out);

}  // namespace tilelab::slide
