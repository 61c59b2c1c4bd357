// lines in the editor (editor/kinds/table.hpp): its rules and goal in Properties, the ring of arrows that shifts rows and columns in
// play-test, Z turning a tile, every tile closed as a new level's goal.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/table.hpp"
#include "overlays.hpp"
#include "painters.hpp"
#include "panels/fields.hpp"
#include "panels/panels.hpp"
#include "tilelab/limits.hpp"
#include "text_fit.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace lines_parts {  // named: the editor is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = lines::Rules;
using Goal = lines::Goal;

using panels::edit_field;
using panels::kClamp;
using panels::kZero64;
using panels::optional_int;

void draw_lines_tile(ImDrawList* list, std::int32_t mask, ImVec2 p0, float size) {
    ImVec2 centre(p0.x + size / 2, p0.y + size / 2);
    float half = std::max(1.5f, size * 0.09f);
    ImU32 ink = to_imu32(palette::line_ink);
    // Each solid side is a bar from the centre to that edge; the centre square joins them.
    if (mask & 1) list->AddRectFilled(ImVec2(centre.x - half, p0.y), ImVec2(centre.x + half, centre.y + half), ink);
    if (mask & 2) list->AddRectFilled(ImVec2(centre.x - half, centre.y - half), ImVec2(p0.x + size, centre.y + half), ink);
    if (mask & 4) list->AddRectFilled(ImVec2(centre.x - half, centre.y - half), ImVec2(centre.x + half, p0.y + size), ink);
    if (mask & 8) list->AddRectFilled(ImVec2(p0.x, centre.y - half), ImVec2(centre.x + half, centre.y + half), ink);
}

void draw_value(ImDrawList* list, const Level&, std::int32_t value, const CellBox& box) {
    if (cell::is_value(value)) draw_lines_tile(list, value, box.p0, box.size);
}

// A padlock beside each end of a fixed row or column (rules.fixed_rows / fixed_cols), where
// play-testing puts the shift arrows (a fixed line has none), so the designer sees which lines
// can never move while painting and while playing.
void draw_margin(ImDrawList* list, const Level& level, const BoardView& view, bool playing) {
    const float w = static_cast<float>(level.width()), h = static_cast<float>(level.height());
    // Playing: in the ring cell, as big as an arrow; editing: in the margin, at most 14 px wide.
    const float box = playing ? view.size * 1.2f : std::min(view.size * 1.2f, 40.0f);
    const float away = playing ? view.size * 0.5f : std::min(view.size * 0.5f, box * 0.35f);
    auto mark = [&](float cx, float cy) { draw_padlock(list, ImVec2(cx - box * 0.78f, cy - box * 0.78f), box); };
    const Rules& rules = level.rules.as<Rules>();
    for (int y : rules.fixed_rows) {
        const float cy = view.origin.y + (static_cast<float>(y) + 0.5f) * view.size;
        mark(view.origin.x - away, cy);
        mark(view.origin.x + w * view.size + away, cy);
    }
    for (int x : rules.fixed_cols) {
        const float cx = view.origin.x + (static_cast<float>(x) + 0.5f) * view.size;
        mark(cx, view.origin.y - away);
        mark(cx, view.origin.y + h * view.size + away);
    }
}

// Play-testing puts a ring of shift arrows around the board: the camera fits that ring too.
float fit_ring(const Level&, const OverlayToggles&, bool playing) { return playing ? 2.0f : 0.0f; }

