// Level and pack files: loading with every problem reported at once, and the canonical writer.
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
#include "tilelab/limits.hpp"

namespace tilelab {

struct LevelLoad {
    std::optional<Level> level;  // set only when there is no error: never a half-built level
    Diagnostics diagnostics;
};

// Parses level JSON text; `file` names it in diagnostics.
LevelLoad parse_level(std::string_view text, const std::string& file);
// Parses any tilelab JSON file (a level, pack or bundle). Every problem becomes a located
// diagnostic (syntax, a number beyond double range, invalid UTF-8, a NUL byte, a duplicate key,
// nesting over limits::max_json_depth, a text over `max_bytes`: limits::max_bundle_bytes for a
// bundle); a UTF-8 byte order mark is skipped with a warning. Never throws.
std::optional<nlohmann::ordered_json> parse_json_document(std::string_view text, const std::string& file,
                                                          Diagnostics& diagnostics,
                                                          std::size_t max_bytes = limits::max_file_bytes);
// Builds a level from a JSON value already parsed (a bundle's entry); `pointer` prefixes places.
LevelLoad level_from_json(const nlohmann::ordered_json& value, const std::string& file, const std::string& pointer = "");
LevelLoad load_level(const std::filesystem::path& path);

// The canonical text: keys in the contract's order, two-space indent, one board row a line,
// a final newline. Loading canonical text and writing it again gives the same bytes.
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

// What a JSON file says it is: "tilelab.level", "tilelab.pack", "tilelab.bundle", or "" if unknown.
// Reads only up to the top-level "format" value (the writers put it first).
std::string sniff_format(std::string_view text);
// The most bytes a file of that format may have: limits::max_bundle_bytes for "tilelab.bundle",
// limits::max_file_bytes for every other.
std::size_t max_bytes_of_format(std::string_view format);
// "the file is N bytes, over the limit of M"
std::string over_limit_message(std::size_t size, std::size_t limit);

// Reads a whole file of at most `max_bytes`; on failure returns nullopt and adds a diagnostic.
// Callers that accept bundles read up to limits::max_bundle_bytes and then hold every other format
// to max_bytes_of_format (validate does).
std::optional<std::string> read_text_file(const std::filesystem::path& path, Diagnostics& diagnostics,
                                          std::size_t max_bytes = limits::max_file_bytes);

// Writing files: write_file_atomically (the one save routine) is in atomic_file.hpp.

// The nearest of `known` to `word` (edit distance), for "did you mean" messages.
std::string nearest_word(std::string_view word, const std::vector<std::string>& known);

}  // namespace tilelab
