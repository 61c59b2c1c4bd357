// Link's pairing rule. A board type rather than link's own (link/data.hpp) because more than link
// needs it: generate's options hold one (analysis/game.hpp's GenerateOptions, `--pair`), the CLI
// parses it, and the colour table colours a tile as its partner (look/colours.hpp).
#pragma once
#include <cstdint>

namespace tilelab {

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

}  // namespace tilelab
