// The one save routine: temporary file, fsync, backup by hard link and rename, rename, folder fsync.
#include "tilelab/io/atomic_file.hpp"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tilelab {

namespace fs = std::filesystem;

namespace {

constexpr const char* temp_prefix = ".tilelab-";
constexpr const char* temp_suffix = ".tmp";

// The system's text for an errno value, captured right after the failing call (never a stale errno).
std::string reason(int err) { return std::generic_category().message(err); }

// The pid space this process lives in: its kernel (boot_id, shared by every container on one
// machine, different on every other machine or boot) and its pid namespace. Two writers with the same
// value see each other's pids; any other writer's pid means nothing here. 8 hex digits.
std::uint32_t pid_space() {
    static const std::uint32_t space = [] {
        std::string id;
        if (std::optional<std::string> boot = read_whole_file("/proc/sys/kernel/random/boot_id")) id = *boot;
        char ns[128];
        const ssize_t n = ::readlink("/proc/self/ns/pid", ns, sizeof ns - 1);
        if (n > 0) id.append(ns, static_cast<std::size_t>(n));
        std::uint32_t h = 2166136261u;  // FNV-1a
        for (unsigned char c : id) h = (h ^ c) * 16777619u;
        return h;
    }();
    return space;
}

// A temporary name unlikely to collide: the writer's pid space and pid (so an abandoned one can be
// recognised) and 32 mixed bits: `.tilelab-SPACE-PID-RANDOM.tmp`.
std::string temporary_name() {
    static std::uint64_t counter = 0;
    std::uint64_t x = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    x ^= (++counter) * 0x9E3779B97F4A7C15ull;
    x ^= static_cast<std::uint64_t>(::getpid()) << 40;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    char name[80];
    std::snprintf(name, sizeof name, "%s%08x-%ld-%08x%s", temp_prefix, static_cast<unsigned>(pid_space()),
                  static_cast<long>(::getpid()), static_cast<unsigned>(x & 0xFFFFFFFFu), temp_suffix);
    return name;
}

// What a temporary name says of its writer. `pid` 0: not one of our names. `space` is nullopt for
// the names of older tilelab versions (`.tilelab-PID-RANDOM.tmp`), which did not say it.
struct TemporaryOwner {
    long pid = 0;
    std::optional<std::uint32_t> space;
};

bool all_hex(const std::string& text) {
    if (text.empty()) return false;
    for (char c : text)
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

TemporaryOwner temporary_owner(const std::string& name) {
    const std::size_t prefix = std::char_traits<char>::length(temp_prefix);
    const std::size_t suffix = std::char_traits<char>::length(temp_suffix);
    if (name.size() < prefix + suffix + 3 || name.compare(0, prefix, temp_prefix) != 0 ||
        name.compare(name.size() - suffix, suffix, temp_suffix) != 0)
        return {};
    std::vector<std::string> parts;  // [SPACE-]PID-HEX
    std::string middle = name.substr(prefix, name.size() - prefix - suffix);
    for (std::size_t at = 0;;) {
        const std::size_t dash = middle.find('-', at);
        parts.push_back(middle.substr(at, dash == std::string::npos ? std::string::npos : dash - at));
        if (dash == std::string::npos) break;
        at = dash + 1;
    }
    if (parts.size() != 2 && parts.size() != 3) return {};
    const std::string& pid_text = parts[parts.size() - 2];
    if (pid_text.empty() || pid_text.size() > 9 || !all_hex(parts.back())) return {};
    long pid = 0;
    for (char c : pid_text) {
        if (c < '0' || c > '9') return {};
        pid = pid * 10 + (c - '0');
    }
    if (pid <= 0) return {};
    TemporaryOwner owner;
    owner.pid = pid;
    if (parts.size() == 3) {
        if (parts[0].size() != 8 || !all_hex(parts[0])) return {};
        owner.space = static_cast<std::uint32_t>(std::stoul(parts[0], nullptr, 16));
    }
    return owner;
}

// A writer's temporary file lives for the length of one write; one this old is abandoned whoever made it.
constexpr auto abandoned_age = std::chrono::hours(24);

// Removes the temporary files of writers that were killed. A name from this pid space whose process
// is gone is removed at once. A name from another machine, container or pid namespace (a Slurm shard
// writing into the same NFS folder), or from an older tilelab, says nothing this process can check, so
// it is removed only when it has not changed for a day.
void remove_abandoned_temporaries(const fs::path& dir) {
    std::error_code ec;
    const auto now = fs::file_time_type::clock::now();
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const TemporaryOwner owner = temporary_owner(name);
        if (owner.pid <= 0) continue;
        if (owner.space == pid_space()) {
            if (owner.pid == static_cast<long>(::getpid())) continue;
            if (::kill(static_cast<pid_t>(owner.pid), 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to judge)
        } else {
            std::error_code time_error;
            const auto changed = fs::last_write_time(it->path(), time_error);
            if (time_error || now - changed < abandoned_age) continue;
        }
        ::unlink(it->path().c_str());
    }
}

// The file a write to `path` really replaces: symlinks followed to their final target (a dangling
// link's target is created). False with `error` set when the chain cannot be followed.
bool resolve_target(const fs::path& path, fs::path& target, std::string& error) {
    fs::path current = path;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st;
        if (::lstat(current.c_str(), &st) != 0) {
            const int err = errno;
            if (err == ENOENT) {
                target = current;
                return true;
            }
            error = "cannot look at " + current.string() + ": " + reason(err);
            return false;
        }
        if (!S_ISLNK(st.st_mode)) {
            target = current;
            return true;
        }
        char buffer[PATH_MAX];
        const ssize_t n = ::readlink(current.c_str(), buffer, sizeof buffer - 1);
        if (n < 0) {
            const int err = errno;
            error = "cannot read the link " + current.string() + ": " + reason(err);
            return false;
        }
        const fs::path link(std::string(buffer, static_cast<std::size_t>(n)));
        current = link.is_absolute() ? link : current.parent_path() / link;
    }
    error = "cannot follow " + path.string() + ": " + reason(ELOOP);
    return false;
}

// Writes all of `bytes` to `fd`, retrying short writes and interrupted calls. Returns 0 or an errno.
int write_all(int fd, std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return EIO;  // no progress and no error: never loop forever
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

// A new temporary file in `dir` holding `bytes`, flushed to disk and closed, with the mode (and owner)
// of `keep` when given. Sets `temp` and returns 0, or removes what it made and returns the errno with
// `what` naming the step.
int write_temporary(const fs::path& dir, std::string_view bytes, const struct stat* keep, fs::path& temp,
                    const std::string& shown, std::string& what) {
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp = dir / temporary_name();
        // A file that keeps another's mode starts private, so the new bytes are never more readable than the old.
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, keep ? 0600 : 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        const int err = errno;
        what = "cannot create a temporary file in " + dir.string();
        temp.clear();
        return err;
    }
    auto give_up = [&](int err, std::string step) {
        ::close(fd);
        ::unlink(temp.c_str());
        temp.clear();
        what = std::move(step);
        return err;
    };
    if (int err = write_all(fd, bytes)) return give_up(err, "cannot write " + shown);
    if (keep) {
        // The owner first: chown may clear set-id bits that the chmod then restores. Not permitted
        // (another user's file) is fine: the file then belongs to whoever saves it.
        if (keep->st_uid != ::geteuid() || keep->st_gid != ::getegid())
            if (::fchown(fd, keep->st_uid, keep->st_gid) != 0 && errno != EPERM)
                return give_up(errno, "cannot give the new " + shown + " the old one's owner");
        if (::fchmod(fd, keep->st_mode & 07777) != 0)
            return give_up(errno, "cannot give the new " + shown + " the old one's mode");
    }
    if (::fsync(fd) != 0) return give_up(errno, "cannot flush " + shown + " to disk");
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        temp.clear();
        what = "cannot write " + shown;
        return err;
    }
    return 0;
}

