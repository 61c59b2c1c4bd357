// match3's rules and goal in a level (docs/format.md "A level", docs/match3.md): its alternatives
// of Level's Rules and Goal (board/level.hpp, board/kind_data.hpp). Part of the board layer though
// it lives in the kind's folder (core/CMakeLists.txt): it includes board headers and the standard
// library only.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

namespace tilelab::match3 {

// Fields hold their effective value (the default when the file omits them); Level::present
// remembers which keys the file wrote so that saving a loaded file gives the same bytes.
struct Rules {
    int colors = 0;
    int min_match = 3;
    int score_per_piece = 50;
    bool specials = true;            // v2: matches create specials (a migrated v1 level: false)
    std::vector<int> spawn_weights;  // v2: one weight per colour; empty: all 1

    friend bool operator==(const Rules&, const Rules&) = default;
};

struct CollectGoal {
    int color = 0;
    int count = 0;
    friend bool operator==(const CollectGoal&, const CollectGoal&) = default;
};

// Absent optionals mean "not part of the goal"; the move limit, every kind's, is Goal::moves.
struct Goal {
    std::optional<std::int64_t> score;
    bool jelly = false;
    std::vector<CollectGoal> collect;
    bool crates = false;             // v2: clear every crate
    std::optional<int> ingredients;  // v2: ingredients to collect

    friend bool operator==(const Goal&, const Goal&) = default;
};

}  // namespace tilelab::match3
