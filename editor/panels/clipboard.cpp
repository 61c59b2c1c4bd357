// Copy, cut and paste of the selection through the system clipboard (ImGui's clipboard is SDL's),
// as the text of a level file of the selection's size: it can be pasted into another level of the
// kind, in this editor or another one, or saved as a file.
#include <string>

#include <imgui.h>

#include "app.hpp"
#include "edits.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

void copy_selection(App& app, bool cut) {
    Document* doc = app.active();
    if (!doc) return;
    if (!doc->selection.active) {
        app.status(std::string(cut ? "cut" : "copy") + ": nothing selected (drag a selection with the Select tool, S)");
        return;
    }
    const Selection s = doc->selection;
    std::string text = copy_cells(doc->level(), s.a, s.b);
    ImGui::SetClipboardText(text.c_str());
    const int w = s.x1() - s.x0() + 1, h = s.y1() - s.y0() + 1;
    std::string size = std::to_string(w) + "x" + std::to_string(h);
    if (cut) {
        doc->change("Cut", [&](Level& l) {
            fill_rect(l, s.a, s.b, eraser_paint(l, false));
            if (l.jelly) fill_rect(l, s.a, s.b, eraser_paint(l, true));
        });
        app.status("cut " + size + " cells to the clipboard");
    } else {
        app.status("copied " + size + " cells to the clipboard");
    }
}

void paste_clipboard(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    const char* text = ImGui::GetClipboardText();
    if (!text || !*text) {
        app.status("paste: the clipboard is empty");
        return;
    }
    const Level& level = doc->level();
    Cell at{0, 0};
    if (app.hovered && level.board.contains(*app.hovered)) at = *app.hovered;
    else if (doc->selection.active) at = {doc->selection.x0(), doc->selection.y0()};
    PasteResult result;
    std::string clip = text;
    doc->change("Paste", [&](Level& l) {
        Level before = l;
        result = paste_cells(l, clip, at);
        if (!result.error.empty()) l = before;
    });
    if (!result.error.empty()) {
        app.status("paste: " + result.error);
        return;
    }
    doc->selection = Selection{true, result.a, result.b};  // the pasted cells, ready to be dragged
    std::string message = "pasted at (" + std::to_string(result.a.x) + ", " + std::to_string(result.a.y) + ")";
    if (result.cut_off > 0) message += "; " + std::to_string(result.cut_off) + " cells fell outside the board";
    app.status(message);
}

void transform_selection(App& app, Transform t) {
    Document* doc = app.active();
    if (!doc || app.play.active) return;
    const char* names[] = {"Flip horizontally", "Flip vertically", "Rotate clockwise", "Rotate counterclockwise"};
    const char* name = names[static_cast<int>(t)];
    if (!doc->selection.active) {
        app.status(std::string(name) + ": select cells first (Select tool, S)");
        return;
    }
    Cell a = doc->selection.a, b = doc->selection.b;
    std::string error;
    doc->change(name, [&](Level& l) { error = transform_cells(l, a, b, t); });
    if (!error.empty()) {
        app.status(std::string(name) + ": " + error);
        return;
    }
    doc->selection = Selection{true, a, b};
    app.status(std::string(name) + ": " + std::to_string(b.x - a.x + 1) + "x" + std::to_string(b.y - a.y + 1) + " cells");
}

void duplicate_level(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    Level copy = doc->level();
    copy.id = new_level_id();  // runtimes keep players' progress by id: a copy is another level
    copy.name = copy.name.empty() ? "copy" : copy.name + " copy";
    app.new_level(copy);
    app.status("duplicated as \"" + copy.name + "\" (new id, not saved yet)");
}

}  // namespace tilelab::editor::panels
