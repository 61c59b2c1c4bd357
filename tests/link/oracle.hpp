// Plain, obviously-correct link oracles: BFS paths, the classic stepwise path test, exhaustive solving.
#pragma once
#include <optional>
#include <vector>

#include "tilelab/board/board.hpp"
#include "tilelab/board/level.hpp"
#include "tilelab/link/link.hpp"

namespace tilelab::link::oracle {

struct OracleLink {
    int turns = 0;
    int length = 0;  // cells stepped
};

// Breadth-first search over (cell, direction, turns): the fewest turns (at most max_turns) and,
// with them, the shortest length of a path from tile a to tile b through empty cells (and the
// ring just outside the board when `border`). Does not check the pairing.
std::optional<OracleLink> bfs_link(const Board& board, bool border, int max_turns, Cell a, Cell b);
// The same search from tile a to every cell at once (tiles are never passed through, so one
// search answers for every target tile): index y * width + x.
std::vector<std::optional<OracleLink>> bfs_links_from(const Board& board, bool border, int max_turns, Cell a);

// The classic stepwise path test (checknobarrier): straight line, then one corner, then two
// corners found by letting both tiles walk in four directions up to an obstacle. Yes/no only,
// max_turns 0..2.
bool stepwise_link(const Board& board, bool border, int max_turns, Cell a, Cell b);

// Exhaustive search: does some order of removals clear every tile? Memoises visited boards.
bool exhaustive_solvable(const Board& board, const Pairing& pair, bool border, int max_turns);

// The link search frozen as it was before all_links was made fast (oracle_reference.cpp): the
// same fewest turns, shortest length and the same corners when paths tie. `reference_all_links`
// queries every pairing pair in row-major order: what all_links must return, element for element.
std::optional<LinkPath> reference_find_link(const Board& board, bool border, int max_turns, Cell a, Cell b);
std::vector<LinkPath> reference_all_links(const Board& board, const LinkRules& rules);

}  // namespace tilelab::link::oracle