// Makes the renames in `dir` durable. Returns 0 or an errno (a file system that cannot sync folders is fine).
int sync_directory(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    int err = ::fsync(fd) != 0 ? errno : 0;
    if (err == EINVAL || err == ENOTSUP) err = 0;
    if (::close(fd) != 0 && err == 0) err = errno;
    return err;
}

}  // namespace

std::optional<std::string> read_whole_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return text.str();
}

bool is_temporary_save_name(const std::string& file_name) { return temporary_owner(file_name).pid > 0; }

std::string temporary_save_name_of(long pid) {
    char name[80];
    std::snprintf(name, sizeof name, "%s%08x-%ld-0badf00d%s", temp_prefix, static_cast<unsigned>(pid_space()), pid, temp_suffix);
    return name;
}

fs::path backup_path(const fs::path& target) {
    constexpr std::size_t name_max = 255;  // NAME_MAX of Linux file systems
    const std::string name = target.filename().string();
    if (name.size() + 4 <= name_max) return fs::path(target.string() + ".bak");
    std::uint32_t hash = 2166136261u;  // FNV-1a of the whole name
    for (unsigned char c : name) hash = (hash ^ c) * 16777619u;
    std::size_t cut = name_max - 4 - 9;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    char tail[16];
    std::snprintf(tail, sizeof tail, "~%08x.bak", static_cast<unsigned>(hash));
    return target.parent_path() / (name.substr(0, cut) + tail);
}

