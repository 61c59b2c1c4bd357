// Cell painters per kind: match3 colours with glyphs, link and slide numbers, lines as lines.
#include "painters.hpp"

#include <cmath>
#include <string>

namespace tilelab::editor {

void draw_centred_text(ImDrawList* list, const char* text, ImVec2 centre, float height, ImU32 ink) {
    ImFont* font = ImGui::GetFont();
    ImVec2 extent = font->CalcTextSizeA(height, 10000.0f, 0.0f, text);
    list->AddText(font, height, ImVec2(std::floor(centre.x - extent.x / 2), std::floor(centre.y - extent.y / 2)), ink, text);
}

void draw_glyph(ImDrawList* list, int color, ImVec2 centre, float radius, ImU32 ink, float thickness) {
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
        case palette::Glyph::circle: list->AddCircle(centre, r, ink, r < 12 ? 10 : 24, thickness); break;
        case palette::Glyph::triangle: polygon(3, -1.5707963f, r); break;
        case palette::Glyph::square: polygon(4, 0.7853982f, r); break;
        case palette::Glyph::diamond: polygon(4, 0.0f, r); break;
        case palette::Glyph::pentagon: polygon(5, -1.5707963f, r); break;
        case palette::Glyph::hexagon: polygon(6, 0.0f, r); break;
        case palette::Glyph::star: star(r * 1.1f); break;
        case palette::Glyph::triangle_down: polygon(3, 1.5707963f, r); break;
        }
    };
    shape(radius);
    if (palette::match3_glyph_doubled(color)) shape(radius * 0.55f);
}

namespace {
void draw_lines_tile(ImDrawList* list, std::int32_t mask, ImVec2 p0, float size) {
    ImVec2 centre(p0.x + size / 2, p0.y + size / 2);
    float half = std::max(1.5f, size * 0.09f);
    ImU32 ink = to_imu32(palette::line_ink);
    // Each solid side is a bar from the centre to that edge; the centre square joins them.
    if (mask & 1) list->AddRectFilled(ImVec2(centre.x - half, p0.y), ImVec2(centre.x + half, centre.y + half), ink);
    if (mask & 2) list->AddRectFilled(ImVec2(centre.x - half, centre.y - half), ImVec2(p0.x + size, centre.y + half), ink);
    if (mask & 4) list->AddRectFilled(ImVec2(centre.x - half, centre.y - half), ImVec2(centre.x + half, p0.y + size), ink);
    if (mask & 8) list->AddRectFilled(ImVec2(p0.x, centre.y - half), ImVec2(centre.x + half, centre.y + half), ink);
}
}  // namespace

void draw_cell(ImDrawList* list, const Level& level, std::int32_t value, int jelly, ImVec2 p0, float size) {
    float pad = size >= 12 ? 1.0f : 0.0f;
    ImVec2 a(p0.x + pad, p0.y + pad), b(p0.x + size - pad, p0.y + size - pad);
    ImVec2 centre(p0.x + size / 2, p0.y + size / 2);
    Rgb fill = palette::cell_fill(level, value);
    bool piece = cell::is_value(value) && level.kind != Kind::lines;
    // Rounded corners only where they show: on a 32x32 board they cost more vertices than pixels.
    list->AddRectFilled(a, b, to_imu32(fill), piece && size >= 24 ? size * 0.15f : 0.0f);
    if (value == cell::blocker) {
        // A wall: a darker inner frame, so blockers read as solid even in grey-scale.
        float inset = size * 0.18f;
        list->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset), IM_COL32(60, 50, 40, 255),
                      0.0f, 0, std::max(1.0f, size * 0.06f));
    } else if (value == cell::random) {
        draw_centred_text(list, "?", centre, size * 0.6f, IM_COL32(230, 230, 240, 255));
    } else if (value == cell::hole) {
        // nothing: a hole is not part of the board
    } else if (cell::is_value(value)) {
        switch (level.kind) {
        case Kind::match3:
            draw_glyph(list, value, centre, size * 0.3f, IM_COL32(20, 20, 20, 200), std::max(1.0f, size * 0.05f));
            break;
        case Kind::link: {
            // The number always shows, whole: smaller type for more digits, ink that contrasts.
            std::string text = std::to_string(value);
            float height = size * (text.size() <= 2 ? 0.5f : text.size() == 3 ? 0.4f : 0.3f);
            draw_centred_text(list, text.c_str(), centre, std::max(height, 6.0f),
                              palette::link_dark_text(value, level.rules.pair) ? IM_COL32(20, 20, 24, 255) : IM_COL32(255, 255, 255, 255));
            break;
        }
        case Kind::lines: draw_lines_tile(list, value, p0, size); break;
        case Kind::slide: {
            std::string text = std::to_string(value);
            float height = size * (text.size() <= 2 ? 0.5f : text.size() == 3 ? 0.4f : 0.3f);
            draw_centred_text(list, text.c_str(), centre, height,
                              palette::slide_dark_text(value) ? IM_COL32(90, 80, 70, 255) : IM_COL32(255, 255, 255, 255));
            break;
        }
        }
    }
    // Jelly: one frame per layer along the cell's edge, so the centre keeps the piece's colour.
    for (int layer = 0; layer < jelly && layer < 4; ++layer) {
        float inset = pad + 1.0f + static_cast<float>(layer) * std::max(2.0f, size * 0.07f);
        list->AddRect(ImVec2(p0.x + inset, p0.y + inset), ImVec2(p0.x + size - inset, p0.y + size - inset),
                      to_imu32(palette::jelly, 230), size * 0.12f, 0, std::max(1.0f, size * 0.05f));
    }
}

void draw_board(ImDrawList* list, const Level& level, const Board& board, const std::optional<Grid>& jelly,
                ImVec2 origin, float size, bool grid) {
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            ImVec2 p0(origin.x + static_cast<float>(x) * size, origin.y + static_cast<float>(y) * size);
            int layers = jelly && jelly->contains(x, y) ? jelly->at(x, y) : 0;
            draw_cell(list, level, board.at(x, y), layers, p0, size);
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
