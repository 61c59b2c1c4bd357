// The editor's link palette (palette.hpp): neighbouring values, and any two colours of near hue,
// differ in hue and in lightness; a tile and its partner share a colour.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "palette.hpp"

using namespace tilelab;
using namespace tilelab::editor;

namespace {
// Hue in degrees and lightness (0..1), HSL.
void hsl(Rgb c, double& hue, double& light) {
    const double r = c.r / 255.0, g = c.g / 255.0, b = c.b / 255.0;
    const double hi = std::max({r, g, b}), lo = std::min({r, g, b}), d = hi - lo;
    light = (hi + lo) / 2;
    if (d == 0) {
        hue = 0;
        return;
    }
    if (hi == r) hue = 60 * std::fmod((g - b) / d + 6, 6);
    else if (hi == g) hue = 60 * ((b - r) / d + 2);
    else hue = 60 * ((r - g) / d + 4);
}
double hue_gap(double a, double b) {
    double d = std::fabs(a - b);
    return std::min(d, 360 - d);
}
}  // namespace

TEST_CASE("link palette: neighbouring values differ in hue and lightness", "[palette]") {
    Pairing equal;
    for (int v = 1; v <= 40; ++v) {
        double h1, l1, h2, l2;
        hsl(editor::palette::link_color(v, equal), h1, l1);
        hsl(editor::palette::link_color(v + 1, equal), h2, l2);
        INFO("values " << v << " and " << v + 1);
        CHECK(hue_gap(h1, h2) >= 60);
        CHECK(std::fabs(l1 - l2) >= 0.15);
        CHECK(editor::palette::link_dark_text(v, equal) != editor::palette::link_dark_text(v + 1, equal));
    }
    // Any two of the twelve colours: near hues (under 45 degrees) come with a lightness gap.
    for (std::size_t i = 0; i < editor::palette::link_colors.size(); ++i)
        for (std::size_t j = i + 1; j < editor::palette::link_colors.size(); ++j) {
            double h1, l1, h2, l2;
            hsl(editor::palette::link_colors[i], h1, l1);
            hsl(editor::palette::link_colors[j], h2, l2);
            INFO("colours " << i << " and " << j);
            CHECK((hue_gap(h1, h2) >= 45 || std::fabs(l1 - l2) >= 0.15));
        }
    // The two pairs the issue saw as near-identical.
    CHECK_FALSE(editor::palette::link_color(5, equal) == editor::palette::link_color(8, equal));
    CHECK_FALSE(editor::palette::link_color(2, equal) == editor::palette::link_color(7, equal));
    // Sum pairing: a tile and its partner share a colour; an overlay colour is never a tile colour.
    Pairing sum{Pairing::Rule::sum, 10};
    for (int v = 1; v < 10; ++v) CHECK(editor::palette::link_color(v, sum) == editor::palette::link_color(10 - v, sum));
    for (Rgb c : editor::palette::link_colors) {
        CHECK_FALSE(near_color(c, editor::palette::overlay_link_path, 40));
        CHECK_FALSE(near_color(c, editor::palette::overlay_solution, 40));
    }
}
