// The editor's kind table: one line per kind (editor/kinds/table.hpp).
#include "kinds/table.hpp"

#include <cstdlib>
#include <stdexcept>

#include "app.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor {

const EditorKind& editor_kind(Kind kind) {
    switch (kind) {
    case Kind::match3:
        return match3_editor;
    case Kind::link:
        return link_editor;
    case Kind::lines:
        return lines_editor;
    case Kind::slide:
        return slide_editor;
    case Kind::collapse:
        return collapse_editor;
    }
    throw std::logic_error("no editor entry for this kind");
}

Kind pair_tool_kind() {
    for (int k = 0; k < kind_count; ++k)
        if (editor_kind(static_cast<Kind>(k)).pair_tool) return static_cast<Kind>(k);
    return Kind{};
}

bool orthogonal_neighbours(Cell a, Cell b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1; }

void play_two_cells(App& app, const PlayCanvas& canvas, bool (*accept)(Cell a, Cell b), bool drag_swaps) {
    PlayTest& play = app.play;
    const Board& board = play.state.board;
    const std::optional<Cell>& cell = canvas.cell;
    if (canvas.activated && cell && board.contains(*cell)) {
        if (play.first && !(*play.first == *cell)) {
            Cell a = *play.first;
            play.first.reset();
            if (accept(a, *cell)) panels::play_move(app, CellPairMove{a, *cell});
            else play.first = cell;
        } else {
            play.first = cell;
            play.drag_from = cell;
        }
    }
    if (drag_swaps && play.drag_from && canvas.active && cell && orthogonal_neighbours(*play.drag_from, *cell)) {
        Cell a = *play.drag_from;
        play.drag_from.reset();
        play.first.reset();
        panels::play_move(app, CellPairMove{a, *cell});
    }
    if (!canvas.active) play.drag_from.reset();
    if (play.first) {
        const float size = canvas.size;
        ImVec2 a(canvas.origin.x + static_cast<float>(play.first->x) * size,
                 canvas.origin.y + static_cast<float>(play.first->y) * size);
        canvas.list->AddRect(a, ImVec2(a.x + size, a.y + size), IM_COL32(255, 255, 255, 255), 0, 0, 3.0f);
    }
}

}  // namespace tilelab::editor
