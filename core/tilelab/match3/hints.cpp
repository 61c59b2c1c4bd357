// Hint swaps on row bitboards or streak tables; the plain swap-and-rescan is kept in tests/match3/oracle.cpp.
#include "tilelab/match3/hints.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace tilelab::match3 {

void HintScanner::scan(const Board& board, const RulesConfig& rules) {
    board_ = &board;
    rules_ = rules;
    swapped_ready_ = false;
    tables_ready_ = false;
    masks_ready_ = false;
    const std::size_t n = board.cells.size();
    if (stamp_.size() != n) {
        stamp_.assign(n, 0);
        stamp_now_ = 0;
    }
    byte_mode_ = false;
    if (byte_rows_ && rules.min_match == 3 && scan_bytes(board)) return;
    scan_runs(board, rules, runs_);
    if (runs_.bitboard_colors > 0 && !runs_.empty()) {
        // Per colour, the cells in a run (row or column); and all colours together.
        const auto hs = static_cast<std::size_t>(board.height);
        const std::size_t words = static_cast<std::size_t>(runs_.bitboard_colors) * hs;
        const std::uint64_t* row_run = runs_.color_rows.data() + words;
        const std::uint64_t* col_run = row_run + words;
        crun_.resize(words);
        all_runs_.assign(hs, 0);
        for (std::size_t i = 0; i < words; ++i) {
            crun_[i] = row_run[i] | col_run[i];
            all_runs_[i % hs] |= crun_[i];
        }
    }
    swaps_.clear();
    listed_ = true;
    swap_columns_ = 0;
    if (legal_swaps_bitboard()) return;
    build_tables();
    const int w = board.width;
    const int h = board.height;
    const std::int32_t* c = board.cells.data();
    for (int x = 0; x < w; ++x)
        for (int y = 0; y < h; ++y) {
            const int i = y * w + x;
            if (!is_piece(c[i])) continue;
            if (x + 1 < w && is_piece(c[i + 1]) && c[i + 1] != c[i] && legal(x, y, x + 1, y))
                swaps_.push_back({Cell{x, y}, Cell{x + 1, y}});
            if (y + 1 < h && is_piece(c[i + w]) && c[i + w] != c[i] && legal(x, y, x, y + 1))
                swaps_.push_back({Cell{x, y}, Cell{x, y + 1}});
        }
}

bool HintScanner::scan_bytes(const Board& board) {
    byte_mode_ = bytes_.load(board) && !bytes_.has_run();
    if (!byte_mode_) return false;
    // A settled board: no runs; the legal swaps as the rows' masks, listed when asked for.
    runs_.marks.assign(board.cells.size(), 0);
    runs_.marked.clear();
    runs_.points = 0;
    runs_.bitboard_colors = 0;
    swaps_.clear();
    bytes_.scan_swaps(byte_swaps_);
    swap_columns_ = byte_swaps_.columns;
    listed_ = false;
    return true;
}

void HintScanner::build_tables() {
    const Board& board = *board_;
    const int w = board.width;
    const int h = board.height;
    const std::size_t n = board.cells.size();
    const std::int32_t* c = board.cells.data();
    left_.assign(n, 0);
    right_.assign(n, 0);
    up_.assign(n, 0);
    down_.assign(n, 0);
    for (int y = 0; y < h; ++y) {
        const int row = y * w;
        for (int x = 0; x < w; ++x) {
            const int i = row + x;
            if (!is_piece(c[i])) continue;
            left_[i] = (x > 0 && c[i - 1] == c[i]) ? left_[i - 1] + 1 : 1;
            up_[i] = (y > 0 && c[i - w] == c[i]) ? up_[i - w] + 1 : 1;
        }
    }
    for (int y = h - 1; y >= 0; --y) {
        const int row = y * w;
        for (int x = w - 1; x >= 0; --x) {
            const int i = row + x;
            if (!is_piece(c[i])) continue;
            right_[i] = (x + 1 < w && c[i + 1] == c[i]) ? right_[i + 1] + 1 : 1;
            down_[i] = (y + 1 < h && c[i + w] == c[i]) ? down_[i + w] + 1 : 1;
        }
    }
    tables_ready_ = true;
}

