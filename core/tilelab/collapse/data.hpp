// collapse's rules and goal in a level (docs/collapse.md "The level file"): its alternatives of
// Level's Rules and Goal (board/level.hpp, board/kind_data.hpp). Part of the board layer though it
// lives in the kind's folder (core/CMakeLists.txt): the standard library only.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

namespace tilelab::collapse {

// How a tap scores: "linear" (score_per_piece for each piece and power-up cleared) or
// "samegame" ((n - 2)^2 for a group of n; power-ups score nothing), as SameGame and KSame count.
enum class Scoring { linear, samegame };

struct Rules {
    int colors = 0;     // pieces are colours 0 .. colors - 1 (2..9)
    int min_group = 2;  // the smallest group a tap clears
    Scoring score = Scoring::linear;
    int score_per_piece = 10;  // "linear" scoring
    bool refill = true;        // false (SameGame): nothing is refilled and empty columns close
    bool reshuffle = false;    // a board with no legal tap is shuffled (docs/collapse.md "Reshuffle")
    friend bool operator==(const Rules&, const Rules&) = default;
};

struct CollectTarget {
    int color = 0;
    int count = 0;
    friend bool operator==(const CollectTarget&, const CollectTarget&) = default;
};

// The objectives; the move limit is Goal::moves, shared by every kind.
struct Goal {
    std::optional<std::int64_t> score;   // at least this score
    std::vector<CollectTarget> collect;  // at least `count` pieces of `color` cleared
    bool jelly = false;                  // no jelly layer left
    bool clear = false;                  // no piece and no power-up left
    friend bool operator==(const Goal&, const Goal&) = default;
};

}  // namespace tilelab::collapse
