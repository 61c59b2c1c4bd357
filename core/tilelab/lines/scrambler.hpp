// Generated lines levels: a board of random closed networks, scrambled by random shifts.
#pragma once
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/random.hpp"

namespace tilelab::lines {

// A board where every tile is closed: each edge between two neighbouring cells is drawn with
// probability 11/20 and each cell's mask is the set of its drawn edges, so shapes are random
// closed networks (loops, trees with nub ends, crosses), not only squares. Cells with no drawn
// edge stay empty.
Board closed_network(int width, int height, Rng& rng);

// `count` random shifts (uniform over rows and columns and both directions; never the inverse of
// the shift just made); returns the shifts made, in order.
std::vector<ShiftMove> scramble(Board& board, int count, Rng& rng);

// Nodes the generator lets the solver visit to prove the scramble's optimal distance. A node
// budget, not a time budget, so that a seed gives the same level on every machine.
inline constexpr std::uint64_t generate_node_budget = 4'000'000;

// generate --kind lines: closed_network(), scrambled by options.scramble shifts (retried while
// the scramble leaves every tile closed), goal {all_closed, moves: the solver's optimal distance};
// when the solver cannot prove it within generate_node_budget, the move limit is the scramble
// length (still reachable: undoing the scramble). Boards need at least two cells.
GenerateResult generate(const GenerateOptions& options);

}  // namespace tilelab::lines
