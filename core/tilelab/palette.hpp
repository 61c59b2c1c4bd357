// The colours the editor paints with and the pack report draws its thumbnails with: the colour
// table (look/colours.hpp, which the editor's end-to-end tests also read, docs/editor.md
// "Colours") and the colour that fills a cell of any kind, the kind's own colours through its look
// (KindOps::look).
#pragma once
#include <cstdint>

#include "tilelab/board/board.hpp"
#include "tilelab/board/level.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/look/colours.hpp"
#include "tilelab/look/look.hpp"

namespace tilelab::palette {

// The colour that fills a cell (the background under any glyph, number or line).
inline Rgb cell_fill(const Level& level, std::int32_t value) {
    if (value == cell::empty) return empty_cell;
    if (value == cell::blocker) return blocker;
    if (value == cell::hole) return hole;
    if (value == cell::random) return random_piece;
    return kind_ops(level.kind).look->fill(level, value);
}

}  // namespace tilelab::palette
