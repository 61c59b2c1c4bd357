// match3 byte rows (see byte_board.hpp): every row is one 16-byte vector whose lanes 2..w+1 hold its
// cells, so that a cell's neighbours at dx are the vector loaded dx bytes further on, and the rows
// above and below are 16 bytes away. The pad lanes and rows hold 0, which no piece equals.
#include "tilelab/match3/byte_board.hpp"

#include <algorithm>

// One code path on every target: GCC's vector extensions (also Clang's) for the rows' 16 lanes, and
// plain C++ for what they lack (a lane mask's bits, the transposition), written so that the
// compiler vectorises it for the baseline of its target (SSE2 on x86-64); no CPU-specific
// intrinsics (docs/match3.md "Speed").
#include <cstring>

namespace tilelab::match3 {

namespace {
using v16 = std::int8_t __attribute__((vector_size(16)));
using u16 = std::uint8_t __attribute__((vector_size(16)));

inline v16 at(const std::int8_t* p) {
    v16 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Bit i: lane i of the comparison result m is true (all ones). Each half's sign bits gathered into
// its top byte by one multiplication (bit 8i + 7 moves to bit 56 + i; no two partial products meet).
inline std::uint32_t bits(v16 m) {
    std::uint64_t half[2];
    std::memcpy(half, &m, sizeof half);
    constexpr std::uint64_t signs = 0x8080808080808080ull, gather = 0x0002040810204081ull;
    return static_cast<std::uint32_t>((half[0] & signs) * gather >> 56) |
           static_cast<std::uint32_t>((half[1] & signs) * gather >> 56) << 8;
}

using i32x4 = std::int32_t __attribute__((vector_size(16)));

// Sixteen int32 values as four vectors of four, each one's low byte into the bytes of one vector,
// in order (the values' other bytes are dropped): even 16-bit lanes, then even bytes.
inline v16 low_bytes(const i32x4* q) {
    using i16x8 = std::int16_t __attribute__((vector_size(16)));
    i16x8 halves[4];
    std::memcpy(halves, q, sizeof halves);
    const i16x8 first = __builtin_shufflevector(halves[0], halves[1], 0, 2, 4, 6, 8, 10, 12, 14);
    const i16x8 second = __builtin_shufflevector(halves[2], halves[3], 0, 2, 4, 6, 8, 10, 12, 14);
    v16 a, b;
    std::memcpy(&a, &first, sizeof a);
    std::memcpy(&b, &second, sizeof b);
    return __builtin_shufflevector(a, b, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
}

// Whether any lane of q is not 0.
template <class V>
inline bool any_lane(V q) {
    static_assert(sizeof(V) == 16);
    std::uint64_t half[2];
    std::memcpy(half, &q, sizeof half);
    return (half[0] | half[1]) != 0;
}

// Codes of n board cells into out (a piece c becomes c + 1; empty, blocker and hole keep their
// values): false when a cell is none of those or a colour of max_colour or more. Sixteen cells at a
// time, the rest one by one.
bool to_codes(const std::int32_t* c, std::int8_t* out, int n) {
    int i = 0;
    i32x4 wrong{};
    for (; i + 16 <= n; i += 16) {
        i32x4 q[4];
        std::memcpy(q, c + i, sizeof q);
        for (i32x4& v : q) {
            wrong |= (v < cell::hole) | (v >= ByteBoard::max_colour);
            v -= v > -1;  // v + 1 where v >= 0 (a true comparison is all ones)
        }
        const v16 codes = low_bytes(q);
        std::memcpy(out + i, &codes, sizeof codes);
    }
    bool bad = any_lane(wrong);
    for (; i < n; ++i) {
        const std::int32_t v = c[i];
        bad |= v < cell::hole || v >= ByteBoard::max_colour;
        out[i] = static_cast<std::int8_t>(v + (v >= 0));
    }
    return !bad;
}
}  // namespace

bool ByteBoard::load(const Board& board) {
    const int w = board.width, h = board.height;
    if (w < 1 || h < 1 || w > max_width || h > max_height) return false;
    const int n = w * h;
    // The codes in board order, two spare bytes before them: a row is read from two cells before its
    // first, and lanes 2..w+1 kept.
    alignas(16) std::int8_t line[lanes + max_width * max_height + lanes];
    std::memset(line, 0, lanes);
    if (!to_codes(board.cells.data(), line + lanes, n)) return false;
    std::memset(line + lanes + n, 0, lanes);
    w_ = w;
    h_ = h;
    std::memset(b_, 0, 2 * pad * lanes);
    std::memset(b_ + (h + pad) * lanes, 0, pad * lanes);
    v16 keep{};
    for (int x = 0; x < w; ++x) keep[x + pad] = -1;
    const v16 blockers = v16{} + blocker, holes = v16{} + hole;
    const v16 zero{}, empties = v16{} + empty;
    v16 fixed{}, above{}, floating{};
    for (int y = 0; y < h; ++y) {
        const v16 row = at(line + lanes + y * w - pad) & keep;
        std::memcpy(b_ + (y + pad) * lanes, &row, lanes);
        fixed |= (row == blockers) | (row == holes);
        floating |= (row == empties) & (above > zero);  // a piece right above an empty cell
        above = row;
    }
    irregular_ = bits(fixed) >> pad;
    floating_ = any_lane(floating);
    dirty_ = h;
    return true;
}

void ByteBoard::store(Board& board) const {
    std::int32_t* out = board.cells.data();
    for (int y = 0; y < h_; ++y)
        for (int x = 0; x < w_; ++x) {
            const std::int8_t c = code(x, y);
            out[y * w_ + x] = c - (c > 0);
        }
}

void ByteBoard::refill(int colors, Rng& rng) {
    const v16 empties = v16{} + empty;
    v16 any{};
    for (int y = 0; y < h_; ++y) any |= at(b_ + (y + pad) * lanes) == empties;
    const auto n = static_cast<std::uint32_t>(colors > 1 ? colors : 1);
    for (std::uint32_t columns = bits(any) >> pad; columns; columns &= columns - 1) {
        const int x = __builtin_ctz(columns);
        int end = 0;  // one past the top segment
        if (irregular_ >> x & 1u)
            while (end < h_ && code(x, end) != blocker) ++end;
        else end = h_;
        for (int y = end - 1; y >= 0; --y) {
            std::int8_t& c = code(x, y);
            if (c != empty) continue;
            c = static_cast<std::int8_t>(rng.uniform(n) + 1);
            dirty_ = std::max(dirty_, y + 1);
        }
    }
}

bool ByteBoard::has_run() const {
    const v16 zero{};
    v16 any{};
    for (int y = 0; y < h_; ++y) {
        const std::int8_t* r = b_ + (y + pad) * lanes;
        const v16 c = at(r);
        const v16 row = (c == at(r + 1)) & (c == at(r + 2));
        const v16 col = (c == at(r + lanes)) & (c == at(r + 2 * lanes));
        any |= (row | col) & (c > zero);
    }
    return any_lane(any);
}

namespace {
// A vector (v16 or u16) of 16 times the byte v.
template <class V, class T>
inline V splat(T v) {
    static_assert(sizeof(T) == 1);
    V r;
    std::memset(&r, static_cast<unsigned char>(v), sizeof r);
    return r;
}

// The lanes of a row of `width` cells (from lane pad on): all ones there, 0 in the pad lanes.
inline v16 kept_lanes(int width) {
    const v16 lane{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    return (lane > splat<v16>(static_cast<std::int8_t>(ByteBoard::pad - 1))) &
           (lane < splat<v16>(static_cast<std::int8_t>(ByteBoard::pad + width)));
}

// How many cells of colour `v` follow in a line: 1 where only the nearer (`near`) matches, 2 where the
// farther too, as two bits at `shift` (one of 0, 2, 4, 6).
inline u16 count_bits(v16 near, v16 far, int shift) {
    u16 n, f;
    std::memcpy(&n, &near, sizeof n);
    std::memcpy(&f, &far, sizeof f);
    const u16 one = splat<u16>(static_cast<std::uint8_t>(1u << shift));
    return (n & one) + (n & f & one);
}
}  // namespace

namespace {
// Per lane, the bits of 8 rows of masks: out[lane] bit 8k + j = lane of acc[k]'s bit j (k < 6).
// Three rounds of interleaving (lane i of acc[k] ends as byte k of out[i]), written as shuffles of
// the vector extensions, which the compiler maps to the target's unpack instructions.
void transpose(const u16* acc, std::uint64_t* out) {
    using w16 = std::uint16_t __attribute__((vector_size(16)));
    using w32 = std::uint32_t __attribute__((vector_size(16)));
    u16 v[8];
    for (int k = 0; k < 6; ++k) v[k] = acc[k];
    v[6] = v[7] = u16{};
    w16 t[8];
    for (int k = 0; k < 4; ++k) {
        const u16 lo = __builtin_shufflevector(v[2 * k], v[2 * k + 1], 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
        const u16 hi = __builtin_shufflevector(v[2 * k], v[2 * k + 1], 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15,
                                               31);
        std::memcpy(&t[2 * k], &lo, sizeof lo);
        std::memcpy(&t[2 * k + 1], &hi, sizeof hi);
    }
    w32 q[8];
    for (int k = 0; k < 2; ++k)
        for (int half = 0; half < 2; ++half) {
            const w16 a = t[4 * k + half], b = t[4 * k + 2 + half];
            const w16 lo = __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11);
            const w16 hi = __builtin_shufflevector(a, b, 4, 12, 5, 13, 6, 14, 7, 15);
            std::memcpy(&q[4 * k + 2 * half], &lo, sizeof lo);
            std::memcpy(&q[4 * k + 2 * half + 1], &hi, sizeof hi);
        }
    // q[0..3]: lanes 0-3, 4-7, 8-11, 12-15 of rows 0-3 (32 bits each); q[4..7]: of rows 4-7.
    for (int k = 0; k < 4; ++k) {
        const w32 lo = __builtin_shufflevector(q[k], q[4 + k], 0, 4, 1, 5),
                  hi = __builtin_shufflevector(q[k], q[4 + k], 2, 6, 3, 7);
        std::memcpy(out + 4 * k, &lo, sizeof lo);
        std::memcpy(out + 4 * k + 2, &hi, sizeof hi);
    }
}
}  // namespace

void ByteBoard::scan_swaps(Swaps& out) const {
    const v16 zero{};
    v16 any{};          // the lanes holding a legal swap's first cell
    u16 order[6] = {};  // bit 2y + d of each lane, 8 bits a vector (transposed into by_column)
    auto keep_order = [&order](int y, int d, v16 legal) {
        const int bit = 2 * y + d;
        u16 m;
        std::memcpy(&m, &legal, sizeof m);
        order[bit >> 3] |= m & splat<u16>(static_cast<std::uint8_t>(1u << (bit & 7)));
    };
    auto store = [&out](int d, int y, u16 to_a, u16 to_b) {
        std::memcpy(out.span[d][0][y], &to_a, lanes);
        std::memcpy(out.span[d][1][y], &to_b, lanes);
    };
    for (int y = 0; y < h_; ++y) {
        const std::int8_t* r = b_ + (y + pad) * lanes;
        const v16 a = at(r);
        const v16 a_piece = a > zero;
        {
            // (x, y) with (x + 1, y): b's piece moves left onto x, a's right onto x + 1.
            const v16 b = at(r + 1);
            const v16 l1 = at(r - 1) == b, l2 = at(r - 2) == b;
            const v16 up1 = at(r - lanes) == b, up2 = at(r - 2 * lanes) == b;
            const v16 dn1 = at(r + lanes) == b, dn2 = at(r + 2 * lanes) == b;
            const v16 b_runs = (l1 & l2) | (up1 & up2) | (up1 & dn1) | (dn1 & dn2);
            const v16 r1 = at(r + 2) == a, r2 = at(r + 3) == a;
            const v16 aup1 = at(r + 1 - lanes) == a, aup2 = at(r + 1 - 2 * lanes) == a;
            const v16 adn1 = at(r + 1 + lanes) == a, adn2 = at(r + 1 + 2 * lanes) == a;
            const v16 a_runs = (r1 & r2) | (aup1 & aup2) | (aup1 & adn1) | (adn1 & adn2);
            const v16 legal = a_piece & (b > zero) & ~(a == b) & (b_runs | a_runs);
            any |= legal;
            keep_order(y, 0, legal);
            store(0, y, count_bits(l1, l2, 0) + count_bits(up1, up2, 4) + count_bits(dn1, dn2, 6),
                  count_bits(r1, r2, 2) + count_bits(aup1, aup2, 4) + count_bits(adn1, adn2, 6));
        }
        if (y + 1 < h_) {
            // (x, y) with (x, y + 1): b's piece moves up onto row y, a's down onto row y + 1.
            const std::int8_t* s = r + lanes;
            const v16 b = at(s);
            const v16 l1 = at(r - 1) == b, l2 = at(r - 2) == b, r1 = at(r + 1) == b, r2 = at(r + 2) == b;
            const v16 up1 = at(r - lanes) == b, up2 = at(r - 2 * lanes) == b;
            const v16 b_runs = (l1 & l2) | (l1 & r1) | (r1 & r2) | (up1 & up2);
            const v16 al1 = at(s - 1) == a, al2 = at(s - 2) == a, ar1 = at(s + 1) == a, ar2 = at(s + 2) == a;
            const v16 dn1 = at(s + lanes) == a, dn2 = at(s + 2 * lanes) == a;
            const v16 a_runs = (al1 & al2) | (al1 & ar1) | (ar1 & ar2) | (dn1 & dn2);
            const v16 legal = a_piece & (b > zero) & ~(a == b) & (b_runs | a_runs);
            any |= legal;
            keep_order(y, 1, legal);
            store(1, y, count_bits(l1, l2, 0) + count_bits(r1, r2, 2) + count_bits(up1, up2, 4),
                  count_bits(al1, al2, 0) + count_bits(ar1, ar2, 2) + count_bits(dn1, dn2, 6));
        }
    }
    out.columns = bits(any) >> pad;
    transpose(order, out.by_column);
}

RunThrough ByteBoard::through(Cell from, Cell to) const {
    const std::int8_t v = code(from.x, from.y);
    const int x = to.x, y = to.y;
    // The neighbour on from's side holds the other piece after the swap: it never continues the run.
    const bool from_left = from.x<x, from_right = from.x> x, from_up = from.y<y, from_down = from.y> y;
    const int l1 = !from_left & (code(x - 1, y) == v), l2 = l1 & (code(x - 2, y) == v);
    const int r1 = !from_right & (code(x + 1, y) == v), r2 = r1 & (code(x + 2, y) == v);
    const int u1 = !from_up & (code(x, y - 1) == v), u2 = u1 & (code(x, y - 2) == v);
    const int d1 = !from_down & (code(x, y + 1) == v), d2 = d1 & (code(x, y + 2) == v);
    return runs_of(to, l1 + l2, r1 + r2, u1 + u2, d1 + d2);
}

bool ByteBoard::find_runs(std::int64_t spp, std::uint32_t* cells, std::int64_t& points) const {
    const v16 zero{};
    // The comparisons kept as vectors, and made masks only when a run was found (most steps of a
    // cascade's end find none).
    // Only the rows where a run can start: above dirty_ (see there).
    const int starts = std::min(h_, dirty_);
    v16 right[max_height], below[max_height], row_run[max_height], col_run[max_height];
    v16 any{};
    for (int y = 0; y < starts; ++y) {
        const std::int8_t* r = b_ + (y + pad) * lanes;
        const v16 c = at(r);
        const v16 piece = c > zero;
        right[y] = (c == at(r + 1)) & piece;
        below[y] = (c == at(r + lanes)) & piece;
        row_run[y] = right[y] & (c == at(r + 2));
        col_run[y] = below[y] & (c == at(r + 2 * lanes));
        any |= row_run[y] | col_run[y];
    }
    if (!any_lane(any)) return false;
    // A column run starting above dirty_ goes on at most two rows past it (three unchanged cells of
    // one colour would have been a run before).
    const int rows = std::min(h_, dirty_ + 2);
    for (int y = starts; y < rows; ++y) {
        const std::int8_t* r = b_ + (y + pad) * lanes;
        const v16 c = at(r);
        below[y] = (c == at(r + lanes)) & (c > zero);
        right[y] = row_run[y] = col_run[y] = zero;
    }
    for (int y = rows; y < h_; ++y) cells[y] = 0;
    // The runs' starts from the links' masks: three in a row are two links side by side, three in a
    // column two links one above the other (row `rows` has none: a column run through the rows
    // above ends there, or at the board's last row).
    std::uint32_t row_starts[max_height], col_starts[max_height], same_right[max_height], same_below[max_height + 1];
    for (int y = 0; y < rows; ++y) {
        same_right[y] = bits(right[y]) >> pad;
        same_below[y] = bits(below[y]) >> pad;
    }
    same_below[rows] = 0;
    for (int y = 0; y < rows; ++y) {
        row_starts[y] = same_right[y] & same_right[y] >> 1;
        col_starts[y] = y < starts ? same_below[y] & same_below[y + 1] : 0;
    }
    // Row runs first (the scoring walk of docs/match3.md "Rules as implemented"): each piece of a run
    // of n scores (n - 1) points' worth.
    std::int64_t total = 0;
    for (int y = 0; y < rows; ++y) {
        const std::uint32_t s = row_starts[y];
        std::uint32_t m = s | s << 1 | s << 2;
        cells[y] = m;
        while (m) {
            const int x0 = __builtin_ctz(m);
            const int len = 1 + __builtin_ctz(~(same_right[y] >> x0));
            total += static_cast<std::int64_t>(len) * (len - 1) * spp;
            m &= ~(((1u << len) - 1) << x0);
        }
    }
    // Column runs: the pieces no row run took score for their column run.
    for (int y = 0; y < rows; ++y) {
        // Tops: a start whose cell above does not continue the same run.
        std::uint32_t tops = col_starts[y] & ~(y > 0 ? same_below[y - 1] : 0u);
        while (tops) {
            const int x = __builtin_ctz(tops);
            tops &= tops - 1;
            int len = 1;
            while (same_below[y + len - 1] >> x & 1u) ++len;
            int fresh = 0;
            for (int i = y; i < y + len; ++i) {
                fresh += !(cells[i] >> x & 1u);
                cells[i] |= 1u << x;
            }
            total += static_cast<std::int64_t>(fresh) * (len - 1) * spp;
        }
    }
    points += total;
    return true;
}

namespace {
// The n cells of a format 2 board as two byte lines: `kind`, every negative value kept (-128 for
// any below it) and every piece or special 0, and `key`, value & 0xff (the colour of a piece or
// special).
void to_kinds(const std::int32_t* c, std::int8_t* kind, std::int8_t* key, int n) {
    for (int i = 0; i < n; ++i) {  // no branch: the loop vectorises
        const std::int32_t v = c[i];
        kind[i] = static_cast<std::int8_t>(std::max(v & (v >> 31), -128));
        key[i] = static_cast<std::int8_t>(static_cast<std::uint8_t>(v & 0xff));
    }
}

// -1 where a lock cell is not 0, else 0.
void to_locks(const std::int32_t* c, std::int8_t* out, int n) {
    for (int i = 0; i < n; ++i) out[i] = static_cast<std::int8_t>(-static_cast<int>(c[i] != 0));
}
}  // namespace

void V2Rows::load(const std::int32_t* cells, int w, int h) {
    constexpr int lanes = ByteBoard::lanes, pad = ByteBoard::pad;
    const int n = w * h;
    w_ = w;
    h_ = h;
    // The bytes in board order with a spare vector before and after them: a row is read from two
    // cells before its first, and lanes 2..w+1 kept.
    alignas(16) std::int8_t keys[lanes + max_width * max_height + lanes];
    std::memset(kinds_, 0, lanes);
    std::memset(keys, 0, lanes);
    std::memset(kinds_ + lanes + n, 0, lanes);
    std::memset(keys + lanes + n, 0, lanes);
    to_kinds(cells, kinds_ + lanes, keys + lanes, n);
    // Pieces (all ones) and keys as rows of 16 lanes, two rows of no pieces below the last (a row's
    // right neighbours are read one byte on).
    alignas(16) std::int8_t pieces[(max_height + 2) * lanes], colours[(max_height + 2) * lanes];
    const v16 keep = kept_lanes(w);
    const v16 minus_one = splat<v16>(std::int8_t{-1});
    for (int y = 0; y < h; ++y) {
        const int from = lanes + y * w - pad;
        const v16 piece = (at(kinds_ + from) > minus_one) & keep;
        std::memcpy(pieces + y * lanes, &piece, lanes);
        std::memcpy(colours + y * lanes, keys + from, lanes);
    }
    std::memset(pieces + h * lanes, 0, 2 * lanes);
    std::memset(colours + h * lanes, 0, 2 * lanes);
    // The links, and three in a line: two links side by side (the right links one lane on, read from
    // the neighbours' comparison), or one above the other.
    v16 runs{}, previous_below{};
    for (int y = 0; y < h; ++y) {
        const std::int8_t* p = pieces + y * lanes;
        const std::int8_t* c = colours + y * lanes;
        const v16 here = at(p), colour = at(c);
        const v16 right = here & at(p + 1) & (colour == at(c + 1));
        const v16 below = here & at(p + lanes) & (colour == at(c + lanes));
        runs |= right & at(p + 2) & (colour == at(c + 2));
        runs |= previous_below & below;
        previous_below = below;
        std::memcpy(right_[y], &right, lanes);
        std::memcpy(below_[y], &below, lanes);
    }
    run3_ = any_lane(runs);
}

void V2Rows::links() {
    constexpr int pad = ByteBoard::pad;
    for (int y = 0; y < h_; ++y) {
        same_right[y] = bits(at(right_[y])) >> pad;
        same_below[y] = bits(at(below_[y])) >> pad;
    }
    same_right[h_] = same_below[h_] = same_right[h_ + 1] = same_below[h_ + 1] = 0;
}

void V2Rows::load_cells(const std::int32_t* lock) {
    constexpr int lanes = ByteBoard::lanes, pad = ByteBoard::pad;
    const int w = w_, h = h_, n = w * h;
    alignas(16) std::int8_t locks[lanes + max_width * max_height + lanes];
    if (lock) {
        std::memset(locks, 0, lanes);
        std::memset(locks + lanes + n, 0, lanes);
        to_locks(lock, locks + lanes, n);
    }
    const v16 keep = kept_lanes(w);
    const v16 zero{}, minus_one = splat<v16>(std::int8_t{-1}),
                      below_empty = splat<v16>(static_cast<std::int8_t>(cell::empty - 1));
    const v16 empties = splat<v16>(static_cast<std::int8_t>(cell::empty)),
              holes = splat<v16>(static_cast<std::int8_t>(cell::hole));
    const v16 blockers = splat<v16>(static_cast<std::int8_t>(cell::blocker));
    const v16 bombs = splat<v16>(static_cast<std::int8_t>(cell::color_bomb)),
              ingredients = splat<v16>(static_cast<std::int8_t>(cell::ingredient));
    const v16 below_crates = splat<v16>(static_cast<std::int8_t>(cell::crate(cell::max_crate_hp) - 1));
    const v16 above_crates = splat<v16>(static_cast<std::int8_t>(cell::crate(1) + 1));
    v16 any_bombs{}, any_crates{}, any_ingredients{}, others{};
    for (int y = 0; y < h; ++y) {
        const int from = lanes + y * w - pad;
        const v16 k = at(kinds_ + from);
        const v16 empty_cells = (k == empties) & keep, hole_cells = (k == holes) & keep;
        const v16 bomb_cells = (k == bombs) & keep, ingredient_cells = (k == ingredients) & keep;
        const v16 crate_cells = (k > below_crates) & (k < above_crates) & keep;
        const v16 items = ((k > minus_one) & keep) | bomb_cells | ingredient_cells;  // is_item
        const v16 locked = lock ? at(locks + from) : zero;
        const v16 splitters = (((k == blockers) | crate_cells) & keep) | (items & locked);
        const v16 falling = keep & ~(empty_cells | hole_cells | splitters);
        std::memcpy(empty_[y], &empty_cells, lanes);
        std::memcpy(item_[y], &falling, lanes);
        std::memcpy(splitter_[y], &splitters, lanes);
        std::memcpy(crate_[y], &crate_cells, lanes);
        others |= keep & ~((k > below_empty) | bomb_cells | ingredient_cells);
        any_bombs |= bomb_cells;
        any_crates |= crate_cells;
        any_ingredients |= ingredient_cells;
    }
    other_columns = bits(others) >> pad;
    any_bomb = any_lane(any_bombs);
    any_crate = any_lane(any_crates);
    any_ingredient = any_lane(any_ingredients);
}

std::uint32_t V2Rows::crates(int y) const { return bits(at(crate_[y])) >> ByteBoard::pad; }

std::uint32_t V2Rows::falling_columns() const {
    // Down each column: `above` holds the lanes with an item above in the segment (a splitter ends
    // it), and a lane falls where an empty cell lies under such an item.
    v16 moving{}, above{};
    for (int y = 0; y < h_; ++y) {
        moving |= at(empty_[y]) & above;
        above = (above | at(item_[y])) & ~at(splitter_[y]);
    }
    return bits(moving) >> ByteBoard::pad;
}

std::uint32_t V2Rows::empty_columns() const {
    v16 any{};
    for (int y = 0; y < h_; ++y) any |= at(empty_[y]);
    return bits(any) >> ByteBoard::pad;
}

void ByteBoard::gravity() {
    // Each column with an empty cell, from its lowest one (nothing below it moves), found from the
    // rows' masks of empty cells, bottom up.
    const v16 empties = v16{} + empty;
    std::uint32_t seen = 0;
    for (int y = h_ - 1; y >= 0; --y) {
        // (A column's gravity changes only that column: the rows above keep the others' cells.)
        const std::uint32_t row = bits(at(b_ + (y + pad) * lanes) == empties) >> pad;
        for (std::uint32_t lowest = row & ~seen; lowest; lowest &= lowest - 1) gravity_column(__builtin_ctz(lowest), y);
        seen |= row;
    }
    floating_ = false;
    dirty_ = h_;
}

void ByteBoard::gravity(const Emptied& emptied) {
    if (floating_) {
        gravity();
        return;
    }
    // Columns with blockers or holes are walked whole whenever they hold an empty cell (a piece may
    // lie above it across a hole, as loaded), as gravity() does.
    std::uint32_t irregular = 0;
    if (irregular_) {
        const v16 empties = v16{} + empty;
        v16 any{};
        for (int y = 0; y < h_; ++y) any |= at(b_ + (y + pad) * lanes) == empties;
        irregular = irregular_ & bits(any) >> pad;
    }
    int dirty = irregular ? h_ : 0;  // a piece may fall past a hole below the cell it left
    for (std::uint32_t columns = emptied.columns | irregular; columns; columns &= columns - 1) {
        const int x = __builtin_ctz(columns);
        const int lowest = emptied.columns >> x & 1u ? emptied.lowest[x] : h_ - 1;
        gravity_column(x, lowest);
        dirty = std::max(dirty, lowest + 1);
    }
    dirty_ = dirty;
}

void ByteBoard::gravity_column(int x, int lowest_empty) {
    std::int8_t* c = b_ + pad * lanes + x + pad;  // row y at c[y * lanes]
    const int h = h_;
    if (!(irregular_ >> x & 1u)) {
        // Pieces and empty cells only: one branch-free compaction from the lowest empty cell up
        // (rules.cpp's from the bottom; the cells below that one stay).
        int write = lowest_empty;
        for (int r = lowest_empty; r >= 0; --r) {
            const std::int8_t v = c[r * lanes];
            c[write * lanes] = v;
            write -= v > 0;
        }
        for (int r = write; r >= 0; --r) c[r * lanes] = empty;
        return;
    }
    // Segments between blockers; pieces skip holes (apply_gravity's walk).
    int bottom = h - 1;
    while (bottom >= 0) {
        if (c[bottom * lanes] == blocker) {
            --bottom;
            continue;
        }
        int top = bottom;
        while (top > 0 && c[(top - 1) * lanes] != blocker) --top;
        int write = bottom;
        auto skip_holes = [&] {
            while (write >= top && c[write * lanes] == hole) --write;
        };
        skip_holes();
        for (int r = bottom; r >= top; --r) {
            const std::int8_t v = c[r * lanes];
            if (v <= 0) continue;
            if (write != r) c[write * lanes] = v;
            --write;
            skip_holes();
        }
        for (int r = write; r >= top; --r)
            if (c[r * lanes] != hole) c[r * lanes] = empty;
        bottom = top - 1;
    }
}

}  // namespace tilelab::match3
