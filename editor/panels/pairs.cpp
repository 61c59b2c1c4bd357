// The pairs panel (link): each value with its count and its partner's, unpaired values flagged.
#include <map>
#include <string>

#include "app.hpp"
#include "kinds/table.hpp"
#include "painters.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

void draw_pairs(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    const Level& level = doc->level();
    const auto partner_of = editor_kind(level.kind).partner;
    std::map<std::int64_t, int> counts;
    for (std::int32_t v : level.board.cells)
        if (cell::is_value(v)) ++counts[v];
    if (counts.empty()) {
        ImGui::TextDisabled("no tiles yet: use the Pair tool (P)");
        return;
    }
    if (ImGui::BeginTable("pairs", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("value");
        ImGui::TableSetupColumn("count");
        ImGui::TableSetupColumn("partner");
        ImGui::TableSetupColumn("");
        ImGui::TableHeadersRow();
        for (const auto& [value, count] : counts) {
            const std::int64_t partner = partner_of ? partner_of(level, value) : value;
            if (partner != value && partner < value && counts.count(partner)) continue;  // listed with its partner
            int partner_count = partner == value ? count : (counts.count(partner) ? counts.at(partner) : 0);
            bool ok = partner == value ? count % 2 == 0 : partner_count == count;
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            Rgb colour = palette::cell_fill(level, static_cast<std::int32_t>(value));
            ImGui::TextColored(ImVec4(colour.r / 255.0f, colour.g / 255.0f, colour.b / 255.0f, 1), "%lld",
                               static_cast<long long>(value));
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("%d", count);
            ImGui::TableSetColumnIndex(2);
            if (partner == value) ImGui::TextDisabled("itself");
            else ImGui::Text("%lld x%d", static_cast<long long>(partner), partner_count);
            ImGui::TableSetColumnIndex(3);
            if (ok) ImGui::TextDisabled("paired");
            else ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "UNPAIRED");
        }
        ImGui::EndTable();
    }
}

}  // namespace tilelab::editor::panels
