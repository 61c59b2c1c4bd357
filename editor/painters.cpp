// Cell painters per kind: match3 colours with glyphs, link and slide numbers, lines as lines.
#include "painters.hpp"

#include "kinds/table.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace tilelab::editor {

ImU32 dark_edge(int alpha) { return IM_COL32(20, 20, 24, alpha); }

void draw_centred_text(ImDrawList* list, const char* text, ImVec2 centre, float height, ImU32 ink) {
    ImFont* font = ImGui::GetFont();
    ImVec2 extent = font->CalcTextSizeA(height, 10000.0f, 0.0f, text);
    list->AddText(font, height, ImVec2(std::floor(centre.x - extent.x / 2), std::floor(centre.y - extent.y / 2)), ink, text);
}

void draw_glyph(ImDrawList* list, int color, ImVec2 centre, float radius, ImU32 ink, float thickness) {
    if (color < 0) return;                                                            // not a piece: no glyph
    color = cell::color_of(color) % static_cast<int>(palette::match3_colors.size());  // a special: its colour's glyph
    auto polygon = [&](int sides, float start_angle, float r) {
        ImVec2 points[12];
        for (int i = 0; i < sides; ++i) {
            float angle = start_angle + 6.2831853f * static_cast<float>(i) / static_cast<float>(sides);
            points[i] = ImVec2(centre.x + r * std::cos(angle), centre.y + r * std::sin(angle));
        }
        list->AddPolyline(points, sides, ink, ImDrawFlags_Closed, thickness);
    };
    auto star = [&](float r) {
        ImVec2 points[10];
        for (int i = 0; i < 10; ++i) {
            float angle = -1.5707963f + 3.14159265f * static_cast<float>(i) / 5.0f;
            float rr = (i % 2 == 0) ? r : r * 0.45f;
            points[i] = ImVec2(centre.x + rr * std::cos(angle), centre.y + rr * std::sin(angle));
        }
        list->AddPolyline(points, 10, ink, ImDrawFlags_Closed, thickness);
    };
    auto shape = [&](float r) {
        switch (palette::match3_glyph(color)) {
        case palette::Glyph::circle:
            list->AddCircle(centre, r, ink, r < 12 ? 10 : 24, thickness);
            break;
        case palette::Glyph::triangle:
            polygon(3, -1.5707963f, r);
            break;
        case palette::Glyph::square:
            polygon(4, 0.7853982f, r);
            break;
        case palette::Glyph::diamond:
            polygon(4, 0.0f, r);
            break;
        case palette::Glyph::pentagon:
            polygon(5, -1.5707963f, r);
            break;
        case palette::Glyph::hexagon:
            polygon(6, 0.0f, r);
            break;
        case palette::Glyph::star:
            star(r * 1.1f);
            break;
        case palette::Glyph::triangle_down:
            polygon(3, 1.5707963f, r);
            break;
        }
    };
    shape(radius);
    if (palette::match3_glyph_doubled(color)) shape(radius * 0.55f);
}

void draw_padlock(ImDrawList* list, ImVec2 p0, float size) {
    // Bottom-right quarter of the cell: the body a rounded box, the shackle an arc over it; light
    // metal with a dark edge and a dark keyhole, readable on every colour.
    const float w = size * 0.34f, h = size * 0.24f;
    ImVec2 b1(p0.x + size * 0.95f, p0.y + size * 0.95f), b0(b1.x - w, b1.y - h);
    const float edge = std::max(1.0f, size * 0.03f);
    ImVec2 shackle((b0.x + b1.x) / 2, b0.y);
    const float sr = w * 0.32f, st = std::max(1.5f, size * 0.055f);
    list->PathArcTo(shackle, sr, 3.14159265f, 6.2831853f, 10);
    list->PathStroke(dark_edge(), 0, st + 2 * edge);
    list->PathArcTo(shackle, sr, 3.14159265f, 6.2831853f, 10);
    list->PathStroke(to_imu32(palette::lock), 0, st);
    list->AddRectFilled(ImVec2(b0.x - edge, b0.y - edge), ImVec2(b1.x + edge, b1.y + edge), dark_edge(), size * 0.04f);
    list->AddRectFilled(b0, b1, to_imu32(palette::lock), size * 0.04f);
    list->AddCircleFilled(ImVec2((b0.x + b1.x) / 2, (b0.y + b1.y) / 2), std::max(1.0f, h * 0.18f), dark_edge(255), 8);
}

bool has_exits(const Level& level) {
    const auto exits = editor_kind(level.kind).has_exits;
    return exits && exits(level);
}

std::vector<int> exit_rows(const Board& board) {
    std::vector<int> rows(static_cast<std::size_t>(board.width), -1);
    for (int x = 0; x < board.width; ++x)
        for (int y = board.height - 1; y >= 0; --y)
            if (board.at(x, y) != cell::hole) {
                rows[static_cast<std::size_t>(x)] = y;
                break;
            }
    return rows;
}

