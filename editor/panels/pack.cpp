// The pack panel: the open pack's levels; a click opens one in a tab.
#include <string>

#include "app.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

void draw_pack(App& app) {
    if (!app.pack) return;
    ImGui::Text("%s (%zu levels)", app.pack->pack.name.c_str(), app.pack->pack.levels.size());
    std::filesystem::path chosen;
    for (const std::string& level : app.pack->pack.levels) {
        std::filesystem::path path = app.pack->path.parent_path() / level;
        Document* doc = app.active();
        std::error_code ec;
        bool is_active = doc && std::filesystem::equivalent(doc->path(), path, ec);
        if (ImGui::Selectable(level.c_str(), is_active)) chosen = path;
    }
    if (!chosen.empty()) app.open_level_file(chosen);
}

}  // namespace tilelab::editor::panels
