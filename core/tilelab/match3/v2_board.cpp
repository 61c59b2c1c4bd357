// Format 2's board as masks (docs/match3.md "Speed"): colour rows, runs and match groups (of the
// int32 cells or of per-colour row masks), and the masks the previews read.
#include <algorithm>
#include <cstring>

#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2 {
namespace detail {

// How many colours the board's pieces and specials use (the highest colour + 1).
int colour_count(const Board& board) {
    int colours = 0;
    for (const std::int32_t v : board.cells) colours = std::max(colours, v >= 0 ? cell::color_of(v) + 1 : 0);
    return colours;
}

// rows[k * height + y] bit x: the pieces and specials of colour k in row y (boards up to 64 wide).
// The cells that are not pieces land in one more colour's rows after them, a sink (no branch a cell).
void build_colour_rows(const Board& board, int colours, std::vector<std::uint64_t>& rows) {
    const int w = board.width, h = board.height;
    const auto hs = static_cast<std::size_t>(h);
    rows.assign(static_cast<std::size_t>(colours + 1) * hs, 0);
    const std::int32_t* c = board.cells.data();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::int32_t v = c[y * w + x];
            const int k = v >= 0 ? cell::color_of(v) : colours;
            rows[static_cast<std::size_t>(k) * hs + static_cast<std::size_t>(y)] |= 1ull << x;
        }
}

namespace {
// scan_runs on boards up to 64 wide: one word per row and colour (bit x: column x), the cells of runs
// found with shifts and ANDs, and only those cells walked to write their run's length: no branch per
// cell on colours (the plain scan's branches mispredict on every run end).
// K: min_match when known at compile time (its loops then unroll), 0 for any other value.
template <int K>
bool scan_runs_masks(const Board& board, int min_match_any, Scratch& s) {
    const int min_match = K ? K : min_match_any;
    const int w = board.width, h = board.height;
    const int colours = colour_count(board);
    const auto hs = static_cast<std::size_t>(h);
    build_colour_rows(board, colours, s.run_rows);
    s.run_cols.resize(2 * hs);
    s.run_cells.assign(hs, 0);
    std::uint64_t* in_run = s.run_cells.data();
    std::uint64_t* rows = s.run_rows.data();
    // The cells of the runs in a mask: the starts of min_match ones in a row, spread over them.
    auto run_cells = [&](auto&& word_at, int i) {
        std::uint64_t starts = word_at(i);
        for (int j = 1; j < min_match; ++j) starts &= word_at(i + j);  // no early exit: a fixed trip count predicts
        return starts;
    };
    bool any = false;
    std::uint64_t* vertical = s.run_cols.data();
    for (int k = 0; k < colours; ++k) {
        const std::uint64_t* R = rows + static_cast<std::size_t>(k) * hs;
        // Rows: every maximal segment of the run cells is one run.
        for (int y = 0; y < h; ++y) {
            const std::uint64_t r = R[y];
            std::uint64_t starts = run_cells([r](int j) { return r >> j; }, 0);
            if (!starts) continue;
            any = true;
            std::uint64_t cells = starts;
            for (int j = 1; j < min_match; ++j) cells |= starts << j;
            in_run[y] |= cells;
            while (cells) {
                const int x0 = __builtin_ctzll(cells);
                const std::uint64_t rest = ~(cells >> x0);
                const int len = rest ? __builtin_ctzll(rest) : 64 - x0;
                for (int x = x0; x < x0 + len; ++x)
                    s.row_len[static_cast<std::size_t>(y * w + x)] = static_cast<std::uint16_t>(len);
                cells &= len >= 64 ? 0 : ~(((1ull << len) - 1) << x0);
            }
        }
        // Columns: vertical[y] marks the cells of column runs in row y; a run starts where the row
        // above has no mark in that column.
        if (h < min_match) continue;
        std::uint64_t column_any = 0;
        std::uint64_t* starts = vertical + hs;  // starts[y]: the column runs whose top row is y
        for (int y = 0; y + min_match <= h; ++y) {
            starts[y] = run_cells([R](int j) { return R[j]; }, y);
            column_any |= starts[y];
        }
        if (!column_any) continue;
        any = true;
        for (int y = 0; y < h; ++y) {
            std::uint64_t v = 0;
            for (int j = 0; j < min_match; ++j)
                if (y - j >= 0 && y - j + min_match <= h) v |= starts[y - j];
            vertical[y] = v;
            in_run[y] |= v;
        }
        for (int y = 0; y < h; ++y) {
            std::uint64_t tops = vertical[y] & ~(y > 0 ? vertical[y - 1] : 0);
            while (tops) {
                const int x = __builtin_ctzll(tops);
                tops &= tops - 1;
                int y2 = y + 1;
                while (y2 < h && (vertical[y2] >> x & 1u)) ++y2;
                for (int i = y; i < y2; ++i) s.col_len[static_cast<std::size_t>(i * w + x)] = static_cast<std::uint16_t>(y2 - y);
            }
        }
    }
    return any;
}

}  // namespace

