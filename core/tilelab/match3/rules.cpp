// match3 rules: run scan, groups, resolution step, gravity, refill, `?` draws. One linear pass each.
#include "tilelab/match3/rules.hpp"

#include <algorithm>

namespace tilelab::match3 {

RulesConfig RulesConfig::of(const Level& level) {
    const Rules& rules = level.rules.as<Rules>();
    RulesConfig r;
    // parse_level keeps colors in 2..16; values built in code are clamped so uniform() never sees 0
    // and a run always needs two pieces (min_match 1 would cascade forever).
    r.colors = std::clamp(rules.colors, 1, 1 << 16);
    r.min_match = std::clamp(rules.min_match, 2, max_board_side + 1);
    r.score_per_piece = rules.score_per_piece;
    return r;
}

namespace {
// Runs on bitboards: one 64-bit mask per colour and row, so that "k in a row" is k - 1 shifted ANDs
// (horizontal) or k - 1 row ANDs (vertical) with no data-dependent branch; the per-cell scan below
// mispredicts a branch at almost every cell of a random board (bench_match3 "find runs"). Work per run
// found is then proportional to its length. Returns false when the board does not fit (wider than 64
// or a colour >= 16); the caller scans cell by cell.
// K is min_match when known at compile time (the loops over k then unroll), 0 for any other value.
template <int K>
bool scan_runs_bitboard(const Board& board, const RulesConfig& rules, RunMarks& out, std::vector<std::int64_t>* cell_points) {
    const int max_colors = std::min(rules.colors, 16);
    const int w = board.width;
    const int h = board.height;
    const int k = K ? K : rules.min_match;
    if (w > 64 || k > 64) return false;
    const auto hs = static_cast<std::size_t>(h);
    // rows[colour][y]: pieces of the colour; then run[colour][y]: its cells in a row run;
    // col[colour][y]: its cells in a column run.
    std::vector<std::uint64_t>& buf = out.color_rows;
    buf.assign(3 * static_cast<std::size_t>(max_colors) * hs, 0);
    std::uint64_t* rows = buf.data();
    std::uint64_t* run = rows + static_cast<std::size_t>(max_colors) * hs;
    std::uint64_t* col = run + static_cast<std::size_t>(max_colors) * hs;
    const std::int32_t* c = board.cells.data();
    std::uint32_t seen_colors = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::int32_t v = c[y * w + x];
            if (!is_piece(v)) continue;
            if (v >= max_colors) return false;
            seen_colors |= 1u << v;
            rows[static_cast<std::size_t>(v) * hs + static_cast<std::size_t>(y)] |= 1ull << x;
        }
    std::uint64_t found = 0;
    for (int colour = 0; colour < max_colors; ++colour) {
        if (!(seen_colors >> colour & 1u)) continue;
        const std::size_t base = static_cast<std::size_t>(colour) * hs;
        for (int y = 0; y < h; ++y) {
            const std::uint64_t m = rows[base + y];
            std::uint64_t starts = m;
            for (int j = 1; j < k; ++j) starts &= m >> j;
            if (!starts) continue;  // run[] is zero already (most rows of a settled board)
            std::uint64_t cells = 0;
            for (int j = 0; j < k; ++j) cells |= starts << j;
            run[base + y] = cells;
            found |= cells;
        }
        // col first holds the tops of k-long windows, then (bottom up, so that every read is of a
        // row not yet rewritten) each row ORs the tops of the windows covering it.
        std::uint64_t* cb = col + base;
        std::uint64_t any_top = 0;
        for (int y = 0; y + k <= h; ++y) {
            std::uint64_t tops = rows[base + y];
            for (int j = 1; j < k; ++j) tops &= rows[base + y + j];
            cb[y] = tops;
            any_top |= tops;
        }
        found |= any_top;
        if (!any_top) continue;  // col[] is all zero
        for (int y = h - 1; y >= 0; --y) {
            std::uint64_t cells = 0;
            for (int j = 0; j < k && j <= y; ++j) cells |= cb[y - j];
            cb[y] = cells;
        }
    }
    out.bitboard_colors = max_colors;
    if (!found) return true;
    const std::int64_t spp = rules.score_per_piece;
    auto mark = [&](int x, int y, std::uint8_t axis, std::int64_t points) {
        const int idx = y * w + x;
        std::uint8_t& m = out.marks[static_cast<std::size_t>(idx)];
        if (m == 0) {
            out.marked.push_back(idx);
            out.points += points;
            if (cell_points) (*cell_points)[static_cast<std::size_t>(idx)] = points;
        }
        m |= axis;
    };
    // Row runs first: every piece of a row run scores for it (the scoring walk takes rows before
    // columns, docs/match3.md "Rules as implemented").
    for (int colour = 0; colour < max_colors; ++colour) {
        if (!(seen_colors >> colour & 1u)) continue;
        const std::size_t base = static_cast<std::size_t>(colour) * hs;
        for (int y = 0; y < h; ++y) {
            std::uint64_t cells = run[base + y];
            while (cells) {
                const int lo = __builtin_ctzll(cells);
                const std::uint64_t from_lo = cells >> lo;
                const int len = ~from_lo ? __builtin_ctzll(~from_lo) : 64 - lo;
                for (int x = lo; x < lo + len; ++x) mark(x, y, in_row_run, (len - 1) * spp);
                cells &= len + lo >= 64 ? 0 : ~0ull << (lo + len);
            }
        }
    }
    // Column runs: a piece already cleared by a row run keeps its row points.
    for (int colour = 0; colour < max_colors; ++colour) {
        if (!(seen_colors >> colour & 1u)) continue;
        const std::size_t base = static_cast<std::size_t>(colour) * hs;
        for (int y = 0; y < h; ++y) {
            std::uint64_t tops = col[base + y] & (y > 0 ? ~col[base + y - 1] : ~0ull);
            while (tops) {
                const int x = __builtin_ctzll(tops);
                tops &= tops - 1;
                int len = 1;
                while (y + len < h && (col[base + y + len] >> x & 1u)) ++len;
                for (int yy = y; yy < y + len; ++yy) mark(x, yy, in_col_run, (len - 1) * spp);
            }
        }
    }
    return true;
}
}  // namespace

