// collapse in the editor (editor/kinds/table.hpp): pieces and power-ups on the canvas, the groups
// a tap clears outlined and the hovered group's tap previewed, taps in play-test, its rules and
// goal in Properties, the number of colours of a new level.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/table.hpp"
#include "overlays.hpp"
#include "painters.hpp"
#include "panels/fields.hpp"
#include "panels/panels.hpp"
#include "tilelab/collapse/collapse.hpp"
#include "tilelab/collapse/tokens.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace collapse_parts {  // named: the editor is a unity build

using panels::edit_field;
using panels::kClamp;
using panels::kZero64;

constexpr int max_colors = 9;

// A piece: its colour's glyph (the canvas fills the cell with the colour); a disco ball a white
// ring round it; rockets a white bar along their row or column; the tnt a red box marked TNT.
void draw_value(ImDrawList* list, const Level&, std::int32_t value, const CellBox& box) {
    const ImU32 white = IM_COL32(255, 255, 255, 235), dark = IM_COL32(20, 20, 20, 200);
    const float s = box.size;
    if (value == collapse::rocket_h || value == collapse::rocket_v) {
        const bool h = value == collapse::rocket_h;
        const ImVec2 half = h ? ImVec2(s * 0.36f, s * 0.09f) : ImVec2(s * 0.09f, s * 0.36f);
        list->AddRectFilled(ImVec2(box.centre.x - half.x, box.centre.y - half.y),
                            ImVec2(box.centre.x + half.x, box.centre.y + half.y), white, s * 0.05f);
        list->AddRect(ImVec2(box.centre.x - half.x, box.centre.y - half.y), ImVec2(box.centre.x + half.x, box.centre.y + half.y),
                      dark, s * 0.05f, 0, std::max(1.0f, s * 0.03f));
        return;
    }
    if (value == collapse::tnt) {
        const float r = s * 0.3f;
        list->AddRectFilled(ImVec2(box.centre.x - r, box.centre.y - r), ImVec2(box.centre.x + r, box.centre.y + r),
                            IM_COL32(192, 57, 43, 255), s * 0.06f);
        if (s >= 20) draw_centred_text(list, "TNT", box.centre, s * 0.24f, white);
        return;
    }
    if (value < 0) return;
    draw_glyph(list, collapse::color_of(value), box.centre, s * 0.3f, dark, std::max(1.0f, s * 0.05f));
    if (collapse::is_disco(value)) list->AddCircle(box.centre, s * 0.4f, white, 24, std::max(1.5f, s * 0.07f));
}

// A tap plays at once.
void play_canvas(App& app, const PlayCanvas& canvas) {
    if (canvas.activated && canvas.cell && app.play.state.board.contains(*canvas.cell))
        panels::play_move(app, TapMove{*canvas.cell});
}

void new_level_fields(App& app, NewLevelDialog& d) {
    d.colors = std::clamp(d.colors, limits::min_colors, max_colors);
    ImGui::SliderInt("colours", &d.colors, limits::min_colors, max_colors, "%d", ImGuiSliderFlags_AlwaysClamp);
    trace_last_item(app, "new-level-colors");
}

void new_level_setup(Level& level, const NewLevelDialog& d) {
    level.rules.as<collapse::Rules>().colors = std::clamp(d.colors, limits::min_colors, max_colors);
}

void rules_fields(App& app, Document& document) {
    Document* doc = &document;
    edit_field(*doc, "Colours", [](Level& l) {
        return ImGui::SliderInt("colors", &l.rules.as<collapse::Rules>().colors, limits::min_colors, max_colors, "%d", kClamp);
    });
    trace_last_item(app, "colors");
    edit_field(*doc, "Min group", [](Level& l) {
        return ImGui::SliderInt("min_group", &l.rules.as<collapse::Rules>().min_group, 1, 16, "%d", kClamp);
    });
    trace_last_item(app, "min_group");
    edit_field(*doc, "Scoring", [](Level& l) {
        collapse::Rules& r = l.rules.as<collapse::Rules>();
        int mode = r.score == collapse::Scoring::samegame ? 1 : 0;
        if (!ImGui::Combo("score", &mode, "linear\0samegame\0")) return false;
        r.score = mode ? collapse::Scoring::samegame : collapse::Scoring::linear;
        return true;
    });
    trace_last_item(app, "score-mode");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("linear: score_per_piece for each item cleared; samegame: (n - 2)^2 for a group of n");
    if (collapse::rules_of(document.level()).score == collapse::Scoring::linear) {
        edit_field(*doc, "Score per piece", [](Level& l) {
            return ImGui::DragInt("score_per_piece", &l.rules.as<collapse::Rules>().score_per_piece, 1, 0,
                                  limits::max_score_per_piece, "%d", kClamp);
        });
        trace_last_item(app, "score_per_piece");
    }
    edit_field(*doc, "Refill", [](Level& l) { return ImGui::Checkbox("refill", &l.rules.as<collapse::Rules>().refill); });
    trace_last_item(app, "refill");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("off (SameGame): nothing falls in, and empty columns close to the left");
    ImGui::SameLine();
    edit_field(*doc, "Reshuffle",
               [](Level& l) { return ImGui::Checkbox("reshuffle", &l.rules.as<collapse::Rules>().reshuffle); });
    trace_last_item(app, "reshuffle");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("a board with no legal tap is shuffled (up to 100 times) instead of ending the game");
}

