// The problems panel: the loader's diagnostics and the analysis' warnings, live; a click selects the cell.
#include <charconv>
#include <map>
#include <string>

#include "app.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {
// "/board/2" names row 2; "/layers/jelly/1" names a jelly row. Returns the row, if any.
std::optional<int> row_of_pointer(const std::string& pointer) {
    for (const char* prefix : {"/board/", "/layers/jelly/"}) {
        std::string p = prefix;
        if (pointer.rfind(p, 0) != 0) continue;
        int row = 0;
        auto rest = pointer.substr(p.size());
        auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), row);
        if (ec == std::errc()) return row;
    }
    return std::nullopt;
}

void problem(App& app, Document& doc, const char* severity, const std::string& text, std::optional<Cell> cell,
             std::optional<int> row, int index) {
    ImGui::PushID(index);
    ImVec4 colour = severity[0] == 'e' ? ImVec4(1.0f, 0.45f, 0.45f, 1) : ImVec4(1.0f, 0.8f, 0.35f, 1);
    ImGui::TextColored(colour, "%s", severity);
    ImGui::SameLine();
    if (ImGui::Selectable(text.c_str(), false, ImGuiSelectableFlags_None)) {
        const Level& level = doc.level();
        if (cell) doc.selection = Selection{true, *cell, *cell};
        else if (row && *row < level.height()) doc.selection = Selection{true, {0, *row}, {level.width() - 1, *row}};
    }
    if (ImGui::IsItemHovered() && (cell || row)) ImGui::SetTooltip("click to select the cell");
    trace_last_item(app, ("problem-" + std::to_string(index)).c_str());
    ImGui::PopID();
}
}  // namespace

void draw_problems(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    int index = 0;
    for (const Diagnostic& d : app.diagnostics)
        problem(app, *doc, d.severity == Diagnostic::Severity::error ? "error" : "warning",
                (d.pointer.empty() ? "" : d.pointer + ": ") + d.message, std::nullopt, row_of_pointer(d.pointer), index++);

    const Level& level = doc->level();
    // Unpaired link tiles: a value whose count cannot all be paired (equal: an odd count; sum:
    // counts of a value and its partner differ).
    if (level.kind == Kind::link) {
        std::map<std::int64_t, int> counts;
        std::map<std::int64_t, Cell> first;
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x)
                if (std::int32_t v = level.board.at(x, y); cell::is_value(v)) {
                    ++counts[v];
                    first.try_emplace(v, Cell{x, y});
                }
        for (const auto& [value, count] : counts) {
            std::int64_t partner = level.rules.pair.partner(value);
            bool unpaired = partner == value ? count % 2 != 0 : (!counts.count(partner) || counts.at(partner) != count);
            if (unpaired)
                problem(app, *doc, "warning", "unpaired tiles: value " + std::to_string(value) + " (" + std::to_string(count) + ")",
                        first.at(value), std::nullopt, index++);
        }
    }
    const bool current = doc->view.revision == doc->revision();
    if (current && !doc->view.error.empty()) problem(app, *doc, "error", doc->view.error, std::nullopt, std::nullopt, index++);
    if (const Analysis* analysis = app.current_analysis(*doc)) {
        if (level.kind == Kind::match3 && !analysis->groups.empty())
            problem(app, *doc, "warning",
                    std::to_string(analysis->groups.size()) + " run(s) on the board resolve before the first move",
                    analysis->groups.front().cells.front(), std::nullopt, index++);
        for (const Warning& w : analysis->warnings) problem(app, *doc, "warning", w.message, w.cell, std::nullopt, index++);
    }
    if (index == 0) ImGui::TextDisabled(current ? "no problems" : "checking...");
}

}  // namespace tilelab::editor::panels