void scan_runs(const Board& board, const RulesConfig& rules, RunMarks& out, std::vector<std::int64_t>* cell_points) {
    const int w = board.width;
    const int h = board.height;
    const int k = rules.min_match;
    const std::int64_t spp = rules.score_per_piece;
    const std::int32_t* c = board.cells.data();
    out.marks.assign(board.cells.size(), 0);
    out.marked.clear();
    out.points = 0;
    out.bitboard_colors = 0;
    if (cell_points) cell_points->assign(board.cells.size(), 0);
    const bool done = k == 3   ? scan_runs_bitboard<3>(board, rules, out, cell_points)
                      : k == 4 ? scan_runs_bitboard<4>(board, rules, out, cell_points)
                               : scan_runs_bitboard<0>(board, rules, out, cell_points);
    if (done) return;
    // Cell by cell, for boards wider than a 64-bit row (and the reference the bitboards are tested against).
    // Horizontal runs, row by row, left to right: every piece of a row run scores for it.
    for (int y = 0; y < h; ++y) {
        const std::int32_t* row = c + static_cast<std::ptrdiff_t>(y) * w;
        int x = 0;
        while (x < w) {
            const std::int32_t v = row[x];
            int e = x + 1;
            if (!is_piece(v)) {
                x = e;
                continue;
            }
            while (e < w && row[e] == v) ++e;
            const int len = e - x;
            if (len >= k) {
                const std::int64_t each = (len - 1) * spp;
                out.points += each * len;
                for (int i = x; i < e; ++i) {
                    const int idx = y * w + i;
                    out.marks[static_cast<std::size_t>(idx)] = in_row_run;
                    out.marked.push_back(idx);
                    if (cell_points) (*cell_points)[static_cast<std::size_t>(idx)] = each;
                }
            }
            x = e;
        }
    }
    // Vertical runs, column by column, top to bottom: only pieces no row run has cleared score.
    for (int x = 0; x < w; ++x) {
        int y = 0;
        while (y < h) {
            const std::int32_t v = c[y * w + x];
            int e = y + 1;
            if (!is_piece(v)) {
                y = e;
                continue;
            }
            while (e < h && c[e * w + x] == v) ++e;
            const int len = e - y;
            if (len >= k) {
                const std::int64_t each = (len - 1) * spp;
                for (int i = y; i < e; ++i) {
                    const int idx = i * w + x;
                    std::uint8_t& m = out.marks[static_cast<std::size_t>(idx)];
                    if (m == 0) {
                        out.points += each;
                        out.marked.push_back(idx);
                        if (cell_points) (*cell_points)[static_cast<std::size_t>(idx)] = each;
                    }
                    m |= in_col_run;
                }
            }
            y = e;
        }
    }
}

