// Level and pack files: loading with every problem reported at once, and the canonical writer
// (level_reader.cpp, level_writer.cpp, pack_io.cpp; the JSON layer under them: json_text.hpp).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/board/level.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/diagnostics.hpp"
#include "tilelab/io/json_text.hpp"
#include "tilelab/limits.hpp"

namespace tilelab {

struct LevelLoad {
    std::optional<Level> level;  // set only when there is no error: never a half-built level
    Diagnostics diagnostics;
};

// Parses level JSON text; `file` names it in diagnostics.
LevelLoad parse_level(std::string_view text, const std::string& file);
// Builds a level from a JSON value already parsed (a bundle's entry); `pointer` prefixes places.
LevelLoad level_from_json(const nlohmann::ordered_json& value, const std::string& file, const std::string& pointer = "");
LevelLoad load_level(const std::filesystem::path& path);

// The canonical text (docs/format.md "Canonical writing"): keys in the format's order, two-space
// indent, one board row a line, a final newline. Loading canonical text and writing it again gives the
// same bytes.
std::string write_level(const Level& level);
nlohmann::ordered_json level_to_json(const Level& level);

// A seed as the format writes it: a JSON number up to limits::max_exact_seed (2^53-1, exact in a
// double), above it a string of its decimal digits, which every JSON reader keeps exactly.
nlohmann::ordered_json seed_to_json(std::uint64_t seed);
// The value of a seed written as a string: 1 to 20 decimal digits, at most 2^64-1; nullopt otherwise.
std::optional<std::uint64_t> parse_seed_text(std::string_view text);

struct Pack {
    int version = 1;
    std::string name;
    std::vector<std::string> levels;  // paths relative to the pack file
    nlohmann::ordered_json meta;
    friend bool operator==(const Pack&, const Pack&) = default;
};

// A level's JSON migrated to the newest format version, one step a version: version 1 -> 2 sets
// "version": 2 and, for match3, "rules.specials": false (so the level plays exactly as before).
// Returns false (with diagnostics) when the version is missing, not a number or newer than
// level_format_version. The reader (parse_level, level_from_json) does the same migration on the
// Level it builds, after checking the file against its own version.
bool migrate_level_json(nlohmann::ordered_json& value, const std::string& file, const std::string& pointer,
                        Diagnostics& diagnostics);

struct PackLoad {
    std::optional<Pack> pack;
    Diagnostics diagnostics;
};
PackLoad parse_pack(std::string_view text, const std::string& file);
PackLoad load_pack(const std::filesystem::path& path);
std::string write_pack(const Pack& pack);

// A bundle (docs/format.md "Bundles", `tilelab pack export`): a pack's levels in one file, as a
// runtime loads them.
struct Bundle {
    std::string name;
    std::vector<Level> levels;      // in pack order
    nlohmann::ordered_json report;  // one analysis summary a level, as written (null when absent)
};
struct BundleLoad {
    std::optional<Bundle> bundle;  // set only when there is no error (a level's included)
    Diagnostics diagnostics;       // every problem, a level's placed under /levels/N
};
// Reads bundle text of up to limits::max_bundle_bytes; `file` names it in diagnostics.
BundleLoad parse_bundle(std::string_view text, const std::string& file);
BundleLoad load_bundle(const std::filesystem::path& path);

// Reading JSON text, file sizes, sniff_format and nearest_word: json_text.hpp.
// Writing files: write_file_atomically (the one save routine) is in atomic_file.hpp.

}  // namespace tilelab
