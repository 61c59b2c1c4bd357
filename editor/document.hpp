// One open level: the level value, its file, its undo history, its camera and selection.
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "history.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/board/level.hpp"

namespace tilelab::editor {

// A revision names one state of one document's level; revisions are unique across documents,
// so an analysis result tagged with a revision can never be mistaken for another level's.
std::uint64_t next_revision();

// A file name for a level called `name`, offered by the first "Save as": the name with every
// character a file system or a shell treats specially (path separators, `:`, quotes, spaces,
// control characters ...) turned into `-`, repeats of `-` merged and trimmed, at most 80 bytes
// (cut between UTF-8 characters), never a device name Windows reserves; `untitled` when nothing is
// left. Letters beyond ASCII are kept. "Garden 1: first jelly" -> "Garden-1-first-jelly.json".
std::string file_name_for(const std::string& name);

// The view of the board; not undoable (the sgt-puzzles test: a user does not expect undo to move
// the camera).
struct Camera {
    bool fit = true;     // fit to the window (recomputed every frame) until the user zooms or pans
    float cell = 32.0f;  // pixels per cell when not fitting
    float pan_x = 0.0f;  // offset of the board's top-left corner from the canvas' top-left
    float pan_y = 0.0f;
};

// A rectangle of cells, corners inclusive, in any order.
struct Selection {
    bool active = false;
    Cell a, b;
    int x0() const { return a.x < b.x ? a.x : b.x; }
    int x1() const { return a.x < b.x ? b.x : a.x; }
    int y0() const { return a.y < b.y ? a.y : b.y; }
    int y1() const { return a.y < b.y ? b.y : a.y; }
    bool contains(Cell c) const { return active && c.x >= x0() && c.x <= x1() && c.y >= y0() && c.y <= y1(); }
};

// What the analysis worker last handed back for this document. Derived data: never saved and
// never undone; drawn only while `revision` equals the document's revision.
struct AnalysisView {
    std::uint64_t revision = 0;
    std::optional<Analysis> analysis;
    // match3, slide: the quick pass-rate estimate, shared with the editor's cache of whole results
    // (never copied on the UI thread: a level with a huge move limit has a curve of millions of points).
    std::shared_ptr<const EstimateResult> estimate;
    std::string error;                // the kind threw (e.g. not built yet)
    bool estimate_pending = false;    // playouts still running for this revision
    bool estimate_timed_out = false;  // the playouts stopped at the live time budget
    bool estimate_first = false;      // `estimate` is the first runs' figure, the rest still running
    double elapsed_ms = 0.0;
};

class Document {
public:
    Document(Level level, std::filesystem::path path);

    const Level& level() const { return level_; }
    const std::filesystem::path& path() const { return path_; }
    std::uint64_t revision() const { return revision_; }
    // When the revision last changed (an edit, undo, redo): the live badge's settle time starts here.
    std::chrono::steady_clock::time_point changed_at() const { return changed_at_; }
    bool dirty() const { return !(level_ == saved_level_); }
    int id() const { return id_; }
    // The tab title: the file name (or the level name), "*" when there are unsaved changes.
    std::string title() const;

    // ---- Every edit goes through one of these two ----
    // A one-shot edit (a click, a property typed in): one undo entry if it changed anything.
    template <class Change>
    void change(const std::string& label, Change&& edit) {
        Level before = level_;
        edit(level_);
        record_edit(std::move(before), label);
    }
    // A gesture (a brush stroke, a slider drag): many changes, one undo entry at the end.
    void begin_gesture(const std::string& label);
    Level& gesture_level();  // mutate during the gesture, then call touched()
    void touched();
    void end_gesture();
    bool in_gesture() const { return gesture_before_.has_value(); }

    void undo();
    void redo();
    const History& history() const { return history_; }

    // ---- Files ----
    // Writes the level canonically with the one save routine (temporary file, fsync, rename, the
    // previous file kept as .bak). Returns "" or an error; a read-only file is refused (nothing
    // written) and `save_refused_read_only` is set so the editor can offer Save As.
    std::string save();
    bool save_refused_read_only = false;
    std::string save_as(const std::filesystem::path& path);
    void set_path(std::filesystem::path path) { path_ = std::move(path); }
    // Replaces the level with the file's content (reload after a change on disk).
    void replace_from_disk(Level level);
    // FILE.autosave beside the file; a never-saved level's in config_dir/autosave/ under a name of
    // its own (its name's safe letters and a random token: never its id, which may hold '/').
    std::filesystem::path autosave_path(const std::filesystem::path& config_dir) const;
    std::uint64_t autosaved_revision = 0;
    std::filesystem::file_time_type disk_time{};
    bool disk_changed = false;  // the file changed on disk while we had local edits: banner

    // ---- View state (not undoable) ----
    Camera camera;
    Selection selection;
    AnalysisView view;
    // Step through the solver's solution: how many moves are applied.
    int solution_step = 0;
    std::uint64_t solution_revision = 0;  // the revision the step counts for (an edit restarts it)
    bool solution_playing = false;
    double solution_timer = 0.0;

private:
    void record_edit(Level before, const std::string& label);

    Level level_;
    Level saved_level_;
    std::filesystem::path path_;
    History history_;
    std::uint64_t revision_;
    std::chrono::steady_clock::time_point changed_at_ = std::chrono::steady_clock::now();
    int id_;
    std::string autosave_stem_;  // names a never-saved level's autosave (see autosave_path)
    std::optional<Level> gesture_before_;
    std::string gesture_label_;
};

}  // namespace tilelab::editor