namespace {
// Flood fill over run cells: neighbours join when they share a run (same colour, both marked on that axis).
std::vector<std::vector<int>> group_indices(const Board& board, const RunMarks& runs) {
    const int w = board.width;
    const int h = board.height;
    std::vector<char> seen(board.cells.size(), 0);
    std::vector<std::vector<int>> groups;
    std::vector<int> stack;
    auto marks = [&](int idx) { return runs.marks[static_cast<std::size_t>(idx)]; };
    for (int start : runs.marked) {
        if (seen[static_cast<std::size_t>(start)]) continue;
        std::vector<int> group;
        stack.assign(1, start);
        seen[static_cast<std::size_t>(start)] = 1;
        while (!stack.empty()) {
            const int idx = stack.back();
            stack.pop_back();
            group.push_back(idx);
            const int x = idx % w;
            const int y = idx / w;
            const std::int32_t v = board.cells[static_cast<std::size_t>(idx)];
            auto visit = [&](int nx, int ny, std::uint8_t axis) {
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) return;
                const int n = ny * w + nx;
                if (seen[static_cast<std::size_t>(n)] || board.cells[static_cast<std::size_t>(n)] != v) return;
                if (!(marks(idx) & axis) || !(marks(n) & axis)) return;
                seen[static_cast<std::size_t>(n)] = 1;
                stack.push_back(n);
            };
            visit(x - 1, y, in_row_run);
            visit(x + 1, y, in_row_run);
            visit(x, y - 1, in_col_run);
            visit(x, y + 1, in_col_run);
        }
        groups.push_back(std::move(group));
    }
    return groups;
}

std::vector<Cell> sorted_cells(const std::vector<int>& indices, int w) {
    std::vector<Cell> cells;
    cells.reserve(indices.size());
    for (int idx : indices) cells.push_back(Cell{idx % w, idx / w});
    std::sort(cells.begin(), cells.end());
    return cells;
}
}  // namespace

std::vector<CellGroup> match_groups(const Board& board, const RunMarks& runs) {
    std::vector<CellGroup> out;
    for (const auto& g : group_indices(board, runs)) out.push_back(CellGroup{sorted_cells(g, board.width), false});
    std::sort(out.begin(), out.end(), [](const CellGroup& a, const CellGroup& b) { return a.cells < b.cells; });
    return out;
}

std::vector<CellGroup> match_groups(const Board& board, const RulesConfig& rules) {
    RunMarks runs;
    scan_runs(board, rules, runs);
    return match_groups(board, runs);
}

