// One open level: edits through one entry point, undo, and safe saving.
#include "document.hpp"

#include <atomic>
#include <cctype>
#include <cstdio>
#include <random>
#include <system_error>

#include "edits.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::editor {

std::uint64_t next_revision() {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}

namespace {
int next_document_id() {
    static std::atomic<int> counter{0};
    return ++counter;
}

// A never-saved level's autosave name: the safe letters of its name when it was made (fixed, so a
// rename never leaves an old autosave behind) and a random token (so two levels never share one).
std::string autosave_stem(const std::string& level_name) {
    std::string name;
    for (char c : level_name) {
        if (name.size() >= 40) break;
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (safe) name += c;
        else if (!name.empty() && name.back() != '-') name += '-';
    }
    while (!name.empty() && name.back() == '-') name.pop_back();
    if (name.empty()) name = "untitled";
    std::random_device device;
    char token[20];
    std::snprintf(token, sizeof token, "%08x%08x", static_cast<unsigned>(device()), static_cast<unsigned>(device()));
    return name + "-" + token;
}
}  // namespace

Document::Document(Level level, std::filesystem::path path)
    : level_(std::move(level)),
      path_(std::move(path)),
      revision_(next_revision()),
      id_(next_document_id()),
      autosave_stem_(autosave_stem(level_.name)) {
    saved_level_ = level_;  // a fresh new level is not dirty until it is edited
    std::error_code ec;
    if (!path_.empty()) disk_time = std::filesystem::last_write_time(path_, ec);
}

std::string Document::title() const {
    std::string name = path_.empty() ? (level_.name.empty() ? std::string("Untitled") : level_.name) : path_.filename().string();
    return dirty() ? name + " *" : name;
}

void Document::record_edit(Level before, const std::string& label) {
    keep_in_format(level_, before);  // every edit stays within the format's limits
    if (before == level_) return;    // nothing changed: no undo entry, no new revision
    history_.record(std::move(before), label);
    revision_ = next_revision();
    changed_at_ = std::chrono::steady_clock::now();
}

void Document::begin_gesture(const std::string& label) {
    if (gesture_before_) end_gesture();
    gesture_before_ = level_;
    gesture_label_ = label;
}

Level& Document::gesture_level() { return level_; }

void Document::touched() {
    if (gesture_before_) keep_in_format(level_, *gesture_before_);
    revision_ = next_revision();
    changed_at_ = std::chrono::steady_clock::now();
}

void Document::end_gesture() {
    if (!gesture_before_) return;
    Level before = std::move(*gesture_before_);
    gesture_before_.reset();
    if (before == level_) return;
    history_.record(std::move(before), gesture_label_);
    revision_ = next_revision();
    changed_at_ = std::chrono::steady_clock::now();
}

void Document::undo() {
    end_gesture();
    if (!history_.can_undo()) return;
    level_ = history_.undo(std::move(level_));
    revision_ = next_revision();
    changed_at_ = std::chrono::steady_clock::now();
}

void Document::redo() {
    end_gesture();
    if (!history_.can_redo()) return;
    level_ = history_.redo(std::move(level_));
    revision_ = next_revision();
    changed_at_ = std::chrono::steady_clock::now();
}

std::string Document::save() {
    if (path_.empty()) return "the level has no file yet: use Save As";
    end_gesture();
    // Never a file the reader refuses (the editor bounds every field; this is the last guard).
    if (std::string problem = format_problem(level_); !problem.empty()) return "the level is not valid: " + problem;
    WriteOptions options;
    options.keep_backup = true;
    WriteResult written = write_file_atomically(path_, write_level(level_), options);
    save_refused_read_only = written.read_only;
    if (!written.ok()) return written.error;
    saved_level_ = level_;
    std::error_code ec;
    disk_time = std::filesystem::last_write_time(path_, ec);
    disk_changed = false;
    return "";
}

std::string Document::save_as(const std::filesystem::path& path) {
    std::filesystem::path old = path_;
    path_ = path;
    std::string error = save();
    if (!error.empty()) path_ = old;
    return error;
}

void Document::replace_from_disk(Level level) {
    end_gesture();
    // Reloading is undoable like an edit, so a designer who reloads by mistake can step back.
    Level before = level_;
    level_ = std::move(level);
    saved_level_ = level_;
    record_edit(std::move(before), "Reload from disk");
    std::error_code ec;
    disk_time = std::filesystem::last_write_time(path_, ec);
    disk_changed = false;
}

std::filesystem::path Document::autosave_path(const std::filesystem::path& config_dir) const {
    // Beside the file under a name of its own, never the file itself (only an explicit save writes the
    // user's file; docs/editor.md "Crash recovery"). A never-saved level autosaves in the config
    // folder.
    if (!path_.empty()) return std::filesystem::path(path_.string() + ".autosave");
    return config_dir / "autosave" / (autosave_stem_ + ".json.autosave");
}

std::string file_name_for(const std::string& name) {
    std::string stem;
    for (unsigned char c : name) {
        const bool keep = c >= 0x80 || std::isalnum(c) || c == '_' || c == '.' || c == '-';
        if (keep) stem += static_cast<char>(c);
        else if (!stem.empty() && stem.back() != '-') stem += '-';
    }
    // No leading dots (a hidden file) nor trailing dots or dashes (Windows drops trailing dots).
    while (!stem.empty() && (stem.back() == '-' || stem.back() == '.')) stem.pop_back();
    std::size_t lead = 0;
    while (lead < stem.size() && (stem[lead] == '-' || stem[lead] == '.')) ++lead;
    stem.erase(0, lead);
    constexpr std::size_t max_bytes = 80;
    if (stem.size() > max_bytes) {
        std::size_t cut = max_bytes;
        while (cut > 0 && (static_cast<unsigned char>(stem[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
        stem.resize(cut);
        while (!stem.empty() && (stem.back() == '-' || stem.back() == '.')) stem.pop_back();
    }
    if (stem.empty()) stem = "untitled";
    std::string upper;
    for (char c : stem.substr(0, stem.find('.'))) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    static const char* const reserved[] = {"CON",  "PRN",  "AUX",  "NUL",  "COM1", "COM2", "COM3", "COM4",
                                           "COM5", "COM6", "COM7", "COM8", "COM9", "LPT1", "LPT2", "LPT3",
                                           "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9"};
    for (const char* word : reserved)
        if (upper == word) stem += "-level";
    return stem + ".json";
}

}  // namespace tilelab::editor
