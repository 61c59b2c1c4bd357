// Format 2's resolution (docs/match3.md "Format version 2", step by step): one resolution step as
// its named steps (with the runs and groups of the byte rows, V2Rows, on boards up to 12 x 24), and
// a move played with its cascades.
#include <algorithm>
#include <cstring>

#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2 {

using namespace detail;

namespace {
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

Cell xy(int idx, int w) { return Cell{idx % w, idx / w}; }

// The cells of `cells` (indices) sorted by (x, y), each once: how events list them.
std::vector<Cell> sorted_cells(const std::vector<int>& cells, int w) {
    std::vector<Cell> out;
    out.reserve(cells.size());
    for (int idx : cells) out.push_back(Cell{idx % w, idx / w});
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace

namespace detail {
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

}  // namespace detail

namespace {
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

// One resolution step (docs/match3.md "Format version 2", steps 1 to 8) as its named steps, each a
// member that reads and writes the step's context below. A quiet step (nothing fires, no event or
// report asked for: most steps of a bot's game) takes its own short way through steps 3 to 8. The
// members a quiet step runs are inlined into run(), as the one function they come from was: called,
// they make a greedy move of format 2 slower (docs/match3.md "One code path" has the figure).
class Resolution {
public:
    Resolution(State& state, const Config& config, Mode mode, const FirstStep* first, Scratch& s, std::vector<Event>* events,
               int step, StepReport* report)
        : state_(state),
          config_(config),
          mode_(mode),
          first_(first),
          s_(s),
          events_(events),
          step_(step),
          report_(report),
          board_(state.board),
          w_(state.board.width),
          h_(state.board.height),
          n_(state.board.width * state.board.height),
          nu_(static_cast<std::size_t>(n_)),
          v_(view_of(state)),
          combo_(first && first->combo),
          scoring_(mode != Mode::start),
          ia_(first ? first->a.y * w_ + first->a.x : -1),
          ib_(first ? first->b.y * w_ + first->b.x : -1) {
        // Boards up to 12 x 24 (with a lock layer of their size): the byte rows of the step's start.
        lock_layer_ = state.lock ? &*state.lock : nullptr;
        by_rows_ = !s.reference_steps && V2Rows::fits(w_, h_) &&
                   (!lock_layer_ || (lock_layer_->width == w_ && lock_layer_->height == h_));
        if (s.changes.on) v_.changes = &s.changes;
    }

    bool run() {
        s_.settled_after = false;
        if (by_rows_) s_.rows.load(board_.cells.data(), w_, h_);
        changed_scan_ = !by_rows_ && !combo_ && s_.changes.on && s_.changes.lo.size() == static_cast<std::size_t>(w_);
        if (changed_scan_ ? !scan_changed_lines() : !combo_ && nothing_to_resolve()) {
            s_.events_overflow = false;
            s_.event_cells = 0;
            return false;
        }
        if (by_rows_) s_.rows.load_cells(lock_layer_ ? lock_layer_->cells.data() : nullptr);
        start_buffers();
        if (!find_match_groups()) return false;  // 1.
        survey_board();
        choose_specials();  // 2.
        if (!combo_ && !events_ && !report_ && !s_.first_step_only && groups_are_plain()) {
            resolve_quietly();  // 3. to 8.
            return true;
        }
        gather_clear_set();  // 3.
        fire_closure();
        clear_set_cells();  // 4.
        place_specials();   // 5.
        if (s_.first_step_only) {
            fill_report();
            return true;
        }
        const std::int64_t points = score_cleared();  // 6.
        if (logging_) list_events(points);
        fill_report();
        s_.cleared = static_cast<std::int64_t>(s_.cleared_cells.size());
        s_.jelly = static_cast<std::int64_t>(s_.jelly_cells.size());
        fall_refill_exits();  // 7. and 8.
        return true;
    }

private:
    State& state_;
    const Config& config_;
    const Mode mode_;
    const FirstStep* const first_;
    Scratch& s_;
    std::vector<Event>* const events_;
    const int step_;
    StepReport* const report_;
    Board& board_;
    const int w_, h_, n_;
    const std::size_t nu_;
    View v_;
    const bool combo_, scoring_;
    const int ia_, ib_;  // the swapped cells of a move's first step (-1: none)
    const Grid* lock_layer_ = nullptr;
    bool by_rows_ = false;
    bool changed_scan_ = false;  // the runs were found by scan_changed_lines (Scratch::changes)
    RowRuns row_runs_;
    bool logging_ = false;
    std::uint8_t colour_done_ = 0;  // a colour bomb's colour joined the set (without events)
    bool any_crate_ = false, exits_ = false;
    int common_ = -1;              // the most common colour at the step's start (a colour bomb fired by another item takes it)
    bool common_pending_ = false;  // a colour bomb is on the board and common_ is not counted yet
    std::vector<Event> step_events_;

    // Whether there is nothing to resolve (no run): said before any buffer is prepared (on byte rows,
    // for min_match 3, before the rows' links are made masks).
    [[gnu::always_inline]] bool nothing_to_resolve() {
        const int k = config_.min_match;
        if (!by_rows_) return k == 3 ? !any_run<3>(board_) : k == 4 ? !any_run<4>(board_) : false;
        if (k == 3 && !s_.rows.run_of_three()) return true;
        s_.rows.links();
        return !run_starts(s_.rows, w_, h_, k, row_runs_);
    }

    // scan_runs' results (run lengths, and the run cells' masks on boards up to 64 wide) from only the
    // cells the last step (or the swap) gave a piece or unlocked (Scratch::changes): every run holds
    // one, and each run found is followed to its ends along its line. False: no run.
    bool scan_changed_lines() {
        Scratch& s = s_;
        const int w = w_, h = h_, k = config_.min_match;
        const std::int32_t* c = board_.cells.data();
        s.row_len.assign(nu_, 0);
        s.col_len.assign(nu_, 0);
        const bool masks = w <= 64;
        if (masks) s.run_cells.assign(static_cast<std::size_t>(h), 0);
        else s.run_cells.clear();
        bool any = false;
        for (int x = 0; x < w; ++x) {
            const int lo = s.changes.lo[static_cast<std::size_t>(x)], hi = s.changes.hi[static_cast<std::size_t>(x)];
            if (lo > hi) continue;
            // The column runs through rows lo .. hi, from the start of the line lo is on.
            int y = lo;
            const int first = colour(c[y * w + x]);
            while (first >= 0 && y > 0 && colour(c[(y - 1) * w + x]) == first) --y;
            while (y <= hi) {
                const int col = colour(c[y * w + x]);
                int y2 = y + 1;
                if (col >= 0)
                    while (y2 < h && colour(c[y2 * w + x]) == col) ++y2;
                if (col >= 0 && y2 - y >= k) {
                    any = true;
                    for (int i = y; i < y2; ++i) {
                        s.col_len[static_cast<std::size_t>(i * w + x)] = static_cast<std::uint16_t>(y2 - y);
                        if (masks) s.run_cells[static_cast<std::size_t>(i)] |= 1ull << x;
                    }
                }
                y = y2;
            }
            // The row run through each marked cell (once a run: its cells are marked by then).
            for (y = lo; y <= hi; ++y) {
                const int idx = y * w + x;
                const int col = colour(c[idx]);
                if (col < 0 || s.row_len[static_cast<std::size_t>(idx)]) continue;
                int x0 = x, x1 = x;
                while (x0 > 0 && colour(c[idx - (x - x0) - 1]) == col) --x0;
                while (x1 + 1 < w && colour(c[idx + (x1 - x) + 1]) == col) ++x1;
                const int len = x1 - x0 + 1;
                if (len < k) continue;
                any = true;
                for (int i = x0; i <= x1; ++i) s.row_len[static_cast<std::size_t>(y * w + i)] = static_cast<std::uint16_t>(len);
                if (masks) s.run_cells[static_cast<std::size_t>(y)] |= (len >= 64 ? ~0ull : ((1ull << len) - 1)) << x0;
            }
        }
        // The next step's runs each hold a cell this step gives a piece or unlocks: a line of cells
        // it leaves alone was a line of this step's start, so part of a run whose cells this step
        // clears or unlocks all.
        s.changes.reset(w);
        return any;
    }

    [[gnu::always_inline]] void start_buffers() {
        s_.events_overflow = false;
        s_.event_cells = 0;
        logging_ = events_ != nullptr;
        // Another copy of a fired line's row or column, or of a colour bomb's colour, adds nothing to
        // the set: without events it is skipped (a board full of specials fires thousands in one step).
        s_.row_done.assign(static_cast<std::size_t>(h_), 0);
        s_.col_done.assign(static_cast<std::size_t>(w_), 0);
    }

    // Events stop once the cells their areas and lists hold pass the budget (apply's summary).
    bool over_budget(std::size_t cells) {
        s_.event_cells += cells;
        if (s_.event_cells <= s_.event_cell_budget) return false;
        logging_ = false;
        s_.events_overflow = true;
        return true;
    }

    // A cleared cell of a row run scores by the row run, else of a column run by the column run, else
    // (cleared by firing) the plain piece's points.
    std::int64_t cleared_points(std::size_t iu) const {
        const std::int64_t spp = config_.score_per_piece;
        return s_.row_len[iu] ? (s_.row_len[iu] - 1) * spp : s_.col_len[iu] ? (s_.col_len[iu] - 1) * spp : spp;
    }

    // Step 1: runs and match groups (none in a combo's first step). False: no run after all.
    [[gnu::always_inline]] bool find_match_groups() {
        if (!combo_ && by_rows_) {  // run_starts found a run
            run_lengths(s_.rows, w_, h_, config_.min_match, row_runs_, s_);
            groups_from_rows(s_.rows, w_, h_, row_runs_, s_);
        } else if (!combo_) {
            if (!changed_scan_ && !scan_runs(board_, config_.min_match, s_)) return false;
            find_groups(board_, s_);
        } else {
            s_.groups.clear();
            s_.row_len.assign(nu_, 0);
            s_.col_len.assign(nu_, 0);
        }
        return true;
    }

    // Colour bombs and crates on the board, whether to look for exits, the most common colour.
    [[gnu::always_inline]] void survey_board() {
        int bombs = 0, crates = 0;  // counted branch-free (the loop vectorises)
        if (by_rows_) {
            bombs = s_.rows.any_bomb;
            crates = s_.rows.any_crate;
        } else {
            for (const std::int32_t c : board_.cells) {
                bombs += c == cell::color_bomb;
                crates += static_cast<std::uint32_t>(c - cell::crate(cell::max_crate_hp)) <
                          static_cast<std::uint32_t>(cell::max_crate_hp);
            }
        }
        any_crate_ = crates > 0;
        // Exits are looked for only where an ingredient is on the board (a step brings none).
        exits_ = !by_rows_ || s_.rows.any_ingredient;
        // The most common colour is counted when a colour bomb first fires without a colour of its
        // own (common_colour); nothing changes a colour on the board before then.
        common_pending_ = bombs > 0;
    }

    int common_colour() {
        if (!common_pending_) return common_;
        common_pending_ = false;
        s_.color_count.assign(static_cast<std::size_t>(config_.colors) + 1, 0);
        for (std::int32_t c : board_.cells)
            if (c >= 0 && cell::color_of(c) < config_.colors) ++s_.color_count[static_cast<std::size_t>(cell::color_of(c))];
        for (int k = 0; k < config_.colors; ++k)
            if (s_.color_count[static_cast<std::size_t>(k)] > 0 &&
                (common_ < 0 || s_.color_count[static_cast<std::size_t>(k)] > s_.color_count[static_cast<std::size_t>(common_)]))
                common_ = k;
        return common_;
    }

    // Step 2: the specials to create, one per group at most.
    [[gnu::always_inline]] void choose_specials() {
        auto& created = s_.created;
        created.clear();
        if (!config_.specials || mode_ == Mode::start) return;
        const int w = w_;
        for (const auto& g : s_.groups) {
            bool has5 = false, has_row = false, has_col = false, has4 = false;
            for (int idx : g) {
                const auto iu = static_cast<std::size_t>(idx);
                has5 |= s_.row_len[iu] >= 5 || s_.col_len[iu] >= 5;
                has4 |= s_.row_len[iu] == 4 || s_.col_len[iu] == 4;
                has_row |= s_.row_len[iu] > 0;
                has_col |= s_.col_len[iu] > 0;
            }
            const int k = colour(board_.cells[static_cast<std::size_t>(g.front())]);
            std::int32_t special = 0;
            std::vector<int>& candidates = s_.candidates;
            candidates.clear();
            if (has5) {
                special = cell::color_bomb;
                for (int idx : g)
                    if (s_.row_len[static_cast<std::size_t>(idx)] >= 5 || s_.col_len[static_cast<std::size_t>(idx)] >= 5)
                        candidates.push_back(idx);
            } else if (has_row && has_col) {
                special = cell::special(k, cell::bomb);
                for (int idx : g)
                    if (s_.row_len[static_cast<std::size_t>(idx)] > 0 && s_.col_len[static_cast<std::size_t>(idx)] > 0)
                        candidates.push_back(idx);
            } else if (has4) {
                special = cell::special(k, has_row ? cell::line_v : cell::line_h);
                candidates.assign(g.begin(), g.end());
            } else {
                continue;
            }
            // Lowest (largest y), then leftmost.
            std::sort(candidates.begin(), candidates.end(),
                      [w](int p, int q) { return p / w != q / w ? p / w > q / w : p % w < q % w; });
            std::vector<int>& order = s_.order;
            order.clear();
            if (first_) {
                if (std::binary_search(g.begin(), g.end(), ib_)) order.push_back(ib_);
                if (std::binary_search(g.begin(), g.end(), ia_)) order.push_back(ia_);
            }
            order.insert(order.end(), candidates.begin(), candidates.end());
            for (int idx : order)
                if (!v_.locked(idx)) {
                    created.push_back({idx, special});
                    break;
                }
        }
    }

    // Whether nothing fires: no special and no locked item in the groups.
    [[gnu::always_inline]] bool groups_are_plain() {
        bool plain = true;
        for (const auto& g : s_.groups)
            for (int idx : g) plain &= !cell::is_special(board_.cells[static_cast<std::size_t>(idx)]) && !v_.locked(idx);
        return plain;
    }

    // Steps 3 to 8 of a quiet step: the clear set is the groups' cells, each cleared by its run, and
    // the steps reduce to clearing them, hitting the crates beside them once each, scoring each cell
    // by its run, the jelly, the new specials, then gravity, refill and exits.
    [[gnu::always_inline]] void resolve_quietly() {
        State& state = state_;
        Board& board = board_;
        Scratch& s = s_;
        const Config& config = config_;
        const int w = w_, h = h_, step = step_;
        const Mode mode = mode_;
        const bool by_rows = by_rows_, scoring = scoring_, any_crate = any_crate_, exits = exits_;
        const std::size_t nu = nu_;
        View& v = v_;
        const auto& groups = s.groups;
        const auto& created = s.created;
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
            if (v.changes) v.changes->mark(idx % w, idx / w, idx / w);
        }
        state.score += points;
        s.cleared = static_cast<std::int64_t>(cleared.size());
        s.jelly = jelly;
        std::uint32_t fell = ~0u;  // the columns gravity_rows moved
        s.falls = by_rows ? gravity_rows(v, s.rows, fell) : gravity(v, nullptr, step, s.reference_steps);
        s.spawns = mode == Mode::lookahead ? 0
                   : by_rows               ? refill_rows(v, config, state.rng, s.rows)
                                           : refill(v, config, state.rng, nullptr, step);
        if (exits) run_exits(state, config, mode, s, nullptr, step);
        // Every run's cells were cleared (none locked), and a special created on one keeps its
        // colour (or has none): with nothing fallen and nothing drawn the board has no run.
        s.settled_after = by_rows && fell == 0 && mode == Mode::lookahead && !exits;
    }

    // Step 3, the clear set: a combo's area (its two items consumed: they never fire) or the groups'
    // cells.
    void gather_clear_set() {
        s_.in_set.assign(nu_, 0);
        s_.fired.assign(nu_, 0);
        s_.set_cells.clear();
        s_.joining.clear();
        if (logging_) step_events_.clear();
        if (combo_) {
            std::vector<int>& area = s_.combo_cells;
            area.clear();
            combo_area(board_, ia_, ib_, area);
            for (int idx : area) join(idx);
            s_.fired[static_cast<std::size_t>(ia_)] = 1;  // consumed: they do not fire their own areas
            s_.fired[static_cast<std::size_t>(ib_)] = 1;
            if (logging_ && !over_budget(area.size()))
                step_events_.emplace_back(event::Combo{step_, xy(ia_, w_), xy(ib_, w_), sorted_cells(area, w_)});
        } else {
            for (const auto& g : s_.groups)
                for (int idx : g) join(idx);
        }
    }

    void join(int idx) {
        const auto iu = static_cast<std::size_t>(idx);
        if (s_.in_set[iu]) return;
        s_.in_set[iu] = 1;
        s_.set_cells.push_back(idx);
        s_.joining.push_back(idx);
    }

    // Step 3, the firing closure: every unlocked special or colour bomb of the set fires once, round
    // by round in cell order, its area joining the set.
    void fire_closure() {
        std::vector<int>& joining = s_.joining;
        std::vector<int>& round = s_.round;
        std::vector<int>& area = s_.area;
        const int w = w_;
        while (!joining.empty()) {
            round.clear();
            for (int idx : joining) {
                const std::int32_t c = board_.cells[static_cast<std::size_t>(idx)];
                if ((cell::is_special(c) || c == cell::color_bomb) && !s_.fired[static_cast<std::size_t>(idx)] && !v_.locked(idx))
                    round.push_back(idx);
            }
            joining.clear();
            std::sort(round.begin(), round.end());
            for (int idx : round) {
                s_.fired[static_cast<std::size_t>(idx)] = 1;
                area.clear();
                const std::int32_t item = board_.cells[static_cast<std::size_t>(idx)];
                if (!logging_) {
                    std::uint8_t* done = item == cell::color_bomb ? &colour_done_
                                         : cell::special_of(item) == cell::line_h
                                             ? &s_.row_done[static_cast<std::size_t>(idx / w)]
                                         : cell::special_of(item) == cell::line_v
                                             ? &s_.col_done[static_cast<std::size_t>(idx % w)]
                                             : nullptr;
                    if (done && *done) continue;  // its whole area is in the set already
                    if (done) *done = 1;
                }
                own_area(board_, idx, item == cell::color_bomb ? common_colour() : -1, area);
                for (int a : area) join(a);
                if (logging_ && !over_budget(area.size()))
                    step_events_.emplace_back(event::Fired{step_, xy(idx, w), token(board_.cells[static_cast<std::size_t>(idx)]),
                                                           sorted_cells(area, w)});
            }
        }
    }

    // Step 4: the effects on each cell of the set, in cell order (read off the set's marks when the
    // set is a good part of the board, else sorted): locked items lose their lock, pieces, specials
    // and colour bombs are cleared, crates in the set or beside a cell a run cleared lose a hit point,
    // and the jelly under each cleared cell a layer.
    void clear_set_cells() {
        Scratch& s = s_;
        Board& board = board_;
        const int w = w_, h = h_, n = n_;
        const std::size_t nu = nu_;
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
            if (can_be_locked(c) && v_.locked(idx)) {
                state_.lock->cells[iu] = 0;
                unlocked.push_back(idx);
                if (v_.changes) v_.changes->mark(idx % w, idx / w, idx / w);
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
                if (p[0] >= 0 && p[1] >= 0 && p[0] < w && p[1] < h &&
                    cell::is_crate(board.cells[static_cast<std::size_t>(p[1] * w + p[0])]))
                    s.hit[static_cast<std::size_t>(p[1] * w + p[0])] = 1;
        }
        auto& crate_hits = s.crate_hits;
        crate_hits.clear();
        for (int idx = 0; any_crate_ && idx < n; ++idx) {
            if (!s.hit[static_cast<std::size_t>(idx)]) continue;
            std::int32_t& c = board.cells[static_cast<std::size_t>(idx)];
            const int left = cell::crate_hp(c) - 1;
            c = left > 0 ? cell::crate(left) : cell::empty;
            crate_hits.push_back({idx, left});
        }
        std::vector<int>& jelly_cells = s.jelly_cells;
        jelly_cells.clear();
        if (scoring_ && state_.jelly)
            for (int idx : cleared) {
                std::int32_t& layers = state_.jelly->cells[static_cast<std::size_t>(idx)];
                if (layers > 0) {
                    --layers;
                    jelly_cells.push_back(idx);
                }
            }
    }

    // Step 5: the new specials on their (now empty) cells.
    void place_specials() {
        auto& created = s_.created;
        std::sort(created.begin(), created.end());
        for (const auto& [idx, special] : created) {
            board_.cells[static_cast<std::size_t>(idx)] = special;
            if (v_.changes) v_.changes->mark(idx % w_, idx / w_, idx / w_);
        }
    }

    // Step 6: the score, runs walked over the cells actually cleared, then every other cleared cell;
    // the pieces collected by colour. Returns the step's points.
    std::int64_t score_cleared() {
        Scratch& s = s_;
        std::int64_t points = 0;
        const std::vector<int>& cleared = s.cleared_cells;
        s.is_cleared.assign(nu_, 0);
        for (int idx : cleared) s.is_cleared[static_cast<std::size_t>(idx)] = 1;
        if (!scoring_) return 0;
        s.cell_points.assign(nu_, -1);
        for (int idx : cleared) {
            const auto iu = static_cast<std::size_t>(idx);
            const std::int64_t p = cleared_points(iu);
            s.cell_points[iu] = p;
            points += p;
        }
        state_.score += points;
        for (std::int32_t c : s.cleared_value)
            if (c >= 0 && static_cast<std::size_t>(cell::color_of(c)) < state_.collected.size())
                ++state_.collected[static_cast<std::size_t>(cell::color_of(c))];
        return points;
    }

    // The events of steps 4 to 6 (docs/match3.md "Events"): unlocked cells, crate hits, the clear with
    // its groups and points, the created specials.
    void list_events(std::int64_t points) {
        over_budget(s_.cleared_cells.size());
        if (!logging_) return;
        const Scratch& s = s_;
        const int w = w_, step = step_;
        for (int idx : s.unlocked) step_events_.emplace_back(event::Unlocked{step, xy(idx, w)});
        for (const auto& [idx, left] : s.crate_hits) step_events_.emplace_back(event::CrateHit{step, xy(idx, w), left});
        event::Clear clear;
        clear.step = step;
        std::vector<std::pair<std::vector<Cell>, std::int64_t>> listed;
        for (const auto& g : s.groups) {
            std::vector<Cell> cells;
            std::int64_t p = 0;
            for (int idx : g) {
                cells.push_back(Cell{idx % w, idx / w});
                if (scoring_ && s.cell_points[static_cast<std::size_t>(idx)] > 0 && s.is_cleared[static_cast<std::size_t>(idx)] &&
                    (s.row_len[static_cast<std::size_t>(idx)] || s.col_len[static_cast<std::size_t>(idx)]))
                    p += s.cell_points[static_cast<std::size_t>(idx)];
            }
            std::sort(cells.begin(), cells.end());
            listed.push_back({std::move(cells), p});
        }
        std::sort(listed.begin(), listed.end());
        clear.groups.reserve(listed.size());
        for (auto& [cells, p] : listed) clear.groups.push_back(event::ClearGroup{std::move(cells), p});
        clear.cells = sorted_cells(s.cleared_cells, w);
        clear.points = points;
        clear.jelly = sorted_cells(s.jelly_cells, w);
        step_events_.emplace_back(std::move(clear));
        for (const auto& [idx, special] : s.created) step_events_.emplace_back(event::Created{step, xy(idx, w), token(special)});
    }

    // What the step cleared and created, for a caller that asked (the set, the cleared cells in cell
    // order, the specials placed).
    void fill_report() {
        if (!report_) return;
        report_->set = s_.set_cells;
        report_->cleared = s_.cleared_cells;
        report_->created = s_.created;
    }

    // Steps 7 and 8: gravity, refill (not in lookahead) and exits, then the step's events to the
    // caller's list (unless they passed the budget).
    void fall_refill_exits() {
        std::vector<Event>* ev = logging_ ? &step_events_ : nullptr;
        s_.falls = gravity(v_, ev, step_, s_.reference_steps);
        s_.spawns = mode_ != Mode::lookahead ? refill(v_, config_, state_.rng, ev, step_) : 0;
        if (exits_) run_exits(state_, config_, mode_, s_, ev, step_);
        if (events_ && !s_.events_overflow)
            for (auto& e : step_events_) events_->push_back(std::move(e));
    }
};
}  // namespace

bool resolve_step(State& state, const Config& config, Mode mode, const FirstStep* first, Scratch& s, std::vector<Event>* events,
                  int step, StepReport* report) {
    return Resolution(state, config, mode, first, s, events, step, report).run();
}

int play_move(State& state, const Config& config, Cell a, Cell b, SwapKind kind, Scratch& scratch, std::vector<Event>* events,
              Mode mode) {
    // Boards the byte rows do not fit, without events: when the board before the move has no run,
    // each step looks for runs only through the cells given a piece since (Scratch::changes).
    const int w = state.board.width, h = state.board.height;
    const bool rows_fit = V2Rows::fits(w, h) && (!state.lock || (state.lock->width == w && state.lock->height == h));
    scratch.changes.on = false;
    if (!events && !scratch.reference_steps && !rows_fit && w <= 256 && h <= 256 &&
        (config.min_match == 3 || config.min_match == 4) &&
        (config.min_match == 3 ? !any_run<3>(state.board) : !any_run<4>(state.board))) {
        scratch.changes.reset(w);
        scratch.changes.mark(a.x, a.y, a.y);
        scratch.changes.mark(b.x, b.y, b.y);
        scratch.changes.on = true;
    }
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
    scratch.changes.on = false;
    return steps;
}

}  // namespace tilelab::match3::v2