int apply_gravity(Board& board, std::vector<StepLog::Fall>* falls) {
    int fallen = 0;
    const int w = board.width;
    const int h = board.height;
    std::int32_t* c = board.cells.data();
    // Most columns have nothing to fall into (a step clears a few columns); skip them. One row-major
    // pass (element-wise, which the compiler vectorises) flags the columns with an empty cell.
    // Boards wider than the stack array (never from a level file) look at every column.
    // The same pass flags the columns holding anything but pieces and empty cells (blockers, holes).
    constexpr int flag_columns = 256;
    std::int32_t flags[flag_columns], irregular[flag_columns];
    const bool flagged = w <= flag_columns;
    if (flagged) {
        std::fill(flags, flags + w, 0);
        std::fill(irregular, irregular + w, 0);
        for (int y = 0; y < h; ++y) {
            const std::int32_t* row = c + static_cast<std::ptrdiff_t>(y) * w;
            for (int x = 0; x < w; ++x) {
                flags[x] |= row[x] == cell::empty;
                irregular[x] |= row[x] < cell::empty;
            }
        }
    }
    for (int x = 0; x < w; ++x) {
        if (flagged && !flags[x]) continue;
        if (flagged && !irregular[x] && !falls) {
            // Only pieces and empty cells: one branch-free compaction from the bottom. `write` never
            // passes the cell being read, so every cell is read before it is written.
            int write = h - 1;
            for (int r = h - 1; r >= 0; --r) {
                const std::int32_t v = c[r * w + x];
                const int piece = v >= 0;
                c[write * w + x] = v;
                fallen += piece & (write != r);
                write -= piece;
            }
            for (int r = write; r >= 0; --r) c[r * w + x] = cell::empty;
            continue;
        }
        int bottom = h - 1;
        while (bottom >= 0) {
            if (c[bottom * w + x] == cell::blocker) {
                --bottom;
                continue;
            }
            int top = bottom;
            while (top > 0 && c[(top - 1) * w + x] != cell::blocker) --top;
            // Compact the segment's pieces downwards over its playable (non-hole) cells, keeping order.
            int write = bottom;
            auto skip_holes = [&] {
                while (write >= top && c[write * w + x] == cell::hole) --write;
            };
            skip_holes();
            for (int r = bottom; r >= top; --r) {
                const std::int32_t v = c[r * w + x];
                if (!is_piece(v)) continue;
                if (write != r) {
                    c[write * w + x] = v;
                    ++fallen;
                    if (falls) falls->push_back({Cell{x, r}, Cell{x, write}});
                }
                --write;
                skip_holes();
            }
            for (int r = write; r >= top; --r)
                if (c[r * w + x] != cell::hole) c[r * w + x] = cell::empty;
            bottom = top - 1;
        }
    }
    return fallen;
}

int refill(Board& board, int colors, Rng& rng, std::vector<StepLog::Spawn>* spawns) {
    int filled = 0;
    const int w = board.width;
    const int h = board.height;
    std::int32_t* c = board.cells.data();
    const auto n = static_cast<std::uint32_t>(std::max(colors, 1));
    // Most columns have no empty cell after a step's gravity: one row-major pass (which the compiler
    // vectorises) flags those that have one, and only they are walked (the draws keep their order).
    // Boards wider than the stack array (never from a level file) walk every column.
    constexpr int flag_columns = 256;
    std::int32_t flags[flag_columns];
    const bool flagged = w <= flag_columns;
    if (flagged) {
        std::fill(flags, flags + w, 0);
        for (int y = 0; y < h; ++y) {
            const std::int32_t* row = c + static_cast<std::ptrdiff_t>(y) * w;
            for (int x = 0; x < w; ++x) flags[x] |= row[x] == cell::empty;
        }
    }
    for (int x = 0; x < w; ++x) {
        if (flagged && !flags[x]) continue;
        int end = 0;  // one past the top segment
        while (end < h && c[end * w + x] != cell::blocker) ++end;
        for (int y = end - 1; y >= 0; --y) {
            if (c[y * w + x] != cell::empty) continue;
            const auto color = static_cast<std::int32_t>(rng.uniform(n));
            c[y * w + x] = color;
            ++filled;
            if (spawns) spawns->push_back({Cell{x, y}, color});
        }
    }
    return filled;
}

