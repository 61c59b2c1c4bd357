// Drawing on the board for the overlays (see overlays.hpp).
#include "overlays.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "app.hpp"

namespace tilelab::editor {

// Outlines the union of `cells`: an edge is drawn where the neighbour is not in the set.
void outline_cells(ImDrawList* list, const BoardView& view, const std::vector<Cell>& cells, ImU32 ink, float thickness) {
    std::set<Cell> in(cells.begin(), cells.end());
    for (Cell c : cells) {
        ImVec2 a = view.corner(c);
        ImVec2 b(a.x + view.size, a.y + view.size);
        if (!in.count({c.x, c.y - 1})) list->AddLine(a, ImVec2(b.x, a.y), ink, thickness);
        if (!in.count({c.x, c.y + 1})) list->AddLine(ImVec2(a.x, b.y), b, ink, thickness);
        if (!in.count({c.x - 1, c.y})) list->AddLine(a, ImVec2(a.x, b.y), ink, thickness);
        if (!in.count({c.x + 1, c.y})) list->AddLine(ImVec2(b.x, a.y), b, ink, thickness);
    }
}

void arrow(ImDrawList* list, ImVec2 from, ImVec2 to, ImU32 ink, float thickness, bool both_ends) {
    list->AddLine(from, to, ink, thickness);
    auto head = [&](ImVec2 tip, ImVec2 tail) {
        float dx = tip.x - tail.x, dy = tip.y - tail.y, length = std::sqrt(dx * dx + dy * dy);
        if (length < 1) return;
        dx /= length;
        dy /= length;
        float s = thickness * 3.0f;
        list->AddTriangleFilled(tip, ImVec2(tip.x - dx * s - dy * s * 0.6f, tip.y - dy * s + dx * s * 0.6f),
                                ImVec2(tip.x - dx * s + dy * s * 0.6f, tip.y - dy * s - dx * s * 0.6f), ink);
    };
    head(to, from);
    if (both_ends) head(from, to);
}

// A combo's mark on its hint arrow: a five-pointed yellow star with a dark edge.
void draw_combo_star(ImDrawList* list, ImVec2 centre, float r) {
    ImVec2 points[10];
    for (int i = 0; i < 10; ++i) {
        float angle = -1.5707963f + 3.14159265f * static_cast<float>(i) / 5.0f;
        float rr = (i % 2 == 0) ? r : r * 0.45f;
        points[i] = ImVec2(centre.x + rr * std::cos(angle), centre.y + rr * std::sin(angle));
    }
    for (int i = 0; i < 10; ++i) list->AddTriangleFilled(centre, points[i], points[(i + 1) % 10], IM_COL32(255, 230, 40, 255));
    list->AddPolyline(points, 10, IM_COL32(30, 20, 0, 255), ImDrawFlags_Closed, std::max(1.0f, r * 0.15f));
}

float distance_to_segment(ImVec2 p, ImVec2 a, ImVec2 b) {
    float vx = b.x - a.x, vy = b.y - a.y, wx = p.x - a.x, wy = p.y - a.y;
    float t = std::clamp((vx * wx + vy * wy) / std::max(1e-6f, vx * vx + vy * vy), 0.0f, 1.0f);
    float dx = a.x + t * vx - p.x, dy = a.y + t * vy - p.y;
    return std::sqrt(dx * dx + dy * dy);
}

// Prints what an overlay draws (with --trace), when it changes: "overlay WHAT step=N JSON" in the
// shape of `tilelab analyze --json`, so a test compares it with the CLI on the same board.
void trace_overlay(const App& app, const Document& doc, const char* what, int step, const nlohmann::ordered_json* drawn) {
    if (!app.options.trace) return;
    static std::string last;  // UI thread only
    std::string line = std::string("overlay ") + what + " step=" + std::to_string(step) + " " + (drawn ? drawn->dump() : "none");
    line += " #" + std::to_string(doc.id()) + "." + std::to_string(doc.revision());
    if (line == last) return;
    last = line;
    app.trace(line.substr(0, line.rfind(" #")));
}

}  // namespace tilelab::editor
