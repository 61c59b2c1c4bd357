// lines' rules and goal in a level (docs/format.md "A level", docs/lines.md): its alternatives of
// Level's Rules and Goal (board/level.hpp, board/kind_data.hpp). Part of the board layer though it
// lives in the kind's folder (core/CMakeLists.txt): it includes board headers and the standard
// library only.
#pragma once
#include <optional>
#include <vector>

namespace tilelab::lines {

// Fields hold their effective value (the default when the file omits them); Level::present
// remembers which keys the file wrote so that saving a loaded file gives the same bytes.
struct Rules {
    std::vector<int> fixed_rows;
    std::vector<int> fixed_cols;

    friend bool operator==(const Rules&, const Rules&) = default;
};

// Absent optionals mean "not part of the goal"; the move limit, every kind's, is Goal::moves.
struct Goal {
    std::optional<int> closed_groups;
    std::optional<int> min_group_size;
    bool all_closed = false;

    friend bool operator==(const Goal&, const Goal&) = default;
};

}  // namespace tilelab::lines
