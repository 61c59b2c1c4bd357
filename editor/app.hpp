// The editor application: documents, tools, settings and the analysis workers; UI thread only.
#pragma once
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <list>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <stop_token>
#include <vector>

#include "document.hpp"
#include "recovery.hpp"
#include "settings.hpp"
#include "tilelab/analysis/calibration.hpp"
#include "tilelab/analysis/tune.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/pack/cache.hpp"
#include "tilelab/pack/ramp.hpp"
#include "tilelab/pack/pack.hpp"
#include "worker.hpp"

namespace tilelab::editor {

// What the command line asked for (main.cpp parses it).
struct Options {
    std::vector<std::string> files;
    int window_width = 1280;
    int window_height = 800;
    std::string screenshot;     // write the framebuffer here after `frames` frames, then exit
    int frames = 0;             // 0: run until the user quits
    bool print_layout = false;  // print the board's place on screen (for tests)
    int frame_stats = 0;        // print the UI thread's CPU time per frame over N frames, then exit
    bool trace = false;         // print prompts and saves on stdout (for tests)
    std::string play_test;      // start in play-test mode (tests)
    bool deep = false;          // start the longer analysis at once (frame stats under load)
};

enum class Tool { brush, eraser, bucket, rect, picker, select, pair, stamp };

// Where the brush paints: the board, or match3's jelly or lock layer.
enum class PaintTarget { board, jelly, lock };

struct Brush {
    PaintTarget target = PaintTarget::board;
    std::array<std::int32_t, kind_count> value{0, 1, 15, 2, 0};  // per kind: a colour, a value, a mask, a tile, a colour
    int jelly = 1;                                            // layers painted by the jelly brush
    int lock = 1;                                             // the lock brush: 1 locks, 0 unlocks
};

// What the file browser picks a file for: a level or pack to open or save, a level to add to the
// open pack, or where to export the pack's bundle.
enum class BrowseFor { level, pack_level, bundle, report, new_pack };

// The file browser dialog's state (open, or save as).
struct FileBrowser {
    bool open = false;
    bool save_mode = false;
    std::filesystem::path folder;
    std::string name;  // the file name typed or picked
    std::string error;
    BrowseFor purpose = BrowseFor::level;
    bool focus_name = false;  // give the name field the keyboard focus (until it has it)
    int focus_wait = 0;       // frames until the focus is asked for again
    // Save as onto an existing file that is not the level's own: the first Save warns and arms
    // this with the file; a second Save of the same file replaces it (its old text kept as .bak).
    std::filesystem::path replace_armed;
};

struct NewLevelDialog {
    bool open = false;
    int kind = 0;
    int width = 8;
    int height = 8;
    int colors = 5;
    // The move limit offered per kind (match3, link, lines, slide, collapse): a link level is cleared in one
    // move a pair and a 2048 game runs long, so those start without a limit; each kind keeps what
    // the designer typed for it while the dialog is open.
    int moves[kind_count] = {20, 0, 20, 0, 25};
    bool sum_pairing = false;
    int sum = 10;
};

// A play-test start or move on its own thread (one match3 move of two colours on 256x256 cascades
// for a second): the thread owns copies of what it reads and sets `done` last; the UI takes the
// result on a later frame and ignores play input meanwhile.
struct PlayJob {
    std::optional<Move> move;  // unset: the level's start state
    StepResult step;           // the move's result; for a start, step.state is the start state
    std::string error;         // what the kind threw
    std::chrono::steady_clock::time_point started;
    bool working_traced = false;  // UI thread only: "play-test: working" printed for this job
    std::atomic<bool> done{false};
};

// Play the active level with the real rules (issue 7.10).
struct PlayTest {
    std::shared_ptr<PlayJob> job;  // running (or finished, not yet taken); null when idle
    bool active = false;
    int document_id = 0;
    Level level;  // the level as it was when play started
    State state;
    std::vector<Move> moves;
    std::optional<Cell> first;  // the first cell of a two-click move
    std::optional<Cell> drag_from;
    std::string message;
};

// One "Analyse pack" run on its own thread, with a copy of the pack as it was when asked.
// The worker writes `report` and then sets `done`; the UI reads `report` only after `done`.
struct PackCheckRun {
    std::uint64_t revision = 0;  // the pack's revision it was made from
    pack::CheckProgress progress;
    std::atomic<bool> done{false};
    std::optional<pack::PackReport> report;
    std::stop_source stop;            // Cancel; the detached thread keeps the run alive until it returns
    std::filesystem::path export_to;  // an export: the bundle is written here when the check passes
    bool html = false;                // ... or, set, the HTML report is written there (pass or fail)
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

// The Pack panel's "Ramp..." run: `tilelab pack tune --ramp FIRST:LAST --dry-run` on its own thread;
// its rows are written to the level files by "Write" only when every level is on its target.
struct RampRun {
    double first = 0.85, last = 0.35;
    pack::RampProgress progress;
    std::atomic<bool> done{false};
    std::vector<pack::RampRow> rows;  // set when done
    std::string error;                // a level that does not load, or a failed tune (nothing to write)
    std::stop_source stop;            // Cancel; the detached thread keeps the run alive until it returns
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    bool reported = false;  // its end said in the status bar (UI thread only)
    bool shown = false;     // its table scrolled into sight once (UI thread only)
};

// What the Pack panel shows of a level before any analysis, read from its file when the pack opens
// (and again when the file changes on disk).
struct PackLevelInfo {
    bool valid = false;
    std::string name, id;
    Kind kind{};  // the first kind
    int width = 0, height = 0;
    std::string problem;  // the reader's first message when the file does not load
    std::filesystem::file_time_type modified{};
    std::shared_ptr<const Level> level;  // the level as read (the row's thumbnail)
};

// The editor's pack check: exactly the command line's defaults (each kind's own bot, 1000 runs,
// seed 0), so the Pack panel, the badge and `tilelab pack check` give one figure. It runs in the
// background with progress and cancel (the demo pack: about two minutes on one thread); the
// greedy bot is a check box away. Threads do not change the figures.
inline pack::CheckOptions editor_check_options() {
    pack::CheckOptions options;
    options.threads = 1;
    // The check cache in the user's cache folder: a level analysed before, unchanged, is read back
    // (docs/editor.md "Pack panel").
    options.cache_dir = pack::default_cache_dir();
    return options;
}

// The open pack, if any: its levels listed in the Pack panel, edited in memory until "Save pack".
struct OpenPack {
    OpenPack() = default;
    OpenPack(const OpenPack&) = delete;
    OpenPack& operator=(const OpenPack&) = delete;
    // Closing the pack, or opening another, cancels its running check; the thread owns all it reads.
    ~OpenPack() {
        if (check) check->stop.request_stop();
        if (ramp) ramp->stop.request_stop();
    }

