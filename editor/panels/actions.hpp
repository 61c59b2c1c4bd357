// The editor's commands, each registered once: its name, the menu item's label, its keys, when it
// applies (and why not) and what it does. The main menu (menu.cpp), the keyboard (shortcuts.cpp), the message a key
// gets under a dialog and the Keyboard shortcuts window all read this table (docs/editor.md).
#pragma once
#include <span>
#include <string_view>

namespace tilelab::editor {
class App;
}

namespace tilelab::editor::panels {

// A key with its modifiers: Ctrl+Shift+S is {SDL_SCANCODE_S, ctrl, shift}.
struct Chord {
    int scancode = 0;  // 0: none
    bool ctrl = false;
    bool shift = false;
};

struct Action {
    const char* id;     // "file.save": how menus and tests name it
    const char* label;  // the menu item ("Save"); also what a key under a dialog says waits
    const char* keys;   // as menus and the shortcuts window show them ("Ctrl+S"); nullptr: none
    Chord chord;        // the key that runs it
    Chord alternate;    // a second key (Ctrl+Y for redo), or none
    // A Ctrl key text fields use themselves (select all, copy, cut, paste, undo, redo): while a field
    // has the focus it is the field's. The others (Ctrl+S...) act from a field too.
    bool text_key;
    const char* (*unavailable)(App& app);  // why it does not apply now; nullptr when it does
    void (*run)(App& app);
};

// Every action, in menu order.
std::span<const Action> actions();
// The action `id` (an unknown id is a programming error: it throws std::logic_error).
const Action& action(std::string_view id);

// A menu item for action `id`: its label (or `label` when given, as Undo's "Undo Paint"), its keys
// and enabled state from the table (a disabled item's tooltip says why); selected, it runs.
// `checked` shows a check mark.
void action_menu_item(App& app, std::string_view id, const char* label = nullptr, bool checked = false);

// The actions whose chord (or alternate) was pressed this frame: each runs, or says in the status bar
// why it does not apply. Under a dialog none runs: each says it waits. `typing`: a text field has the focus (its text keys are left to it).
void run_pressed_actions(App& app, bool typing);

}  // namespace tilelab::editor::panels