// Runs: row_len / col_len of every cell (0 outside runs). Returns whether any run exists.
bool scan_runs(const Board& board, int min_match, Scratch& s) {
    const int w = board.width, h = board.height;
    const auto n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    s.row_len.assign(n, 0);
    s.col_len.assign(n, 0);
    if (w <= 64 && min_match == 3) return scan_runs_masks<3>(board, min_match, s);
    if (w <= 64 && min_match >= 2) return scan_runs_masks<0>(board, min_match, s);
    s.run_cells.clear();
    bool any = false;
    const std::int32_t* c = board.cells.data();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w;) {
            const int k = colour(c[y * w + x]);
            int x2 = x + 1;
            if (k >= 0)
                while (x2 < w && colour(c[y * w + x2]) == k) ++x2;
            if (k >= 0 && x2 - x >= min_match) {
                any = true;
                for (int i = x; i < x2; ++i) s.row_len[static_cast<std::size_t>(y * w + i)] = static_cast<std::uint16_t>(x2 - x);
            }
            x = x2;
        }
    for (int x = 0; x < w; ++x)
        for (int y = 0; y < h;) {
            const int k = colour(c[y * w + x]);
            int y2 = y + 1;
            if (k >= 0)
                while (y2 < h && colour(c[y2 * w + x]) == k) ++y2;
            if (k >= 0 && y2 - y >= min_match) {
                any = true;
                for (int i = y; i < y2; ++i) s.col_len[static_cast<std::size_t>(i * w + x)] = static_cast<std::uint16_t>(y2 - y);
            }
            y = y2;
        }
    return any;
}

// Match groups from the runs of scan_runs into s.groups (cells sorted; groups in row-major order of
// their first cell found).
void find_groups(const Board& board, Scratch& s) {
    const int w = board.width, h = board.height;
    const int n = w * h;
    s.group.assign(static_cast<std::size_t>(n), -1);
    std::size_t count = 0;
    // The cells of runs in row-major order: from scan_runs' masks where it built them (only those
    // cells are visited), else every cell.
    const bool masks = s.run_cells.size() == static_cast<std::size_t>(h);
    std::uint64_t bits = masks && h > 0 ? s.run_cells[0] : 0;
    int row = 0;
    for (int start = 0;; ++start) {
        if (masks) {
            while (!bits && ++row < h) bits = s.run_cells[static_cast<std::size_t>(row)];
            if (!bits) break;
            start = row * w + __builtin_ctzll(bits);
            bits &= bits - 1;
        } else if (start >= n) {
            break;
        }
        const auto su = static_cast<std::size_t>(start);
        if (s.group[su] >= 0 || (s.row_len[su] == 0 && s.col_len[su] == 0)) continue;
        const int g = static_cast<int>(count++);
        if (s.groups.size() < count) s.groups.emplace_back();
        std::vector<int>& cells = s.groups[count - 1];
        cells.clear();
        s.stack.assign(1, start);
        s.group[su] = g;
        while (!s.stack.empty()) {
            const int idx = s.stack.back();
            s.stack.pop_back();
            cells.push_back(idx);
            const int x = idx % w, y = idx / w;
            auto visit = [&](int nx, int ny, bool row) {
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) return;
                const int m = ny * w + nx;
                const auto mu = static_cast<std::size_t>(m);
                if (s.group[mu] >= 0) return;
                const auto iu = static_cast<std::size_t>(idx);
                if (row ? (s.row_len[iu] == 0 || s.row_len[mu] == 0) : (s.col_len[iu] == 0 || s.col_len[mu] == 0)) return;
                if (colour(board.cells[iu]) != colour(board.cells[mu])) return;
                s.group[mu] = g;
                s.stack.push_back(m);
            };
            visit(x - 1, y, true);
            visit(x + 1, y, true);
            visit(x, y - 1, false);
            visit(x, y + 1, false);
        }
        std::sort(cells.begin(), cells.end());
    }
    s.groups.resize(count);
}

