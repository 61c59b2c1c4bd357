// What the level file holds of each kind (docs/format.md "A level"), as one entry per kind: its
// cell tokens, its "rules" and "goal" objects read (with located diagnostics) and written (the
// canonical writer's order and defaults), the layers it allows, the keys and values each format
// version added for it, the migration of a version 1 file, and a new level's board. The board
// layer (cell tokens, new levels) and io (the reader, the writer, format versions) go through
// kind_format(kind) and name no kind; each kind fills its entry in its own folder (match3/format.cpp
// ...), and the kind table (kinds/table.cpp), above the kinds, defines kind_format with one line a
// kind (docs/architecture.md "One kind, one folder").
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/board/level.hpp"
#include "tilelab/io/json_checker.hpp"

namespace tilelab {

struct KindFormat {
    using ojson = nlohmann::ordered_json;

    // A key of "rules", "goal" or "layers" that a format version added ("rules/specials", 2).
    struct VersionedKey {
        const char* key;
        int version;
    };
    // A value of a key that an older version already had ("rules/spawn": [] in version 3).
    struct VersionedValue {
        const char* key;
        int version;
        const char* what;                  // for the message: "an empty spawn table (no spawns)"
        bool (*uses)(const ojson& value);  // the value is the one the version added
    };

    // ---- cells (board.hpp's parse_cell_token and cell_token) ----
    // One cell token other than "." (empty in every kind, read before): the value or a message
    // saying what is allowed (board.hpp's TokenResult). `rules` are the level's (the kind's type:
    // match3 allows its colours), `version` the file's format version.
    TokenResult (*parse_token)(std::string_view token, const Rules& rules, int version) = nullptr;
    // The canonical token of a value other than empty, blocker, hole and random (".", "#", "_",
    // "?", every kind's); null: the value in decimal.
    std::string (*token)(std::int32_t value) = nullptr;

    // ---- reading (io/level_reader.cpp) ----
    // The keys of "rules" and "goal", in the canonical order of docs/format.md "Canonical writing".
    // The reader refuses any other key, naming the kind whose key it is.
    std::vector<std::string> rule_keys{};
    std::vector<std::string> goal_keys{};
    // Reads the kind's keys of the "rules" object `rules` at pointer `p` (".../rules") into the
    // level, once the reader has checked its keys and their versions against the file's `version`.
    void (*read_rules)(JsonChecker& check, const ojson& rules, Level& level, const std::string& p, int version) = nullptr;
    // After the rules: what the kind's rules must hold. `rules` is the file's "rules" (null when
    // absent), `pointer` the level's. Null: nothing.
    void (*check_rules)(JsonChecker& check, const ojson* rules, const Level& level, const std::string& pointer) = nullptr;
    // The kind's keys of the "goal" object at `p` (".../goal"); "moves" is every kind's, read before.
    void (*read_goal)(JsonChecker& check, const ojson& goal, Level& level, const std::string& p, int version) = nullptr;
    // The layers of Level (jelly, lock) the kind's levels may hold; another kind's file with one
    // is an error naming the kind whose layer it is.
    std::vector<std::string> layers{};
    // A layer's cells against the board, once its grid at `p` (".../layers/jelly") is read; the
    // board was read without an error when `board_ok`. Null: nothing.
    void (*check_layer)(JsonChecker& check, const Level& level, std::string_view layer, const Grid& grid, const std::string& p,
                        bool board_ok) = nullptr;
    // The whole level once read (a goal the board or layers cannot hold); `pointer` is the level's.
    // Null: nothing.
    void (*check_level)(JsonChecker& check, const Level& level, const std::string& pointer, bool board_ok) = nullptr;

    // ---- writing (io/level_writer.cpp) ----
    // The kind's keys of "rules" and "goal" into the empty object `out`, in the canonical order,
    // each written when the file had it (Level::present) or it differs from its default (the goal's
    // "moves" is every kind's, written before).
    void (*write_rules)(const Level& level, ojson& out) = nullptr;
    void (*write_goal)(const Level& level, ojson& out) = nullptr;

    // ---- format versions (io/format_versions.cpp) ----
    std::vector<VersionedKey> versioned_keys{};
    std::vector<VersionedValue> versioned_values{};
    // A version 1 file, migrated to version 2 (docs/format.md "Versions and migration"): its JSON
    // "rules" object (migrate_level_json), the level the reader builds, and the level's JSON when
    // the writer writes it back at version 1 (`doc` has its "rules" and "goal"). Null: nothing
    // changes.
    void (*migrate_v1_rules_json)(ojson& rules) = nullptr;
    void (*migrate_v1_level)(Level& level) = nullptr;
    void (*write_v1)(const Level& level, ojson& doc) = nullptr;

    // ---- the level model (board/level.cpp) ----
    // What every cell of a new level's board holds, and its rules beyond the kind's defaults (null:
    // none; the level already holds the kind's default rules and goal, Level::set_kind).
    std::int32_t blank_cell = cell::empty;
    void (*blank_rules)(Level& level) = nullptr;
};

// The entry of the kind. Declared here, under the kinds; defined by the kind table
// (kinds/table.cpp), which lists every kind's entry.
const KindFormat& kind_format(Kind kind);

// Helpers of the kinds' entries.
// 1 to 12 decimal digits and nothing else (no sign): a token's number.
bool parse_token_number(std::string_view text, std::int64_t& out);
// A token in single quotes for messages, cut at 16 characters ("'abc'").
std::string quoted_token(std::string_view token);
// A goal's "collect" list at `p` ([{"color": c, "count": n}], match3's and collapse's): each
// entry checked with its place (a colour up to `max_color`, below `colors` when that is known, a
// count of at least 1), the good ones returned as (colour, count) in order.
std::vector<std::pair<int, int>> read_collect(JsonChecker& check, const nlohmann::ordered_json& value, const std::string& p,
                                              int colors, int max_color);
// The writer writes a key when the file had it or its value differs from the default.
inline bool written_key(const Level& level, const std::string& key, bool differs) {
    return differs || level.present.count(key) > 0;
}

}  // namespace tilelab
