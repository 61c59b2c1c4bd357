// The properties panel: name, id, size (anchored resize), seed (re-roll), rules and goal of the kind.
// Every field edits through the document's one entry point; a drag or a typed field is one undo step.
#include <algorithm>
#include <cstring>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app.hpp"
#include "edits.hpp"
#include "panels/panels.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {

// Every slider and drag field clamps what is typed into it too (Ctrl+click, double click): the
// format's limits hold however a value is entered (the document clamps again, as a last guard).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
constexpr std::int64_t kZero64 = 0, kMinSum = limits::min_pair_sum, kMaxSum = limits::max_pair_sum;

// Wraps one widget that edits a copy of the level: the widget's activation opens a gesture, its
// changes go into the level, its deactivation closes the gesture (one undo entry).
template <class Widget>
void edit_field(Document& doc, const char* label, Widget&& widget) {
    Level edit = doc.level();
    bool changed = widget(edit);
    if (ImGui::IsItemActivated()) doc.begin_gesture(label);
    if (changed) {
        if (doc.in_gesture()) {
            doc.gesture_level() = edit;
            doc.touched();
        } else {
            doc.change(label, [&](Level& l) { l = edit; });
        }
    }
    if (ImGui::IsItemDeactivated()) doc.end_gesture();
}

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
        edit_field(doc, label, [&](Level& l) { return ImGui::DragInt(label, &*field(l), 0.2f, lo, hi, "%d", ImGuiSliderFlags_AlwaysClamp); });
    } else {
        ImGui::TextDisabled("%s (off)", label);
    }
    ImGui::PopID();
}

}  // namespace

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

    edit_field(*doc, "Seed", [](Level& l) {
        return ImGui::InputScalar("seed", ImGuiDataType_U64, &l.seed);
    });
    trace_last_item(app, "seed");
    ImGui::SameLine();
    if (ImGui::SmallButton("re-roll")) {
        Rng rng(level.seed ^ 0x5eed5eedull);
        std::uint64_t seed = rng.next() % 1000000000ull;
        doc->change("Re-roll seed", [&](Level& l) { l.seed = seed; });
    }

    ImGui::Separator();
    ImGui::TextDisabled("rules");
    if (level.kind == Kind::match3) {
        // Format version 2: matches create specials. On the header's line (and the v2 goals on the
        // goal's), so the Inspector is no taller than before and the Pack panel stays in view.
        ImGui::SameLine(0, 24);
        edit_field(*doc, "Specials", [](Level& l) { return ImGui::Checkbox("specials", &l.rules.specials); });
        trace_last_item(app, "specials");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("matches of 4 or more (and L/T shapes) create special pieces");
    }
    switch (level.kind) {
    case Kind::match3:
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
        break;
    case Kind::link: {
        edit_field(*doc, "Pairing", [](Level& l) {
            int rule = l.rules.pair.rule == Pairing::Rule::sum ? 1 : 0;
            if (!ImGui::Combo("pair", &rule, "equal\0sum\0")) return false;
            l.rules.pair.rule = rule ? Pairing::Rule::sum : Pairing::Rule::equal;
            if (rule && l.rules.pair.sum < limits::min_pair_sum) l.rules.pair.sum = 10;
            return true;
        });
        if (level.rules.pair.rule == Pairing::Rule::sum)
            edit_field(*doc, "Pair sum", [](Level& l) {
                return ImGui::DragScalar("sum", ImGuiDataType_S64, &l.rules.pair.sum, 0.2f, &kMinSum, &kMaxSum, "%lld", kClamp);
            });
        trace_last_item(app, "sum");
        edit_field(*doc, "Max turns", [](Level& l) { return ImGui::SliderInt("max_turns", &l.rules.max_turns, 0, limits::max_turns, "%d", kClamp); });
        trace_last_item(app, "max_turns");
        edit_field(*doc, "Border", [](Level& l) { return ImGui::Checkbox("border", &l.rules.border); });
        break;
    }
    case Kind::lines: {
        ImGui::TextUnformatted("fixed rows / columns:");
        for (int axis = 0; axis < 2; ++axis) {
            int count = axis == 0 ? level.height() : level.width();
            ImGui::TextUnformatted(axis == 0 ? "rows" : "cols");
            for (int i = 0; i < count && i < 32; ++i) {
                ImGui::SameLine();
                ImGui::PushID(axis * 1000 + i);
                edit_field(*doc, "Fixed row/column", [&](Level& l) {
                    std::vector<int>& list = axis == 0 ? l.rules.fixed_rows : l.rules.fixed_cols;
                    bool fixed = std::find(list.begin(), list.end(), i) != list.end();
                    if (!ImGui::Checkbox("##f", &fixed)) return false;
                    if (fixed) list.push_back(i), std::sort(list.begin(), list.end());
                    else list.erase(std::remove(list.begin(), list.end(), i), list.end());
                    return true;
                });
                ImGui::PopID();
            }
        }
        break;
    }
    case Kind::slide:
        edit_field(*doc, "Score rule", [](Level& l) {
            int rule = l.rules.score == SlideScore::pre_merge ? 1 : 0;
            if (!ImGui::Combo("score", &rule, "merged\0pre_merge\0")) return false;
            l.rules.score = rule ? SlideScore::pre_merge : SlideScore::merged;
            return true;
        });
        // No spawns (format version 3, docs/slide.md "Puzzles"): the board is the start, no tile
        // appears after a move; start_tiles is then 0. The file is written as version 3.
        edit_field(*doc, "No spawns", [](Level& l) {
            bool none = l.rules.spawn.empty();
            if (!ImGui::Checkbox("no spawns (puzzle)", &none)) return false;
            if (none) {
                l.rules.spawn.clear();
                l.rules.start_tiles.reset();
            } else {
                l.rules.spawn = Rules{}.spawn;
            }
            return true;
        });
        trace_last_item(app, "no-spawns");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("a fixed puzzle: no tile appears after a move or at the start (format version 3)");
        if (!level.rules.spawn.empty()) {
            optional_int(*doc, "start_tiles", [](Level& l) -> std::optional<int>& { return l.rules.start_tiles; },
                         std::min(2, level.width() * level.height()), 0, level.width() * level.height());
            trace_last_item(app, "start_tiles");
        }
        for (std::size_t i = 0; i < level.rules.spawn.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            ImGui::Text("spawn %d", level.rules.spawn[i].first);
            ImGui::SameLine();
            ImGui::SetNextItemWidth(100);
            edit_field(*doc, "Spawn weight", [&](Level& l) {
                return ImGui::DragInt("weight", &l.rules.spawn[i].second, 0.2f, 1, limits::max_spawn_weight, "%d", kClamp);
            });
            trace_last_item(app, ("spawn-weight-" + std::to_string(i)).c_str());
            ImGui::PopID();
        }
        break;
    }

    ImGui::Separator();
    ImGui::TextDisabled("goal");
    if (level.kind == Kind::match3) {
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
    optional_int(*doc, "moves", [](Level& l) -> std::optional<int>& { return l.goal.moves; }, 20, 1, limits::max_moves);
    trace_last_item(app, "moves");
    switch (level.kind) {
    case Kind::match3: {
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
        break;
    }
    case Kind::link:
        edit_field(*doc, "Clear goal", [](Level& l) { return ImGui::Checkbox("clear the board", &l.goal.clear); });
        break;
    case Kind::lines:
        optional_int(*doc, "closed_groups", [](Level& l) -> std::optional<int>& { return l.goal.closed_groups; }, 1, 1, level.width() * level.height());
        trace_last_item(app, "closed_groups");
        optional_int(*doc, "min_group_size", [](Level& l) -> std::optional<int>& { return l.goal.min_group_size; },
                     std::min(4, level.width() * level.height()), 1, level.width() * level.height());
        trace_last_item(app, "min_group_size");
        edit_field(*doc, "All closed", [](Level& l) { return ImGui::Checkbox("all_closed", &l.goal.all_closed); });
        break;
    case Kind::slide:
        edit_field(*doc, "Target", [](Level& l) {
            int log2 = 1;
            while ((1 << log2) < l.goal.target && log2 < 30) ++log2;
            if (!ImGui::SliderInt("target", &log2, 2, 30, std::to_string(1 << std::clamp(log2, 2, 30)).c_str(), kClamp)) return false;
            l.goal.target = 1 << log2;
            return true;
        });
        trace_last_item(app, "target");
        break;
    }
    ImGui::PopItemWidth();
}

}  // namespace tilelab::editor::panels