    std::filesystem::path path;
    Pack pack;
    bool dirty = false;                      // edited since opened or saved
    std::uint64_t revision = 1;              // bumped on every edit; stale analyses are dropped
    int selected = 0;                        // the level the Pack panel's buttons act on
    std::shared_ptr<PackCheckRun> check;     // the running (or just finished) analysis
    std::vector<std::string> row_states;     // each row's state while a check runs, as last traced
    std::optional<pack::PackReport> report;  // the last analysis of revision `report_revision`
    std::uint64_t report_revision = 0;
    pack::CheckOptions options = editor_check_options();   // analysis and export alike
    std::map<std::string, PackLevelInfo> level_info;       // by the path as the pack lists it
    std::chrono::steady_clock::time_point info_checked{};  // when the files' times were last looked at
    bool close_armed = false;                              // "Close pack" clicked once on a pack with unsaved edits
    bool ramp_shown = false;                               // the "Ramp..." section is open
    float ramp_first = 85, ramp_last = 35;                 // its fields, in percent
    std::shared_ptr<RampRun> ramp;                         // the running or last ramp
};

struct Layout {
    float x0 = 0, y0 = 0, cell = 0;
    int width = 0, height = 0;
    bool operator==(const Layout&) const = default;
};

// The one modal dialog on screen (issue 12). The app owns it: nothing opens a second one over it
// (a shortcut that would is ignored, with a message), Esc closes it, Enter confirms it. The quit
// prompt (the window's close button, SIGTERM) goes over any other, which comes back when the quit
// is cancelled. panels/modals.cpp draws it.
enum class Modal { none, quit, close, browser, new_level, recovery };
const char* modal_name(Modal modal);

class App {
public:
    explicit App(Options options);
    ~App();

    // One frame of UI: poll the workers, run timers, draw every panel.
    void frame(double seconds_since_last);
    bool wants_exit() const { return exit_now; }
    // The window's close button or SIGTERM: asks about unsaved changes first.
    void request_quit();
    // Saves the session and settings and cancels the workers (idempotent; the destructor calls it).
    void shutdown();
    bool shut_down = false;

