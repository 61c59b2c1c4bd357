// link in the editor (editor/kinds/table.hpp): its rules and goal in Properties, two clicks in play-test, the pair tool, sum pairing
// for a new level.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/table.hpp"
#include "overlays.hpp"
#include "painters.hpp"
#include "panels/fields.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace link_parts {  // named: the editor is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = link::Rules;
using Goal = link::Goal;

using panels::edit_field;
using panels::kClamp;
using panels::kZero64;
using panels::optional_int;
constexpr std::int64_t kMinSum = limits::min_pair_sum, kMaxSum = limits::max_pair_sum;

// The number always shows, whole: smaller type for more digits, ink that contrasts.
void draw_value(ImDrawList* list, const Level& level, std::int32_t value, const CellBox& box) {
    if (!cell::is_value(value)) return;
    std::string text = std::to_string(value);
    float height = box.size * (text.size() <= 2 ? 0.5f : text.size() == 3 ? 0.4f : 0.3f);
    draw_centred_text(
        list, text.c_str(), box.centre, std::max(height, 6.0f),
        palette::link_dark_text(value, level.rules.as<Rules>().pair) ? IM_COL32(20, 20, 24, 255) : IM_COL32(255, 255, 255, 255));
}

bool any_two(Cell, Cell) { return true; }  // the rules say whether they link
void play_canvas(App& app, const PlayCanvas& canvas) { play_two_cells(app, canvas, any_two, false); }

void new_level_fields(App& app, NewLevelDialog& d) {
    ImGui::Checkbox("sum pairing", &d.sum_pairing);
    trace_last_item(app, "new-level-sum-pairing");
    if (d.sum_pairing) {
        ImGui::InputInt("sum", &d.sum);
        trace_last_item(app, "new-level-sum");
    }
}

void new_level_setup(Level& level, const NewLevelDialog& d) {
    if (d.sum_pairing) level.rules.as<Rules>().pair = Pairing{Pairing::Rule::sum, d.sum};
}

void rules_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    edit_field(*doc, "Pairing", [](Level& l) {
        Pairing& pair = l.rules.as<Rules>().pair;
        int rule = pair.rule == Pairing::Rule::sum ? 1 : 0;
        if (!ImGui::Combo("pair", &rule, "equal\0sum\0")) return false;
        pair.rule = rule ? Pairing::Rule::sum : Pairing::Rule::equal;
        if (rule && pair.sum < limits::min_pair_sum) pair.sum = 10;
        return true;
    });
    if (level.rules.as<Rules>().pair.rule == Pairing::Rule::sum)
        edit_field(*doc, "Pair sum", [](Level& l) {
            return ImGui::DragScalar("sum", ImGuiDataType_S64, &l.rules.as<Rules>().pair.sum, 0.2f, &kMinSum, &kMaxSum, "%lld",
                                     kClamp);
        });
    trace_last_item(app, "sum");
    edit_field(*doc, "Max turns", [](Level& l) {
        return ImGui::SliderInt("max_turns", &l.rules.as<Rules>().max_turns, 0, limits::max_turns, "%d", kClamp);
    });
    trace_last_item(app, "max_turns");
    edit_field(*doc, "Border", [](Level& l) { return ImGui::Checkbox("border", &l.rules.as<Rules>().border); });
}

void goal_fields(App&, Document& document) {
    Document* doc = &document;
    edit_field(*doc, "Clear goal", [](Level& l) { return ImGui::Checkbox("clear the board", &l.goal.as<Goal>().clear); });
}

// Any value past the palette's twelve: typed.
void palette_extras(App& app, const Level& level) {
    ImGui::SetNextItemWidth(120);
    int value = app.brush.value[static_cast<std::size_t>(level.kind)];
    if (ImGui::InputInt("value", &value))
        app.brush.value[static_cast<std::size_t>(level.kind)] = std::clamp(value, 1, limits::max_link_value);
    trace_last_item(app, "link-value");
}

// Before the analysis: the link paths' trace says "none".
const char* pending_overlay(const OverlayToggles& show) { return show.link_paths ? "link-paths" : nullptr; }

// The overlays of the analysis on the board (the Analysis panel's check boxes say which).
void draw_overlays(const OverlayFrame& f) {
    App& app = f.app;
    const Document& doc = f.doc;
    ImDrawList* list = f.list;
    const BoardView& view = f.view;
    const Analysis* analysis = &f.analysis;
    const OverlayToggles& show = app.settings.overlays;
    const int step = f.step;
    if (!show.link_paths) return;
    std::optional<Cell> only;
    if (show.link_hovered_only) {
        if (!app.hovered) return;
        only = app.hovered;
    }
    nlohmann::ordered_json drawn{{"links", nlohmann::ordered_json::array()}};
    for (const LinkPath& link : analysis->links) {
        if (only && !(link.a == *only) && !(link.b == *only)) continue;
        std::vector<ImVec2> points;
        for (Cell c : link.path) points.push_back(view.centre(c));
        if (points.size() >= 2)
            list->AddPolyline(points.data(), static_cast<int>(points.size()), to_imu32(palette::overlay_link_path), 0,
                              std::max(2.0f, view.size * 0.06f));
        if (app.options.trace)
            drawn["links"].push_back({{"a", cell_json(link.a)}, {"b", cell_json(link.b)}, {"path", cells_json(link.path)}});
    }
    trace_overlay(app, doc, only ? "link-paths-hovered" : "link-paths", step, &drawn);
}

// The Analysis panel's legend of the kind's overlays, under the grid's row.
void overlay_legend(App&, OverlayToggles& o) {
    panels::legend_row(&o.link_paths, "link paths", palette::overlay_link_path,
                       "The path of every pair that links now (at most max_turns turns).");
    ImGui::Indent();
    ImGui::Checkbox("only the hovered tile's", &o.link_hovered_only);
    ImGui::Unindent();
    panels::legend_row(&o.solution, "solution", palette::overlay_solution, "The solver's removal order, step by step.");
}

// Link paths may run through the ring just outside the board when the border is on: the camera
// fits that ring too.
float fit_ring(const Level& level, const OverlayToggles&, bool) { return level.rules.as<Rules>().border ? 2.0f : 0.0f; }

std::int64_t partner(const Level& level, std::int64_t value) { return level.rules.as<Rules>().pair.partner(value); }

}  // namespace link_parts

const EditorKind link_editor{
    .draw_value = link_parts::draw_value,
    .fit_ring = link_parts::fit_ring,
    .palette_extras = link_parts::palette_extras,
    .draw_overlays = link_parts::draw_overlays,
    .pending_overlay = link_parts::pending_overlay,
    .play_hint = "click two tiles that link",
    .play_canvas = link_parts::play_canvas,
    .pair_tool = true,
    .partner = link_parts::partner,
    .new_level_fields = link_parts::new_level_fields,
    .new_level_setup = link_parts::new_level_setup,
    .rules_fields = link_parts::rules_fields,
    .goal_fields = link_parts::goal_fields,
    .overlay_legend = link_parts::overlay_legend,
    .pairs_panel = true,
};

}  // namespace tilelab::editor
