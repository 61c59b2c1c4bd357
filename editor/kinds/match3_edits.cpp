// match3 in the document model (editor/kinds/edits_table.hpp): a grown board gets `?` pieces, the
// palette of colours, specials and format version 2 items, the jelly and lock layers, a rotation
// turning a striped special, the generator filling `?` cells in place, and a paste bringing no
// colour the level lacks.
#include <algorithm>
#include <string>
#include <vector>

#include "kinds/edits_table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/random.hpp"

namespace tilelab::editor {

int lowest_colors(const Level& level) {
    int highest = -1;
    for (std::int32_t v : level.board.cells)
        if (cell::is_value(v)) highest = std::max(highest, cell::color_of(v));
    return std::max(limits::min_colors, highest + 1);
}

int ingredients_on_board(const Level& level) {
    return static_cast<int>(std::count(level.board.cells.begin(), level.board.cells.end(), cell::ingredient));
}

bool has_crate(const Level& level) { return std::any_of(level.board.cells.begin(), level.board.cells.end(), cell::is_crate); }

namespace match3_edits_parts {  // named: the model library is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = match3::Rules;
using Goal = match3::Goal;

std::vector<PaletteEntry> palette(const Level& level) {
    std::vector<PaletteEntry> entries;
    for (int c = 0; c < level.rules.as<Rules>().colors && c < limits::max_colors; ++c)
        entries.push_back({c, "colour " + std::to_string(c)});
    entries.push_back({cell::random, "? a random piece, drawn at level start"});
    entries.push_back({cell::empty, ". an empty playable cell"});
    entries.push_back({cell::blocker, "# a blocker: never moves, never matches"});
    entries.push_back({cell::hole, "_ a hole: not part of the board"});
    // Format version 2 (docs/match3.md): specials, colour bomb, ingredient, crates.
    for (int c = 0; c < level.rules.as<Rules>().colors && c < limits::max_colors; ++c) {
        const std::string k = std::to_string(c);
        entries.push_back(
            {cell::special(c, cell::line_h), k + "h special of colour " + k + ": clears its row (horizontal stripes)"});
        entries.push_back(
            {cell::special(c, cell::line_v), k + "v special of colour " + k + ": clears its column (vertical stripes)"});
        entries.push_back(
            {cell::special(c, cell::bomb), k + "b bomb of colour " + k + ": clears the 3x3 square around it (ring)"});
    }
    entries.push_back({cell::color_bomb, "* colour bomb: swapped with a piece clears every piece of its colour"});
    entries.push_back({cell::ingredient, "@ ingredient: falls, never matches; collected at an exit (bottom of a column)"});
    for (int hp = 1; hp <= cell::max_crate_hp; ++hp)
        entries.push_back({cell::crate(hp), "c" + std::to_string(hp) + " crate with " + std::to_string(hp) + " hit point" +
                                                (hp == 1 ? "" : "s") + ": never moves; hit by a clear next to it"});
    return entries;
}

// Colours and their specials, ? # _ . and * @ c1..c5; anything else is a `?`.
std::int32_t keep_cell(std::int32_t v) {
    std::int32_t fixed = v;
    if (cell::is_value(v)) {
        if (cell::special_of(v) > cell::bomb || cell::color_of(v) >= limits::max_colors) fixed = cell::random;
    } else if (v < cell::random && v != cell::color_bomb && v != cell::ingredient && !cell::is_crate(v)) {
        fixed = cell::random;
    }
    return fixed;
}

bool keep_in_format(Level& level, const Level& before) {
    bool changed = false;
    Rules& r = level.rules.as<Rules>();
    Goal& g = level.goal.as<Goal>();
    changed |= clamp_field(r.colors, lowest_colors(level), limits::max_colors);
    changed |= clamp_field(r.min_match, limits::min_min_match, limits::max_min_match);
    changed |= clamp_field(r.score_per_piece, 0, limits::max_score_per_piece);
    if (g.score) changed |= clamp_field(*g.score, std::int64_t{0}, limits::max_score_goal);
    for (match3::CollectGoal& c : g.collect) {
        changed |= clamp_field(c.color, 0, r.colors - 1);
        changed |= clamp_field(c.count, 1, limits::max_collect_count);
    }
    // The jelly goal needs a jelly layer (the reader refuses the goal without one): an empty
    // layer stays while the goal is on, one is made when the goal is turned on.
    changed |= keep_jelly_layer(level, g.jelly);
    // Format version 2. The lock layer: 0 or 1, 1 only on a piece, special or colour bomb.
    if (level.lock) {
        if (level.lock->width != level.width() || level.lock->height != level.height()) {
            level.lock = Grid(level.width(), level.height(), 0);
            changed = true;
        }
        for (int i = 0; i < level.lock->size(); ++i) {
            std::int32_t& locked = level.lock->cells[static_cast<std::size_t>(i)];
            std::int32_t fixed = locked != 0 && can_be_locked(level.board.cells[static_cast<std::size_t>(i)]) ? 1 : 0;
            if (fixed != locked) {
                locked = fixed;
                changed = true;
            }
        }
    }
    // spawn_weights: empty (all 1) or one weight per colour, each 0..max, not all 0. A colour
    // added gets weight 1, a colour removed takes its weight along; the last weight above 0
    // set to 0 goes back to 1.
    if (!r.spawn_weights.empty()) {
        std::vector<int>& w = r.spawn_weights;
        if (static_cast<int>(w.size()) != r.colors) {
            w.resize(static_cast<std::size_t>(r.colors), 1);
            changed = true;
        }
        for (int& weight : w) changed |= clamp_field(weight, 0, limits::max_spawn_weight);
        if (std::all_of(w.begin(), w.end(), [](int x) { return x == 0; })) {
            std::size_t at = 0;
            // `before` is another kind's level only when a whole level replaced this one (a recovered autosave).
            const std::vector<int> none;
            const std::vector<int>& old = before.rules.is<Rules>() ? before.rules.as<Rules>().spawn_weights : none;
            for (std::size_t i = 0; i < w.size(); ++i)
                if (i < old.size() && old[i] != 0) at = i;
            w[at] = 1;
            changed = true;
        }
    }
    // Goals: crates only while the board has one; ingredients 1..the @ on the board.
    if (g.crates && !has_crate(level)) {
        g.crates = false;
        changed = true;
    }
    if (g.ingredients) {
        const int on_board = ingredients_on_board(level);
        if (on_board == 0) {
            g.ingredients.reset();
            changed = true;
        } else {
            changed |= clamp_field(*g.ingredients, 1, on_board);
        }
    }
    return changed;
}

// A rotation turns a striped special (h <-> v); a flip leaves it as it is.
std::int32_t transform(std::int32_t value, Transform t) {
    if (cell::is_special(value) && (t == Transform::rotate_cw || t == Transform::rotate_ccw)) {
        const int type = cell::special_of(value);
        if (type == cell::line_h) return cell::special(cell::color_of(value), cell::line_v);
        if (type == cell::line_v) return cell::special(cell::color_of(value), cell::line_h);
    }
    return value;
}

// Fill in place, so the new pieces make no run with the ones around them either, and the whole
// board keeps a move (the core retries until both hold). Without a selection: the `?` cells only.
std::string fill(Level& level, CellArea area, bool selected, std::uint64_t seed) {
    std::vector<Cell> cells;
    for (int y = area.y0; y <= area.y1; ++y)
        for (int x = area.x0; x <= area.x1; ++x)
            if (selected || level.board.at(x, y) == cell::random) cells.push_back({x, y});
    if (cells.empty()) return "no ? cells to fill (select an area to refill it)";
    Board board = level.board;
    Rng rng(seed);
    if (!match3::fill_selection(board, cells, level.rules.as<Rules>(), rng))
        return "no fill of these cells leaves a board without runs and with a move";
    level.board = std::move(board);
    return "";
}

std::string paste_refusal(const Level& level, const Level& clip) {
    const int needed = lowest_colors(clip);
    const int colors = level.rules.as<Rules>().colors;
    if (needed > colors)
        return "the clipboard holds colour " + std::to_string(needed - 1) + "; this level has " + std::to_string(colors) +
               " colours (0.." + std::to_string(colors - 1) + ")";
    return "";
}

bool needs_jelly_layer(const Level& level) { return level.goal.as<Goal>().jelly; }

}  // namespace match3_edits_parts

const KindEdits match3_edits{
    .new_cell = cell::random,
    .layers = true,
    .needs_jelly_layer = match3_edits_parts::needs_jelly_layer,
    .palette = match3_edits_parts::palette,
    .keep_cell = match3_edits_parts::keep_cell,
    .keep_in_format = match3_edits_parts::keep_in_format,
    .transform = match3_edits_parts::transform,
    .fill = match3_edits_parts::fill,
    .paste_refusal = match3_edits_parts::paste_refusal,
};

}  // namespace tilelab::editor
