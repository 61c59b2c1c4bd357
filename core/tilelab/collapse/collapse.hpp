// The collapse kind (tap-to-blast: Toon Blast, Toy Blast, SameGame; docs/collapse.md): its rows
// in the kind tables, its bots and its solver.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/kind_format.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/collapse/engine.hpp"
#include "tilelab/collapse/solver.hpp"

namespace tilelab::collapse {

const KindOps& ops();
// How the kind's cells are coloured and drawn in the report's pictures (look.cpp; KindOps::look).
const KindLook& look();
// Its part in `generate` to a target (aim.cpp; KindOps::aim).
const KindAim& aim();
// What the level file holds of the kind (format.cpp; board/kind_format.hpp).
const KindFormat& format();

// The level's rules and goal.
inline const Rules& rules_of(const Level& level) { return level.rules.as<Rules>(); }
inline const Goal& goal_of(const Level& level) { return level.goal.as<Goal>(); }

// collapse's level problems (kinds/table.hpp's level_problems): a goal to collect a colour the
// level has not, a jelly goal with no jelly, a clear goal with refill on (refill never empties
// the board). Each one a proof from the rules.
std::vector<Warning> level_problems(const Level& level);

// The state at level start (start_state of the engine, for the level).
State start(const Level& level);
// The game is over in this state: the goal is met, the moves ran out, or no tap is legal.
bool game_over(const Level& level, const State& state);

// ---- Bots (bot.cpp; docs/collapse.md "Bots") ----
// A level without a move limit is played to this many taps at most.
inline constexpr int unlimited_moves = 200;
enum class Bot { random, greedy, lookahead };
bool parse_bot(const std::string& name, Bot& out);
const char* bot_name(Bot bot);
// The bot's tap in this state (one of distinct_taps); `rng` is the bot's own generator (random
// choices and the refills it imagines), never the game's.
Cell choose_tap(const Level& level, const State& state, Bot bot, Rng& rng);
// `tilelab estimate` for collapse: seeded playouts of the chosen bot (default lookahead).
EstimateResult estimate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress);
EstimateResult summarize(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes, bool stopped,
                         bool timed_out);
Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop);

}  // namespace tilelab::collapse
