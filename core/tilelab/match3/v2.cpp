// match3 format version 2: docs/match3.md "Format version 2", step by step (see v2.hpp).
#include "tilelab/match3/v2.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "tilelab/match3/rules.hpp"

// One code path on every target: the masks are built and read with 64-bit words and loops the
// compiler vectorises for its target's baseline; no CPU-specific intrinsics (docs/match3.md "Speed").
namespace tilelab::match3::v2 {
namespace {
// Bit i of the result: bit k of byte i of `bytes` (eight cells' flag bytes, cell i in byte i). Each
// byte's bit k moves to bit 56 + i of one product (no two partial products meet).
[[gnu::always_inline]] inline std::uint64_t gather_bits(std::uint64_t bytes, int k) {
    return (bytes >> k & 0x0101010101010101ull) * 0x0102040810204080ull >> 56;
}
}  // namespace
}  // namespace tilelab::match3::v2

namespace tilelab::match3::v2 {

using ojson = nlohmann::ordered_json;

bool active(const Level& level) {
    if (level.kind != Kind::match3) return false;
    if (level.rules.specials || !level.rules.spawn_weights.empty()) return true;
    if (level.goal.crates || level.goal.ingredients) return true;
    if (level.lock)
        for (std::int32_t v : level.lock->cells)
            if (v != 0) return true;
    for (std::int32_t v : level.board.cells)
        if (cell::is_special(v) || v == cell::color_bomb || v == cell::ingredient || cell::is_crate(v)) return true;
    return false;
}

Config Config::of(const Level& level) {
    Config c;
    c.colors = std::clamp(level.rules.colors, 1, 1 << 16);
    c.min_match = std::clamp(level.rules.min_match, 2, max_board_side + 1);
    c.score_per_piece = level.rules.score_per_piece;
    c.specials = level.rules.specials;
    if (static_cast<int>(level.rules.spawn_weights.size()) == c.colors) {
        std::uint64_t sum = 0;
        for (int w : level.rules.spawn_weights) sum += static_cast<std::uint32_t>(std::max(w, 0));
        if (sum > 0 && sum <= 0xffffffffu) {
            for (int w : level.rules.spawn_weights) c.weights.push_back(static_cast<std::uint32_t>(std::max(w, 0)));
            c.weight_sum = static_cast<std::uint32_t>(sum);
        }
    }
    return c;
}

std::int32_t Config::draw(Rng& rng) const {
    if (weights.empty()) return static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(colors)));
    const std::uint32_t r = rng.uniform(weight_sum);
    std::uint32_t running = 0;
    for (std::size_t k = 0; k < weights.size(); ++k) {
        running += weights[k];
        if (running > r) return static_cast<std::int32_t>(k);
    }
    return static_cast<std::int32_t>(weights.size() - 1);
}

std::string token(std::int32_t v) {
    if (v >= 0) {
        std::string t = std::to_string(cell::color_of(v));
        switch (cell::special_of(v)) {
        case cell::line_h: return t + "h";
        case cell::line_v: return t + "v";
        case cell::bomb: return t + "b";
        default: return t;
        }
    }
    if (v == cell::color_bomb) return "*";
    if (v == cell::ingredient) return "@";
    if (cell::is_crate(v)) return "c" + std::to_string(cell::crate_hp(v));
    if (v == cell::blocker) return "#";
    if (v == cell::hole) return "_";
    if (v == cell::random) return "?";
    return ".";
}

