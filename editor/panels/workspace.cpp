// The workspace: menu bar on top, tools on the left, tabs and canvas in the middle, the inspector
// on the right, the status bar at the bottom. Laid out in code each frame (no docking in 1.86).
#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>

#include "kinds/table.hpp"
#include "app.hpp"
#include "canvas.hpp"
#include "panels/panels.hpp"
#include "text_fit.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {
constexpr ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;

void draw_board_window(App& app) {
    if (app.documents.empty() && app.open_failures.empty()) {
        app.shown_failure.clear();
        text_disabled_wrapped("No level open. File > New level (Ctrl+N) or File > Open (Ctrl+O).");
        return;
    }
    std::filesystem::path shown_failure;  // the failure tab in front this frame, if one is
    if (ImGui::BeginTabBar("documents", ImGuiTabBarFlags_Reorderable | ImGuiTabBarFlags_AutoSelectNewTabs)) {
        int close_id = 0;
        for (auto& doc : app.documents) {
            bool open = true;
            ImGuiTabItemFlags flags = doc->dirty() ? ImGuiTabItemFlags_UnsavedDocument : 0;
            if (app.select_tab_id == doc->id()) flags |= ImGuiTabItemFlags_SetSelected;
            const std::string name = doc->path().empty() ? doc->level().name : doc->path().filename().string();
            std::string label = name + "###doc" + std::to_string(doc->id());
            const bool selected = ImGui::BeginTabItem(label.c_str(), &open, flags);
            // Many tabs shrink and end in "...": the whole name (and the file) in a tooltip.
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s%s%s", name.c_str(), doc->path().empty() ? "" : "\n",
                                  doc->path().empty() ? "" : doc->path().string().c_str());
            trace_last_item(app, ("tab-" + name).c_str());
            if (selected) {
                if (app.select_tab_id == 0 || app.select_tab_id == doc->id()) app.active_id = doc->id();
                ImGui::EndTabItem();
            }
            if (!open) close_id = doc->id();
        }
        // A file that did not open: a tab named after it; closing the tab dismisses it.
        std::optional<std::size_t> dismiss;
        for (std::size_t i = 0; i < app.open_failures.size(); ++i) {
            const std::filesystem::path& path = app.open_failures[i].path;
            bool open = true;
            ImGuiTabItemFlags flags = app.select_failure == path ? ImGuiTabItemFlags_SetSelected : 0;
            const std::string name = path.filename().string() + " (cannot open)";
            const std::string label = name + "###failure" + path.string();
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.55f, 1));
            const bool selected = ImGui::BeginTabItem(label.c_str(), &open, flags);
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.string().c_str());
            trace_last_item(app, ("tab-" + path.filename().string()).c_str());
            if (selected) {
                shown_failure = path;
                ImGui::EndTabItem();
            }
            if (!open) dismiss = i;
        }
        app.select_tab_id = 0;
        app.select_failure.clear();
        ImGui::EndTabBar();
        if (close_id) app.request_close(close_id);
        if (dismiss) app.open_failures.erase(app.open_failures.begin() + static_cast<std::ptrdiff_t>(*dismiss));
    }
    if (shown_failure != app.shown_failure) {
        app.shown_failure = shown_failure;
        app.trace(shown_failure.empty() ? std::string("tab: level") : "tab: cannot open " + shown_failure.filename().string());
    }
    if (!app.shown_failure.empty()) {
        text_disabled_wrapped(
            "%s did not open: its errors are listed in Problems. The file is left as it is: fix it "
            "(in a text editor, or with `tilelab validate` for the same messages), then Retry.",
            app.shown_failure.filename().string().c_str());
        return;
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
            else
                app.status("cannot reload: " + (load.diagnostics.empty() ? std::string("?") : load.diagnostics.front().format()));
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Keep mine")) doc->disk_changed = false;
        trace_last_item(app, "banner-keep");
        ImGui::EndChild();
        ImGui::PopStyleColor();
    }
    draw_canvas(app, *doc);
}

// A handle on a side panel's inner edge: dragging it sets the panel's width (kept in the settings,
// `width`) from the width drawn (`shown`). `sign` is +1 for the left panel (dragging right widens
// it) and -1 for the right one.
void splitter(App& app, const char* name, float x, float y, float height, float shown, float& width, float sign, float min_width,
              float max_width) {
    const float grip = 6.0f;
    ImGui::SetNextWindowPos(ImVec2(x - grip / 2, y));
    ImGui::SetNextWindowSize(ImVec2(grip, height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground |
                                       ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin(name, nullptr, flags)) {
        ImGui::InvisibleButton("grip", ImVec2(grip, height));
        trace_last_item(app, name);
        const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
        if (hot) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
        if (ImGui::IsItemActive() && ImGui::GetIO().MouseDelta.x != 0.0f)
            width = std::clamp(shown + sign * ImGui::GetIO().MouseDelta.x, min_width, std::max(min_width, max_width));
        if (hot)
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(x - 1, y), ImVec2(x + 1, y + height),
                                                      ImGui::GetColorU32(ImGuiCol_SeparatorHovered));
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
}
}  // namespace

