// link level problems (link.hpp, listed in kinds/table.hpp): values that can never all pair (an odd count, no
// partner), tiles that can never link because blockers (and the board's edge when the border is
// off) wall them in; a move limit below the pairs to clear.
#include <map>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {
std::string at_text(Cell c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")"; }
constexpr int max_listed = 8;
}  // namespace

std::vector<Warning> level_problems(const Level& level) {
    const Board& board = level.board;
    const LinkRules rules = rules_of(level);
    // The pairing warnings first: they are facts of the tiles alone, as the walls below are.
    std::vector<Warning> out = pairing_warnings(board, rules);
    // The board inside a one-cell ring (passable when the border is on). Tiles count as passable:
    // every tile between two partners can be removed first; blockers never go.
    const int pw = board.width + 2, ph = board.height + 2;
    auto passable = [&](int px, int py) {
        if (px < 0 || py < 0 || px >= pw || py >= ph) return false;
        if (px == 0 || py == 0 || px == pw - 1 || py == ph - 1) return rules.border;
        return board.at(px - 1, py - 1) != cell::blocker;
    };
    // Areas: connected passable cells, labelled by a flood fill.
    std::vector<int> area(static_cast<std::size_t>(pw * ph), -1);
    int areas = 0;
    std::vector<int> stack;
    for (int start = 0; start < pw * ph; ++start) {
        if (area[static_cast<std::size_t>(start)] >= 0 || !passable(start % pw, start / pw)) continue;
        area[static_cast<std::size_t>(start)] = areas;
        stack.push_back(start);
        while (!stack.empty()) {
            const int i = stack.back();
            stack.pop_back();
            const int x = i % pw, y = i / pw;
            const int next[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
            for (const auto& n : next) {
                if (!passable(n[0], n[1])) continue;
                const int j = n[1] * pw + n[0];
                if (area[static_cast<std::size_t>(j)] >= 0) continue;
                area[static_cast<std::size_t>(j)] = areas;
                stack.push_back(j);
            }
        }
        ++areas;
    }
    // Tiles per (area, value), and per value on the whole board.
    std::map<std::pair<int, std::int64_t>, int> in_area;
    std::map<std::int64_t, int> on_board;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (std::int32_t v = board.at(x, y); cell::is_value(v)) {
                ++in_area[{area[static_cast<std::size_t>((y + 1) * pw + x + 1)], v}];
                ++on_board[v];
            }
    int count = 0;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            const std::int32_t v = board.at(x, y);
            if (!cell::is_value(v)) continue;
            const std::int64_t partner = rules.pair.partner(v);
            const int partners_on_board = on_board.count(partner) ? on_board.at(partner) - (partner == v ? 1 : 0) : 0;
            if (partners_on_board <= 0) continue;  // no partner at all: the pairing warning says so
            bool walled = true, edge = false;
            const int px = x + 1, py = y + 1;
            for (const auto& n : {std::pair{px + 1, py}, std::pair{px - 1, py}, std::pair{px, py + 1}, std::pair{px, py - 1}}) {
                if (passable(n.first, n.second)) walled = false;
                edge = edge || n.first == 0 || n.second == 0 || n.first == pw - 1 || n.second == ph - 1;
            }
            std::string message;
            const char* rule = walled ? "link.walled-in" : "link.walled-off";
            if (walled) {
                message = "the tile " + std::to_string(v) + " at " + at_text({x, y}) +
                          " can never link: it is walled in on all sides by blockers, which are never removed" +
                          (edge ? " (and the board's edge: the border is off)" : "");
            } else {
                const int a = area[static_cast<std::size_t>(py * pw + px)];
                auto it = in_area.find({a, partner});
                const int reachable = it == in_area.end() ? 0 : it->second - (partner == v ? 1 : 0);
                if (reachable > 0) continue;
                message = "the tile " + std::to_string(v) + " at " + at_text({x, y}) +
                          " can never link: blockers, which are never removed, wall it off from every partner (" +
                          std::to_string(partner) + ")";
            }
            if (++count <= max_listed) out.push_back({message, Cell{x, y}, Diagnostic::Severity::warning, rule});
        }
    if (count > max_listed)
        out.push_back({"... and " + std::to_string(count - max_listed) + " more tiles that can never link", std::nullopt,
                       Diagnostic::Severity::warning, "link.walled-more"});
    // Clearing takes one move a pair: a move limit below that can never be met.
    int tiles = 0;
    for (const auto& [value, n] : on_board) tiles += n;
    if (level.goal.as<Goal>().clear && level.goal.moves && tiles / 2 > *level.goal.moves)
        out.push_back({"clearing the board takes " + std::to_string(tiles / 2) + " moves (one a pair of its " +
                           std::to_string(tiles) + " tiles) but the move limit is " + std::to_string(*level.goal.moves) +
                           ": the level cannot be won (raise the limit or remove pairs)",
                       std::nullopt, Diagnostic::Severity::warning, "link.move-limit"});
    return out;
}

}  // namespace tilelab::link