namespace {
struct View {
    Board& board;
    Grid* lock;  // nullptr: nothing locked
    int w, h;
    std::int32_t& at(int idx) { return board.cells[static_cast<std::size_t>(idx)]; }
    bool locked(int idx) const { return lock && lock->cells[static_cast<std::size_t>(idx)] != 0; }
    // Crates, blockers and locked items split a column for gravity and refill.
    bool splitter(int idx) {
        const std::int32_t v = at(idx);
        return v == cell::blocker || cell::is_crate(v) || (is_item(v) && locked(idx));
    }
};

int colour(std::int32_t v) { return v >= 0 ? cell::color_of(v) : -1; }

ojson xy(int idx, int w) { return ojson::array({idx % w, idx / w}); }

ojson sorted_cells_json(std::vector<int> cells, int w) {
    std::vector<Cell> out;
    out.reserve(cells.size());
    for (int idx : cells) out.push_back(Cell{idx % w, idx / w});
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return cells_json(out);
}

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
                for (int x = x0; x < x0 + len; ++x) s.row_len[static_cast<std::size_t>(y * w + x)] = static_cast<std::uint16_t>(len);
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

// The runs of a board up to 12 x 24 from its byte rows' masks (V2Rows, colour against colour
// whatever the colour): per row, the starts of min_match cells of one colour in a line, and the cells
// of the row runs and of the column runs.
struct RowRuns {
    std::uint32_t row_starts[V2Rows::max_height], col_starts[V2Rows::max_height];
    std::uint32_t row_cells[V2Rows::max_height], col_cells[V2Rows::max_height];
};

// The starts; false when there is no run (nothing else is filled then).
bool run_starts(const V2Rows& r, int w, int h, int min_match, RowRuns& out) {
    std::uint32_t any = 0;
    if (min_match == 3) {
        // The usual case, without tests: the links stop at the board's last column and row (row h's
        // masks are 0).
        for (int y = 0; y < h; ++y) {
            const std::uint32_t rs = r.same_right[y] & r.same_right[y] >> 1, cs = r.same_below[y] & r.same_below[y + 1];
            out.row_starts[y] = rs;
            out.col_starts[y] = cs;
            any |= rs | cs;
        }
        return any != 0;
    }
    const bool rows_fit = min_match <= w;
    for (int y = 0; y < h; ++y) {
        std::uint32_t rs = rows_fit ? r.same_right[y] : 0, cs = y + min_match <= h ? r.same_below[y] : 0;
        for (int j = 1; j < min_match - 1 && rs; ++j) rs &= r.same_right[y] >> j;
        for (int j = 1; j < min_match - 1 && cs; ++j) cs &= r.same_below[y + j];
        out.row_starts[y] = rs;
        out.col_starts[y] = cs;
        any |= rs | cs;
    }
    return any != 0;
}

// scan_runs from the starts: row_len / col_len of every cell (0 outside runs), and the cells.
void run_lengths(const V2Rows& r, int w, int h, int min_match, RowRuns& runs, Scratch& s) {
    const auto n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    s.row_len.resize(n);
    s.col_len.resize(n);
    std::memset(s.row_len.data(), 0, n * sizeof(std::uint16_t));
    std::memset(s.col_len.data(), 0, n * sizeof(std::uint16_t));
    std::uint32_t col_any = 0;
    for (int y = 0; y < h; ++y) {
        const std::uint32_t rs = runs.row_starts[y];
        std::uint32_t cells = 0;
        for (int j = 0; j < min_match && rs; ++j) cells |= rs << j;
        runs.row_cells[y] = cells;
        // Every maximal segment of one colour is one run (neighbouring runs of two colours touch).
        while (cells) {
            const int x0 = __builtin_ctz(cells);
            const int len = 1 + __builtin_ctz(~(r.same_right[y] >> x0));
            for (int x = x0; x < x0 + len; ++x) s.row_len[static_cast<std::size_t>(y * w + x)] = static_cast<std::uint16_t>(len);
            cells &= ~(((1u << len) - 1) << x0);
        }
        runs.col_cells[y] = 0;
        col_any |= runs.col_starts[y];
    }
    for (int y = 0; col_any && y < h; ++y) {
        std::uint32_t col = 0;
        for (int j = 0; j < min_match && j <= y; ++j) col |= runs.col_starts[y - j];
        runs.col_cells[y] = col;
        // A run's top: a start whose cell above is not of its colour.
        std::uint32_t tops = runs.col_starts[y] & ~(y > 0 ? r.same_below[y - 1] : 0u);
        while (tops) {
            const int x = __builtin_ctz(tops);
            tops &= tops - 1;
            int len = 1;
            while (r.same_below[y + len - 1] >> x & 1u) ++len;  // row h - 1's is 0
            for (int i = y; i < y + len; ++i) s.col_len[static_cast<std::size_t>(i * w + x)] = static_cast<std::uint16_t>(len);
        }
    }
}

// find_groups from the masks: a group grows from its first cell (row-major) along the links of its
// runs (two neighbours of one colour in one row run, or in one column run), a row at a time; its
// cells are read off in row-major order (sorted), and the groups come in the order of their first
// cells, as find_groups gives them.
void groups_from_rows(const V2Rows& r, int w, int h, const RowRuns& runs, Scratch& s) {
    std::uint32_t left[V2Rows::max_height], across[V2Rows::max_height], down[V2Rows::max_height], g[V2Rows::max_height];
    for (int y = 0; y < h; ++y) {
        left[y] = runs.row_cells[y] | runs.col_cells[y];
        across[y] = r.same_right[y] & runs.row_cells[y];  // bit x: x and x + 1 linked
        down[y] = r.same_below[y] & runs.col_cells[y];    // bit x: rows y and y + 1 linked
    }
    auto along_row = [](std::uint32_t m, std::uint32_t links) {
        for (;;) {
            const std::uint32_t next = m | ((m & links) << 1) | ((m >> 1) & links);
            if (next == m) return m;
            m = next;
        }
    };
    std::size_t count = 0;
    int top = 0;
    for (;;) {
        while (top < h && !left[top]) ++top;
        if (top == h) break;
        // Rows above `top` hold none of the group (its first cell is in row `top`). Rows whose cells
        // grew (bit y of `grown`) pass them on along the column links, until none grows.
        for (int y = top; y < h; ++y) g[y] = 0;
        g[top] = along_row(left[top] & (0u - left[top]), across[top]);
        std::uint32_t grown = 1u << top;
        while (grown) {
            const int y = __builtin_ctz(grown);
            grown &= grown - 1;
            if (y + 1 < h) {
                const std::uint32_t add = g[y] & down[y] & ~g[y + 1];
                if (add) {
                    g[y + 1] = along_row(g[y + 1] | add, across[y + 1]);
                    grown |= 1u << (y + 1);
                }
            }
            if (y > top) {
                const std::uint32_t add = g[y] & down[y - 1] & ~g[y - 1];
                if (add) {
                    g[y - 1] = along_row(g[y - 1] | add, across[y - 1]);
                    grown |= 1u << (y - 1);
                }
            }
        }
        ++count;
        if (s.groups.size() < count) s.groups.emplace_back();
        std::vector<int>& cells = s.groups[count - 1];
        int found[V2Rows::max_width * V2Rows::max_height];
        int* out = found;
        for (int y = top; y < h; ++y) {
            for (std::uint32_t m = g[y]; m; m &= m - 1) *out++ = y * w + __builtin_ctz(m);
            left[y] &= ~g[y];
        }
        cells.assign(found, out);
    }
    s.groups.resize(count);
}

// Gravity in column x of only unlocked items and empty cells, without events (one segment without
// holes): every item falls to the bottom in order, one pass from the bottom without a branch per
// cell (`write` never passes the cell being read). Returns how many moved.
int fall_regular(View& v, int x) {
    const int w = v.w, h = v.h;
    int fallen = 0;
    // Below the lowest empty cell every item stays where it is (`write` follows the cell read), and
    // above the highest item every cell is empty and stays so.
    int write = h - 1;
    while (write >= 0 && v.at(write * w + x) != cell::empty) --write;
    int top = 0;
    while (top < write && v.at(top * w + x) == cell::empty) ++top;
    for (int r = write; r >= top; --r) {
        const std::int32_t c = v.at(r * w + x);
        const int item = c != cell::empty;
        v.at(write * w + x) = c;
        fallen += item & (write != r);
        write -= item;
    }
    for (int r = write; r >= top; --r) v.at(r * w + x) = cell::empty;
    return fallen;
}

// Gravity in column x (up to 64 rows), without events: segments between splitters, bottom up: each
// segment's non-hole cells listed from the bottom, and its items packed down that list in order,
// without a branch per cell. Returns how many moved.
int fall_segments(View& v, int x) {
    const int w = v.w, h = v.h;
    int fallen = 0;
    int at[64];
    int count = 0;
    for (int r = h - 1; r >= -1; --r) {
        if (r >= 0 && !v.splitter(r * w + x)) {
            at[count] = r * w + x;
            count += v.at(r * w + x) != cell::hole;
            continue;
        }
        int write = 0;
        for (int i = 0; i < count; ++i) {
            const std::int32_t c = v.at(at[i]);
            const int item = c != cell::empty;
            v.at(at[write]) = c;
            fallen += item & (write != i);
            write += item;
        }
        for (int i = write; i < count; ++i) v.at(at[i]) = cell::empty;
        count = 0;
    }
    return fallen;
}

// Step 7's gravity: items fall in each column's segments (split by blockers, crates and locked items),
// skipping holes. Returns how many moved.
int gravity(View& v, ojson* events, int step) {
    int fallen = 0;
    const int w = v.w, h = v.h;
    // Per column: whether it has an empty cell, and whether it holds anything but unlocked items and
    // empty cells; read row by row (the inner loop runs along memory and vectorises).
    const bool narrow = w <= 64;
    std::uint8_t col_empty[64] = {}, col_other[64] = {};
    for (int y = 0; narrow && y < h; ++y) {
        const std::int32_t* row = v.board.cells.data() + static_cast<std::ptrdiff_t>(y) * w;
        for (int x = 0; x < w; ++x) {
            const std::int32_t c = row[x];
            col_empty[x] |= c == cell::empty;
            col_other[x] |= !(c >= cell::empty || c == cell::color_bomb || c == cell::ingredient);
        }
    }
    for (int x = 0; x < w; ++x) {
        bool has_empty = false, regular = !v.lock;  // regular: only unlocked items and empty cells
        if (narrow) {
            has_empty = col_empty[x];
            regular &= !col_other[x];
        } else {
            for (int y = 0; y < h; ++y) {
                const std::int32_t c = v.at(y * w + x);
                has_empty |= c == cell::empty;
                regular &= c >= cell::empty || c == cell::color_bomb || c == cell::ingredient;
            }
        }
        if (!has_empty) continue;
        if (regular && !events) {
            fallen += fall_regular(v, x);
            continue;
        }
        if (!events && h <= 64) {
            fallen += fall_segments(v, x);
            continue;
        }
        int bottom = h - 1;
        while (bottom >= 0) {
            if (v.splitter(bottom * w + x)) {
                --bottom;
                continue;
            }
            int top = bottom;
            while (top > 0 && !v.splitter((top - 1) * w + x)) --top;
            int write = bottom;
            auto skip_holes = [&] {
                while (write >= top && v.at(write * w + x) == cell::hole) --write;
            };
            skip_holes();
            for (int r = bottom; r >= top; --r) {
                const std::int32_t item = v.at(r * w + x);
                if (!is_item(item)) continue;
                if (write != r) {
                    v.at(write * w + x) = item;
                    ++fallen;
                    if (events)
                        events->push_back(ojson{{"type", "fall"}, {"step", step}, {"from", ojson::array({x, r})},
                                                {"to", ojson::array({x, write})}});
                }
                --write;
                skip_holes();
            }
            for (int r = write; r >= top; --r)
                if (v.at(r * w + x) != cell::hole) v.at(r * w + x) = cell::empty;
            bottom = top - 1;
        }
    }
    return fallen;
}

// gravity() without events on a board whose masks are known (V2Rows as the step changed them): only
// the columns where an item lies above an empty cell of its segment (holes between them let it
// through) move (`fell`); in every other column gravity() would move nothing. A column the masks
// say is irregular takes the segments' pass, which on a regular column moves what fall_regular moves.
int gravity_rows(View& v, const V2Rows& r, std::uint32_t& fell) {
    std::uint32_t moving = r.falling_columns();
    const std::uint32_t other = r.other_columns;
    int fallen = 0;
    fell = moving;
    for (; moving; moving &= moving - 1) {
        const int x = __builtin_ctz(moving);
        fallen += !v.lock && !(other >> x & 1u) ? fall_regular(v, x) : fall_segments(v, x);
    }
    return fallen;
}

// Refill: empty cells above each column's first splitter, columns left to right, bottom-most first.
int refill(View& v, const Config& config, Rng& rng, ojson* events, int step) {
    int filled = 0;
    for (int x = 0; x < v.w; ++x) {
        bool has_empty = false;  // a column without an empty cell draws nothing
        for (int y = 0; y < v.h; ++y) has_empty |= v.at(y * v.w + x) == cell::empty;
        if (!has_empty) continue;
        int end = 0;
        while (end < v.h && !v.splitter(end * v.w + x)) ++end;
        for (int y = end - 1; y >= 0; --y) {
            if (v.at(y * v.w + x) != cell::empty) continue;
            const std::int32_t k = config.draw(rng);
            v.at(y * v.w + x) = k;
            ++filled;
            if (events)
                events->push_back(ojson{{"type", "spawn"}, {"step", step}, {"cell", ojson::array({x, y})}, {"color", k}});
        }
    }
    return filled;
}

// refill() without events after gravity_rows: gravity keeps the number of empty cells of each
// column (it only moves them up), so the masks as the step left them before its gravity say which
// columns hold one. (Not where the first splitter is: an item may have fallen onto a locked empty
// cell, and a locked item splits.)
int refill_rows(View& v, const Config& config, Rng& rng, const V2Rows& r) {
    std::uint32_t columns = r.empty_columns();
    int filled = 0;
    for (; columns; columns &= columns - 1) {
        const int x = __builtin_ctz(columns);
        int end = 0;
        while (end < v.h && !v.splitter(end * v.w + x)) ++end;
        for (int y = end - 1; y >= 0; --y) {
            if (v.at(y * v.w + x) != cell::empty) continue;
            v.at(y * v.w + x) = config.draw(rng);
            ++filled;
        }
    }
    return filled;
}

// Step 8 once: ingredients on the lowest non-hole cell of their column are removed (events in
// row-major order: a column whose bottom is a hole has its exit higher up).
int collect_exits(View& v, ojson* events, int step) {
    std::vector<int> collected;
    for (int x = 0; x < v.w; ++x) {
        int y = v.h - 1;
        while (y >= 0 && v.at(y * v.w + x) == cell::hole) --y;
        if (y < 0 || v.at(y * v.w + x) != cell::ingredient) continue;
        v.at(y * v.w + x) = cell::empty;
        collected.push_back(y * v.w + x);
    }
    if (events) {
        std::sort(collected.begin(), collected.end());
        for (int idx : collected)
            events->push_back(ojson{{"type", "collected"}, {"step", step}, {"cell", ojson::array({idx % v.w, idx / v.w})}});
    }
    return static_cast<int>(collected.size());
}

View view_of(State& state) {
    Grid* lock = state.lock ? &*state.lock : nullptr;
    return View{state.board, lock, state.board.width, state.board.height};
}

// The cells of a special's (or a fired colour bomb's) own area.
void own_area(const Board& board, int idx, int bomb_colour, std::vector<int>& out) {
    const int w = board.width, h = board.height;
    const int x = idx % w, y = idx / w;
    const std::int32_t v = board.cells[static_cast<std::size_t>(idx)];
    if (v == cell::color_bomb) {
        out.push_back(idx);
        if (bomb_colour < 0) return;
        for (int i = 0; i < w * h; ++i)
            if (colour(board.cells[static_cast<std::size_t>(i)]) == bomb_colour) out.push_back(i);
        return;
    }
    switch (cell::special_of(v)) {
    case cell::line_h:
        for (int i = 0; i < w; ++i) out.push_back(y * w + i);
        break;
    case cell::line_v:
        for (int i = 0; i < h; ++i) out.push_back(i * w + x);
        break;
    case cell::bomb:
        for (int yy = std::max(0, y - 1); yy <= std::min(h - 1, y + 1); ++yy)
            for (int xx = std::max(0, x - 1); xx <= std::min(w - 1, x + 1); ++xx) out.push_back(yy * w + xx);
        break;
    default: break;
    }
}

void rows_and_cols(int w, int h, int cx, int cy, int radius, std::vector<int>& out) {
    for (int y = std::max(0, cy - radius); y <= std::min(h - 1, cy + radius); ++y)
        for (int x = 0; x < w; ++x) out.push_back(y * w + x);
    for (int x = std::max(0, cx - radius); x <= std::min(w - 1, cx + radius); ++x)
        for (int y = 0; y < h; ++y) out.push_back(y * w + x);
}

void square(int w, int h, int cx, int cy, int radius, std::vector<int>& out) {
    for (int y = std::max(0, cy - radius); y <= std::min(h - 1, cy + radius); ++y)
        for (int x = std::max(0, cx - radius); x <= std::min(w - 1, cx + radius); ++x) out.push_back(y * w + x);
}

// A combo's area (the board may change: colour bomb + special converts pieces first).
void combo_area(Board& board, int ia, int ib, std::vector<int>& out) {
    const int w = board.width, h = board.height;
    const std::int32_t va = board.cells[static_cast<std::size_t>(ia)];
    const std::int32_t vb = board.cells[static_cast<std::size_t>(ib)];
    const int tx = ib % w, ty = ib / w;
    if (va == cell::color_bomb && vb == cell::color_bomb) {
        for (int i = 0; i < w * h; ++i) out.push_back(i);
    } else if (va == cell::color_bomb || vb == cell::color_bomb) {
        const std::int32_t other = va == cell::color_bomb ? vb : va;
        const int k = cell::color_of(other);
        const int type = cell::special_of(other);
        if (type != cell::plain)
            for (auto& c : board.cells)
                if (c >= 0 && cell::color_of(c) == k && cell::special_of(c) == cell::plain) c = cell::special(k, type);
        for (int i = 0; i < w * h; ++i)
            if (colour(board.cells[static_cast<std::size_t>(i)]) == k) out.push_back(i);
    } else {
        const int ta = cell::special_of(va), tb = cell::special_of(vb);
        const int bombs = (ta == cell::bomb) + (tb == cell::bomb);
        if (bombs == 0) rows_and_cols(w, h, tx, ty, 0, out);
        else if (bombs == 1) rows_and_cols(w, h, tx, ty, 1, out);
        else square(w, h, tx, ty, 2, out);
    }
    out.push_back(ia);
    out.push_back(ib);
}
}  // namespace

