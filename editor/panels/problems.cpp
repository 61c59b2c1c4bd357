// The problems panel: the loader's diagnostics and the level's problems (analysis/problems.hpp: the list
// every verb of the CLI gives), live; a click selects the cell.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>
#include <map>
#include <string>

#include "app.hpp"
#include "panels/panels.hpp"
#include "text_fit.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {
// "/board/2" names row 2; "/layers/jelly/1" names a jelly row (and a lock row). Returns the row, if any.
std::optional<int> row_of_pointer(const std::string& pointer) {
    for (const char* prefix : {"/board/", "/layers/jelly/", "/layers/lock/"}) {
        std::string p = prefix;
        if (pointer.rfind(p, 0) != 0) continue;
        int row = 0;
        auto rest = pointer.substr(p.size());
        auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), row);
        if (ec == std::errc()) return row;
    }
    return std::nullopt;
}

// One problem: its severity, then its message wrapped to the panel's width (never cut off); the
// whole message is a selectable row, and a click selects the cell (or row) it names.
void problem(App& app, Document& doc, const char* severity, const std::string& text, std::optional<Cell> cell,
             std::optional<int> row, int index, std::string& listed, const std::string& rule = "") {
    listed += std::string("problem: ") + severity + ": " + text + "\n";
    ImGui::PushID(index);
    ImVec4 colour = severity[0] == 'e'   ? ImVec4(1.0f, 0.45f, 0.45f, 1)
                    : severity[0] == 'i' ? ImVec4(0.7f, 0.8f, 1.0f, 1)
                                         : ImVec4(1.0f, 0.8f, 0.35f, 1);
    ImGui::TextColored(colour, "%s", severity);
    ImGui::SameLine();
    const float wrap = std::max(40.0f, ImGui::GetContentRegionAvail().x);
    const ImVec2 extent = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::Selectable("##problem", false, ImGuiSelectableFlags_None, ImVec2(wrap, extent.y))) {
        const Level& level = doc.level();
        if (cell) doc.selection = Selection{true, *cell, *cell};
        else if (row && *row < level.height()) doc.selection = Selection{true, {0, *row}, {level.width() - 1, *row}};
    }
    if (ImGui::IsItemHovered() && (cell || row || !rule.empty()))
        ImGui::SetTooltip("%s%s%s", rule.c_str(), !rule.empty() && (cell || row) ? ": " : "",
                          cell || row ? "click to select the cell" : "");
    trace_last_item(app, ("problem-" + std::to_string(index)).c_str());
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, ImGui::GetColorU32(ImGuiCol_Text),
                                        text.c_str(), nullptr, wrap);
    ImGui::PopID();
}
}  // namespace

// Files that did not open: each with every diagnostic, wrapped (never cut off), a Retry (after
// fixing the file elsewhere) and a Dismiss. The file itself is never touched.
void draw_open_failures(App& app) {
    std::optional<std::size_t> retry, dismiss;
    for (std::size_t i = 0; i < app.open_failures.size(); ++i) {
        const App::OpenFailure& failure = app.open_failures[i];
        if (failure.path != app.shown_failure) continue;  // listed under its own tab only
        ImGui::PushID(static_cast<int>(i));
        ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1), "cannot open %s", failure.path.filename().string().c_str());
        trace_last_item(app, ("open-failure-" + std::to_string(i)).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", failure.path.string().c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Retry")) retry = i;
        trace_last_item(app, ("open-failure-retry-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Dismiss")) dismiss = i;
        trace_last_item(app, ("open-failure-dismiss-" + std::to_string(i)).c_str());
        ImGui::Indent();
        for (const Diagnostic& d : failure.diagnostics) {
            std::string place = d.line > 0          ? std::to_string(d.line) + ":" + std::to_string(d.column) + ": "
                                : d.pointer.empty() ? ""
                                                    : d.pointer + ": ";
            ImVec4 colour = d.severity == Diagnostic::Severity::error ? ImVec4(1.0f, 0.6f, 0.6f, 1)
                                                                      : ImVec4(1.0f, 0.8f, 0.35f, 1);
            ImGui::PushStyleColor(ImGuiCol_Text, colour);
            ImGui::TextWrapped("%s%s", place.c_str(), d.message.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::Unindent();
        ImGui::PopID();
    }
    // Traced when it changes, so a test reads which file's errors are on show.
    static std::string last_shown = "none";  // UI thread only
    std::string shown = "none";
    for (const App::OpenFailure& failure : app.open_failures)
        if (failure.path == app.shown_failure) shown = failure.path.filename().string();
    if (shown != last_shown) {
        last_shown = shown;
        app.trace("failure shown: " + shown);
    }
    if (retry) {
        std::filesystem::path path = app.open_failures[*retry].path;
        app.open_path(path);  // on success the entry goes; on failure it is listed again, fresh
    } else if (dismiss) {
        app.open_failures.erase(app.open_failures.begin() + static_cast<std::ptrdiff_t>(*dismiss));
    }
}

