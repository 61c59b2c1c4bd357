// The status bar: the hovered cell with its coordinates and token, the tool, the last message.
#include <string>

#include "app.hpp"
#include "panels/panels.hpp"
#include "text_fit.hpp"

namespace tilelab::editor::panels {

void draw_status_bar(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    const Level& level = doc->level();
    const Board& board = app.play.active ? app.play.state.board : level.board;
    if (app.hovered && board.contains(*app.hovered)) {
        Cell c = *app.hovered;
        std::string token = cell_token(level.kind, board.at(c));
        ImGui::Text("(%d, %d)  %s", c.x, c.y, token.c_str());
        if (level.jelly && level.jelly->contains(c) && level.jelly->at(c) > 0) {
            ImGui::SameLine();
            ImGui::Text(" jelly %d", level.jelly->at(c));
        }
        const std::optional<Grid>& lock = app.play.active ? app.play.state.lock : level.lock;
        if (lock && lock->contains(c) && lock->at(c) > 0) {
            ImGui::SameLine();
            ImGui::TextUnformatted(" locked");
        }
    } else {
        ImGui::TextDisabled("(-, -)");
    }
    ImGui::SameLine(200);
    ImGui::Text("%s %dx%d  zoom %.0f px", std::string(kind_name(level.kind)).c_str(), level.width(), level.height(),
                doc->camera.cell);
    if (doc->selection.active) {
        ImGui::SameLine();
        ImGui::Text("  selection %dx%d at (%d, %d)", doc->selection.x1() - doc->selection.x0() + 1,
                    doc->selection.y1() - doc->selection.y0() + 1, doc->selection.x0(), doc->selection.y0());
    }
    if (!app.status_message.empty() && app.status_age < 8.0) {
        ImGui::SameLine(560);
        // Cut with "..." at the window's edge; the whole message in a tooltip.
        const std::string shown = fit_text(app.status_message, ImGui::GetContentRegionAvail().x);
        ImGui::TextUnformatted(shown.c_str());
        if (shown != app.status_message && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", app.status_message.c_str());
    }
}

}  // namespace tilelab::editor::panels
