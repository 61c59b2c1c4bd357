// Cell painters: how a board looks on the canvas (ImDrawList only, no state); each kind draws its
// own values (editor/kinds/table.hpp, draw_value).
#pragma once
#include <optional>
#include <vector>

#include <imgui.h>

#include "palette.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::editor {

inline ImU32 to_imu32(Rgb c, int alpha = 255) { return IM_COL32(c.r, c.g, c.b, alpha); }
// The dark outline that keeps white marks readable on every colour.
ImU32 dark_edge(int alpha = 220);

// Draws one cell of `level`'s kind holding `value` with `jelly` layers, its top-left at `p0`;
// `locked` (match3 v2) adds the padlock.
void draw_cell(ImDrawList* list, const Level& level, std::int32_t value, int jelly, ImVec2 p0, float size, bool locked = false);
// Draws a whole board (the level's own, or a play-test state's) with its origin at `origin`, with
// its lock layer and, when `exits` (match3 with ingredients), the exit arrows.
void draw_board(ImDrawList* list, const Level& level, const Board& board, const std::optional<Grid>& jelly, ImVec2 origin,
                float size, bool grid, const std::optional<Grid>& lock = std::nullopt, bool exits = false);
// match3 v2: the item `value` (a special, colour bomb, ingredient or crate) drawn small in a disc
// centred at `centre` (the hint overlay's "creates" marker); a plain piece as its colour and glyph.
void draw_item_marker(ImDrawList* list, const Level& level, std::int32_t value, ImVec2 centre, float size);
// The padlock of the lock layer, in a box of `size` with its top-left at `p0`.
void draw_padlock(ImDrawList* list, ImVec2 p0, float size);
// Whether a match3 level has ingredients (on its board or in its goal): its exits are drawn then.
bool has_exits(const Level& level);
// The exit of each column: its lowest non-hole cell (-1: a column of holes).
std::vector<int> exit_rows(const Board& board);
// The outline glyph of a match3 colour, centred at `centre`.
void draw_glyph(ImDrawList* list, int color, ImVec2 centre, float radius, ImU32 ink, float thickness);
// Text centred in a box, scaled to `height` pixels.
void draw_centred_text(ImDrawList* list, const char* text, ImVec2 centre, float height, ImU32 ink);

}  // namespace tilelab::editor
