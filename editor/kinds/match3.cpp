// match3 in the editor (editor/kinds/table.hpp): swaps in play-test, the jelly and lock layers, the
// number of colours of a new level.
#include "app.hpp"
#include "kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace match3_parts {  // named: the editor is a unity build

void play_canvas(App& app, const PlayCanvas& canvas) { play_two_cells(app, canvas, orthogonal_neighbours, true); }

void new_level_fields(App& app, NewLevelDialog& d) {
    ImGui::SliderInt("colours", &d.colors, limits::min_colors, limits::max_colors, "%d", ImGuiSliderFlags_AlwaysClamp);
    trace_last_item(app, "new-level-colors");
}

void new_level_setup(Level& level, const NewLevelDialog& d) { level.rules.colors = d.colors; }

}  // namespace match3_parts

const EditorKind match3_editor{
    "swap: drag a piece onto a neighbour, or click both", match3_parts::play_canvas, nullptr, false, true, nullptr, match3_parts::new_level_fields,
    match3_parts::new_level_setup};

}  // namespace tilelab::editor
