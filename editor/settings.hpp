// Settings and recent files, kept between runs in $XDG_CONFIG_HOME/tilelab (or ~/.config/tilelab).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace tilelab::editor {

// Which overlays are on; kept between runs because a designer sets them up once.
struct OverlayToggles {
    bool grid = true;
    bool match_groups = true;
    bool hint_swaps = true;
    bool link_paths = true;
    bool link_hovered_only = false;
    bool line_groups = true;
    bool slide_legal = true;
    bool solution = false;
    friend bool operator==(const OverlayToggles&, const OverlayToggles&) = default;
};

struct Settings {
    std::vector<std::string> recent_files;  // most recent first, levels and packs
    std::vector<std::string> last_session;  // files open when the editor last quit
    OverlayToggles overlays;
    int live_budget_ms = 300;           // the solver's budget after every edit
    int quick_runs = 1000;              // playouts for the live pass rate (the CLI's default runs)
    int live_playout_budget_ms = 2000;  // ... stopped after this long (slide's bot is slow)
    int deep_runs = 10000;              // the most playouts "Run longer analysis" makes
    // ... which stop once the 95% interval's half-width is at most this (0: every one of them), as
    // `tilelab estimate --precision`.
    double deep_precision = 0.03;
    int deep_budget_ms = 10000;
    // Aiming (the Analysis panel's curve): the pass rate "Set moves" aims at, and how near is near
    // enough (as `tilelab tune --target --tolerance`).
    float aim_target = 0.4f;
    float aim_tolerance = 0.05f;
    // A calibration from `tilelab calibrate`: the predicted human pass rate shows beside the bot's.
    std::string calibration_file;
    int autosave_seconds = 2;
    // The one-key shortcuts (B, E, G, J, 1-9 ...): on, each acts on its bare key (and on Alt+key);
    // off (View > Single-key shortcuts), only Alt+key acts, so typing with no field focused
    // changes nothing. Either way the status bar says what the key did.
    bool single_key_shortcuts = true;
    // Stamps (Tiled's): rectangles of cells kept for reuse, each the text of a level file of its
    // size (the clipboard's format), painted whole by the Stamp tool. Kept across sessions.
    std::vector<std::string> stamps;
    // The side panels' widths as the designer dragged them: a small window draws them narrower
    // for the time being but never changes these; neither is kept below its minimum.
    float left_panel_width = 230;                        // the Tools panel, dragged by its edge
    float right_panel_width = 340;                       // the Inspector
    static constexpr float min_left_panel_width = 200;   // the tool names still whole
    static constexpr float min_right_panel_width = 200;  // the badge and the buttons wrap, still whole

    // The file exists but could not be read (an I/O error) or parsed (a trailing comma, a number
    // like 1e400): it is never overwritten with defaults. `problem` says which file and what is wrong.
    bool unreadable = false;
    std::string problem;

    void add_recent(const std::string& path);
    friend bool operator==(const Settings&, const Settings&) = default;
};

// The folder for settings and the autosaves of never-saved levels.
std::filesystem::path config_dir();
Settings load_settings(const std::filesystem::path& dir);
// Returns "" or an error; written with the one save routine (write_file_atomically), so a crash
// never leaves half a file. The editor writes it whenever it changes, not only at exit.
std::string save_settings(const std::filesystem::path& dir, const Settings& settings);

}  // namespace tilelab::editor
