// The level format's limits on numbers (CONTRACT.md "Level file"), in one place: the reader
// (io/level_io.cpp, board.cpp) refuses a value outside them, and the editor bounds every field,
// dialog, key and paste with the same constants, so it can never write a file the reader refuses.
#pragma once
#include <cstdint>

namespace tilelab::limits {

inline constexpr int board_side = 256;  // width and height: 1..board_side

// match3
inline constexpr int min_colors = 2;
inline constexpr int max_colors = 16;
inline constexpr int min_min_match = 2;
inline constexpr int max_min_match = 16;
inline constexpr int max_score_per_piece = 1000000;  // 0..
inline constexpr std::int64_t max_score_goal = std::int64_t{1} << 50;  // 0..
inline constexpr int max_collect_count = 1000000;   // 1..
inline constexpr int max_jelly_layers = 999;         // 0..

// link
inline constexpr std::int64_t min_pair_sum = 2;
inline constexpr std::int64_t max_pair_sum = 2000000;
inline constexpr int max_turns = 3;            // 0..
inline constexpr int max_link_value = 999999;  // tiles: 1..

// slide: tiles, spawn values and the target are powers of two
inline constexpr int max_tile = 1 << 30;       // tiles and spawn values: 2..
inline constexpr int max_spawn_weight = 1000000;  // 1..
inline constexpr int min_target = 4;
inline constexpr int max_target = 1 << 30;

// every kind
inline constexpr int max_moves = 1000000;  // goal.moves: 1..

// seed: any 64-bit value loads, but only 0..max_exact_seed is written as a JSON number, the range a
// double (JavaScript's JSON.parse, many C# and Lua readers) holds exactly; a larger seed is written
// as a string of decimal digits (docs/format.md "seed"). New seeds are drawn in that range.
inline constexpr std::uint64_t max_exact_seed = (std::uint64_t{1} << 53) - 1;

}  // namespace tilelab::limits