    // ---- Documents ----
    Document* active();
    Document* find(int document_id);
    void open_path(const std::filesystem::path& path);
    void open_level_file(const std::filesystem::path& path);
    // A file that could not be opened: every diagnostic on stderr (and in --trace), the file
    // listed with them all in the Problems panel until it opens or is dismissed; the file is
    // left untouched and no blank level takes its place.
    struct OpenFailure {
        std::filesystem::path path;
        Diagnostics diagnostics;
    };
    std::vector<OpenFailure> open_failures;
    // A file that did not open has a tab of its own, and its errors are listed in Problems only
    // while that tab is in front (the failed file's errors belong to it, not to the other levels).
    std::filesystem::path shown_failure;   // the failure whose tab is in front ("" when a level's is)
    std::filesystem::path select_failure;  // bring this failure's tab to the front on the next frame
    void report_open_failure(const std::filesystem::path& path, const Diagnostics& diagnostics);
    void add_document(std::unique_ptr<Document> document);
    void new_level(const Level& level);
    void request_close(int document_id);
    void close_now(int document_id);
    void save_active();
    void save_active_as(const std::filesystem::path& path);
    // Saves `doc` to `path` (its own file or a new one), drops its old autosave, remembers the file.
    void save_to(Document& doc, const std::filesystem::path& path);
    void undo();
    void redo();
    // Recovers one autosave found after a crash into a tab (its file's, opened if need be), unsaved.
    void recover(const RecoveryOffer& offer);
    // Removes one autosave found after a crash (the designer chose Discard).
    void discard_recovery(const RecoveryOffer& offer);
    // "Quit without saving": the unsaved work is discarded on purpose, so its autosaves go too.
    void discard_unsaved_autosaves();
    // Writes the settings (recent files, the last session, toggles) when they differ from the file's.
    void persist_settings();

    // ---- Analysis ----
    void run_deep_analysis();
    // "Set moves for P%": `tilelab tune --target P --tolerance T --runs quick_runs` on the deep
    // worker; its result sets the move limit (one undo step) when it is within the tolerance.
    void run_aim();
    // The bot ladder: `tilelab estimate --bot B --runs quick_runs` for each bot of the kind, from
    // the most careless player to the most careful (match3 random, greedy, lookahead, mcts).
    void run_ladder();
    // The command line's playouts (`quick_runs` runs, seed 0, the kind's own bot, one thread): what
    // run_aim's and run_ladder's tasks play.
    EstimateOptions command_line_playouts() const;
    // The calibration of settings.calibration_file (reloaded when the setting changes), or null.
    const calibration::Calibration* calibration();
    std::string calibration_error;  // why the calibration file could not be used ("" when it could)
    // The current analysis of the active document, or nullptr when it is stale or missing.
    const Analysis* current_analysis(const Document& document) const;
    const EstimateResult* current_estimate(const Document& document) const;

    void trace(const std::string& line) const;
    void status(std::string message);

    Options options;
    std::filesystem::path config;
    Settings settings;
    Settings written_settings;                    // what the settings file holds (persist_settings)
    std::optional<OverlayToggles> user_overlays;  // the saved toggles while --overlays overrides them
    std::vector<std::unique_ptr<Document>> documents;
    int active_id = 0;
    int select_tab_id = 0;  // the tab to bring to front on the next frame

    Tool tool = Tool::brush;
    Brush brush;
    std::optional<Cell> pair_first;  // the pair tool placed its first tile here
    std::optional<Cell> hovered;
    std::optional<Cell> stroke_last;          // the brush's last cell in this stroke
    std::optional<Cell> lock_refused;         // the lock brush's last refused cell (said once in the status bar)
    bool stroking = false;                    // the canvas opened the document's gesture (brush or eraser)
    int stamp = -1;                           // the stamp the Stamp tool paints (an index in settings.stamps)
    bool mirror_x = false, mirror_y = false;  // symmetry painting: the brush and eraser mirror each cell
    // The Layers list (match3: the board, jelly, locks), as in Tiled: a hidden layer is not drawn
    // on the canvas; a locked one takes no painting (brush, eraser, fills, Delete).
    struct LayerState {
        bool visible = true;
        bool locked = false;
    };
    std::array<LayerState, 3> layers{};  // indexed by PaintTarget
    LayerState& layer(PaintTarget target) { return layers[static_cast<std::size_t>(target)]; }
    std::optional<Cell> rect_start;          // rectangle fill and select: where the drag began
    std::optional<Cell> move_from, move_to;  // select: dragging the selection's cells from, to
    bool panning = false;
    std::uint64_t fill_seed = 1;

