// Level edits as plain functions on values (see edits.hpp).
#include "edits.hpp"

#include <algorithm>
#include <vector>

#include "kinds/edits_table.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::editor {

namespace {
bool all_zero(const Grid& grid) {
    return std::all_of(grid.cells.begin(), grid.cells.end(), [](std::int32_t v) { return v == 0; });
}
// The level's goal needs its jelly layer, even an all-zero one (KindEdits::needs_jelly_layer).
bool needs_jelly_layer(const Level& level) {
    const auto needs = kind_edits(level.kind).needs_jelly_layer;
    return needs && needs(level);
}
}  // namespace

std::string lock_refusal(std::int32_t value) {
    if (can_be_locked(value)) return "";
    const std::string what = value == cell::random       ? "a ? cell (its piece is drawn at level start)"
                             : value == cell::empty      ? "an empty cell"
                             : value == cell::blocker    ? "a blocker"
                             : value == cell::hole       ? "a hole"
                             : value == cell::ingredient ? "an ingredient"
                             : cell::is_crate(value)     ? "a crate"
                                                         : "this cell";
    return "no lock on " + what + ": a lock goes on a piece, special or colour bomb";
}

bool paint_cell(Level& level, Cell c, Paint paint) {
    if (!level.board.contains(c)) return false;
    if (paint.lock) {
        const std::int32_t want = paint.value ? 1 : 0;
        if (want && !can_be_locked(level.board.at(c))) return false;  // skipped: the caller says why
        if (!level.lock) {
            if (!want) return false;
            level.lock = Grid(level.width(), level.height(), 0);
        }
        std::int32_t& locked = level.lock->at(c);
        if (locked == want) return false;
        locked = want;
        if (all_zero(*level.lock)) level.lock.reset();  // no lock left: no layer (the file stays minimal)
        return true;
    }
    if (paint.jelly) {
        if (!level.jelly) level.jelly = Grid(level.width(), level.height(), 0);
        std::int32_t& layers = level.jelly->at(c);
        if (layers == paint.value) return false;
        layers = paint.value;
        // An all-zero jelly layer is the same as none: drop it so the file stays minimal (unless
        // the goal is to clear jelly: the reader wants the layer then).
        if (!needs_jelly_layer(level) && all_zero(*level.jelly)) level.jelly.reset();
        return true;
    }
    std::int32_t& cell = level.board.at(c);
    if (cell == paint.value) return false;
    cell = paint.value;
    // A cell that cannot hold a lock loses it (a ?, blocker, hole, crate, ingredient or empty cell).
    if (level.lock && level.lock->contains(c) && level.lock->at(c) && !can_be_locked(cell)) {
        level.lock->at(c) = 0;
        if (all_zero(*level.lock)) level.lock.reset();
    }
    return true;
}

Paint eraser_paint(const Level&, bool jelly, bool lock) {
    if (lock) return Paint{false, 0, true};
    return jelly ? Paint{true, 0} : Paint{false, cell::empty};
}

Paint pick(const Level& level, Cell c, bool jelly, bool lock) {
    if (!level.board.contains(c)) return {};
    if (lock) return {false, level.lock && level.lock->contains(c) ? level.lock->at(c) : 0, true};
    if (jelly) return {true, level.jelly ? level.jelly->at(c) : 0};
    return {false, level.board.at(c)};
}

void bucket_fill(Level& level, Cell start, Paint paint) {
    if (!level.board.contains(start)) return;
    Grid before = paint.lock    ? (level.lock ? *level.lock : Grid(level.width(), level.height(), 0))
                  : paint.jelly ? (level.jelly ? *level.jelly : Grid(level.width(), level.height(), 0))
                                : level.board;
    std::int32_t target = before.at(start);
    if (target == paint.value) return;
    std::vector<Cell> stack{start};
    std::vector<char> seen(static_cast<std::size_t>(before.size()), 0);
    seen[static_cast<std::size_t>(before.index(start.x, start.y))] = 1;
    while (!stack.empty()) {
        Cell c = stack.back();
        stack.pop_back();
        paint_cell(level, c, paint);
        const Cell next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (Cell n : next) {
            if (!before.contains(n) || before.at(n) != target) continue;
            auto index = static_cast<std::size_t>(before.index(n.x, n.y));
            if (seen[index]) continue;
            seen[index] = 1;
            stack.push_back(n);
        }
    }
}

void fill_rect(Level& level, Cell a, Cell b, Paint paint) {
    int x0 = std::max(0, std::min(a.x, b.x)), x1 = std::min(level.width() - 1, std::max(a.x, b.x));
    int y0 = std::max(0, std::min(a.y, b.y)), y1 = std::min(level.height() - 1, std::max(a.y, b.y));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) paint_cell(level, {x, y}, paint);
}

