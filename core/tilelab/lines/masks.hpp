// Side masks of lines tiles (docs/lines.md "Tiles"): the five tile types, rotation, and directional
// connections.
#pragma once
#include <array>
#include <cstdint>

#include "tilelab/board/board.hpp"

namespace tilelab::lines {

// One bit per side; a set bit is a solid side (a line reaches that edge of the tile).
inline constexpr std::uint8_t side_top = 1;
inline constexpr std::uint8_t side_right = 2;
inline constexpr std::uint8_t side_bottom = 4;
inline constexpr std::uint8_t side_left = 8;
inline constexpr std::array<std::uint8_t, 4> all_sides{side_top, side_right, side_bottom, side_left};

// The side a neighbour across `side` shows back (top <-> bottom, right <-> left).
constexpr std::uint8_t opposite(std::uint8_t side) { return static_cast<std::uint8_t>(((side << 2) | (side >> 2)) & 15); }
// Where the neighbour across `side` is: dx, dy (up is y - 1).
constexpr int side_dx(std::uint8_t side) { return side == side_right ? 1 : side == side_left ? -1 : 0; }
constexpr int side_dy(std::uint8_t side) { return side == side_bottom ? 1 : side == side_top ? -1 : 0; }

// Rotating 90 degrees clockwise: top -> right -> bottom -> left -> top, i.e. a 4-bit left rotation.
constexpr std::uint8_t rotate_cw(std::uint8_t mask) {
    mask &= 15;
    return static_cast<std::uint8_t>(((mask << 1) | (mask >> 3)) & 15);
}

// The classic line puzzle's five tile types; with its four rotations each maps onto one of the masks
// 1..15 (docs/lines.md "Tiles").
enum class TileType { nub, line, corner, tee, cross };
// Rotation 0 of each type as the classic puzzle draws it: nub top, line top-bottom, corner top-right,
// tee top-right-bottom, cross all four. `quarter_turns` counts clockwise quarter turns.
constexpr std::uint8_t tile_mask(TileType type, int quarter_turns) {
    std::uint8_t mask = 0;
    switch (type) {
    case TileType::nub:
        mask = side_top;
        break;
    case TileType::line:
        mask = side_top | side_bottom;
        break;
    case TileType::corner:
        mask = side_top | side_right;
        break;
    case TileType::tee:
        mask = side_top | side_right | side_bottom;
        break;
    case TileType::cross:
        mask = 15;
        break;
    }
    for (int i = 0; i < (quarter_turns % 4 + 4) % 4; ++i) mask = rotate_cw(mask);
    return mask;
}

// Connection of a base tile to the neighbour across `side`. Directional (docs/lines.md "Tiles"):
// open when the base's side is not solid, solid when both facing sides are, invalid when the
// base's side is solid and the neighbour's (0: no tile, the board edge or a hole) is not.
enum class Connection { open, solid, invalid };
constexpr Connection connection(std::uint8_t base, std::uint8_t neighbour, std::uint8_t side) {
    if ((base & side) == 0) return Connection::open;
    return (neighbour & opposite(side)) != 0 ? Connection::solid : Connection::invalid;
}

// The side mask a board cell holds: 1..15 for a tile, 0 for anything else (empty cell, hole).
constexpr std::uint8_t mask_of(std::int32_t cell_value) {
    return cell_value >= 1 && cell_value <= 15 ? static_cast<std::uint8_t>(cell_value) : 0;
}

}  // namespace tilelab::lines
