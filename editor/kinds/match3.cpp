// match3 in the editor (editor/kinds/table.hpp): its rules and goal in Properties, swaps in play-test, the jelly and lock layers, the
// number of colours of a new level.
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

namespace match3_parts {  // named: the editor is a unity build

// The kind's own rules and goal (tilelab::Rules and Goal hold a level's of any kind).
using Rules = match3::Rules;
using Goal = match3::Goal;

using panels::edit_field;
using panels::kClamp;
using panels::kZero64;
using panels::optional_int;

// Stripes of a line special: three bars across the cell in the line's direction (horizontal for
// `h`, which clears its row; vertical for `v`), white with a dark edge so they show on every
// colour; the middle one is split around the glyph so the cell's centre keeps the piece's colour.
void draw_stripes(ImDrawList* list, ImVec2 a, ImVec2 b, float size, bool horizontal) {
    const float t = std::max(1.5f, size * 0.07f), edge = std::max(1.0f, size * 0.025f);
    const float inset = size * 0.08f;
    for (float f : {0.16f, 0.84f}) {
        ImVec2 q0, q1;
        if (horizontal) {
            float y = a.y + (b.y - a.y) * f;
            q0 = ImVec2(a.x + inset, y - t / 2), q1 = ImVec2(b.x - inset, y + t / 2);
        } else {
            float x = a.x + (b.x - a.x) * f;
            q0 = ImVec2(x - t / 2, a.y + inset), q1 = ImVec2(x + t / 2, b.y - inset);
        }
        list->AddRectFilled(ImVec2(q0.x - edge, q0.y - edge), ImVec2(q1.x + edge, q1.y + edge), dark_edge());
        list->AddRectFilled(q0, q1, to_imu32(palette::special_ink));
    }
    // Short arrow tips at both ends of the middle line, along the direction it clears.
    ImVec2 c((a.x + b.x) / 2, (a.y + b.y) / 2);
    const float s = size * 0.09f;
    auto tip = [&](float dx, float dy) {
        ImVec2 p(c.x + dx * size * 0.42f, c.y + dy * size * 0.42f);
        ImVec2 p1(p.x - dx * s - dy * s, p.y - dy * s - dx * s), p2(p.x - dx * s + dy * s, p.y - dy * s + dx * s);
        list->AddTriangleFilled(p, p1, p2, to_imu32(palette::special_ink));
        list->AddTriangle(p, p1, p2, dark_edge(), edge);
    };
    if (horizontal) tip(-1, 0), tip(1, 0);
    else tip(0, -1), tip(0, 1);
}

// The bomb: a thick white ring with dark edges around the glyph.
void draw_ring(ImDrawList* list, ImVec2 centre, float size) {
    const float r = size * 0.41f, t = std::max(2.0f, size * 0.08f);
    const int segments = size < 16 ? 12 : 32;
    list->AddCircle(centre, r, dark_edge(), segments, t + std::max(2.0f, size * 0.05f));
    list->AddCircle(centre, r, to_imu32(palette::special_ink), segments, t);
}

// The colour bomb: a disc of six coloured sectors (every hue, so it reads as "any colour"), a dark
// star of spokes between them and a white hub.
void draw_color_bomb(ImDrawList* list, ImVec2 centre, float size) {
    const float r = size * 0.38f;
    const int sectors = 6;
    for (int i = 0; i < sectors; ++i) {
        float a0 = -1.5707963f + 6.2831853f * static_cast<float>(i) / sectors;
        float a1 = -1.5707963f + 6.2831853f * static_cast<float>(i + 1) / sectors;
        list->PathLineTo(centre);
        list->PathArcTo(centre, r, a0, a1, size < 16 ? 3 : 8);
        list->PathFillConvex(to_imu32(palette::match3_colors[static_cast<std::size_t>(i)]));
    }
    list->AddCircle(centre, r, IM_COL32(240, 240, 240, 255), size < 16 ? 12 : 32, std::max(1.0f, size * 0.04f));
    list->AddCircleFilled(centre, r * 0.28f, IM_COL32(250, 250, 250, 255), 12);
    list->AddCircle(centre, r * 0.28f, dark_edge(), 12, std::max(1.0f, size * 0.03f));
}

// The ingredient: a brown acorn (round nut, darker cap, stem) on the empty cell.
void draw_ingredient(ImDrawList* list, ImVec2 centre, float size) {
    const float r = size * 0.27f;
    ImVec2 nut(centre.x, centre.y + size * 0.07f);
    list->AddCircleFilled(nut, r, to_imu32(palette::ingredient), 24);
    list->AddCircle(nut, r, dark_edge(), 24, std::max(1.0f, size * 0.03f));
    // The cap: a flat dome over the top of the nut.
    ImVec2 c0(centre.x - r * 1.1f, nut.y - r * 0.55f), c1(centre.x + r * 1.1f, nut.y - r * 0.15f);
    list->AddRectFilled(ImVec2(c0.x, c0.y - r * 0.35f), c1, to_imu32(palette::ingredient_cap), r * 0.4f);
    list->AddRect(ImVec2(c0.x, c0.y - r * 0.35f), c1, dark_edge(), r * 0.4f, 0, std::max(1.0f, size * 0.03f));
    // The stem.
    list->AddLine(ImVec2(centre.x, c0.y - r * 0.35f), ImVec2(centre.x + r * 0.25f, c0.y - r * 0.8f),
                  to_imu32(palette::ingredient_cap), std::max(1.5f, size * 0.06f));
}

// A crate: a wooden box (frame and a diagonal plank) with its hit points as a number in a light disc.
void draw_crate(ImDrawList* list, ImVec2 a, ImVec2 b, float size, int hp) {
    const float inset = size * 0.1f, t = std::max(1.0f, size * 0.06f);
    ImVec2 i0(a.x + inset, a.y + inset), i1(b.x - inset, b.y - inset);
    ImU32 ink = to_imu32(palette::crate_ink);
    list->AddRect(i0, i1, ink, 0.0f, 0, t);
    list->AddLine(i0, i1, ink, t);
    list->AddLine(ImVec2(i0.x, i1.y), ImVec2(i1.x, i0.y), ink, t);
    if (size < 10) return;
    ImVec2 c((a.x + b.x) / 2, (a.y + b.y) / 2);
    list->AddCircleFilled(c, size * 0.2f, IM_COL32(250, 240, 220, 255), 20);
    list->AddCircle(c, size * 0.2f, ink, 20, std::max(1.0f, size * 0.03f));
    draw_centred_text(list, std::to_string(hp).c_str(), c, std::max(8.0f, size * 0.34f), ink);
}

void draw_value(ImDrawList* list, const Level&, std::int32_t value, const CellBox& box) {
    if (value == cell::color_bomb) {
        draw_color_bomb(list, box.centre, box.size);
    } else if (value == cell::ingredient) {
        draw_ingredient(list, box.centre, box.size);
    } else if (cell::is_crate(value)) {
        draw_crate(list, box.a, box.b, box.size, cell::crate_hp(value));
    } else if (cell::is_value(value)) {
        draw_glyph(list, value, box.centre, box.size * 0.3f, IM_COL32(20, 20, 20, 200), std::max(1.0f, box.size * 0.05f));
        switch (cell::special_of(value)) {
        case cell::line_h:
            draw_stripes(list, box.a, box.b, box.size, true);
            break;
        case cell::line_v:
            draw_stripes(list, box.a, box.b, box.size, false);
            break;
        case cell::bomb:
            draw_ring(list, box.centre, box.size);
            break;
        default:
            break;
        }
    }
}

// Ingredients (on the board or in the goal) leave at the exits, drawn under the board.
bool has_exits(const Level& level) {
    if (level.goal.as<Goal>().ingredients) return true;
    return std::find(level.board.cells.begin(), level.board.cells.end(), cell::ingredient) != level.board.cells.end();
}

void play_canvas(App& app, const PlayCanvas& canvas) { play_two_cells(app, canvas, orthogonal_neighbours, true); }

void new_level_fields(App& app, NewLevelDialog& d) {
    ImGui::SliderInt("colours", &d.colors, limits::min_colors, limits::max_colors, "%d", ImGuiSliderFlags_AlwaysClamp);
    trace_last_item(app, "new-level-colors");
}

void new_level_setup(Level& level, const NewLevelDialog& d) { level.rules.as<Rules>().colors = d.colors; }

void rules_header(App& app, Document& document) {
    Document* doc = &document;
    // Format version 2: matches create specials. On the header's line (and the v2 goals on the
    // goal's), so the Inspector is no taller than before and the Pack panel stays in view.
    ImGui::SameLine(0, 24);
    edit_field(*doc, "Specials", [](Level& l) { return ImGui::Checkbox("specials", &l.rules.as<Rules>().specials); });
    trace_last_item(app, "specials");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("matches of 4 or more (and L/T shapes) create special pieces");
}

void rules_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    // Never below the colours painted on the board (the level would not load): the document
    // stops the value there, and the tooltip says why.
    edit_field(*doc, "Colours", [](Level& l) {
        return ImGui::SliderInt("colors", &l.rules.as<Rules>().colors, limits::min_colors, limits::max_colors, "%d", kClamp);
    });
    trace_last_item(app, "colors");
    if (ImGui::IsItemHovered() && lowest_colors(level) > limits::min_colors)
        ImGui::SetTooltip("colours %d..%d: colour %d is on the board", lowest_colors(level), limits::max_colors,
                          lowest_colors(level) - 1);
    edit_field(*doc, "Min match", [](Level& l) {
        return ImGui::SliderInt("min_match", &l.rules.as<Rules>().min_match, limits::min_min_match, limits::max_min_match, "%d",
                                kClamp);
    });
    trace_last_item(app, "min_match");
    edit_field(*doc, "Score per piece", [](Level& l) {
        return ImGui::DragInt("score_per_piece", &l.rules.as<Rules>().score_per_piece, 1, 0, limits::max_score_per_piece, "%d",
                              kClamp);
    });
    trace_last_item(app, "score_per_piece");
    // Format version 2 (docs/match3.md): the refill's weights per colour (specials: on the rules line).
    const Rules& rules = level.rules.as<Rules>();
    if (rules.spawn_weights.empty()) {
        ImGui::TextDisabled("spawn weights: all equal");
        ImGui::SameLine();
        if (ImGui::SmallButton("set weights")) {
            const int colors = rules.colors;
            doc->change("Spawn weights",
                        [&](Level& l) { l.rules.as<Rules>().spawn_weights.assign(static_cast<std::size_t>(colors), 1); });
        }
        trace_last_item(app, "spawn-weights-set");
    } else {
        ImGui::TextUnformatted("spawn weights");
        ImGui::SameLine();
        if (ImGui::SmallButton("all equal"))
            doc->change("Spawn weights: all equal", [](Level& l) { l.rules.as<Rules>().spawn_weights.clear(); });
        trace_last_item(app, "spawn-weights-equal");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("remove the weights: every colour is drawn equally often");
        for (std::size_t i = 0; i < rules.spawn_weights.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (i % 4 != 0) ImGui::SameLine();
            ImGui::SetNextItemWidth(58);
            edit_field(*doc, "Spawn weight", [&](Level& l) {
                std::vector<int>& weights = l.rules.as<Rules>().spawn_weights;
                if (i >= weights.size()) return false;
                int& w = weights[i];
                const int old = w;
                if (!ImGui::DragInt(("##w" + std::to_string(i)).c_str(), &w, 0.2f, 0, limits::max_spawn_weight, "%d", kClamp))
                    return false;
                // Never all 0 (the reader refuses it): the last weight above 0 stays at least 1.
                if (w == 0 && std::all_of(weights.begin(), weights.end(), [](int x) { return x == 0; })) w = 1;
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
        ImGui::BeginDisabled(!crates && !level.goal.as<Goal>().crates);
        edit_field(*doc, "Crates goal", [](Level& l) { return ImGui::Checkbox("crates", &l.goal.as<Goal>().crates); });
        trace_last_item(app, "goal-crates");
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip(crates ? "the goal: clear every crate" : "the board has no crate: paint one (c1..c5) first");
        const int on_board = ingredients_on_board(level);
        ImGui::SameLine();
        ImGui::BeginDisabled(on_board == 0);
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Ingredients goal", [on_board](Level& l) {
            int n = l.goal.as<Goal>().ingredients.value_or(0);
            if (!ImGui::SliderInt("ingredients", &n, 0, std::max(on_board, 0), n == 0 ? "%d (off)" : "%d", kClamp)) return false;
            n = std::clamp(n, 0, on_board);
            if (n == 0) l.goal.as<Goal>().ingredients.reset();
            else l.goal.as<Goal>().ingredients = n;
            return true;
        });
        trace_last_item(app, "goal-ingredients");
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip(on_board == 0 ? "the board has no ingredient: paint one (@) first"
                                            : "ingredients to collect at the exits: 0 (off) to %d, the @ on the board",
                              on_board);
    }
}

void goal_fields(App& app, Document& document) {
    Document* doc = &document;
    const Level& level = document.level();
    Level probe = level;
    bool on = probe.goal.as<Goal>().score.has_value();
    edit_field(*doc, "Score goal", [](Level& l) {
        std::optional<std::int64_t>& score = l.goal.as<Goal>().score;
        bool enabled = score.has_value();
        if (!ImGui::Checkbox("##score_on", &enabled)) return false;
        score = enabled ? std::optional<std::int64_t>(3000) : std::nullopt;
        return true;
    });
    trace_last_item(app, "goal-score-on");
    ImGui::SameLine();
    if (on) {
        edit_field(*doc, "Score goal", [](Level& l) {
            return ImGui::DragScalar("score", ImGuiDataType_S64, &*l.goal.as<Goal>().score, 10.0f, &kZero64,
                                     &limits::max_score_goal, "%lld", kClamp);
        });
        trace_last_item(app, "score");
    } else ImGui::TextDisabled("score (off)");
    edit_field(*doc, "Jelly goal", [](Level& l) { return ImGui::Checkbox("clear all jelly", &l.goal.as<Goal>().jelly); });
    trace_last_item(app, "goal-jelly");
    ImGui::SameLine();  // short rows: the Pack panel below stays in view in a 720-pixel window
    if (ImGui::SmallButton("+ collect"))
        doc->change("Add collect goal", [](Level& l) { l.goal.as<Goal>().collect.push_back({0, 15}); });
    for (std::size_t i = 0; i < level.goal.as<Goal>().collect.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Collect", [&](Level& l) {
            return ImGui::SliderInt("colour", &l.goal.as<Goal>().collect[i].color, 0, std::max(0, l.rules.as<Rules>().colors - 1),
                                    "%d", kClamp);
        });
        trace_last_item(app, ("collect-colour-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(70);
        edit_field(*doc, "Collect", [&](Level& l) {
            return ImGui::DragInt("count", &l.goal.as<Goal>().collect[i].count, 0.2f, 1, limits::max_collect_count, "%d", kClamp);
        });
        trace_last_item(app, ("collect-count-" + std::to_string(i)).c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("x"))
            doc->change("Remove collect goal", [&](Level& l) {
                std::vector<match3::CollectGoal>& collect = l.goal.as<Goal>().collect;
                collect.erase(collect.begin() + static_cast<long>(i));
            });
        ImGui::PopID();
    }
}

// The jelly and lock swatches, and the layers list (show / hide, lock).
void palette_extras(App& app, const Level& level) {
    ImGui::TextUnformatted("Jelly layers (J)");
    for (int layers = 0; layers <= 3; ++layers) {
        if (layers) ImGui::SameLine(0, 4);
        bool selected = app.brush.target == PaintTarget::jelly && app.brush.jelly == layers;
        std::string tip = layers == 0 ? "remove jelly" : std::to_string(layers) + " layer(s) of jelly";
        if (panels::palette_swatch(app, level, cell::empty, selected, tip.c_str(), layers)) {
            app.brush.target = PaintTarget::jelly;
            app.brush.jelly = layers;
            if (app.tool != Tool::bucket && app.tool != Tool::rect) app.tool = Tool::brush;
        }
    }
    // The lock layer (format version 2), like jelly: lock, or unlock. A lock goes only on a
    // piece, special or colour bomb; the brush skips other cells and says why.
    ImGui::TextUnformatted("Lock layer (L)");
    for (int locked = 1; locked >= 0; --locked) {
        if (locked == 0) ImGui::SameLine(0, 4);
        bool selected = app.brush.target == PaintTarget::lock && app.brush.lock == locked;
        const char* tip = locked ? "lock: a locked piece, special or colour bomb cannot be swapped and does not fall"
                                 : "remove locks";
        if (panels::palette_swatch(app, level, locked ? 0 : cell::empty, selected, tip, 0, locked)) {
            app.brush.target = PaintTarget::lock;
            app.brush.lock = locked;
            if (app.tool != Tool::bucket && app.tool != Tool::rect) app.tool = Tool::brush;
        }
        trace_last_item(app, locked ? "palette-lock" : "palette-unlock");
    }

    // Layers, as in Tiled: show / hide on the canvas, lock against painting; a click on the
    // name paints that layer (as J and L do).
    ImGui::Separator();
    ImGui::TextUnformatted("Layers");
    const std::pair<PaintTarget, const char*> rows[] = {
        {PaintTarget::board, "board"}, {PaintTarget::jelly, "jelly"}, {PaintTarget::lock, "locks"}};
    for (const auto& [target, name] : rows) {
        ImGui::PushID(name);
        App::LayerState& state = app.layer(target);
        if (target != PaintTarget::board) {
            if (ImGui::Checkbox("show", &state.visible))
                app.status(std::string(name) + (state.visible ? " shown" : " hidden (Layers: tick show to see it)"));
            trace_last_item(app, (std::string("layer-") + name + "-show").c_str());
            ImGui::SameLine();
        } else {
            ImGui::Dummy(
                ImVec2(ImGui::GetFrameHeight() + ImGui::CalcTextSize("show").x + ImGui::GetStyle().ItemInnerSpacing.x, 0));
            ImGui::SameLine();
        }
        if (ImGui::Checkbox("lock", &state.locked))
            app.status(std::string(name) + (state.locked ? " locked: no painting on it" : " unlocked"));
        trace_last_item(app, (std::string("layer-") + name + "-lock").c_str());
        ImGui::SameLine();
        if (ImGui::Selectable(name, app.brush.target == target)) app.brush.target = target;
        ImGui::PopID();
    }
}

// The format version 2 items start a section of their own, and * @ and the crates a new row.
const char* palette_section(std::int32_t value, bool started) {
    if (!started && (cell::is_special(value) || value == cell::color_bomb)) return "h v b, * @ crates";
    return value == cell::color_bomb ? "" : nullptr;
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
    const int step = f.step;
    const float thick = f.thick;
    const ImVec2 mouse = f.mouse;
    const bool mouse_in = f.mouse_in;
    // The piece each ? cell draws from the seed, small in its corner: the hints and groups
    // are those of this drawn board (as `tilelab analyze` says), so the designer sees why.
    if (show.match_groups || show.hint_swaps)
        for (const auto& [c, colour] : analysis->start_spawns) {
            if (!cell::is_value(colour)) continue;
            ImVec2 p = view.corner(c);
            ImVec2 centre(p.x + view.size * 0.78f, p.y + view.size * 0.78f);
            const float r = view.size * 0.14f;
            list->AddCircleFilled(centre, r * 1.35f, to_imu32(palette::cell_fill(level, colour)), 16);
            draw_glyph(list, colour, centre, r * 0.8f, IM_COL32(20, 20, 20, 220), std::max(1.0f, view.size * 0.025f));
        }
    if (show.match_groups)
        for (const CellGroup& group : analysis->groups)
            outline_cells(list, view, group.cells, to_imu32(palette::overlay_match_group), thick);
    if (show.hint_swaps) {
        const HintSwap* hovered_hint = nullptr;
        nlohmann::ordered_json drawn{{"hints", nlohmann::ordered_json::array()}};
        // Format version 2: what each hint creates, drawn small on its cell (top-left corner),
        // after every arrow so no arrow hides one; a combo's arrow carries a star at its middle.
        std::vector<std::pair<Cell, std::int32_t>> markers;
        for (const HintSwap& hint : analysis->hints) {
            ImVec2 a = view.centre(hint.a), b = view.centre(hint.b);
            // Shortened so the arrow sits between the two pieces, not over their glyphs.
            ImVec2 from(a.x + (b.x - a.x) * 0.2f, a.y + (b.y - a.y) * 0.2f);
            ImVec2 to(a.x + (b.x - a.x) * 0.8f, a.y + (b.y - a.y) * 0.8f);
            arrow(list, from, to, to_imu32(palette::overlay_hint), std::max(1.5f, view.size * 0.05f), true);
            if (hint.combo) draw_combo_star(list, ImVec2((a.x + b.x) / 2, (a.y + b.y) / 2), view.size * 0.17f);
            if (mouse_in && distance_to_segment(mouse, from, to) < view.size * 0.2f) hovered_hint = &hint;
            for (const auto& created : hint.creates) markers.push_back(created);
            if (app.options.trace) {
                nlohmann::ordered_json creates = nlohmann::ordered_json::array();
                for (const auto& [c, v] : hint.creates)
                    creates.push_back({{"cell", cell_json(c)}, {"token", cell_token(level.kind, v)}});
                drawn["hints"].push_back({{"swap", nlohmann::ordered_json::array({cell_json(hint.a), cell_json(hint.b)})},
                                          {"creates", creates},
                                          {"combo", hint.combo}});
            }
        }
        if (hovered_hint) {
            // The first step's whole clear set: the runs' cells and every area a special fires.
            for (Cell c : hovered_hint->clears) {
                ImVec2 p = view.corner(c);
                list->AddRectFilled(p, ImVec2(p.x + view.size, p.y + view.size), to_imu32(palette::overlay_hint, 90));
            }
            outline_cells(list, view, hovered_hint->clears, to_imu32(palette::overlay_hint), thick);
        }
        if (view.size >= 12) {
            // Two hints creating different specials on one cell: side by side along its top edge.
            std::map<Cell, std::vector<std::int32_t>> on_cell;
            for (const auto& [c, v] : markers) {
                std::vector<std::int32_t>& list_here = on_cell[c];
                if (std::find(list_here.begin(), list_here.end(), v) == list_here.end()) list_here.push_back(v);
            }
            const float m = std::max(8.0f, view.size * 0.36f);
            for (const auto& [c, values] : on_cell) {
                ImVec2 p = view.corner(c);
                for (std::size_t i = 0; i < values.size() && i < 2; ++i)
                    draw_item_marker(list, level, values[i],
                                     ImVec2(p.x + m * (0.5f + static_cast<float>(i) * 1.15f) + 2, p.y + m * 0.5f + 2), m);
            }
        }
        trace_overlay(app, doc, "hint-swaps", step, &drawn);
    }
}

// The Analysis panel's legend of the kind's overlays, under the grid's row.
void overlay_legend(App&, OverlayToggles& o) {
    panels::legend_row(&o.match_groups, "match groups", palette::overlay_match_group,
                       "Runs on the board as painted (they resolve before the first move), outlined.");
    panels::legend_row(&o.hint_swaps, "hint swaps", palette::overlay_hint,
                       "Every legal swap as a double arrow; hover one to see what its first step clears.");
}

}  // namespace match3_parts

const EditorKind match3_editor{
    .draw_value = match3_parts::draw_value,
    .has_exits = match3_parts::has_exits,
    .palette_section = match3_parts::palette_section,
    .palette_extras = match3_parts::palette_extras,
    .draw_overlays = match3_parts::draw_overlays,
    .play_hint = "swap: drag a piece onto a neighbour, or click both",
    .play_canvas = match3_parts::play_canvas,
    .new_level_fields = match3_parts::new_level_fields,
    .new_level_setup = match3_parts::new_level_setup,
    .rules_header = match3_parts::rules_header,
    .rules_fields = match3_parts::rules_fields,
    .goal_header = match3_parts::goal_header,
    .goal_fields = match3_parts::goal_fields,
    .overlay_legend = match3_parts::overlay_legend,
    .fill_random_cells = true,
};

}  // namespace tilelab::editor