namespace {
std::pair<int, int> anchor_offset(Anchor anchor, int dw, int dh) {
    int column = static_cast<int>(anchor) % 3, row = static_cast<int>(anchor) / 3;
    int ox = column == 0 ? 0 : column == 1 ? dw / 2 : dw;
    int oy = row == 0 ? 0 : row == 1 ? dh / 2 : dh;
    return {ox, oy};
}

Grid resize_grid(const Grid& grid, int width, int height, int ox, int oy, std::int32_t fill) {
    Grid out(width, height, fill);
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            if (out.contains(x + ox, y + oy)) out.at(x + ox, y + oy) = grid.at(x, y);
    return out;
}
}  // namespace

void resize_level(Level& level, int width, int height, Anchor anchor) {
    width = std::clamp(width, 1, max_board_side);
    height = std::clamp(height, 1, max_board_side);
    auto [ox, oy] = anchor_offset(anchor, width - level.width(), height - level.height());
    const std::int32_t fill = kind_edits(level.kind).new_cell;
    level.board = resize_grid(level.board, width, height, ox, oy, fill);
    if (level.jelly) level.jelly = resize_grid(*level.jelly, width, height, ox, oy, 0);
    if (level.lock) {
        level.lock = resize_grid(*level.lock, width, height, ox, oy, 0);
        if (all_zero(*level.lock)) level.lock.reset();
    }
    // Rules that name rows and columns (lines' fixed ones) follow their content.
    if (const auto resized = kind_edits(level.kind).resized) resized(level, ox, oy);
}

std::string fill_with_generator(Level& level, std::optional<std::pair<Cell, Cell>> selection, std::uint64_t seed) {
    int x0 = 0, y0 = 0, x1 = level.width() - 1, y1 = level.height() - 1;
    if (selection) {
        x0 = std::max(0, std::min(selection->first.x, selection->second.x));
        x1 = std::min(level.width() - 1, std::max(selection->first.x, selection->second.x));
        y0 = std::max(0, std::min(selection->first.y, selection->second.y));
        y1 = std::min(level.height() - 1, std::max(selection->first.y, selection->second.y));
    }
    if (const auto fill = kind_edits(level.kind).fill) return fill(level, CellArea{x0, y0, x1, y1}, selection.has_value(), seed);
    // The kind's generator (lines: a scrambled board of closed networks) makes a board the size of
    // the area, laid over it.
    GenerateOptions options;
    options.kind = level.kind;
    options.width = x1 - x0 + 1;
    options.height = y1 - y0 + 1;
    options.seed = seed;
    GenerateResult result = kind_ops(level.kind).generate(options);
    if (!result.level) return result.error.empty() ? "the generator made no level" : result.error;
    const Board& made = result.level->board;
    if (made.width != options.width || made.height != options.height) return "the generator made a board of another size";
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            std::int32_t& cell = level.board.at(x, y);
            // Blockers and holes the designer placed are part of the layout: keep them.
            if (cell == cell::blocker || cell == cell::hole) continue;
            cell = made.at(x - x0, y - y0);
        }
    return "";
}

}  // namespace tilelab::editor

// ---- The format's limits --------------------------------------------------------------------------

