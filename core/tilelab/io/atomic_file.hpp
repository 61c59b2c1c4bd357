// The one save routine of every writer (fmt, pack export, the editor's save, autosave and settings):
// bytes reach a file whole or not at all, and the previous file survives every failure.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace tilelab {

struct WriteOptions {
    // Keep the file being replaced as `TARGET.bak` (beside the real file when `path` is a symlink).
    // The backup rotates by rename: the old .bak stays whole until a whole new one replaces it.
    bool keep_backup = false;
};

struct WriteResult {
    std::string error;       // "" when the bytes are on disk under `path`; else what failed, with the system's reason
    bool read_only = false;  // refused: the file is read-only (nothing written; the editor offers Save As)
    bool ok() const { return error.empty(); }
};

// Writes `bytes` to `path`:
// - into a temporary file with a short name (`.tilelab-SPACE-PID-RANDOM.tmp`, so any file name up to NAME_MAX
//   saves) in the same folder, flushed with fsync, then renamed over the target, then the folder fsynced;
// - through a symlink: the link's (final) target is replaced and the link stays a link;
// - keeping the replaced file's mode, and its owner and group when permitted;
// - refusing a target that is read-only (no write permission bit, or not writable by us) or not a regular file;
// - on any failure the target (and its .bak) are as they were and the temporary file is removed;
//   the message carries the failing call's own errno text.
// Temporary files left by writers that were killed are removed by the next write in that folder: at
// once when the writer was in this pid space (SPACE: this machine's boot and pid namespace) and its
// process is gone; a day after their last change when they come from another machine, container or
// pid namespace, whose pids mean nothing here. Their names never end in .json.
WriteResult write_file_atomically(const std::filesystem::path& path, std::string_view bytes, const WriteOptions& options);

// The backup's path for `target`: `TARGET.bak`, or when that name would pass NAME_MAX (255 bytes:
// names of 252 to 255 bytes) the name cut to 237 bytes (never inside a UTF-8 character) plus
// `~` and 8 hex digits of a hash of the whole name, then `.bak`, so two long names never share one.
std::filesystem::path backup_path(const std::filesystem::path& target);

// Shorthand: returns "" or the error.
std::string write_file_atomically(const std::filesystem::path& path, std::string_view bytes, bool keep_backup);

// True for a name the routine gives its temporary files (so a folder scan never takes one for a level).
bool is_temporary_save_name(const std::string& file_name);
// The temporary name a writer of this pid space with process id `pid` could have made (for tests).
std::string temporary_save_name_of(long pid);

// The bytes of a file as they are; nullopt when it cannot be opened or read.
std::optional<std::string> read_whole_file(const std::filesystem::path& path);

}  // namespace tilelab
