// The collapse oracle: a plain, slow, obviously correct reading of docs/collapse.md
// (and of the collapse paragraph of docs/randomness.md), against which the fast
// collapse engine is checked on many random boards.
//
// It is written from the rules alone: a board is a grid of token strings exactly as a
// level file writes them, every rule is one small function, and nothing is cached or
// packed. It depends on the standard library and nlohmann/json only, never on the
// tilelab core, so that a mistake shared by the two would have to be made twice.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace collapse_oracle {

// board[y][x]: "0".."8" (a piece of that colour), "rh", "rv", "tnt", "Nd" (power-ups),
// "." (empty), "#" (blocker), "_" (hole). "?" appears only in a Level's board.
using Tokens = std::vector<std::vector<std::string>>;
using Ints = std::vector<std::vector<int>>;  // jelly[y][x]: layers under the cell
using Cell = std::pair<int, int>;            // (x, y)
using Group = std::vector<Cell>;

// docs/randomness.md, "The generator: splitmix64".
struct Rng {
    std::uint64_t state = 0;
    std::uint64_t next();
    std::uint64_t uniform(std::uint64_t n);  // (next() >> 32) % n, n >= 1
};

struct Rules {
    int colors = 0;  // required
    int min_group = 2;
    std::string score = "linear";  // "linear" | "samegame"
    long long score_per_piece = 10;
    bool refill = true;
    bool reshuffle = false;
};

struct Collect {
    int color = 0;
    long long count = 0;
};

struct Goal {
    std::optional<int> moves;        // a move limit; none: no limit
    std::optional<long long> score;  // at least this score
    std::vector<Collect> collect;    // at least count pieces of color cleared
    bool jelly = false;              // no jelly layer left
    bool clear = false;              // no piece and no power-up left
};

struct Level {
    int width = 0;
    int height = 0;
    std::uint64_t seed = 0;
    Rules rules;
    Goal goal;
    Tokens board;  // as painted, "?" included
    Ints jelly;    // empty when the level has no jelly layer
};

struct State {
    Tokens board;
    Ints jelly;  // same shape as board (all 0 when the level has no jelly layer)
    long long score = 0;
    int moves = 0;  // taps made
    std::uint64_t rng_state = 0;
    std::vector<long long> collected;  // per colour, pieces cleared
    int reshuffles = 0;                // reshuffle attempts made in all (level start included)
    bool won = false;
    bool lost = false;
};

// Reads a level's JSON (format version 3, kind "collapse"): only what play needs.
// Asserts on what it cannot read; it validates nothing else.
Level parse_level(const nlohmann::json& level);

// Level start: the "?" draws, then a reshuffle if the board is dead and reshuffle is on,
// then lost if the board is still dead.
State start(const Level& level);

// Every group of at least min_group pieces; each sorted by (x, y), the list sorted.
std::vector<Group> groups(const Level& level, const State& state);

// Whether (x, y) is a legal tap on the board (the game's outcome aside).
bool legal_on_board(const Level& level, const State& state, int x, int y);
// A legal tap: legal on the board and the game is not over.
bool legal(const Level& level, const State& state, int x, int y);
// No legal tap on the board (the game's outcome aside).
bool dead(const Level& level, const State& state);

// One tap, fully resolved; nullopt when it is not legal or the game is over.
std::optional<State> tap(const Level& level, const State& state, int x, int y);

// Row y of the board as a level file writes it: tokens joined by single spaces.
std::string board_row(const State& state, int y);

// Whether every objective of the goal other than moves holds (false when there is none).
bool objectives_hold(const Level& level, const State& state);

}  // namespace collapse_oracle
