// Test support: every level of one kind the repository ships (levels/samples, the packs of
// levels/packs, and the level files under tests/data outside bad/, fuzz/ and vectors/).
#pragma once
#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tilelab/io/level_io.hpp"
#include "tilelab/pack/pack.hpp"

namespace tilelab::test {

inline std::vector<std::filesystem::path> json_files(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".json") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// Calls visit(level, file, source) for each shipped level of `kind`, source being "samples",
// "packs" or "tests/data".
inline void for_each_shipped_level(const std::filesystem::path& root, Kind kind,
                                   const std::function<void(const Level&, const std::string&, const std::string&)>& visit) {
    for (const auto& path : json_files(root / "levels/samples")) {
        LevelLoad load = load_level(path);
        if (load.level && load.level->kind == kind) visit(*load.level, path.string(), "samples");
    }
    for (const auto& path : json_files(root / "levels/packs")) {
        const pack::LoadedPack loaded = pack::load_pack_levels(path);
        for (const auto& entry : loaded.entries)
            if (entry.level && entry.level->kind == kind) visit(*entry.level, entry.file, "packs");
    }
    for (const auto& path : json_files(root / "tests/data")) {
        const std::string text = path.string();
        if (text.find("/bad/") != std::string::npos || text.find("/fuzz/") != std::string::npos ||
            text.find("/vectors/") != std::string::npos)
            continue;
        LevelLoad load = load_level(path);
        if (load.level && load.level->kind == kind) visit(*load.level, text, "tests/data");
    }
}

}  // namespace tilelab::test
