// The properties panel: name, id, size (anchored resize), seed (re-roll), rules and goal of the kind.
// Every field edits through the document's one entry point; a drag or a typed field is one undo step.
#include <algorithm>
#include <cstring>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/table.hpp"
#include "panels/fields.hpp"
#include "panels/panels.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

void optional_int(Document& doc, const char* label, std::optional<int>& (*field)(Level&), int fallback, int lo, int hi) {
    Level probe = doc.level();
    bool on = field(probe).has_value();
    ImGui::PushID(label);
    edit_field(doc, label, [&](Level& l) {
        bool enabled = field(l).has_value();
        if (!ImGui::Checkbox("##on", &enabled)) return false;
        field(l) = enabled ? std::optional<int>(fallback) : std::nullopt;
        return true;
    });
    ImGui::SameLine();
    if (on) {
        ImGui::SetNextItemWidth(140);
        edit_field(doc, label,
                   [&](Level& l) { return ImGui::DragInt(label, &*field(l), 0.2f, lo, hi, "%d", ImGuiSliderFlags_AlwaysClamp); });
    } else {
        ImGui::TextDisabled("%s (off)", label);
    }
    ImGui::PopID();
}

void draw_properties(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    const Level& level = doc->level();
    ImGui::PushItemWidth(170);
    edit_field(*doc, "Name", [](Level& l) { return ImGui::InputText("name", &l.name); });
    trace_last_item(app, "name");
    edit_field(*doc, "Id", [](Level& l) { return ImGui::InputText("id", &l.id); });
    trace_last_item(app, "id");
    ImGui::SameLine();
    if (ImGui::SmallButton("new id")) {
        std::string id = new_level_id();
        doc->change("New id", [&](Level& l) { l.id = id; });
    }
    ImGui::Text("kind: %s", std::string(kind_name(level.kind)).c_str());

    // Size: typed into a pending pair and applied with the anchor, so a half-typed "1" never
    // crops the board.
    ImGui::PushID("size");
    int size[2] = {level.width(), level.height()};
    ImGui::Text("size %d x %d", size[0], size[1]);
    ImGui::SameLine();
    if (ImGui::SmallButton("resize...")) ImGui::OpenPopup("resize");
    trace_last_item(app, "resize");
    if (ImGui::BeginPopup("resize")) {
        ImGuiStorage* storage = ImGui::GetStateStorage();
        int* w = storage->GetIntRef(ImGui::GetID("w"), level.width());
        int* h = storage->GetIntRef(ImGui::GetID("h"), level.height());
        int* anchor = storage->GetIntRef(ImGui::GetID("anchor"), 0);
        ImGui::InputInt("width", w);
        trace_last_item(app, "resize-width");
        ImGui::InputInt("height", h);
        trace_last_item(app, "resize-height");
        ImGui::TextUnformatted("keep content anchored at:");
        for (int i = 0; i < 9; ++i) {
            if (i % 3) ImGui::SameLine();
            ImGui::PushID(i);
            if (ImGui::RadioButton("##a", *anchor == i)) *anchor = i;
            ImGui::PopID();
        }
        const bool apply = ImGui::Button("Apply");
        trace_last_item(app, "resize-apply");
        if (apply) {
            int nw = std::clamp(*w, 1, max_board_side), nh = std::clamp(*h, 1, max_board_side);
            Anchor a = static_cast<Anchor>(*anchor);
            doc->change("Resize", [&](Level& l) { resize_level(l, nw, nh, a); });
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    ImGui::PopID();

    edit_field(*doc, "Seed", [](Level& l) { return ImGui::InputScalar("seed", ImGuiDataType_U64, &l.seed); });
    trace_last_item(app, "seed");
    ImGui::SameLine();
    if (ImGui::SmallButton("re-roll")) {
        Rng rng(level.seed ^ 0x5eed5eedull);
        std::uint64_t seed = rng.next() % 1000000000ull;
        doc->change("Re-roll seed", [&](Level& l) { l.seed = seed; });
    }

    ImGui::Separator();
    ImGui::TextDisabled("rules");
    const EditorKind& editor = editor_kind(level.kind);
    if (editor.rules_header) editor.rules_header(app, *doc);
    if (editor.rules_fields) editor.rules_fields(app, *doc);

    ImGui::Separator();
    ImGui::TextDisabled("goal");
    if (editor.goal_header) editor.goal_header(app, *doc);
    optional_int(
        *doc, "moves", [](Level& l) -> std::optional<int>& { return l.goal.moves; }, 20, 1, limits::max_moves);
    trace_last_item(app, "moves");
    if (editor.goal_fields) editor.goal_fields(app, *doc);
    ImGui::PopItemWidth();
}

}  // namespace tilelab::editor::panels
