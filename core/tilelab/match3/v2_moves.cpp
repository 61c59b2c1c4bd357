// Format 2's move generation (docs/match3.md "Format version 2"): whether a swap is a move and of
// which kind, and every legal move of a board, from row bitboards where the board fits them.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2 {

using namespace detail;

bool is_combo(const Board& board, const std::optional<Grid>& lock, Cell a, Cell b) {
    return classify_values(board, lock, a, b, nullptr) == SwapKind::combo;
}

SwapKind classify(const Board& board, const std::optional<Grid>& lock, Cell a, Cell b, int min_match, std::string* why) {
    const SwapKind by_values = classify_values(board, lock, a, b, why);
    if (by_values != SwapKind::runs) return by_values;
    const std::int32_t va = board.at(a), vb = board.at(b);
    // A run through a or b after the swap.
    auto after = [&](int x, int y) -> int {
        if (!board.contains(x, y)) return -1;
        if (x == a.x && y == a.y) return colour(vb);
        if (x == b.x && y == b.y) return colour(va);
        return colour(board.at(x, y));
    };
    auto in_run = [&](Cell p) {
        const int k = after(p.x, p.y);
        if (k < 0) return false;
        const int dirs[2][2] = {{1, 0}, {0, 1}};
        for (const auto& d : dirs) {
            int len = 1;
            for (int i = 1; after(p.x - d[0] * i, p.y - d[1] * i) == k; ++i) ++len;
            for (int i = 1; after(p.x + d[0] * i, p.y + d[1] * i) == k; ++i) ++len;
            if (len >= min_match) return true;
        }
        return false;
    };
    if (in_run(a) || in_run(b)) return SwapKind::runs;
    if (why) *why = "neither swapped item would lie in a run, and the two make no combo";
    return SwapKind::illegal;
}

