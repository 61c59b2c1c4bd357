// The document model's side of each kind (docs/architecture.md, "One kind, one folder"): what the
// edits of edits.hpp do differently by kind (the cells a grown board gets, the palette, which values
// and numbers a level may hold, how a value turns with the board, the generator's fill, what a
// paste needs). Plain C++ without the UI, so that it is part of the editor's model library
// (editor/model.cmake) with the edits and their tests; the UI's side of a kind is EditorKind
// (kinds/table.hpp). Each kind's entry is in editor/kinds/KIND_edits.cpp, and
// editor/kinds/edits_table.cpp lists them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "edits.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::editor {

// The cells of a rectangle of the board, corners inclusive and on the board.
struct CellArea {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct KindEdits {
    // What a board grows with (resize_level): match3's `?` pieces, else empty cells.
    std::int32_t new_cell = cell::empty;
    // The level may hold the jelly and lock layers: they are painted (J, L), pasted, and kept in
    // format; another kind's level drops them.
    bool layers = false;
    // The goal needs the jelly layer (match3's jelly goal: the reader refuses the goal without one),
    // so an all-zero layer stays (paint_cell, move_cells); else it goes. nullptr: never.
    bool (*needs_jelly_layer)(const Level& level) = nullptr;
    // The palette in order (palette_entries).
    std::vector<PaletteEntry> (*palette)(const Level& level) = nullptr;
    // keep_in_format: a board value brought into the kind's own values (nullptr: every value is
    // kept), and the kind's rules and goal into the format's limits, `before` being the level before
    // the edit; returns true when it changed anything (nullptr: nothing of the kind's own).
    std::int32_t (*keep_cell)(std::int32_t value) = nullptr;
    bool (*keep_in_format)(Level& level, const Level& before) = nullptr;
    // A value as it reads after a flip or a rotation of the board (transform_value; nullptr: every
    // value reads the same).
    std::int32_t (*transform)(std::int32_t value, Transform t) = nullptr;
    // "Fill from the generator" on the area (`selected`: the designer chose it; else the whole
    // board): returns "" or why nothing was filled, the level then unchanged (fill_with_generator).
    // nullptr: the kind's generator makes a board of the area's size, laid over it, the designer's
    // blockers and holes kept.
    std::string (*fill)(Level& level, CellArea area, bool selected, std::uint64_t seed) = nullptr;
    // Why the cells of `clip` cannot be pasted into `level` ("" when they can; nullptr: always can).
    std::string (*paste_refusal)(const Level& level, const Level& clip) = nullptr;
    // What a copy of cells (copy_cells: a level of the selection's size with the level's rules)
    // keeps of the rules: lines drops its fixed rows and columns, slide its start tiles (nullptr:
    // every rule).
    void (*clip_rules)(Level& clip) = nullptr;
    // After resize_level moved the board by (ox, oy) into its new size: rules that name rows and
    // columns follow their content, or go when it is cut away (lines' fixed rows and columns;
    // nullptr: nothing to do).
    void (*resized)(Level& level, int ox, int oy) = nullptr;
};

const KindEdits& kind_edits(Kind kind);

// The entries, one per kind (editor/kinds/KIND_edits.cpp).
extern const KindEdits match3_edits;
extern const KindEdits link_edits;
extern const KindEdits lines_edits;
extern const KindEdits slide_edits;
extern const KindEdits collapse_edits;

// keep_in_format's jelly layer (match3's, collapse's): the board's shape, 0 on a hole, each cell
// 0..max_jelly_layers, and a layer (all 0) when `goal_jelly` asks for one; returns true when that
// changed anything.
bool keep_jelly_layer(Level& level, bool goal_jelly);

// Brings `value` into [lo, hi]; returns true when that changed it (keep_in_format's fields).
template <class T>
bool clamp_field(T& value, T lo, T hi) {
    T bounded = std::clamp(value, lo, hi);
    if (bounded == value) return false;
    value = bounded;
    return true;
}

}  // namespace tilelab::editor
