// link in the editor (editor/kinds/table.hpp): two clicks in play-test, the pair tool, sum pairing
// for a new level.
#include "app.hpp"
#include "kinds/table.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor {

namespace link_parts {  // named: the editor is a unity build

bool any_two(Cell, Cell) { return true; }  // the rules say whether they link
void play_canvas(App& app, const PlayCanvas& canvas) { play_two_cells(app, canvas, any_two, false); }

void new_level_fields(App& app, NewLevelDialog& d) {
    ImGui::Checkbox("sum pairing", &d.sum_pairing);
    trace_last_item(app, "new-level-sum-pairing");
    if (d.sum_pairing) {
        ImGui::InputInt("sum", &d.sum);
        trace_last_item(app, "new-level-sum");
    }
}

void new_level_setup(Level& level, const NewLevelDialog& d) {
    if (d.sum_pairing) level.rules.pair = Pairing{Pairing::Rule::sum, d.sum};
}

}  // namespace link_parts

const EditorKind link_editor{"click two tiles that link", link_parts::play_canvas, nullptr, true, false, nullptr, link_parts::new_level_fields,
                             link_parts::new_level_setup};

}  // namespace tilelab::editor
