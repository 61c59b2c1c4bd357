// link in the document model (editor/kinds/edits_table.hpp): the palette of values (those below the
// sum under sum pairing), the pairing's and the turns' limits, and the generator laying pairs on the
// area that leave the whole board clearable.
#include <algorithm>
#include <string>
#include <vector>

#include "kinds/edits_table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/link/link.hpp"
#include "tilelab/random.hpp"

namespace tilelab::editor {

namespace link_edits_parts {  // named: the model library is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = link::Rules;
using Goal = link::Goal;

std::vector<PaletteEntry> palette(const Level& level) {
    std::vector<PaletteEntry> entries;
    const Pairing& pair = level.rules.as<Rules>().pair;
    std::int64_t top = pair.rule == Pairing::Rule::sum ? std::min<std::int64_t>(pair.sum - 1, 20) : 12;
    for (int v = 1; v <= top; ++v) entries.push_back({v, "value " + std::to_string(v)});
    entries.push_back({cell::empty, ". empty"});
    entries.push_back({cell::blocker, "# a blocker"});
    return entries;
}

// Values, # .; anything else is an empty cell, a value past the limit the largest.
std::int32_t keep_cell(std::int32_t v) {
    std::int32_t fixed = v;
    if (v == 0 || (v < 0 && v != cell::empty && v != cell::blocker)) fixed = cell::empty;
    else if (v > limits::max_link_value) fixed = limits::max_link_value;
    return fixed;
}

bool keep_in_format(Level& level, const Level&) {
    bool changed = false;
    Rules& r = level.rules.as<Rules>();
    if (r.pair.rule == Pairing::Rule::sum) changed |= clamp_field(r.pair.sum, limits::min_pair_sum, limits::max_pair_sum);
    changed |= clamp_field(r.max_turns, 0, limits::max_turns);
    return changed;
}

// Pairs laid on the area's free cells so that the whole board, with what stands around the area,
// can still be cleared (the solver proves it, or reverse play builds it).
std::string fill(Level& level, CellArea area, bool, std::uint64_t seed) {
    std::vector<Cell> cells;
    for (int y = area.y0; y <= area.y1; ++y)
        for (int x = area.x0; x <= area.x1; ++x) cells.push_back({x, y});
    Board board = level.board;
    Rng rng(seed);
    std::string error = link::fill_cells(board, cells, link::rules_of(level), level.rules.as<Rules>().pair, rng);
    if (error.empty()) level.board = std::move(board);
    return error;
}

}  // namespace link_edits_parts

const KindEdits link_edits{
    .palette = link_edits_parts::palette,
    .keep_cell = link_edits_parts::keep_cell,
    .keep_in_format = link_edits_parts::keep_in_format,
    .fill = link_edits_parts::fill,
};

}  // namespace tilelab::editor
