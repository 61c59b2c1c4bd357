// slide in the editor (editor/kinds/table.hpp): its rules and goal in Properties, the arrow keys in play-test, a 256 target on a new
// board too small for 2048.
#include <SDL.h>

#include <algorithm>
#include <bit>

#include <utility>

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
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace slide_parts {  // named: the editor is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = slide::Rules;
using Goal = slide::Goal;

using panels::edit_field;
using panels::kClamp;
using panels::kZero64;
using panels::optional_int;

void draw_value(ImDrawList* list, const Level&, std::int32_t value, const CellBox& box) {
    if (!cell::is_value(value)) return;
    std::string text = std::to_string(value);
    float height = box.size * (text.size() <= 2 ? 0.5f : text.size() == 3 ? 0.4f : 0.3f);
    draw_centred_text(list, text.c_str(), box.centre, height,
                      palette::slide_dark_text(value) ? IM_COL32(90, 80, 70, 255) : IM_COL32(255, 255, 255, 255));
}

void play_canvas(App&, const PlayCanvas&) {}  // moves are keys

void play_keys(App& app) {
    if (ImGui::GetIO().WantTextInput) return;
    const std::pair<int, Direction> keys[] = {{SDL_SCANCODE_UP, Direction::up},
                                              {SDL_SCANCODE_DOWN, Direction::down},
                                              {SDL_SCANCODE_LEFT, Direction::left},
                                              {SDL_SCANCODE_RIGHT, Direction::right}};
    for (auto [code, direction] : keys)
        if (ImGui::IsKeyPressed(code, false) && !app.play.job) panels::play_move(app, direction);
}

void new_level_setup(Level& level, const NewLevelDialog& d) {
    if (d.width * d.height < 16) level.goal.as<Goal>().target = 256;
}

void rules_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    edit_field(*doc, "Score rule", [](Level& l) {
        slide::SlideScore& score = l.rules.as<Rules>().score;
        int rule = score == slide::SlideScore::pre_merge ? 1 : 0;
        if (!ImGui::Combo("score", &rule, "merged\0pre_merge\0")) return false;
        score = rule ? slide::SlideScore::pre_merge : slide::SlideScore::merged;
        return true;
    });
    // No spawns (format version 3, docs/slide.md "Puzzles"): the board is the start, no tile
    // appears after a move; start_tiles is then 0. The file is written as version 3.
    edit_field(*doc, "No spawns", [](Level& l) {
        Rules& rules = l.rules.as<Rules>();
        bool none = rules.spawn.empty();
        if (!ImGui::Checkbox("no spawns (puzzle)", &none)) return false;
        if (none) {
            rules.spawn.clear();
            rules.start_tiles.reset();
        } else {
            rules.spawn = Rules{}.spawn;
        }
        return true;
    });
    trace_last_item(app, "no-spawns");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("a fixed puzzle: no tile appears after a move or at the start (format version 3)");
    const Rules& rules = level.rules.as<Rules>();
    if (!rules.spawn.empty()) {
        optional_int(
            *doc, "start_tiles", [](Level& l) -> std::optional<int>& { return l.rules.as<Rules>().start_tiles; },
            std::min(2, level.width() * level.height()), 0, level.width() * level.height());
        trace_last_item(app, "start_tiles");
    }
    for (std::size_t i = 0; i < rules.spawn.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::Text("spawn %d", rules.spawn[i].first);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(100);
        edit_field(*doc, "Spawn weight", [&](Level& l) {
            return ImGui::DragInt("weight", &l.rules.as<Rules>().spawn[i].second, 0.2f, 1, limits::max_spawn_weight, "%d",
                                  kClamp);
        });
        trace_last_item(app, ("spawn-weight-" + std::to_string(i)).c_str());
        ImGui::PopID();
    }
}

void goal_fields(App& app, Document& document) {
    Document* doc = &document;
    edit_field(*doc, "Target", [](Level& l) {
        int& target = l.goal.as<Goal>().target;
        int log2 = 1;
        while ((1 << log2) < target && log2 < 30) ++log2;
        if (!ImGui::SliderInt("target", &log2, 2, 30, std::to_string(1 << std::clamp(log2, 2, 30)).c_str(), kClamp)) return false;
        target = 1 << log2;
        return true;
    });
    trace_last_item(app, "target");
}

