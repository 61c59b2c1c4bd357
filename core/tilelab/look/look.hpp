// How a kind's cells are pictured (docs/architecture.md "One kind, one folder"): a kind's
// KindLook, in its folder (look.cpp) and named by its KindOps row (KindOps::look), gives the
// colour of each of its values and draws a cell of the pack report's board pictures; beside it,
// the SVG writers those drawings and the report share. The layer `look`, under the kinds and not
// a runtime layer: a game runtime sees neither the colours nor these drawings.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "tilelab/board/level.hpp"
#include "tilelab/look/colours.hpp"

namespace tilelab {

struct KindLook {
    // The colour that fills a cell holding `value` (palette::cell_fill), for every value but the
    // four every kind shares (empty, blocker, hole, ?): the kind's pieces, tiles and items. A
    // negative value the kind does not have is an empty cell.
    Rgb (*fill)(const Level& level, std::int32_t value) = nullptr;
    // The kind's values (>= 0) fill their cell edge to edge in the report's picture (lines'
    // tiles), rather than standing as a piece on an empty cell.
    bool values_fill_cell = false;
    // The report's picture of a cell holding `value` (pack::board_svg): SVG elements in the unit
    // square at (x, y), over the cell's fill; every value but a hole and a ? comes here (a value
    // with nothing to draw adds nothing). `labels`: the cell is big enough to read text in.
    void (*picture)(std::string& out, const Level& level, int x, int y, std::int32_t value, bool labels) = nullptr;
};

// The SVG the report's pictures are written with: text escaped for HTML, numbers with two
// decimals (finer than a pixel at the report's sizes), rectangles and a cell's centred label.
namespace svg {

inline std::string escape_html(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char ch : text) {
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += ch;
        }
    }
    return out;
}

inline std::string num(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", v);
    return text;
}

inline void rect(std::string& out, double x, double y, double w, double h, const std::string& fill,
                 const std::string& extra = "") {
    out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(h) + "\" fill=\"" + fill +
           "\"" + extra + "/>";
}

// `text` in the middle of cell (x, y).
inline void cell_label(std::string& out, int x, int y, const std::string& text, double size, const std::string& colour) {
    out += "<text x=\"" + num(x + 0.5) + "\" y=\"" + num(y + 0.5) + "\" font-size=\"" + num(size) + "\" fill=\"" + colour +
           "\" text-anchor=\"middle\" dominant-baseline=\"central\">" + escape_html(text) + "</text>";
}

}  // namespace svg
}  // namespace tilelab
