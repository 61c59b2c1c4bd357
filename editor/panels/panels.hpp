// The editor's panels: each is a draw(App&) in its own file; none keeps state of its own.
#pragma once
#include <filesystem>
#include <string>

#include <imgui.h>

#include "tilelab/palette.hpp"

namespace tilelab::editor {
class App;
class Document;
enum class BrowseFor;
enum class Transform;
}  // namespace tilelab::editor

namespace tilelab::editor::panels {

void draw_main_menu(App& app);                      // menu.cpp: File, Edit, View, Help
void draw_shortcuts_keys(App& app);                 // shortcuts.cpp: global keyboard shortcuts
void draw_shortcuts(App& app);                      // shortcuts.cpp: the shortcuts window
void draw_workspace(App& app);                      // workspace.cpp: places the windows below
void draw_tools(App& app);                          // tools.cpp: tools and the kind's palette
void fill_from_generator(App& app, Document& doc);  // tools.cpp: the selection or ? cells from the generator (Shift+F)
void draw_properties(App& app);                     // properties.cpp: name, id, size, seed, rules, goal
void draw_badge(App& app);                          // analysis.cpp: the verdict badge and what it rests on
void draw_analysis(App& app);                       // analysis.cpp: overlays and legend, solution, plots
// analysis.cpp: one legend row: the overlay's toggle, its colour, its name, and what it means on hover.
void legend_row(bool* toggle, const char* label, tilelab::Rgb colour, const char* meaning);
void draw_problems(App& app);  // problems.cpp: diagnostics and analysis warnings
void draw_pairs(App& app);     // pairs.cpp: link values with their counts
void draw_pack(App& app);      // pack.cpp: the open pack's levels
void save_pack(App& app);      // pack.cpp: writes the open pack (with a backup)
void export_bundle(App& app);  // pack.cpp: asks where (default: PACK.bundle.json beside the pack)
// pack.cpp: runs the check as `tilelab pack export` does and writes the bundle to `file` if it passes.
void export_bundle_to(App& app, const std::filesystem::path& file);
// The Pack panel's "Write report...": `tilelab pack report`'s HTML page, from the same check, in a
// file chosen in the browser (PACK.html proposed); written whether the check passes or not.
void write_report(App& app);
void write_report_to(App& app, const std::filesystem::path& file);
void add_level_file(App& app, const std::filesystem::path& file);       // pack.cpp: a level file, if it loads
void open_pack_browser(App& app, BrowseFor purpose, std::string name);  // pack.cpp: in the pack's folder
void open_new_pack(App& app);                                           // pack.cpp: File > New pack...
void create_pack(App& app, std::filesystem::path file);                 // pack.cpp: an empty pack, written at once
void analyse_pack(App& app);     // pack.cpp: "Analyse pack" (--deep starts it with a pack open)
void poll_pack(App& app);        // pack.cpp, every frame: finished checks and exports, level names
void close_pack(App& app);       // pack.cpp: asks once more when the pack has unsaved edits
void stop_pack_check(App& app);  // pack.cpp, at exit: cancels the check and waits a moment for it
void draw_playtest(App& app);    // playtest.cpp: score, moves left, restart
void draw_status_bar(App& app);  // status_bar.cpp: hovered cell, messages
// The modals: the app shows one at a time (App::modal); draw_modals draws it.
void draw_modals(App& app);  // modals.cpp: the modal on top, and nothing else
// modals.cpp: opens (if needed) and begins the modal popup `title`, centred; false: not shown.
bool begin_modal(const char* title, ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize);
bool modal_escape();                          // modals.cpp: Esc pressed this frame (closes the top modal)
bool modal_enter();                           // modals.cpp: Enter pressed this frame (confirms it)
void draw_quit_prompt(App& app);              // prompts.cpp: unsaved changes before quitting
void draw_close_prompt(App& app);             // prompts.cpp: unsaved changes before closing a tab
void draw_recovery_prompt(App& app);          // prompts.cpp: autosaved work after a crash
void draw_file_browser(App& app);             // file_browser.cpp: open and save as
void open_browser(App& app, bool save_mode);  // file_browser.cpp: the Open or Save As dialog
void draw_new_level(App& app);                // new_level.cpp: the new level dialog
void open_new_level(App& app);                // new_level.cpp: Ctrl+N, File > New level

// clipboard.cpp: Ctrl+C / Ctrl+X (cut: copy, then erase) the selection as level JSON on the system
// clipboard; Ctrl+V pastes it at the hovered cell (else the selection's corner, else 0,0).
void copy_selection(App& app, bool cut);
void paste_clipboard(App& app);
// Flips or rotates the selection's cells (X, Y, Z / Shift+Z; Edit menu): one undo step.
void transform_selection(App& app, Transform t);
// File > Duplicate level (Ctrl+D): a copy in a new unsaved tab, with a new id and " copy" named.
void duplicate_level(App& app);

// playtest.cpp: starting play, and the canvas' input while playing.
void start_playtest(App& app, Document& doc);
// tools.cpp: a palette swatch drawn with the canvas' own painter (`jelly` layers; `lock` 1 a padlock,
// 0 the padlock struck through, -1 none); true when clicked.
bool palette_swatch(App& app, const Level& level, std::int32_t value, bool selected, const char* tip, int jelly = 0,
                    int lock = -1);
// Plays a move on the play-test's own thread (ignored while one is under way); the kinds' input calls it.
void play_move(App& app, const Move& move);
void playtest_canvas(App& app, Document& doc, ImDrawList* list, ImVec2 origin, float size, bool hovered, bool activated,
                     bool active);

}  // namespace tilelab::editor::panels
