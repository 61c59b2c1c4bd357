// A level of any kind as a value: identity, board, layers, rules and goal (docs/format.md "A level").
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/board/board.hpp"
#include "tilelab/limits.hpp"

namespace tilelab {

// The newest format version this reader knows (docs/format.md "Versions and migration"): new
// levels (editor, generate) are written at it; a loaded level keeps its file's version
// (Level::version) unless the writer needs a newer one for what the level uses, or `fmt --upgrade`
// asks. Version 1 match3 levels play as "specials": false.
inline constexpr int level_format_version = 3;
static_assert(newest_token_version == level_format_version, "board.hpp's token default is the newest version");
inline constexpr int max_board_side = limits::board_side;

// Link pairing: equal values, or two values whose sum is `sum`.
struct Pairing {
    enum class Rule { equal, sum };
    Rule rule = Rule::equal;
    std::int64_t sum = 0;
    bool pairs(std::int64_t a, std::int64_t b) const { return rule == Rule::equal ? a == b : a + b == sum; }
    // The value that pairs with `a` (equal: a itself; sum: sum - a).
    std::int64_t partner(std::int64_t a) const { return rule == Rule::equal ? a : sum - a; }
    friend bool operator==(const Pairing&, const Pairing&) = default;
};

// Score rule of slide: add the merged tile's new value, or the old value (docs/slide.md "Rules as
// implemented").
enum class SlideScore { merged, pre_merge };

// Every kind's rules in one value; only the fields of the level's kind are meaningful.
// Fields hold their effective value (the default when the file omits them); Level::present
// remembers which keys the file wrote so that saving a loaded file gives the same bytes.
struct Rules {
    // match3
    int colors = 0;
    int min_match = 3;
    int score_per_piece = 50;
    bool specials = true;            // v2: matches create specials (a migrated v1 level: false)
    std::vector<int> spawn_weights;  // v2: one weight per colour; empty: all 1
    // link
    Pairing pair;
    int max_turns = 2;
    bool border = true;
    // lines
    std::vector<int> fixed_rows;
    std::vector<int> fixed_cols;
    // slide
    std::vector<std::pair<int, int>> spawn{{2, 9}, {4, 1}};  // (value, weight); v3: empty, no spawns
    std::optional<int> start_tiles;                          // unset: 0 when the board has a tile or spawn is empty, else 2
    SlideScore score = SlideScore::merged;

    friend bool operator==(const Rules&, const Rules&) = default;
};

struct CollectGoal {
    int color = 0;
    int count = 0;
    friend bool operator==(const CollectGoal&, const CollectGoal&) = default;
};

// Every kind's goal in one value; absent optionals mean "not part of the goal".
struct Goal {
    std::optional<int> moves;  // a move limit, every kind
    // match3
    std::optional<std::int64_t> score;
    bool jelly = false;
    std::vector<CollectGoal> collect;
    bool crates = false;             // v2: clear every crate
    std::optional<int> ingredients;  // v2: ingredients to collect
    // link
    bool clear = true;
    // lines
    std::optional<int> closed_groups;
    std::optional<int> min_group_size;
    bool all_closed = false;
    // slide
    int target = 2048;

    friend bool operator==(const Goal&, const Goal&) = default;
};

struct Level {
    int version = level_format_version;  // the file's format version (a new level: the newest)
    std::string id;
    std::string name;
    Kind kind{};  // value-initialised: the first enumerator of Kind (board/board.hpp)
    std::uint64_t seed = 0;
    Rules rules;
    Goal goal;
    Board board;                  // width and height live here
    std::optional<Grid> jelly;    // layers.jelly (match3)
    std::optional<Grid> lock;     // layers.lock (match3 v2): 1 on a locked piece, special or colour bomb
    nlohmann::ordered_json meta;  // free-form, kept as it is (null when absent)
    // Keys of "rules" and "goal" that the file wrote, as "rules/min_match", "goal/moves"; the
    // canonical writer writes these and every field that differs from its default.
    std::set<std::string> present;

    int width() const { return board.width; }
    int height() const { return board.height; }
    int effective_start_tiles() const;

    friend bool operator==(const Level&, const Level&) = default;
};

// A random (version 4) UUID drawn from `entropy`, for the id of a new level.
std::string make_level_uuid(std::uint64_t entropy);

// A blank level of the kind: every cell empty (match3: random pieces), sensible rules.
Level make_blank_level(Kind kind, int width, int height);

}  // namespace tilelab
