// Internal to the link kind (paths.cpp, pairs.cpp), not part of the API: the path search over
// the field's bits, inlined where it is used.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <utility>

#include "tilelab/link/link.hpp"

namespace tilelab::link::detail {

using Word = std::uint64_t;
constexpr Word all_ones = ~Word{0};

// The 8 bytes at b as a word, byte i at bits 8i..8i+7: gathered with shifts, which compilers
// turn into one load, with no dependence on byte order.
inline Word load_bytes(const std::uint8_t* b) {
    return Word{b[0]} | Word{b[1]} << 8 | Word{b[2]} << 16 | Word{b[3]} << 24 | Word{b[4]} << 32 | Word{b[5]} << 40 |
           Word{b[6]} << 48 | Word{b[7]} << 56;
}
// The low bits of a word's 8 bytes (x holds no other bits) as bits 0..7: byte i's bit, at bit
// 8i, lands at bit 56 + i of x * 0x0102040810204080, and no other partial product reaches bits
// 56..63 or carries into them (their positions 56 + 8i - 7j, j != i, are distinct and outside).
inline Word pack_low_bits(Word x) { return x * 0x0102040810204080u >> 56; }
// Bits 0..7 of the 8 bytes at b, each 0 or 1.
inline Word pack_bytes(const std::uint8_t* b) { return pack_low_bits(load_bytes(b)); }

// Whether bits lo..hi (lo <= hi) of a bitset are all set (bit i in word i / 64).
inline bool all_set(const Word* w, int lo, int hi) {
    const int first = lo >> 6, last = hi >> 6;
    const Word low_mask = all_ones << (lo & 63), high_mask = all_ones >> (63 - (hi & 63));
    if (first == last) return (w[first] & low_mask & high_mask) == (low_mask & high_mask);
    if ((w[first] & low_mask) != low_mask) return false;
    for (int i = first + 1; i < last; ++i)
        if (w[i] != all_ones) return false;
    return (w[last] & high_mask) == high_mask;
}
// Consecutive set bits from bit p upwards, in a bitset of `words` words.
inline int ones_up(const Word* w, int words, int p) {
    int i = p >> 6;
    const int b = p & 63;
    int n = std::countr_one(w[i] >> b);  // at most 64 - b: the shift brings in zeros
    if (n < 64 - b) return n;
    for (++i; i < words; ++i) {
        const int k = std::countr_one(w[i]);
        n += k;
        if (k < 64) break;
    }
    return n;
}
// Consecutive set bits from bit p downwards.
inline int ones_down(const Word* w, int p) {
    int i = p >> 6;
    const int b = p & 63;
    int n = std::countl_one(w[i] << (63 - b));  // at most b + 1
    if (n < b + 1) return n;
    for (--i; i >= 0; --i) {
        const int k = std::countl_one(w[i]);
        n += k;
        if (k < 64) break;
    }
    return n;
}

// What a path search reads of the field, in padded coordinates: whether a cell is empty, whether
// the cells between two points of a row or column (inclusive, any order) are all empty, and the
// straight run of empty cells from a cell in each direction (0 when the cell is not empty).
// One word a row and a column with bit 63 never used: a board of up to 61 cells a side, every
// deal. The unused bit 63 lets each run be counted with no branch for an all-ones word.
struct OneWordView {
    // from[i]: bits i..63; through[i]: bits 0..i. Masks are read, not shifted: a shift by a
    // variable count costs several micro-ops on common x86 cores.
    static constexpr std::array<Word, 64> from = [] {
        std::array<Word, 64> m{};
        for (int i = 0; i < 64; ++i) m[static_cast<std::size_t>(i)] = all_ones << i;
        return m;
    }();
    static constexpr std::array<Word, 64> through = [] {
        std::array<Word, 64> m{};
        for (int i = 0; i < 64; ++i) m[static_cast<std::size_t>(i)] = all_ones >> (63 - i);
        return m;
    }();
    static constexpr Word top = Word{1} << 63;

