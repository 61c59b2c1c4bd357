// The board canvas: camera, tools on the mouse, overlays from the current analysis, play-test input.
#include "canvas.hpp"

#include <SDL.h>
#include <algorithm>
#include <cstdio>
#include <cmath>
#include <map>
#include <set>

#include <imgui.h>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/edits_table.hpp"
#include "kinds/table.hpp"
#include "overlays.hpp"
#include "painters.hpp"
#include "stepped.hpp"
#include "panels/panels.hpp"
#include "tilelab/limits.hpp"

namespace tilelab::editor {

namespace {

using View = BoardView;

// The overlays of the board on the canvas: `analysis` is that board's own (the level's live
// analysis, or the stepped board's), nullptr while it is not ready; `stepped` is the solution
// step-through, if on.
void draw_overlays(App& app, const Document& doc, ImDrawList* list, const View& view, ImVec2 mouse, bool mouse_in,
                   const Analysis* analysis, const SteppedBoard* stepped) {
    const OverlayToggles& show = app.settings.overlays;
    const Level& level = doc.level();
    float thick = std::max(2.0f, view.size * 0.08f);
    const int step = stepped ? stepped->step : 0;
    // The solver's solution: the next move of the step-through, drawn first so the kind's
    // overlays (link paths) stay visible on top of it. The solution is the level's.
    const Analysis* level_analysis = app.current_analysis(doc);
    if (stepped && level_analysis && step < static_cast<int>(level_analysis->solution.size())) {
        const Move& next = level_analysis->solution[static_cast<std::size_t>(step)];
        ImU32 ink = to_imu32(palette::overlay_solution);
        if (const auto* pair = std::get_if<CellPairMove>(&next)) {
            outline_cells(list, view, {pair->a}, ink, thick * 1.2f);
            outline_cells(list, view, {pair->b}, ink, thick * 1.2f);
            // Along the path the pair links by on this board (corners), never straight across tiles.
            const std::vector<Cell>& path = stepped->next_path;
            for (std::size_t i = 0; i + 1 < path.size(); ++i) {
                ImVec2 a = view.centre(path[i]), b = view.centre(path[i + 1]);
                // Wider than a link path, so it shows around the green one of the same pair.
                if (i + 2 == path.size()) arrow(list, a, b, ink, thick * 1.5f, false);
                else list->AddLine(a, b, ink, thick * 1.5f);
            }
        } else if (const auto* shift = std::get_if<ShiftMove>(&next)) {
            bool row = shift->axis == ShiftMove::Axis::row;
            Cell first = row ? Cell{0, shift->index} : Cell{shift->index, 0};
            Cell last = row ? Cell{level.width() - 1, shift->index} : Cell{shift->index, level.height() - 1};
            ImVec2 a = view.centre(first), b = view.centre(last);
            if (shift->step < 0) std::swap(a, b);
            arrow(list, a, b, ink, thick, false);
        } else if (const auto* d = std::get_if<Direction>(&next)) {
            // slide without spawns: the next move as an arrow across the board, from edge to edge.
            const int mid_x = level.width() / 2, mid_y = level.height() / 2;
            Cell first{mid_x, 0}, last{mid_x, level.height() - 1};
            if (*d == Direction::left || *d == Direction::right) {
                first = {0, mid_y};
                last = {level.width() - 1, mid_y};
            }
            ImVec2 a = view.centre(first), b = view.centre(last);
            if (*d == Direction::up || *d == Direction::left) std::swap(a, b);
            arrow(list, a, b, ink, thick * 1.5f, false);
        }
    }
    const EditorKind& kind = editor_kind(level.kind);
    if (!analysis) {
        // Not analysed yet: the overlay's trace says so ("none"), so a test waits for the figures.
        if (kind.pending_overlay)
            if (const char* what = kind.pending_overlay(show)) trace_overlay(app, doc, what, step, nullptr);
        return;
    }
    if (kind.draw_overlays) kind.draw_overlays(OverlayFrame{app, doc, list, view, mouse, mouse_in, *analysis, step, thick});
}

void handle_tools(App& app, Document& doc, const View& /*view*/, bool hovered, bool activated, bool active) {
    ImGuiIO& io = ImGui::GetIO();
    const Level& level = doc.level();
    std::optional<Cell> cell = app.hovered;
    const bool layers = kind_edits(level.kind).layers;
    bool jelly = app.brush.target == PaintTarget::jelly && layers;
    bool lock = app.brush.target == PaintTarget::lock && layers;
    Paint paint{jelly,
                jelly  ? app.brush.jelly
                : lock ? app.brush.lock
                       : app.brush.value[static_cast<std::size_t>(level.kind)],
                lock};
    // The lock brush skips cells that cannot hold a lock; the status bar says why (once a cell).
    auto refused_lock = [&](const Level& l, Cell c, const Paint& p) {
        if (!p.lock || p.value == 0 || !l.board.contains(c)) return;
        std::string why = lock_refusal(l.board.at(c));
        if (!why.empty() && !(app.lock_refused && *app.lock_refused == c)) {
            app.lock_refused = c;
            app.status("cell (" + std::to_string(c.x) + ", " + std::to_string(c.y) + "): " + why);
        }
    };
    // A locked layer takes no painting: a click says so (the Layers list unlocks it).
    const PaintTarget target = jelly ? PaintTarget::jelly : lock ? PaintTarget::lock : PaintTarget::board;
    const bool paints = app.tool == Tool::brush || app.tool == Tool::eraser || app.tool == Tool::bucket ||
                        app.tool == Tool::rect || app.tool == Tool::pair || app.tool == Tool::stamp;
    if (paints && app.layer(target).locked) {
        if (activated && cell) {
            const char* names[] = {"board", "jelly", "lock"};
            app.status(std::string("the ") + names[static_cast<int>(target)] +
                       " layer is locked (Layers: untick its lock to paint)");
        }
        return;
    }
    // The stroke ends with the button (or a tool switch mid-stroke). Only the stroke this canvas
    // opened: a slider drag in Properties is a gesture of the same document.
    if (app.stroking && !(active && (app.tool == Tool::brush || app.tool == Tool::eraser))) {
        app.stroking = false;
        doc.end_gesture();
    }

    // Turn a tile (lines) with Ctrl + wheel over it: down clockwise, up counter-clockwise.
    if (hovered && cell && editor_kind(level.kind).wheel_turns_tiles && io.KeyCtrl && io.MouseWheel != 0.0f &&
        level.board.contains(*cell)) {
        std::int32_t v = level.board.at(*cell);
        const Transform turn = io.MouseWheel < 0 ? Transform::rotate_cw : Transform::rotate_ccw;
        if (cell::is_value(v) && v > 0)
            doc.change("Rotate tile", [&](Level& l) { l.board.at(*cell) = transform_value(l.kind, v, turn); });
    }
    if (hovered && cell && ImGui::IsMouseClicked(ImGuiMouseButton_Right) && level.board.contains(*cell)) {
        Paint picked = pick(level, *cell, jelly, lock);  // right click picks, as in Tiled
        if (lock) app.brush.lock = picked.value;
        else if (jelly) app.brush.jelly = picked.value;
        else app.brush.value[static_cast<std::size_t>(level.kind)] = picked.value;
    }
    if (app.panning) return;
    if (app.tool != Tool::select) app.move_from.reset(), app.move_to.reset();

    switch (app.tool) {
    case Tool::brush:
    case Tool::eraser: {
        Paint stroke = app.tool == Tool::eraser ? eraser_paint(level, jelly, lock) : paint;
        if (activated) {
            app.lock_refused.reset();
            doc.begin_gesture(app.tool == Tool::eraser ? "Erase" : "Brush");
            app.stroke_last = cell;
            app.stroking = true;
        }
        if (active && app.stroking && doc.in_gesture() && cell) {
            // Paint every cell on the line from the last one: a fast stroke skips no cells.
            Cell from = app.stroke_last ? *app.stroke_last : *cell, to = *cell;
            int steps = std::max(std::abs(to.x - from.x), std::abs(to.y - from.y));
            bool changed = false;
            for (int i = 0; i <= steps; ++i) {
                Cell c{from.x + (steps ? (to.x - from.x) * i / steps : 0), from.y + (steps ? (to.y - from.y) * i / steps : 0)};
                refused_lock(doc.gesture_level(), c, stroke);
                changed |= paint_cell(doc.gesture_level(), c, stroke);
                // Symmetry painting: the mirrored cells too, each with the value mirrored (a lines
                // tile's connections), in the same stroke and undo step.
                for (Cell m : mirror_cells(doc.gesture_level(), c, app.mirror_x, app.mirror_y)) {
                    Paint mirrored = stroke;
                    if (!stroke.jelly && !stroke.lock) mirrored.value = mirror_value(level.kind, stroke.value, c, m);
                    changed |= paint_cell(doc.gesture_level(), m, mirrored);
                }
            }
            if (changed) doc.touched();
            app.stroke_last = cell;
        }
        break;
    }
    case Tool::bucket:
        if (activated && cell && level.board.contains(*cell)) {
            app.lock_refused.reset();
            refused_lock(level, *cell, paint);
            doc.change("Bucket fill", [&](Level& l) { bucket_fill(l, *cell, paint); });
        }
        break;
    case Tool::rect:
        if (activated && cell) app.rect_start = cell;
        if (app.rect_start && cell) doc.selection = Selection{true, *app.rect_start, *cell};
        if (!active && app.rect_start) {
            Cell a = *app.rect_start, b = doc.selection.b;
            app.rect_start.reset();
            doc.selection.active = false;
            doc.change("Rectangle fill", [&](Level& l) { fill_rect(l, a, b, paint); });
        }
        break;
    case Tool::select:
        // A drag that starts inside the selection moves its cells (one undo step, on release).
        if (activated && cell && doc.selection.contains(*cell)) {
            app.move_from = app.move_to = cell;
        } else if (activated && cell) {
            app.rect_start = cell;
        }
        if (app.move_from) {
            if (active && cell) app.move_to = cell;
            if (!active) {
                const int dx = app.move_to->x - app.move_from->x, dy = app.move_to->y - app.move_from->y;
                const Selection s = doc.selection;
                app.move_from.reset();
                app.move_to.reset();
                if (dx != 0 || dy != 0) {
                    doc.change("Move selection", [&](Level& l) { move_cells(l, s.a, s.b, dx, dy); });
                    auto clamp_cell = [&](Cell c) {
                        return Cell{std::clamp(c.x, 0, level.width() - 1), std::clamp(c.y, 0, level.height() - 1)};
                    };
                    Cell a{s.x0() + dx, s.y0() + dy}, b{s.x1() + dx, s.y1() + dy};
                    doc.selection = Selection{true, clamp_cell(a), clamp_cell(b)};
                    if (b.x < 0 || b.y < 0 || a.x >= level.width() || a.y >= level.height()) doc.selection.active = false;
                    app.status("moved the selection by (" + std::to_string(dx) + ", " + std::to_string(dy) + ")");
                }
            }
            break;
        }
        if (active && app.rect_start && cell) {
            auto clamp_cell = [&](Cell c) {
                return Cell{std::clamp(c.x, 0, level.width() - 1), std::clamp(c.y, 0, level.height() - 1)};
            };
            doc.selection = Selection{true, clamp_cell(*app.rect_start), clamp_cell(*cell)};
        }
        if (!active) app.rect_start.reset();
        break;
    case Tool::picker:
        if (activated && cell && level.board.contains(*cell)) {
            Paint picked = pick(level, *cell, jelly, lock);
            if (lock) app.brush.lock = picked.value;
            else if (jelly) app.brush.jelly = picked.value;
            else app.brush.value[static_cast<std::size_t>(level.kind)] = picked.value;
            app.tool = Tool::brush;  // as in Tiled: pick, then paint with it
        }
        break;
    case Tool::stamp:
        if (activated && cell && level.board.contains(*cell)) {
            if (app.stamp < 0 || app.stamp >= static_cast<int>(app.settings.stamps.size())) {
                app.status("stamp: make one from a selection first (Stamps, + from selection)");
                break;
            }
            PasteResult pasted;
            const std::string& text = app.settings.stamps[static_cast<std::size_t>(app.stamp)];
            doc.change("Stamp", [&](Level& l) { pasted = paste_cells(l, text, *cell); });
            if (!pasted.error.empty()) app.status("stamp: " + pasted.error);
            else if (pasted.cut_off > 0) app.status("stamp: " + std::to_string(pasted.cut_off) + " cells fell outside the board");
        }
        break;
    case Tool::pair:
        if (activated && cell && level.board.contains(*cell)) {
            std::int32_t value = app.brush.value[static_cast<std::size_t>(pair_tool_kind())];
            if (!app.pair_first) {
                doc.change("Pair: first tile", [&](Level& l) { paint_cell(l, *cell, {false, value}); });
                app.pair_first = cell;
            } else if (!(*app.pair_first == *cell)) {
                const auto partner_of = editor_kind(level.kind).partner;
                auto partner = static_cast<std::int32_t>(partner_of ? partner_of(level, value) : value);
                if (partner <= 0 || partner > limits::max_link_value) {
                    app.status("no partner: under sum pairing the value must be below the sum, and the partner at most " +
                               std::to_string(limits::max_link_value));
                } else {
                    doc.change("Pair: partner", [&](Level& l) { paint_cell(l, *cell, {false, partner}); });
                }
                app.pair_first.reset();
            }
        }
        break;
    }
}

}  // namespace

void draw_canvas(App& app, Document& doc) {
    ImGuiIO& io = ImGui::GetIO();
    ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    avail.x = std::max(avail.x, 64.0f);
    avail.y = std::max(avail.y, 64.0f);
    ImGui::InvisibleButton("canvas", avail, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
    bool hovered = ImGui::IsItemHovered();
    bool activated = ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    bool active = ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left);

    const bool playing = app.play.active && app.play.document_id == doc.id();
    // A watched run of the playouts (Analysis panel) shows that game's board at its step, without
    // overlays (the level's describe another board).
    const WatchedBoard watched = playing ? WatchedBoard{} : watched_board(app, doc);
    // Stepping through the solver's solution shows the board after the steps taken so far, with
    // that board's own overlays.
    const SteppedBoard* stepped = playing || watched.state ? nullptr : stepped_board(app, doc);
    const State* solution_state = stepped && stepped->step > 0 && stepped->state ? &*stepped->state : nullptr;
    const State* shown_state = watched.state ? watched.state : solution_state;
    const Board& board = playing ? app.play.state.board : shown_state ? shown_state->board : doc.level().board;
    // Hidden layers (the Layers list) are not drawn.
    static const std::optional<Grid> hidden;
    const std::optional<Grid>& jelly = !app.layer(PaintTarget::jelly).visible ? hidden
                                       : playing                              ? app.play.state.jelly
                                       : watched.state                        ? watched.state->jelly
                                                                              : doc.level().jelly;
    const std::optional<Grid>& lock = !app.layer(PaintTarget::lock).visible ? hidden
                                      : playing                             ? app.play.state.lock
                                      : shown_state                         ? shown_state->lock
                                                                            : doc.level().lock;
    float w = static_cast<float>(board.width), h = static_cast<float>(board.height);

    // Camera: fit to the window until the user zooms or pans. Whole pixels, so the layout a
    // test computes is exact.
    Camera& camera = doc.camera;
    float margin = 24.0f;
    if (camera.fit) {
        // What the kind draws around the board (a ring of arrows, paths through the border) is fitted too.
        const auto fit_ring = editor_kind(doc.level().kind).fit_ring;
        const float ring = fit_ring ? fit_ring(doc.level(), app.settings.overlays, playing) : 0.0f;
        camera.cell = std::clamp(std::floor(std::min((avail.x - 2 * margin) / (w + ring), (avail.y - 2 * margin) / (h + ring))),
                                 2.0f, 128.0f);
        camera.pan_x = std::floor((avail.x - camera.cell * w) / 2);
        camera.pan_y = std::floor((avail.y - camera.cell * h) / 2);
    }
    bool rotating = editor_kind(doc.level().kind).wheel_turns_tiles && io.KeyCtrl;
    if (hovered && io.MouseWheel != 0.0f && !rotating) {
        float old_cell = camera.cell;
        float new_cell = std::clamp(std::round(old_cell * std::pow(1.15f, io.MouseWheel)), 2.0f, 256.0f);
        if (new_cell == old_cell) new_cell = std::clamp(old_cell + (io.MouseWheel > 0 ? 1.0f : -1.0f), 2.0f, 256.0f);
        // Keep the point under the mouse still.
        float mx = io.MousePos.x - p0.x, my = io.MousePos.y - p0.y;
        camera.pan_x = std::floor(mx - (mx - camera.pan_x) * new_cell / old_cell);
        camera.pan_y = std::floor(my - (my - camera.pan_y) * new_cell / old_cell);
        camera.cell = new_cell;
        camera.fit = false;
    }
    bool space = ImGui::IsKeyDown(SDL_SCANCODE_SPACE) && !io.WantTextInput;
    bool middle = ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Middle);
    app.panning = middle || (space && (hovered || ImGui::IsItemActive()));
    if (app.panning && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) && (middle || ImGui::IsMouseDown(ImGuiMouseButton_Left))) {
        camera.pan_x += io.MouseDelta.x;
        camera.pan_y += io.MouseDelta.y;
        camera.fit = false;
    }

    View view{ImVec2(p0.x + camera.pan_x, p0.y + camera.pan_y), camera.cell};
    app.layout = Layout{view.origin.x, view.origin.y, view.size, board.width, board.height};
    app.hovered.reset();
    // While a stroke is held the canvas is the active item; the mouse still names a cell then.
    bool over_canvas = ImGui::IsMouseHoveringRect(p0, ImVec2(p0.x + avail.x, p0.y + avail.y), false) &&
                       (hovered || ImGui::IsItemActive());
    if (over_canvas) {
        Cell c = view.cell_at(io.MousePos);
        if (c.x >= -1 && c.y >= -1 && c.x <= board.width && c.y <= board.height) app.hovered = c;
    }

    ImDrawList* list = ImGui::GetWindowDrawList();
    // Small cells: thin lines without anti-aliasing fringes (a third of the vertices); measured
    // with --frame-stats on a 32x32 board with every overlay on.
    ImDrawListFlags saved_flags = list->Flags;
    if (view.size < 24) list->Flags &= ~(ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedLinesUseTex);
    list->PushClipRect(p0, ImVec2(p0.x + avail.x, p0.y + avail.y), true);
    list->AddRectFilled(p0, ImVec2(p0.x + avail.x, p0.y + avail.y), to_imu32(palette::canvas_background));
    draw_board(list, doc.level(), board, jelly, view.origin, view.size, app.settings.overlays.grid, lock, has_exits(doc.level()));
    const Level& shown_level = playing ? app.play.level : doc.level();
    if (const auto draw_margin = editor_kind(shown_level.kind).draw_margin) draw_margin(list, shown_level, view, playing);

    if (playing) {
        panels::playtest_canvas(app, doc, list, view.origin, view.size, hovered, activated, active);
    } else {
        const Analysis* shown = watched.state    ? nullptr
                                : solution_state ? (stepped->analysis ? &*stepped->analysis : nullptr)
                                                 : app.current_analysis(doc);
        draw_overlays(app, doc, list, view, io.MousePos, hovered, shown, stepped);
        // The watched run's next move: the two cells the bot swaps next.
        if (watched.next)
            if (const auto* pair = std::get_if<CellPairMove>(watched.next)) {
                const float thick = std::max(2.0f, view.size * 0.08f);
                outline_cells(list, view, {pair->a}, to_imu32(palette::overlay_solution), thick * 1.2f);
                outline_cells(list, view, {pair->b}, to_imu32(palette::overlay_solution), thick * 1.2f);
            }
        handle_tools(app, doc, view, hovered, activated, active);
        if (doc.selection.active && app.move_from && app.move_to) {
            // Dragging the selection: its cells float at the mouse until the button is released.
            const int dx = app.move_to->x - app.move_from->x, dy = app.move_to->y - app.move_from->y;
            const Level& level = doc.level();
            for (int y = doc.selection.y0(); y <= doc.selection.y1(); ++y)
                for (int x = doc.selection.x0(); x <= doc.selection.x1(); ++x) {
                    if (!level.board.contains(Cell{x, y}) || !level.board.contains(Cell{x + dx, y + dy})) continue;
                    draw_cell(list, level, level.board.at(x, y), level.jelly ? level.jelly->at(x, y) : 0,
                              view.corner({x + dx, y + dy}), view.size, level.lock && level.lock->at(x, y) != 0);
                }
        }
        if (doc.selection.active) {
            const int dx = app.move_from && app.move_to ? app.move_to->x - app.move_from->x : 0;
            const int dy = app.move_from && app.move_to ? app.move_to->y - app.move_from->y : 0;
            ImVec2 a = view.corner({doc.selection.x0() + dx, doc.selection.y0() + dy});
            ImVec2 b = view.corner({doc.selection.x1() + 1 + dx, doc.selection.y1() + 1 + dy});
            list->AddRectFilled(a, b, to_imu32(palette::overlay_selection, 40));
            list->AddRect(a, b, to_imu32(palette::overlay_selection), 0.0f, 0, 2.0f);
        }
        if (app.pair_first) {
            ImVec2 a = view.corner(*app.pair_first);
            list->AddRect(a, ImVec2(a.x + view.size, a.y + view.size), to_imu32(palette::overlay_link_path), 0.0f, 0, 3.0f);
        }
    }
    if (solution_state || watched.state) {
        char note[160];
        if (watched.state)
            std::snprintf(note, sizeof note, "bot's run %d, step %d/%d (Close returns to the level)", watched.run, watched.step,
                          watched.steps);
        else
            std::snprintf(note, sizeof note, "solution step %d: the board after %d move%s (|< or any edit returns to the level)",
                          doc.solution_step, doc.solution_step, doc.solution_step == 1 ? "" : "s");
        // On a dark box: the note sits in the margin, over lines' padlocks and link paths in the ring.
        const ImVec2 at(p0.x + 8, p0.y + 6), extent = ImGui::CalcTextSize(note);
        list->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + extent.x + 4, at.y + extent.y + 2),
                            IM_COL32(20, 20, 24, 230), 3.0f);
        list->AddText(at, to_imu32(palette::overlay_solution), note);
    }
    if (app.hovered && board.contains(*app.hovered)) {
        ImVec2 a = view.corner(*app.hovered);
        list->AddRect(a, ImVec2(a.x + view.size, a.y + view.size), IM_COL32(255, 255, 255, 140), 0.0f, 0, 1.5f);
    }
    list->PopClipRect();
    list->Flags = saved_flags;
}

}  // namespace tilelab::editor