// Arrows in the ring around the board; a click shifts that row or column. A fixed row or column
// has no arrows (the canvas draws its padlocks there).
void play_canvas(App& app, const PlayCanvas& canvas) {
    const PlayTest& play = app.play;
    const Board& board = play.state.board;
    const std::optional<Cell>& cell = canvas.cell;
    const float size = canvas.size;
    const ImU32 ink = IM_COL32(220, 220, 230, 200), lit = IM_COL32(255, 255, 255, 255);
    auto arrow_at = [&](Cell c, float dx, float dy) {
        float cx = canvas.origin.x + (static_cast<float>(c.x) + 0.5f) * size;
        float cy = canvas.origin.y + (static_cast<float>(c.y) + 0.5f) * size;
        float r = size * 0.25f;
        ImVec2 tip(cx + dx * r, cy + dy * r), back1(cx - dx * r - dy * r, cy - dy * r + dx * r),
            back2(cx - dx * r + dy * r, cy - dy * r - dx * r);
        bool over = cell && *cell == c;
        canvas.list->AddTriangleFilled(tip, back1, back2, over ? lit : ink);
    };
    const Rules& rules = play.level.rules.as<Rules>();
    auto fixed = [](const std::vector<int>& list, int i) { return std::find(list.begin(), list.end(), i) != list.end(); };
    for (int y = 0; y < board.height; ++y) {
        if (fixed(rules.fixed_rows, y)) continue;
        arrow_at({-1, y}, -1, 0);
        arrow_at({board.width, y}, 1, 0);
    }
    for (int x = 0; x < board.width; ++x) {
        if (fixed(rules.fixed_cols, x)) continue;
        arrow_at({x, -1}, 0, -1);
        arrow_at({x, board.height}, 0, 1);
    }
    if (!canvas.activated || !cell) return;
    const Cell c = *cell;
    if ((c.x == -1 || c.x == board.width) && fixed(rules.fixed_rows, c.y)) {
        app.status("row " + std::to_string(c.y) + " is fixed: it never shifts");
        return;
    }
    if ((c.y == -1 || c.y == board.height) && fixed(rules.fixed_cols, c.x)) {
        app.status("column " + std::to_string(c.x) + " is fixed: it never shifts");
        return;
    }
    using panels::play_move;
    if (c.x == -1 && c.y >= 0 && c.y < board.height) play_move(app, ShiftMove{ShiftMove::Axis::row, c.y, -1});
    if (c.x == board.width && c.y >= 0 && c.y < board.height) play_move(app, ShiftMove{ShiftMove::Axis::row, c.y, 1});
    if (c.y == -1 && c.x >= 0 && c.x < board.width) play_move(app, ShiftMove{ShiftMove::Axis::col, c.x, -1});
    if (c.y == board.height && c.x >= 0 && c.x < board.width) play_move(app, ShiftMove{ShiftMove::Axis::col, c.x, 1});
}

// Z / Shift+Z: turns the hovered tile, or else the brush's tile.
void rotate_tile(App& app, Document& doc, bool clockwise) {
    const char* key = clockwise ? "Z" : "Shift+Z";
    const Level& level = doc.level();
    if (app.hovered && level.board.contains(*app.hovered) && level.board.at(*app.hovered) > 0) {
        Cell c = *app.hovered;
        doc.change("Rotate tile", [&](Level& l) { l.board.at(c) = rotate_mask(l.board.at(c), clockwise); });
        app.status(std::string(key) + ": rotated the tile at (" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")");
    } else {
        std::int32_t& value = app.brush.value[static_cast<std::size_t>(level.kind)];
        value = rotate_mask(value, clockwise);
        app.status(std::string(key) + ": rotated the brush's tile");
    }
}

// A lines goal without a condition draws a warning ("all_closed is assumed"): say it.
void new_level_setup(Level& level, const NewLevelDialog&) { level.goal.as<Goal>().all_closed = true; }

void rules_fields(App&, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    ImGui::TextUnformatted("fixed rows / columns:");
    for (int axis = 0; axis < 2; ++axis) {
        int count = axis == 0 ? level.height() : level.width();
        ImGui::TextUnformatted(axis == 0 ? "rows" : "cols");
        for (int i = 0; i < count && i < 32; ++i) {
            ImGui::SameLine();
            ImGui::PushID(axis * 1000 + i);
            edit_field(*doc, "Fixed row/column", [&](Level& l) {
                Rules& rules = l.rules.as<Rules>();
                std::vector<int>& list = axis == 0 ? rules.fixed_rows : rules.fixed_cols;
                bool fixed = std::find(list.begin(), list.end(), i) != list.end();
                if (!ImGui::Checkbox("##f", &fixed)) return false;
                if (fixed) list.push_back(i), std::sort(list.begin(), list.end());
                else list.erase(std::remove(list.begin(), list.end(), i), list.end());
                return true;
            });
            ImGui::PopID();
        }
    }
}

