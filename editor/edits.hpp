// Edits of a level as plain functions on values: painting, fills, rotation, resizing, generator fill.
// The canvas and panels call these inside Document::change / gestures, so each is undoable.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tilelab/board/level.hpp"

namespace tilelab::editor {

struct Paint {
    bool jelly = false;      // paint the jelly layer instead of the board
    std::int32_t value = 0;  // a board cell value, jelly layers, or a lock (0 or 1)
    bool lock = false;       // match3 v2: paint the lock layer instead of the board
};

// match3 v2: a lock goes only on a piece, special or colour bomb (docs/format.md "The lock layer").
constexpr bool can_be_locked(std::int32_t v) { return v >= 0 || v == cell::color_bomb; }
// Why a lock cannot go on `value` ("" when it can): for the status bar.
std::string lock_refusal(std::int32_t value);

// Sets one cell; returns true when it changed. Creates the jelly (lock) layer on first use. A lock
// is painted only where one may go (elsewhere nothing changes); a board value that cannot be
// locked clears its cell's lock, so the level stays valid.
bool paint_cell(Level& level, Cell c, Paint paint);
// The value the eraser paints: an empty cell (match3: a hole stays a hole only if painted so); on
// the jelly layer no jelly, on the lock layer no lock.
Paint eraser_paint(const Level& level, bool jelly, bool lock = false);
// Flood fill from `start` over the 4-connected cells holding the same value.
void bucket_fill(Level& level, Cell start, Paint paint);
void fill_rect(Level& level, Cell a, Cell b, Paint paint);
// Rotates a lines tile 90 degrees (clockwise when `clockwise`): top->right->bottom->left.
std::int32_t rotate_mask(std::int32_t mask, bool clockwise);
// The paint under a cell (the picker).
Paint pick(const Level& level, Cell c, bool jelly, bool lock = false);

enum class Anchor { top_left, top, top_right, left, centre, right, bottom_left, bottom, bottom_right };
// Resizes the board keeping its content anchored (new cells: empty; match3: random pieces).
void resize_level(Level& level, int width, int height, Anchor anchor);

// Fills the selection (or, with no selection, every `?` cell) from the kind's generator, seeded:
// match3 draws colours in place (no run anywhere, a move left), link and lines generate a board of
// the area's size (solvable; scrambled). Blockers and holes stay. Returns "" or why nothing was filled
// (the level is then unchanged).
std::string fill_with_generator(Level& level, std::optional<std::pair<Cell, Cell>> selection, std::uint64_t seed);

// ---- The format's limits (issue 12): the editor never holds a level the reader refuses ----

// Brings every number of `level` into the format's limits (tilelab/board/limits.hpp, the ones the
// reader checks): rules, goal, jelly layers, cells. `before` is the level before the edit: an id
// emptied by the edit keeps its old value. match3's colour count never drops below the colours on
// the board (lowest_colors). Returns true when anything had to be changed.
bool keep_in_format(Level& level, const Level& before);
// The fewest colours a match3 level can have with the colours on its board (at least 2).
int lowest_colors(const Level& level);
// match3 v2: the ingredients (@) on the board, and whether it has a crate (the goals' bounds).
int ingredients_on_board(const Level& level);
bool has_crate(const Level& level);
// "" when `level` is a valid file as it is (the reader's verdict on its canonical text), else the
// reader's first message.
std::string format_problem(const Level& level);

// ---- The palette: what the Tools panel lists and the number keys pick ----

struct PaletteEntry {
    std::int32_t value = 0;
    std::string tip;
};
// The kind's palette in order (match3: the level's colours, then ? . # _, then the format version 2
// items: each colour's h, v and b specials, the colour bomb *, the ingredient @, crates c1..c5).
std::vector<PaletteEntry> palette_entries(const Level& level);
// The entry number key `digit` picks: 1..9 the first nine entries, 0 the tenth; none past the end.
std::optional<PaletteEntry> palette_key(const Level& level, int digit);

// ---- Copy, cut, paste and move of a rectangle of cells ----

// The cells of the rectangle (corners inclusive, clipped to the board) as the text of a level file
// of their size (same kind and rules; jelly / lock when any cell in it has some): the clipboard format.
std::string copy_cells(const Level& level, Cell a, Cell b);

struct PasteResult {
    std::string error;  // "" on success; else why nothing was pasted (the level is unchanged)
    Cell a, b;          // the cells written (corners inclusive)
    int cut_off = 0;    // clipboard cells that fell outside the board
};
// Writes the clipboard level `text` with its top-left cell at `at`: board, jelly and lock of those cells.
// Refused with a message when the text is not a level, is another kind, or holds a colour this
// level does not have.
PasteResult paste_cells(Level& level, std::string_view text, Cell at);

// Moves the rectangle's cells (board, jelly and lock) by (dx, dy): the cells left behind are emptied, the
// part that would leave the board is dropped. Returns false when nothing moved.
bool move_cells(Level& level, Cell a, Cell b, int dx, int dy);

// ---- Flip and rotate (Tiled's X, Y, Z on a selection), symmetry painting ----

enum class Transform { flip_x, flip_y, rotate_cw, rotate_ccw };
// A cell value as it reads after the transform: a lines tile's connections turn or mirror with
// it; a match3 striped special turns (h <-> v) under a rotation. Other values are unchanged.
std::int32_t transform_value(Kind kind, std::int32_t value, Transform t);
// Flips or rotates the rectangle's cells (board, jelly and lock) in place: a flip mirrors them
// within the rectangle, a rotation turns the rectangle about its top-left corner (a w x h area
// becomes h x w there; what it uncovers is emptied). Returns "" and the new corners in `a`, `b`,
// or why nothing changed (a rotated area that would leave the board).
std::string transform_cells(Level& level, Cell& a, Cell& b, Transform t);
// Symmetry painting: the cells the brush also paints when it paints `c`, mirrored across the
// board's vertical middle (`mirror_x`), horizontal middle (`mirror_y`) or both (`c` itself not
// listed; a cell on the middle line is its own mirror and is not listed twice).
std::vector<Cell> mirror_cells(const Level& level, Cell c, bool mirror_x, bool mirror_y);
// The value painted at a mirror cell: `value` mirrored the way that cell mirrors `c`.
std::int32_t mirror_value(Kind kind, std::int32_t value, Cell c, Cell mirror);

}  // namespace tilelab::editor
