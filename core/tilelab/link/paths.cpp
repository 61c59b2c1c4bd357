// Link paths from straight runs: fewest turns, then shortest length, without searching the board.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {
constexpr std::int32_t ring_wall = cell::blocker;

int sign(int v) { return (v > 0) - (v < 0); }
}  // namespace

LinkRules rules_of(const Level& level) {
    LinkRules rules;
    rules.pair = level.rules.pair;
    rules.max_turns = std::clamp(level.rules.max_turns, 0, 3);
    rules.border = level.rules.border;
    return rules;
}

LinkField::LinkField(const Board& board, bool border) { assign(board, border); }

void LinkField::assign(const Board& board, bool border) {
    width_ = board.width;
    height_ = board.height;
    pw_ = board.width + 2;
    ph_ = board.height + 2;
    border_ = border;
    const std::size_t n = static_cast<std::size_t>(pw_) * static_cast<std::size_t>(ph_);
    const std::int32_t ring = border ? cell::empty : ring_wall;
    cells_.resize(n);
    std::int32_t* out = cells_.data();
    std::fill(out, out + pw_, ring);
    std::fill(out + (ph_ - 1) * pw_, out + n, ring);
    for (int y = 0; y < height_; ++y) {
        std::int32_t* row = out + (y + 1) * pw_;
        const std::int32_t* in = board.cells.data() + static_cast<std::ptrdiff_t>(y) * width_;
        row[0] = ring;
        row[pw_ - 1] = ring;
        // Anything that is neither a tile nor empty stops paths like a blocker.
        for (int x = 0; x < width_; ++x) row[x + 1] = cell::is_value(in[x]) || in[x] == cell::empty ? in[x] : cell::blocker;
    }
    // Every run below is written before it is read: resize keeps the buffers, no fill needed.
    right_.resize(n);
    left_.resize(n);
    down_.resize(n);
    up_.resize(n);
    // Row runs column by column: each step extends every row's run at once (independent chains,
    // where a walk along one row waits on its own previous cell).
    {
        const std::int32_t* c = cells_.data();
        std::uint16_t* left = left_.data();
        std::uint16_t* right = right_.data();
        const auto w = static_cast<std::size_t>(pw_);
        for (std::size_t i = 0; i < n; i += w) left[i] = c[i] == cell::empty ? 1 : 0;
        for (std::size_t px = 1; px < w; ++px)
            for (std::size_t i = px; i < n; i += w) left[i] = c[i] != cell::empty ? 0 : static_cast<std::uint16_t>(left[i - 1] + 1);
        for (std::size_t i = w - 1; i < n; i += w) right[i] = c[i] == cell::empty ? 1 : 0;
        for (std::size_t px = w - 1; px-- > 0;)
            for (std::size_t i = px; i < n; i += w) right[i] = c[i] != cell::empty ? 0 : static_cast<std::uint16_t>(right[i + 1] + 1);
    }
    // Column runs row by row (memory order): a cell's run is its neighbour's run plus one.
    const std::int32_t* cells = cells_.data();
    std::uint16_t* up = up_.data();
    std::uint16_t* down = down_.data();
    for (int px = 0; px < pw_; ++px) up[px] = cells[px] == cell::empty ? 1 : 0;
    for (std::size_t i = static_cast<std::size_t>(pw_); i < n; ++i)
        up[i] = cells[i] != cell::empty ? 0 : static_cast<std::uint16_t>(up[i - static_cast<std::size_t>(pw_)] + 1);
    const std::size_t last_row = n - static_cast<std::size_t>(pw_);
    for (std::size_t i = last_row; i < n; ++i) down[i] = cells[i] == cell::empty ? 1 : 0;
    for (std::size_t i = last_row; i-- > 0;)
        down[i] = cells[i] != cell::empty ? 0 : static_cast<std::uint16_t>(down[i + static_cast<std::size_t>(pw_)] + 1);
}

void LinkField::refresh_row(int py) {
    const std::int32_t* cells = cells_.data() + static_cast<std::ptrdiff_t>(py) * pw_;
    std::uint16_t* right = right_.data() + static_cast<std::ptrdiff_t>(py) * pw_;
    std::uint16_t* left = left_.data() + static_cast<std::ptrdiff_t>(py) * pw_;
    unsigned run = 0;
    for (int px = pw_ - 1; px >= 0; --px) {
        run = cells[px] == cell::empty ? run + 1 : 0;
        right[px] = static_cast<std::uint16_t>(run);
    }
    run = 0;
    for (int px = 0; px < pw_; ++px) {
        run = cells[px] == cell::empty ? run + 1 : 0;
        left[px] = static_cast<std::uint16_t>(run);
    }
}