bool HintScanner::legal_swaps_bitboard() {
    // min_match 3 on boards up to 64 wide: the classic hint patterns as whole-row mask operations. Per colour
    // c and row y, with r the row's c pieces: HL = two c to the left of a cell, HR = two to the right,
    // HM = one on each side, V3 = two above, two below or one each side. A piece of colour c moving
    // right from p to p + 1 completes a run when p + 1 is in HR or V3 (its left side is now the
    // partner, of the other colour); moving left, when p is in HL or V3; moving down from y to y + 1,
    // when (x, y + 1) has two c below it or is in that row's HL, HR or HM; moving up, the mirror.
    const Board& board = *board_;
    const int w = board.width;
    const int h = board.height;
    const int colors = std::min(rules_.colors, 16);
    masks_ready_ = false;
    if (rules_.min_match != 3 || w > 64) return false;
    const std::size_t stride = static_cast<std::size_t>(h) + 4;  // two empty rows above and below
    masks_.assign(static_cast<std::size_t>(colors + 3) * stride, 0);
    std::uint64_t* pieces = masks_.data() + static_cast<std::size_t>(colors) * stride + 2;
    std::uint64_t* right_swaps = pieces + stride;
    std::uint64_t* down_swaps = right_swaps + stride;
    if (runs_.bitboard_colors == colors) {
        // The run scan's per-colour rows, copied into the padded layout.
        const std::uint64_t* rows = runs_.color_rows.data();
        for (int colour = 0; colour < colors; ++colour)
            for (int y = 0; y < h; ++y) {
                const std::uint64_t m =
                    rows[static_cast<std::size_t>(colour) * static_cast<std::size_t>(h) + static_cast<std::size_t>(y)];
                masks_[static_cast<std::size_t>(colour) * stride + 2 + static_cast<std::size_t>(y)] = m;
                pieces[y] |= m;
            }
    } else {
        const std::int32_t* c = board.cells.data();
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const std::int32_t v = c[y * w + x];
                if (!is_piece(v)) continue;
                if (v >= colors) return false;
                masks_[static_cast<std::size_t>(v) * stride + 2 + static_cast<std::size_t>(y)] |= 1ull << x;
                pieces[y] |= 1ull << x;
            }
    }
    // Two loops per colour over independent rows, through restrict pointers (the masks share one
    // buffer), so that the compiler runs them two or four rows at a time.
    std::uint64_t* __restrict rs = right_swaps;
    std::uint64_t* __restrict ds = down_swaps;
    for (int colour = 0; colour < colors; ++colour) {
        const std::uint64_t* __restrict R = masks_.data() + static_cast<std::size_t>(colour) * stride + 2;
        for (int y = 0; y < h; ++y) {
            const std::uint64_t r = R[y];
            const std::uint64_t hl = (r << 1) & (r << 2);
            const std::uint64_t hr = (r >> 1) & (r >> 2);
            const std::uint64_t v3 = (R[y - 1] & R[y - 2]) | (R[y - 1] & R[y + 1]) | (R[y + 1] & R[y + 2]);
            // Two pieces of one colour never make a move (the swap changes nothing).
            rs[y] |= ((r & ((hr | v3) >> 1)) | ((r >> 1) & (hl | v3))) & ~(r & (r >> 1));
        }
        for (int y = 0; y + 1 < h; ++y) {
            const std::uint64_t r = R[y];
            const std::uint64_t rn = R[y + 1];
            const std::uint64_t here = ((r << 1) & (r << 2)) | ((r >> 1) & (r >> 2)) | ((r << 1) & (r >> 1));
            const std::uint64_t below = ((rn << 1) & (rn << 2)) | ((rn >> 1) & (rn >> 2)) | ((rn << 1) & (rn >> 1));
            const std::uint64_t down = r & ((R[y + 2] & R[y + 3]) | below);
            const std::uint64_t up = rn & ((R[y - 1] & R[y - 2]) | here);
            ds[y] |= (down | up) & ~(r & rn);
        }
    }
    for (int y = 0; y < h; ++y) {
        right_swaps[y] &= pieces[y] & (pieces[y] >> 1);
        down_swaps[y] &= pieces[y] & pieces[y + 1];
    }
    masks_ready_ = true;
    mask_colors_ = colors;
    mask_stride_ = stride;
    std::uint64_t columns = 0;
    for (int y = 0; y < h; ++y) columns |= right_swaps[y] | down_swaps[y];
    swap_columns_ = columns;
    listed_ = false;  // legal_swaps() lists them when asked (greedy_swap() reads the masks)
    return true;
}

namespace {
// The legal swaps of row masks (right[y] / down[y] bit x: the swap of (x, y) with its right / lower
// neighbour) in the face's order: by x, then y, the right neighbour before the lower one. Only the
// columns with a swap are walked.
void list_from_masks(const std::uint64_t* right_swaps, const std::uint64_t* down_swaps, int h, std::uint64_t columns,
                     std::vector<Swap>& swaps) {
    if (h <= 32) {
        // Transposed: per column x a word with bit 2y for the swap with the right neighbour of (x, y)
        // and bit 2y + 1 for the one with the lower neighbour, so that its set bits come in the face's
        // order; only the set bits of the masks are visited.
        std::uint64_t by_column[64];
        for (std::uint64_t m = columns; m; m &= m - 1) by_column[__builtin_ctzll(m)] = 0;
        for (int y = 0; y < h; ++y) {
            for (std::uint64_t m = right_swaps[y]; m; m &= m - 1) by_column[__builtin_ctzll(m)] |= 1ull << (2 * y);
            for (std::uint64_t m = down_swaps[y]; m; m &= m - 1) by_column[__builtin_ctzll(m)] |= 1ull << (2 * y + 1);
        }
        for (; columns; columns &= columns - 1) {
            const int x = __builtin_ctzll(columns);
            for (std::uint64_t m = by_column[x]; m; m &= m - 1) {
                const int bit = __builtin_ctzll(m);
                const int y = bit >> 1, down = bit & 1;  // without a branch: its side is data
                swaps.push_back(Swap{Cell{x, y}, Cell{x + 1 - down, y + down}});
            }
        }
        return;
    }
    while (columns) {
        const int x = __builtin_ctzll(columns);
        columns &= columns - 1;
        for (int y = 0; y < h; ++y) {
            if (right_swaps[y] >> x & 1u) swaps.push_back({Cell{x, y}, Cell{x + 1, y}});
            if (down_swaps[y] >> x & 1u) swaps.push_back({Cell{x, y}, Cell{x, y + 1}});
        }
    }
}
}  // namespace

