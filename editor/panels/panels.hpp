// The editor's panels: each is a draw(App&) in its own file; none keeps state of its own.
#pragma once
#include <imgui.h>

namespace tilelab::editor {
class App;
class Document;
}

namespace tilelab::editor::panels {

void draw_main_menu(App& app);        // menu.cpp: File, Edit, View, Help
void draw_shortcuts_keys(App& app);   // shortcuts.cpp: global keyboard shortcuts
void draw_shortcuts(App& app);        // shortcuts.cpp: the shortcuts window
void draw_workspace(App& app);        // workspace.cpp: places the windows below
void draw_tools(App& app);            // tools.cpp: tools and the kind's palette
void draw_properties(App& app);       // properties.cpp: name, id, size, seed, rules, goal
void draw_analysis(App& app);         // analysis.cpp: verdict, overlays and legend, solution, plots
void draw_problems(App& app);         // problems.cpp: diagnostics and analysis warnings
void draw_pairs(App& app);            // pairs.cpp: link values with their counts
void draw_pack(App& app);             // pack.cpp: the open pack's levels
void save_pack(App& app);             // pack.cpp: writes the open pack (with a backup)
void export_bundle(App& app);         // pack.cpp: the bundle beside the pack, if the check passed
bool can_export(const App& app);      // pack.cpp: an up-to-date analysis passed
void draw_playtest(App& app);         // playtest.cpp: score, moves left, restart
void draw_status_bar(App& app);       // status_bar.cpp: hovered cell, messages
void draw_prompts(App& app);          // prompts.cpp: unsaved changes, recovery
void draw_file_browser(App& app);     // file_browser.cpp: open and save as
void draw_new_level(App& app);        // new_level.cpp: the new level dialog

// playtest.cpp: starting play, and the canvas' input while playing.
void start_playtest(App& app, Document& doc);
void playtest_canvas(App& app, Document& doc, ImDrawList* list, ImVec2 origin, float size, bool hovered,
                     bool activated, bool active);

}  // namespace tilelab::editor::panels
