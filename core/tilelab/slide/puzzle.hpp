// Fixed slide puzzles (no spawns, format 3): the game is deterministic, so the fewest moves to the
// target is found exactly by a breadth-first search over positions (docs/slide.md "Puzzles").
// `analyze` reports it; the expectimax bots play it.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/slide/paths.hpp"

namespace tilelab::slide {

struct PuzzleSearch {
    // solvable: `moves` is a shortest solution; unsolvable: no position reachable (within
    // `max_depth` moves when it is set) holds the target; unknown: the position or time budget
    // ran out, and no solution has `proven_depth` moves or fewer.
    Verdict verdict = Verdict::unknown;
    std::vector<Direction> moves;
    std::uint64_t positions = 0;  // distinct positions seen
    int proven_depth = -1;
};

struct PuzzleLimits {
    int max_depth = -1;                   // >= 0: the level's move limit; -1: none
    std::size_t max_positions = 1 << 21;  // distinct positions kept (memory)
    int budget_ms = -1;                   // >= 0: wall time; -1: none (the bots: reproducible)
};

// Breadth-first search from `start` for a position with a tile of at least `target`, level by
// level, each position's moves in the order of all_directions (so the solution found is the
// first shortest one in that order). Moves never add a tile, so the positions reachable are
// finite and the search ends on its own on small boards.
template <class Path>
PuzzleSearch shortest_solution(const Path& path, const typename Path::Position& start, std::int64_t target,
                               const PuzzleLimits& limits, const StopToken& stop = {}) {
    using Position = typename Path::Position;
    PuzzleSearch out;
    auto won = [&](const Position& p) {
        const int e = Path::highest_exponent(p);
        return e > 0 && (std::int64_t{1} << e) >= target;
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(limits.budget_ms, 0));
    // Each position seen, with the position and move it was first reached from.
    std::unordered_map<Position, std::pair<Position, Direction>> parent;
    parent.emplace(start, std::pair{start, Direction::up});
    out.positions = 1;
    if (won(start)) {
        out.verdict = Verdict::solvable;
        out.proven_depth = 0;
        return out;
    }
    std::vector<Position> frontier{start}, next;
    for (int depth = 0;; ++depth) {
        out.proven_depth = depth;
        if (frontier.empty()) {
            out.verdict = Verdict::unsolvable;
            return out;
        }
        if (limits.max_depth >= 0 && depth >= limits.max_depth) {
            out.verdict = Verdict::unsolvable;
            return out;
        }
        next.clear();
        std::uint64_t steps = 0;
        for (const Position& p : frontier) {
            if ((++steps & 255) == 0 &&
                (stop.stop_requested() || (limits.budget_ms >= 0 && std::chrono::steady_clock::now() > deadline)))
                return out;  // unknown
            for (Direction d : all_directions) {
                Position after = path.move(p, d);
                if (after == p) continue;
                auto [it, fresh] = parent.try_emplace(after, std::pair{p, d});
                if (!fresh) continue;
                ++out.positions;
                if (won(after)) {
                    for (Position at = after; !(at == start);) {
                        const auto& [from, move] = parent.at(at);
                        out.moves.push_back(move);
                        at = from;
                    }
                    std::reverse(out.moves.begin(), out.moves.end());
                    out.verdict = Verdict::solvable;
                    out.proven_depth = depth + 1;
                    return out;
                }
                if (parent.size() > limits.max_positions) return out;  // unknown
                next.push_back(std::move(after));
            }
        }
        frontier.swap(next);
    }
}

// The positions a search on a board of `cells` cells may keep: about 2^27 bytes of them (a
// position is a byte a cell on the general path), at least 64.
inline std::size_t position_budget(int cells) {
    return std::max<std::size_t>(64, (std::size_t{1} << 27) / static_cast<std::size_t>(cells + 32));
}

// A level without spawns: deterministic play (docs/slide.md "Puzzles").
inline bool has_no_spawns(const Level& level) { return level.kind == Kind::slide && level.rules.as<Rules>().spawn.empty(); }

}  // namespace tilelab::slide
