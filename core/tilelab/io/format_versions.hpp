// What each level format version added: the keys and values a file of an older version may not
// use (docs/format.md "Versions and migration"). Internal to the reader and the writer.
#pragma once
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "tilelab/board/level.hpp"

namespace tilelab::format_versions {

// The version that added `key` ("rules/specials") for the kind: 1 when it was always there.
int key_version(Kind kind, const std::string& key);
// The version a key's value needs (1 when every version has it), and what the value is.
std::pair<int, const char*> value_version(Kind kind, const std::string& key, const nlohmann::ordered_json& value);
// "'crates' needs format version 2; this file is version 1 (set \"version\": 2)"
std::string needs_version(const std::string& what, int needed, int version);

}  // namespace tilelab::format_versions
