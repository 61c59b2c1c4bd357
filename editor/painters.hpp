// Cell painters, one per kind: how a board looks on the canvas (ImDrawList only, no state).
#pragma once
#include <optional>

#include <imgui.h>

#include "palette.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::editor {

inline ImU32 to_imu32(Rgb c, int alpha = 255) { return IM_COL32(c.r, c.g, c.b, alpha); }

// Draws one cell of `level`'s kind holding `value` with `jelly` layers, its top-left at `p0`.
void draw_cell(ImDrawList* list, const Level& level, std::int32_t value, int jelly, ImVec2 p0, float size);
// Draws a whole board (the level's own, or a play-test state's) with its origin at `origin`.
void draw_board(ImDrawList* list, const Level& level, const Board& board, const std::optional<Grid>& jelly,
                ImVec2 origin, float size, bool grid);
// The outline glyph of a match3 colour, centred at `centre`.
void draw_glyph(ImDrawList* list, int color, ImVec2 centre, float radius, ImU32 ink, float thickness);
// Text centred in a box, scaled to `height` pixels.
void draw_centred_text(ImDrawList* list, const char* text, ImVec2 centre, float height, ImU32 ink);

}  // namespace tilelab::editor
