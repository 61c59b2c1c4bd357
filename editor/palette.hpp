// The editor's colours and glyphs: the cell colours of every kind come from the core's one table
// (tilelab/palette.hpp, which the pack report shares); the glyphs and the overlay colours are the
// editor's own. The canvas paints with them and the end-to-end tests read them to know which colour
// a cell must show in a screenshot.
#pragma once
#include <array>
#include <cstdint>
#include <cstdlib>

#include "tilelab/palette.hpp"

namespace tilelab::editor {

using tilelab::Rgb;

namespace palette {

using namespace tilelab::palette;

// The outline glyph of a match3 colour. The glyph is an outline only, so the centre of the
// cell keeps the piece's colour (the screenshot test samples it).
enum class Glyph { circle, triangle, square, diamond, pentagon, hexagon, star, triangle_down };
inline constexpr Glyph match3_glyph(int color) { return static_cast<Glyph>(color % 8); }
// Colours 8..15 repeat the shapes of 0..7 with a second, smaller outline inside.
inline constexpr bool match3_glyph_doubled(int color) { return color >= 8; }

// Overlay colours: each is distinct from every cell colour above, so a test can find an overlay
// in a screenshot.
inline constexpr Rgb overlay_match_group{255, 255, 0};
inline constexpr Rgb overlay_hint{255, 0, 255};
inline constexpr Rgb overlay_start_spawn{120, 200, 255};  // slide: tiles spawned at level start
inline constexpr Rgb overlay_link_path{0, 255, 128};
inline constexpr Rgb overlay_closed_group{255, 255, 255};
inline constexpr Rgb overlay_selection{80, 200, 255};
inline constexpr Rgb overlay_solution{255, 96, 0};
// Lines groups, one colour each (cycled).
inline constexpr std::array<Rgb, 8> group_colors{{
    {255, 90, 90},
    {90, 220, 120},
    {100, 150, 255},
    {255, 210, 70},
    {210, 110, 255},
    {70, 220, 230},
    {255, 150, 60},
    {250, 130, 200},
}};

}  // namespace palette

inline bool near_color(Rgb a, Rgb b, int tolerance) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

}  // namespace tilelab::editor
