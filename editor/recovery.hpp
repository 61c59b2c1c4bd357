// Autosaves and crash recovery: writing a document's autosave, finding every autosave after a crash,
// and discarding one. UI-free (part of tilelab_editor_model) so tests drive it without a window.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "document.hpp"

namespace tilelab::editor {

// One autosave found at start-up (or when its file is opened): offered back to the designer.
struct RecoveryOffer {
    std::filesystem::path file;  // the user's file ("" for a never-saved level)
    std::filesystem::path autosave;
    std::filesystem::file_time_type time{};  // when the autosave was written
    std::string level_name;                  // the autosaved level's name ("" when it has none or does not load)
    bool shown = false;                      // already listed on the prompt (traced once)
};

// Writes `doc`'s autosave when it has unsaved edits not yet autosaved, and removes it when the
// document is clean again. The file goes through the one save routine (write_file_atomically).
// A file's autosave is also noted in `config`/autosave/ so a start-up finds it even when that file
// is not reopened. Returns "" or the error; `wrote` says whether a new autosave was written.
std::string autosave_document(Document& doc, const std::filesystem::path& config, bool& wrote);

// Removes `doc`'s autosave (the work is saved, or discarded on purpose) and its note.
void discard_autosave(Document& doc, const std::filesystem::path& config);
// Removes an autosave found on disk and its note.
void discard_autosave_file(const std::filesystem::path& autosave, const std::filesystem::path& config);

// Every autosave there is: never-saved levels' in `config`/autosave/, and every file's autosave
// noted there or beside one of `files` (recent files, the last session). Oldest first.
std::vector<RecoveryOffer> find_autosaves(const std::filesystem::path& config, const std::vector<std::string>& files);

// The offer for one autosave path (its time and level name read from disk).
RecoveryOffer describe_autosave(const std::filesystem::path& file, const std::filesystem::path& autosave);

// "2026-11-23 09:41" in local time, for the recovery prompt.
std::string format_time(std::filesystem::file_time_type time);

}  // namespace tilelab::editor