void LinkField::refresh_col(int px) {
    int run = 0;
    for (int py = ph_ - 1; py >= 0; --py) {
        auto i = static_cast<std::size_t>(pad_index(px, py));
        run = cells_[i] == cell::empty ? run + 1 : 0;
        down_[i] = static_cast<std::uint16_t>(run);
    }
    run = 0;
    for (int py = 0; py < ph_; ++py) {
        auto i = static_cast<std::size_t>(pad_index(px, py));
        run = cells_[i] == cell::empty ? run + 1 : 0;
        up_[i] = static_cast<std::uint16_t>(run);
    }
}

void LinkField::set(Cell c, std::int32_t value) {
    int px = c.x + 1, py = c.y + 1;
    if (px < 1 || py < 1 || px > width_ || py > height_) return;
    auto i = static_cast<std::size_t>(pad_index(px, py));
    if (!cell::is_value(value) && value != cell::empty) value = cell::blocker;
    if (cells_[i] == value) return;
    cells_[i] = value;
    refresh_row(py);
    refresh_col(px);
}

bool LinkField::row_clear(int py, int x1, int x2) const {
    if (x1 > x2) std::swap(x1, x2);
    return right_[static_cast<std::size_t>(pad_index(x1, py))] >= x2 - x1 + 1;
}

bool LinkField::col_clear(int px, int y1, int y2) const {
    if (y1 > y2) std::swap(y1, y2);
    return down_[static_cast<std::size_t>(pad_index(px, y1))] >= y2 - y1 + 1;
}

namespace {
// One candidate path: its length and its corner points in padded coordinates.
struct Candidate {
    int length = std::numeric_limits<int>::max();
    Cell corners[5];
    int count = 0;
    void set(int len, std::initializer_list<Cell> points) {
        length = len;
        count = 0;
        for (Cell p : points) corners[count++] = p;
    }
};
}  // namespace