void HintScanner::list_swaps() const {
    listed_ = true;
    const int h = board_->height;
    if (byte_mode_) {
        for (std::uint32_t columns = byte_swaps_.columns; columns; columns &= columns - 1) {
            const int x = __builtin_ctz(columns);
            for (std::uint64_t m = byte_swaps_.by_column[x + ByteBoard::pad]; m; m &= m - 1) {
                const int bit = __builtin_ctzll(m);
                const int y = bit >> 1, down = bit & 1;
                swaps_.push_back(Swap{Cell{x, y}, Cell{x + 1 - down, y + down}});
            }
        }
        return;
    }
    const std::uint64_t* right_swaps = masks_.data() + static_cast<std::size_t>(mask_colors_ + 1) * mask_stride_ + 2;
    list_from_masks(right_swaps, right_swaps + mask_stride_, h, swap_columns_, swaps_);
}

namespace {
// Streak of colour v through the table entry at (x, y), or 0 when off the board or another colour.
struct Streaks {
    const std::int32_t* c;
    int w, h;
    int at(const std::vector<std::uint16_t>& t, int x, int y, std::int32_t v) const {
        if (x < 0 || y < 0 || x >= w || y >= h) return 0;
        const int i = y * w + x;
        return c[i] == v ? t[static_cast<std::size_t>(i)] : 0;
    }
};
}  // namespace

HintScanner::Lines HintScanner::lines_after(int ax, int ay, int bx, int by) const {
    // (ax, ay) is left of / above (bx, by). After the swap, b holds colour A and a holds colour B. A
    // piece's run along an axis is 1 plus the streaks of its colour on both sides, except on the side
    // of its swap partner (which now holds the other colour). Colours differ, so a's and b's runs are
    // disjoint.
    const Streaks s{board_->cells.data(), board_->width, board_->height};
    const std::int32_t colour_a = s.c[ay * s.w + ax];
    const std::int32_t colour_b = s.c[by * s.w + bx];
    Lines l;
    if (ay == by) {
        l.b_row = 1 + s.at(right_, bx + 1, by, colour_a);
        l.b_col = 1 + s.at(up_, bx, by - 1, colour_a) + s.at(down_, bx, by + 1, colour_a);
        l.a_row = 1 + s.at(left_, ax - 1, ay, colour_b);
        l.a_col = 1 + s.at(up_, ax, ay - 1, colour_b) + s.at(down_, ax, ay + 1, colour_b);
    } else {
        l.b_col = 1 + s.at(down_, bx, by + 1, colour_a);
        l.b_row = 1 + s.at(left_, bx - 1, by, colour_a) + s.at(right_, bx + 1, by, colour_a);
        l.a_col = 1 + s.at(up_, ax, ay - 1, colour_b);
        l.a_row = 1 + s.at(left_, ax - 1, ay, colour_b) + s.at(right_, ax + 1, ay, colour_b);
    }
    return l;
}

bool HintScanner::legal(int ax, int ay, int bx, int by) const {
    // Only on the table path: scan() built the tables first.
    const Lines l = lines_after(ax, ay, bx, by);
    const int k = rules_.min_match;
    return l.a_row >= k || l.a_col >= k || l.b_row >= k || l.b_col >= k;
}

void HintScanner::add(int idx, std::vector<int>& out) {
    if (stamp_[static_cast<std::size_t>(idx)] == stamp_now_) return;
    stamp_[static_cast<std::size_t>(idx)] = stamp_now_;
    out.push_back(idx);
}

void HintScanner::add_row_runs(int y) {
    const int w = swapped_.width;
    const std::int32_t* row = swapped_.cells.data() + static_cast<std::ptrdiff_t>(y) * w;
    int x = 0;
    while (x < w) {
        const std::int32_t v = row[x];
        int e = x + 1;
        if (is_piece(v)) {
            while (e < w && row[e] == v) ++e;
            if (e - x >= rules_.min_match)
                for (int i = x; i < e; ++i) add(y * w + i, *out_);
        }
        x = e;
    }
}

void HintScanner::add_col_runs(int x) {
    const int w = swapped_.width;
    const int h = swapped_.height;
    const std::int32_t* c = swapped_.cells.data();
    int y = 0;
    while (y < h) {
        const std::int32_t v = c[y * w + x];
        int e = y + 1;
        if (is_piece(v)) {
            while (e < h && c[e * w + x] == v) ++e;
            if (e - y >= rules_.min_match)
                for (int i = y; i < e; ++i) add(i * w + x, *out_);
        }
        y = e;
    }
}

namespace {
// The cells [lo, lo + len) of a row word.
std::uint64_t span(int lo, int len) { return (len >= 64 ? ~0ull : (1ull << len) - 1) << lo; }

// The runs through `to` of a colour whose padded row masks are `R` (two empty rows above and below)
// after its piece moved from `from` to `to`, on a settled board with min_match 3.
[[gnu::always_inline]] inline RunThrough settled_window(const std::uint64_t* R, Cell from, Cell to) {
    RunThrough t;
    // A settled board has no three of a colour in a line, so the colour continues at most two cells
    // on each side of `to`: the row and the column are five-cell windows, cells to - 2 .. to + 2 as
    // bits 0..4 (the padding rows are empty), `to` itself set and `from` cleared where it lies.
    const int x = to.x;
    const std::uint64_t word = R[to.y];
    unsigned across = static_cast<unsigned>((x >= 2 ? word >> (x - 2) : word << (2 - x)) & 0x1fu) | 4u;
    if (from.y == to.y) across &= ~(1u << (from.x - x + 2));
    unsigned win = static_cast<unsigned>(R[to.y - 2] >> x & 1u) | static_cast<unsigned>(R[to.y - 1] >> x & 1u) << 1 | 4u |
                   static_cast<unsigned>(R[to.y + 1] >> x & 1u) << 3 | static_cast<unsigned>(R[to.y + 2] >> x & 1u) << 4;
    if (from.x == to.x) win &= ~(1u << (from.y - to.y + 2));
    // Without a branch (it would mispredict): the run's start and length, or 0 when shorter than 3.
    const int left = static_cast<int>((across >> 1 & 1u) + (across >> 1 & across & 1u));
    const int right = static_cast<int>((across >> 3 & 1u) + (across >> 3 & across >> 4 & 1u));
    const bool row_run = 1 + left + right >= 3;
    t.x0 = row_run ? x - left : 0;
    t.row = row_run ? 1 + left + right : 0;
    const int up = static_cast<int>((win >> 1 & 1u) + (win >> 1 & win & 1u));
    const int down = static_cast<int>((win >> 3 & 1u) + (win >> 3 & win >> 4 & 1u));
    const bool col_run = 1 + up + down >= 3;
    t.y0 = col_run ? to.y - up : 0;
    t.col = col_run ? 1 + up + down : 0;
    return t;
}
}  // namespace