    AnalysisWorker live_worker;
    AnalysisWorker deep_worker;
    std::uint64_t live_requested_revision = 0;
    std::uint64_t first_figure_revision = 0;  // the revision whose first badge figure was traced
    int live_requested_document = 0;
    // The live analysis reused: the last finished results by the level's canonical text, so an undo,
    // a redo or a stroke painted back shows its badge at once (the same level gives the same figure:
    // playouts are seeded). Only whole estimates are kept (none stopped by the time budget).
    struct LiveResult {
        std::string level_text;
        std::optional<Analysis> analysis;
        std::shared_ptr<const EstimateResult> estimate;  // shared with the view that showed it
        double elapsed_ms = 0.0;
    };
    std::list<LiveResult> live_results;
    std::string live_requested_text;  // the canonical text of the level the live job was given
    AnalysisView deep_view;           // the long analysis (revision-tagged like every result)
    int deep_document = 0;
    // The last "Set moves" run: its curve stays on show for the level it set (the games are the
    // same whatever the limit, so the curve still holds after the limit changed).
    struct AimView {
        int document_id = 0;
        std::uint64_t revision = 0;  // the document's revision the result describes (after the edit)
        // The level it was made from less its move limit: the curve holds for every level equal
        // to it but for the limit (undo, redo and typed limits keep it on show).
        std::optional<Level> without_limit;
        // Whether the document still equals it (but for the limit), worked out once a revision
        // rather than by copying the level every frame.
        std::uint64_t holds_revision = UINT64_MAX;  // none worked out yet
        bool holds = false;
        bool running = false;
        double target = 0.4;
        std::optional<TuneResult> result;
        std::string message;  // what happened, as the panel says it
    } aim_view;
    struct LadderView {
        int document_id = 0;
        std::uint64_t revision = 0;
        bool running = false;
        std::vector<std::pair<std::string, EstimateResult>> results;
        std::string message;
    } ladder_view;
    std::optional<calibration::Calibration> loaded_calibration;
    std::string loaded_calibration_path;

    FileBrowser browser;
    NewLevelDialog new_dialog;
    PlayTest play;
    std::optional<OpenPack> pack;
    std::vector<RecoveryOffer> recovery;
    bool recovery_prompt_traced = false;
    bool quit_prompt = false;
    bool quit_prompt_traced = false;
    int close_prompt_document = 0;
    // ---- Modals ----
    Modal modal() const;  // the modal on top now (Modal::none: no dialog)
    // True when a modal is up, after saying in the status bar that `what` waits for it: the
    // caller then opens nothing.
    bool modal_blocks(const std::string& what);
    Modal modal_shown = Modal::none;  // the modal drawn in the last frame

    bool show_shortcuts = false;
    bool show_legend = true;
    bool show_demo = false;
    bool exit_now = false;
    std::string status_message;
    double status_age = 0.0;

    Layout layout;          // where the board was drawn this frame
    Layout printed_layout;  // the last layout printed with --print-layout
    int frame_number = 0;
    double autosave_timer = 0.0;
    double disk_check_timer = 0.0;

    // Problems: validation of the active level, recomputed when its revision changes.
    std::uint64_t diagnostics_revision = 0;
    Diagnostics diagnostics;

private:
    void poll_workers();
    void schedule_live_analysis();
    void refresh_live_analysis();                         // the active level's diagnostics, then its live analysis if needed
    std::string settle_trace(const Document& doc) const;  // " settle_ms=N" for the --trace badge lines
    void autosave_tick(double dt);
    void disk_check_tick(double dt);
    void offer_recovery(const std::filesystem::path& file, const std::filesystem::path& autosave);
    void remember_session();
};

// The live badge's bot: each kind's own, except slide's "quick" (expectimax takes ~20 ms a 4x4
// game; quick ~1 ms, so the badge reaches a thousand runs in its budget; docs/slide.md).
std::string live_bot(Kind kind);
// The live pass rate's playout threads: the worker and one helper. The UI thread needs little of a
// core between frames, and threads never change the figure (each run has its own seed).
inline constexpr int live_playout_threads = 2;
// The live pass rate's first figure: the first tenth of the runs, handed over as soon as they are
// played (exactly `tilelab estimate --runs N` for those runs), then the whole run replaces it.
inline int live_first_runs(int runs) { return runs >= 200 ? runs / 10 : 0; }
// "runs=N wins=W pass_rate=P stopped=0|1 bot=NAME": a pass rate in the --trace output (tests).
std::string estimate_trace(const EstimateResult& e);

// A new level id: a random UUID (version 4), as docs/format.md ("A level", `id`) asks of the editor.
std::string new_level_id();

}  // namespace tilelab::editor
