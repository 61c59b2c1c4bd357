// The located JSON reader under every tilelab file (json_text.cpp): parsing where every problem
// gets a line and column, the size and depth limits of limits.hpp, what a file says it is, and the
// nearest word for "did you mean" messages.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/io/diagnostics.hpp"
#include "tilelab/limits.hpp"

namespace tilelab {

// Parses JSON text of any size; every problem becomes "file:line:col: error: ..." and the result is
// nullopt: syntax, a number beyond double range, invalid UTF-8, a NUL byte, a duplicate key (with
// where it first appeared), nesting over limits::max_json_depth. A UTF-8 byte order mark is skipped
// with a warning. Never throws.
std::optional<nlohmann::ordered_json> parse_json_text(std::string_view text, const std::string& file, Diagnostics& diagnostics);
// parse_json_text of any tilelab JSON file (a level, pack or bundle), first refusing a text over
// `max_bytes` (limits::max_bundle_bytes for a bundle).
std::optional<nlohmann::ordered_json> parse_json_document(std::string_view text, const std::string& file,
                                                          Diagnostics& diagnostics,
                                                          std::size_t max_bytes = limits::max_file_bytes);

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

// The nearest of `known` to `word` (edit distance), for "did you mean" messages (json_checker.hpp
// declares it too, for the board layer; it is defined in json_checker.cpp).
std::string nearest_word(std::string_view word, const std::vector<std::string>& known);

}  // namespace tilelab