bool LinkField::find_link(Cell a, Cell b, int max_turns, LinkPath& out) const {
    if (a == b || !is_tile(a) || !is_tile(b)) return false;
    const int ax = a.x + 1, ay = a.y + 1, bx = b.x + 1, by = b.y + 1;
    const int dx = std::abs(ax - bx), dy = std::abs(ay - by);
    auto make = [&](int turns, const Candidate& c) {
        out.a = a;
        out.b = b;
        out.turns = turns;
        Cell corners[5];
        for (int i = 0; i < c.count; ++i) corners[i] = Cell{c.corners[i].x - 1, c.corners[i].y - 1};
        out.path.assign(corners, corners + c.count);  // the buffer's capacity reused: no allocation once it has grown
        return true;
    };
    Candidate best;

    // 0 turns: a straight line; adjacent tiles link with nothing between them.
    if (ay == by && (dx == 1 || row_clear(ay, std::min(ax, bx) + 1, std::max(ax, bx) - 1))) {
        best.set(dx, {Cell{ax, ay}, Cell{bx, by}});
        return make(0, best);
    }
    if (ax == bx && (dy == 1 || col_clear(ax, std::min(ay, by) + 1, std::max(ay, by) - 1))) {
        best.set(dy, {Cell{ax, ay}, Cell{bx, by}});
        return make(0, best);
    }
    if (max_turns < 1) return false;
    // Every longer path leaves a through an empty neighbour and enters b from one: a walled-in
    // tile (most tiles of a full board) is settled here.
    auto free_at = [&](int px, int py) { return cells_[static_cast<std::size_t>(pad_index(px, py))] == cell::empty; };
    if (!(free_at(ax - 1, ay) || free_at(ax + 1, ay) || free_at(ax, ay - 1) || free_at(ax, ay + 1))) return false;
    if (!(free_at(bx - 1, by) || free_at(bx + 1, by) || free_at(bx, by - 1) || free_at(bx, by + 1))) return false;

    // 1 turn: the corner shares a row with one tile and a column with the other.
    if (ax != bx && ay != by) {
        const int sx = sign(bx - ax), sy = sign(by - ay);
        if (row_clear(ay, ax + sx, bx) && col_clear(bx, ay, by - sy)) {
            best.set(dx + dy, {Cell{ax, ay}, Cell{bx, ay}, Cell{bx, by}});
            return make(1, best);
        }
        if (col_clear(ax, ay + sy, by) && row_clear(by, ax, bx - sx)) {
            best.set(dx + dy, {Cell{ax, ay}, Cell{ax, by}, Cell{bx, by}});
            return make(1, best);
        }
    }
    if (max_turns < 2) return false;

    // Straight reach of each tile: the corners of longer paths lie on these lines (seed 002,
    // "let the two squares go in four directions up to an obstacle").
    auto at = [&](int px, int py) { return static_cast<std::size_t>(pad_index(px, py)); };
    const int a_up = ay - up_[at(ax, ay - 1)], a_down = ay + down_[at(ax, ay + 1)];
    const int a_left = ax - left_[at(ax - 1, ay)], a_right = ax + right_[at(ax + 1, ay)];
    const int b_up = by - up_[at(bx, by - 1)], b_down = by + down_[at(bx, by + 1)];
    const int b_left = bx - left_[at(bx - 1, by)], b_right = bx + right_[at(bx + 1, by)];

    // 2 turns: the middle segment is a row both tiles reach vertically, or a column both reach
    // horizontally. The length is the detour |ay - y| + |by - y| plus the fixed |dx|.
    if (ax != bx) {
        const int lo = std::max(a_up, b_up), hi = std::min(a_down, b_down);
        for (int y = lo; y <= hi; ++y) {
            if (y == ay || y == by) continue;
            int len = std::abs(ay - y) + std::abs(by - y) + dx;
            if (len < best.length && row_clear(y, ax, bx)) best.set(len, {Cell{ax, ay}, Cell{ax, y}, Cell{bx, y}, Cell{bx, by}});
        }
    }
    if (ay != by) {
        const int lo = std::max(a_left, b_left), hi = std::min(a_right, b_right);
        for (int x = lo; x <= hi; ++x) {
            if (x == ax || x == bx) continue;
            int len = std::abs(ax - x) + std::abs(bx - x) + dy;
            if (len < best.length && col_clear(x, ay, by)) best.set(len, {Cell{ax, ay}, Cell{x, ay}, Cell{x, by}, Cell{bx, by}});
        }
    }
    if (best.count) return make(2, best);
    if (max_turns < 3) return false;

    // 3 turns: vertical, horizontal, vertical, horizontal (or the mirror). The first corner lies
    // on a's reach, the last on b's; the two middle segments are checked from the runs.
    for (int y1 = a_up; y1 <= a_down; ++y1) {
        if (y1 == ay || y1 == by) continue;
        for (int x2 = b_left; x2 <= b_right; ++x2) {
            if (x2 == bx || x2 == ax) continue;
            int len = std::abs(ay - y1) + std::abs(ax - x2) + std::abs(y1 - by) + std::abs(x2 - bx);
            if (len < best.length && row_clear(y1, ax, x2) && col_clear(x2, y1, by))
                best.set(len, {Cell{ax, ay}, Cell{ax, y1}, Cell{x2, y1}, Cell{x2, by}, Cell{bx, by}});
        }
    }
    for (int x1 = a_left; x1 <= a_right; ++x1) {
        if (x1 == ax || x1 == bx) continue;
        for (int y2 = b_up; y2 <= b_down; ++y2) {
            if (y2 == by || y2 == ay) continue;
            int len = std::abs(ax - x1) + std::abs(ay - y2) + std::abs(x1 - bx) + std::abs(y2 - by);
            if (len < best.length && col_clear(x1, ay, y2) && row_clear(y2, x1, bx))
                best.set(len, {Cell{ax, ay}, Cell{x1, ay}, Cell{x1, y2}, Cell{bx, y2}, Cell{bx, by}});
        }
    }
    if (best.count) return make(3, best);
    return false;
}

std::optional<LinkPath> LinkField::find_link(Cell a, Cell b, int max_turns) const {
    LinkPath path;
    if (!find_link(a, b, max_turns, path)) return std::nullopt;
    return path;
}

bool LinkField::links(Cell a, Cell b, int max_turns) const {
    // The shortest-path search above costs little more than a yes/no search: the loops are
    // over one row or column of reach, and the 0 and 1 turn cases return at once.
    return find_link(a, b, max_turns).has_value();
}

int path_length(const std::vector<Cell>& corners) {
    int length = 0;
    for (std::size_t i = 1; i < corners.size(); ++i)
        length += std::abs(corners[i].x - corners[i - 1].x) + std::abs(corners[i].y - corners[i - 1].y);
    return length;
}

std::optional<LinkPath> link_pair(const Board& board, const LinkRules& rules, Cell a, Cell b) {
    if (!board.contains(a) || !board.contains(b) || a == b) return std::nullopt;
    std::int32_t va = board.at(a), vb = board.at(b);
    if (!cell::is_value(va) || !cell::is_value(vb) || !rules.pair.pairs(va, vb)) return std::nullopt;
    return LinkField(board, rules.border).find_link(a, b, rules.max_turns);
}

}  // namespace tilelab::link
