// The tools panel: tool buttons with tooltips, the kind's palette, and the generator fill.
#include <algorithm>
#include <bit>
#include <string>

#include "app.hpp"
#include "kinds/table.hpp"
#include "edits.hpp"
#include "painters.hpp"
#include "panels/panels.hpp"
#include "text_fit.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {

struct ToolButton {
    Tool tool;
    const char* label;
    const char* tip;
};
constexpr ToolButton tool_buttons[] = {
    {Tool::brush, "Brush (B)", "Paint cells with the palette entry; one stroke is one undo step."},
    {Tool::eraser, "Eraser (E)", "Make cells empty (or remove jelly when painting jelly)."},
    {Tool::bucket, "Fill (F)", "Fill the connected cells that hold the same value."},
    {Tool::rect, "Rect (R)", "Drag a rectangle and fill it."},
    {Tool::picker, "Pick (I)", "Take the value under the mouse into the brush (right click does it too)."},
    {Tool::select, "Select (S)", "Drag a selection rectangle (for Fill from generator, Delete)."},
    {Tool::pair, "Pair (P)", "Link: place a value, then its partner on a second cell."},
    {Tool::stamp, "Stamp (T)", "Paint the chosen stamp (Stamps below: made from a selection) with its top-left at the cell."},
};

}  // namespace

// A palette swatch drawn with the canvas' own painter, so the palette shows what the board shows.
bool palette_swatch(App& app, const Level& level, std::int32_t value, bool selected, const char* tip, int jelly, int lock) {
    ImGui::PushID(static_cast<int>(value) * 31 + jelly + (lock + 1) * 1000003);
    ImVec2 p = ImGui::GetCursorScreenPos();
    float size = 34;
    bool clicked = ImGui::InvisibleButton("swatch", ImVec2(size, size));
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(p, ImVec2(p.x + size, p.y + size), to_imu32(palette::canvas_background));
    draw_cell(list, level, jelly > 0 ? cell::empty : value, jelly, p, size, lock == 1);
    if (lock == 0) {  // unlock: the padlock struck through
        draw_padlock(list, p, size);
        list->AddLine(ImVec2(p.x + size * 0.55f, p.y + size * 0.6f), ImVec2(p.x + size * 0.98f, p.y + size * 0.98f),
                      IM_COL32(230, 40, 40, 255), 2.5f);
    }
    if (jelly > 0)
        draw_centred_text(list, std::to_string(jelly).c_str(), ImVec2(p.x + size / 2, p.y + size / 2), 14, IM_COL32_WHITE);
    if (selected) list->AddRect(p, ImVec2(p.x + size, p.y + size), IM_COL32(255, 255, 255, 255), 0, 0, 2.5f);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    ImGui::PopID();
    (void)app;
    return clicked;
}

namespace {

void palette_grid(App& app, const Level& level, const std::vector<std::pair<std::int32_t, std::string>>& entries) {
    std::int32_t& value = app.brush.value[static_cast<std::size_t>(level.kind)];
    float width = ImGui::GetContentRegionAvail().x;
    int per_row = std::max(1, static_cast<int>(width / 38));
    int i = 0;
    bool v2_started = false;
    for (const auto& [v, tip] : entries) {
        // The kind's own sections (match3's format version 2 items): a titled section starts on a
        // row of its own, its rows in whole groups of three (h, v, b of a colour side by side);
        // an untitled break starts a new row.
        if (const auto section = editor_kind(level.kind).palette_section) {
            if (const char* title = section(v, v2_started)) {
                if (*title) {
                    v2_started = true;
                    ImGui::TextDisabled("%s", title);
                    per_row = per_row >= 6 ? per_row / 3 * 3 : per_row;
                }
                i = 0;
            }
        }
        if (i++ % per_row != 0) ImGui::SameLine(0, 4);
        bool selected = app.brush.target == PaintTarget::board && value == v;
        const bool clicked = palette_swatch(app, level, v, selected, tip.c_str());
        // For the tests: "palette-TOKEN" (the colour bomb "palette-colour-bomb": a * is no name for grep).
        const std::string token = cell_token(level.kind, v);
        trace_last_item(app, ("palette-" + (token == "*" ? std::string("colour-bomb") : token)).c_str());
        if (clicked) {
            value = v;
            app.brush.target = PaintTarget::board;
            if (app.tool == Tool::eraser || app.tool == Tool::picker || app.tool == Tool::select) app.tool = Tool::brush;
        }
    }
}

}  // namespace

