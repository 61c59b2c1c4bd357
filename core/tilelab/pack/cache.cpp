// The check cache's files: keys by content and build, entries read only when whole and of their key.
#include "tilelab/pack/cache.hpp"

#include <elf.h>
#include <link.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/pack/shard.hpp"

// The core's identity (a hash of its archive), defined in the CLI and the editor; null in an
// executable that does not link it (core/CMakeLists.txt).
extern "C" __attribute__((weak)) const char tilelab_core_identity[];

namespace tilelab::pack {

namespace {

constexpr const char* cache_format = "tilelab.cache";
constexpr int cache_version = 1;

// The GNU build id of the executable (the first object dl_iterate_phdr reports), in hex; empty
// when it has none.
int read_build_id(dl_phdr_info* info, std::size_t, void* data) {
    auto* out = static_cast<std::string*>(data);
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& header = info->dlpi_phdr[i];
        if (header.p_type != PT_NOTE) continue;
        const char* at = reinterpret_cast<const char*>(info->dlpi_addr + header.p_vaddr);
        const char* end = at + header.p_memsz;
        while (at + sizeof(ElfW(Nhdr)) <= end) {
            const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(at);
            const char* name = at + sizeof(ElfW(Nhdr));
            const char* desc = name + ((note->n_namesz + 3) & ~3u);
            if (desc + note->n_descsz > end) break;
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
                char hex[3];
                for (unsigned k = 0; k < note->n_descsz; ++k) {
                    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(desc[k]));
                    *out += hex;
                }
                return 1;
            }
            at = desc + ((note->n_descsz + 3) & ~3u);
        }
    }
    return 1;  // the executable only
}

}  // namespace

std::filesystem::path default_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "tilelab";
    if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache" / "tilelab";
    return {};
}

const std::string& build_identity() {
    static const std::string identity = [] {
        if (tilelab_core_identity != nullptr && tilelab_core_identity[0] != '\0')
            return "core " + std::string(tilelab_core_identity);
        std::string id;
        dl_iterate_phdr(read_build_id, &id);
        if (id.empty()) {
            const auto bytes = read_whole_file("/proc/self/exe");
            id = bytes ? content_hash(*bytes) : "unknown";
        }
        return "build " + id;
    }();
    return identity;
}

nlohmann::ordered_json cache_key_fields(const Level& level, const CheckOptions& options) {
    nlohmann::ordered_json key;
    key["build"] = build_identity();
    key["level"] = content_hash(write_level(level));
    // The options a part records (every one the figures depend on), but --range, which only
    // judges them; and the ladder, which adds figures.
    nlohmann::ordered_json figures_of = check_options_json(options);
    figures_of.erase("range");
    for (auto it = figures_of.begin(); it != figures_of.end(); ++it) key[it.key()] = it.value();
    key["ladder"] = options.ladder;
    return key;
}

std::string cache_key_of(nlohmann::ordered_json fields, const nlohmann::ordered_json& unit) {
    if (!unit.is_null()) fields["unit"] = unit;
    return fields.dump();
}

std::string cache_key(const Level& level, const CheckOptions& options, const nlohmann::ordered_json& unit) {
    return cache_key_of(cache_key_fields(level, options), unit);
}

std::filesystem::path cache_entry_path(const std::filesystem::path& dir, const std::string& key) {
    std::string name = content_hash(key);  // "fnv1a64:" and 16 hex digits
    name = name.substr(name.find(':') + 1);
    return dir / "checks" / name.substr(0, 2) / (name + ".json");
}

std::optional<nlohmann::ordered_json> read_cache_entry(const std::filesystem::path& dir, const std::string& key) {
    if (dir.empty()) return std::nullopt;
    const auto bytes = read_whole_file(cache_entry_path(dir, key));
    if (!bytes) return std::nullopt;
    nlohmann::ordered_json entry = nlohmann::ordered_json::parse(*bytes, nullptr, false);
    if (entry.is_discarded() || !entry.is_object()) return std::nullopt;
    const auto format = entry.find("format");
    const auto version = entry.find("version");
    const auto stored_key = entry.find("key");
    if (format == entry.end() || *format != cache_format || version == entry.end() || *version != cache_version ||
        stored_key == entry.end() || *stored_key != key)
        return std::nullopt;
    return entry;
}

bool write_cache_entry(const std::filesystem::path& dir, const std::string& key, const nlohmann::ordered_json& entry) {
    if (dir.empty()) return false;
    const std::filesystem::path path = cache_entry_path(dir, key);
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) return false;
    nlohmann::ordered_json whole;
    whole["format"] = cache_format;
    whole["version"] = cache_version;
    whole["key"] = key;
    for (auto it = entry.begin(); it != entry.end(); ++it) whole[it.key()] = it.value();
    return write_file_atomically(path, whole.dump(), false).empty();
}

}  // namespace tilelab::pack
