// match3 byte rows (see byte_board.hpp): every row is one 16-byte vector whose lanes 2..w+1 hold its
// cells, so that a cell's neighbours at dx are the vector loaded dx bytes further on, and the rows
// above and below are 16 bytes away. The pad lanes and rows hold 0, which no piece equals.
#include "tilelab/match3/byte_board.hpp"

#include <algorithm>

// SSE2 where the target has it (every x86-64); elsewhere GCC's vector extensions alone, with the
// few operations they lack written lane by lane. TILELAB_BYTE_BOARD_GENERIC builds that portable
// code on x86-64 too (tests/CMakeLists.txt runs the byte rows' tests on it).
#if defined(__SSE2__) && !defined(TILELAB_BYTE_BOARD_GENERIC)
#define TILELAB_BYTES_SSE2 1
#include <emmintrin.h>
#endif

namespace tilelab::match3 {

namespace {
using v16 = std::int8_t __attribute__((vector_size(16)));
using u16 = std::uint8_t __attribute__((vector_size(16)));

inline v16 at(const std::int8_t* p) {
    v16 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Bit i: lane i of the comparison result m is true (all ones).
inline std::uint32_t bits(v16 m) {
#if defined(TILELAB_BYTES_SSE2)
    return static_cast<std::uint32_t>(_mm_movemask_epi8(reinterpret_cast<__m128i>(m)));
#else
    std::uint32_t r = 0;
    for (int i = 0; i < 16; ++i) r |= static_cast<std::uint32_t>(m[i] < 0) << i;
    return r;
#endif
}


// Codes of n board cells into out (a piece c becomes c + 1; empty, blocker and hole keep their
// values): false when a cell is none of those or a colour of max_colour or more.
bool to_codes(const std::int32_t* c, std::int8_t* out, int n) {
    int i = 0;
    std::int32_t bad = 0;
#if defined(TILELAB_BYTES_SSE2)
    const __m128i lowest = _mm_set1_epi32(cell::hole), highest = _mm_set1_epi32(ByteBoard::max_colour - 1);
    const __m128i minus_one = _mm_set1_epi32(-1);
    __m128i wrong = _mm_setzero_si128();
    auto code4 = [&](const std::int32_t* p) {
        __m128i v;
        std::memcpy(&v, p, sizeof v);
        wrong = _mm_or_si128(wrong, _mm_or_si128(_mm_cmpgt_epi32(lowest, v), _mm_cmpgt_epi32(v, highest)));
        // v + 1 where v >= 0: less the mask of v > -1 (all ones).
        return _mm_sub_epi32(v, _mm_cmpgt_epi32(v, minus_one));
    };
    for (; i + 16 <= n; i += 16) {
        const __m128i a = code4(c + i), b = code4(c + i + 4), d = code4(c + i + 8), e = code4(c + i + 12);
        const __m128i packed = _mm_packs_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(d, e));
        std::memcpy(out + i, &packed, 16);
    }
    bad = _mm_movemask_epi8(wrong);
#endif
    for (; i < n; ++i) {
        const std::int32_t v = c[i];
        bad |= v < cell::hole || v >= ByteBoard::max_colour;
        out[i] = static_cast<std::int8_t>(v + (v >= 0));
    }
    return bad == 0;
}
}  // namespace

const char* ByteBoard::simd() {
#if defined(TILELAB_BYTES_SSE2)
    return "sse2";
#else
    return "portable";
#endif
}

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
    floating_ = bits(floating) != 0;
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
        else
            end = h_;
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
    return bits(any) != 0;
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
void transpose(const u16* acc, std::uint64_t* out) {
#if defined(TILELAB_BYTES_SSE2)
    __m128i v[8];
    for (int k = 0; k < 6; ++k) std::memcpy(&v[k], &acc[k], sizeof v[k]);
    v[6] = v[7] = _mm_setzero_si128();
    // Three rounds of interleaving: lane i of v[k] ends as byte k of out[i].
    __m128i t[8];
    for (int k = 0; k < 4; ++k) {
        t[2 * k] = _mm_unpacklo_epi8(v[2 * k], v[2 * k + 1]);
        t[2 * k + 1] = _mm_unpackhi_epi8(v[2 * k], v[2 * k + 1]);
    }
    for (int k = 0; k < 2; ++k)
        for (int half = 0; half < 2; ++half) {
            v[4 * k + 2 * half] = _mm_unpacklo_epi16(t[4 * k + half], t[4 * k + 2 + half]);
            v[4 * k + 2 * half + 1] = _mm_unpackhi_epi16(t[4 * k + half], t[4 * k + 2 + half]);
        }
    // v[0..3]: lanes 0-3, 4-7, 8-11, 12-15 of rows 0-3 (32 bits each); v[4..7]: of rows 4-7.
    for (int q = 0; q < 4; ++q) {
        const __m128i lo = _mm_unpacklo_epi32(v[q], v[4 + q]), hi = _mm_unpackhi_epi32(v[q], v[4 + q]);
        std::memcpy(out + 4 * q, &lo, sizeof lo);
        std::memcpy(out + 4 * q + 2, &hi, sizeof hi);
    }
#else
    for (int i = 0; i < 16; ++i) {
        std::uint64_t word = 0;
        for (int k = 0; k < 6; ++k) word |= static_cast<std::uint64_t>(acc[k][i]) << (8 * k);
        out[i] = word;
    }
#endif
}
}  // namespace

