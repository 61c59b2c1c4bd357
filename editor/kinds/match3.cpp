// match3 in the editor (editor/kinds/table.hpp): its rules and goal in Properties, swaps in play-test, the jelly and lock layers, the
// number of colours of a new level.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/table.hpp"
#include "panels/fields.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace match3_parts {  // named: the editor is a unity build

using panels::edit_field;
using panels::kClamp;
using panels::kZero64;
using panels::optional_int;

void play_canvas(App& app, const PlayCanvas& canvas) { play_two_cells(app, canvas, orthogonal_neighbours, true); }

void new_level_fields(App& app, NewLevelDialog& d) {
    ImGui::SliderInt("colours", &d.colors, limits::min_colors, limits::max_colors, "%d", ImGuiSliderFlags_AlwaysClamp);
    trace_last_item(app, "new-level-colors");
}

void new_level_setup(Level& level, const NewLevelDialog& d) { level.rules.colors = d.colors; }

void rules_header(App& app, Document& document) {
    Document* doc = &document;
    // Format version 2: matches create specials. On the header's line (and the v2 goals on the
    // goal's), so the Inspector is no taller than before and the Pack panel stays in view.
    ImGui::SameLine(0, 24);
    edit_field(*doc, "Specials", [](Level& l) { return ImGui::Checkbox("specials", &l.rules.specials); });
    trace_last_item(app, "specials");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("matches of 4 or more (and L/T shapes) create special pieces");
}

void rules_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    // Never below the colours painted on the board (the level would not load): the document
    // stops the value there, and the tooltip says why.
    edit_field(*doc, "Colours", [](Level& l) {
        return ImGui::SliderInt("colors", &l.rules.colors, limits::min_colors, limits::max_colors, "%d", kClamp);
    });
    trace_last_item(app, "colors");
    if (ImGui::IsItemHovered() && lowest_colors(level) > limits::min_colors)
        ImGui::SetTooltip("colours %d..%d: colour %d is on the board", lowest_colors(level), limits::max_colors,
                          lowest_colors(level) - 1);
    edit_field(*doc, "Min match", [](Level& l) {
        return ImGui::SliderInt("min_match", &l.rules.min_match, limits::min_min_match, limits::max_min_match, "%d", kClamp);
    });
    trace_last_item(app, "min_match");
    edit_field(*doc, "Score per piece", [](Level& l) {
        return ImGui::DragInt("score_per_piece", &l.rules.score_per_piece, 1, 0, limits::max_score_per_piece, "%d", kClamp);
    });
    trace_last_item(app, "score_per_piece");
    // Format version 2 (docs/match3.md): the refill's weights per colour (specials: on the rules line).
    if (level.rules.spawn_weights.empty()) {
        ImGui::TextDisabled("spawn weights: all equal");
        ImGui::SameLine();
        if (ImGui::SmallButton("set weights")) {
            const int colors = level.rules.colors;
            doc->change("Spawn weights", [&](Level& l) { l.rules.spawn_weights.assign(static_cast<std::size_t>(colors), 1); });
        }
        trace_last_item(app, "spawn-weights-set");
    } else {
        ImGui::TextUnformatted("spawn weights");
        ImGui::SameLine();
        if (ImGui::SmallButton("all equal")) doc->change("Spawn weights: all equal", [](Level& l) { l.rules.spawn_weights.clear(); });
        trace_last_item(app, "spawn-weights-equal");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("remove the weights: every colour is drawn equally often");
        for (std::size_t i = 0; i < level.rules.spawn_weights.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (i % 4 != 0) ImGui::SameLine();
            ImGui::SetNextItemWidth(58);
            edit_field(*doc, "Spawn weight", [&](Level& l) {
                if (i >= l.rules.spawn_weights.size()) return false;
                int& w = l.rules.spawn_weights[i];
                const int old = w;
                if (!ImGui::DragInt(("##w" + std::to_string(i)).c_str(), &w, 0.2f, 0, limits::max_spawn_weight, "%d", kClamp))
                    return false;
                // Never all 0 (the reader refuses it): the last weight above 0 stays at least 1.
                if (w == 0 && std::all_of(l.rules.spawn_weights.begin(), l.rules.spawn_weights.end(), [](int x) { return x == 0; }))
                    w = 1;
                return w != old;
            });
            trace_last_item(app, ("spawn-weight-" + std::to_string(i)).c_str());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("colour %d: weight 0..%d (not every weight 0)", static_cast<int>(i), limits::max_spawn_weight);
            ImGui::PopID();
        }
    }
}