namespace {
// Whether the board has a run of K (3 or 4) by colour (pieces and specials), without marking it:
// neighbours compared cell against cell in branch-free loops the compiler vectorises. Most steps of a
// cascade's end find none.
template <int K>
bool any_run(const Board& board) {
    const int w = board.width, h = board.height;
    const std::int32_t* c = board.cells.data();
    auto same = [](std::int32_t p, std::int32_t q) { return static_cast<int>(q >= 0) & static_cast<int>(((p ^ q) & 0xff) == 0); };
    const int n = w * h;
    if (w >= K && n <= row_start_cells) return run_in_line<K>(c, w, h, same);
    for (int y = 0; y < h; ++y) {
        const std::int32_t* r = c + static_cast<std::ptrdiff_t>(y) * w;
        int any = 0;
        for (int x = 0; x + K <= w; ++x) {
            int run = r[x] >= 0;
            for (int j = 1; j < K; ++j) run &= same(r[x], r[x + j]);
            any |= run;
        }
        if (any) return true;
    }
    for (int y = 0; y + K <= h; ++y) {
        const std::int32_t* r = c + static_cast<std::ptrdiff_t>(y) * w;
        int any = 0;
        for (int x = 0; x < w; ++x) {
            int run = r[x] >= 0;
            for (int j = 1; j < K; ++j) run &= same(r[x], r[x + static_cast<std::ptrdiff_t>(j) * w]);
            any |= run;
        }
        if (any) return true;
    }
    return false;
}
}  // namespace

