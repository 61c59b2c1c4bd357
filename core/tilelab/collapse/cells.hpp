// How a collapse board holds its cells (docs/collapse.md "Cells"): a piece of colour k is the
// value k; a disco ball of colour k is (4 << 8) | k, so that a value's colour is `value & 0xff`
// as in match3; rockets and the tnt have no colour and are negative codes of their own, beside
// the shared empty, blocker, hole and random cells (board/board.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "tilelab/board/board.hpp"

namespace tilelab::collapse {

inline constexpr std::int32_t rocket_h = -20;  // "rh": clears its row
inline constexpr std::int32_t rocket_v = -21;  // "rv": clears its column
inline constexpr std::int32_t tnt = -22;       // "tnt": clears the 5x5 square around it
inline constexpr int disco_type = 4;
constexpr std::int32_t disco(int color) { return (disco_type << 8) | color; }  // "Nd"
constexpr bool is_disco(std::int32_t c) { return c >= 0 && (c >> 8) == disco_type; }
constexpr bool is_piece(std::int32_t c) { return c >= 0 && (c >> 8) == 0; }
constexpr bool is_powerup(std::int32_t c) { return c == rocket_h || c == rocket_v || c == tnt || is_disco(c); }
// A piece or a power-up: what falls, what a tap or a fired area clears.
constexpr bool is_item(std::int32_t c) { return is_piece(c) || is_powerup(c); }
constexpr int color_of(std::int32_t c) { return c & 0xff; }

// The power-up a group of `size` pieces of `color` leaves on its tapped cell, wider than tall or
// not; cell::empty when it leaves none (fewer than 5 pieces).
constexpr std::int32_t powerup_for(int size, int color, bool wider_than_tall) {
    if (size >= 9) return disco(color);
    if (size >= 7) return tnt;
    if (size >= 5) return wider_than_tall ? rocket_h : rocket_v;
    return cell::empty;
}

}  // namespace tilelab::collapse