void draw_problems(App& app) {
    draw_open_failures(app);
    Document* doc = app.active();
    if (!doc) {
        if (app.shown_failure.empty()) text_disabled_wrapped("no level open");
        return;
    }
    int index = 0;
    std::string listed;  // what the panel shows, for --trace
    for (const Diagnostic& d : app.diagnostics)
        problem(app, *doc, severity_name(d.severity), (d.pointer.empty() ? "" : d.pointer + ": ") + d.message, std::nullopt,
                row_of_pointer(d.pointer), index++, listed);

    const bool current = doc->view.revision == doc->revision();
    if (current && !doc->view.error.empty())
        problem(app, *doc, "error", doc->view.error, std::nullopt, std::nullopt, index++, listed);
    const Analysis* analysis = app.current_analysis(*doc);
    // While the edited level is checked again, the previous list stays on show, dimmed (its
    // tooltip says so): the panel keeps its height, so the Inspector does not jump on every edit
    // (a one-line "checking..." in its place scrolled it back to the top).
    const Analysis* previous = !analysis && doc->view.analysis && !current ? &*doc->view.analysis : nullptr;
    if (previous && !previous->warnings.empty()) {
        ImGui::PushStyleVar(ImGuiStyleVar_Alpha, ImGui::GetStyle().Alpha * 0.5f);
        int shown = 0;
        std::string ignored;
        for (const Warning& w : previous->warnings)
            problem(app, *doc, severity_name(w.severity), w.message, w.cell, std::nullopt, 1000 + shown++, ignored, w.rule);
        ImGui::PopStyleVar();
        return;
    }
    if (analysis) {
        // The level's problems, as every verb of the CLI gives them (analysis/problems.hpp): an odd
        // count or an unpaired link tile, tiles that can never link, jelly no run reaches, ? cells
        // the generator cannot fill, ...; the tooltip names each one's rule.
        for (const Warning& w : analysis->warnings)
            problem(app, *doc, severity_name(w.severity), w.message, w.cell, std::nullopt, index++, listed, w.rule);
    }
    if (index == 0) {
        // Never "no problems" beside a verdict that says the level cannot be won.
        const EstimateResult* estimate = app.current_estimate(*doc);
        const bool lost = (analysis && analysis->verdict == Verdict::unsolvable) ||
                          (estimate && estimate->runs > 0 && estimate->wins == 0 && !doc->view.estimate_pending);
        const char* text = !current ? "checking..."
                           : lost   ? "no known cause found for the verdict (the checks: docs/editor.md, Problems)"
                                    : "no problems";
        ImGui::PushTextWrapPos(0.0f);
        text_disabled_wrapped("%s", text);
        ImGui::PopTextWrapPos();
        listed = std::string("problems: ") + text + "\n";
    }
    // Traced when the list changes (and once the analysis is in), so a test reads what is shown.
    static std::string last;  // UI thread only
    if (current && listed != last) {
        last = listed;
        app.trace("problems listed: " + std::to_string(index));
        if (!listed.empty()) app.trace(listed.substr(0, listed.size() - 1));
    }
}

}  // namespace tilelab::editor::panels