void draw_item_marker(ImDrawList* list, const Level& level, std::int32_t value, ImVec2 centre, float size) {
    // A small copy of the cell, framed so it stands out from the piece under it.
    ImVec2 p0(centre.x - size / 2, centre.y - size / 2);
    list->AddRectFilled(ImVec2(p0.x - 2, p0.y - 2), ImVec2(p0.x + size + 2, p0.y + size + 2), IM_COL32(255, 255, 255, 255),
                        size * 0.2f);
    list->AddRectFilled(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p0.x + size + 1, p0.y + size + 1), dark_edge(255), size * 0.2f);
    draw_cell(list, level, value, 0, p0, size);
}

void draw_cell(ImDrawList* list, const Level& level, std::int32_t value, int jelly, ImVec2 p0, float size, bool locked) {
    float pad = size >= 12 ? 1.0f : 0.0f;
    ImVec2 a(p0.x + pad, p0.y + pad), b(p0.x + size - pad, p0.y + size - pad);
    ImVec2 centre(p0.x + size / 2, p0.y + size / 2);
    Rgb fill = palette::cell_fill(level, value);
    bool piece = cell::is_value(value) && !editor_kind(level.kind).square_tiles;
    // Rounded corners only where they show: on a 32x32 board they cost more vertices than pixels.
    list->AddRectFilled(a, b, to_imu32(fill), piece && size >= 24 ? size * 0.15f : 0.0f);
    if (value == cell::blocker) {
        // A wall: a darker inner frame, so blockers read as solid even in grey-scale.
        float inset = size * 0.18f;
        list->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset), IM_COL32(60, 50, 40, 255), 0.0f, 0,
                      std::max(1.0f, size * 0.06f));
    } else if (value == cell::random) {
        draw_centred_text(list, "?", centre, size * 0.6f, IM_COL32(230, 230, 240, 255));
    } else if (value == cell::hole) {
        // nothing: a hole is not part of the board
    } else {
        editor_kind(level.kind).draw_value(list, level, value, CellBox{p0, a, b, centre, size});
    }
    // Jelly: one frame per layer along the cell's edge, so the centre keeps the piece's colour.
    for (int layer = 0; layer < jelly && layer < 4; ++layer) {
        float inset = pad + 1.0f + static_cast<float>(layer) * std::max(2.0f, size * 0.07f);
        list->AddRect(ImVec2(p0.x + inset, p0.y + inset), ImVec2(p0.x + size - inset, p0.y + size - inset),
                      to_imu32(palette::jelly, 230), size * 0.12f, 0, std::max(1.0f, size * 0.05f));
    }
    if (locked) draw_padlock(list, p0, size);
}

void draw_board(ImDrawList* list, const Level& level, const Board& board, const std::optional<Grid>& jelly, ImVec2 origin,
                float size, bool grid, const std::optional<Grid>& lock, bool exits) {
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            ImVec2 p0(origin.x + static_cast<float>(x) * size, origin.y + static_cast<float>(y) * size);
            int layers = jelly && jelly->contains(x, y) ? jelly->at(x, y) : 0;
            bool locked = lock && lock->contains(x, y) && lock->at(x, y) != 0;
            draw_cell(list, level, board.at(x, y), layers, p0, size, locked);
        }
    if (exits && size >= 6) {
        // Exits: a small green arrow pointing down at the bottom edge of each column's lowest
        // non-hole cell, where an ingredient is collected.
        const std::vector<int> rows = exit_rows(board);
        const float s = std::max(3.0f, size * 0.13f);
        for (int x = 0; x < board.width; ++x) {
            int y = rows[static_cast<std::size_t>(x)];
            if (y < 0) continue;
            float cx = origin.x + (static_cast<float>(x) + 0.5f) * size, by = origin.y + static_cast<float>(y + 1) * size - 1.0f;
            ImVec2 tip(cx, by), l(cx - s, by - s), r(cx + s, by - s);
            list->AddTriangleFilled(tip, l, r, to_imu32(palette::exit_arrow));
            list->AddTriangle(tip, l, r, dark_edge(255), 1.0f);
        }
    }
    if (!grid || size < 6) return;
    ImU32 ink = to_imu32(palette::grid_line, 160);
    float w = static_cast<float>(board.width) * size, h = static_cast<float>(board.height) * size;
    for (int x = 0; x <= board.width; ++x)
        list->AddLine(ImVec2(origin.x + static_cast<float>(x) * size, origin.y),
                      ImVec2(origin.x + static_cast<float>(x) * size, origin.y + h), ink);
    for (int y = 0; y <= board.height; ++y)
        list->AddLine(ImVec2(origin.x, origin.y + static_cast<float>(y) * size),
                      ImVec2(origin.x + w, origin.y + static_cast<float>(y) * size), ink);
}

}  // namespace tilelab::editor