bool resolve_step(State& state, const Config& config, Mode mode, const FirstStep* first, Scratch& s, ojson* events,
                  int step, StepReport* report) {
    s.settled_after = false;
    Board& board = state.board;
    const int w = board.width, h = board.height;
    // Boards up to 12 x 24 (with a lock layer of their size): the byte rows' masks of the step's start.
    const Grid* lock_layer = state.lock ? &*state.lock : nullptr;
    const bool by_rows = !s.reference_steps && V2Rows::fits(w, h) &&
                         (!lock_layer || (lock_layer->width == w && lock_layer->height == h));
    RowRuns row_runs;
    if (by_rows) s.rows.load(board.cells.data(), w, h);
    if (!(first && first->combo)) {
        // Nothing to resolve (no run, no combo): said before any buffer is prepared (on byte rows,
        // for min_match 3, before the rows' links are made masks).
        bool none = false;
        if (by_rows) {
            none = config.min_match == 3 && !s.rows.run_of_three();
            if (!none) {
                s.rows.links();
                none = !run_starts(s.rows, w, h, config.min_match, row_runs);
            }
        } else {
            none = config.min_match == 3 ? !any_run<3>(state.board) : config.min_match == 4 ? !any_run<4>(state.board) : false;
        }
        if (none) {
            s.events_overflow = false;
            s.event_cells = 0;
            return false;
        }
    }
    if (by_rows) s.rows.load_cells(lock_layer ? lock_layer->cells.data() : nullptr);
    const int n = w * h;
    const auto nu = static_cast<std::size_t>(n);
    View v = view_of(state);
    const bool combo = first && first->combo;
    s.events_overflow = false;
    s.event_cells = 0;
    bool logging = events != nullptr;
    // Another copy of a fired line's row or column, or of a colour bomb's colour, adds nothing to the
    // set: without events it is skipped (a board full of specials fires thousands in one step).
    s.row_done.assign(static_cast<std::size_t>(h), 0);
    s.col_done.assign(static_cast<std::size_t>(w), 0);
    std::uint8_t colour_done = 0;
    auto over_budget = [&](std::size_t cells) {
        s.event_cells += cells;
        if (s.event_cells <= s.event_cell_budget) return false;
        logging = false;
        s.events_overflow = true;
        return true;
    };
    const int ia = first ? first->a.y * w + first->a.x : -1;
    const int ib = first ? first->b.y * w + first->b.x : -1;

    // 1. Runs and match groups (none in a combo's first step).
    std::vector<std::vector<int>>& groups = s.groups;
    if (!combo && by_rows) {  // run_starts found a run
        run_lengths(s.rows, w, h, config.min_match, row_runs, s);
        groups_from_rows(s.rows, w, h, row_runs, s);
    } else if (!combo) {
        if (!scan_runs(board, config.min_match, s)) return false;
        find_groups(board, s);
    } else {
        groups.clear();
        s.row_len.assign(nu, 0);
        s.col_len.assign(nu, 0);
    }
    const bool scoring = mode != Mode::start;
    // A cleared cell of a row run scores by the row run, else of a column run by the column run,
    // else (cleared by firing) the plain piece's points.
    auto cleared_points = [&s, spp = std::int64_t{config.score_per_piece}](std::size_t iu) {
        return s.row_len[iu] ? (s.row_len[iu] - 1) * spp : s.col_len[iu] ? (s.col_len[iu] - 1) * spp : spp;
    };

    // The most common colour at the start of the step (a colour bomb fired by another item takes it).
    int common = -1;
    int bombs = 0, crates = 0;  // counted branch-free (the loop vectorises)
    if (by_rows) {
        bombs = s.rows.any_bomb;
        crates = s.rows.any_crate;
    } else {
        for (const std::int32_t c : board.cells) {
            bombs += c == cell::color_bomb;
            crates += static_cast<std::uint32_t>(c - cell::crate(cell::max_crate_hp)) < static_cast<std::uint32_t>(cell::max_crate_hp);
        }
    }
    const bool any_bomb = bombs > 0, any_crate = crates > 0;
    // Exits are looked for only where an ingredient is on the board (a step brings none).
    const bool exits = !by_rows || s.rows.any_ingredient;
    if (any_bomb) {
        s.color_count.assign(static_cast<std::size_t>(config.colors) + 1, 0);
        for (std::int32_t c : board.cells)
            if (c >= 0 && cell::color_of(c) < config.colors) ++s.color_count[static_cast<std::size_t>(cell::color_of(c))];
    }
    for (int k = 0; any_bomb && k < config.colors; ++k)
        if (s.color_count[static_cast<std::size_t>(k)] > 0 &&
            (common < 0 || s.color_count[static_cast<std::size_t>(k)] > s.color_count[static_cast<std::size_t>(common)]))
            common = k;

    // 2. Specials to create, one per group at most.
    auto& created = s.created;
    created.clear();
    if (config.specials && mode != Mode::start) {
        for (const auto& g : groups) {
            bool has5 = false, has_row = false, has_col = false, has4 = false;
            for (int idx : g) {
                const auto iu = static_cast<std::size_t>(idx);
                has5 |= s.row_len[iu] >= 5 || s.col_len[iu] >= 5;
                has4 |= s.row_len[iu] == 4 || s.col_len[iu] == 4;
                has_row |= s.row_len[iu] > 0;
                has_col |= s.col_len[iu] > 0;
            }
            const int k = colour(board.cells[static_cast<std::size_t>(g.front())]);
            std::int32_t special = 0;
            std::vector<int>& candidates = s.candidates;
            candidates.clear();
            if (has5) {
                special = cell::color_bomb;
                for (int idx : g)
                    if (s.row_len[static_cast<std::size_t>(idx)] >= 5 || s.col_len[static_cast<std::size_t>(idx)] >= 5)
                        candidates.push_back(idx);
            } else if (has_row && has_col) {
                special = cell::special(k, cell::bomb);
                for (int idx : g)
                    if (s.row_len[static_cast<std::size_t>(idx)] > 0 && s.col_len[static_cast<std::size_t>(idx)] > 0)
                        candidates.push_back(idx);
            } else if (has4) {
                special = cell::special(k, has_row ? cell::line_v : cell::line_h);
                candidates.assign(g.begin(), g.end());
            } else {
                continue;
            }
            // Lowest (largest y), then leftmost.
            std::sort(candidates.begin(), candidates.end(), [w](int p, int q) {
                return p / w != q / w ? p / w > q / w : p % w < q % w;
            });
            std::vector<int>& order = s.order;
            order.clear();
            if (first) {
                if (std::binary_search(g.begin(), g.end(), ib)) order.push_back(ib);
                if (std::binary_search(g.begin(), g.end(), ia)) order.push_back(ia);
            }
            order.insert(order.end(), candidates.begin(), candidates.end());
            for (int idx : order)
                if (!v.locked(idx)) {
                    created.push_back({idx, special});
                    break;
                }
        }
    }

    // A step where nothing fires and no event or report is asked for (most steps of a bot's game):
    // the clear set is the groups' cells, each cleared by its run, and steps 3 to 6 reduce to
    // clearing them, hitting the crates beside them once each, scoring each cell by its run, the
    // jelly, the new specials, then 7 and 8 as below.
    if (!combo && !events && !report && !s.first_step_only) {
        bool plain = true;
        for (const auto& g : groups)
            for (int idx : g) plain &= !cell::is_special(board.cells[static_cast<std::size_t>(idx)]) && !v.locked(idx);
        if (plain) {
            std::vector<int>& cleared = s.cleared_cells;
            std::size_t total = 0;
            for (const auto& g : groups) total += g.size();
            cleared.resize(total);
            int* cleared_out = cleared.data();
            std::uint32_t cleared_rows[V2Rows::max_height + 2] = {};  // by rows: the cleared cells, row y at y + 1
            std::int64_t points = 0;
            for (const auto& g : groups)
                for (int idx : g) {
                    const auto iu = static_cast<std::size_t>(idx);
                    std::int32_t& c = board.cells[iu];
                    if (scoring) {
                        points += cleared_points(iu);
                        if (static_cast<std::size_t>(cell::color_of(c)) < state.collected.size())
                            ++state.collected[static_cast<std::size_t>(cell::color_of(c))];
                    }
                    c = cell::empty;
                    *cleared_out++ = idx;
                    if (by_rows) {  // the rows as the step leaves the board, for gravity_rows
                        s.rows.clear(idx % w, idx / w);
                        cleared_rows[idx / w + 1] |= 1u << (idx % w);
                    }
                }
            if (any_crate && by_rows) {
                // The same from the rows: the crates beside the cleared cells, each hit once.
                for (int y = 0; y < h; ++y) {
                    const std::uint32_t* c = cleared_rows + y + 1;
                    const std::uint32_t beside = c[0] << 1 | c[0] >> 1 | c[-1] | c[1];
                    for (std::uint32_t m = beside ? s.rows.crates(y) & beside : 0; m; m &= m - 1) {
                        const int x = __builtin_ctz(m);
                        std::int32_t& v = board.cells[static_cast<std::size_t>(y * w + x)];
                        const int left = cell::crate_hp(v) - 1;
                        v = left > 0 ? cell::crate(left) : cell::empty;
                        if (left <= 0) s.rows.crate_gone(x, y);
                    }
                }
            } else if (any_crate) {
                // Every crate next to a cleared cell loses one hit point, once a step however many
                // cleared neighbours it has (`hit` marks the neighbours seen). Only the cleared
                // cells' neighbours are visited, not the board (a cleared cell is never a crate).
                s.hit.assign(nu, 0);
                auto hit = [&](int idx) {
                    std::uint8_t& seen = s.hit[static_cast<std::size_t>(idx)];
                    if (seen) return;
                    seen = 1;
                    std::int32_t& c = board.cells[static_cast<std::size_t>(idx)];
                    if (!cell::is_crate(c)) return;
                    const int left = cell::crate_hp(c) - 1;
                    c = left > 0 ? cell::crate(left) : cell::empty;
                };
                for (int idx : cleared) {
                    const int x = idx % w, y = idx / w;
                    if (x > 0) hit(idx - 1);
                    if (x + 1 < w) hit(idx + 1);
                    if (y > 0) hit(idx - w);
                    if (y + 1 < h) hit(idx + w);
                }
            }
            std::int64_t jelly = 0;
            if (scoring && state.jelly)
                for (int idx : cleared) {
                    std::int32_t& layers = state.jelly->cells[static_cast<std::size_t>(idx)];
                    if (layers > 0) {
                        --layers;
                        ++jelly;
                    }
                }
            for (const auto& [idx, special] : created) {
                board.cells[static_cast<std::size_t>(idx)] = special;
                if (by_rows) s.rows.place(idx % w, idx / w);
            }
            state.score += points;
            s.cleared = static_cast<std::int64_t>(cleared.size());
            s.jelly = jelly;
            std::uint32_t fell = ~0u;  // the columns gravity_rows moved
            s.falls = by_rows ? gravity_rows(v, s.rows, fell) : gravity(v, nullptr, step);
            s.spawns = mode == Mode::lookahead ? 0 : by_rows ? refill_rows(v, config, state.rng, s.rows) : refill(v, config, state.rng, nullptr, step);
            if (exits) run_exits(state, config, mode, s, nullptr, step);
            // Every run's cells were cleared (none locked), and a special created on one keeps its
            // colour (or has none): with nothing fallen and nothing drawn the board has no run.
            s.settled_after = by_rows && fell == 0 && mode == Mode::lookahead && !exits;
            return true;
        }
    }

    // 3. The clear set, then the firing closure.
    s.in_set.assign(nu, 0);
    s.fired.assign(nu, 0);
    s.set_cells.clear();
    std::vector<int>& joining = s.joining;
    joining.clear();
    auto join = [&](int idx) {
        const auto iu = static_cast<std::size_t>(idx);
        if (s.in_set[iu]) return;
        s.in_set[iu] = 1;
        s.set_cells.push_back(idx);
        joining.push_back(idx);
    };
    ojson step_events;
    if (logging) step_events = ojson::array();
    if (combo) {
        std::vector<int>& area = s.combo_cells;
        area.clear();
        combo_area(board, ia, ib, area);
        for (int idx : area) join(idx);
        s.fired[static_cast<std::size_t>(ia)] = 1;  // consumed: they do not fire their own areas
        s.fired[static_cast<std::size_t>(ib)] = 1;
        if (logging && !over_budget(area.size()))
            step_events.push_back(ojson{{"type", "combo"}, {"step", step}, {"a", xy(ia, w)}, {"b", xy(ib, w)},
                                        {"area", sorted_cells_json(area, w)}});
    } else {
        for (const auto& g : groups)
            for (int idx : g) join(idx);
    }
    std::vector<int>& round = s.round;
    std::vector<int>& area = s.area;
    while (!joining.empty()) {
        round.clear();
        for (int idx : joining) {
            const std::int32_t c = board.cells[static_cast<std::size_t>(idx)];
            if ((cell::is_special(c) || c == cell::color_bomb) && !s.fired[static_cast<std::size_t>(idx)] && !v.locked(idx))
                round.push_back(idx);
        }
        joining.clear();
        std::sort(round.begin(), round.end());
        for (int idx : round) {
            s.fired[static_cast<std::size_t>(idx)] = 1;
            area.clear();
            const std::int32_t item = board.cells[static_cast<std::size_t>(idx)];
            if (!logging) {
                std::uint8_t* done = item == cell::color_bomb ? &colour_done
                                     : cell::special_of(item) == cell::line_h ? &s.row_done[static_cast<std::size_t>(idx / w)]
                                     : cell::special_of(item) == cell::line_v ? &s.col_done[static_cast<std::size_t>(idx % w)]
                                                                              : nullptr;
                if (done && *done) continue;  // its whole area is in the set already
                if (done) *done = 1;
            }
            own_area(board, idx, common, area);
            for (int a : area) join(a);
            if (logging && !over_budget(area.size()))
                step_events.push_back(ojson{{"type", "fired"}, {"step", step}, {"cell", xy(idx, w)},
                                            {"token", token(board.cells[static_cast<std::size_t>(idx)])},
                                            {"area", sorted_cells_json(area, w)}});
        }
    }

    // 4. Effects on each cell of the set, in cell order: read off the set's marks when the set is a
    // good part of the board, else sorted.
    if (s.set_cells.size() * 16 >= nu) {
        s.set_cells.resize(nu);
        int* out = s.set_cells.data();
        const std::uint8_t* in = s.in_set.data();
        std::size_t m = 0;
        for (int idx = 0; idx < n; ++idx) {  // no branch per cell
            out[m] = idx;
            m += in[idx] != 0;
        }
        s.set_cells.resize(m);
    } else {
        std::sort(s.set_cells.begin(), s.set_cells.end());
    }
    std::vector<int>& cleared = s.cleared_cells;
    std::vector<int>& unlocked = s.unlocked;
    std::vector<std::int32_t>& cleared_value = s.cleared_value;
    cleared.clear();
    unlocked.clear();
    cleared_value.clear();
    s.hit.assign(nu, 0);
    s.cleared_by_run.assign(nu, 0);
    for (int idx : s.set_cells) {
        const auto iu = static_cast<std::size_t>(idx);
        std::int32_t& c = board.cells[iu];
        if (can_be_locked(c) && v.locked(idx)) {
            state.lock->cells[iu] = 0;
            unlocked.push_back(idx);
        } else if (c >= 0 || c == cell::color_bomb) {
            cleared.push_back(idx);
            cleared_value.push_back(c);
            if (s.row_len[iu] || s.col_len[iu]) s.cleared_by_run[iu] = 1;
            c = cell::empty;
        } else if (cell::is_crate(c)) {
            s.hit[iu] = 1;
        }
    }
    for (int idx : cleared) {
        if (!s.cleared_by_run[static_cast<std::size_t>(idx)]) continue;
        const int x = idx % w, y = idx / w;
        const int nb[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
        for (const auto& p : nb)
            if (p[0] >= 0 && p[1] >= 0 && p[0] < w && p[1] < h && cell::is_crate(board.cells[static_cast<std::size_t>(p[1] * w + p[0])]))
                s.hit[static_cast<std::size_t>(p[1] * w + p[0])] = 1;
    }
    auto& crate_hits = s.crate_hits;
    crate_hits.clear();
    for (int idx = 0; any_crate && idx < n; ++idx) {
        if (!s.hit[static_cast<std::size_t>(idx)]) continue;
        std::int32_t& c = board.cells[static_cast<std::size_t>(idx)];
        const int left = cell::crate_hp(c) - 1;
        c = left > 0 ? cell::crate(left) : cell::empty;
        crate_hits.push_back({idx, left});
    }
    std::vector<int>& jelly_cells = s.jelly_cells;
    jelly_cells.clear();
    if (scoring && state.jelly)
        for (int idx : cleared) {
            std::int32_t& layers = state.jelly->cells[static_cast<std::size_t>(idx)];
            if (layers > 0) {
                --layers;
                jelly_cells.push_back(idx);
            }
        }

    // 5. New specials on their (now empty) cells.
    std::sort(created.begin(), created.end());
    for (const auto& [idx, special] : created) board.cells[static_cast<std::size_t>(idx)] = special;

    if (s.first_step_only) {
        if (report) {
            report->set = s.set_cells;
            report->cleared = cleared;
            report->created = created;
        }
        return true;
    }

    // 6. Score: runs walked over the cells actually cleared, then every other cleared cell.
    std::int64_t points = 0;
    std::vector<std::int64_t>& cell_points = s.cell_points;
    std::vector<std::uint8_t>& is_cleared = s.is_cleared;
    is_cleared.assign(nu, 0);
    for (int idx : cleared) is_cleared[static_cast<std::size_t>(idx)] = 1;
    if (scoring) {
        cell_points.assign(nu, -1);
        for (int idx : cleared) {
            const auto iu = static_cast<std::size_t>(idx);
            const std::int64_t p = cleared_points(iu);
            cell_points[iu] = p;
            points += p;
        }
        state.score += points;
        for (std::int32_t c : cleared_value)
            if (c >= 0 && static_cast<std::size_t>(cell::color_of(c)) < state.collected.size())
                ++state.collected[static_cast<std::size_t>(cell::color_of(c))];
    }

    if (logging) over_budget(cleared.size());
    if (logging) {
        for (int idx : unlocked) step_events.push_back(ojson{{"type", "unlocked"}, {"step", step}, {"cell", xy(idx, w)}});
        for (const auto& [idx, left] : crate_hits)
            step_events.push_back(ojson{{"type", "crate_hit"}, {"step", step}, {"cell", xy(idx, w)}, {"hp", left}});
        ojson clear{{"type", "clear"}, {"step", step}};
        std::vector<std::pair<std::vector<Cell>, std::int64_t>> listed;
        for (const auto& g : groups) {
            std::vector<Cell> cells;
            std::int64_t p = 0;
            for (int idx : g) {
                cells.push_back(Cell{idx % w, idx / w});
                if (scoring && cell_points[static_cast<std::size_t>(idx)] > 0 && is_cleared[static_cast<std::size_t>(idx)] &&
                    (s.row_len[static_cast<std::size_t>(idx)] || s.col_len[static_cast<std::size_t>(idx)]))
                    p += cell_points[static_cast<std::size_t>(idx)];
            }
            std::sort(cells.begin(), cells.end());
            listed.push_back({std::move(cells), p});
        }
        std::sort(listed.begin(), listed.end());
        ojson gj = ojson::array();
        for (auto& [cells, p] : listed) gj.push_back(ojson{{"cells", cells_json(cells)}, {"points", p}});
        clear["groups"] = std::move(gj);
        clear["cells"] = sorted_cells_json(cleared, w);
        clear["points"] = points;
        clear["jelly"] = sorted_cells_json(jelly_cells, w);
        step_events.push_back(std::move(clear));
        for (const auto& [idx, special] : created)
            step_events.push_back(ojson{{"type", "created"}, {"step", step}, {"cell", xy(idx, w)}, {"token", token(special)}});
    }
    if (report) {
        report->set = s.set_cells;
        report->cleared = cleared;
        report->created = created;
    }
    s.cleared = static_cast<std::int64_t>(cleared.size());
    s.jelly = static_cast<std::int64_t>(jelly_cells.size());

    // 7. Gravity and refill; 8. exits.
    ojson* ev = logging ? &step_events : nullptr;
    s.falls = gravity(v, ev, step);
    s.spawns = mode != Mode::lookahead ? refill(v, config, state.rng, ev, step) : 0;
    if (exits) run_exits(state, config, mode, s, ev, step);
    if (events && !s.events_overflow)
        for (auto& e : step_events) events->push_back(std::move(e));
    return true;
}

int run_exits(State& state, const Config& config, Mode mode, Scratch& s, ojson* events, int step) {
    View v = view_of(state);
    int total = 0;
    for (int round = 0; round <= v.w * v.h; ++round) {
        const int got = collect_exits(v, events, step);
        if (got == 0) break;
        total += got;
        s.falls += gravity(v, events, step);
        if (mode != Mode::lookahead) s.spawns += refill(v, config, state.rng, events, step);
    }
    state.ingredients += total;
    return total;
}

namespace {
// classify's tests of the two cells and their values: illegal or combo, or runs when only whether a
// run forms is left to decide.
SwapKind classify_values(const Board& board, const std::optional<Grid>& lock, Cell a, Cell b, std::string* why) {
    auto no = [&](const char* text) {
        if (why) *why = text;
        return SwapKind::illegal;
    };
    if (!board.contains(a) || !board.contains(b)) return no("a cell of the swap is outside the board");
    if (std::abs(a.x - b.x) + std::abs(a.y - b.y) != 1) return no("the two cells are not orthogonal neighbours");
    const std::int32_t va = board.at(a), vb = board.at(b);
    if (!is_item(va) || !is_item(vb))
        return no("only pieces, specials, colour bombs and ingredients can be swapped (not crates, blockers, holes or empty cells)");
    if (lock && (lock->at(a) != 0 || lock->at(b) != 0)) return no("a locked item cannot be swapped");
    if (va == cell::ingredient && vb == cell::ingredient) return no("two ingredients: the swap changes nothing");
    if (va == vb && va >= 0 && !cell::is_special(va)) return no("the two pieces have the same colour: the swap changes nothing");
    const bool bomb_a = va == cell::color_bomb, bomb_b = vb == cell::color_bomb;
    if ((bomb_a && (vb >= 0 || bomb_b)) || (bomb_b && va >= 0)) return SwapKind::combo;
    if (cell::is_special(va) && cell::is_special(vb)) return SwapKind::combo;
    return SwapKind::runs;
}
}  // namespace

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
bool legal_moves_bitboard(const Board& board, const std::optional<Grid>& lock, int min_match,
                          std::vector<CellPairMove>& out) {
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
    std::uint64_t* movable = plain_rows + static_cast<std::size_t>(colours) * stride;     // unlocked items
    std::uint64_t* ingredient = movable + stride;
    std::uint64_t* bomb = ingredient + stride;    // colour bombs
    std::uint64_t* special = bomb + stride;       // h, v, b specials
    std::uint64_t* piece = special + stride;      // pieces and specials
    std::uint64_t* in_run = piece + stride;       // cells in a run now
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
        for (int i = 0; i < n; ++i) items |= static_cast<std::uint32_t>(c[i] == cell::color_bomb) | static_cast<std::uint32_t>(c[i] == cell::ingredient);
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
        right[y] = (right[y] | combo_r | (same_right[y] & (in_run[y] | (in_run[y] >> 1)))) & m & (m >> 1) &
                   ~(ing & (ing >> 1));
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

int play_move(State& state, const Config& config, Cell a, Cell b, SwapKind kind, Scratch& scratch, ojson* events,
              Mode mode) {
    std::swap(state.board.at(a), state.board.at(b));
    ++state.moves;
    FirstStep first{a, b, kind == SwapKind::combo};
    int steps = 0;
    while (steps < max_cascade_steps) {
        if (!resolve_step(state, config, mode, steps == 0 ? &first : nullptr, scratch, events, steps + 1)) break;
        ++steps;
        if (scratch.settled_after) {  // the next step would find no run: what it leaves, without it
            scratch.settled_after = false;
            scratch.events_overflow = false;
            scratch.event_cells = 0;
            break;
        }
    }
    return steps;
}

namespace {
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
        const std::uint64_t area = (rows[0] & (0 - static_cast<std::uint64_t>(type == 0))) | (cols[0] & (0 - static_cast<std::uint64_t>(type == 1))) |
                                   (square & (0 - static_cast<std::uint64_t>(type == 2))) | (bomb_area & (0 - static_cast<std::uint64_t>(type == 3)));
        pm.hits[i] = area & ~(1ull << i);
    }
}

// The first step of a swap on a settled board whose runs hold no unlocked special, from the masks:
// the clears are the unlocked cells of the (at most four) runs through the two swapped cells (locked
// ones only lose their lock, and nothing fires), and each of its (at most two) groups creates its
// special on its swapped cell (never locked: it was swapped).
struct SettledFirst {
    std::uint32_t keys[64];  // the clears, x << 16 | y, unsorted
    int n = 0;
    RunThrough ta, tb;  // the runs through a (b's item, colour kb) and through b (a's item, colour ka)
    int ka = -1, kb = -1;
    SwapKind kind = SwapKind::illegal;  // what the two items make of the swap (classify_values)
    bool spans = false;                 // ta, tb, ka and kb are known (a move of runs on a settled board)
};
enum class Decided { illegal, legal, no };  // no: the caller plays the first step on a copy

// What classify says of the swap and, for a legal one, its first step, when the masks can tell.
// `masks_ready`: the caller has prepared the masks for this state (clear_counts, once for all moves).
Decided settled_first(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch, SettledFirst& f,
                      bool masks_ready = false) {
    const SwapKind by_values = classify_values(state.board, state.lock, a, b, nullptr);
    f.kind = by_values;
    if (by_values == SwapKind::illegal) return Decided::illegal;
    if (by_values == SwapKind::combo) return Decided::no;
    if (!masks_ready) prepare_masks(state, config.min_match, scratch);
    const Scratch::PreviewMasks& pm = scratch.masks;
    if (!pm.fits || !pm.settled) return Decided::no;
    const Board& board = state.board;
    const int w = board.width, h = board.height;
    const std::int32_t va = board.at(a), vb = board.at(b);
    f.ka = colour(va);
    f.kb = colour(vb);
    if (f.ka >= 0 && f.ka == f.kb) return Decided::no;  // a special and a piece of one colour
    const auto hs = static_cast<std::size_t>(h);
    f.tb = f.ta = RunThrough{};
    if (f.ka >= 0) f.tb = run_through(pm.colour_rows.data() + static_cast<std::size_t>(f.ka) * hs, h, config.min_match, a, b);
    if (f.kb >= 0) f.ta = run_through(pm.colour_rows.data() + static_cast<std::size_t>(f.kb) * hs, h, config.min_match, b, a);
    f.spans = true;
    const int count = f.tb.row + f.tb.col + f.ta.row + f.ta.col;
    if (count == 0) return Decided::illegal;  // the board is settled: only a run through a or b could form
    if (count > 64) return Decided::no;
    // A swapped special (unlocked: it was swapped) in a run of its own colour fires: masks_first or the
    // stepped path plays the move (known before walking the runs' cells).
    if ((cell::is_special(va) && f.tb.row + f.tb.col) || (cell::is_special(vb) && f.ta.row + f.ta.col)) return Decided::no;
    int n = 0;
    bool plain = true;
    const std::int32_t* locks = state.lock ? state.lock->cells.data() : nullptr;
    auto add = [&](Cell at, const RunThrough& t) {
        auto put = [&](int x, int y) {
            const int idx = y * w + x;
            // A locked item loses its lock and stays (not a clear, and it does not fire); an unlocked
            // special would fire (the stepped path then handles the move).
            if (locks && locks[idx] != 0) return;
            const std::int32_t v = x == a.x && y == a.y ? vb : x == b.x && y == b.y ? va : board.cells[static_cast<std::size_t>(idx)];
            plain &= !cell::is_special(v);  // run cells hold pieces or specials
            f.keys[n++] = static_cast<std::uint32_t>(x) << 16 | static_cast<std::uint32_t>(y);
        };
        for (int x = t.x0; x < t.x0 + t.row; ++x) put(x, at.y);
        for (int y = t.y0; y < t.y0 + t.col; ++y)
            if (y != at.y || !t.row) put(at.x, y);
    };
    add(b, f.tb);
    add(a, f.ta);
    if (!plain) return Decided::no;
    f.n = n;
    return Decided::legal;
}

// Step 2 on a settled board: each of the (at most two) groups, one colour with at most one row and
// one column run, both through the swapped cell it holds, creates its special on that cell (the
// target, or the other swapped cell for the other group; never locked: it was swapped).
void settled_creates(const Config& config, Cell a, Cell b, const SettledFirst& f, Preview& p) {
    p.creates.clear();
    if (!config.specials) return;
    auto create = [&](Cell at, const RunThrough& t, int k) {
        if (!t.row && !t.col) return;
        std::int32_t special;
        if (t.row >= 5 || t.col >= 5) special = cell::color_bomb;
        else if (t.row && t.col) special = cell::special(k, cell::bomb);
        else if (t.row == 4) special = cell::special(k, cell::line_v);
        else if (t.col == 4) special = cell::special(k, cell::line_h);
        else return;
        p.creates.push_back({at, special});
    };
    create(b, f.tb, f.ka);
    create(a, f.ta, f.kb);
    std::sort(p.creates.begin(), p.creates.end());
}

void fill_settled(const Config& config, Cell a, Cell b, SettledFirst& f, Preview& p) {
    std::uint32_t* keys = f.keys;
    const int n = f.n;
    for (int i = 1; i < n; ++i) {
        const std::uint32_t key = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > key; --j) keys[j] = keys[j - 1];
        keys[j] = key;
    }
    p.combo = false;
    p.clears.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        p.clears[static_cast<std::size_t>(i)] = Cell{static_cast<int>(keys[i] >> 16), static_cast<int>(keys[i] & 0xffff)};
    settled_creates(config, a, b, f, p);
}

