// link's look (look/look.hpp): a tile shares its partner's colour (palette::link_color), and the
// report draws it as a rounded square with its value.
#include "tilelab/link/link.hpp"
#include "tilelab/look/look.hpp"

namespace tilelab::link {
namespace {

Rgb value_fill(const Level& level, std::int32_t value) {
    if (value < 0) return palette::empty_cell;
    return palette::link_color(value, level.rules.as<Rules>().pair);
}

void value_picture(std::string& out, const Level& level, int x, int y, std::int32_t c, bool labels) {
    if (!cell::is_value(c)) return;
    svg::rect(out, x + 0.06, y + 0.06, 0.88, 0.88, hex(value_fill(level, c)), " rx=\"0.12\"");
    const bool dark = palette::link_dark_text(c, level.rules.as<Rules>().pair);
    if (labels) svg::cell_label(out, x, y, std::to_string(c), c >= 100 ? 0.34 : 0.45, dark ? "#141418" : "#ffffff");
}

}  // namespace

const KindLook& look() {
    static const KindLook row{.fill = value_fill, .picture = value_picture};
    return row;
}

}  // namespace tilelab::link
