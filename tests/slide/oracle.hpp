// The plain-array oracle for slide: the classic 2048 move (blocksGoUp) on a board turned so every
// move is "up".
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace slide_oracle {

struct MoveResult {
    tilelab::Board board;
    std::int64_t score = 0;  // what the move adds under the rule asked for
    bool legal = false;      // the board changed
};

// One move, no spawn. `score_rule`: merged adds the new value, pre_merge the value before.
MoveResult move(const tilelab::Board& board, tilelab::Direction d, tilelab::slide::SlideScore score_rule);

// No move changes the board.
bool game_over(const tilelab::Board& board);

// One spawn per docs/randomness.md "slide: spawns": the cell among empty cells in row-major order, then
// the value by `weights` ((value, weight) pairs). Returns false when no cell is empty.
bool spawn(tilelab::Board& board, tilelab::Rng& rng, const std::vector<std::pair<int, int>>& weights);

// A whole game as `tilelab apply` plays it: start spawns, then each move and its spawn, until
// the first illegal move (returned in `illegal`).
struct Replay {
    tilelab::Board board;
    std::int64_t score = 0;
    std::optional<int> illegal;
};
Replay replay(const tilelab::Level& level, const std::vector<tilelab::Direction>& moves);

}  // namespace slide_oracle
