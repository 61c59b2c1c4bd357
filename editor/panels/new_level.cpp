// The new level dialog: kind, size, rules and goal; the new level gets a UUID id. Every field is
// bounded by the format's limits (tilelab/board/limits.hpp): typed, dragged or Ctrl+clicked.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/table.hpp"
#include "panels/panels.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

void open_new_level(App& app) {
    if (app.modal_blocks("New level")) return;
    app.new_dialog.open = true;
}

// The dialog's fields brought into the format's limits (also what the fields show next frame).
void bound_new_level(NewLevelDialog& d) {
    d.kind = std::clamp(d.kind, 0, kind_count - 1);
    d.width = std::clamp(d.width, 1, limits::board_side);
    d.height = std::clamp(d.height, 1, limits::board_side);
    d.colors = std::clamp(d.colors, limits::min_colors, limits::max_colors);
    for (int& moves : d.moves) moves = std::clamp(moves, 0, limits::max_moves);
    d.sum = static_cast<int>(std::clamp<std::int64_t>(d.sum, limits::min_pair_sum, limits::max_pair_sum));
}

void draw_new_level(App& app) {
    NewLevelDialog& d = app.new_dialog;
    if (!begin_modal("New level")) return;
    const bool enter = modal_enter(), escape = modal_escape();
    if (ImGui::BeginCombo("kind", std::string(kind_name(static_cast<Kind>(std::clamp(d.kind, 0, kind_count - 1)))).c_str())) {
        for (int k = 0; k < kind_count; ++k) {
            const std::string name(kind_name(static_cast<Kind>(k)));
            if (ImGui::Selectable(name.c_str(), d.kind == k)) d.kind = k;
            trace_last_item(app, ("new-level-kind-" + name).c_str());
        }
        ImGui::EndCombo();
    }
    trace_last_item(app, "new-level-kind");
    ImGui::InputInt("width", &d.width);
    trace_last_item(app, "new-level-width");
    ImGui::InputInt("height", &d.height);
    trace_last_item(app, "new-level-height");
    bound_new_level(d);
    Kind kind = static_cast<Kind>(d.kind);
    const EditorKind& editor = editor_kind(kind);
    if (editor.new_level_fields) editor.new_level_fields(app, d);
    ImGui::InputInt("move limit (0: none)", &d.moves[d.kind]);
    trace_last_item(app, "new-level-moves");
    bound_new_level(d);
    const bool create = ImGui::Button("Create");
    trace_last_item(app, "new-level-create");
    if (create || enter) {
        bound_new_level(d);
        Level level = make_blank_level(kind, d.width, d.height);
        level.id = new_level_id();
        level.name = "Untitled " + std::string(kind_name(kind));
        if (d.moves[d.kind] > 0) level.goal.moves = d.moves[d.kind];
        if (editor.new_level_setup) editor.new_level_setup(level, d);
        keep_in_format(level, level);
        app.new_level(level);
        app.trace("new level " + std::string(kind_name(kind)) + " " + std::to_string(d.width) + "x" + std::to_string(d.height));
        d.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || escape) {
        d.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace tilelab::editor::panels
