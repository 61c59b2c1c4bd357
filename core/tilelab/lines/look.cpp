// lines' look (look/look.hpp): every tile has one fill, edge to edge, and the report draws a
// segment from the tile's centre to each of its solid sides.
#include "tilelab/lines/lines.hpp"
#include "tilelab/look/look.hpp"

namespace tilelab::lines {
namespace {

Rgb value_fill(const Level&, std::int32_t value) { return value < 0 ? palette::empty_cell : palette::line_tile; }

// A segment from the tile's centre to each solid side (top 1, right 2, bottom 4, left 8).
void value_picture(std::string& out, const Level&, int x, int y, std::int32_t mask, bool) {
    if (!cell::is_value(mask)) return;
    const double cx = x + 0.5, cy = y + 0.5;
    const double ends[4][2] = {{cx, y + 0.0}, {x + 1.0, cy}, {cx, y + 1.0}, {x + 0.0, cy}};
    for (int side = 0; side < 4; ++side) {
        if (!(mask & (1 << side))) continue;
        out += "<line x1=\"" + svg::num(cx) + "\" y1=\"" + svg::num(cy) + "\" x2=\"" + svg::num(ends[side][0]) + "\" y2=\"" +
               svg::num(ends[side][1]) + "\" stroke=\"" + hex(palette::line_ink) +
               "\" stroke-width=\"0.2\" stroke-linecap=\"round\"/>";
    }
}

}  // namespace

const KindLook& look() {
    static const KindLook row{.fill = value_fill, .values_fill_cell = true, .picture = value_picture};
    return row;
}

}  // namespace tilelab::lines