namespace tilelab::editor {

bool keep_in_format(Level& level, const Level& before) {
    bool changed = false;
    if (level.id.empty() && !before.id.empty()) {
        level.id = before.id;
        changed = true;
    }
    Goal& g = level.goal;
    if (g.moves) changed |= clamp_field(*g.moves, 1, limits::max_moves);
    const KindEdits& kind = kind_edits(level.kind);
    // Cells: the kind's own values only.
    if (kind.keep_cell)
        for (std::int32_t& v : level.board.cells) {
            const std::int32_t fixed = kind.keep_cell(v);
            if (fixed != v) {
                v = fixed;
                changed = true;
            }
        }
    // The kind's rules and goal, and its layers.
    if (kind.keep_in_format) changed |= kind.keep_in_format(level, before);
    if (!kind.layers && level.jelly) {
        level.jelly.reset();
        changed = true;
    }
    if (!kind.layers && level.lock) {
        level.lock.reset();
        changed = true;
    }
    return changed;
}

std::string format_problem(const Level& level) {
    LevelLoad load = parse_level(write_level(level), level.name.empty() ? "level" : level.name);
    if (load.level) return "";
    return load.diagnostics.empty() ? std::string("the level does not read back") : load.diagnostics.front().format();
}

// ---- The palette ----------------------------------------------------------------------------------

std::vector<PaletteEntry> palette_entries(const Level& level) {
    const auto palette = kind_edits(level.kind).palette;
    return palette ? palette(level) : std::vector<PaletteEntry>{};
}

std::optional<PaletteEntry> palette_key(const Level& level, int digit) {
    if (digit < 0 || digit > 9) return std::nullopt;
    std::size_t index = digit == 0 ? 9 : static_cast<std::size_t>(digit - 1);
    std::vector<PaletteEntry> entries = palette_entries(level);
    if (index >= entries.size()) return std::nullopt;
    return entries[index];
}

// ---- Copy, cut, paste, move -----------------------------------------------------------------------

namespace {
struct Rect {
    int x0, y0, x1, y1;
    bool empty() const { return x1 < x0 || y1 < y0; }
};
Rect clip_rect(const Level& level, Cell a, Cell b) {
    return {std::max(0, std::min(a.x, b.x)), std::max(0, std::min(a.y, b.y)), std::min(level.width() - 1, std::max(a.x, b.x)),
            std::min(level.height() - 1, std::max(a.y, b.y))};
}
}  // namespace

std::string copy_cells(const Level& level, Cell a, Cell b) {
    Rect r = clip_rect(level, a, b);
    if (r.empty()) return "";
    const int w = r.x1 - r.x0 + 1, h = r.y1 - r.y0 + 1;
    Level clip = make_blank_level(level.kind, w, h);
    clip.id = "clipboard";
    clip.name = "cells " + std::to_string(w) + "x" + std::to_string(h) + " of " + (level.name.empty() ? level.id : level.name);
    clip.rules = level.rules;
    clip.present = level.present;
    for (auto it = clip.present.begin(); it != clip.present.end();)
        it = it->rfind("goal/", 0) == 0 ? clip.present.erase(it) : std::next(it);
    if (const auto clip_rules = kind_edits(level.kind).clip_rules) clip_rules(clip);
    bool any_jelly = false, any_lock = false;
    Grid jelly(w, h, 0), lock(w, h, 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            clip.board.at(x, y) = level.board.at(r.x0 + x, r.y0 + y);
            std::int32_t layers = level.jelly ? level.jelly->at(r.x0 + x, r.y0 + y) : 0;
            jelly.at(x, y) = layers;
            any_jelly |= layers > 0;
            std::int32_t locked = level.lock ? level.lock->at(r.x0 + x, r.y0 + y) : 0;
            lock.at(x, y) = locked;
            any_lock |= locked > 0;
        }
    if (any_jelly) clip.jelly = std::move(jelly);
    if (any_lock) clip.lock = std::move(lock);
    return write_level(clip);
}

PasteResult paste_cells(Level& level, std::string_view text, Cell at) {
    PasteResult result;
    if (sniff_format(text) != "tilelab.level") {
        result.error = "the clipboard holds no tilelab cells (copy a selection with Ctrl+C first)";
        return result;
    }
    LevelLoad load = parse_level(text, "clipboard");
    if (!load.level) {
        result.error = "the clipboard's level does not load: " +
                       (load.diagnostics.empty() ? std::string("unknown error") : load.diagnostics.front().format());
        return result;
    }
    const Level& clip = *load.level;
    if (clip.kind != level.kind) {
        result.error = "the clipboard holds " + std::string(kind_name(clip.kind)) + " cells; this level is " +
                       std::string(kind_name(level.kind));
        return result;
    }
    const KindEdits& kind = kind_edits(level.kind);
    if (kind.paste_refusal) {
        result.error = kind.paste_refusal(level, clip);
        if (!result.error.empty()) return result;
    }
    Rect r{std::max(0, at.x), std::max(0, at.y), std::min(level.width() - 1, at.x + clip.width() - 1),
           std::min(level.height() - 1, at.y + clip.height() - 1)};
    if (r.empty()) {
        result.error = "the paste would fall outside the board";
        return result;
    }
    result.cut_off = clip.width() * clip.height() - (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            Cell from{x - at.x, y - at.y};
            level.board.at(x, y) = clip.board.at(from);
            if (kind.layers) {
                std::int32_t layers = clip.jelly ? clip.jelly->at(from) : 0;
                if (layers > 0 || level.jelly) paint_cell(level, {x, y}, {true, layers});
                std::int32_t locked = clip.lock ? clip.lock->at(from) : 0;
                if (locked > 0 || level.lock) paint_cell(level, {x, y}, Paint{false, locked, true});
            }
        }
    result.a = {r.x0, r.y0};
    result.b = {r.x1, r.y1};
    return result;
}

bool move_cells(Level& level, Cell a, Cell b, int dx, int dy) {
    Rect r = clip_rect(level, a, b);
    if (r.empty() || (dx == 0 && dy == 0)) return false;
    const Level source = level;
    // Empty the source first, then write the moved cells over whatever they land on.
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            level.board.at(x, y) = cell::empty;
            if (level.jelly) level.jelly->at(x, y) = 0;
            if (level.lock) level.lock->at(x, y) = 0;
        }
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            Cell to{x + dx, y + dy};
            if (!level.board.contains(to)) continue;
            level.board.at(to) = source.board.at(x, y);
            if (level.jelly) level.jelly->at(to) = source.jelly->at(x, y);
            if (level.lock) level.lock->at(to) = source.lock->at(x, y);
        }
    if (level.lock && all_zero(*level.lock)) level.lock.reset();
    if (level.jelly && std::all_of(level.jelly->cells.begin(), level.jelly->cells.end(), [](std::int32_t v) { return v == 0; }) &&
        !needs_jelly_layer(level))
        level.jelly.reset();
    return !(level == source);
}

