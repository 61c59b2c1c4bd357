// What each level format version added (docs/format.md "Versions and migration"), shared by the
// reader, which refuses a newer key in an older file, and the writer, which writes the version a
// level needs.
#include "tilelab/io/format_versions.hpp"

namespace tilelab::format_versions {

namespace {

using ojson = nlohmann::ordered_json;

// What each format version added, one line an item (docs/format.md "Versions and migration"):
// a key of the rules, goal or layers, or a value of a key that an older version already had. In a
// file of an older version each is an error saying which version it needs; the writer writes the
// version a level needs (written_version). Adding a key to a version is one line here.
struct VersionedKey {
    Kind kind;
    const char* key;  // "rules/specials", "goal/crates", "layers/lock"
    int version;      // the version that added it
};
const VersionedKey versioned_keys[] = {
    {Kind::match3, "rules/specials", 2},   {Kind::match3, "rules/spawn_weights", 2}, {Kind::match3, "goal/crates", 2},
    {Kind::match3, "goal/ingredients", 2}, {Kind::match3, "layers/lock", 2},
};
struct VersionedValue {
    Kind kind;
    const char* key;
    int version;
    const char* what;                  // for the message: "an empty spawn table (no spawns)"
    bool (*uses)(const ojson& value);  // the value is the one the version added
};
const VersionedValue versioned_values[] = {
    {Kind::slide, "rules/spawn", 3, "an empty spawn table (no spawns)", [](const ojson& v) { return v.is_array() && v.empty(); }},
};

// The version that added `key` ("rules/specials") for the kind: 1 when it was always there.
}  // namespace

int key_version(Kind kind, const std::string& key) {
    for (const VersionedKey& k : versioned_keys)
        if (k.kind == kind && key == k.key) return k.version;
    return 1;
}
// The version a key's value needs (1 when every version has it), and what the value is.
std::pair<int, const char*> value_version(Kind kind, const std::string& key, const ojson& value) {
    for (const VersionedValue& v : versioned_values)
        if (v.kind == kind && key == v.key && v.uses(value)) return {v.version, v.what};
    return {1, nullptr};
}
std::string needs_version(const std::string& what, int needed, int version) {
    return what + " needs format version " + std::to_string(needed) + "; this file is version " + std::to_string(version) +
           " (set \"version\": " + std::to_string(needed) + ")";
}

}  // namespace tilelab::format_versions