HintScanner::Through HintScanner::through(const std::uint64_t* rows, Cell from, Cell to) const {
    return run_through(rows, board_->height, rules_.min_match, from, to);
}

[[gnu::always_inline]] inline HintScanner::Through HintScanner::through_settled(std::int32_t colour, const std::uint64_t* rows,
                                                                                Cell from, Cell to) const {
    if (!masks_ready_ || colour >= mask_colors_) return through(rows, from, to);
    return settled_window(masks_.data() + static_cast<std::size_t>(colour) * mask_stride_ + 2, from, to);
}

void HintScanner::add_runs_through(const std::uint64_t* rows, Cell from, Cell to) {
    const Through t = through(rows, from, to);
    if (t.row) set_[static_cast<std::size_t>(to.y)] |= span(t.x0, t.row);
    for (int y = t.y0; y < t.y0 + t.col; ++y) set_[static_cast<std::size_t>(y)] |= 1ull << to.x;
}

void HintScanner::span_cells(const Swap& swap, const Through& ta, const Through& tb, std::vector<int>& cells) const {
    const int w = board_->width;
    // The cells of the runs through the two swapped pieces (disjoint: the colours differ), each once.
    auto add = [&](Cell at, const Through& t) {
        for (int x = t.x0; x < t.x0 + t.row; ++x) cells.push_back(at.y * w + x);
        for (int y = t.y0; y < t.y0 + t.col; ++y)
            if (y != at.y || !t.row) cells.push_back(y * w + at.x);
    };
    add(swap.b, tb);
    add(swap.a, ta);
}

bool HintScanner::settled_first_step(const Swap& swap, std::vector<int>& cells, std::int64_t& points) {
    Through ta, tb;
    if (!settled_spans(swap, ta, tb)) return false;
    cells.clear();
    span_cells(swap, ta, tb, cells);
    // The scoring walk (docs/match3.md "Rules as implemented"): a row run's pieces score (n - 1) each;
    // a column run's pieces score (n - 1) each except the one its row run took.
    const std::int64_t spp = rules_.score_per_piece;
    points = 0;
    for (const Through* t : {&tb, &ta}) {
        if (t->row) points += static_cast<std::int64_t>(t->row) * (t->row - 1) * spp;
        if (t->col) points += static_cast<std::int64_t>(t->col - (t->row ? 1 : 0)) * (t->col - 1) * spp;
    }
    return true;
}

void HintScanner::add_colour_runs(const std::uint64_t* rows, Cell from, Cell to) {
    // Runs of one colour by shifted ANDs, as scan_runs finds them, on its rows after the move.
    const int h = board_->height;
    const int k = rules_.min_match;
    tmp_.assign(rows, rows + h);
    tmp_[static_cast<std::size_t>(from.y)] &= ~(1ull << from.x);
    tmp_[static_cast<std::size_t>(to.y)] |= 1ull << to.x;
    const std::uint64_t* r = tmp_.data();
    for (int y = 0; y < h; ++y) {
        const std::uint64_t m = r[y];
        std::uint64_t starts = m;
        for (int j = 1; j < k && starts; ++j) starts &= m >> j;
        std::uint64_t cells = 0;
        for (int j = 0; j < k && starts; ++j) cells |= starts << j;
        set_[static_cast<std::size_t>(y)] |= cells;
    }
    for (int y = 0; y + k <= h; ++y) {
        std::uint64_t tops = r[y];
        for (int j = 1; j < k && tops; ++j) tops &= r[y + j];
        if (!tops) continue;
        for (int j = 0; j < k; ++j) set_[static_cast<std::size_t>(y + j)] |= tops;
    }
}

bool HintScanner::clears_bitboard(const Swap& swap) {
    const int colours = runs_.bitboard_colors;
    if (colours == 0) return false;
    const Board& board = *board_;
    if (!board.contains(swap.a) || !board.contains(swap.b)) return false;
    if (std::abs(swap.a.x - swap.b.x) + std::abs(swap.a.y - swap.b.y) != 1) return false;
    const std::int32_t va = board.at(swap.a), vb = board.at(swap.b);
    if (!is_piece(va) || !is_piece(vb) || va == vb) return false;  // the scan saw every piece below `colours`
    const auto hs = static_cast<std::size_t>(board.height);
    const std::uint64_t* rows_a = runs_.color_rows.data() + static_cast<std::size_t>(va) * hs;
    const std::uint64_t* rows_b = runs_.color_rows.data() + static_cast<std::size_t>(vb) * hs;
    if (runs_.empty()) {
        // A settled board: the swap's runs all pass through one of the two swapped pieces.
        set_.assign(hs, 0);
        add_runs_through(rows_a, swap.a, swap.b);
        add_runs_through(rows_b, swap.b, swap.a);
        return true;
    }
    // Runs of the other colours stay as they are (colours never share a cell); the two swapped
    // colours are rescanned whole on their moved rows.
    set_.resize(hs);
    const std::uint64_t* crun_a = crun_.data() + static_cast<std::size_t>(va) * hs;
    const std::uint64_t* crun_b = crun_.data() + static_cast<std::size_t>(vb) * hs;
    for (std::size_t y = 0; y < hs; ++y) set_[y] = all_runs_[y] & ~crun_a[y] & ~crun_b[y];
    add_colour_runs(rows_a, swap.a, swap.b);
    add_colour_runs(rows_b, swap.b, swap.a);
    return true;
}

