// collapse in the document model (editor/kinds/edits_table.hpp): a grown board gets `?` pieces,
// the palette of colours, power-ups and cells, the jelly layer (no lock layer: keep_in_format
// drops one), a rotation turning a rocket, and a paste bringing no colour the level lacks.
#include <algorithm>
#include <string>
#include <vector>

#include "kinds/edits_table.hpp"
#include "tilelab/collapse/collapse.hpp"
#include "tilelab/collapse/tokens.hpp"
#include "tilelab/limits.hpp"

namespace tilelab::editor {

namespace collapse_edits_parts {  // named: the model library is a unity build

constexpr int max_colors = 9;

int lowest_colors(const Level& level) {
    int highest = -1;
    for (std::int32_t v : level.board.cells)
        if (v >= 0) highest = std::max(highest, collapse::color_of(v));
    return std::max(limits::min_colors, highest + 1);
}

std::vector<PaletteEntry> palette(const Level& level) {
    const int colors = collapse::rules_of(level).colors;
    std::vector<PaletteEntry> entries;
    for (int c = 0; c < colors && c < max_colors; ++c) entries.push_back({c, "colour " + std::to_string(c)});
    entries.push_back({cell::random, "? a random piece, drawn at level start"});
    entries.push_back({cell::empty, ". an empty cell"});
    entries.push_back({cell::blocker, "# a blocker: never moves, never clears, splits its column"});
    entries.push_back({cell::hole, "_ a hole: not part of the board; pieces fall past it"});
    entries.push_back({collapse::rocket_h, "rh rocket: tapped, clears its row"});
    entries.push_back({collapse::rocket_v, "rv rocket: tapped, clears its column"});
    entries.push_back({collapse::tnt, "tnt: tapped, clears the 5x5 square around it"});
    for (int c = 0; c < colors && c < max_colors; ++c)
        entries.push_back(
            {collapse::disco(c), std::to_string(c) + "d disco ball: tapped, clears every piece of colour " + std::to_string(c)});
    return entries;
}

// Colours, disco balls, rockets, tnt, ? # _ .; anything else is a `?`.
std::int32_t keep_cell(std::int32_t v) {
    if (v >= 0) return (collapse::is_piece(v) || collapse::is_disco(v)) && collapse::color_of(v) < max_colors ? v : cell::random;
    if (v == cell::empty || v == cell::blocker || v == cell::hole || v == cell::random || collapse::is_powerup(v)) return v;
    return cell::random;
}

bool keep_in_format(Level& level, const Level&) {
    bool changed = false;
    collapse::Rules& r = level.rules.as<collapse::Rules>();
    collapse::Goal& g = level.goal.as<collapse::Goal>();
    changed |= clamp_field(r.colors, lowest_colors(level), max_colors);
    changed |= clamp_field(r.min_group, 1, 16);
    changed |= clamp_field(r.score_per_piece, 0, limits::max_score_per_piece);
    if (g.score) changed |= clamp_field(*g.score, std::int64_t{0}, limits::max_score_goal);
    for (collapse::CollectTarget& c : g.collect) {
        changed |= clamp_field(c.color, 0, r.colors - 1);
        changed |= clamp_field(c.count, 1, limits::max_collect_count);
    }
    if (level.lock) {  // collapse has no lock layer
        level.lock.reset();
        changed = true;
    }
    changed |= keep_jelly_layer(level, g.jelly);
    return changed;
}

// A rotation turns a rocket (rh <-> rv); a flip leaves it as it is.
std::int32_t transform(std::int32_t value, Transform t) {
    if (t != Transform::rotate_cw && t != Transform::rotate_ccw) return value;
    if (value == collapse::rocket_h) return collapse::rocket_v;
    if (value == collapse::rocket_v) return collapse::rocket_h;
    return value;
}

// The area's cells (without a selection: the `?` cells) drawn from the seed, uniform(colors)
// each, blockers and holes kept.
std::string fill(Level& level, CellArea area, bool selected, std::uint64_t seed) {
    const int colors = collapse::rules_of(level).colors;
    Rng rng(seed);
    int filled = 0;
    for (int y = area.y0; y <= area.y1; ++y)
        for (int x = area.x0; x <= area.x1; ++x) {
            std::int32_t& c = level.board.at(x, y);
            if (c == cell::blocker || c == cell::hole || (!selected && c != cell::random)) continue;
            c = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(colors)));
            ++filled;
        }
    return filled ? "" : "no ? cells to fill (select an area to refill it)";
}

bool needs_jelly_layer(const Level& level) { return collapse::goal_of(level).jelly; }

std::string paste_refusal(const Level& level, const Level& clip) {
    const int needed = lowest_colors(clip), colors = collapse::rules_of(level).colors;
    if (needed > colors)
        return "the clipboard holds colour " + std::to_string(needed - 1) + "; this level has " + std::to_string(colors) +
               " colours (0.." + std::to_string(colors - 1) + ")";
    return "";
}

}  // namespace collapse_edits_parts

const KindEdits collapse_edits{
    .new_cell = cell::random,
    .layers = true,
    .needs_jelly_layer = collapse_edits_parts::needs_jelly_layer,
    .palette = collapse_edits_parts::palette,
    .keep_cell = collapse_edits_parts::keep_cell,
    .keep_in_format = collapse_edits_parts::keep_in_format,
    .transform = collapse_edits_parts::transform,
    .fill = collapse_edits_parts::fill,
    .paste_refusal = collapse_edits_parts::paste_refusal,
};

}  // namespace tilelab::editor
