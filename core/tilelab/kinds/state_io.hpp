// A game in play saved as text and read back (docs/runtimes.md "Saving a game"): what a runtime
// stores when the player leaves mid-level, so that the same moves then play the same way,
// refills included. The level itself is not in the text: a state is read back against its level.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "tilelab/analysis/game.hpp"

namespace tilelab {

// The state as one line of JSON: {"format": "tilelab.state", "version": 1, "level": ID,
// "width", "height", "board": [rows as the level format writes them], "score", "moves",
// "rng": "the generator's state in decimal"}, then what the level's kind keeps beside the board:
// match3 "jelly" and "lock" (rows of numbers, when the level has the layer), "ingredients",
// "collected" (pieces cleared per colour); slide "ids" (rows of tile ids, -1 for no tile) and
// "next_id".
std::string save_state(const Level& level, const State& state);

// Why a text is not a state: not JSON, a newer state version, or JSON that is not a state of the
// level (a wrong key, size, cell or number).
enum class StateProblem { none, json, version, invalid };

// The state `text` holds, checked against `level`: its id and size, every key the level's kind
// keeps and no other, each cell a token of the level's kind (no `?`), each number in range. On a
// problem: nullopt, `error` says where ("/board/2: ...") and `problem` (when given) why.
std::optional<State> restore_state(const Level& level, std::string_view text, std::string& error,
                                   StateProblem* problem = nullptr);

}  // namespace tilelab
