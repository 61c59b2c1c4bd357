// The link path search as it stood when all_links was first made fast (runs per cell, paths.cpp
// at 4455cc3), frozen: every figure and corner the core reports must stay what this reports.
// Plain code on purpose: runs walked cell by cell, every pairing pair of the board queried.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "oracle.hpp"

namespace tilelab::link::oracle {

namespace {
// The board inside its one-cell ring, with the four straight runs of empty cells at each cell.
struct RunField {
    int pw = 0, ph = 0;
    std::vector<std::int32_t> cells;
    std::vector<int> right, left, down, up;

    RunField(const Board& board, bool border) : pw(board.width + 2), ph(board.height + 2) {
        const std::size_t n = static_cast<std::size_t>(pw * ph);
        cells.assign(n, border ? cell::empty : cell::blocker);
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                const std::int32_t v = board.at(x, y);
                cells[idx(x + 1, y + 1)] = cell::is_value(v) || v == cell::empty ? v : cell::blocker;
            }
        right.assign(n, 0);
        left.assign(n, 0);
        down.assign(n, 0);
        up.assign(n, 0);
        for (int py = 0; py < ph; ++py)
            for (int px = 0; px < pw; ++px) {
                right[idx(px, py)] = walk(px, py, 1, 0);
                left[idx(px, py)] = walk(px, py, -1, 0);
                down[idx(px, py)] = walk(px, py, 0, 1);
                up[idx(px, py)] = walk(px, py, 0, -1);
            }
    }
    std::size_t idx(int px, int py) const { return static_cast<std::size_t>(py * pw + px); }
    bool empty_at(int px, int py) const { return px >= 0 && py >= 0 && px < pw && py < ph && cells[idx(px, py)] == cell::empty; }
    int walk(int px, int py, int dx, int dy) const {
        int n = 0;
        while (empty_at(px + n * dx, py + n * dy)) ++n;
        return n;
    }
    bool row_clear(int py, int x1, int x2) const {
        if (x1 > x2) std::swap(x1, x2);
        return right[idx(x1, py)] >= x2 - x1 + 1;
    }
    bool col_clear(int px, int y1, int y2) const {
        if (y1 > y2) std::swap(y1, y2);
        return down[idx(px, y1)] >= y2 - y1 + 1;
    }
};

int sign(int v) { return (v > 0) - (v < 0); }

struct Candidate {
    int length = std::numeric_limits<int>::max();
    std::vector<Cell> corners;
    void set(int len, std::initializer_list<Cell> points) {
        length = len;
        corners = points;
    }
};

// LinkField::find_link as it was, line for line, in padded coordinates.
std::optional<LinkPath> find_in(const RunField& f, Cell a, Cell b, int max_turns) {
    const int ax = a.x + 1, ay = a.y + 1, bx = b.x + 1, by = b.y + 1;
    const int dx = std::abs(ax - bx), dy = std::abs(ay - by);
    auto make = [&](int turns, const Candidate& c) {
        LinkPath out;
        out.a = a;
        out.b = b;
        out.turns = turns;
        for (Cell p : c.corners) out.path.push_back(Cell{p.x - 1, p.y - 1});
        return std::optional<LinkPath>(out);
    };
    Candidate best;
    if (ay == by && (dx == 1 || f.row_clear(ay, std::min(ax, bx) + 1, std::max(ax, bx) - 1))) {
        best.set(dx, {Cell{ax, ay}, Cell{bx, by}});
        return make(0, best);
    }
    if (ax == bx && (dy == 1 || f.col_clear(ax, std::min(ay, by) + 1, std::max(ay, by) - 1))) {
        best.set(dy, {Cell{ax, ay}, Cell{bx, by}});
        return make(0, best);
    }
    if (max_turns < 1) return std::nullopt;
    auto free_at = [&](int px, int py) { return f.cells[f.idx(px, py)] == cell::empty; };
    if (!(free_at(ax - 1, ay) || free_at(ax + 1, ay) || free_at(ax, ay - 1) || free_at(ax, ay + 1))) return std::nullopt;
    if (!(free_at(bx - 1, by) || free_at(bx + 1, by) || free_at(bx, by - 1) || free_at(bx, by + 1))) return std::nullopt;
    if (ax != bx && ay != by) {
        const int sx = sign(bx - ax), sy = sign(by - ay);
        if (f.row_clear(ay, ax + sx, bx) && f.col_clear(bx, ay, by - sy)) {
            best.set(dx + dy, {Cell{ax, ay}, Cell{bx, ay}, Cell{bx, by}});
            return make(1, best);
        }
        if (f.col_clear(ax, ay + sy, by) && f.row_clear(by, ax, bx - sx)) {
            best.set(dx + dy, {Cell{ax, ay}, Cell{ax, by}, Cell{bx, by}});
            return make(1, best);
        }
    }
    if (max_turns < 2) return std::nullopt;
    const int a_up = ay - f.up[f.idx(ax, ay - 1)], a_down = ay + f.down[f.idx(ax, ay + 1)];
    const int a_left = ax - f.left[f.idx(ax - 1, ay)], a_right = ax + f.right[f.idx(ax + 1, ay)];
    const int b_up = by - f.up[f.idx(bx, by - 1)], b_down = by + f.down[f.idx(bx, by + 1)];
    const int b_left = bx - f.left[f.idx(bx - 1, by)], b_right = bx + f.right[f.idx(bx + 1, by)];
    if (ax != bx) {
        const int lo = std::max(a_up, b_up), hi = std::min(a_down, b_down);
        for (int y = lo; y <= hi; ++y) {
            if (y == ay || y == by) continue;
            int len = std::abs(ay - y) + std::abs(by - y) + dx;
            if (len < best.length && f.row_clear(y, ax, bx))
                best.set(len, {Cell{ax, ay}, Cell{ax, y}, Cell{bx, y}, Cell{bx, by}});
        }
    }
    if (ay != by) {
        const int lo = std::max(a_left, b_left), hi = std::min(a_right, b_right);
        for (int x = lo; x <= hi; ++x) {
            if (x == ax || x == bx) continue;
            int len = std::abs(ax - x) + std::abs(bx - x) + dy;
            if (len < best.length && f.col_clear(x, ay, by))
                best.set(len, {Cell{ax, ay}, Cell{x, ay}, Cell{x, by}, Cell{bx, by}});
        }
    }
    if (!best.corners.empty()) return make(2, best);
    if (max_turns < 3) return std::nullopt;
    for (int y1 = a_up; y1 <= a_down; ++y1) {
        if (y1 == ay || y1 == by) continue;
        for (int x2 = b_left; x2 <= b_right; ++x2) {
            if (x2 == bx || x2 == ax) continue;
            int len = std::abs(ay - y1) + std::abs(ax - x2) + std::abs(y1 - by) + std::abs(x2 - bx);
            if (len < best.length && f.row_clear(y1, ax, x2) && f.col_clear(x2, y1, by))
                best.set(len, {Cell{ax, ay}, Cell{ax, y1}, Cell{x2, y1}, Cell{x2, by}, Cell{bx, by}});
        }
    }
    for (int x1 = a_left; x1 <= a_right; ++x1) {
        if (x1 == ax || x1 == bx) continue;
        for (int y2 = b_up; y2 <= b_down; ++y2) {
            if (y2 == by || y2 == ay) continue;
            int len = std::abs(ax - x1) + std::abs(ay - y2) + std::abs(x1 - bx) + std::abs(y2 - by);
            if (len < best.length && f.col_clear(x1, ay, y2) && f.row_clear(y2, x1, bx))
                best.set(len, {Cell{ax, ay}, Cell{x1, ay}, Cell{x1, y2}, Cell{bx, y2}, Cell{bx, by}});
        }
    }
    if (!best.corners.empty()) return make(3, best);
    return std::nullopt;
}

bool is_tile(const Board& board, Cell c) { return board.contains(c) && cell::is_value(board.at(c)); }
}  // namespace

std::optional<LinkPath> reference_find_link(const Board& board, bool border, int max_turns, Cell a, Cell b) {
    if (a == b || !is_tile(board, a) || !is_tile(board, b)) return std::nullopt;
    return find_in(RunField(board, border), a, b, max_turns);
}

std::vector<LinkPath> reference_all_links(const Board& board, const LinkRules& rules) {
    std::vector<LinkPath> out;
    const RunField field(board, rules.border);
    for (int i = 0; i < board.size(); ++i) {
        const std::int32_t va = board.cells[static_cast<std::size_t>(i)];
        if (!cell::is_value(va)) continue;
        for (int j = i + 1; j < board.size(); ++j) {
            const std::int32_t vb = board.cells[static_cast<std::size_t>(j)];
            if (!cell::is_value(vb) || !rules.pair.pairs(va, vb)) continue;
            if (auto link = find_in(field, Cell{i % board.width, i / board.width}, Cell{j % board.width, j / board.width},
                                    rules.max_turns))
                out.push_back(std::move(*link));
        }
    }
    return out;
}

}  // namespace tilelab::link::oracle
