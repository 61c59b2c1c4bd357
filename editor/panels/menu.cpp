// The main menu: File (new, open, recent, save, close, pack: new, save, add level, export bundle, close; quit),
// Edit (undo, redo, clipboard, selection), View, Help. Its commands come from the action table (actions.hpp).
#include <string>

#include "app.hpp"
#include "panels/actions.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

void draw_main_menu(App& app) {
    if (!ImGui::BeginMainMenuBar()) return;
    Document* doc = app.active();
    const bool file_menu = ImGui::BeginMenu("File");
    if (!file_menu) trace_last_item(app, "menu-file");  // open, the last item is its window
    if (file_menu) {
        action_menu_item(app, "file.new_level");
        action_menu_item(app, "file.open");
        if (ImGui::BeginMenu("Open recent", !app.settings.recent_files.empty())) {
            std::string chosen;
            for (const std::string& path : app.settings.recent_files)
                if (ImGui::MenuItem(path.c_str())) chosen = path;
            ImGui::EndMenu();
            if (!chosen.empty()) app.open_path(chosen);
        }
        ImGui::Separator();
        action_menu_item(app, "file.save");
        action_menu_item(app, "file.save_as");
        action_menu_item(app, "file.duplicate");
        trace_last_item(app, "menu-duplicate");
        action_menu_item(app, "file.close");
        ImGui::Separator();
        action_menu_item(app, "pack.new");
        trace_last_item(app, "menu-new-pack");
        action_menu_item(app, "pack.save");
        action_menu_item(app, "pack.add_file");
        action_menu_item(app, "pack.export");
        action_menu_item(app, "pack.close");
        ImGui::Separator();
        action_menu_item(app, "file.quit");
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        // Undo and Redo name the step ("Undo Paint").
        const bool can_undo = doc && doc->history().can_undo(), can_redo = doc && doc->history().can_redo();
        const std::string undo_label = can_undo ? "Undo " + doc->history().undo_label() : std::string("Undo");
        const std::string redo_label = can_redo ? "Redo " + doc->history().redo_label() : std::string("Redo");
        action_menu_item(app, "edit.undo", undo_label.c_str());
        action_menu_item(app, "edit.redo", redo_label.c_str());
        ImGui::Separator();
        action_menu_item(app, "edit.cut");
        action_menu_item(app, "edit.copy");
        action_menu_item(app, "edit.paste");
        ImGui::Separator();
        action_menu_item(app, "edit.select_none");
        ImGui::Separator();
        action_menu_item(app, "edit.flip_x");
        action_menu_item(app, "edit.flip_y");
        action_menu_item(app, "edit.rotate_cw");
        action_menu_item(app, "edit.rotate_ccw");
        ImGui::EndMenu();
    }
    const bool view_menu = ImGui::BeginMenu("View");
    if (!view_menu) trace_last_item(app, "menu-view");
    if (view_menu) {
        OverlayToggles& o = app.settings.overlays;
        action_menu_item(app, "view.fit");
        ImGui::MenuItem("Grid", "G", &o.grid);
        ImGui::MenuItem("Legend", nullptr, &app.show_legend);
        if (ImGui::MenuItem("Single-key shortcuts", nullptr, &app.settings.single_key_shortcuts))
            app.status(app.settings.single_key_shortcuts
                           ? "single-key shortcuts on: B, E, G, 1-9 ... act on their own key"
                           : "single-key shortcuts off: Alt+B, Alt+E, Alt+G, Alt+1 ... (F1 lists them)");
        trace_last_item(app, "menu-single-keys");
        action_menu_item(app, "view.playtest", nullptr, app.play.active);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        action_menu_item(app, "help.shortcuts", nullptr, app.show_shortcuts);
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

}  // namespace tilelab::editor::panels
