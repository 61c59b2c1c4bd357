// Keyboard shortcuts (Tiled's keys where they exist) and the window that lists them.
#include <SDL.h>

#include "app.hpp"
#include "edits.hpp"
#include "kinds/edits_table.hpp"
#include "kinds/table.hpp"
#include "panels/actions.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

namespace {
struct Shortcut {
    const char* keys;
    const char* what;
};
// The one-key shortcuts and the mouse; the commands with a Ctrl or F key come from the action table
// (actions.hpp), listed after these.
constexpr Shortcut shortcut_list[] = {
    {"One-key shortcuts",
     "B, E, F, R, I, S, P, G, J, L, Z and 1-9, 0 below: also with Alt; with View > Single-key "
     "shortcuts off, with Alt only. The status bar says what each did."},
    {"B", "Brush"},
    {"E", "Eraser"},
    {"F", "Bucket fill"},
    {"Shift+F", "Fill the selection (or the ? cells) from the generator"},
    {"R", "Rectangle fill"},
    {"I", "Picker (or right click)"},
    {"S", "Select"},
    {"P", "Pair tool (link)"},
    {"J", "Paint jelly / board (match3)"},
    {"L", "Paint locks / board (match3)"},
    {"1-9, 0", "Pick the palette entry (in the Tools panel's order; 0 is the tenth)"},
    {"Drag a selection", "Move its cells (Select tool)"},
    {"Enter / Esc", "Confirm / close the dialog"},
    {"Z / Shift+Z", "Rotate the hovered line tile (or Ctrl+wheel)"},
    {"T", "Stamp: paint the chosen stamp (Tools > Stamps, made from a selection)"},
    {"X / Y", "Flip the selection horizontally / vertically"},
    {"Z / Shift+Z (with a selection)", "Rotate the selection clockwise / counterclockwise about its top-left corner"},
    {"Delete", "Erase the selection"},
    {"Esc", "Select none (or close the dialog)"},
    {"Wheel", "Zoom at the mouse"},
    {"Middle drag, Space+drag", "Pan"},
    {"G", "Grid"},
};

bool pressed(int scancode) { return ImGui::IsKeyPressed(scancode, false); }

// A one-key shortcut: its bare key (or Alt+key) while single-key shortcuts are on, Alt+key only
// when they are off; a bare key then does nothing but say so in the status bar.
bool one_key(App& app, int scancode) {
    if (!pressed(scancode)) return false;
    if (app.settings.single_key_shortcuts || ImGui::GetIO().KeyAlt) return true;
    app.status(std::string(SDL_GetScancodeName(static_cast<SDL_Scancode>(scancode))) +
               ": single-key shortcuts are off (View menu); Alt+" + SDL_GetScancodeName(static_cast<SDL_Scancode>(scancode)) +
               " does it");
    return false;
}

void set_tool(App& app, Tool tool, const char* key, const char* name) {
    app.tool = tool;
    app.status(std::string(key) + ": " + name);
}
}  // namespace

