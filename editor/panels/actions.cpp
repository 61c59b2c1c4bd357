// The table of the editor's commands (actions.hpp) and the two readers every command goes through:
// the menu item and the key.
#include "panels/actions.hpp"

#include <SDL.h>

#include <stdexcept>
#include <string>

#include "app.hpp"
#include "edits.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

namespace {

// When an action does not apply: why (a key pressed then says it in the status bar); nullptr: it does.
const char* always(App&) { return nullptr; }
const char* has_level(App& app) { return app.active() ? nullptr : "no level is open"; }
const char* editing(App& app) {
    if (!app.active()) return "no level is open";
    return app.play.active ? "play-test is on (F5 goes back to editing)" : nullptr;
}
const char* has_selection(App& app) {
    if (const char* why = editing(app)) return why;
    return app.active()->selection.active ? nullptr : "nothing selected (drag a selection with the Select tool, S)";
}
const char* can_undo(App& app) {
    if (const char* why = editing(app)) return why;
    return app.active()->history().can_undo() ? nullptr : "nothing to undo";
}
const char* can_redo(App& app) {
    if (const char* why = editing(app)) return why;
    return app.active()->history().can_redo() ? nullptr : "nothing to redo";
}
const char* has_pack(App& app) { return app.pack ? nullptr : "no pack is open"; }
const char* pack_edited(App& app) {
    if (const char* why = has_pack(app)) return why;
    return app.pack->dirty ? nullptr : "the pack has no unsaved edits";
}

void toggle_playtest(App& app) {
    if (app.play.active) app.play.active = false;
    else if (Document* doc = app.active()) start_playtest(app, *doc);
}

void toggle_shortcuts_window(App& app) {
    app.show_shortcuts = !app.show_shortcuts;
    app.trace(app.show_shortcuts ? "shortcuts window: open" : "shortcuts window: closed");
}

constexpr int S(SDL_Scancode code) { return static_cast<int>(code); }
constexpr Chord ctrl(SDL_Scancode code, bool shift = false) { return {S(code), true, shift}; }
constexpr Chord key(SDL_Scancode code) { return {S(code), false, false}; }

const Action table[] = {
    {"file.new_level", "New level...", "Ctrl+N", ctrl(SDL_SCANCODE_N), {}, false, always, open_new_level},
    {"file.open", "Open...", "Ctrl+O", ctrl(SDL_SCANCODE_O), {}, false, always, [](App& app) { open_browser(app, false); }},
    {"file.save", "Save", "Ctrl+S", ctrl(SDL_SCANCODE_S), {}, false, has_level, [](App& app) { app.save_active(); }},
    {"file.save_as",
     "Save as...",
     "Ctrl+Shift+S",
     ctrl(SDL_SCANCODE_S, true),
     {},
     false,
     has_level,
     [](App& app) { open_browser(app, true); }},
    {"file.duplicate", "Duplicate level", "Ctrl+D", ctrl(SDL_SCANCODE_D), {}, false, editing, duplicate_level},
    {"file.close",
     "Close",
     "Ctrl+W",
     ctrl(SDL_SCANCODE_W),
     {},
     false,
     has_level,
     [](App& app) { app.request_close(app.active()->id()); }},
    {"pack.new", "New pack...", nullptr, {}, {}, false, always, open_new_pack},
    {"pack.save", "Save pack", nullptr, {}, {}, false, pack_edited, save_pack},
    {"pack.add_file",
     "Add level file to pack...",
     nullptr,
     {},
     {},
     false,
     has_pack,
     [](App& app) { open_pack_browser(app, BrowseFor::pack_level, ""); }},
    // Enabled with a pack open: a refused export says why in the status bar.
    {"pack.export", "Export bundle...", nullptr, {}, {}, false, has_pack, export_bundle},
    {"pack.close", "Close pack", nullptr, {}, {}, false, has_pack, close_pack},
    {"file.quit", "Quit", "Ctrl+Q", ctrl(SDL_SCANCODE_Q), {}, false, always, [](App& app) { app.request_quit(); }},

    {"edit.undo", "Undo", "Ctrl+Z", ctrl(SDL_SCANCODE_Z), {}, true, can_undo, [](App& app) { app.undo(); }},
    {"edit.redo", "Redo", "Ctrl+Shift+Z / Ctrl+Y", ctrl(SDL_SCANCODE_Z, true), ctrl(SDL_SCANCODE_Y), true, can_redo,
     [](App& app) { app.redo(); }},
    {"edit.cut", "Cut", "Ctrl+X", ctrl(SDL_SCANCODE_X), {}, true, has_selection, [](App& app) { copy_selection(app, true); }},
    {"edit.copy", "Copy", "Ctrl+C", ctrl(SDL_SCANCODE_C), {}, true, has_selection, [](App& app) { copy_selection(app, false); }},
    {"edit.paste", "Paste", "Ctrl+V", ctrl(SDL_SCANCODE_V), {}, true, editing, paste_clipboard},
    // Esc, X, Y and Z are one-key shortcuts (shortcuts.cpp: Alt forms, the single-key setting).
    {"edit.select_none",
     "Select none",
     "Esc",
     {},
     {},
     false,
     has_selection,
     [](App& app) { app.active()->selection.active = false; }},
    {"edit.flip_x",
     "Flip selection horizontally",
     "X",
     {},
     {},
     false,
     has_selection,
     [](App& app) { transform_selection(app, Transform::flip_x); }},
    {"edit.flip_y",
     "Flip selection vertically",
     "Y",
     {},
     {},
     false,
     has_selection,
     [](App& app) { transform_selection(app, Transform::flip_y); }},
    {"edit.rotate_cw",
     "Rotate selection clockwise",
     "Z",
     {},
     {},
     false,
     has_selection,
     [](App& app) { transform_selection(app, Transform::rotate_cw); }},
    {"edit.rotate_ccw",
     "Rotate selection counterclockwise",
     "Shift+Z",
     {},
     {},
     false,
     has_selection,
     [](App& app) { transform_selection(app, Transform::rotate_ccw); }},

    {"view.fit",
     "Fit to window",
     "Ctrl+0",
     ctrl(SDL_SCANCODE_0),
     {},
     false,
     has_level,
     [](App& app) { app.active()->camera.fit = true; }},
    {"view.playtest", "Play-test", "F5", key(SDL_SCANCODE_F5), {}, false, has_level, toggle_playtest},

    {"help.shortcuts", "Keyboard shortcuts", "F1", key(SDL_SCANCODE_F1), {}, false, always, toggle_shortcuts_window},
};

bool pressed(const Chord& chord, const ImGuiIO& io) {
    return chord.scancode != 0 && chord.ctrl == io.KeyCtrl && chord.shift == io.KeyShift &&
           ImGui::IsKeyPressed(chord.scancode, false);
}

}  // namespace

std::span<const Action> actions() { return table; }

const Action& action(std::string_view id) {
    for (const Action& a : table)
        if (id == a.id) return a;
    throw std::logic_error("no editor action '" + std::string(id) + "'");
}

void action_menu_item(App& app, std::string_view id, const char* label, bool checked) {
    const Action& a = action(id);
    const char* why_not = a.unavailable(app);
    if (ImGui::MenuItem(label ? label : a.label, a.keys, checked, why_not == nullptr)) a.run(app);
    if (why_not && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", why_not);
}

void run_pressed_actions(App& app, bool typing) {
    const ImGuiIO& io = ImGui::GetIO();
    for (const Action& a : table) {
        if (!pressed(a.chord, io) && !pressed(a.alternate, io)) continue;
        if (typing && (a.text_key || !a.chord.ctrl)) continue;  // the field's key
        std::string name = a.label;                             // "Open..." waits as "Open"
        if (name.ends_with("...")) name.resize(name.size() - 3);
        if (app.modal_blocks(name)) continue;  // under a dialog: it says it waits
        if (const char* why_not = a.unavailable(app)) app.status(std::string(a.keys) + ": " + why_not);
        else a.run(app);
    }
}

}  // namespace tilelab::editor::panels