// (Re)builds scratch.masks for the state's board (with min_match, and whether the lock layer's size
// differs) unless they are the ones it holds; prepare_fire_masks checks the lock layer's cells.
void prepare_masks(const State& state, int min_match, Scratch& scratch) {
    Scratch::PreviewMasks& pm = scratch.masks;
    const Board& board = state.board;
    const bool lock_mismatch = state.lock && (state.lock->width != board.width || state.lock->height != board.height);
    if (pm.valid && pm.lock_mismatch == lock_mismatch && pm.min_match == min_match && pm.board == board) return;
    pm.valid = true;
    pm.board = board;
    pm.lock_mismatch = lock_mismatch;
    pm.min_match = min_match;
    pm.fire_masks = false;
    const int w = board.width, h = board.height;
    pm.fits = false;
    if (w > 64 || w < 1 || h < 1 || min_match < 2) return;
    if (lock_mismatch) return;
    const int colours = colour_count(board);
    if (colours > 64) return;
    const auto hs = static_cast<std::size_t>(h);
    build_colour_rows(board, colours, pm.colour_rows);
    // Settled: no run of any colour (fixed trip counts, no early exits: the branches predict).
    const int k = min_match;
    std::uint64_t runs = 0;
    for (int colour = 0; colour < colours; ++colour) {
        const std::uint64_t* R = pm.colour_rows.data() + static_cast<std::size_t>(colour) * hs;
        for (int y = 0; y < h; ++y) {
            std::uint64_t starts = R[y];
            for (int j = 1; j < k; ++j) starts &= R[y] >> j;
            runs |= starts;
        }
        for (int y = 0; y + k <= h; ++y) {
            std::uint64_t tops = R[y];
            for (int j = 1; j < k; ++j) tops &= R[y + j];
            runs |= tops;
        }
    }
    pm.settled = runs == 0;
    pm.fits = true;
}