void palette_extras(App& app, const Level& level) {
    // Tiles past the palette's 2048 (a 4096 start tile, a 65536 target's board): any power of
    // two up to the format's limit; a typed value is taken down to a power of two.
    int& value = app.brush.value[static_cast<std::size_t>(level.kind)];
    int typed = value >= 2 ? value : 2;
    ImGui::SetNextItemWidth(90);
    if (ImGui::InputInt("##slide-value", &typed, 0, 0)) {
        typed = std::clamp(typed, 2, limits::max_tile);
        value = static_cast<int>(std::bit_floor(static_cast<unsigned>(typed)));
        app.brush.target = PaintTarget::board;
    }
    trace_last_item(app, "slide-value");
    ImGui::SameLine(0, 4);
    if (ImGui::SmallButton("/2") && value > 2) value /= 2;
    ImGui::SameLine(0, 4);
    if (ImGui::SmallButton("x2") && value >= 2 && value < limits::max_tile) value = value < 2 ? 2 : value * 2;
    ImGui::SameLine();
    ImGui::TextUnformatted("tile");
}

// The overlays of the analysis on the board (the Analysis panel's check boxes say which).
void draw_overlays(const OverlayFrame& f) {
    App& app = f.app;
    const Document& doc = f.doc;
    ImDrawList* list = f.list;
    const BoardView& view = f.view;
    const Analysis* analysis = &f.analysis;
    const OverlayToggles& show = app.settings.overlays;
    const Level& level = doc.level();
    if (!show.slide_legal) return;
    float w = static_cast<float>(level.width()) * view.size, h = static_cast<float>(level.height()) * view.size;
    ImVec2 o = view.origin;
    float gap = std::max(6.0f, view.size * 0.25f), s = std::max(2.0f, view.size * 0.08f);
    const ImVec2 mids[4][2] = {
        {ImVec2(o.x + w / 2, o.y - gap * 0.3f), ImVec2(o.x + w / 2, o.y - gap * 1.6f)},          // up
        {ImVec2(o.x + w / 2, o.y + h + gap * 0.3f), ImVec2(o.x + w / 2, o.y + h + gap * 1.6f)},  // down
        {ImVec2(o.x - gap * 0.3f, o.y + h / 2), ImVec2(o.x - gap * 1.6f, o.y + h / 2)},          // left
        {ImVec2(o.x + w + gap * 0.3f, o.y + h / 2), ImVec2(o.x + w + gap * 1.6f, o.y + h / 2)},  // right
    };
    for (int d = 0; d < 4; ++d)
        arrow(list, mids[d][0], mids[d][1],
              analysis->legal[static_cast<std::size_t>(d)] ? IM_COL32(80, 230, 80, 255) : IM_COL32(150, 50, 50, 255), s, false);
    // The tiles the game spawns at level start (start_tiles, from the seed): ghosts over the
    // empty cells they land on, so the designer sees the board the player gets.
    for (const auto& [c, value] : analysis->start_spawns) {
        ImVec2 p = view.corner(c);
        float inset = view.size * 0.12f;
        list->AddRect(ImVec2(p.x + inset, p.y + inset), ImVec2(p.x + view.size - inset, p.y + view.size - inset),
                      to_imu32(palette::overlay_start_spawn), view.size * 0.1f, 0, std::max(1.5f, view.size * 0.04f));
        draw_centred_text(list, std::to_string(value).c_str(), view.centre(c), view.size * 0.32f,
                          to_imu32(palette::overlay_start_spawn));
    }
}

// The Analysis panel's legend of the kind's overlays, under the grid's row.
void overlay_legend(App&, OverlayToggles& o) {
    panels::legend_row(&o.slide_legal, "legal directions", Rgb{80, 230, 80},
                       "Arrows outside the board: green when the move is legal, red when it moves nothing.");
    ImGui::SameLine();
    ImGui::ColorButton("##spawns",
                       ImVec4(palette::overlay_start_spawn.r / 255.0f, palette::overlay_start_spawn.g / 255.0f,
                              palette::overlay_start_spawn.b / 255.0f, 1.0f),
                       ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
    ImGui::SameLine();
    ImGui::TextUnformatted("start spawns");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Outlined numbers: the tiles the game spawns at level start (start_tiles, drawn from the seed).\n"
            "They show with the legal directions.");
}

// The legal-direction arrows stand half a cell outside the board on each side (not while
// play-testing): the camera fits them too.
float fit_ring(const Level&, const OverlayToggles& show, bool playing) { return !playing && show.slide_legal ? 1.0f : 0.0f; }

}  // namespace slide_parts

const EditorKind slide_editor{
    .draw_value = slide_parts::draw_value,
    .fit_ring = slide_parts::fit_ring,
    .palette_extras = slide_parts::palette_extras,
    .draw_overlays = slide_parts::draw_overlays,
    .play_hint = "arrow keys slide the tiles",
    .play_canvas = slide_parts::play_canvas,
    .play_keys = slide_parts::play_keys,
    .new_level_setup = slide_parts::new_level_setup,
    .rules_fields = slide_parts::rules_fields,
    .goal_fields = slide_parts::goal_fields,
    .overlay_legend = slide_parts::overlay_legend,
    .live_bot = "quick",
};

}  // namespace tilelab::editor