std::int32_t transform_value(Kind kind, std::int32_t value, Transform t) {
    const auto transform = kind_edits(kind).transform;
    return transform ? transform(value, t) : value;
}

std::string transform_cells(Level& level, Cell& a, Cell& b, Transform t) {
    const Cell lo{std::max(0, std::min(a.x, b.x)), std::max(0, std::min(a.y, b.y))};
    const Cell hi{std::min(level.width() - 1, std::max(a.x, b.x)), std::min(level.height() - 1, std::max(a.y, b.y))};
    if (lo.x > hi.x || lo.y > hi.y) return "the selection is off the board";
    const int w = hi.x - lo.x + 1, h = hi.y - lo.y + 1;
    const bool rotate = t == Transform::rotate_cw || t == Transform::rotate_ccw;
    const int nw = rotate ? h : w, nh = rotate ? w : h;
    if (lo.x + nw > level.width() || lo.y + nh > level.height())
        return "turned, the " + std::to_string(w) + "x" + std::to_string(h) + " selection would leave the board (" +
               std::to_string(nw) + "x" + std::to_string(nh) + " from (" + std::to_string(lo.x) + ", " + std::to_string(lo.y) +
               "))";
    // Where the cell at (x, y) of the area goes, within the new area.
    auto target = [&](int x, int y) -> Cell {
        switch (t) {
        case Transform::flip_x:
            return {w - 1 - x, y};
        case Transform::flip_y:
            return {x, h - 1 - y};
        case Transform::rotate_cw:
            return {h - 1 - y, x};
        case Transform::rotate_ccw:
            return {y, w - 1 - x};
        }
        return {x, y};
    };
    auto turn = [&](Grid& grid, std::int32_t cleared, bool values) {
        std::vector<std::int32_t> area(static_cast<std::size_t>(w * h));
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                area[static_cast<std::size_t>(y * w + x)] = grid.at(lo.x + x, lo.y + y);
                grid.at(lo.x + x, lo.y + y) = cleared;  // uncovered by a rotation: emptied
            }
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const Cell to = target(x, y);
                const std::int32_t v = area[static_cast<std::size_t>(y * w + x)];
                grid.at(lo.x + to.x, lo.y + to.y) = values ? transform_value(level.kind, v, t) : v;
            }
    };
    turn(level.board, cell::empty, true);
    if (level.jelly) turn(*level.jelly, 0, false);
    if (level.lock) turn(*level.lock, 0, false);
    a = lo;
    b = Cell{lo.x + nw - 1, lo.y + nh - 1};
    return "";
}

std::vector<Cell> mirror_cells(const Level& level, Cell c, bool mirror_x, bool mirror_y) {
    std::vector<Cell> out;
    auto add = [&](Cell m) {
        if (m == c || !level.board.contains(m)) return;
        if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    };
    const Cell mx{level.width() - 1 - c.x, c.y}, my{c.x, level.height() - 1 - c.y};
    if (mirror_x) add(mx);
    if (mirror_y) add(my);
    if (mirror_x && mirror_y) add(Cell{mx.x, my.y});
    return out;
}

std::int32_t mirror_value(Kind kind, std::int32_t value, Cell c, Cell mirror) {
    if (mirror.x != c.x) value = transform_value(kind, value, Transform::flip_x);
    if (mirror.y != c.y) value = transform_value(kind, value, Transform::flip_y);
    return value;
}

}  // namespace tilelab::editor
