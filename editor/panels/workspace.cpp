// The workspace: menu bar on top, tools on the left, tabs and canvas in the middle, the inspector
// on the right, the status bar at the bottom. Laid out in code each frame (no docking in 1.86).
#include <string>

#include "app.hpp"
#include "canvas.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {
constexpr ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;

void draw_board_window(App& app) {
    if (app.documents.empty()) {
        ImGui::TextDisabled("No level open. File > New level (Ctrl+N) or File > Open (Ctrl+O).");
        return;
    }
    if (ImGui::BeginTabBar("documents", ImGuiTabBarFlags_Reorderable | ImGuiTabBarFlags_AutoSelectNewTabs)) {
        int close_id = 0;
        for (auto& doc : app.documents) {
            bool open = true;
            ImGuiTabItemFlags flags = doc->dirty() ? ImGuiTabItemFlags_UnsavedDocument : 0;
            if (app.select_tab_id == doc->id()) flags |= ImGuiTabItemFlags_SetSelected;
            std::string label = (doc->path().empty() ? doc->level().name : doc->path().filename().string()) + "###doc" +
                                std::to_string(doc->id());
            if (ImGui::BeginTabItem(label.c_str(), &open, flags)) {
                if (app.select_tab_id == 0 || app.select_tab_id == doc->id()) app.active_id = doc->id();
                ImGui::EndTabItem();
            }
            if (!open) close_id = doc->id();
        }
        app.select_tab_id = 0;
        ImGui::EndTabBar();
        if (close_id) app.request_close(close_id);
    }
    Document* doc = app.active();
    if (!doc) return;
    if (doc->disk_changed) {
        // The banner: the file changed on disk while there are local edits.
        ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(110, 80, 20, 255));
        ImGui::BeginChild("banner", ImVec2(0, ImGui::GetFrameHeightWithSpacing() + 6), false);
        ImGui::SetCursorPos(ImVec2(6, 4));
        ImGui::Text("%s changed on disk.", doc->path().filename().string().c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Reload (lose my edits)")) {
            LevelLoad load = load_level(doc->path());
            if (load.level) doc->replace_from_disk(*load.level);
            else app.status("cannot reload: " + (load.diagnostics.empty() ? std::string("?") : load.diagnostics.front().format()));
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Keep mine")) doc->disk_changed = false;
        trace_last_item(app, "banner-keep");
        ImGui::EndChild();
        ImGui::PopStyleColor();
    }
    draw_canvas(app, *doc);
}
}  // namespace

void draw_workspace(App& app) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImVec2 pos = viewport->WorkPos, size = viewport->WorkSize;  // below the menu bar
    float status_height = ImGui::GetFrameHeight() + 4;
    float left = 230, right = 340;
    float height = size.y - status_height;

    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(ImVec2(left, height));
    if (ImGui::Begin("Tools", nullptr, fixed)) draw_tools(app);
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(pos.x + left, pos.y));
    ImGui::SetNextWindowSize(ImVec2(size.x - left - right, height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2, 2));
    if (ImGui::Begin("Board", nullptr, fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                                           ImGuiWindowFlags_NoScrollWithMouse))
        draw_board_window(app);
    ImGui::End();
    ImGui::PopStyleVar();

    ImGui::SetNextWindowPos(ImVec2(pos.x + size.x - right, pos.y));
    ImGui::SetNextWindowSize(ImVec2(right, height));
    if (ImGui::Begin("Inspector", nullptr, fixed)) {
        if (app.play.active) {
            draw_playtest(app);
        } else {
            if (ImGui::CollapsingHeader("Analysis", ImGuiTreeNodeFlags_DefaultOpen)) draw_analysis(app);
            if (ImGui::CollapsingHeader("Problems", ImGuiTreeNodeFlags_DefaultOpen)) draw_problems(app);
            if (ImGui::CollapsingHeader("Properties", ImGuiTreeNodeFlags_DefaultOpen)) draw_properties(app);
            if (app.active() && app.active()->level().kind == Kind::link &&
                ImGui::CollapsingHeader("Pairs", ImGuiTreeNodeFlags_DefaultOpen))
                draw_pairs(app);
            if (app.pack && ImGui::CollapsingHeader("Pack", ImGuiTreeNodeFlags_DefaultOpen)) draw_pack(app);
        }
    }
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(pos.x, pos.y + height));
    ImGui::SetNextWindowSize(ImVec2(size.x, status_height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 2));
    if (ImGui::Begin("Status", nullptr, fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
        draw_status_bar(app);
    ImGui::End();
    ImGui::PopStyleVar();
}

}  // namespace tilelab::editor::panels
