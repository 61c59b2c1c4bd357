// match3's look (look/look.hpp): a colour for each of the sixteen colours (a special keeps its
// colour's), the format version 2 items' own fills, and the report's picture of a piece, special
// or item.
#include "tilelab/look/look.hpp"
#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {
namespace {

Rgb value_fill(const Level&, std::int32_t value) {
    if (value == cell::color_bomb) return palette::color_bomb;
    if (value == cell::ingredient) return palette::empty_cell;  // the acorn is drawn on an empty cell
    if (cell::is_crate(value)) return palette::crate;
    if (value < 0) return palette::empty_cell;
    // A special (>= 256) keeps its colour's fill: always cell::color_of, never the value itself.
    return palette::match3_colors[static_cast<std::size_t>(cell::color_of(value)) % palette::match3_colors.size()];
}

void value_picture(std::string& out, const Level& level, int x, int y, std::int32_t c, bool labels) {
    if (c == cell::color_bomb) {  // a dark cell under a disc of every colour
        for (int k = 0; k < 4; ++k)
            out += "<circle cx=\"" + svg::num(x + 0.5 + (k % 2 ? 0.14 : -0.14)) + "\" cy=\"" +
                   svg::num(y + 0.5 + (k / 2 ? 0.14 : -0.14)) + "\" r=\"0.13\" fill=\"" +
                   hex(palette::match3_colors[static_cast<std::size_t>(k)]) + "\"/>";
        return;
    }
    if (c == cell::ingredient) {  // the acorn
        out += "<ellipse cx=\"" + svg::num(x + 0.5) + "\" cy=\"" + svg::num(y + 0.58) + "\" rx=\"0.26\" ry=\"0.3\" fill=\"" +
               hex(palette::ingredient) + "\"/>";
        svg::rect(out, x + 0.2, y + 0.2, 0.6, 0.18, hex(palette::ingredient_cap), " rx=\"0.08\"");
        return;
    }
    if (cell::is_crate(c)) {  // a wooden box and its hit points
        svg::rect(out, x + 0.12, y + 0.12, 0.76, 0.76, "none",
                  " stroke=\"" + hex(palette::crate_ink) + "\" stroke-width=\"0.07\"");
        if (labels) svg::cell_label(out, x, y, std::to_string(cell::crate_hp(c)), 0.45, hex(palette::crate_ink));
        return;
    }
    if (!cell::is_value(c)) return;
    out += "<circle cx=\"" + svg::num(x + 0.5) + "\" cy=\"" + svg::num(y + 0.5) + "\" r=\"0.38\" fill=\"" +
           hex(value_fill(level, c)) + "\"/>";
    // Specials as the editor marks them: a stripe across (h) or down (v), a ring (bomb).
    const std::string ink = hex(palette::special_ink);
    const int type = cell::special_of(c);
    if (type == cell::line_h) svg::rect(out, x + 0.14, y + 0.43, 0.72, 0.14, ink);
    if (type == cell::line_v) svg::rect(out, x + 0.43, y + 0.14, 0.14, 0.72, ink);
    if (type == cell::bomb)
        out += "<circle cx=\"" + svg::num(x + 0.5) + "\" cy=\"" + svg::num(y + 0.5) + "\" r=\"0.22\" fill=\"none\" stroke=\"" +
               ink + "\" stroke-width=\"0.08\"/>";
}

}  // namespace

const KindLook& look() {
    static const KindLook row{.fill = value_fill, .picture = value_picture};
    return row;
}

}  // namespace tilelab::match3