void HintScanner::clears(const Swap& swap, std::vector<int>& out) {
    out.clear();
    const int w = board_->width;
    Through ta, tb;
    if (byte_mode_ && settled_spans(swap, ta, tb)) {
        span_cells(swap, ta, tb, out);
        return;
    }
    if (clears_bitboard(swap)) {
        for (std::size_t y = 0; y < set_.size(); ++y)
            for (std::uint64_t m = set_[y]; m; m &= m - 1) out.push_back(static_cast<int>(y) * w + __builtin_ctzll(m));
        return;
    }
    if (!swapped_ready_) {
        swapped_ = *board_;
        swapped_ready_ = true;
    }
    if (++stamp_now_ == 0) {
        std::fill(stamp_.begin(), stamp_.end(), 0);
        stamp_now_ = 1;
    }
    std::swap(swapped_.at(swap.a), swapped_.at(swap.b));
    out_ = &out;
    const bool horizontal = swap.a.y == swap.b.y;
    // Lines the swap touched: their runs are rescanned on the swapped board.
    const int row0 = swap.a.y, row1 = swap.b.y, col0 = swap.a.x, col1 = swap.b.x;
    add_row_runs(row0);
    if (!horizontal) add_row_runs(row1);
    add_col_runs(col0);
    if (horizontal) add_col_runs(col1);
    // Every other line keeps the runs it had.
    for (int idx : runs_.marked) {
        const std::uint8_t m = runs_.marks[static_cast<std::size_t>(idx)];
        const int x = idx % w, y = idx / w;
        if ((m & in_row_run) && y != row0 && y != row1) add(idx, out);
        else if ((m & in_col_run) && x != col0 && x != col1) add(idx, out);
    }
    out_ = nullptr;
    std::swap(swapped_.at(swap.a), swapped_.at(swap.b));
}

[[gnu::always_inline]] inline bool HintScanner::byte_spans(const Swap& swap, std::uint8_t& span_a, std::uint8_t& span_b,
                                                           int& down) const {
    const Cell a = swap.a, b = swap.b;
    down = b.x == a.x;
    if (b.x - a.x + b.y - a.y != 1) return false;  // not the face's form (a before b): settled_spans
    // A swap of this scan's own list (legal_swaps()) is known to be two neighbouring pieces of two
    // colours (a settled board has no legal swap of one colour): only others are checked.
    const bool listed = !std::less<const Swap*>{}(&swap, swaps_.data()) &&
                        std::less<const Swap*>{}(&swap, swaps_.data() + swaps_.size());
    if (!listed) {
        if (!board_->contains(a) || !board_->contains(b)) return false;
        const std::int8_t ca = bytes_.code(a.x, a.y), cb = bytes_.code(b.x, b.y);
        if (ca <= 0 || cb <= 0 || ca == cb) return false;
    }
    const auto lane = static_cast<std::size_t>(a.x + ByteBoard::pad);
    const auto row = static_cast<std::size_t>(a.y);
    span_a = byte_swaps_.span[down][0][row][lane];
    span_b = byte_swaps_.span[down][1][row][lane];
    return true;
}

[[gnu::always_inline]] inline bool HintScanner::settled_spans(const Swap& swap, Through& ta, Through& tb) const {
    if (!byte_mode_ && (runs_.bitboard_colors == 0 || !runs_.empty())) return false;
    if (byte_mode_) {
        std::uint8_t span_a, span_b;
        int down;
        if (byte_spans(swap, span_a, span_b, down)) {
            ta = ByteBoard::through(swap.a, span_a);
            tb = ByteBoard::through(swap.b, span_b);
            return true;
        }
    }
    const Board& board = *board_;
    const bool listed = !std::less<const Swap*>{}(&swap, swaps_.data()) &&
                        std::less<const Swap*>{}(&swap, swaps_.data() + swaps_.size());
    if (!listed) {
        if (!board.contains(swap.a) || !board.contains(swap.b)) return false;
        if (std::abs(swap.a.x - swap.b.x) + std::abs(swap.a.y - swap.b.y) != 1) return false;
    }
    const std::int32_t va = board.at(swap.a), vb = board.at(swap.b);
    if (!listed && (!is_piece(va) || !is_piece(vb) || va == vb)) return false;
    if (byte_mode_) {  // a swap in another form than the face's (b before a)
        tb = bytes_.through(swap.a, swap.b);
        ta = bytes_.through(swap.b, swap.a);
        return true;
    }
    const auto hs = static_cast<std::size_t>(board.height);
    tb = through_settled(va, runs_.color_rows.data() + static_cast<std::size_t>(va) * hs, swap.a, swap.b);
    ta = through_settled(vb, runs_.color_rows.data() + static_cast<std::size_t>(vb) * hs, swap.b, swap.a);
    return true;
}

std::vector<Cell> HintScanner::clears_sorted(const Swap& swap) {
    std::vector<Cell> cells;
    clears_sorted(swap, cells);
    return cells;
}

