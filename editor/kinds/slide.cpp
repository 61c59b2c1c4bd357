// slide in the editor (editor/kinds/table.hpp): the arrow keys in play-test, a 256 target on a new
// board too small for 2048.
#include <SDL.h>

#include <utility>

#include "app.hpp"
#include "kinds/table.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor {

namespace slide_parts {  // named: the editor is a unity build

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
    if (d.width * d.height < 16) level.goal.target = 256;
}

}  // namespace slide_parts

const EditorKind slide_editor{"arrow keys slide the tiles", slide_parts::play_canvas, slide_parts::play_keys, false, false, nullptr, nullptr,
                              slide_parts::new_level_setup};

}  // namespace tilelab::editor
