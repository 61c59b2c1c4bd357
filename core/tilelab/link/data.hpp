// link's rules and goal in a level (docs/format.md "A level", docs/link.md): its alternatives of
// Level's Rules and Goal (board/level.hpp, board/kind_data.hpp). Part of the board layer though it
// lives in the kind's folder (core/CMakeLists.txt): it includes board headers and the standard
// library only.
#pragma once
#include "tilelab/board/pairing.hpp"

namespace tilelab::link {

// Fields hold their effective value (the default when the file omits them); Level::present
// remembers which keys the file wrote so that saving a loaded file gives the same bytes.
struct Rules {
    Pairing pair;
    int max_turns = 2;
    bool border = true;

    friend bool operator==(const Rules&, const Rules&) = default;
};

// The move limit, every kind's, is Goal::moves.
struct Goal {
    bool clear = true;

    friend bool operator==(const Goal&, const Goal&) = default;
};

}  // namespace tilelab::link