void goal_header(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    ImGui::SameLine(0, 24);
    // Format version 2: clear every crate (only with a crate on the board), collect N
    // ingredients (1..the @ on the board; 0 is off).
    {
        const bool crates = has_crate(level);
        ImGui::BeginDisabled(!crates && !level.goal.crates);
        edit_field(*doc, "Crates goal", [](Level& l) { return ImGui::Checkbox("crates", &l.goal.crates); });
        trace_last_item(app, "goal-crates");
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip(crates ? "the goal: clear every crate" : "the board has no crate: paint one (c1..c5) first");
        const int on_board = ingredients_on_board(level);
        ImGui::SameLine();
        ImGui::BeginDisabled(on_board == 0);
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Ingredients goal", [on_board](Level& l) {
            int n = l.goal.ingredients.value_or(0);
            if (!ImGui::SliderInt("ingredients", &n, 0, std::max(on_board, 0), n == 0 ? "%d (off)" : "%d", kClamp)) return false;
            n = std::clamp(n, 0, on_board);
            if (n == 0) l.goal.ingredients.reset();
            else l.goal.ingredients = n;
            return true;
        });
        trace_last_item(app, "goal-ingredients");
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip(on_board == 0 ? "the board has no ingredient: paint one (@) first"
                                            : "ingredients to collect at the exits: 0 (off) to %d, the @ on the board", on_board);
    }
}

void goal_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    Level probe = level;
    bool on = probe.goal.score.has_value();
    edit_field(*doc, "Score goal", [](Level& l) {
        bool enabled = l.goal.score.has_value();
        if (!ImGui::Checkbox("##score_on", &enabled)) return false;
        l.goal.score = enabled ? std::optional<std::int64_t>(3000) : std::nullopt;
        return true;
    });
    trace_last_item(app, "goal-score-on");
    ImGui::SameLine();
    if (on) {
        edit_field(*doc, "Score goal", [](Level& l) {
            return ImGui::DragScalar("score", ImGuiDataType_S64, &*l.goal.score, 10.0f, &kZero64, &limits::max_score_goal, "%lld", kClamp);
        });
        trace_last_item(app, "score");
    }
    else ImGui::TextDisabled("score (off)");
    edit_field(*doc, "Jelly goal", [](Level& l) { return ImGui::Checkbox("clear all jelly", &l.goal.jelly); });
    trace_last_item(app, "goal-jelly");
    ImGui::SameLine();  // short rows: the Pack panel below stays in view in a 720-pixel window
    if (ImGui::SmallButton("+ collect")) doc->change("Add collect goal", [](Level& l) { l.goal.collect.push_back({0, 15}); });
    for (std::size_t i = 0; i < level.goal.collect.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Collect", [&](Level& l) { return ImGui::SliderInt("colour", &l.goal.collect[i].color, 0, std::max(0, l.rules.colors - 1), "%d", kClamp); });
        trace_last_item(app, ("collect-colour-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Collect", [&](Level& l) { return ImGui::DragInt("count", &l.goal.collect[i].count, 0.2f, 1, limits::max_collect_count, "%d", kClamp); });
        trace_last_item(app, ("collect-count-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) doc->change("Remove collect goal", [&](Level& l) { l.goal.collect.erase(l.goal.collect.begin() + static_cast<long>(i)); });
        ImGui::PopID();
    }
}

}  // namespace match3_parts

const EditorKind match3_editor{
    "swap: drag a piece onto a neighbour, or click both", match3_parts::play_canvas, nullptr, false, true, nullptr, match3_parts::new_level_fields,
    match3_parts::new_level_setup,
    match3_parts::rules_header, match3_parts::rules_fields, match3_parts::goal_header, match3_parts::goal_fields};

}  // namespace tilelab::editor