const std::int32_t* row_start_table(int width, int k) {
    thread_local std::vector<std::int32_t> table;
    thread_local int table_width = 0, table_k = 0;
    if (table_width != width || table_k != k) {
        table.resize(static_cast<std::size_t>(row_start_cells));
        for (int i = 0; i < row_start_cells; ++i) table[static_cast<std::size_t>(i)] = i % width + k <= width;
        table_width = width;
        table_k = k;
    }
    return table.data();
}

namespace {
// Whether the board has a run of K (3 or 4), without marking it: equal neighbours compared on the
// cells directly, in loops without branches that the compiler vectorises (a quarter of scan_runs'
// cost). Most resolve_step calls of a cascade's end, and of a bot's trial, find no run.
template <int K>
bool has_run(const Board& board) {
    const int w = board.width, h = board.height;
    const std::int32_t* c = board.cells.data();
    const int n = w * h;
    if (w >= K && n <= row_start_cells)
        return run_in_line<K>(c, w, h, [](std::int32_t p, std::int32_t q) { return static_cast<int>(q == p); });
    for (int y = 0; y < h; ++y) {
        const std::int32_t* r = c + static_cast<std::ptrdiff_t>(y) * w;
        int any = 0;
        for (int x = 0; x + K <= w; ++x) {
            int same = r[x] >= 0;
            for (int j = 1; j < K; ++j) same &= r[x + j] == r[x];
            any |= same;
        }
        if (any) return true;
    }
    for (int y = 0; y + K <= h; ++y) {
        const std::int32_t* r = c + static_cast<std::ptrdiff_t>(y) * w;
        int any = 0;
        for (int x = 0; x < w; ++x) {
            int same = r[x] >= 0;
            for (int j = 1; j < K; ++j) same &= r[x + static_cast<std::ptrdiff_t>(j) * w] == r[x];
            any |= same;
        }
        if (any) return true;
    }
    return false;
}
}  // namespace

bool resolve_step(State& state, const RulesConfig& rules, Resolution mode, Scratch& scratch, StepLog* log) {
    // Nothing to resolve: said without building the scan's bitboards and marks.
    if (rules.min_match == 3 && !has_run<3>(state.board)) return false;
    if (rules.min_match == 4 && !has_run<4>(state.board)) return false;
    RunMarks& runs = scratch.runs;
    scan_runs(state.board, rules, runs, log ? &scratch.cell_points : nullptr);
    if (runs.empty()) return false;
    const int w = state.board.width;
    const bool scoring = mode != Resolution::start;
    StepTally& tally = scratch.tally;
    tally = StepTally{};
    tally.cleared = static_cast<std::int64_t>(runs.marked.size());
    if (log) {
        *log = StepLog{};
        log->points = scoring ? runs.points : 0;
        for (const auto& g : group_indices(state.board, runs)) {
            StepLog::Group group;
            group.cells = sorted_cells(g, w);
            if (scoring)
                for (int idx : g) group.points += scratch.cell_points[static_cast<std::size_t>(idx)];
            log->groups.push_back(std::move(group));
        }
        std::sort(log->groups.begin(), log->groups.end(),
                  [](const StepLog::Group& a, const StepLog::Group& b) { return a.cells < b.cells; });
    }
    for (int idx : runs.marked) {
        std::int32_t& v = state.board.cells[static_cast<std::size_t>(idx)];
        if (scoring) {
            if (static_cast<std::size_t>(v) < state.collected.size()) ++state.collected[static_cast<std::size_t>(v)];
            if (state.jelly) {
                std::int32_t& layers = state.jelly->cells[static_cast<std::size_t>(idx)];
                if (layers > 0) {
                    --layers;
                    ++tally.jelly;
                    if (log) log->jelly.push_back(Cell{idx % w, idx / w});
                }
            }
        }
        v = cell::empty;
    }
    if (log) std::sort(log->jelly.begin(), log->jelly.end());
    if (scoring) state.score += runs.points;
    tally.falls = apply_gravity(state.board, log ? &log->falls : nullptr);
    if (mode != Resolution::lookahead) tally.spawns = refill(state.board, rules.colors, state.rng, log ? &log->spawns : nullptr);
    return true;
}

