// The colours of every cell of every kind, as plain data in one table: the editor paints with them,
// the pack report draws its thumbnails with them, and the editor's end-to-end tests read them to
// know which colour a cell must show in a screenshot (docs/editor.md "Colours"). Below the kinds
// (the layer `look`, docs/architecture.md), so that each kind's look (look/look.hpp) picks its
// colours here; tilelab/palette.hpp adds the fill of any cell of any kind.
#pragma once
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "tilelab/board/board.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend constexpr bool operator==(const Rgb&, const Rgb&) = default;
};

// "#rrggbb", for HTML and SVG.
inline std::string hex(Rgb c) {
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
    return text;
}

namespace palette {

inline constexpr Rgb canvas_background{24, 26, 30};
inline constexpr Rgb empty_cell{44, 47, 54};
inline constexpr Rgb blocker{112, 96, 80};
inline constexpr Rgb hole{10, 10, 12};
inline constexpr Rgb random_piece{96, 96, 120};
inline constexpr Rgb line_tile{50, 58, 74};
inline constexpr Rgb line_ink{240, 240, 245};
inline constexpr Rgb jelly{120, 200, 255};
inline constexpr Rgb grid_line{70, 74, 84};
// match3 format version 2 items (docs/editor.md): each also has a shape of its own, never a hue alone.
inline constexpr Rgb color_bomb{34, 30, 40};   // a dark cell under a disc of every colour
inline constexpr Rgb ingredient{150, 92, 40};  // the acorn (drawn on an empty cell)
inline constexpr Rgb ingredient_cap{92, 56, 26};
inline constexpr Rgb crate{204, 160, 96};  // a light wooden box with planks and its hit points
inline constexpr Rgb crate_ink{92, 60, 24};
inline constexpr Rgb lock{215, 215, 225};         // the padlock (light metal, dark outline)
inline constexpr Rgb special_ink{255, 255, 255};  // stripes and the bomb's ring (with a dark edge)
inline constexpr Rgb exit_arrow{80, 230, 120};

// match3 colours 0..15: chosen to differ in lightness as well as hue; each colour also has its
// own glyph (match3_glyph) so that a colour-blind designer never has to rely on hue alone.
inline constexpr std::array<Rgb, 16> match3_colors{{
    {228, 58, 58},    // 0 red
    {62, 176, 74},    // 1 green
    {58, 108, 232},   // 2 blue
    {240, 204, 48},   // 3 yellow
    {156, 82, 204},   // 4 purple
    {244, 138, 36},   // 5 orange
    {48, 196, 206},   // 6 cyan
    {244, 124, 184},  // 7 pink
    {136, 88, 48},    // 8 brown
    {170, 224, 60},   // 9 lime
    {40, 52, 150},    // 10 navy
    {28, 128, 108},   // 11 teal
    {160, 160, 160},  // 12 grey
    {128, 28, 60},    // 13 maroon
    {122, 122, 28},   // 14 olive
    {236, 236, 236},  // 15 white
}};

// Link tiles: a tile and its partner share a colour (under sum pairing too), so the eye finds
// pairs; the number on the tile says the value exactly. The colour goes by the smaller value of
// the pair, cycling through twelve: each step turns the hue by 150 degrees and swaps dark and light,
// so neighbouring values (and any two colours of near hue) differ in hue and in lightness.
inline constexpr std::array<Rgb, 12> link_colors{{
    {178, 40, 52},    // 1 red, dark
    {130, 222, 178},  // 2 spring green, light
    {150, 40, 150},   // 3 magenta, dark
    {160, 224, 96},   // 4 chartreuse, light
    {44, 72, 190},    // 5 blue, dark
    {250, 172, 96},   // 6 orange, light
    {20, 120, 136},   // 7 cyan, dark
    {246, 150, 196},  // 8 rose, light
    {40, 120, 50},    // 9 green, dark
    {186, 160, 250},  // 10 violet, light
    {150, 120, 20},   // 11 olive, dark
    {140, 196, 240},  // 12 azure, light
}};
inline std::size_t link_color_index(std::int64_t value, const Pairing& pairing) {
    std::int64_t partner = pairing.partner(value);
    std::int64_t key = value < partner ? value : partner;
    const auto n = static_cast<std::int64_t>(link_colors.size());
    return static_cast<std::size_t>(((key - 1) % n + n) % n);
}
inline Rgb link_color(std::int64_t value, const Pairing& pairing) { return link_colors[link_color_index(value, pairing)]; }
// Dark numbers on the light colours (odd indices), white on the dark ones.
inline bool link_dark_text(std::int64_t value, const Pairing& pairing) { return link_color_index(value, pairing) % 2 == 1; }

// Slide tiles by value, in the familiar 2048 colours; values above 2048 share one dark colour.
inline Rgb slide_color(std::int64_t value) {
    static constexpr std::array<Rgb, 11> by_log2{{
        {238, 228, 218},
        {237, 224, 200},
        {242, 177, 121},
        {245, 149, 99},
        {246, 124, 95},
        {246, 94, 59},
        {237, 207, 114},
        {237, 204, 97},
        {237, 200, 80},
        {237, 197, 63},
        {237, 194, 46},
    }};
    int log2 = 0;
    while (log2 < 62 && (std::int64_t{2} << log2) < value) ++log2;
    if (log2 < static_cast<int>(by_log2.size())) return by_log2[static_cast<std::size_t>(log2)];
    return Rgb{60, 58, 50};
}
// Dark text on light tiles (2, 4), light text on the rest.
inline bool slide_dark_text(std::int64_t value) { return value <= 4; }

}  // namespace palette
}  // namespace tilelab
