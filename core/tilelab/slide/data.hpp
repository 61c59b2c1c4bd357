// slide's rules and goal in a level (docs/format.md "A level", docs/slide.md): its alternatives of
// Level's Rules and Goal (board/level.hpp, board/kind_data.hpp). Part of the board layer though it
// lives in the kind's folder (core/CMakeLists.txt): it includes board headers and the standard
// library only.
#pragma once
#include <optional>
#include <utility>
#include <vector>

namespace tilelab::slide {

// Score rule of slide: add the merged tile's new value, or the old value (docs/slide.md "Rules as
// implemented").
enum class SlideScore { merged, pre_merge };

// Fields hold their effective value (the default when the file omits them); Level::present
// remembers which keys the file wrote so that saving a loaded file gives the same bytes.
struct Rules {
    std::vector<std::pair<int, int>> spawn{{2, 9}, {4, 1}};  // (value, weight); v3: empty, no spawns
    std::optional<int> start_tiles;                          // unset: 0 when the board has a tile or spawn is empty, else 2
    SlideScore score = SlideScore::merged;

    friend bool operator==(const Rules&, const Rules&) = default;
};

// The move limit, every kind's, is Goal::moves.
struct Goal {
    int target = 2048;

    friend bool operator==(const Goal&, const Goal&) = default;
};

}  // namespace tilelab::slide
