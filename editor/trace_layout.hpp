// Where widgets are, printed for the end-to-end tests (--print-layout), so they click real widgets.
#pragma once

namespace tilelab::editor {

class App;

// Prints "item NAME X0 Y0 X1 Y1" (the last ImGui item's rectangle, window pixels) when it first
// shows and whenever it moves, and "hover NAME" when the mouse comes over it (so a test presses
// only once the editor sees the mouse there); nothing without --print-layout.
void trace_last_item(const App& app, const char* name);
// The same for the current window's rectangle (its outer edges).
void trace_window(const App& app, const char* name);

}  // namespace tilelab::editor
