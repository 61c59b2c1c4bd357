// slide's look (look/look.hpp): tiles in the 2048 colours by value (palette::slide_color), drawn
// in the report as rounded squares with their value.
#include "tilelab/look/look.hpp"
#include "tilelab/slide/slide.hpp"

namespace tilelab::slide {
namespace {

Rgb value_fill(const Level&, std::int32_t value) { return value < 0 ? palette::empty_cell : palette::slide_color(value); }

void value_picture(std::string& out, const Level& level, int x, int y, std::int32_t c, bool labels) {
    if (!cell::is_value(c)) return;
    svg::rect(out, x + 0.05, y + 0.05, 0.9, 0.9, hex(value_fill(level, c)), " rx=\"0.1\"");
    if (labels)
        svg::cell_label(out, x, y, std::to_string(c), c >= 1000 ? 0.28 : 0.4,
                        palette::slide_dark_text(c) ? "#5a5046" : "#ffffff");
}

}  // namespace

const KindLook& look() {
    static const KindLook row{.fill = value_fill, .picture = value_picture};
    return row;
}

}  // namespace tilelab::slide