// The first step of a move that settled_first leaves to the stepped path (a special, a colour bomb or a
// locked cell in its runs, a combo), from row masks when the board fits them: the runs through the two
// swapped cells (a settled board) or the combo's area, then the firing closure (docs/match3.md "Format
// version 2", step 3: every unlocked special or colour bomb of the set fires once, the swapped items of
// a combo never), then step 4's cleared cells (the unlocked pieces, specials and colour bombs of the
// set). `count` gets how many are cleared and `p`, when given, the preview. `no` where it does not
// apply (a board the masks do not fit, runs on a board that has some already, a special and a piece of
// one colour swapped): the stepped path plays those. The caller has prepared the masks and asked
// settled_first, whose `f` (the swap's kind and, for runs, their spans) it goes on from.
Decided masks_first(const State& state, const Config& config, Cell a, Cell b, Scratch& s, const SettledFirst& f,
                    int& count, Preview* p) {
    using PM = Scratch::PreviewMasks;
    const SwapKind kind = f.kind;
    if (kind == SwapKind::illegal) return Decided::illegal;
    PM& pm = s.masks;
    if (!pm.fits || (kind == SwapKind::runs && !f.spans)) return Decided::no;
    if (kind == SwapKind::runs && f.tb.row + f.tb.col + f.ta.row + f.ta.col == 0) return Decided::illegal;  // settled: no other run
    const Board& board = state.board;
    const int w = board.width, h = board.height;
    constexpr int max_rows = 64;  // the masks below live on the stack, and a word of rows says which fire
    if (h > max_rows) return Decided::no;
    prepare_fire_masks(state, pm);
    const int colours = pm.colours;
    if (colours > config.colors) return Decided::no;  // a piece the level's colours do not have
    const std::int32_t va = board.at(a), vb = board.at(b);  // after the swap: vb on a, va on b
    const bool bomb_a = va == cell::color_bomb, bomb_b = vb == cell::color_bomb;
    const bool bomb_colour = kind == SwapKind::combo && bomb_a != bomb_b;  // colour bomb + piece or special
    if (bomb_colour && cell::color_of(bomb_a ? vb : va) >= colours) return Decided::no;
    // Colour bomb + special turns the colour's plain pieces into specials first (below).
    const bool converts = bomb_colour && cell::special_of(bomb_a ? vb : va) != cell::plain;
    const bool by_items = pm.items >= 0;
    const auto hs = static_cast<std::size_t>(h);
    const std::uint64_t row_mask = w == 64 ? ~0ull : (1ull << w) - 1;
    const std::uint64_t bit_a = 1ull << a.x, bit_b = 1ull << b.x;
    const auto ya = static_cast<std::size_t>(a.y), yb = static_cast<std::size_t>(b.y);
    std::uint64_t* const fire = pm.fire.data();
    // set |= a colour's pieces and specials as the swap leaves them (rows a and b patched).
    auto add_colour = [&](std::uint64_t* set, int k) {
        const std::uint64_t* m = pm.colour_rows.data() + static_cast<std::size_t>(k) * hs;
        const std::uint64_t flip = ((m[ya] >> a.x) ^ (m[yb] >> b.x)) & 1u;
        std::uint64_t wa = m[ya] ^ (flip << a.x), wb = m[yb] ^ (flip << b.x);
        if (ya == yb) wa = wb = m[ya] ^ (flip << a.x) ^ (flip << b.x);
        const std::uint64_t sa = set[ya], sb = set[yb];
        for (std::size_t y = 0; y < hs; ++y) set[y] |= m[y];
        set[ya] = sa | wa;
        set[yb] = sb | wb;
    };
    // The set has a spare word above and below (a bomb's square spreads into them, unread). A combo's
    // two swapped items are in it from the start, and never fire (they are consumed).
    std::uint64_t set_rows[max_rows + 2];
    std::uint64_t* set = set_rows + 1;
    std::fill(set_rows, set_rows + hs + 2, 0);
    if (kind == SwapKind::combo) {
        set[ya] |= bit_a;
        set[yb] |= bit_b;
    }
    if (kind == SwapKind::runs) {  // the runs through the swapped cells, as settled_first found them
        auto add_runs = [&](Cell at, const RunThrough& t) {
            if (t.row) set[static_cast<std::size_t>(at.y)] |= (t.row >= 64 ? ~0ull : (1ull << t.row) - 1) << t.x0;
            for (int y = t.y0; y < t.y0 + t.col; ++y) set[static_cast<std::size_t>(y)] |= 1ull << at.x;
        };
        add_runs(b, f.tb);
        add_runs(a, f.ta);
    } else if (bomb_a && bomb_b) {  // the combo's area, centred on the target b
        std::fill(set, set + hs, row_mask);
    } else if (bomb_colour) {
        add_colour(set, cell::color_of(bomb_a ? vb : va));
    } else {
        auto columns_within = [&](int radius) {
            std::uint64_t cols = 0;
            for (int x = std::max(0, b.x - radius); x <= std::min(w - 1, b.x + radius); ++x) cols |= 1ull << x;
            return cols;
        };
        const int radius_bombs = (cell::special_of(va) == cell::bomb) + (cell::special_of(vb) == cell::bomb);
        if (radius_bombs < 2) {  // the rows and columns through the target (and its neighbours)
            const std::uint64_t cols = columns_within(radius_bombs);
            for (int y = 0; y < h; ++y)
                set[static_cast<std::size_t>(y)] |= y >= b.y - radius_bombs && y <= b.y + radius_bombs ? row_mask : cols;
        } else {  // bomb + bomb: the 5x5 square
            const std::uint64_t cols = columns_within(2);
            for (int y = std::max(0, b.y - 2); y <= std::min(h - 1, b.y + 2); ++y) set[static_cast<std::size_t>(y)] |= cols;
        }
    }
    // Step 3, the firing closure: every unlocked special or colour bomb of the set fires once (a
    // colour bomb fired by another item takes the most common colour of the step's start, ties the
    // lowest, none only its own cell), until no item of the set is left to fire. What fires does not
    // depend on the order, so the set is the first one's union with the areas of every item that fires.
    const int common = pm.common;
    std::uint64_t full_rows = 0, cols = 0;  // by the items: rows and columns that fired lines clear
    std::uint64_t columns = 0;              // the columns of the cleared cells
    if (by_items) {
        // On the board's items: those in the set fire, then those their areas hold, and so on (each
        // item's area's items are the board's `hits`); then their areas join the set. The swap moves at
        // most one item in a move of runs (two would be a combo): its cell and what it holds and what
        // holds it are taken for its new cell. A combo's swapped items are not taken.
        const int m = pm.items;
        auto item_at = [&](Cell c) {
            const std::uint64_t any = fire[static_cast<std::size_t>(c.y) * PM::fire_words + PM::fire_any];
            const std::uint64_t bit = 1ull << c.x;
            return any & bit ? __builtin_ctzll(pm.row_items[c.y + 1]) + popcount64(any & (bit - 1)) : -1;
        };
        const int at_a = item_at(a), at_b = item_at(b);
        std::uint64_t out = 0;  // items that cannot fire
        int moved = -1, mx = 0, my = 0;
        std::uint64_t moved_bit = 0, moved_hits = 0, moved_hit_by = 0;
        if (kind == SwapKind::combo) {
            out = (at_a >= 0 ? 1ull << at_a : 0) | (at_b >= 0 ? 1ull << at_b : 0);
        } else if (at_a >= 0 || at_b >= 0) {
            moved = at_a >= 0 ? at_a : at_b;
            const Cell to = at_a >= 0 ? b : a;
            mx = to.x;
            my = to.y;
            moved_bit = 1ull << moved;
            const std::uint64_t* row_at = pm.row_items + my + 1;  // the items of its new row and column
            const std::uint64_t* column_at = pm.col_items + mx + 1;
            const std::uint64_t square = (row_at[-1] | row_at[0] | row_at[1]) & (column_at[-1] | column_at[0] | column_at[1]);
            switch (pm.item_type[moved]) {
            case 0: moved_hits = row_at[0]; break;
            case 1: moved_hits = column_at[0]; break;
            default: moved_hits = square; break;  // a special: no colour bomb moves in a move of runs
            }
            moved_hits &= ~moved_bit;
            moved_hit_by = ((pm.type_items[0] & row_at[0]) | (pm.type_items[1] & column_at[0]) | (pm.type_items[2] & square) |
                            ((pm.common_items & moved_bit) != 0 && common >= 0 ? pm.type_items[3] : 0)) & ~moved_bit;
        }
        auto item_x = [&](int i) { return i == moved ? mx : pm.item_x[i]; };
        auto item_y = [&](int i) { return i == moved ? my : pm.item_y[i]; };
        std::uint64_t lines_reach = 0;  // the board's items on rows and columns the converted pieces fire
        if (converts) {
            // Colour bomb + special: every unlocked plain piece of the colour (the set less its items,
            // its locked cells and the two swapped cells, which never fire) becomes a special of the
            // swapped one's type and fires with the rest: its row, its column or its square (those
            // pieces are not the board's items; their areas join the set, and the items they hold
            // fire). Played in the rounds below, these moves would cost about twice as much
            // (docs/match3.md "Speed").
            const int type = cell::special_of(bomb_a ? vb : va);
            std::uint64_t pieces[max_rows + 2];
            for (std::size_t y = 0; y < hs; ++y) {
                const std::uint64_t* row = fire + y * PM::fire_words;
                pieces[y] = set[y] & ~(row[PM::fire_h] | row[PM::fire_v] | row[PM::fire_b] | row[PM::locked]);
            }
            pieces[ya] &= ~bit_a;
            pieces[yb] &= ~bit_b;
            if (type == cell::line_h) {
                for (std::size_t y = 0; y < hs; ++y) full_rows |= static_cast<std::uint64_t>(pieces[y] != 0) << y;
                for (std::uint64_t r = full_rows; r; r &= r - 1) lines_reach |= pm.row_items[__builtin_ctzll(r) + 1];
            } else if (type == cell::line_v) {
                for (std::size_t y = 0; y < hs; ++y) cols |= pieces[y];
                for (std::uint64_t c = cols; c; c &= c - 1) lines_reach |= pm.col_items[__builtin_ctzll(c) + 1];
            } else {
                for (std::size_t y = 0; y < hs; ++y) {
                    const std::uint64_t spread = (pieces[y] | pieces[y] << 1 | pieces[y] >> 1) & row_mask;
                    set[static_cast<std::ptrdiff_t>(y) - 1] |= spread;  // row -1 is padding: a signed index
                    set[y] |= spread;
                    set[y + 1] |= spread;
                }
            }
        }
        std::uint64_t reach = lines_reach;
        for (int i = 0; i < m; ++i) reach |= (set[pm.item_y[i]] >> pm.item_x[i] & 1u) << i;
        if (moved >= 0) reach = (reach & ~moved_bit) | (set[my] >> mx & 1u) << moved;
        reach &= ~out;
        for (std::uint64_t frontier = reach; frontier;) {
            std::uint64_t next = 0;
            for (std::uint64_t rest = frontier & ~moved_bit; rest; rest &= rest - 1) next |= pm.hits[__builtin_ctzll(rest)];
            if (moved >= 0) next = (next & ~moved_bit) | (frontier & moved_bit ? moved_hits : 0) | (frontier & moved_hit_by ? moved_bit : 0);
            frontier = next & ~reach & ~out;
            reach |= frontier;
        }
        for (std::uint64_t r = reach; r; r &= r - 1) {
            const int i = __builtin_ctzll(r);
            const int type = pm.item_type[i];
            const int y = item_y(i);
            const std::uint64_t bit = 1ull << item_x(i);
            full_rows |= static_cast<std::uint64_t>(type == 0) << y;
            cols |= bit & (0 - static_cast<std::uint64_t>(type == 1));
            const std::uint64_t square = (bit | bit << 1 | bit >> 1) & row_mask & (0 - static_cast<std::uint64_t>(type == 2));
            set[y - 1] |= square;
            set[y] |= square;
            set[y + 1] |= square;
        }
        if (reach & pm.type_items[3] && common >= 0) add_colour(set, common);
    } else {
        // Boards with more than 64 items that fire, in rounds on the rows: the items of the set that
        // have not fired fire (found by a branch-free pass, then only those rows visited). The masks
        // as the swap leaves them: in a move of runs the bits of a and b exchanged in place in each
        // row's words (both flip when they differ; the lock layer stays), and back before returning;
        // a combo's swapped items never fire and both are cleared, so their bits need no exchange.
        std::uint64_t* const row_a = fire + ya * PM::fire_words;
        std::uint64_t* const row_b = fire + yb * PM::fire_words;
        auto exchange = [&] {
            for (std::size_t k = 0; k < PM::swapped_words; ++k) {
                const std::uint64_t flip = ((row_a[k] >> a.x) ^ (row_b[k] >> b.x)) & 1u;
                row_a[k] ^= flip << a.x;
                row_b[k] ^= flip << b.x;
            }
        };
        if (kind == SwapKind::runs) exchange();
        const std::uint64_t* H = fire + PM::fire_h;  // row y: H[y * fire_words]
        const std::uint64_t* V = fire + PM::fire_v;
        const std::uint64_t* B = fire + PM::fire_b;
        const std::uint64_t* bombs = fire + PM::fire_bomb;
        const std::uint64_t* F = fire + PM::fire_any;
        std::size_t stride = PM::fire_words;
        std::uint64_t converted[max_rows * 5];
        if (converts) {
            // Every plain piece of the colour becomes a special of that type first: the unlocked ones
            // fire with it (the locked ones only lose their lock), in copies of the fire masks. The set
            // holds exactly the colour's pieces (with a and b, which never fire).
            const int type = cell::special_of(bomb_a ? vb : va);
            const std::size_t t = type == cell::line_h ? 0 : type == cell::line_v ? 1 : 2;
            for (std::size_t y = 0; y < hs; ++y) {
                const std::uint64_t* row = fire + y * PM::fire_words;
                std::uint64_t m[3] = {row[PM::fire_h], row[PM::fire_v], row[PM::fire_b]};
                m[t] |= set[y] & ~(m[0] | m[1] | m[2]) & ~row[PM::locked];
                converted[y * 5 + 0] = m[0];
                converted[y * 5 + 1] = m[1];
                converted[y * 5 + 2] = m[2];
                converted[y * 5 + 3] = row[PM::fire_bomb];
                converted[y * 5 + 4] = m[0] | m[1] | m[2] | row[PM::fire_bomb];
            }
            H = converted;
            V = converted + 1;
            B = converted + 2;
            bombs = converted + 3;
            F = converted + 4;
            stride = 5;
        }
        std::uint64_t fired[max_rows], fresh[max_rows];
        std::fill(fired, fired + hs, 0);
        if (kind == SwapKind::combo) {  // a combo's two swapped items
            fired[ya] |= bit_a;
            fired[yb] |= bit_b;
        }
        bool common_in = false;
        for (;;) {
            std::uint64_t rows = 0;
            for (std::size_t y = 0; y < hs; ++y) {
                const std::uint64_t fr = set[y] & F[y * stride] & ~fired[y];
                fresh[y] = fr;
                rows |= static_cast<std::uint64_t>(fr != 0) << y;
            }
            if (!rows) break;
            std::uint64_t fired_cols = 0, bomb_hit = 0;
            do {
                const auto y = static_cast<std::size_t>(__builtin_ctzll(rows));
                rows &= rows - 1;
                const std::uint64_t fr = fresh[y];
                fired[y] |= fr;
                set[y] |= (0 - static_cast<std::uint64_t>((fr & H[y * stride]) != 0)) & row_mask;
                fired_cols |= fr & V[y * stride];
                const std::uint64_t square = fr & B[y * stride];
                const std::uint64_t spread = (square | square << 1 | square >> 1) & row_mask;
                set[static_cast<std::ptrdiff_t>(y) - 1] |= spread;  // row -1 is padding: a signed index
                set[y] |= spread;
                set[y + 1] |= spread;
                bomb_hit |= fr & bombs[y * stride];
            } while (rows);
            for (std::size_t y = 0; y < hs; ++y) set[y] |= fired_cols;
            if (bomb_hit && common >= 0 && !common_in) {
                common_in = true;
                add_colour(set, common);
            }
        }
        for (std::size_t y = 0; y < hs; ++y) {
            set[y] &= fire[y * PM::fire_words + PM::clear_free];
            columns |= set[y];
        }
        if (kind == SwapKind::runs) exchange();  // the board's masks as they were
    }
    // Step 4: what the set clears (as the swap left the board: the clearable cells move with it; the
    // locked ones only lose their lock). The rounds above have done it; by the items, the cells of a
    // move of runs take the other swapped item's clearability (both are unlocked: they were swapped).
    if (by_items) {
        auto with_lines = [&](std::size_t y) { return set[y] | ((0 - (full_rows >> y & 1u)) & row_mask) | cols; };
        const std::uint64_t sa = with_lines(ya), sb = with_lines(yb);
        for (std::size_t y = 0; y < hs; ++y) {
            set[y] = with_lines(y) & fire[y * PM::fire_words + PM::clear_free];
            columns |= set[y];
        }
        if (kind == SwapKind::runs) {
            auto clearable = [](std::int32_t v) { return v >= 0 || v == cell::color_bomb; };
            const std::uint64_t on_a = clearable(vb) ? bit_a : 0, on_b = clearable(va) ? bit_b : 0;
            set[ya] = (set[ya] & ~bit_a) | (sa & on_a);
            set[yb] = (set[yb] & ~bit_b) | (sb & on_b);  // (sb is sa when they share a row)
            columns |= set[ya] | set[yb];
        }
    }
    if (!p) {
        int n = 0;
        for (std::size_t y = 0; y < hs; ++y) n += popcount64(set[y]);
        count = n;
        return Decided::legal;
    }
    p->combo = kind == SwapKind::combo;
    // By column, then row, into the masks' buffer (a board's cells and eight more), written without a
    // branch per cell: every cell of a column that has one is written, and the next one overwrites
    // it unless it is in the set.
    Cell* const cells = pm.cells.data();
    Cell* out = cells;
    if (w <= 16 && h <= 16 && std::endian::native == std::endian::little) {
        // Boards up to 16 x 16: the rows as 16-bit lanes, four rows to a word, so that a column's
        // bits in four rows are four bits 16 apart, which one multiplication gathers (bit dy: row
        // y0 + dy). Each column's bits are then written four rows at a time from a table of the
        // nibble's cells (Cell{0, dy} for each of its bits), offset by (x, y0): four cells stored
        // whatever the nibble, the next four written over those past its count (the buffer has a
        // board's cells and eight more).
        static_assert(sizeof(Cell) == sizeof(std::uint64_t) && sizeof(int) == sizeof(std::uint32_t));
        using u64x2 = std::uint64_t __attribute__((vector_size(16)));  // two cells
        struct Nibbles {
            u64x2 cells[16][2];  // up to four Cell{0, dy}: dy in the high half
            std::uint8_t count[16];
        };
        static constexpr Nibbles nibbles = [] {
            Nibbles t{};
            for (unsigned m = 0; m < 16; ++m) {
                std::uint64_t cells[4] = {0, 0, 0, 0};
                unsigned k = 0;
                for (unsigned dy = 0; dy < 4; ++dy)
                    if (m >> dy & 1u) cells[k++] = static_cast<std::uint64_t>(dy) << 32;
                t.cells[m][0] = u64x2{cells[0], cells[1]};
                t.cells[m][1] = u64x2{cells[2], cells[3]};
                t.count[m] = static_cast<std::uint8_t>(k);
            }
            return t;
        }();
        const int groups = (h + 3) / 4;
        std::uint64_t packed[4] = {0, 0, 0, 0};
        for (int y = 0; y < h; ++y) packed[y >> 2] |= set[y] << (16 * (y & 3));
        // Every column and every nibble of the board's rows is written, whether the set has cells
        // there or not (an empty nibble stores four cells and moves on by none): the loops' trip
        // counts are the board's, the same for every move. Trimming them to the set's columns and
        // rows would make each loop's end depend on the move, and those mispredictions cost more
        // than the stores they save (bench_match3 v2; docs/match3.md "Speed").
        const u64x2 next_group = {4ull << 32, 4ull << 32};
        for (int x = 0; x < w; ++x) {
            u64x2 at = {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x)};  // the group's (x, y0) twice
            for (int g = 0; g < groups; ++g) {
                // Bits x, x + 16, x + 32, x + 48 to bits 48..51 (the other partial products fall
                // below bit 48 or past bit 63).
                const auto nibble = static_cast<std::size_t>((packed[g] >> x & 0x0001000100010001ull) * 0x0001000200040008ull >> 48);
                const u64x2 first = nibbles.cells[nibble][0] + at, second = nibbles.cells[nibble][1] + at;
                std::memcpy(static_cast<void*>(out), &first, sizeof first);
                std::memcpy(static_cast<void*>(out + 2), &second, sizeof second);
                out += nibbles.count[nibble];
                at += next_group;
            }
        }
        columns = 0;
    }
    while (columns) {
        const int x = __builtin_ctzll(columns);
        columns &= columns - 1;
        if constexpr (std::endian::native == std::endian::little) {
            // Cell{x, y} as one 64-bit store: x in the low half, y counting in the high one.
            static_assert(sizeof(Cell) == sizeof(std::uint64_t) && sizeof(int) == sizeof(std::uint32_t));
            std::uint64_t xy = static_cast<std::uint32_t>(x);
            for (std::size_t y = 0; y < hs; ++y) {
                *out = std::bit_cast<Cell>(xy);
                out += set[y] >> x & 1u;
                xy += 1ull << 32;
            }
        } else {
            for (int y = 0; y < h; ++y) {
                *out = Cell{x, y};
                out += set[static_cast<std::size_t>(y)] >> x & 1u;
            }
        }
    }
    count = static_cast<int>(out - cells);
    p->clears.assign(cells, out);
    if (kind == SwapKind::runs) settled_creates(config, a, b, f, *p);
    else p->creates.clear();
    return Decided::legal;
}
}  // namespace