WriteResult write_file_atomically(const fs::path& path, std::string_view bytes, const WriteOptions& options) {
    WriteResult result;
    const std::string shown = path.string();
    fs::path target;
    if (!resolve_target(path, target, result.error)) return result;
    const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();

    struct stat old {};
    bool exists = false;
    if (::stat(target.c_str(), &old) == 0) {
        exists = true;
    } else if (errno != ENOENT) {
        const int err = errno;
        result.error = "cannot look at " + shown + ": " + reason(err);
        return result;
    }
    if (exists) {
        if (S_ISDIR(old.st_mode)) {
            result.error = "cannot save " + shown + ": it is a folder";
            return result;
        }
        if (!S_ISREG(old.st_mode)) {
            result.error = "cannot save " + shown + ": it is not a regular file";
            return result;
        }
        // Read-only by its mode (no write bit at all: a choice even root respects) or to us.
        if ((old.st_mode & 0222) == 0 || ::access(target.c_str(), W_OK) != 0) {
            result.read_only = true;
            result.error = shown + " is read-only: nothing written (save under another name, or make it writable)";
            return result;
        }
    }
    const fs::path backup = backup_path(target);
    bool rotate = options.keep_backup && exists;
    if (rotate) {
        struct stat b {};
        // A writer killed between its two renames leaves the .bak and the file as one inode: the
        // backup already holds this version (and a rename onto the same inode would do nothing).
        if (::stat(backup.c_str(), &b) == 0 && b.st_ino == old.st_ino && b.st_dev == old.st_dev) rotate = false;
        else if (::lstat(backup.c_str(), &b) == 0 && !S_ISREG(b.st_mode) && !S_ISLNK(b.st_mode)) {
            result.error = "cannot keep a backup of " + shown + ": " + backup.string() +
                           (S_ISDIR(b.st_mode) ? " is a folder" : " is not a regular file") + "; nothing written";
            return result;
        }
    }

    remove_abandoned_temporaries(dir);

    // 1. The new bytes, whole and on disk, under a temporary name.
    fs::path temp;
    std::string what;
    if (int err = write_temporary(dir, bytes, exists ? &old : nullptr, temp, shown, what)) {
        result.error = what + ": " + reason(err) + "; " + shown + " is unchanged";
        return result;
    }

    // 2. The backup: the current file hard-linked under a temporary name, renamed over the old .bak,
    //    so the .bak is at every moment a whole version and the target is never missing.
    if (rotate) {
        fs::path link = dir / temporary_name();
        int err = ::link(target.c_str(), link.c_str()) == 0 ? 0 : errno;
        // Another writer renamed its file over the target between our lookup and the link, and the
        // replaced file, linked nowhere else, is gone (Linux then says ENOENT): back up the new one.
        for (int again = 0; err == ENOENT && again < 100; ++again) err = ::link(target.c_str(), link.c_str()) == 0 ? 0 : errno;
        if (err == EPERM || err == ENOTSUP || err == EMLINK) {
            // No hard links here (vfat, some network file systems): a whole copy, made the same safe way.
            std::optional<std::string> current = read_whole_file(target);
            if (!current) {
                err = errno ? errno : EIO;
                what = "cannot read " + shown + " to back it up";
            } else {
                err = write_temporary(dir, *current, &old, link, backup.string(), what);
            }
        } else if (err) {
            what = "cannot keep a backup of " + shown;
        }
        if (!err && ::rename(link.c_str(), backup.c_str()) != 0) {
            err = errno;
            what = "cannot keep a backup of " + shown + " as " + backup.string();
            ::unlink(link.c_str());
        } else if (!err) {
            // When another writer has just made the .bak a link to the same file, the rename does
            // nothing and leaves our name behind (POSIX); after a real rename the name is already gone.
            ::unlink(link.c_str());
        }
        if (err) {
            ::unlink(temp.c_str());
            result.error = what + ": " + reason(err) + "; " + shown + " is unchanged";
            return result;
        }
    }

    // 3. The new file takes the name: a reader sees the old file or the new one, never a mix.
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        result.error = "cannot replace " + shown + ": " + reason(err) + "; " + shown + " is unchanged";
        return result;
    }

    // 4. The folder, so the rename itself survives a power cut.
    if (int err = sync_directory(dir))
        result.error = "wrote " + shown + " but could not flush its folder to disk: " + reason(err);
    return result;
}

std::string write_file_atomically(const fs::path& path, std::string_view bytes, bool keep_backup) {
    WriteOptions options;
    options.keep_backup = keep_backup;
    return write_file_atomically(path, bytes, options).error;
}

}  // namespace tilelab
