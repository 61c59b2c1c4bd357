// The board canvas: the custom-canvas pattern (InvisibleButton + ImDrawList with a clip rect).
#pragma once

namespace tilelab::editor {

class App;
class Document;

// Draws the active document's board with its overlays in the remaining space of the current
// window, and turns mouse input into tool edits (or play-test moves).
void draw_canvas(App& app, Document& doc);

}  // namespace tilelab::editor