namespace {
// The first step of a legal move of `kind`, played on the scratch's copy of the state, into p.
void preview_stepped(const State& state, const Config& config, Cell a, Cell b, SwapKind kind, Scratch& scratch, Preview& p) {
    State& trial = scratch.trial;
    trial.board = state.board;
    trial.lock = state.lock;
    trial.jelly.reset();
    trial.score = 0;
    trial.ingredients = 0;
    trial.collected.assign(static_cast<std::size_t>(config.colors), 0);
    std::swap(trial.board.at(a), trial.board.at(b));
    FirstStep first{a, b, kind == SwapKind::combo};
    scratch.first_step_only = true;
    resolve_step(trial, config, Mode::lookahead, &first, scratch, nullptr, 1, nullptr);
    scratch.first_step_only = false;
    // What the step cleared and created stays in the scratch's buffers (no report copies).
    p.combo = first.combo;
    // The cleared cells come in row-major order; the preview lists them by column, then row: a
    // counting sort on the column keeps each column's cells in row order.
    const int w = state.board.width;
    const std::vector<int>& cleared = scratch.cleared_cells;
    std::vector<int>& start = scratch.column_start;
    start.assign(static_cast<std::size_t>(w) + 1, 0);
    for (int idx : cleared) ++start[static_cast<std::size_t>(idx % w) + 1];
    for (int x = 0; x < w; ++x) start[static_cast<std::size_t>(x) + 1] += start[static_cast<std::size_t>(x)];
    p.clears.resize(cleared.size());
    for (int idx : cleared) p.clears[static_cast<std::size_t>(start[static_cast<std::size_t>(idx % w)]++)] = Cell{idx % w, idx / w};
    p.creates.clear();
    for (const auto& [idx, special] : scratch.created) p.creates.push_back({Cell{idx % w, idx / w}, special});
    std::sort(p.creates.begin(), p.creates.end());
}
}  // namespace

