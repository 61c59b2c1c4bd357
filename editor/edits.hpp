// Edits of a level as plain functions on values: painting, fills, rotation, resizing, generator fill.
// The canvas and panels call these inside Document::change / gestures, so each is undoable.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "tilelab/board/level.hpp"

namespace tilelab::editor {

struct Paint {
    bool jelly = false;        // paint the jelly layer instead of the board
    std::int32_t value = 0;    // a board cell value, or jelly layers
};

// Sets one cell; returns true when it changed. Creates the jelly layer on first use.
bool paint_cell(Level& level, Cell c, Paint paint);
// The value the eraser paints: an empty cell (match3: a hole stays a hole only if painted so).
Paint eraser_paint(const Level& level, bool jelly);
// Flood fill from `start` over the 4-connected cells holding the same value.
void bucket_fill(Level& level, Cell start, Paint paint);
void fill_rect(Level& level, Cell a, Cell b, Paint paint);
// Rotates a lines tile 90 degrees (clockwise when `clockwise`): top->right->bottom->left.
std::int32_t rotate_mask(std::int32_t mask, bool clockwise);
// The paint under a cell (the picker).
Paint pick(const Level& level, Cell c, bool jelly);

enum class Anchor { top_left, top, top_right, left, centre, right, bottom_left, bottom, bottom_right };
// Resizes the board keeping its content anchored (new cells: empty; match3: random pieces).
void resize_level(Level& level, int width, int height, Anchor anchor);

// Fills the selection (or, with no selection, every `?` cell) from the kind's generator, seeded:
// match3 draws colours in place (no run anywhere, a move left), link and lines generate a board of
// the area's size (solvable; scrambled). Blockers and holes stay. Returns "" or why nothing was filled
// (the level is then unchanged).
std::string fill_with_generator(Level& level, std::optional<std::pair<Cell, Cell>> selection, std::uint64_t seed);

}  // namespace tilelab::editor