namespace {
// The clears of a swap of a with its right (d = 0) or lower (d = 1) neighbour b on a settled board
// with min_match 3 lie in fixed windows (a run goes on at most two cells beyond a swapped piece):
// cell i of window d is a + (dx[d][i], dy[d][i]), in (x, y) order, and keep[d][p][span] has bit i set
// when that cell is one of the runs through piece p's cell (a: p = 0, b: p = 1) whose Swaps::span
// byte is `span` (each piece's cell once; ByteBoard::cleared(span) bits).
struct ClearWindows {
    static constexpr int cells = 14;
    std::int8_t dx[2][cells], dy[2][cells];
    std::uint16_t keep[2][2][256];
};

constexpr ClearWindows make_clear_windows() {
    ClearWindows w{};
    // (dx, dy, piece, row): the window cells; `row` cells are kept by the piece's row run, the others
    // by its column run (or the piece alone when only its row runs).
    struct At {
        int dx, dy, piece;
        bool row;
    };
    // a's side, a's column, b's column, b's side.
    constexpr At right[ClearWindows::cells] = {{-2, 0, 0, true},  {-1, 0, 0, true}, {0, -2, 0, false}, {0, -1, 0, false},
                                               {0, 0, 0, false},  {0, 1, 0, false}, {0, 2, 0, false},  {1, -2, 1, false},
                                               {1, -1, 1, false}, {1, 0, 1, false}, {1, 1, 1, false},  {1, 2, 1, false},
                                               {2, 0, 1, true},   {3, 0, 1, true}};
    // The two rows' runs side by side, by x; the shared column in the middle (a's column run ends at
    // a, b's begins at b).
    constexpr At down[ClearWindows::cells] = {{-2, 0, 0, true},  {-2, 1, 1, true},  {-1, 0, 0, true}, {-1, 1, 1, true},
                                              {0, -2, 0, false}, {0, -1, 0, false}, {0, 0, 0, false}, {0, 1, 1, false},
                                              {0, 2, 1, false},  {0, 3, 1, false},  {1, 0, 0, true},  {1, 1, 1, true},
                                              {2, 0, 0, true},   {2, 1, 1, true}};
    for (int d = 0; d < 2; ++d) {
        const At* at = d ? down : right;
        for (int i = 0; i < ClearWindows::cells; ++i) {
            w.dx[d][i] = static_cast<std::int8_t>(at[i].dx);
            w.dy[d][i] = static_cast<std::int8_t>(at[i].dy);
        }
        for (int p = 0; p < 2; ++p) {
            const Cell piece{p && !d ? 1 : 0, p && d ? 1 : 0};  // relative to a
            for (int span = 0; span < 256; ++span) {
                const RunThrough t = ByteBoard::through(piece, static_cast<std::uint8_t>(span));
                std::uint16_t keep = 0;
                for (int i = 0; i < ClearWindows::cells; ++i) {
                    if (at[i].piece != p) continue;
                    const int x = at[i].dx, y = at[i].dy;
                    const bool in = at[i].row ? t.row && y == piece.y && x >= t.x0 && x < t.x0 + t.row
                                              : x == piece.x && (t.col ? y >= t.y0 && y < t.y0 + t.col : t.row && y == piece.y);
                    keep = static_cast<std::uint16_t>(keep | (in ? 1u << i : 0u));
                }
                w.keep[d][p][span] = keep;
            }
        }
    }
    return w;
}
constexpr ClearWindows clear_windows = make_clear_windows();
}  // namespace

namespace {
// The fixed windows' cells the two pieces' runs keep, in (x, y) order, into out.
inline Cell* window_cells(Cell a, int down, std::uint8_t span_a, std::uint8_t span_b, Cell* out) {
    for (std::uint32_t keep = clear_windows.keep[down][0][span_a] | clear_windows.keep[down][1][span_b]; keep; keep &= keep - 1) {
        const int i = __builtin_ctz(keep);
        *out++ = Cell{a.x + clear_windows.dx[down][i], a.y + clear_windows.dy[down][i]};
    }
    return out;
}
}  // namespace

int HintScanner::byte_first_step(const Swap& swap, Cell* cells, std::int64_t& points) const {
    std::uint8_t span_a, span_b;
    int down;
    if (!byte_mode_ || !byte_spans(swap, span_a, span_b, down)) return -1;
    points = static_cast<std::int64_t>(ByteBoard::points(span_a) + ByteBoard::points(span_b)) * rules_.score_per_piece;
    return static_cast<int>(window_cells(swap.a, down, span_a, span_b, cells) - cells);
}