void ByteBoard::scan_swaps(Swaps& out) const {
    const v16 zero{};
    std::uint32_t columns = 0;
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
            out.right[y] = bits(legal) >> pad;
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
            out.down[y] = bits(legal) >> pad;
            keep_order(y, 1, legal);
            store(1, y, count_bits(l1, l2, 0) + count_bits(r1, r2, 2) + count_bits(up1, up2, 4),
                  count_bits(al1, al2, 0) + count_bits(ar1, ar2, 2) + count_bits(dn1, dn2, 6));
        } else {
            out.down[y] = 0;
        }
        columns |= out.right[y] | out.down[y];
    }
    out.columns = columns;
    transpose(order, out.by_column);
}

RunThrough ByteBoard::through(Cell from, Cell to) const {
    const std::int8_t v = code(from.x, from.y);
    const int x = to.x, y = to.y;
    // The neighbour on from's side holds the other piece after the swap: it never continues the run.
    const bool from_left = from.x < x, from_right = from.x > x, from_up = from.y < y, from_down = from.y > y;
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
    if (!bits(any)) return false;
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
    std::uint32_t row_starts[max_height], col_starts[max_height], same_right[max_height], same_below[max_height];
    for (int y = 0; y < rows; ++y) {
        row_starts[y] = bits(row_run[y]) >> pad;
        col_starts[y] = bits(col_run[y]) >> pad;
        same_right[y] = bits(right[y]) >> pad;
        same_below[y] = bits(below[y]) >> pad;
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
// The n cells of a format 2 board as two byte lines: `kind`, the value saturated to -128..127 (every
// cell kind below 0 keeps its value; pieces and specials are 0..127), and `key`, value & 0xff (the
// colour of a piece or special).
void to_kinds(const std::int32_t* c, std::int8_t* kind, std::int8_t* key, int n) {
    int i = 0;
#if defined(TILELAB_BYTES_SSE2)
    const __m128i low = _mm_set1_epi32(0xff);
    for (; i + 16 <= n; i += 16) {
        __m128i v[4];
        std::memcpy(v, c + i, sizeof v);
        const __m128i k = _mm_packs_epi16(_mm_packs_epi32(v[0], v[1]), _mm_packs_epi32(v[2], v[3]));
        const __m128i colour =
            _mm_packus_epi16(_mm_packs_epi32(_mm_and_si128(v[0], low), _mm_and_si128(v[1], low)),
                             _mm_packs_epi32(_mm_and_si128(v[2], low), _mm_and_si128(v[3], low)));
        std::memcpy(kind + i, &k, 16);
        std::memcpy(key + i, &colour, 16);
    }
#endif
    for (; i < n; ++i) {
        const std::int32_t v = c[i];
        kind[i] = static_cast<std::int8_t>(std::clamp<std::int32_t>(v, -128, 127));
        key[i] = static_cast<std::int8_t>(static_cast<std::uint8_t>(v & 0xff));
    }
}

// -1 where a lock cell is not 0, else 0.
void to_locks(const std::int32_t* c, std::int8_t* out, int n) {
    int i = 0;
#if defined(TILELAB_BYTES_SSE2)
    const __m128i zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        __m128i v[4];
        std::memcpy(v, c + i, sizeof v);
        const __m128i open = _mm_packs_epi16(_mm_packs_epi32(_mm_cmpeq_epi32(v[0], zero), _mm_cmpeq_epi32(v[1], zero)),
                                             _mm_packs_epi32(_mm_cmpeq_epi32(v[2], zero), _mm_cmpeq_epi32(v[3], zero)));
        const __m128i locked = _mm_xor_si128(open, _mm_cmpeq_epi8(zero, zero));
        std::memcpy(out + i, &locked, 16);
    }
#endif
    for (; i < n; ++i) out[i] = static_cast<std::int8_t>(c[i] != 0 ? -1 : 0);
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
    for (int y = 0; y < h; ++y) {
        const std::int8_t* p = pieces + y * lanes;
        const std::int8_t* c = colours + y * lanes;
        const v16 here = at(p), colour = at(c);
        same_right[y] = bits(here & at(p + 1) & (colour == at(c + 1))) >> pad;
        same_below[y] = bits(here & at(p + lanes) & (colour == at(c + lanes))) >> pad;
    }
    same_right[h] = same_below[h] = same_right[h + 1] = same_below[h + 1] = 0;
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
    const v16 zero{}, minus_one = splat<v16>(std::int8_t{-1}), below_empty = splat<v16>(static_cast<std::int8_t>(cell::empty - 1));
    const v16 empties = splat<v16>(static_cast<std::int8_t>(cell::empty)), holes = splat<v16>(static_cast<std::int8_t>(cell::hole));
    const v16 blockers = splat<v16>(static_cast<std::int8_t>(cell::blocker));
    const v16 bombs = splat<v16>(static_cast<std::int8_t>(cell::color_bomb)), ingredients = splat<v16>(static_cast<std::int8_t>(cell::ingredient));
    const v16 below_crates = splat<v16>(static_cast<std::int8_t>(cell::crate(cell::max_crate_hp) - 1));
    const v16 above_crates = splat<v16>(static_cast<std::int8_t>(cell::crate(1) + 1));
    v16 any_bombs{}, any_crates{}, any_ingredients{};
    for (int y = 0; y < h; ++y) {
        const int from = lanes + y * w - pad;
        const v16 k = at(kinds_ + from);
        const v16 empty_cells = (k == empties) & keep, hole_cells = (k == holes) & keep;
        const v16 bomb_cells = (k == bombs) & keep, ingredient_cells = (k == ingredients) & keep;
        const v16 crate_cells = (k > below_crates) & (k < above_crates) & keep;
        const v16 items = ((k > minus_one) & keep) | bomb_cells | ingredient_cells;  // is_item
        const v16 locked = lock ? at(locks + from) : zero;
        const v16 splitters = (((k == blockers) | crate_cells) & keep) | (items & locked);
        empty[y] = bits(empty_cells) >> pad;
        splitter[y] = bits(splitters) >> pad;
        item[y] = bits(keep & ~(empty_cells | hole_cells | splitters)) >> pad;
        other[y] = bits(keep & ~((k > below_empty) | bomb_cells | ingredient_cells)) >> pad;
        crate[y] = bits(crate_cells) >> pad;
        any_bombs |= bomb_cells;
        any_crates |= crate_cells;
        any_ingredients |= ingredient_cells;
    }
    any_bomb = bits(any_bombs) != 0;
    any_crate = bits(any_crates) != 0;
    any_ingredient = bits(any_ingredients) != 0;
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
