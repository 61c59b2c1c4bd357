// The match3 format version 2 oracle: docs/match3.md "Format version 2" (special pieces, combos,
// crates, locks, ingredients, spawn weights) written out plainly from the text, step by step, with its
// own types. It uses nothing from core/tilelab: it reads the level's JSON object itself, so that a bug
// in the level reader or in the core's model cannot hide in both. A version 1 level is read as
// `"specials": false` (docs/format.md "Versions and migration") and must play exactly as docs/match3.md
// "Rules as implemented".
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace oracle_v2 {

using XY = std::array<int, 2>;  // [x, y]

struct Created {
    XY cell;
    std::string token;  // as the file writes it, e.g. "3v", "2b", "*"
};

struct Hint {
    XY a;                          // the left or upper cell
    XY b;                          // the right or lower cell: the move's target
    std::vector<XY> clears;        // the cells the first step clears, sorted by (x, y)
    std::vector<Created> creates;  // the specials the first step makes, sorted by (x, y) of cell
    bool combo = false;
};

struct Analysis {
    std::vector<std::vector<XY>> groups;  // each sorted by (x, y); groups sorted
    std::vector<Hint> hints;              // swaps in (x, y) order of a, right neighbour before lower
    bool dead = false;
};

// On the board as painted, `?` drawn (no exits, no start resolution), like `tilelab analyze`.
Analysis analyze(const nlohmann::json& level);

struct Play {
    std::vector<std::string> start_board, board;
    long long score = 0;
    std::optional<int> illegal;                                       // index of the first illegal move; play stops there
    int ingredients_collected = 0;                                    // at level start and during the moves
    nlohmann::ordered_json events = nlohmann::ordered_json::array();  // the moves' events, none for level start
};

// moves "x1,y1:x2,y2": the first-named cell's item moves into the second (the target).
Play play(const nlohmann::json& level, const std::vector<std::string>& moves);

}  // namespace oracle_v2
