// lines in the document model (editor/kinds/edits_table.hpp): the palette of the fifteen tiles, the
// fixed rows and columns and the goal's group sizes within the board, and a tile's connections
// turning and mirroring with the board.
#include <algorithm>
#include <vector>

#include "kinds/edits_table.hpp"

namespace tilelab::editor {

std::int32_t rotate_mask(std::int32_t mask, bool clockwise) {
    if (mask <= 0 || mask > 15) return mask;
    // Clockwise: top(1)->right(2)->bottom(4)->left(8)->top: a left rotation of the 4 bits.
    if (clockwise) return ((mask << 1) | (mask >> 3)) & 15;
    return ((mask >> 1) | (mask << 3)) & 15;
}

namespace lines_edits_parts {  // named: the model library is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = lines::Rules;
using Goal = lines::Goal;

std::vector<PaletteEntry> palette(const Level& level) {
    std::vector<PaletteEntry> entries;
    for (int mask = 1; mask <= 15; ++mask) entries.push_back({mask, "line tile, mask " + cell_token(level.kind, mask)});
    entries.push_back({cell::empty, ". empty"});
    return entries;
}

// Masks 1..15, .; anything else is an empty cell.
std::int32_t keep_cell(std::int32_t v) {
    std::int32_t fixed = v;
    if (v == 0 || v > 15 || (v < 0 && v != cell::empty)) fixed = cell::empty;
    return fixed;
}

bool keep_in_format(Level& level, const Level&) {
    bool changed = false;
    Rules& r = level.rules.as<Rules>();
    Goal& g = level.goal.as<Goal>();
    const int cells = std::max(1, level.width() * level.height());
    auto keep = [&](std::vector<int>& list, int limit) {
        std::vector<int> kept;
        for (int i : list)
            if (i >= 0 && i < limit && std::find(kept.begin(), kept.end(), i) == kept.end()) kept.push_back(i);
        if (kept != list) {
            list = kept;
            changed = true;
        }
    };
    keep(r.fixed_rows, level.height());
    keep(r.fixed_cols, level.width());
    if (g.closed_groups) changed |= clamp_field(*g.closed_groups, 1, cells);
    if (g.min_group_size) changed |= clamp_field(*g.min_group_size, 1, cells);
    return changed;
}

// A tile's connections turn or mirror with the board.
std::int32_t transform(std::int32_t value, Transform t) {
    if (value <= 0 || value > 15) return value;
    // Bits: top 1, right 2, bottom 4, left 8.
    const std::int32_t top = value & 1, right = value & 2, bottom = value & 4, left = value & 8;
    switch (t) {
    case Transform::flip_x:
        return top | bottom | (left ? 2 : 0) | (right ? 8 : 0);
    case Transform::flip_y:
        return right | left | (top ? 4 : 0) | (bottom ? 1 : 0);
    case Transform::rotate_cw:
        return rotate_mask(value, true);
    case Transform::rotate_ccw:
        return rotate_mask(value, false);
    }
    return value;
}

// A copy of cells has no fixed rows or columns: they are the level's.
void clip_rules(Level& clip) {
    Rules& r = clip.rules.as<Rules>();
    r.fixed_rows.clear();
    r.fixed_cols.clear();
}

// Fixed rows and columns keep naming the same content, or go when it is cut away.
void resized(Level& level, int ox, int oy) {
    auto shift = [](std::vector<int>& indices, int offset, int limit) {
        std::vector<int> kept;
        for (int i : indices)
            if (i + offset >= 0 && i + offset < limit) kept.push_back(i + offset);
        indices = kept;
    };
    Rules& r = level.rules.as<Rules>();
    shift(r.fixed_rows, oy, level.height());
    shift(r.fixed_cols, ox, level.width());
}

}  // namespace lines_edits_parts

const KindEdits lines_edits{
    .palette = lines_edits_parts::palette,
    .keep_cell = lines_edits_parts::keep_cell,
    .keep_in_format = lines_edits_parts::keep_in_format,
    .transform = lines_edits_parts::transform,
    .clip_rules = lines_edits_parts::clip_rules,
    .resized = lines_edits_parts::resized,
};

}  // namespace tilelab::editor