    const Word* rows;
    const Word* cols;
    bool empty(int px, int py) const { return (rows[py] >> px) & 1; }
    static bool span_set(Word w, int lo, int hi) {
        if (lo > hi) std::swap(lo, hi);
        const Word m = from[static_cast<std::size_t>(lo)] & through[static_cast<std::size_t>(hi)];
        return (w & m) == m;
    }
    bool row_clear(int py, int x1, int x2) const { return span_set(rows[py], x1, x2); }
    bool col_clear(int px, int y1, int y2) const { return span_set(cols[px], y1, y2); }
    // Set bits from bit i upwards, and from bit i downwards (i <= 62). The first clear bit at or
    // above i exists: bit 63 of w is 0, and or-ing it in tells the compiler the count never sees
    // 0. Below i, the clear bits shifted up by one with bit 0 set give the highest clear bit plus
    // one, or 0 when there is none.
    static int ones_from(Word w, int i) { return std::countr_zero((~w & from[static_cast<std::size_t>(i)]) | top) - i; }
    static int ones_to(Word w, int i) {
        const Word clear = ~w & through[static_cast<std::size_t>(i)];
        return i + 1 - (63 - std::countl_zero((clear << 1) | 1));
    }
    int right(int px, int py) const { return ones_from(rows[py], px); }
    int left(int px, int py) const { return ones_to(rows[py], px); }
    int down(int px, int py) const { return ones_from(cols[px], py); }
    int up(int px, int py) const { return ones_to(cols[px], py); }
};

// Any size: several words a row or a column.
struct WordsView {
    const Word* rows;
    const Word* cols;
    int row_words, col_words;
    const Word* row(int py) const { return rows + static_cast<std::ptrdiff_t>(py) * row_words; }
    const Word* col(int px) const { return cols + static_cast<std::ptrdiff_t>(px) * col_words; }
    bool empty(int px, int py) const { return (row(py)[px >> 6] >> (px & 63)) & 1; }
    bool row_clear(int py, int x1, int x2) const { return x1 <= x2 ? all_set(row(py), x1, x2) : all_set(row(py), x2, x1); }
    bool col_clear(int px, int y1, int y2) const { return y1 <= y2 ? all_set(col(px), y1, y2) : all_set(col(px), y2, y1); }
    int right(int px, int py) const { return ones_up(row(py), row_words, px); }
    int left(int px, int py) const { return ones_down(row(py), px); }
    int down(int px, int py) const { return ones_up(col(px), col_words, py); }
    int up(int px, int py) const { return ones_down(col(px), py); }
};

// One candidate path: its length and its corner points in padded coordinates.
struct Candidate {
    struct Point {
        int x, y;
    };
    int length = std::numeric_limits<int>::max();
    int count = 0;
    Point corners[5];  // [0, count) written before read
    void set(int len, std::initializer_list<Point> points) {
        length = len;
        count = 0;
        for (Point p : points) corners[count++] = p;
    }
};

inline int sign(int v) { return (v > 0) - (v < 0); }

// The straight reach of a tile at padded (px, py): the farthest cell of the run of empty cells
// next to it in each direction (its own coordinate when that neighbour is not empty). The corners
// of paths with 2 or 3 turns lie on these lines (the classic path test lets the two tiles go in
// four directions up to an obstacle; docs/link.md "Paths").
struct Reach {
    int up, down, left, right;
};
template <class View>
Reach reach_of(const View& v, int px, int py) {
    return Reach{py - v.up(px, py - 1), py + v.down(px, py + 1), px - v.left(px - 1, py), px + v.right(px + 1, py)};
}

// The link between two distinct tiles at padded (ax, ay) and (bx, by) with the fewest turns and
// then the shortest length, written to `out` in board coordinates; false, `out` untouched, when
// there is none. `scanned`: all_links' query, where both tiles have an empty neighbour and their
// reaches are known (`known_a`, `known_b`); otherwise those are null and worked out here.
template <bool scanned, class View>
inline bool search(const View& v, int ax, int ay, int bx, int by, int max_turns, LinkPath& out, const Reach* known_a = nullptr,
                   const Reach* known_b = nullptr) {
    using P = Candidate::Point;
    const int dx = std::abs(ax - bx), dy = std::abs(ay - by);
    auto make = [&](int turns, const Candidate& c) {
        out.a = Cell{ax - 1, ay - 1};
        out.b = Cell{bx - 1, by - 1};
        out.turns = turns;
        Cell corners[5];
        for (int i = 0; i < c.count; ++i) corners[i] = Cell{c.corners[i].x - 1, c.corners[i].y - 1};
        out.path.assign(corners, corners + c.count);  // the buffer's capacity reused: no allocation once it has grown
        return true;
    };
    Candidate best;

    // 0 turns: a straight line; adjacent tiles link with nothing between them.
    if (ay == by && (dx == 1 || v.row_clear(ay, std::min(ax, bx) + 1, std::max(ax, bx) - 1))) {
        best.set(dx, {P{ax, ay}, P{bx, by}});
        return make(0, best);
    }
    if (ax == bx && (dy == 1 || v.col_clear(ax, std::min(ay, by) + 1, std::max(ay, by) - 1))) {
        best.set(dy, {P{ax, ay}, P{bx, by}});
        return make(0, best);
    }
    if (max_turns < 1) return false;
    // Every longer path leaves a through an empty neighbour and enters b from one: a walled-in
    // tile (most tiles of a full board) is settled here.
    if (!scanned && !(v.empty(ax - 1, ay) || v.empty(ax + 1, ay) || v.empty(ax, ay - 1) || v.empty(ax, ay + 1))) return false;
    if (!scanned && !(v.empty(bx - 1, by) || v.empty(bx + 1, by) || v.empty(bx, by - 1) || v.empty(bx, by + 1))) return false;

    // 1 turn: the corner shares a row with one tile and a column with the other.
    if (ax != bx && ay != by) {
        const int sx = sign(bx - ax), sy = sign(by - ay);
        if (v.row_clear(ay, ax + sx, bx) && v.col_clear(bx, ay, by - sy)) {
            best.set(dx + dy, {P{ax, ay}, P{bx, ay}, P{bx, by}});
            return make(1, best);
        }
        if (v.col_clear(ax, ay + sy, by) && v.row_clear(by, ax, bx - sx)) {
            best.set(dx + dy, {P{ax, ay}, P{ax, by}, P{bx, by}});
            return make(1, best);
        }
    }
    if (max_turns < 2) return false;

    // Straight reach of each tile: the corners of longer paths lie on these lines.
    int a_up, a_down, a_left, a_right, b_up, b_down, b_left, b_right;
    if constexpr (scanned) {
        a_up = known_a->up, a_down = known_a->down, a_left = known_a->left, a_right = known_a->right;
        b_up = known_b->up, b_down = known_b->down, b_left = known_b->left, b_right = known_b->right;
    } else {
        a_up = ay - v.up(ax, ay - 1), a_down = ay + v.down(ax, ay + 1);
        a_left = ax - v.left(ax - 1, ay), a_right = ax + v.right(ax + 1, ay);
        b_up = by - v.up(bx, by - 1), b_down = by + v.down(bx, by + 1);
        b_left = bx - v.left(bx - 1, by), b_right = bx + v.right(bx + 1, by);
    }

    // 2 turns: the middle segment is a row both tiles reach vertically, or a column both reach
    // horizontally. The length is the detour |ay - y| + |by - y| plus the fixed |dx|.
    if (ax != bx) {
        const int lo = std::max(a_up, b_up), hi = std::min(a_down, b_down);
        for (int y = lo; y <= hi; ++y) {
            if (y == ay || y == by) continue;
            int len = std::abs(ay - y) + std::abs(by - y) + dx;
            if (len < best.length && v.row_clear(y, ax, bx)) best.set(len, {P{ax, ay}, P{ax, y}, P{bx, y}, P{bx, by}});
        }
    }
    if (ay != by) {
        const int lo = std::max(a_left, b_left), hi = std::min(a_right, b_right);
        for (int x = lo; x <= hi; ++x) {
            if (x == ax || x == bx) continue;
            int len = std::abs(ax - x) + std::abs(bx - x) + dy;
            if (len < best.length && v.col_clear(x, ay, by)) best.set(len, {P{ax, ay}, P{x, ay}, P{x, by}, P{bx, by}});
        }
    }
    if (best.count) return make(2, best);
    if (max_turns < 3) return false;

    // 3 turns: vertical, horizontal, vertical, horizontal (or the mirror). The first corner lies
    // on a's reach, the last on b's; the two middle segments are checked from the bits.
    for (int y1 = a_up; y1 <= a_down; ++y1) {
        if (y1 == ay || y1 == by) continue;
        for (int x2 = b_left; x2 <= b_right; ++x2) {
            if (x2 == bx || x2 == ax) continue;
            int len = std::abs(ay - y1) + std::abs(ax - x2) + std::abs(y1 - by) + std::abs(x2 - bx);
            if (len < best.length && v.row_clear(y1, ax, x2) && v.col_clear(x2, y1, by))
                best.set(len, {P{ax, ay}, P{ax, y1}, P{x2, y1}, P{x2, by}, P{bx, by}});
        }
    }
    for (int x1 = a_left; x1 <= a_right; ++x1) {
        if (x1 == ax || x1 == bx) continue;
        for (int y2 = b_up; y2 <= b_down; ++y2) {
            if (y2 == by || y2 == ay) continue;
            int len = std::abs(ax - x1) + std::abs(ay - y2) + std::abs(x1 - bx) + std::abs(y2 - by);
            if (len < best.length && v.col_clear(x1, ay, y2) && v.row_clear(y2, x1, bx))
                best.set(len, {P{ax, ay}, P{x1, ay}, P{x1, y2}, P{bx, y2}, P{bx, by}});
        }
    }
    if (best.count) return make(3, best);
    return false;
}
}  // namespace tilelab::link::detail