void draw_shortcuts_keys(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    // Typing in a field: plain keys are its text, and so are the Ctrl keys that edit text (A, C, X,
    // V, Z, Y). The file keys (Ctrl+N, O, S, Shift+S, W, Q, D, 0) still act, as in Tiled: a name typed
    // and saved with Ctrl+S goes into the file (fields write into the level as they change). A field
    // of a dialog that has just closed still counts as typing for a frame: its Ctrl+S is not lost.
    const bool typing = io.WantTextInput;
    Document* doc = app.active();
    bool ctrl = io.KeyCtrl, shift = io.KeyShift;
    run_pressed_actions(app, typing);  // the commands of the action table (actions.hpp)
    if (typing || ctrl || app.modal() != Modal::none) return;
    doc = app.active();  // an action may have opened or closed a level
    // Esc closes the shortcuts window first (as it closes a dialog), then selects none.
    if (pressed(SDL_SCANCODE_ESCAPE) && app.show_shortcuts) {
        app.show_shortcuts = false;
        app.trace("shortcuts window: closed");
        return;
    }
    if (app.play.active || !doc || io.WantCaptureKeyboard) return;
    if (one_key(app, SDL_SCANCODE_B)) set_tool(app, Tool::brush, "B", "brush");
    if (one_key(app, SDL_SCANCODE_E)) set_tool(app, Tool::eraser, "E", "eraser");
    if (one_key(app, SDL_SCANCODE_F)) {
        if (shift) fill_from_generator(app, *doc);
        else set_tool(app, Tool::bucket, "F", "bucket fill");
    }
    if (one_key(app, SDL_SCANCODE_R)) set_tool(app, Tool::rect, "R", "rectangle fill");
    if (one_key(app, SDL_SCANCODE_I)) set_tool(app, Tool::picker, "I", "picker");
    if (one_key(app, SDL_SCANCODE_S)) set_tool(app, Tool::select, "S", "select");
    if (one_key(app, SDL_SCANCODE_T)) set_tool(app, Tool::stamp, "T", "stamp");
    const EditorKind& editor = editor_kind(doc->level().kind);
    if (one_key(app, SDL_SCANCODE_P)) {
        if (editor.pair_tool) set_tool(app, Tool::pair, "P", "pair tool");
        else app.status("P: the pair tool is for link levels");
    }
    if (one_key(app, SDL_SCANCODE_G)) {
        app.settings.overlays.grid = !app.settings.overlays.grid;
        app.status(app.settings.overlays.grid ? "G: grid on" : "G: grid off (G again: on)");
    }
    const bool layers = kind_edits(doc->level().kind).layers;
    if (one_key(app, SDL_SCANCODE_J)) {
        if (layers) {
            app.brush.target = app.brush.target == PaintTarget::jelly ? PaintTarget::board : PaintTarget::jelly;
            app.status(app.brush.target == PaintTarget::jelly ? "J: the brush paints jelly (J again: the board)"
                                                              : "J: the brush paints the board");
        } else app.status("J: jelly is for match3 levels");
    }
    if (one_key(app, SDL_SCANCODE_L)) {
        if (layers) {
            app.brush.target = app.brush.target == PaintTarget::lock ? PaintTarget::board : PaintTarget::lock;
            app.status(app.brush.target == PaintTarget::lock ? "L: the brush paints locks (L again: the board)"
                                                             : "L: the brush paints the board");
        } else app.status("L: locks are for match3 levels");
    }
    if (pressed(SDL_SCANCODE_ESCAPE)) {
        doc->selection.active = false;
        app.pair_first.reset();
    }
    if (pressed(SDL_SCANCODE_DELETE) && doc->selection.active && app.layer(app.brush.target).locked) {
        app.status("Delete: the layer is locked (Layers)");
    } else if (pressed(SDL_SCANCODE_DELETE) && doc->selection.active) {
        Selection s = doc->selection;
        bool jelly = app.brush.target == PaintTarget::jelly, lock = app.brush.target == PaintTarget::lock;
        doc->change("Erase selection", [&](Level& l) { fill_rect(l, s.a, s.b, eraser_paint(l, jelly, lock)); });
    }
    // The number keys pick the palette's entries in order (1..9, 0 the tenth), as the Tools panel lists them.
    for (int digit = 0; digit <= 9; ++digit) {
        int code = digit == 0 ? SDL_SCANCODE_0 : SDL_SCANCODE_1 + digit - 1;
        if (!one_key(app, code)) continue;
        const Level& level = doc->level();
        std::optional<PaletteEntry> entry = palette_key(level, digit);
        if (!entry) {
            app.status("key " + std::to_string(digit) + ": the palette has only " +
                       std::to_string(palette_entries(level).size()) + " entries");
            continue;
        }
        app.brush.value[static_cast<std::size_t>(level.kind)] = entry->value;
        app.brush.target = PaintTarget::board;
        app.status("key " + std::to_string(digit) + ": " + entry->tip);
    }
    // Tiled's keys on a selection: X and Y flip it, Z and Shift+Z turn it.
    if (doc->selection.active && one_key(app, SDL_SCANCODE_X)) transform_selection(app, Transform::flip_x);
    if (doc->selection.active && one_key(app, SDL_SCANCODE_Y)) transform_selection(app, Transform::flip_y);
    if (doc->selection.active && one_key(app, SDL_SCANCODE_Z))
        transform_selection(app, shift ? Transform::rotate_ccw : Transform::rotate_cw);
    else if (editor.rotate_tile && one_key(app, SDL_SCANCODE_Z)) editor.rotate_tile(app, *doc, !shift);
}

void draw_shortcuts(App& app) {
    if (!app.show_shortcuts) return;
    ImGui::SetNextWindowSize(ImVec2(460, 560), ImGuiCond_FirstUseEver);
    if (ImGui::Begin("Keyboard shortcuts", &app.show_shortcuts)) {
        // Both columns wrap at their width: a narrow window shows every word, on more lines.
        if (ImGui::BeginTable("shortcuts", 2,
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthStretch, 0.4f);
            ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch, 0.6f);
            auto row = [](const char* keys, const char* what) {
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::TextWrapped("%s", keys);
                ImGui::TableSetColumnIndex(1);
                ImGui::TextWrapped("%s", what);
            };
            for (const Shortcut& s : shortcut_list) row(s.keys, s.what);
            for (const Action& a : actions())
                if (a.chord.scancode != 0) row(a.keys, a.label);
            ImGui::EndTable();
        }
    }
    ImGui::End();
}

}  // namespace tilelab::editor::panels
