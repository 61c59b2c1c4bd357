// Widget rectangles for the end-to-end tests (see trace_layout.hpp).
#include "trace_layout.hpp"

#include <cstdio>
#include <map>
#include <string>

#include <imgui.h>

#include "app.hpp"

namespace tilelab::editor {

namespace {
void trace_rect(const App& app, const char* name, ImVec2 lo, ImVec2 hi, bool hovered);
}  // namespace

void trace_last_item(const App& app, const char* name) {
    if (!app.options.print_layout) return;
    trace_rect(app, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
               ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled));  // a disabled button too
}

void trace_window(const App& app, const char* name) {
    if (!app.options.print_layout) return;
    ImVec2 lo = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    trace_rect(app, name, lo, ImVec2(lo.x + size.x, lo.y + size.y), ImGui::IsWindowHovered());
}

namespace {
void trace_rect(const App& app, const char* name, ImVec2 lo, ImVec2 hi, bool hovered) {
    struct Seen {
        std::string line;
        bool hovered = false;
    };
    static std::map<std::string, Seen> seen;  // UI thread only
    Seen& item = seen[name];
    if (hovered && !item.hovered) app.trace(std::string("hover ") + name);
    item.hovered = hovered;
    char line[160];
    std::snprintf(line, sizeof line, "item %s %d %d %d %d", name, int(lo.x), int(lo.y), int(hi.x), int(hi.y));
    if (item.line == line) return;
    item.line = line;
    app.trace(line);
}
}  // namespace

}  // namespace tilelab::editor