// The masks masks_first reads, once per board (a board of plain pieces never needs them; masks_first
// asks for them only on boards up to 64 rows).
void prepare_fire_masks(const State& state, Scratch::PreviewMasks& pm) {
    using PM = Scratch::PreviewMasks;
    const bool same_lock = state.lock ? pm.lock == state.lock->cells : pm.lock.empty();
    if (pm.fire_masks && same_lock) return;
    pm.fire_masks = true;
    if (state.lock) pm.lock = state.lock->cells;
    else pm.lock.clear();
    const Board& board = state.board;
    const int w = board.width, h = board.height, n = w * h;
    const auto hs = static_cast<std::size_t>(h);
    const int colours = static_cast<int>(pm.colour_rows.size() / hs) - 1;  // less build_colour_rows' sink
    pm.fire.resize(hs * PM::fire_words);
    if (pm.cells.size() < static_cast<std::size_t>(n) + 8) pm.cells.resize(static_cast<std::size_t>(n) + 8);
    const std::int32_t* cells = board.cells.data();
    const std::int32_t* locks = state.lock ? state.lock->cells.data() : nullptr;
    constexpr int planes = 6;  // fire_h, fire_v, fire_b, fire_bomb, clear_free, locked
    constexpr std::size_t plane_word[planes] = {PM::fire_h, PM::fire_v, PM::fire_b, PM::fire_bomb, PM::clear_free, PM::locked};
    std::uint64_t flat[planes][64];  // each mask as a row-major bit string of the board (n <= 64 * 64 bits)
    const auto words = static_cast<std::size_t>(n + 63) / 64;
    // Each cell's bits as one byte (bit k: mask k; a locked cell only has `locked`), in a loop without
    // a branch, which the compiler vectorises; then eight cells of the board in row-major order to a
    // word, each mask's eight bits gathered by one multiplication (gather_bits): no branch per cell,
    // and no partial word at each row's end. Then each row's bits are cut out of the strings.
    // A piece or special by its type (v >> 8: 1 h, 2 v, 3 b; a larger type, which no level has, only
    // clears), a colour bomb, anything else (not clearable).
    if (pm.kinds.size() < static_cast<std::size_t>(n) + 8) pm.kinds.resize(static_cast<std::size_t>(n) + 8);
    std::uint8_t* const kind = pm.kinds.data();
    auto kinds_of = [&](auto unlocked) {
        for (int i = 0; i < n; ++i) {
            const std::int32_t v = cells[i], type = v >> 8;
            const std::uint32_t free = unlocked(i), is_bomb = v == cell::color_bomb;
            const std::uint32_t fires = static_cast<std::uint32_t>(type == 1) | static_cast<std::uint32_t>(type == 2) << 1 |
                                        static_cast<std::uint32_t>(type == 3) << 2 | is_bomb << 3 |
                                        (static_cast<std::uint32_t>(v >= 0) | is_bomb) << 4;
            kind[i] = static_cast<std::uint8_t>((fires & (0u - free)) | (free ^ 1u) << 5);
        }
    };
    if (locks) kinds_of([locks](int i) { return static_cast<std::uint32_t>(locks[i] == 0); });
    else kinds_of([](int) { return 1u; });
    std::memset(kind + n, 0, 8);
    for (int at = 0; at < n; at += 8) {
        std::uint64_t bytes;
        std::memcpy(&bytes, kind + at, sizeof bytes);
        const auto word = static_cast<std::size_t>(at) / 64;
        const int shift = at % 64;
        for (int k = 0; k < planes; ++k) {
            const std::uint64_t bits = gather_bits(bytes, k) << shift;
            flat[k][word] = shift ? flat[k][word] | bits : bits;
        }
    }
    const std::uint64_t row_mask = w == 64 ? ~0ull : (1ull << w) - 1;
    for (int y = 0; y < h; ++y) {
        const auto word = static_cast<std::size_t>(y * w) / 64;
        const int shift = (y * w) % 64;
        std::uint64_t* row = pm.fire.data() + static_cast<std::size_t>(y) * PM::fire_words;
        for (int k = 0; k < planes; ++k) {
            std::uint64_t bits = flat[k][word] >> shift;
            if (shift + w > 64) bits |= flat[k][word + 1] << (64 - shift);
            row[plane_word[k]] = bits & row_mask;
        }
        row[PM::fire_any] = row[PM::fire_h] | row[PM::fire_v] | row[PM::fire_b] | row[PM::fire_bomb];
    }
    // The most common colour of the board's pieces and specials (ties: the lowest; none: -1), what a
    // colour bomb fired by another item takes (only counted when the board has one that can fire); and
    // the colours in use. Rows are packed side by side into words before counting (a 9-wide board's
    // colour is two popcounts, not nine).
    pm.colours = colours;
    pm.common = -1;
    int most = 0;
    std::uint64_t bombs = 0;
    for (std::size_t j = 0; j < words; ++j) bombs |= flat[3][j];
    const int per_word = 64 / w;  // rows packed into one word
    for (int k = 0; k < (bombs ? colours : 0); ++k) {
        const std::uint64_t* R = pm.colour_rows.data() + static_cast<std::size_t>(k) * hs;
        int total = 0;
        for (int y = 0; y < h; y += per_word) {
            std::uint64_t packed = 0;
            const int rows = std::min(per_word, h - y);
            for (int j = 0; j < rows; ++j) packed |= R[y + j] << (j * w);
            total += popcount64(packed);
        }
        if (total > most) {
            most = total;
            pm.common = k;
        }
    }
    // The items and what each one's area holds (the area is the same whatever else fires: a row, a
    // column, a 3x3 square, or for a colour bomb fired by another item the most common colour's cells),
    // found on the row-major bit strings (one loop over the board's items, not one a row: each loop's
    // end mispredicts), each area as masks of items without a branch on its type.
    std::uint64_t any[64];
    int m = 0;
    for (std::size_t j = 0; j < words; ++j) {
        any[j] = flat[0][j] | flat[1][j] | flat[2][j] | flat[3][j];
        m += popcount64(any[j]);
    }
    pm.items = m <= 64 ? m : -1;
    if (m > 64) return;
    // Each item's bit joins its row's and its column's masks in the loop below, which is cheaper than
    // making a row's mask from a popcount of its items a row (docs/match3.md "Speed").
    std::fill(pm.row_items, pm.row_items + h + 2, 0);
    std::fill(pm.col_items, pm.col_items + w + 2, 0);
    std::fill(pm.type_items, pm.type_items + 4, 0);
    pm.common_items = 0;
    const std::uint64_t recip = ((1ull << 22) + static_cast<std::uint64_t>(w) - 1) / static_cast<std::uint64_t>(w);
    for (std::size_t j = 0, i = 0; j < words; ++j)
        for (std::uint64_t bits = any[j]; bits; bits &= bits - 1, ++i) {
            const int shift = __builtin_ctzll(bits);
            const auto at = static_cast<std::uint64_t>(j * 64 + static_cast<std::size_t>(shift));
            const auto y = static_cast<int>(at * recip >> 22);  // at / w (exact for at below 2^22 / w >= 65536)
            const int x = static_cast<int>(at) - y * w;
            const std::size_t type = (flat[1][j] >> shift & 1u) + 2 * (flat[2][j] >> shift & 1u) + 3 * (flat[3][j] >> shift & 1u);
            const std::int32_t v = cells[at];
            const std::uint64_t bit = 1ull << i;
            pm.item_x[i] = static_cast<std::uint8_t>(x);
            pm.item_y[i] = static_cast<std::uint8_t>(y);
            pm.item_type[i] = static_cast<std::uint8_t>(type);
            pm.row_items[y + 1] |= bit;
            pm.col_items[x + 1] |= bit;
            pm.type_items[type] |= bit;
            pm.common_items |= bit & (0 - static_cast<std::uint64_t>(v >= 0 && cell::color_of(v) == pm.common));
        }
    const std::uint64_t bomb_area = pm.common >= 0 ? pm.common_items : 0;
    for (int i = 0; i < m; ++i) {
        const std::uint64_t* rows = pm.row_items + pm.item_y[i] + 1;
        const std::uint64_t* cols = pm.col_items + pm.item_x[i] + 1;
        const std::uint64_t square = (rows[-1] | rows[0] | rows[1]) & (cols[-1] | cols[0] | cols[1]);
        const unsigned type = pm.item_type[i];
        const std::uint64_t area = (rows[0] & (0 - static_cast<std::uint64_t>(type == 0))) |
                                   (cols[0] & (0 - static_cast<std::uint64_t>(type == 1))) |
                                   (square & (0 - static_cast<std::uint64_t>(type == 2))) |
                                   (bomb_area & (0 - static_cast<std::uint64_t>(type == 3)));
        pm.hits[i] = area & ~(1ull << i);
    }
}

}  // namespace detail

std::vector<CellGroup> match_groups(const Board& board, int min_match) {
    Scratch s;
    std::vector<CellGroup> out;
    if (!detail::scan_runs(board, min_match, s)) return out;
    detail::find_groups(board, s);
    for (const auto& g : s.groups) {
        CellGroup group;
        for (int idx : g) group.cells.push_back(Cell{idx % board.width, idx / board.width});
        std::sort(group.cells.begin(), group.cells.end());
        out.push_back(std::move(group));
    }
    std::sort(out.begin(), out.end(), [](const CellGroup& a, const CellGroup& b) { return a.cells < b.cells; });
    return out;
}

}  // namespace tilelab::match3::v2