void goal_fields(App& app, Document& document) {
    Document* doc = &document;
    const collapse::Goal& goal = collapse::goal_of(document.level());
    edit_field(*doc, "Score goal", [](Level& l) {
        collapse::Goal& g = l.goal.as<collapse::Goal>();
        bool enabled = g.score.has_value();
        if (!ImGui::Checkbox("##score_on", &enabled)) return false;
        g.score = enabled ? std::optional<std::int64_t>(1000) : std::nullopt;
        return true;
    });
    trace_last_item(app, "goal-score-on");
    ImGui::SameLine();
    if (goal.score) {
        edit_field(*doc, "Score goal", [](Level& l) {
            return ImGui::DragScalar("score", ImGuiDataType_S64, &*l.goal.as<collapse::Goal>().score, 10.0f, &kZero64,
                                     &limits::max_score_goal, "%lld", kClamp);
        });
        trace_last_item(app, "score");
    } else ImGui::TextDisabled("score (off)");
    edit_field(*doc, "Jelly goal",
               [](Level& l) { return ImGui::Checkbox("clear all jelly", &l.goal.as<collapse::Goal>().jelly); });
    trace_last_item(app, "goal-jelly");
    ImGui::SameLine();
    edit_field(*doc, "Clear goal",
               [](Level& l) { return ImGui::Checkbox("clear the board", &l.goal.as<collapse::Goal>().clear); });
    trace_last_item(app, "goal-clear");
    ImGui::SameLine();
    if (ImGui::SmallButton("+ collect"))
        doc->change("Add collect goal", [](Level& l) { l.goal.as<collapse::Goal>().collect.push_back({0, 15}); });
    trace_last_item(app, "goal-collect-add");
    for (std::size_t i = 0; i < goal.collect.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Collect", [&](Level& l) {
            const int colors = collapse::rules_of(l).colors;
            return ImGui::SliderInt("colour", &l.goal.as<collapse::Goal>().collect[i].color, 0, std::max(0, colors - 1), "%d",
                                    kClamp);
        });
        trace_last_item(app, ("collect-colour-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Collect", [&](Level& l) {
            return ImGui::DragInt("count", &l.goal.as<collapse::Goal>().collect[i].count, 0.2f, 1, limits::max_collect_count,
                                  "%d", kClamp);
        });
        trace_last_item(app, ("collect-count-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("x"))
            doc->change("Remove collect goal", [&](Level& l) {
                auto& list = l.goal.as<collapse::Goal>().collect;
                list.erase(list.begin() + static_cast<long>(i));
            });
        ImGui::PopID();
    }
}

// The palette: the pieces, then the cells, then the power-ups on a row of their own.
const char* palette_section(std::int32_t value, bool started) {
    if (value == collapse::rocket_h && !started) return "power-ups";
    return nullptr;
}

const char* pending_overlay(const OverlayToggles& show) { return show.match_groups ? "collapse-groups" : nullptr; }

// Every group a tap clears, outlined; the group under the mouse (or the power-up) with what its tap
// clears filled in and the power-up it leaves marked on the tapped cell.
void draw_overlays(const OverlayFrame& f) {
    App& app = f.app;
    const Document& doc = f.doc;
    const BoardView& view = f.view;
    const Analysis& analysis = f.analysis;
    const OverlayToggles& show = app.settings.overlays;
    nlohmann::ordered_json drawn{{"groups", nlohmann::ordered_json::array()}};
    // The piece each ? cell draws from the seed, small in its corner: the groups are those of
    // this drawn board (as `tilelab analyze` says), so the designer sees why.
    if (show.match_groups || show.hint_swaps)
        for (const auto& [c, colour] : analysis.start_spawns) {
            if (colour < 0) continue;
            const ImVec2 p = view.corner(c);
            const ImVec2 centre(p.x + view.size * 0.78f, p.y + view.size * 0.78f);
            const float r = view.size * 0.14f;
            f.list->AddCircleFilled(centre, r * 1.35f, to_imu32(palette::cell_fill(doc.level(), colour)), 16);
            draw_glyph(f.list, colour, centre, r * 0.8f, IM_COL32(20, 20, 20, 220), std::max(1.0f, view.size * 0.025f));
        }
    if (show.match_groups)
        for (const CellGroup& group : analysis.groups) {
            outline_cells(f.list, view, group.cells, to_imu32(palette::overlay_match_group), f.thick);
            if (app.options.trace) drawn["groups"].push_back(cells_json(group.cells));
        }
    if (show.hint_swaps && app.hovered) {
        // The tap of the hovered cell: its own (a power-up, or a cell of a group of 5 or more, whose
        // power-up lands where it is tapped), else its group's (a smaller group's cells all tap alike).
        // A tap at the hovered cell itself (a power-up, a group of 5 or more) comes first.
        const HintSwap* preview = nullptr;
        for (const HintSwap& h : analysis.hints)
            if (h.a == *app.hovered) preview = &h;
        for (const HintSwap& h : analysis.hints) {
            if (preview) break;
            for (const CellGroup& g : analysis.groups)
                if (std::find(g.cells.begin(), g.cells.end(), h.a) != g.cells.end() &&
                    std::find(g.cells.begin(), g.cells.end(), *app.hovered) != g.cells.end())
                    preview = &h;
        }
        if (preview) {
            for (Cell c : preview->clears) {
                ImVec2 p = view.corner(c);
                f.list->AddRectFilled(p, ImVec2(p.x + view.size, p.y + view.size), to_imu32(palette::overlay_hint, 90));
            }
            outline_cells(f.list, view, preview->clears, to_imu32(palette::overlay_hint), f.thick);
            for (const auto& [c, v] : preview->creates) {
                const ImVec2 p = view.corner(*app.hovered);
                draw_centred_text(f.list, collapse::cell_token(v).c_str(), ImVec2(p.x + view.size * 0.5f, p.y + view.size * 0.2f),
                                  std::max(8.0f, view.size * 0.26f), IM_COL32(255, 255, 255, 255));
                (void)c;
            }
            if (app.options.trace)
                drawn["preview"] = {
                    {"cell", cell_json(preview->a)},
                    {"clears", cells_json(preview->clears)},
                    {"makes", preview->creates.empty()
                                  ? nlohmann::ordered_json(nullptr)
                                  : nlohmann::ordered_json(collapse::cell_token(preview->creates.front().second))}};
        }
    }
    trace_overlay(app, doc, "collapse-groups", f.step, &drawn);
}

void overlay_legend(App&, OverlayToggles& o) {
    panels::legend_row(&o.match_groups, "groups", palette::overlay_match_group,
                       "Every group a tap clears (at least min_group pieces of one colour), outlined.");
    panels::legend_row(&o.hint_swaps, "tap preview", palette::overlay_hint,
                       "Hover a group or a power-up to see every cell its tap clears and the power-up it leaves.");
    panels::legend_row(&o.solution, "solution", palette::overlay_solution, "The solver's taps (no refill), step by step.");
}

}  // namespace collapse_parts

const EditorKind collapse_editor{
    .draw_value = collapse_parts::draw_value,
    .palette_section = collapse_parts::palette_section,
    .draw_overlays = collapse_parts::draw_overlays,
    .pending_overlay = collapse_parts::pending_overlay,
    .play_hint = "tap a group of two or more, or a power-up",
    .play_canvas = collapse_parts::play_canvas,
    .new_level_fields = collapse_parts::new_level_fields,
    .new_level_setup = collapse_parts::new_level_setup,
    .rules_fields = collapse_parts::rules_fields,
    .goal_fields = collapse_parts::goal_fields,
    .overlay_legend = collapse_parts::overlay_legend,
    .fill_random_cells = true,
};

}  // namespace tilelab::editor