void HintScanner::clears_sorted(const Swap& swap, std::vector<Cell>& cells) {
    cells.clear();
    Through ta, tb;
    const Cell a = swap.a, b = swap.b;
    std::uint8_t span_a, span_b;
    int down;
    if (byte_mode_ && byte_spans(swap, span_a, span_b, down)) {
        cells.resize(static_cast<std::size_t>(ByteBoard::cleared(span_a) + ByteBoard::cleared(span_b)));
        window_cells(a, down, span_a, span_b, cells.data());
        return;
    }
    if (settled_spans(swap, ta, tb)) {
        // A settled board: the runs through the two swapped pieces, written in (x, y) order as they
        // lie. a's runs end at a on the side of b (b holds a's old colour now) and b's begin there.
        const int n = ta.row + ta.col - (ta.row && ta.col ? 1 : 0) + tb.row + tb.col - (tb.row && tb.col ? 1 : 0);
        cells.resize(static_cast<std::size_t>(n));
        Cell* out = cells.data();
        // The swapped piece's own column: its column run, or the piece alone when only its row runs.
        auto column = [&](Cell at, const Through& t) {
            if (t.col)
                for (int y = t.y0; y < t.y0 + t.col; ++y) *out++ = Cell{at.x, y};
            else if (t.row) *out++ = at;
        };
        if (a.y == b.y) {
            for (int x = ta.x0; x < a.x && ta.row; ++x) *out++ = Cell{x, a.y};
            column(a, ta);
            column(b, tb);
            for (int x = b.x + 1; x < tb.x0 + tb.row; ++x) *out++ = Cell{x, b.y};
            return;
        }
        // A vertical swap: the two rows' runs side by side, by x; the shared column in the middle.
        const int a_end = ta.row ? ta.x0 + ta.row : 0, b_end = tb.row ? tb.x0 + tb.row : 0;
        const int lo = std::min(ta.row ? ta.x0 : a.x, tb.row ? tb.x0 : a.x);
        for (int x = lo; x < a.x; ++x) {
            if (x >= ta.x0 && x < a_end) *out++ = Cell{x, a.y};
            if (x >= tb.x0 && x < b_end) *out++ = Cell{x, b.y};
        }
        column(a, ta);
        column(b, tb);
        for (int x = a.x + 1; x < std::max(a_end, b_end); ++x) {
            if (x < a_end) *out++ = Cell{x, a.y};
            if (x < b_end) *out++ = Cell{x, b.y};
        }
        return;
    }
    if (clears_bitboard(swap)) {
        // (x, y) order: the columns with a cleared cell from the left, each from the top, over the
        // rows that have one (a swap's clears span a few rows: `lines` lists them).
        std::uint64_t columns = 0;
        int count = 0;
        int lines[64];
        int line_count = 0;
        bool many_lines = false;
        for (std::size_t y = 0; y < set_.size(); ++y) {
            const std::uint64_t m = set_[y];
            if (!m) continue;
            columns |= m;
            count += popcount64(m);
            if (line_count < 64) lines[line_count++] = static_cast<int>(y);
            else many_lines = true;
        }
        cells.reserve(static_cast<std::size_t>(count));
        const int h = board_->height;
        while (columns) {
            const int x = __builtin_ctzll(columns);
            columns &= columns - 1;
            if (many_lines) {
                for (int y = 0; y < h; ++y)
                    if (set_[static_cast<std::size_t>(y)] >> x & 1u) cells.push_back(Cell{x, y});
            } else {
                for (int i = 0; i < line_count; ++i)
                    if (set_[static_cast<std::size_t>(lines[i])] >> x & 1u) cells.push_back(Cell{x, lines[i]});
            }
        }
        return;
    }
    clears(swap, count_buffer_);
    cells.reserve(count_buffer_.size());
    for (int idx : count_buffer_) cells.push_back(Cell{idx % board_->width, idx / board_->width});
    std::sort(cells.begin(), cells.end());
}

int HintScanner::clear_count(const Swap& swap) {
    std::uint8_t span_a, span_b;
    int down;
    if (byte_mode_ && byte_spans(swap, span_a, span_b, down)) return ByteBoard::cleared(span_a) + ByteBoard::cleared(span_b);
    Through ta, tb;
    if (settled_spans(swap, ta, tb))  // the cells of the runs through the two pieces, each piece once
        return tb.row + tb.col - (tb.row && tb.col ? 1 : 0) + ta.row + ta.col - (ta.row && ta.col ? 1 : 0);
    if (clears_bitboard(swap)) {
        int count = 0;
        for (std::uint64_t m : set_) count += popcount64(m);
        return count;
    }
    if (runs_.empty()) {
        if (!tables_ready_) build_tables();
        // A settled board: the only runs after the swap are those through the two swapped pieces.
        const Lines l = lines_after(swap.a.x, swap.a.y, swap.b.x, swap.b.y);
        const int k = rules_.min_match;
        auto through = [k](int row, int col) {
            const int r = row >= k ? row : 0;
            const int c = col >= k ? col : 0;
            return r + c - (r && c ? 1 : 0);  // the piece itself lies in both
        };
        return through(l.a_row, l.a_col) + through(l.b_row, l.b_col);
    }
    clears(swap, count_buffer_);
    return static_cast<int>(count_buffer_.size());
}

namespace {
// Greedy's pick among swaps met in any order: the face's first swap with the most clears is the
// largest key, the count above, the face rank (x, then y, right before down) inverted below, so that
// no branch picks it.
struct BestSwap {
    std::uint64_t best = 0;
    void consider(Cell a, int count, std::uint32_t down) {
        consider(static_cast<std::uint32_t>(a.x) << 20 | static_cast<std::uint32_t>(a.y) << 1 | down, count);
    }
    void consider(std::uint32_t rank, int count) {
        const std::uint64_t key = static_cast<std::uint64_t>(count) << 32 | (0xffffffffu - rank);
        best = key > best ? key : best;
    }
    std::optional<Swap> swap() const {
        if (!best) return std::nullopt;
        const std::uint32_t rank = 0xffffffffu - static_cast<std::uint32_t>(best);
        const int x = static_cast<int>(rank >> 20), y = static_cast<int>(rank >> 1 & 0x7ffffu),
                  down = static_cast<int>(rank & 1u);
        return Swap{Cell{x, y}, Cell{x + 1 - down, y + down}};
    }
};
}  // namespace