void goal_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    optional_int(
        *doc, "closed_groups", [](Level& l) -> std::optional<int>& { return l.goal.as<Goal>().closed_groups; }, 1, 1,
        level.width() * level.height());
    trace_last_item(app, "closed_groups");
    optional_int(
        *doc, "min_group_size", [](Level& l) -> std::optional<int>& { return l.goal.as<Goal>().min_group_size; },
        std::min(4, level.width() * level.height()), 1, level.width() * level.height());
    trace_last_item(app, "min_group_size");
    edit_field(*doc, "All closed", [](Level& l) { return ImGui::Checkbox("all_closed", &l.goal.as<Goal>().all_closed); });
}

void palette_extras(App&, const Level&) { text_disabled_wrapped("Z / Shift+Z rotates (the hovered tile or the brush)"); }

// Before the analysis: the line groups' trace says "none".
const char* pending_overlay(const OverlayToggles& show) { return show.line_groups ? "line-groups" : nullptr; }

// The overlays of the analysis on the board (the Analysis panel's check boxes say which).
void draw_overlays(const OverlayFrame& f) {
    App& app = f.app;
    const Document& doc = f.doc;
    ImDrawList* list = f.list;
    const BoardView& view = f.view;
    const Analysis* analysis = &f.analysis;
    const OverlayToggles& show = app.settings.overlays;
    const int step = f.step;
    const float thick = f.thick;
    if (!show.line_groups) return;
    int index = 0;
    nlohmann::ordered_json drawn{{"groups", nlohmann::ordered_json::array()}};
    for (const CellGroup& group : analysis->groups) {
        if (app.options.trace) drawn["groups"].push_back({{"cells", cells_json(group.cells)}, {"closed", group.closed}});
        Rgb colour = palette::group_colors[static_cast<std::size_t>(index++) % palette::group_colors.size()];
        for (Cell c : group.cells) {
            ImVec2 p = view.corner(c);
            list->AddRectFilled(p, ImVec2(p.x + view.size, p.y + view.size), to_imu32(colour, 70));
        }
        outline_cells(list, view, group.cells, group.closed ? to_imu32(palette::overlay_closed_group) : to_imu32(colour),
                      group.closed ? thick * 1.5f : thick * 0.75f);
    }
    trace_overlay(app, doc, "line-groups", step, &drawn);
}

// The Analysis panel's legend of the kind's overlays, under the grid's row.
void overlay_legend(App&, OverlayToggles& o) {
    panels::legend_row(&o.line_groups, "line groups", palette::group_colors[0],
                       "Tiles joined by solid connections, one colour per group; closed groups get a white outline.");
    panels::legend_row(&o.solution, "solution", palette::overlay_solution, "The solver's shift sequence, step by step.");
}

}  // namespace lines_parts

const EditorKind lines_editor{
    .draw_value = lines_parts::draw_value,
    .square_tiles = true,
    .draw_margin = lines_parts::draw_margin,
    .fit_ring = lines_parts::fit_ring,
    .palette_extras = lines_parts::palette_extras,
    .draw_overlays = lines_parts::draw_overlays,
    .pending_overlay = lines_parts::pending_overlay,
    .play_hint = "click the arrows beside a row or column",
    .play_canvas = lines_parts::play_canvas,
    .rotate_tile = lines_parts::rotate_tile,
    .wheel_turns_tiles = true,
    .new_level_setup = lines_parts::new_level_setup,
    .rules_fields = lines_parts::rules_fields,
    .goal_fields = lines_parts::goal_fields,
    .overlay_legend = lines_parts::overlay_legend,
};

}  // namespace tilelab::editor