int settle(State& state, const RulesConfig& rules, Resolution mode, Scratch& scratch, std::vector<StepLog>* logs) {
    int steps = 0;
    while (steps < max_cascade_steps) {
        StepLog* log = nullptr;
        if (logs) log = &logs->emplace_back();
        if (!resolve_step(state, rules, mode, scratch, log)) {
            if (logs) logs->pop_back();
            break;
        }
        ++steps;
    }
    return steps;
}

int allowed_colors(const Board& board, int x, int y, int colors, int min_match, int* out) {
    const int need = std::max(min_match - 1, 1);
    // The colour that `need` equal neighbours in a line (dx, dy) away from (x, y) would extend, or -1.
    auto line_color = [&](int dx, int dy) -> std::int32_t {
        if (x - dx * need < 0 || y - dy * need < 0) return -1;
        const std::int32_t v = board.at(x - dx, y - dy);
        if (!is_piece(v)) return -1;
        for (int i = 2; i <= need; ++i)
            if (board.at(x - dx * i, y - dy * i) != v) return -1;
        return v;
    };
    const std::int32_t left = line_color(1, 0);
    const std::int32_t up = line_color(0, 1);
    int n = 0;
    for (int color = 0; color < colors; ++color)
        if (color != left && color != up) out[n++] = color;
    return n;
}

void draw_random_pieces(Board& board, int colors, int min_match, Rng& rng) {
    colors = std::clamp(colors, 1, 1 << 16);
    std::vector<int> allowed(static_cast<std::size_t>(colors));
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            if (board.at(x, y) != cell::random) continue;
            const int n = allowed_colors(board, x, y, colors, min_match, allowed.data());
            if (n == 0) board.at(x, y) = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(colors)));
            else board.at(x, y) = allowed[rng.uniform(static_cast<std::uint32_t>(n))];
        }
}

bool swappable(const Board& board, Cell a, Cell b) {
    if (!board.contains(a) || !board.contains(b)) return false;
    if (std::abs(a.x - b.x) + std::abs(a.y - b.y) != 1) return false;
    const std::int32_t va = board.at(a);
    const std::int32_t vb = board.at(b);
    return is_piece(va) && is_piece(vb) && va != vb;
}

bool swap_makes_run(const Board& board, Cell a, Cell b, int min_match) {
    // Colour of a cell as it is after the swap; off-board cells are -1.
    auto after = [&](int x, int y) -> std::int32_t {
        if (!board.contains(x, y)) return -1;
        if (x == a.x && y == a.y) return board.at(b);
        if (x == b.x && y == b.y) return board.at(a);
        return board.at(x, y);
    };
    auto in_run = [&](Cell p) {
        const std::int32_t v = after(p.x, p.y);
        const int dirs[2][2] = {{1, 0}, {0, 1}};
        for (const auto& d : dirs) {
            int len = 1;
            for (int i = 1; after(p.x - d[0] * i, p.y - d[1] * i) == v; ++i) ++len;
            for (int i = 1; after(p.x + d[0] * i, p.y + d[1] * i) == v; ++i) ++len;
            if (len >= min_match) return true;
        }
        return false;
    };
    return in_run(a) || in_run(b);
}

}  // namespace tilelab::match3
