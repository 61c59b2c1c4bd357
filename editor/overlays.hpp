// Drawing on the board for the overlays of the canvas and of each kind (editor/kinds/): the board's
// geometry on screen, outlines, arrows, and the overlay trace the end-to-end tests read.
#pragma once
#include <cmath>
#include <vector>

#include <imgui.h>
#include <nlohmann/json.hpp>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::editor {

class App;
class Document;

// Where the board is on screen: its top-left corner and a cell's side.
struct BoardView {
    ImVec2 origin;
    float size = 1;
    ImVec2 corner(Cell c) const {
        return ImVec2(origin.x + static_cast<float>(c.x) * size, origin.y + static_cast<float>(c.y) * size);
    }
    ImVec2 centre(Cell c) const {
        return ImVec2(origin.x + (static_cast<float>(c.x) + 0.5f) * size, origin.y + (static_cast<float>(c.y) + 0.5f) * size);
    }
    Cell cell_at(ImVec2 p) const {
        return Cell{static_cast<int>(std::floor((p.x - origin.x) / size)), static_cast<int>(std::floor((p.y - origin.y) / size))};
    }
};

// Outlines the union of `cells`: an edge is drawn where the neighbour is not in the set.
void outline_cells(ImDrawList* list, const BoardView& view, const std::vector<Cell>& cells, ImU32 ink, float thickness);
// A line with an arrow head at `to` (and at `from` too with `both_ends`).
void arrow(ImDrawList* list, ImVec2 from, ImVec2 to, ImU32 ink, float thickness, bool both_ends);
// A combo's mark on its hint arrow: a five-pointed yellow star with a dark edge.
void draw_combo_star(ImDrawList* list, ImVec2 centre, float r);
float distance_to_segment(ImVec2 p, ImVec2 a, ImVec2 b);
// Prints what an overlay draws (with --trace), when it changes: "overlay WHAT step=N JSON" in the
// shape of `tilelab analyze --json`, so a test compares it with the CLI on the same board.
void trace_overlay(const App& app, const Document& doc, const char* what, int step, const nlohmann::ordered_json* drawn);

// What a kind's overlays are drawn from, this frame: `analysis` is the drawn board's own (the
// level's live analysis, or the solution step-through's board at `step`).
struct OverlayFrame {
    App& app;
    const Document& doc;
    ImDrawList* list;
    const BoardView& view;
    ImVec2 mouse;
    bool mouse_in;
    const Analysis& analysis;
    int step;
    float thick;  // the outlines' thickness at this zoom
};

}  // namespace tilelab::editor
