// Every limit of the tool in one place (docs/format.md "Limits"): the files it reads, the level
// format's numbers, the sizes of packs and bundles, and the options that change a run's figures.
// The reader refuses a value outside them; the editor bounds every field, dialog, key and paste
// with the same constants, so it never writes a file the reader refuses; every writer checks its
// output against the limit its reader applies (a bundle `pack export` writes is one `validate`
// reads); the CLI's flags and `pack merge`'s checks of a part's stored options use the run limits.
#pragma once
#include "tilelab/board/cxx20.hpp"
#include <cstddef>
#include <cstdint>

namespace tilelab::limits {

// ---- files ----------------------------------------------------------------------------------------

// Levels, packs, calibrations, settings and every other JSON file the tool reads, except bundles:
// larger files are refused unread.
inline constexpr std::size_t max_file_bytes = std::size_t{16} << 20;
// Bundles (`pack export`): export refuses to write a larger one (split the pack), readers refuse
// to read one. About 1.3 GB of memory to read one this size.
inline constexpr std::size_t max_bundle_bytes = std::size_t{256} << 20;
// A pack report's board pictures: the levels after this many bytes of pictures get none (a page of
// 10,000 big boards would be over a gigabyte).
inline constexpr std::size_t max_report_picture_bytes = std::size_t{32} << 20;
inline constexpr int max_json_depth = 32;       // nesting of arrays and objects
inline constexpr int max_pack_levels = 100000;  // a pack's "levels"
inline constexpr int max_shards = 100000;       // pack check --shard K/N: N

// ---- the level format ---------------------------------------------------------------------------

inline constexpr int board_side = 256;  // width and height: 1..board_side

// match3
inline constexpr int min_colors = 2;
inline constexpr int max_colors = 16;
inline constexpr int min_min_match = 2;
inline constexpr int max_min_match = 16;
inline constexpr int max_score_per_piece = 1000000;                    // 0..
inline constexpr std::int64_t max_score_goal = std::int64_t{1} << 50;  // 0..
inline constexpr int max_collect_count = 1000000;                      // 1..
inline constexpr int max_jelly_layers = 999;                           // 0..

// link
inline constexpr std::int64_t min_pair_sum = 2;
inline constexpr std::int64_t max_pair_sum = 2000000;
inline constexpr int max_turns = 3;            // 0..
inline constexpr int max_link_value = 999999;  // tiles: 1..

// slide: tiles, spawn values and the target are powers of two
inline constexpr int max_tile = 1 << 30;          // tiles and spawn values: 2..
inline constexpr int max_spawn_weight = 1000000;  // 1..
inline constexpr int min_target = 4;
inline constexpr int max_target = 1 << 30;

// every kind
inline constexpr int max_moves = 1000000;  // goal.moves: 1..

// ---- runs: the options that change a run's figures ------------------------------------------------
// As the CLI takes them (estimate, tune, calibrate, generate, pack check) and as `pack merge`
// checks them again in a part's stored options (docs/scale.md).

inline constexpr int max_runs = 10'000'000;               // --runs 1..max_runs
inline constexpr int max_curve_cap = 100'000;             // --curve-cap 0..max_curve_cap
inline constexpr int max_rollouts = 1'000'000;            // --rollouts 1..max_rollouts
inline constexpr int max_budget_ms = 3'600'000;           // --budget-ms (solvers) ..max_budget_ms
inline constexpr int max_playout_budget_ms = 86'400'000;  // --playout-budget-ms 1..max_playout_budget_ms
inline constexpr int max_search_budget_ms = 86'400'000;   // generate --budget-ms (the whole search) 1..
inline constexpr int max_threads = 256;                   // --threads 1..max_threads
inline constexpr int max_bot_name = 64;                   // a --bot name's length in bytes
inline constexpr int max_tune_moves = 100'000;            // tune --max-moves 1..max_tune_moves
// A playout's moves as a part stores them (moves_used, won_at, dead_at): far above any move limit or
// curve cap, and low enough that a curve sized by them stays small (merge refuses more).
inline constexpr int max_game_moves = 1'000'000;

// seed: any 64-bit value loads, but only 0..max_exact_seed is written as a JSON number, the range a
// double (JavaScript's JSON.parse, many C# and Lua readers) holds exactly; a larger seed is written
// as a string of decimal digits (docs/format.md "seed"). New seeds are drawn in that range.
inline constexpr std::uint64_t max_exact_seed = (std::uint64_t{1} << 53) - 1;

}  // namespace tilelab::limits
