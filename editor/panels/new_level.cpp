// The new level dialog: kind, size, rules and goal; the new level gets a UUID id.
#include <algorithm>

#include "app.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

void draw_new_level(App& app) {
    NewLevelDialog& d = app.new_dialog;
    if (d.open && !ImGui::IsPopupOpen("New level")) ImGui::OpenPopup("New level");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("New level", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Combo("kind", &d.kind, "match3\0link\0lines\0slide\0");
    ImGui::InputInt("width", &d.width);
    ImGui::InputInt("height", &d.height);
    d.width = std::clamp(d.width, 1, max_board_side);
    d.height = std::clamp(d.height, 1, max_board_side);
    Kind kind = static_cast<Kind>(d.kind);
    if (kind == Kind::match3) ImGui::SliderInt("colours", &d.colors, 2, 16);
    if (kind == Kind::link) {
        ImGui::Checkbox("sum pairing", &d.sum_pairing);
        if (d.sum_pairing) ImGui::InputInt("sum", &d.sum);
    }
    ImGui::InputInt("move limit (0: none)", &d.moves);
    d.moves = std::max(0, d.moves);
    const bool create = ImGui::Button("Create");
    trace_last_item(app, "new-level-create");
    if (create) {
        Level level = make_blank_level(kind, d.width, d.height);
        level.id = new_level_id();
        level.name = "Untitled " + std::string(kind_name(kind));
        if (kind == Kind::match3) level.rules.colors = d.colors;
        if (kind == Kind::link && d.sum_pairing) level.rules.pair = Pairing{Pairing::Rule::sum, std::max(2, d.sum)};
        if (d.moves > 0) level.goal.moves = d.moves;
        if (kind == Kind::slide && d.width * d.height < 16) level.goal.target = 256;
        app.new_level(level);
        d.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
        d.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace tilelab::editor::panels
