// The editor's side of each kind (docs/architecture.md, "One kind, one folder"): what the play-test
// takes as input and says about it, which tools the kind has, how the canvas draws and frames its
// boards, and the New level dialog's fields of its own. The panels and the canvas ask this table;
// only editor/kinds/ names a kind. Each kind's entry is in editor/kinds/KIND.cpp, and
// editor/kinds/table.cpp lists them. What the edits do by kind (the palette, the layers, how a value
// turns) is the document model's side, KindEdits (kinds/edits_table.hpp).
#pragma once
#include <optional>

#include <imgui.h>

#include "overlays.hpp"
#include "settings.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::editor {

class App;
class Document;
struct NewLevelDialog;

// The board as the play-test's canvas sees it this frame.
struct PlayCanvas {
    ImDrawList* list = nullptr;
    ImVec2 origin;             // the board's top-left corner on screen
    float size = 0;            // a cell's side
    bool activated = false;    // the mouse went down on the board this frame
    bool active = false;       // the mouse is held down
    std::optional<Cell> cell;  // the hovered cell, also outside the board (lines' ring of arrows)
};

// A cell on the canvas: its top-left corner `p0` and side `size`, the painted box inside it (`a` to
// `b`) and its centre.
struct CellBox {
    ImVec2 p0, a, b, centre;
    float size = 0;
};

struct EditorKind {
    // The canvas: how a value of the kind is drawn in its cell (blockers, ? and holes are drawn for
    // every kind), whether its pieces are square tiles drawn edge to edge (lines) rather than
    // rounded pieces, and whether a level has exits drawn under the board (nullptr: never).
    void (*draw_value)(ImDrawList* list, const Level& level, std::int32_t value, const CellBox& box) = nullptr;
    bool square_tiles = false;
    bool (*has_exits)(const Level& level) = nullptr;
    // What the canvas draws beside the board, after it, in the margin (editing) or in the ring of
    // the play-test's input (`playing`): lines' padlocks at the ends of its fixed rows and columns
    // (nullptr: nothing).
    void (*draw_margin)(ImDrawList* list, const Level& level, const BoardView& view, bool playing) = nullptr;
    // How many cells the camera's fit to the window adds to the board's width and height, for what
    // is drawn around it: the play-test's ring of arrows (lines), link paths through the border,
    // slide's legal-direction arrows (nullptr: none).
    float (*fit_ring)(const Level& level, const OverlayToggles& show, bool playing) = nullptr;
    // The Tools panel: where the palette starts a section of the kind's own (a title, or "" for a
    // new row without one; nullptr: no break before `value`), and what comes under the palette
    // (value fields, layers; nullptr: nothing).
    const char* (*palette_section)(std::int32_t value, bool section_started) = nullptr;
    void (*palette_extras)(App& app, const Level& level) = nullptr;
    // The canvas' overlays of the analysis (match groups, hints, link paths, line groups, slide's
    // legal moves), and the overlay a trace names before the analysis is ready (nullptr: none).
    void (*draw_overlays)(const OverlayFrame& frame) = nullptr;
    const char* (*pending_overlay)(const OverlayToggles& show) = nullptr;

    // Play-test: how to move (under the goal), the input on the board (and what it draws over it),
    // the keys (nullptr: none).
    const char* play_hint = "";
    void (*play_canvas)(App& app, const PlayCanvas& canvas) = nullptr;
    void (*play_keys)(App& app) = nullptr;
    // Tools: the pair tool (P), Z turning the hovered tile (or the brush's) with `rotate_tile`
    // (nullptr: the kind's tiles do not turn), and Ctrl+wheel turning the tile under the mouse as a
    // rotation of the board turns it (transform_value) rather than zooming. The jelly and lock
    // layers (J, L) are KindEdits::layers.
    bool pair_tool = false;
    // The value that pairs with `value` in the level (the pair tool's second tile, the Pairs panel;
    // nullptr: a value pairs with itself).
    std::int64_t (*partner)(const Level& level, std::int64_t value) = nullptr;
    void (*rotate_tile)(App& app, Document& doc, bool clockwise) = nullptr;
    bool wheel_turns_tiles = false;
    // The New level dialog: the kind's own fields (nullptr: none) and what they set on the new level.
    void (*new_level_fields)(App& app, NewLevelDialog& dialog) = nullptr;
    void (*new_level_setup)(Level& level, const NewLevelDialog& dialog) = nullptr;
    // The Properties panel: on the rules' header line, under it, on the goal's header line, and
    // under the move limit (nullptr: nothing there).
    void (*rules_header)(App& app, Document& doc) = nullptr;
    void (*rules_fields)(App& app, Document& doc) = nullptr;
    void (*goal_header)(App& app, Document& doc) = nullptr;
    void (*goal_fields)(App& app, Document& doc) = nullptr;
    // The Analysis panel: the legend rows (toggle, colour, name) of the kind's overlays, after the
    // grid's (nullptr: none).
    void (*overlay_legend)(App& app, OverlayToggles& show) = nullptr;
    // The live badge's bot ("": the kind's own, as the command line's; slide plays "quick", whose
    // games take a twentieth of expectimax's, so the badge reaches its runs in its budget).
    const char* live_bot = "";
    // "Fill from the generator" without a selection fills the `?` cells only (match3), else the
    // whole board.
    bool fill_random_cells = false;
    // The Inspector's Pairs panel (values, counts, partners) for the kind's levels (link).
    bool pairs_panel = false;
};

const EditorKind& editor_kind(Kind kind);
// The kind whose brush value the pair tool paints with: the one with the pair tool (the tool stays
// chosen while another kind's document is in front).
Kind pair_tool_kind();

// The entries, one per kind (editor/kinds/KIND.cpp).
extern const EditorKind match3_editor;
extern const EditorKind link_editor;
extern const EditorKind lines_editor;
extern const EditorKind slide_editor;
extern const EditorKind collapse_editor;

// Shared by the kinds whose moves are two cells (match3's swap, link's pair): the first click is
// marked; a second click on another cell plays `accept(first, second)` when it returns true, else
// becomes the new first click. With `drag_swaps`, a drag onto a neighbour plays at once.
void play_two_cells(App& app, const PlayCanvas& canvas, bool (*accept)(Cell a, Cell b), bool drag_swaps);
bool orthogonal_neighbours(Cell a, Cell b);

}  // namespace tilelab::editor