std::optional<Swap> HintScanner::greedy_swap() {
    if (byte_mode_) {
        // The counts of the runs through each legal swap's two pieces, from the byte rows.
        // Column by column (the key makes the pick independent of the order): a column's swaps are
        // the bits 2y + d of its word, which is also the low part of their rank, and their span
        // bytes lie at fixed strides from the column's lane.
        BestSwap pick;
        constexpr std::size_t row_stride = ByteBoard::lanes, piece_stride = ByteBoard::max_height * row_stride;
        for (std::uint32_t columns = byte_swaps_.columns; columns; columns &= columns - 1) {
            const int x = __builtin_ctz(columns);
            const auto lane = static_cast<std::size_t>(x + ByteBoard::pad);
            const std::uint8_t* spans = reinterpret_cast<const std::uint8_t*>(byte_swaps_.span) + lane;
            for (std::uint64_t m = byte_swaps_.by_column[lane]; m; m &= m - 1) {
                const auto bit = static_cast<std::uint32_t>(__builtin_ctzll(m));  // 2y + d
                const std::size_t at = (bit & 1u) * 2 * piece_stride + (bit >> 1) * row_stride;
                pick.consider(static_cast<std::uint32_t>(x) << 20 | bit,
                              ByteBoard::cleared(spans[at]) + ByteBoard::cleared(spans[at + piece_stride]));
            }
        }
        return pick.swap();
    }
    if (!masks_ready_ || !runs_.empty()) {
        const std::vector<Swap>& swaps = legal_swaps();
        int best = -1, best_count = -1;
        const int n = static_cast<int>(swaps.size());
        for (int i = 0; i < n; ++i) {
            const int count = clear_count(swaps[static_cast<std::size_t>(i)]);
            if (count > best_count) {
                best_count = count;
                best = i;
            }
        }
        if (best < 0) return std::nullopt;
        return swaps[static_cast<std::size_t>(best)];
    }
    // Settled, min_match 3, every piece below mask_colors_: clear_count's settled answer, the run
    // through each moved piece counted as through_settled finds it, for every swap of the masks in
    // row order (no list). The face's first swap with the most clears is the largest key: the count
    // above, the face rank (x, then y, right before down) inverted below, so that no branch picks it.
    const std::int32_t* c = board_->cells.data();
    const int w = board_->width;
    const int h = board_->height;
    const std::uint64_t* masks = masks_.data() + 2;
    const std::size_t stride = mask_stride_;
    const std::uint64_t* right_swaps = masks + static_cast<std::size_t>(mask_colors_ + 1) * stride;
    const std::uint64_t* down_swaps = right_swaps + stride;
    // The count through one moved piece from its two windows (settled_window's) by a table: bits
    // 0, 1, 3 and 4 of each window (`to` itself is bit 2, always set) index its cleared cells.
    static constexpr auto cleared = [] {
        std::array<std::uint8_t, 256> table{};
        auto run = [](unsigned four) {  // the run's length through the centre, 0 when shorter than 3
            const unsigned left = (four >> 1 & 1u) + (four >> 1 & four & 1u);
            const unsigned right = (four >> 2 & 1u) + (four >> 2 & four >> 3 & 1u);
            return 1 + left + right >= 3 ? 1 + left + right : 0u;
        };
        for (unsigned i = 0; i < 256; ++i) {
            const unsigned row = run(i & 15u), col = run(i >> 4);
            table[i] = static_cast<std::uint8_t>(row + col - (row && col ? 1 : 0));
        }
        return table;
    }();
    auto count_through = [&](std::int32_t colour, Cell from, Cell to) {
        const std::uint64_t* R = masks + static_cast<std::size_t>(colour) * stride;
        const int x = to.x;
        const std::uint64_t word = R[to.y];
        unsigned across = static_cast<unsigned>((x >= 2 ? word >> (x - 2) : word << (2 - x)) & 0x1bu);
        if (from.y == to.y) across &= ~(1u << (from.x - x + 2));
        unsigned win = static_cast<unsigned>(R[to.y - 2] >> x & 1u) | static_cast<unsigned>(R[to.y - 1] >> x & 1u) << 1 |
                       static_cast<unsigned>(R[to.y + 1] >> x & 1u) << 2 | static_cast<unsigned>(R[to.y + 2] >> x & 1u) << 3;
        if (from.x == to.x) win &= ~(1u << (from.y - to.y + (from.y < to.y ? 2 : 1)));
        return static_cast<int>(cleared[(across & 3u) | (across >> 1 & 12u) | win << 4]);
    };
    BestSwap pick;
    auto consider = [&](Cell a, Cell b, std::uint32_t down) {
        const std::int32_t va = c[a.y * w + a.x], vb = c[b.y * w + b.x];
        pick.consider(a, count_through(va, a, b) + count_through(vb, b, a), down);
    };
    for (int y = 0; y < h; ++y) {
        for (std::uint64_t m = right_swaps[y]; m; m &= m - 1) {
            const int x = __builtin_ctzll(m);
            consider(Cell{x, y}, Cell{x + 1, y}, 0);
        }
        for (std::uint64_t m = down_swaps[y]; m; m &= m - 1) {
            const int x = __builtin_ctzll(m);
            consider(Cell{x, y}, Cell{x, y + 1}, 1);
        }
    }
    return pick.swap();
}

std::vector<HintSwap> hint_swaps(const Board& board, const RulesConfig& rules) {
    HintScanner scanner;
    scanner.scan(board, rules);
    std::vector<HintSwap> out;
    out.reserve(scanner.legal_swaps().size());
    for (const Swap& s : scanner.legal_swaps()) out.push_back(HintSwap{s.a, s.b, scanner.clears_sorted(s), {}, false});
    return out;
}

}  // namespace tilelab::match3
