// The document model's kind table: one line per kind (editor/kinds/edits_table.hpp).
#include "kinds/edits_table.hpp"

#include <stdexcept>

#include "tilelab/limits.hpp"

namespace tilelab::editor {

const KindEdits& kind_edits(Kind kind) {
    switch (kind) {
    case Kind::match3:
        return match3_edits;
    case Kind::link:
        return link_edits;
    case Kind::lines:
        return lines_edits;
    case Kind::slide:
        return slide_edits;
    case Kind::collapse:
        return collapse_edits;
    }
    throw std::logic_error("no edits entry for this kind");
}

bool keep_jelly_layer(Level& level, bool goal_jelly) {
    bool changed = false;
    if (level.jelly) {
        if (level.jelly->width != level.width() || level.jelly->height != level.height()) {
            level.jelly = Grid(level.width(), level.height(), 0);
            changed = true;
        }
        for (int i = 0; i < level.jelly->size(); ++i) {
            std::int32_t& layers = level.jelly->cells[static_cast<std::size_t>(i)];
            const std::int32_t fixed = level.board.cells[static_cast<std::size_t>(i)] == cell::hole
                                           ? 0
                                           : std::clamp(layers, 0, limits::max_jelly_layers);
            if (fixed != layers) {
                layers = fixed;
                changed = true;
            }
        }
    }
    if (goal_jelly && !level.jelly) {
        level.jelly = Grid(level.width(), level.height(), 0);
        changed = true;
    }
    return changed;
}

}  // namespace tilelab::editor
