// Autosaves and crash recovery: one save routine for autosaves, notes that find them again, the offers.
#include "recovery.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <system_error>

#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::editor {

namespace fs = std::filesystem;

namespace {

constexpr const char* note_suffix = ".where";

fs::path normal(const fs::path& path) {
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec);
    return (ec ? path : absolute).lexically_normal();
}

// The note that names a file's autosave: config/autosave/file-HASH.where, HASH a stable FNV-1a of
// the autosave's path (the same across runs and builds).
fs::path note_path(const fs::path& config, const fs::path& autosave) {
    std::uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : normal(autosave).string()) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    char name[40];
    std::snprintf(name, sizeof name, "file-%016llx%s", static_cast<unsigned long long>(hash), note_suffix);
    return config / "autosave" / name;
}

bool ends_with(const std::string& text, const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

std::string autosave_document(Document& doc, const fs::path& config, bool& wrote) {
    wrote = false;
    const fs::path path = doc.autosave_path(config);
    if (!doc.dirty()) {
        if (doc.autosaved_revision != 0) discard_autosave(doc, config);
        return "";
    }
    if (doc.autosaved_revision == doc.revision()) return "";
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (!doc.path().empty() && doc.autosaved_revision == 0) {
        // The note first: an autosave that exists is always findable from the config folder.
        fs::create_directories(config / "autosave", ec);
        if (std::string error = write_file_atomically(note_path(config, path), normal(path).string() + "\n", false);
            !error.empty())
            return error;
    }
    if (std::string error = write_file_atomically(path, write_level(doc.level()), false); !error.empty()) return error;
    doc.autosaved_revision = doc.revision();
    wrote = true;
    return "";
}

void discard_autosave_file(const fs::path& autosave, const fs::path& config) {
    std::error_code ec;
    fs::remove(autosave, ec);
    fs::remove(note_path(config, autosave), ec);
}

void discard_autosave(Document& doc, const fs::path& config) {
    discard_autosave_file(doc.autosave_path(config), config);
    doc.autosaved_revision = 0;
}

RecoveryOffer describe_autosave(const fs::path& file, const fs::path& autosave) {
    RecoveryOffer offer;
    offer.file = file;
    offer.autosave = autosave;
    std::error_code ec;
    offer.time = fs::last_write_time(autosave, ec);
    LevelLoad load = load_level(autosave);
    if (load.level) offer.level_name = load.level->name;
    return offer;
}

std::vector<RecoveryOffer> find_autosaves(const fs::path& config, const std::vector<std::string>& files) {
    std::vector<RecoveryOffer> offers;
    auto add = [&](const fs::path& file, const fs::path& autosave) {
        const fs::path key = normal(autosave);
        for (const RecoveryOffer& o : offers)
            if (normal(o.autosave) == key) return;
        offers.push_back(describe_autosave(file, autosave));
    };
    std::error_code ec;
    std::vector<fs::path> entries;
    for (const auto& entry : fs::directory_iterator(config / "autosave", ec)) entries.push_back(entry.path());
    std::sort(entries.begin(), entries.end());
    for (const fs::path& entry : entries) {
        const std::string name = entry.filename().string();
        if (ends_with(name, ".json.autosave")) {
            add({}, entry);  // a never-saved level
        } else if (ends_with(name, note_suffix)) {
            Diagnostics ignored;
            std::optional<std::string> text = read_text_file(entry, ignored);
            std::string named = text ? *text : "";
            while (!named.empty() && (named.back() == '\n' || named.back() == '\r')) named.pop_back();
            std::error_code exists_ec;
            if (!named.empty() && ends_with(named, ".autosave") && fs::is_regular_file(named, exists_ec)) {
                add(named.substr(0, named.size() - std::string(".autosave").size()), named);
            } else {
                fs::remove(entry, exists_ec);  // its autosave is gone (saved or discarded elsewhere)
            }
        }
    }
    for (const std::string& file : files) {
        if (file.empty()) continue;
        const fs::path autosave = file + ".autosave";
        std::error_code exists_ec;
        if (fs::is_regular_file(autosave, exists_ec)) add(file, autosave);
    }
    std::stable_sort(offers.begin(), offers.end(),
                     [](const RecoveryOffer& a, const RecoveryOffer& b) { return a.time < b.time; });
    return offers;
}

std::string format_time(fs::file_time_type time) {
    const auto system = std::chrono::time_point_cast<std::chrono::system_clock::duration>(
        time - fs::file_time_type::clock::now() + std::chrono::system_clock::now());
    const std::time_t t = std::chrono::system_clock::to_time_t(system);
    std::tm local{};
    localtime_r(&t, &local);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
    return text;
}

}  // namespace tilelab::editor
