// The ranges of the options that change a run's figures, as the CLI takes them (estimate, pack
// check) and as `pack merge` checks them again in a part's stored options (docs/scale.md).
#pragma once

namespace tilelab::run_limits {

inline constexpr int max_runs = 10'000'000;            // --runs 1..max_runs
inline constexpr int max_curve_cap = 100'000;          // --curve-cap 0..max_curve_cap
inline constexpr int max_rollouts = 1'000'000;         // --rollouts 1..max_rollouts
inline constexpr int max_budget_ms = 3'600'000;        // pack check --budget-ms 1..max_budget_ms
inline constexpr int max_playout_budget_ms = 86'400'000;  // --playout-budget-ms 1..max_playout_budget_ms
inline constexpr int max_bot_name = 64;                // a --bot name's length in bytes
// A playout's moves as a part stores them (moves_used, won_at, dead_at): far above any move limit or
// curve cap, and low enough that a curve sized by them stays small (merge refuses more).
inline constexpr int max_game_moves = 1'000'000;

}  // namespace tilelab::run_limits
