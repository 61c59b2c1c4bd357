// The main menu: File (new, open, recent, save, close, pack: new, save, add level, export bundle, close; quit), Edit (undo, redo), View, Help.
#include <string>

#include "app.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {


void draw_main_menu(App& app) {
    if (!ImGui::BeginMainMenuBar()) return;
    Document* doc = app.active();
    const bool file_menu = ImGui::BeginMenu("File");
    if (!file_menu) trace_last_item(app, "menu-file");  // open, the last item is its window
    if (file_menu) {
        if (ImGui::MenuItem("New level...", "Ctrl+N")) open_new_level(app);
        if (ImGui::MenuItem("Open...", "Ctrl+O")) open_browser(app, false);
        if (ImGui::BeginMenu("Open recent", !app.settings.recent_files.empty())) {
            std::string chosen;
            for (const std::string& path : app.settings.recent_files)
                if (ImGui::MenuItem(path.c_str())) chosen = path;
            ImGui::EndMenu();
            if (!chosen.empty()) app.open_path(chosen);
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Save", "Ctrl+S", false, doc != nullptr)) app.save_active();
        if (ImGui::MenuItem("Save as...", "Ctrl+Shift+S", false, doc != nullptr)) open_browser(app, true);
        if (ImGui::MenuItem("Duplicate level", "Ctrl+D", false, doc != nullptr)) duplicate_level(app);
        trace_last_item(app, "menu-duplicate");
        if (ImGui::MenuItem("Close", "Ctrl+W", false, doc != nullptr)) app.request_close(doc->id());
        ImGui::Separator();
        if (ImGui::MenuItem("New pack...")) open_new_pack(app);
        trace_last_item(app, "menu-new-pack");
        if (ImGui::MenuItem("Save pack", nullptr, false, app.pack && app.pack->dirty)) save_pack(app);
        if (ImGui::MenuItem("Add level file to pack...", nullptr, false, app.pack.has_value()))
            open_pack_browser(app, BrowseFor::pack_level, "");
        // Always enabled with a pack open: a refused export says why in the status bar.
        if (ImGui::MenuItem("Export bundle...", nullptr, false, app.pack.has_value())) export_bundle(app);
        if (ImGui::MenuItem("Close pack", nullptr, false, app.pack.has_value())) close_pack(app);
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) app.request_quit();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        bool can_undo = doc && doc->history().can_undo(), can_redo = doc && doc->history().can_redo();
        std::string undo_label = can_undo ? "Undo " + doc->history().undo_label() : std::string("Undo");
        std::string redo_label = can_redo ? "Redo " + doc->history().redo_label() : std::string("Redo");
        if (ImGui::MenuItem(undo_label.c_str(), "Ctrl+Z", false, can_undo)) app.undo();
        if (ImGui::MenuItem(redo_label.c_str(), "Ctrl+Shift+Z / Ctrl+Y", false, can_redo)) app.redo();
        ImGui::Separator();
        const bool selected = doc && doc->selection.active && !app.play.active;
        if (ImGui::MenuItem("Cut", "Ctrl+X", false, selected)) copy_selection(app, true);
        if (ImGui::MenuItem("Copy", "Ctrl+C", false, selected)) copy_selection(app, false);
        if (ImGui::MenuItem("Paste", "Ctrl+V", false, doc && !app.play.active)) paste_clipboard(app);
        ImGui::Separator();
        if (ImGui::MenuItem("Select none", "Esc", false, doc && doc->selection.active)) doc->selection.active = false;
        ImGui::Separator();
        if (ImGui::MenuItem("Flip selection horizontally", "X", false, selected)) transform_selection(app, Transform::flip_x);
        if (ImGui::MenuItem("Flip selection vertically", "Y", false, selected)) transform_selection(app, Transform::flip_y);
        if (ImGui::MenuItem("Rotate selection clockwise", "Z", false, selected)) transform_selection(app, Transform::rotate_cw);
        if (ImGui::MenuItem("Rotate selection counterclockwise", "Shift+Z", false, selected))
            transform_selection(app, Transform::rotate_ccw);
        ImGui::EndMenu();
    }
    const bool view_menu = ImGui::BeginMenu("View");
    if (!view_menu) trace_last_item(app, "menu-view");
    if (view_menu) {
        OverlayToggles& o = app.settings.overlays;
        if (ImGui::MenuItem("Fit to window", "Ctrl+0", false, doc != nullptr)) doc->camera.fit = true;
        ImGui::MenuItem("Grid", "G", &o.grid);
        ImGui::MenuItem("Legend", nullptr, &app.show_legend);
        if (ImGui::MenuItem("Single-key shortcuts", nullptr, &app.settings.single_key_shortcuts))
            app.status(app.settings.single_key_shortcuts ? "single-key shortcuts on: B, E, G, 1-9 ... act on their own key"
                                                         : "single-key shortcuts off: Alt+B, Alt+E, Alt+G, Alt+1 ... (F1 lists them)");
        trace_last_item(app, "menu-single-keys");
        if (ImGui::MenuItem("Play-test", "F5", app.play.active, doc != nullptr)) { if (app.play.active) app.play.active = false; else start_playtest(app, *doc); }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Keyboard shortcuts", "F1")) app.show_shortcuts = true;
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

}  // namespace tilelab::editor::panels
