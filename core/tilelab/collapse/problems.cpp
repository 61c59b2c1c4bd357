// collapse's level problems (kinds/table.hpp's level_problems), each "never" a proof from the
// rules (docs/collapse.md "Level problems").
#include <algorithm>

#include "tilelab/collapse/collapse.hpp"

namespace tilelab::collapse {

std::vector<Warning> level_problems(const Level& level) {
    std::vector<Warning> out;
    const Rules& r = rules_of(level);
    const Goal& g = goal_of(level);
    const Board& b = level.board;
    auto add = [&out](std::string text, std::optional<Cell> at, const char* rule) {
        out.push_back({std::move(text), at, Diagnostic::Severity::warning, rule});
    };
    if (!g.score && g.collect.empty() && !g.jelly && !g.clear)
        add("the goal sets no objective (score, collect, jelly or clear): the level can never be won", std::nullopt,
            "collapse.no-objective");
    if (r.colors > 0 && !has_legal_tap(start(level).board, r.min_group))
        add(r.reshuffle ? "no tap is legal at the start, even after reshuffling" : "no tap is legal at the start", std::nullopt,
            "collapse.dead-start");
    // The refill fills every column's top segment (the cells above its first blocker, holes aside)
    // after every tap: with one such cell on the board, no tap leaves it clear.
    bool refilled_cell = false;
    for (int x = 0; x < b.width && !refilled_cell; ++x)
        for (int y = 0; y < b.height && b.at(x, y) != cell::blocker && !refilled_cell; ++y)
            refilled_cell = b.at(x, y) != cell::hole;
    if (g.clear && r.refill && refilled_cell)
        add("the goal is to clear the board, but with refill on a piece falls in after every tap: the board is never clear",
            std::nullopt, "collapse.clear-with-refill");
    if (!r.refill && std::count(b.cells.begin(), b.cells.end(), cell::random) == 0) {
        // Without refill no piece ever appears: the board's pieces are all there will be.
        for (const CollectTarget& t : g.collect) {
            const auto on_board = std::count(b.cells.begin(), b.cells.end(), t.color);
            if (on_board < t.count)
                add("the goal collects " + std::to_string(t.count) + " pieces of colour " + std::to_string(t.color) +
                        ", but without refill the board only ever has " + std::to_string(on_board),
                    std::nullopt, "collapse.collect-unreachable");
        }
    }
    if (level.jelly) {
        for (int y = 0; y < b.height; ++y)
            for (int x = 0; x < b.width; ++x)
                if (level.jelly->at(x, y) > 0 && b.at(x, y) == cell::blocker)
                    add("jelly under a blocker at " + format_cell({x, y}) +
                            " can never be cleared (blockers never move and no tap clears them)" +
                            (g.jelly ? ": the level cannot be won" : ""),
                        Cell{x, y}, "collapse.jelly-unreachable");
    }
    return out;
}

}  // namespace tilelab::collapse
