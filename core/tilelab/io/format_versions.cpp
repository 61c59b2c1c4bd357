// What each level format version added (docs/format.md "Versions and migration"), shared by the
// reader, which refuses a newer key in an older file, and the writer, which writes the version a
// level needs.
#include "tilelab/io/format_versions.hpp"

#include "tilelab/board/kind_format.hpp"

namespace tilelab::format_versions {

// What each format version added is one line an item in the kind's entry (KindFormat's
// versioned_keys and versioned_values, in the kind's format.cpp): a key of the rules, goal or
// layers, or a value of a key that an older version already had. In a file of an older version each
// is an error saying which version it needs; the writer writes the version a level needs
// (written_version).

int key_version(Kind kind, const std::string& key) {
    for (const KindFormat::VersionedKey& k : kind_format(kind).versioned_keys)
        if (key == k.key) return k.version;
    return 1;
}

std::pair<int, const char*> value_version(Kind kind, const std::string& key, const nlohmann::ordered_json& value) {
    for (const KindFormat::VersionedValue& v : kind_format(kind).versioned_values)
        if (key == v.key && v.uses(value)) return {v.version, v.what};
    return {1, nullptr};
}

std::string needs_version(const std::string& what, int needed, int version) {
    return what + " needs format version " + std::to_string(needed) + "; this file is version " + std::to_string(version) +
           " (set \"version\": " + std::to_string(needed) + ")";
}

}  // namespace tilelab::format_versions
