// Plain, obviously-correct link oracles: BFS paths, the classic stepwise path test, exhaustive solving.
#include "oracle.hpp"

#include <array>
#include <deque>
#include <set>

namespace tilelab::link::oracle {

namespace {
// A cell a path may pass through: empty inside the board, or the ring when the border is on.
bool passable(const Board& board, bool border, int x, int y) {
    if (board.contains(x, y)) return board.at(x, y) == cell::empty;
    if (x < -1 || y < -1 || x > board.width || y > board.height) return false;
    return border;
}

constexpr std::array<int, 4> step_x{0, 1, 0, -1};
constexpr std::array<int, 4> step_y{-1, 0, 1, 0};
}  // namespace

std::vector<std::optional<OracleLink>> bfs_links_from(const Board& board, bool border, int max_turns, Cell a) {
    std::vector<std::optional<OracleLink>> out(static_cast<std::size_t>(board.size()));
    if (!board.contains(a) || !cell::is_value(board.at(a))) return out;
    const int pw = board.width + 2, ph = board.height + 2;
    // dist[(cell, direction, turns)] in padded coordinates; -1 unvisited.
    auto key = [&](int x, int y, int d, int t) { return (((y + 1) * pw + (x + 1)) * 4 + d) * 4 + t; };
    std::vector<int> dist(static_cast<std::size_t>(pw * ph * 16), -1);
    struct Node {
        int x, y, d, t;
    };
    std::deque<Node> queue;
    // best[cell][t]: shortest length reaching the tile at cell with exactly t turns.
    std::vector<std::array<int, 4>> best(static_cast<std::size_t>(board.size()), std::array<int, 4>{-1, -1, -1, -1});
    auto reach = [&](int nx, int ny, int d, int t, int length) {
        if (board.contains(nx, ny) && cell::is_value(board.at(nx, ny))) {
            if (nx == a.x && ny == a.y) return;
            int& b = best[static_cast<std::size_t>(board.index(nx, ny))][static_cast<std::size_t>(t)];
            if (b < 0 || length < b) b = length;
            return;
        }
        if (!passable(board, border, nx, ny)) return;
        int& slot = dist[static_cast<std::size_t>(key(nx, ny, d, t))];
        if (slot >= 0) return;
        slot = length;
        queue.push_back({nx, ny, d, t});
    };
    for (int d = 0; d < 4; ++d) reach(a.x + step_x[d], a.y + step_y[d], d, 0, 1);
    while (!queue.empty()) {
        Node n = queue.front();
        queue.pop_front();
        int length = dist[static_cast<std::size_t>(key(n.x, n.y, n.d, n.t))];
        for (int d = 0; d < 4; ++d) {
            if (d == (n.d + 2) % 4) continue;  // going straight back never helps
            int t = n.t + (d != n.d ? 1 : 0);
            if (t > max_turns) continue;
            reach(n.x + step_x[d], n.y + step_y[d], d, t, length + 1);
        }
    }
    for (std::size_t i = 0; i < best.size(); ++i)
        for (int t = 0; t <= max_turns && t < 4; ++t)
            if (best[i][static_cast<std::size_t>(t)] >= 0) {
                out[i] = OracleLink{t, best[i][static_cast<std::size_t>(t)]};
                break;
            }
    return out;
}

std::optional<OracleLink> bfs_link(const Board& board, bool border, int max_turns, Cell a, Cell b) {
    if (a == b || !board.contains(a) || !board.contains(b)) return std::nullopt;
    if (!cell::is_value(board.at(a)) || !cell::is_value(board.at(b))) return std::nullopt;
    return bfs_links_from(board, border, max_turns, a)[static_cast<std::size_t>(board.index(b.x, b.y))];
}

namespace {
// The stepwise test's first level: a straight line with nothing between the two points. The points
// themselves are not examined (they are the tiles, or corner points already known to be free).
bool level_one(const Board& board, bool border, int x1, int y1, int x2, int y2) {
    if (x1 == x2) {
        int lo = std::min(y1, y2), hi = std::max(y1, y2);
        for (int y = lo + 1; y < hi; ++y)
            if (!passable(board, border, x1, y)) return false;
        return true;
    }
    if (y1 == y2) {
        int lo = std::min(x1, x2), hi = std::max(x1, x2);
        for (int x = lo + 1; x < hi; ++x)
            if (!passable(board, border, x, y1)) return false;
        return true;
    }
    return false;
}
}  // namespace

bool stepwise_link(const Board& board, bool border, int max_turns, Cell a, Cell b) {
    if (a == b || !cell::is_value(board.at(a)) || !cell::is_value(board.at(b))) return false;
    // Level one: a straight connection.
    if (level_one(board, border, a.x, a.y, b.x, b.y)) return true;
    if (max_turns < 1) return false;
    // Level two: one folding point, at (a.x, b.y) or (b.x, a.y), which must itself be free.
    if (a.x != b.x && a.y != b.y) {
        if (passable(board, border, a.x, b.y) && level_one(board, border, a.x, a.y, a.x, b.y) &&
            level_one(board, border, a.x, b.y, b.x, b.y))
            return true;
        if (passable(board, border, b.x, a.y) && level_one(board, border, a.x, a.y, b.x, a.y) &&
            level_one(board, border, b.x, a.y, b.x, b.y))
            return true;
    }
    if (max_turns < 2) return false;
    // Level three: let both tiles go in four directions up to an obstacle; the points passed are
    // the possible folding points; a pair of them in line that passes level one links the tiles.
    auto walk = [&](Cell from, int dx, int dy) {
        std::vector<Cell> points;
        for (int x = from.x + dx, y = from.y + dy; passable(board, border, x, y); x += dx, y += dy) points.push_back({x, y});
        return points;
    };
    std::vector<Cell> a_vertical = walk(a, 0, -1), a_horizontal = walk(a, -1, 0);
    for (Cell c : walk(a, 0, 1)) a_vertical.push_back(c);
    for (Cell c : walk(a, 1, 0)) a_horizontal.push_back(c);
    std::vector<Cell> b_vertical = walk(b, 0, -1), b_horizontal = walk(b, -1, 0);
    for (Cell c : walk(b, 0, 1)) b_vertical.push_back(c);
    for (Cell c : walk(b, 1, 0)) b_horizontal.push_back(c);
    for (Cell p : a_vertical)
        for (Cell q : b_vertical)
            if (p.y == q.y && p.x != q.x && level_one(board, border, p.x, p.y, q.x, q.y)) return true;
    for (Cell p : a_horizontal)
        for (Cell q : b_horizontal)
            if (p.x == q.x && p.y != q.y && level_one(board, border, p.x, p.y, q.x, q.y)) return true;
    return false;
}

namespace {
bool exhaustive(const Board& board, const Pairing& pair, bool border, int max_turns, std::set<std::vector<std::int32_t>>& seen) {
    std::vector<Cell> tiles;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (cell::is_value(board.at(x, y))) tiles.push_back({x, y});
    if (tiles.empty()) return true;
    if (!seen.insert(board.cells).second) return false;  // this board was already explored
    for (std::size_t i = 0; i < tiles.size(); ++i)
        for (std::size_t j = i + 1; j < tiles.size(); ++j) {
            if (!pair.pairs(board.at(tiles[i]), board.at(tiles[j]))) continue;
            if (!bfs_link(board, border, max_turns, tiles[i], tiles[j])) continue;
            Board next = board;
            next.at(tiles[i]) = cell::empty;
            next.at(tiles[j]) = cell::empty;
            if (exhaustive(next, pair, border, max_turns, seen)) return true;
        }
    return false;
}
}  // namespace

bool exhaustive_solvable(const Board& board, const Pairing& pair, bool border, int max_turns) {
    std::set<std::vector<std::int32_t>> seen;
    return exhaustive(board, pair, border, max_turns, seen);
}

}  // namespace tilelab::link::oracle