void draw_tools(App& app) {
    int shown = 0;
    for (const ToolButton& b : tool_buttons) {
        Document* doc = app.active();
        if (b.tool == Tool::pair && (!doc || !editor_kind(doc->level().kind).pair_tool)) continue;
        if (shown++ % 2 == 1) ImGui::SameLine();
        bool selected = app.tool == b.tool;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(b.label, ImVec2(100, 0))) {
            app.tool = b.tool;
            app.pair_first.reset();
        }
        if (selected) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.tip);
    }
    ImGui::NewLine();
    // Symmetry painting: the brush and the eraser paint the mirrored cells too.
    ImGui::TextUnformatted("Mirror");
    ImGui::SameLine();
    ImGui::Checkbox("x##mirror", &app.mirror_x);
    trace_last_item(app, "mirror-x");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Paint the cell mirrored across the board's vertical middle too.");
    ImGui::SameLine();
    ImGui::Checkbox("y##mirror", &app.mirror_y);
    trace_last_item(app, "mirror-y");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Paint the cell mirrored across the board's horizontal middle too.");
    Document* doc = app.active();
    if (!doc) return;
    const Level& level = doc->level();
    ImGui::Separator();
    ImGui::TextUnformatted("Palette");
    std::vector<std::pair<std::int32_t, std::string>> entries;
    for (const PaletteEntry& entry : palette_entries(level))
        entries.push_back({entry.value, entry.tip});  // keys 1-9, 0 pick them in this order
    palette_grid(app, level, entries);
    if (const auto extras = editor_kind(level.kind).palette_extras) extras(app, level);

    // Stamps: a selection kept for reuse (as Tiled's), painted whole by the Stamp tool.
    ImGui::Separator();
    ImGui::TextUnformatted("Stamps");
    ImGui::SameLine();
    if (ImGui::SmallButton("+ from selection")) {
        if (!doc->selection.active) {
            app.status("stamp: select cells first (Select tool, S)");
        } else if (app.settings.stamps.size() >= 64) {
            app.status("stamp: at most 64 stamps (remove one with a right click)");
        } else {
            app.settings.stamps.push_back(copy_cells(level, doc->selection.a, doc->selection.b));
            app.stamp = static_cast<int>(app.settings.stamps.size()) - 1;
            app.tool = Tool::stamp;
            app.status("stamp " + std::to_string(app.stamp + 1) + " made from the selection: the Stamp tool (T) paints it");
        }
    }
    trace_last_item(app, "stamp-add");
    std::optional<std::size_t> remove;
    for (std::size_t i = 0; i < app.settings.stamps.size(); ++i) {
        LevelLoad load = parse_level(app.settings.stamps[i], "stamp");
        if (!load.level) continue;
        const Level& stamp = *load.level;
        if (i % 4 != 0) ImGui::SameLine(0, 4);
        ImGui::PushID(static_cast<int>(i));
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float side = 34;
        const bool clicked = ImGui::InvisibleButton("stamp", ImVec2(side, side));
        trace_last_item(app, ("stamp-" + std::to_string(i)).c_str());
        ImDrawList* list = ImGui::GetWindowDrawList();
        list->AddRectFilled(p, ImVec2(p.x + side, p.y + side), to_imu32(palette::canvas_background));
        const float cell = side / static_cast<float>(std::max(stamp.width(), stamp.height()));
        for (int y = 0; y < stamp.height(); ++y)
            for (int x = 0; x < stamp.width(); ++x)
                list->AddRectFilled(ImVec2(p.x + cell * static_cast<float>(x), p.y + cell * static_cast<float>(y)),
                                    ImVec2(p.x + cell * static_cast<float>(x + 1), p.y + cell * static_cast<float>(y + 1)),
                                    to_imu32(palette::cell_fill(stamp, stamp.board.at(x, y))));
        if (app.stamp == static_cast<int>(i) && app.tool == Tool::stamp)
            list->AddRect(p, ImVec2(p.x + side, p.y + side), IM_COL32(255, 255, 255, 255), 0, 0, 2.5f);
        if (clicked) {
            app.stamp = static_cast<int>(i);
            app.tool = Tool::stamp;
        }
        if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) remove = i;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("stamp %zu: %dx%d %s cells (click: paint it with the Stamp tool; right click: remove it)", i + 1,
                              stamp.width(), stamp.height(), std::string(kind_name(stamp.kind)).c_str());
        ImGui::PopID();
    }
    if (remove) {
        app.settings.stamps.erase(app.settings.stamps.begin() + static_cast<std::ptrdiff_t>(*remove));
        if (app.stamp >= static_cast<int>(app.settings.stamps.size()))
            app.stamp = static_cast<int>(app.settings.stamps.size()) - 1;
        app.status("stamp " + std::to_string(*remove + 1) + " removed");
    }

    ImGui::Separator();
    ImGui::TextUnformatted("Fill from the generator");
    int seed = static_cast<int>(app.fill_seed % 1000000);
    ImGui::SetNextItemWidth(110);
    if (ImGui::InputInt("seed##fill", &seed) && seed >= 0) app.fill_seed = static_cast<std::uint64_t>(seed);
    ImGui::SameLine();
    if (ImGui::SmallButton("re-roll"))
        app.fill_seed = (app.fill_seed * 6364136223846793005ull + 1442695040888963407ull) % 1000000;
    bool has_selection = doc->selection.active;
    const char* label = has_selection                               ? "Fill selection"
                        : editor_kind(level.kind).fill_random_cells ? "Fill all ? cells"
                                                                    : "Fill whole board";
    if (ImGui::Button(label)) fill_from_generator(app, *doc);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Shift+F. match3: no runs and a move; link: a solvable board; lines: a scrambled board. Seeded, undoable.");
}

void fill_from_generator(App& app, Document& doc) {
    const Level& level = doc.level();
    std::optional<std::pair<Cell, Cell>> area;
    if (doc.selection.active) area = std::make_pair(doc.selection.a, doc.selection.b);
    else if (!editor_kind(level.kind).fill_random_cells)
        area = std::make_pair(Cell{0, 0}, Cell{level.width() - 1, level.height() - 1});
    std::string error;
    std::uint64_t seed_used = app.fill_seed;
    doc.change("Fill from generator", [&](Level& l) { error = fill_with_generator(l, area, seed_used); });
    if (!error.empty()) app.status("fill: " + error);
    else app.status("filled from the generator, seed " + std::to_string(seed_used));
}

}  // namespace tilelab::editor::panels
