// collapse's look (look/look.hpp): pieces in match3's colours; a disco ball keeps its colour
// under a white ring; rockets and the tnt on a dark cell, drawn as an arrow pair and a square.
#include "tilelab/collapse/collapse.hpp"
#include "tilelab/look/look.hpp"

namespace tilelab::collapse {
namespace {

Rgb value_fill(const Level&, std::int32_t value) {
    if (value == rocket_h || value == rocket_v || value == tnt) return palette::color_bomb;
    if (value < 0) return palette::empty_cell;
    return palette::match3_colors[static_cast<std::size_t>(color_of(value)) % palette::match3_colors.size()];
}

void value_picture(std::string& out, const Level& level, int x, int y, std::int32_t c, bool labels) {
    const std::string ink = hex(palette::special_ink);
    if (c == rocket_h) {
        svg::rect(out, x + 0.14, y + 0.43, 0.72, 0.14, ink);
        return;
    }
    if (c == rocket_v) {
        svg::rect(out, x + 0.43, y + 0.14, 0.14, 0.72, ink);
        return;
    }
    if (c == tnt) {
        svg::rect(out, x + 0.22, y + 0.22, 0.56, 0.56, "#c0392b", " rx=\"0.08\"");
        if (labels) svg::cell_label(out, x, y, "TNT", 0.22, ink);
        return;
    }
    if (!is_item(c)) return;
    out += "<circle cx=\"" + svg::num(x + 0.5) + "\" cy=\"" + svg::num(y + 0.5) + "\" r=\"0.38\" fill=\"" +
           hex(value_fill(level, c)) + "\"/>";
    if (is_disco(c))
        out += "<circle cx=\"" + svg::num(x + 0.5) + "\" cy=\"" + svg::num(y + 0.5) + "\" r=\"0.22\" fill=\"none\" stroke=\"" +
               ink + "\" stroke-width=\"0.08\"/>";
}

}  // namespace

const KindLook& look() {
    static const KindLook row{.fill = value_fill, .picture = value_picture};
    return row;
}

}  // namespace tilelab::collapse
