// Widget rectangles for the end-to-end tests (see trace_layout.hpp).
#include "trace_layout.hpp"

#include <cstdio>
#include <map>
#include <string>

#include <imgui.h>

#include "app.hpp"

namespace tilelab::editor {

void trace_last_item(const App& app, const char* name) {
    if (!app.options.print_layout) return;
    struct Seen {
        std::string line;
        bool hovered = false;
    };
    static std::map<std::string, Seen> seen;  // UI thread only
    Seen& item = seen[name];
    const bool hovered = ImGui::IsItemHovered();
    if (hovered && !item.hovered) app.trace(std::string("hover ") + name);
    item.hovered = hovered;
    ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    char line[160];
    std::snprintf(line, sizeof line, "item %s %d %d %d %d", name, int(lo.x), int(lo.y), int(hi.x), int(hi.y));
    if (item.line == line) return;
    item.line = line;
    app.trace(line);
}

}  // namespace tilelab::editor