namespace {
// legal_moves on bitboards (min_match 3, boards up to 64 wide, colours below 64): one 64-bit word per
// row, bit x = column x, so that a row's candidate swaps with the right neighbour are one word (bit x:
// x with x + 1) and with the lower neighbour one word too (bit x: (x, y) with (x, y + 1)). A swap is
// legal when both cells are movable (unlocked items), not two ingredients, and
//  - a combo: colour bomb with a piece, special or colour bomb, or two specials; or
//  - a piece of colour c moving onto a cell where it completes a run of c (the classic patterns, as
//    HintScanner::legal_swaps_bitboard: two c beyond it in line, or one on each side across), which
//    only a piece of another colour (or an ingredient or colour bomb) leaving that cell allows; or
//  - two items of one colour but different values (a special and a piece): nothing changes colour,
//    so it is legal when one of them already lies in a run.
// Returns false (out untouched) when the board does not fit.
bool legal_moves_bitboard(const Board& board, const std::optional<Grid>& lock, int min_match, std::vector<CellPairMove>& out) {
    const int w = board.width, h = board.height;
    if (min_match != 3 || w > 64 || w < 1 || h < 1) return false;
    const std::int32_t* c = board.cells.data();
    if (lock && (lock->width != w || lock->height != h)) return false;
    const std::int32_t* locks = lock ? lock->cells.data() : nullptr;
    const int colours = colour_count(board);
    if (colours > 64) return false;
    // Rows padded with two empty rows above and below, so that y - 2 .. y + 3 are always readable.
    const auto stride = static_cast<std::size_t>(h) + 4;
    thread_local std::vector<std::uint64_t> buf;
    buf.assign((static_cast<std::size_t>(colours) * 2 + 7) * stride, 0);
    std::uint64_t* colour_rows = buf.data() + 2;  // colour k row y: colour_rows[k * stride + y]
    std::uint64_t* plain_rows = colour_rows + static_cast<std::size_t>(colours) * stride;  // plain pieces of colour k
    std::uint64_t* movable = plain_rows + static_cast<std::size_t>(colours) * stride;      // unlocked items
    std::uint64_t* ingredient = movable + stride;
    std::uint64_t* bomb = ingredient + stride;  // colour bombs
    std::uint64_t* special = bomb + stride;     // h, v, b specials
    std::uint64_t* piece = special + stride;    // pieces and specials
    std::uint64_t* in_run = piece + stride;     // cells in a run now
    // The colour rows, from each cell without a branch: a cell without a colour writes to a spare
    // block, as a special does for the plain rows; on a board with colour bombs or ingredients (a
    // loop that compares every cell, and vectorises, says so) they write to their own rows. The
    // pieces and specials are the colour rows' union, the specials those less the plain rows'. The
    // locked cells, on a board with a lock: each cell's lock as one byte, and each row's mask
    // gathered from its bytes eight cells at a time.
    {
        const int n = w * h;
        std::uint64_t* const spare = in_run + stride;
        auto colour_pass = [&](auto items) {
            for (int y = 0; y < h; ++y) {
                const std::int32_t* row = c + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
                for (int x = 0; x < w; ++x) {
                    const std::int32_t v = row[x];
                    const auto k = static_cast<std::size_t>(cell::color_of(v)) * stride;
                    std::uint64_t* other = spare;
                    if constexpr (items) other = v == cell::color_bomb ? bomb : v == cell::ingredient ? ingredient : spare;
                    std::uint64_t* const colour_row = v >= 0 ? colour_rows + k : other;
                    std::uint64_t* const plain_row = static_cast<std::uint32_t>(v) < 256 ? plain_rows + k : spare;  // type 0
                    colour_row[y] |= 1ull << x;
                    plain_row[y] |= 1ull << x;
                }
            }
        };
        std::uint32_t items = 0;
        for (int i = 0; i < n; ++i)
            items |= static_cast<std::uint32_t>(c[i] == cell::color_bomb) | static_cast<std::uint32_t>(c[i] == cell::ingredient);
        if (items) colour_pass(std::true_type{});
        else colour_pass(std::false_type{});
        for (int k = 0; k < colours; ++k) {
            const std::uint64_t* R = colour_rows + static_cast<std::size_t>(k) * stride;
            const std::uint64_t* PL = plain_rows + static_cast<std::size_t>(k) * stride;
            for (int y = 0; y < h; ++y) {
                piece[y] |= R[y];
                special[y] |= PL[y];  // the plain pieces, for now
            }
        }
        for (int y = 0; y < h; ++y) {
            special[y] = piece[y] & ~special[y];
            movable[y] = piece[y] | bomb[y] | ingredient[y];
        }
        if (locks) {
            thread_local std::vector<std::uint8_t> locked;
            locked.resize(static_cast<std::size_t>(n) + 8);  // eight spare bytes: a row's last group reads past the board
            std::uint8_t* const bytes_of = locked.data();
            for (int i = 0; i < n; ++i) bytes_of[i] = static_cast<std::uint8_t>(locks[i] != 0);
            std::memset(bytes_of + n, 0, 8);
            for (int y = 0; y < h; ++y)
                for (int x0 = 0; x0 < w; x0 += 8) {
                    std::uint64_t bytes;
                    std::memcpy(&bytes, bytes_of + y * w + x0, sizeof bytes);
                    const std::uint64_t keep = w - x0 >= 8 ? 0xffu : (1u << (w - x0)) - 1;
                    movable[y] &= ~((gather_bits(bytes, 0) & keep) << x0);
                }
        }
    }
    thread_local std::vector<std::uint64_t> right, down;
    right.assign(static_cast<std::size_t>(h), 0);
    down.assign(static_cast<std::size_t>(h), 0);
    thread_local std::vector<std::uint64_t> same_right, same_down;  // pairs of one colour, different values
    same_right.assign(static_cast<std::size_t>(h), 0);
    same_down.assign(static_cast<std::size_t>(h), 0);
    for (int k = 0; k < colours; ++k) {
        const std::uint64_t* R = colour_rows + static_cast<std::size_t>(k) * stride;
        for (int y = 0; y < h; ++y) {
            const std::uint64_t r = R[y];
            const std::uint64_t starts = r & (r >> 1) & (r >> 2);
            in_run[y] |= starts | (starts << 1) | (starts << 2);
            const std::uint64_t tops = r & R[y + 1] & R[y + 2];  // rows past h are empty
            in_run[y] |= tops;
            in_run[y + 1] |= tops;
            in_run[y + 2] |= tops;
        }
    }
    for (int k = 0; k < colours; ++k) {
        const std::uint64_t* R = colour_rows + static_cast<std::size_t>(k) * stride;
        const std::uint64_t* PL = plain_rows + static_cast<std::size_t>(k) * stride;
        for (int y = 0; y < h; ++y) {
            const std::uint64_t r = R[y];
            const std::uint64_t hl = (r << 1) & (r << 2);
            const std::uint64_t hr = (r >> 1) & (r >> 2);
            const std::uint64_t hm = (r << 1) & (r >> 1);
            const std::uint64_t v3 = (R[y - 1] & R[y - 2]) | (R[y - 1] & R[y + 1]) | (R[y + 1] & R[y + 2]);
            const std::uint64_t both = r & (r >> 1);
            right[y] |= ((r & ((hr | v3) >> 1)) | ((r >> 1) & (hl | v3))) & ~both;
            same_right[y] |= both & ~(PL[y] & (PL[y] >> 1));  // one colour, different values
            if (y + 1 < h) {
                const std::uint64_t rn = R[y + 1];
                const std::uint64_t below = ((rn << 1) & (rn << 2)) | ((rn >> 1) & (rn >> 2)) | ((rn << 1) & (rn >> 1));
                const std::uint64_t dn = r & ((R[y + 2] & R[y + 3]) | below);
                const std::uint64_t up = rn & ((R[y - 1] & R[y - 2]) | hl | hr | hm);
                down[y] |= (dn | up) & ~(r & rn);
                same_down[y] |= (r & rn) & ~(PL[y] & PL[y + 1]);
            }
        }
    }
    for (int y = 0; y < h; ++y) {
        const std::uint64_t m = movable[y], ing = ingredient[y], b = bomb[y], s = special[y], p = piece[y];
        const std::uint64_t combo_r = (b & ((p | b) >> 1)) | ((b >> 1) & p) | (s & (s >> 1));
        right[y] = (right[y] | combo_r | (same_right[y] & (in_run[y] | (in_run[y] >> 1)))) & m & (m >> 1) & ~(ing & (ing >> 1));
        if (y + 1 < h) {
            const std::uint64_t m2 = movable[y + 1], ing2 = ingredient[y + 1], b2 = bomb[y + 1], s2 = special[y + 1],
                                p2 = piece[y + 1];
            const std::uint64_t combo_d = (b & (p2 | b2)) | (b2 & p) | (s & s2);
            down[y] = (down[y] | combo_d | (same_down[y] & (in_run[y] | in_run[y + 1]))) & m & m2 & ~(ing & ing2);
        } else {
            down[y] = 0;
        }
    }
    // (a.x, a.y) order, the right neighbour before the lower one: each cell's two candidates are
    // written column by column and kept (the write position moved on) only when the move's bit is
    // set. No branch depends on the board: loops over each row's and column's moves would end at a
    // different place on every board, and their mispredictions cost more than writing every
    // candidate (bench_match3 v2; the figures are in docs/match3.md "Speed").
    thread_local std::vector<CellPairMove> candidates;
    const auto cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    if (candidates.size() < 2 * cells) candidates.resize(2 * cells);
    CellPairMove* at = candidates.data();
    for (int x = 0; x < w; ++x)
        for (int y = 0; y < h; ++y) {
            *at = CellPairMove{Cell{x, y}, Cell{x + 1, y}};
            at += right[static_cast<std::size_t>(y)] >> x & 1u;
            *at = CellPairMove{Cell{x, y}, Cell{x, y + 1}};
            at += down[static_cast<std::size_t>(y)] >> x & 1u;
        }
    out.assign(candidates.data(), at);
    return true;
}
}  // namespace

std::vector<CellPairMove> legal_moves(const Board& board, const std::optional<Grid>& lock, int min_match) {
    std::vector<CellPairMove> out;
    legal_moves(board, lock, min_match, out);
    return out;
}

void legal_moves(const Board& board, const std::optional<Grid>& lock, int min_match, std::vector<CellPairMove>& out) {
    out.clear();
    if (!legal_moves_bitboard(board, lock, min_match, out)) out = legal_moves_plain(board, lock, min_match);
}

std::vector<CellPairMove> legal_moves_plain(const Board& board, const std::optional<Grid>& lock, int min_match) {
    std::vector<CellPairMove> out;
    for (int x = 0; x < board.width; ++x)
        for (int y = 0; y < board.height; ++y) {
            if (!is_item(board.at(x, y))) continue;
            for (Cell b : {Cell{x + 1, y}, Cell{x, y + 1}})
                if (board.contains(b) && classify(board, lock, Cell{x, y}, b, min_match) != SwapKind::illegal)
                    out.push_back(CellPairMove{Cell{x, y}, b});
        }
    return out;
}

}  // namespace tilelab::match3::v2