bool preview(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch, Preview& out) {
    SettledFirst f;
    prepare_masks(state, config.min_match, scratch);
    switch (settled_first(state, config, a, b, scratch, f, true)) {
        case Decided::illegal: return false;
        case Decided::legal: fill_settled(config, a, b, f, out); return true;
        case Decided::no: break;
    }
    int cleared = 0;
    switch (masks_first(state, config, a, b, scratch, f, cleared, &out)) {
        case Decided::illegal: return false;
        case Decided::legal: return true;
        case Decided::no: break;
    }
    const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
    if (kind == SwapKind::illegal) return false;
    preview_stepped(state, config, a, b, kind, scratch, out);
    return true;
}

std::optional<Preview> preview(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch) {
    Preview p;
    if (!preview(state, config, a, b, scratch, p)) return std::nullopt;
    return p;
}

void clear_counts(const State& state, const Config& config, const std::vector<CellPairMove>& moves, Scratch& scratch,
                  std::vector<std::size_t>& counts) {
    counts.resize(moves.size());
    prepare_masks(state, config.min_match, scratch);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        SettledFirst f;
        const Cell a = moves[i].a, b = moves[i].b;
        switch (settled_first(state, config, a, b, scratch, f, true)) {
            case Decided::illegal: counts[i] = 0; continue;
            case Decided::legal: counts[i] = static_cast<std::size_t>(f.n); continue;
            case Decided::no: break;
        }
        int cleared = 0;
        switch (masks_first(state, config, a, b, scratch, f, cleared, nullptr)) {
            case Decided::illegal: counts[i] = 0; continue;
            case Decided::legal: counts[i] = static_cast<std::size_t>(cleared); continue;
            case Decided::no: break;
        }
        // The stepped path plays on the scratch's trial, never on the masks: they stay this state's.
        const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
        if (kind == SwapKind::illegal) {
            counts[i] = 0;
            continue;
        }
        preview_stepped(state, config, a, b, kind, scratch, scratch.count_preview);
        counts[i] = scratch.count_preview.clears.size();
    }
}

