// slide in the document model (editor/kinds/edits_table.hpp): the palette of tiles 2..2048, and
// tiles, spawns and the target as powers of two within the format's limits.
#include <algorithm>
#include <vector>

#include "kinds/edits_table.hpp"
#include "tilelab/limits.hpp"

namespace tilelab::editor {

namespace slide_edits_parts {  // named: the model library is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = slide::Rules;
using Goal = slide::Goal;

bool power_of_two(std::int64_t n) { return n >= 2 && (n & (n - 1)) == 0; }

// The largest power of two not above `n` (at least `lo`), within [lo, hi].
std::int64_t power_of_two_in(std::int64_t n, std::int64_t lo, std::int64_t hi) {
    n = std::clamp(n, lo, hi);
    std::int64_t p = lo;
    while (p * 2 <= n) p *= 2;
    return p;
}

std::vector<PaletteEntry> palette(const Level&) {
    std::vector<PaletteEntry> entries;
    for (int v = 2; v <= 2048; v *= 2) entries.push_back({v, "tile " + std::to_string(v)});
    entries.push_back({cell::empty, ". empty"});
    entries.push_back({cell::blocker, "# a wall"});
    return entries;
}

// Powers of two, # .; another negative value is an empty cell, another tile the power of two under it.
std::int32_t keep_cell(std::int32_t v) {
    std::int32_t fixed = v;
    if (v < 0 && v != cell::empty && v != cell::blocker) fixed = cell::empty;
    else if (cell::is_value(v) && !power_of_two(v)) fixed = static_cast<std::int32_t>(power_of_two_in(v, 2, limits::max_tile));
    return fixed;
}

bool keep_in_format(Level& level, const Level&) {
    bool changed = false;
    Rules& r = level.rules.as<Rules>();
    Goal& g = level.goal.as<Goal>();
    const int cells = std::max(1, level.width() * level.height());
    // An empty spawn table is a level without spawns (format 3, docs/slide.md "Puzzles"):
    // kept; its start tiles are the board's, so start_tiles is then 0 at most.
    if (r.spawn.empty() && r.start_tiles && *r.start_tiles != 0) {
        r.start_tiles = 0;
        changed = true;
    }
    for (auto& [value, weight] : r.spawn) {
        auto v = static_cast<int>(power_of_two_in(value, 2, limits::max_tile));
        if (v != value) {
            value = v;
            changed = true;
        }
        changed |= clamp_field(weight, 1, limits::max_spawn_weight);
    }
    if (r.start_tiles) changed |= clamp_field(*r.start_tiles, 0, cells);
    {
        auto t = static_cast<int>(power_of_two_in(g.target, limits::min_target, limits::max_target));
        if (t != g.target) {
            g.target = t;
            changed = true;
        }
    }
    return changed;
}

// A copy of cells places no start tiles of the level's: its tiles are the copied ones.
void clip_rules(Level& clip) { clip.rules.as<Rules>().start_tiles.reset(); }

}  // namespace slide_edits_parts

const KindEdits slide_edits{
    .palette = slide_edits_parts::palette,
    .keep_cell = slide_edits_parts::keep_cell,
    .keep_in_format = slide_edits_parts::keep_in_format,
    .clip_rules = slide_edits_parts::clip_rules,
};

}  // namespace tilelab::editor
