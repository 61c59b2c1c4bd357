// The mcts bot of the match3 ladder: UCT over the legal moves of the current state, each arm valued by
// rollouts of a fixed depth that play the lookahead bot on refills of the bot's own generator.
#pragma once
#include <optional>

#include "tilelab/board/stop.hpp"
#include "tilelab/match3/bot.hpp"

namespace tilelab::match3 {

// Moves one rollout plays, the move it values included. Fixed: the bot never looks at the moves left,
// so a playout's moves do not depend on the move limit (a win in u moves is a win at every limit >= u).
inline constexpr int mcts_rollout_depth = 5;

// Each move of a rollout weighs this much less than the one before it: progress now counts more than
// progress later (the bot cannot know whether the game lasts that long), but the lookahead moves of a
// rollout are a careful player's, so their progress is worth nearly as much as the first move's.
inline constexpr double mcts_discount = 0.9;

// The bot plays the lookahead's own move unless the arm with the highest mean beats it, rollout for
// rollout on the same refills, by more than this many standard errors of the mean difference: a noisy
// lead over five rollouts is no reason to leave the goal's best move.
inline constexpr double mcts_margin = 1.0;

// How many of the lookahead's best moves the search spreads its rollouts over: about sqrt(rollouts) / 2,
// at least 3 (5 at the default 100 rollouts). Few arms with more rollouts each beat many arms with few.
int mcts_candidates(int rollouts);

// The mcts bot's move on `state` (ws.rollouts rollouts, seeded from ws.seed and state.moves); nullopt
// when the board is dead. Never draws from state.rng. When `stop` is requested the choice means nothing.
std::optional<Swap> choose_swap_mcts(const Level& level, const RulesConfig& rules, const State& state, BotWorkspace& ws,
                                     const StopToken& stop = {});
std::optional<CellPairMove> choose_move_v2_mcts(const Level& level, const v2::Config& config, const State& state,
                                                BotWorkspace& ws, const StopToken& stop = {});

}  // namespace tilelab::match3