void draw_workspace(App& app) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImVec2 pos = viewport->WorkPos, size = viewport->WorkSize;  // below the menu bar
    float status_height = ImGui::GetFrameHeight() + 4;
    // The side panels' widths are the designer's (drag a panel's inner edge); the board keeps at
    // least a third of the window. A window too small for them draws them narrower without
    // changing the settings, so they come back when the window grows again.
    const float side_max = std::max(120.0f, size.x / 3);
    const float left = std::min(app.settings.left_panel_width, side_max);
    const float right = std::min(app.settings.right_panel_width, side_max);
    float height = size.y - status_height;

    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(ImVec2(left, height));
    if (ImGui::Begin("Tools", nullptr, fixed)) draw_tools(app);
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(pos.x + left, pos.y));
    ImGui::SetNextWindowSize(ImVec2(size.x - left - right, height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2, 2));
    if (ImGui::Begin("Board", nullptr,
                     fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse))
        draw_board_window(app);
    ImGui::End();
    ImGui::PopStyleVar();

    ImGui::SetNextWindowPos(ImVec2(pos.x + size.x - right, pos.y));
    ImGui::SetNextWindowSize(ImVec2(right, height));
    if (ImGui::Begin("Inspector", nullptr, fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
        trace_window(app, "inspector");
        if (app.play.active) {
            ImGui::BeginChild("inspector-play");
            draw_playtest(app);
            ImGui::EndChild();
        } else {
            // Docked sections: the verdict badge on top, always in sight; the level's panels
            // below it, scrolling on their own; the open pack's panel at the bottom, its own
            // height and scroll, so its buttons stay put whatever the panels above show.
            // The badge's section keeps the tallest height it has had at this width: "playouts
            // running..." is shorter than a figure with its basis, and the panels below would
            // otherwise jump up and back at every edit (under the field being typed in).
            static float badge_height = 0.0f, badge_width = 0.0f;  // UI thread only
            const float width = ImGui::GetContentRegionAvail().x;
            if (width != badge_width) badge_width = width, badge_height = 0.0f;
            const float top = ImGui::GetCursorPosY();
            draw_badge(app);
            const float drawn = ImGui::GetCursorPosY() - top;
            badge_height = std::max(badge_height, drawn);
            if (drawn < badge_height) ImGui::SetCursorPosY(top + badge_height);
            ImGui::Separator();
            const float avail = ImGui::GetContentRegionAvail().y;
            const float pack_height = app.pack ? std::max(std::min(220.0f, avail * 0.5f), avail * 0.45f) : 0.0f;
            ImGui::BeginChild("inspector-level", ImVec2(0, app.pack ? avail - pack_height : 0.0f));
            trace_window(app, "inspector-level");
            if (ImGui::CollapsingHeader("Analysis", ImGuiTreeNodeFlags_DefaultOpen)) draw_analysis(app);
            if (ImGui::CollapsingHeader("Problems", ImGuiTreeNodeFlags_DefaultOpen)) draw_problems(app);
            if (ImGui::CollapsingHeader("Properties", ImGuiTreeNodeFlags_DefaultOpen)) draw_properties(app);
            if (app.active() && editor_kind(app.active()->level().kind).pairs_panel &&
                ImGui::CollapsingHeader("Pairs", ImGuiTreeNodeFlags_DefaultOpen))
                draw_pairs(app);
            ImGui::EndChild();
            if (app.pack) {
                ImGui::BeginChild("inspector-pack", ImVec2(0, 0), true);
                trace_window(app, "inspector-pack");
                ImGui::TextUnformatted("Pack");
                ImGui::Separator();
                draw_pack(app);
                ImGui::EndChild();
            }
        }
    }
    ImGui::End();

    splitter(app, "split-left", pos.x + left, pos.y, height, left, app.settings.left_panel_width, 1.0f,
             Settings::min_left_panel_width, side_max);
    splitter(app, "split-right", pos.x + size.x - right, pos.y, height, right, app.settings.right_panel_width, -1.0f,
             Settings::min_right_panel_width, side_max);

    ImGui::SetNextWindowPos(ImVec2(pos.x, pos.y + height));
    ImGui::SetNextWindowSize(ImVec2(size.x, status_height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 2));
    if (ImGui::Begin("Status", nullptr, fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar)) draw_status_bar(app);
    ImGui::End();
    ImGui::PopStyleVar();
}

}  // namespace tilelab::editor::panels