std::optional<std::size_t> clear_count(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch) {
    SettledFirst f;
    prepare_masks(state, config.min_match, scratch);
    switch (settled_first(state, config, a, b, scratch, f, true)) {
        case Decided::illegal: return std::nullopt;
        case Decided::legal: return static_cast<std::size_t>(f.n);
        case Decided::no: break;
    }
    int cleared = 0;
    switch (masks_first(state, config, a, b, scratch, f, cleared, nullptr)) {
        case Decided::illegal: return std::nullopt;
        case Decided::legal: return static_cast<std::size_t>(cleared);
        case Decided::no: break;
    }
    const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
    if (kind == SwapKind::illegal) return std::nullopt;
    Preview& p = scratch.count_preview;
    preview_stepped(state, config, a, b, kind, scratch, p);
    return p.clears.size();
}

std::optional<Preview> preview_plain(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch) {
    const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
    if (kind == SwapKind::illegal) return std::nullopt;
    Preview p;
    preview_stepped(state, config, a, b, kind, scratch, p);
    return p;
}

void draw_random_pieces(Board& board, const Config& config, Rng& rng) {
    const int need = std::max(config.min_match - 1, 1);
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            if (board.at(x, y) != cell::random) continue;
            auto line_colour = [&](int dx, int dy) -> int {
                if (x - dx * need < 0 || y - dy * need < 0) return -1;
                const int k = colour(board.at(x - dx, y - dy));
                if (k < 0) return -1;
                for (int i = 2; i <= need; ++i)
                    if (colour(board.at(x - dx * i, y - dy * i)) != k) return -1;
                return k;
            };
            const int left = line_colour(1, 0), up = line_colour(0, 1);
            std::vector<int> allowed;
            for (int k = 0; k < config.colors; ++k)
                if (k != left && k != up) allowed.push_back(k);
            if (allowed.empty())
                board.at(x, y) = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(config.colors)));
            else
                board.at(x, y) = allowed[rng.uniform(static_cast<std::uint32_t>(allowed.size()))];
        }
}

State start_state(const Level& level) {
    const Config config = Config::of(level);
    State s;
    s.board = level.board;
    s.rng = Rng(level.seed);
    draw_random_pieces(s.board, config, s.rng);
    if (level.jelly && level.jelly->width == level.width() && level.jelly->height == level.height()) s.jelly = level.jelly;
    if (level.lock && level.lock->width == level.width() && level.lock->height == level.height()) s.lock = level.lock;
    s.collected.assign(static_cast<std::size_t>(config.colors), 0);
    Scratch scratch;
    run_exits(s, config, Mode::start, scratch, nullptr, 0);
    for (int step = 0; step < max_cascade_steps; ++step)
        if (!resolve_step(s, config, Mode::start, nullptr, scratch, nullptr, step + 1)) break;
    s.score = 0;
    std::fill(s.collected.begin(), s.collected.end(), 0);
    return s;
}

std::vector<CellGroup> match_groups(const Board& board, int min_match) {
    Scratch s;
    std::vector<CellGroup> out;
    if (!scan_runs(board, min_match, s)) return out;
    find_groups(board, s);
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
