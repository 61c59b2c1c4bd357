// IDA* over row and column shifts: hitting-set lower bound, canonical move order, learned bounds.
#include "tilelab/lines/solver.hpp"

#include <algorithm>
#include <array>
#include <chrono>

#include "tilelab/lines/masks.hpp"
#include "tilelab/lines/shifts.hpp"

namespace tilelab::lines {
namespace {

constexpr int infinite = 1 << 20;  // no sequence at all (an invariant rules the goal out)
constexpr int found = -1;

constexpr std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Zobrist keys computed on the fly (no table: boards may hold 65536 cells). Two independent
// 64-bit keys: a false transposition needs both to collide (about 2^-128 per pair of boards).
inline std::uint64_t zobrist1(int cell, std::uint8_t mask) {
    return mix64((static_cast<std::uint64_t>(cell) << 4 | mask) + 0x243F6A8885A308D3ull);
}
inline std::uint64_t zobrist2(int cell, std::uint8_t mask) {
    return mix64((static_cast<std::uint64_t>(cell) << 4 | mask) * 0x9E3779B97F4A7C15ull + 0x13198A2E03707344ull);
}

// The smallest set of lines hitting every constraint has more than `budget` lines?
// Constraints are bit sets of lines (rows, then columns); each must contain a chosen line.
int greedy_packing(const std::vector<std::uint64_t>& constraints, std::uint64_t chosen) {
    // Pairwise disjoint unhit constraints each need a line of their own: an admissible count.
    // The list is sorted by size, so small constraints (which pack best) come first.
    std::uint64_t used = chosen;
    int count = 0;
    for (std::uint64_t c : constraints)
        if ((c & chosen) == 0 && (c & used) == 0) {
            used |= c;
            ++count;
        }
    return count;
}

bool hitting_set_within(const std::vector<std::uint64_t>& constraints, std::uint64_t chosen, int budget) {
    std::uint64_t branch = 0;
    for (std::uint64_t c : constraints)
        if ((c & chosen) == 0) {
            branch = c;  // the first unhit is among the smallest: the list is sorted by size
            break;
        }
    if (branch == 0) return true;
    if (budget == 0) return false;
    if (greedy_packing(constraints, chosen) > budget) return false;
    for (std::uint64_t rest = branch; rest != 0; rest &= rest - 1)
        if (hitting_set_within(constraints, chosen | (rest & (~rest + 1)), budget - 1)) return true;
    return false;
}

struct TableEntry {
    std::uint64_t key1 = 0;  // 0: free slot
    std::uint64_t key2 = 0;
    std::int32_t bound = 0;  // a lower bound on the moves still needed from (board, context)
};

class Search {
public:
    Search(const Level& level, const Board& board, const LinesGoal& goal)
        : width_(board.width), height_(board.height), goal_(goal) {
        masks_.resize(board.cells.size());
        for (std::size_t i = 0; i < masks_.size(); ++i) masks_[i] = mask_of(board.cells[i]);
        line_count_ = width_ + height_;
        use_line_bits_ = line_count_ <= 64;
        shiftable_.assign(static_cast<std::size_t>(line_count_), 0);
        for (int y = 0; y < height_; ++y) {
            bool ok = width_ >= 2 && !line_fixed(level, ShiftMove::Axis::row, y);
            shiftable_[static_cast<std::size_t>(y)] = ok;
            any_row_shiftable_ = any_row_shiftable_ || ok;
        }
        for (int x = 0; x < width_; ++x) {
            bool ok = height_ >= 2 && !line_fixed(level, ShiftMove::Axis::col, x);
            shiftable_[static_cast<std::size_t>(height_ + x)] = ok;
            any_col_shiftable_ = any_col_shiftable_ || ok;
        }
        // Each board costs time linear in its cells: look at the clock about every 64k cells.
        const std::size_t cells = std::max<std::size_t>(1, masks_.size());
        while (check_interval_ > 0 && (check_interval_ + 1) * cells > 65536) check_interval_ >>= 1;
        need_groups_ = goal_.closed_groups.has_value() || goal_.min_group_size.has_value();
        for (int i = 0; i < static_cast<int>(masks_.size()); ++i)
            if (masks_[static_cast<std::size_t>(i)] != 0) {
                ++tiles_;
                hash1_ ^= zobrist1(i, masks_[static_cast<std::size_t>(i)]);
                hash2_ ^= zobrist2(i, masks_[static_cast<std::size_t>(i)]);
            }
        // A closed group of every tile (Netslide's "one network", docs/lines.md) leaves no tile
        // open: the goal implies all_closed, so its hitting-set bound is admissible here too.
        every_tile_closed_ = goal_.all_closed || (goal_.min_group_size && tiles_ > 0 && *goal_.min_group_size == tiles_);
    }

    // Why the goal can never be met on this board, whatever the shifts; "" when it may be.
    std::string impossibility() const {
        int tiles = 0;
        int side_count[16] = {};
        for (std::uint8_t m : masks_) {
            if (m == 0) continue;
            ++tiles;
            for (std::uint8_t side : all_sides)
                if (m & side) ++side_count[side];
        }
        if (every_tile_closed_) {
            // Shifts move tiles but never turn them: every solid right side needs its own solid
            // left side to meet, so the counts must agree (and likewise top and bottom).
            const std::string what = goal_.all_closed ? "every tile closed" : "a closed group of every tile";
            if (side_count[side_right] != side_count[side_left])
                return what + " needs as many solid left sides as right sides (" + std::to_string(side_count[side_left]) +
                       " left, " + std::to_string(side_count[side_right]) + " right)";
            if (side_count[side_top] != side_count[side_bottom])
                return what + " needs as many solid top sides as bottom sides (" + std::to_string(side_count[side_top]) +
                       " top, " + std::to_string(side_count[side_bottom]) + " bottom)";
        }
        if (goal_.min_group_size && *goal_.min_group_size > tiles)
            return "a closed group of " + std::to_string(*goal_.min_group_size) + " tiles needs more tiles than the " +
                   std::to_string(tiles) + " on the board";
        if (goal_.closed_groups && *goal_.closed_groups > tiles)
            return std::to_string(*goal_.closed_groups) + " closed groups need more tiles than the " + std::to_string(tiles) +
                   " on the board";
        return {};
    }

    // Lower bound on the shifts still needed, exact up to `cap` (values above come back as cap + 1);
    // 0 exactly when the goal holds; `infinite` when no sequence can meet it.
    int lower_bound(int cap) {
        int bound = 0;
        if (every_tile_closed_) {
            bound = all_closed_bound(cap);
            if (bound > cap) return bound;
        }
        if (need_groups_ && bound == 0) {
            const GroupCounts counts = labeller_.count(masks_.data(), width_, height_);
            if (!conditions_met(goal_, counts)) bound = 1;
        }
        return bound;
    }

    // The hitting-set bound: every solid side that meets no solid side (a defect) persists until
    // the tile or the cell it faces changes, and a cell changes only when its row or column
    // shifts. So some line of {row and column of the tile, the faced cell's other line} must move;
    // a side facing the board edge needs the tile to move across: {its row, its column}.
    int all_closed_bound(int cap) {
        for (auto& bucket : by_size_) bucket.clear();
        bool any_defect = false;
        for (int y = 0; y < height_; ++y) {
            for (int x = 0; x < width_; ++x) {
                const std::uint8_t m = masks_[static_cast<std::size_t>(y * width_ + x)];
                if (m == 0) continue;
                for (std::uint8_t side : all_sides) {
                    if ((m & side) == 0) continue;
                    const bool horizontal = side == side_left || side == side_right;
                    const int nx = x + side_dx(side);
                    const int ny = y + side_dy(side);
                    int lines[3] = {y, height_ + x, -1};
                    if (nx < 0 || ny < 0 || nx >= width_ || ny >= height_) {
                        // Only row shifts change a tile's column; only column shifts its row.
                        if (horizontal ? !any_row_shiftable_ : !any_col_shiftable_) return infinite;
                    } else {
                        if (masks_[static_cast<std::size_t>(ny * width_ + nx)] & opposite(side)) continue;
                        lines[2] = horizontal ? height_ + nx : ny;
                    }
                    any_defect = true;
                    std::uint64_t set = 0;
                    int size = 0;
                    for (int line : lines)
                        if (line >= 0 && shiftable_[static_cast<std::size_t>(line)]) {
                            ++size;
                            if (use_line_bits_) set |= std::uint64_t{1} << line;
                        }
                    if (size == 0) return infinite;
                    // Bucketed by size (1..3 lines) instead of sorted by popcount: measured 25%
                    // of solver time went to sorting and a software popcount.
                    if (use_line_bits_) by_size_[size - 1].push_back(set);
                }
            }
        }
        if (!any_defect) return 0;
        if (!use_line_bits_) return 1;  // boards with more than 64 lines: only "some shift is needed"
        // Duplicates and supersets add nothing; smallest sets first, so that they pack first.
        constraints_.clear();
        for (auto& bucket : by_size_) {
            std::sort(bucket.begin(), bucket.end());
            const std::size_t smaller = constraints_.size();
            for (std::size_t i = 0; i < bucket.size(); ++i) {
                if (i > 0 && bucket[i] == bucket[i - 1]) continue;
                bool superset = false;
                for (std::size_t j = 0; j < smaller && !superset; ++j)
                    superset = (constraints_[j] & bucket[i]) == constraints_[j];
                if (!superset) constraints_.push_back(bucket[i]);
            }
        }
        const int packing = greedy_packing(constraints_, 0);
        if (packing > cap) return packing;
        if (!hitting_set_within(constraints_, 0, cap)) return cap + 1;
        return std::max(packing, 1);
    }

    SolveResult run(const SolveOptions& options, StopToken stop) {
        SolveResult result;
        options_ = options;
        stop_ = std::move(stop);
        start_time_ = std::chrono::steady_clock::now();
        if (std::string why = impossibility(); !why.empty()) {
            result.verdict = Verdict::unsolvable;
            result.impossible = true;
            result.reason = why;
            return result;
        }
        const int max_depth = std::max(0, options.max_depth);
        int bound = lower_bound(max_depth);
        if (bound >= infinite) {
            result.verdict = Verdict::unsolvable;
            result.impossible = true;
            result.reason = "a solid side can never meet a solid side: its row and column cannot bring it there";
            return result;
        }
        result.proven_depth = bound - 1;
        table_.assign(std::size_t{1} << 14, TableEntry{});
        table_used_ = 0;
        while (bound <= max_depth) {
            path_.clear();
            const int next = visit(0, bound, Context{});
            result.nodes = nodes_;
            if (aborted_) {
                result.verdict = Verdict::unknown;
                return result;
            }
            if (next == found) {
                result.verdict = Verdict::solvable;
                result.moves = path_;
                return result;
            }
            if (next >= infinite) {
                result.verdict = Verdict::unsolvable;
                result.impossible = true;
                result.reason = "no sequence of shifts reaches the goal";
                return result;
            }
            result.proven_depth = next - 1;
            bound = next;
        }
        result.proven_depth = std::max(result.proven_depth, max_depth);
        result.verdict = Verdict::unsolvable;
        return result;
    }

private:
    // What the canonical move order remembers of the path: the last line shifted, its direction
    // and how many times in a row. Shifts of two rows (or two columns) commute, so within a run of
    // one axis lines come in increasing order; a line never shifts back at once, nor further than
    // half its length in one run (a right shift by half an even length stands for the left one).
    struct Context {
        int line = -1;
        int step = 0;
        int run = 0;
    };

    int line_length(int line) const { return line < height_ ? width_ : height_; }
    bool is_row(int line) const { return line < height_; }

    bool allowed(const Context& ctx, int line, int step) const {
        const int length = line_length(line);
        const int longest_run = step < 0 ? (length - 1) / 2 : length / 2;
        if (ctx.line < 0 || is_row(ctx.line) != is_row(line)) return longest_run >= 1;
        if (line < ctx.line) return false;
        if (line > ctx.line) return longest_run >= 1;
        return step == ctx.step && ctx.run + 1 <= longest_run;
    }

    bool line_uniform(int line) const {
        if (is_row(line)) {
            const std::uint8_t* row = masks_.data() + static_cast<std::ptrdiff_t>(line) * width_;
            for (int x = 1; x < width_; ++x)
                if (row[x] != row[0]) return false;
        } else {
            const int x = line - height_;
            for (int y = 1; y < height_; ++y)
                if (masks_[static_cast<std::size_t>(y * width_ + x)] != masks_[static_cast<std::size_t>(x)]) return false;
        }
        return true;
    }

    void toggle_line_hash(int line) {
        if (is_row(line)) {
            for (int x = 0; x < width_; ++x) toggle_cell_hash(line * width_ + x);
        } else {
            for (int y = 0; y < height_; ++y) toggle_cell_hash(y * width_ + (line - height_));
        }
    }
    void toggle_cell_hash(int cell) {
        const std::uint8_t m = masks_[static_cast<std::size_t>(cell)];
        if (m == 0) return;
        hash1_ ^= zobrist1(cell, m);
        hash2_ ^= zobrist2(cell, m);
    }

    void shift_line(int line, int step) {
        toggle_line_hash(line);
        if (is_row(line)) shift_cells(masks_.data(), width_, height_, true, line, step);
        else shift_cells(masks_.data(), width_, height_, false, line - height_, step);
        toggle_line_hash(line);
    }

    bool out_of_budget() {
        if (stop_.stop_requested()) return true;
        if (options_.max_nodes > 0 && nodes_ >= options_.max_nodes) return true;
        if (options_.budget_ms > 0) {
            auto elapsed = std::chrono::steady_clock::now() - start_time_;
            if (elapsed >= std::chrono::milliseconds(options_.budget_ms)) return true;
        }
        return false;
    }

    std::pair<std::uint64_t, std::uint64_t> key(const Context& ctx) const {
        const std::uint64_t code = static_cast<std::uint64_t>(ctx.line + 1) << 24 |
                                   static_cast<std::uint64_t>(ctx.step + 1) << 16 | static_cast<std::uint64_t>(ctx.run);
        return {(hash1_ ^ mix64(code + 0xA4093822299F31D0ull)) | 1, hash2_ ^ mix64(code * 31 + 0x082EFA98EC4E6C89ull)};
    }

    static constexpr int probe_limit = 8;
    static constexpr std::size_t max_table = std::size_t{1} << 21;

    int table_bound(std::uint64_t k1, std::uint64_t k2) const {
        const std::size_t mask = table_.size() - 1;
        for (int p = 0; p < probe_limit; ++p) {
            const TableEntry& e = table_[(k1 + static_cast<std::size_t>(p)) & mask];
            if (e.key1 == 0) return 0;
            if (e.key1 == k1 && e.key2 == k2) return e.bound;
        }
        return 0;
    }

    void table_store(std::uint64_t k1, std::uint64_t k2, int bound) {
        if (table_used_ * 2 >= table_.size() && table_.size() < max_table) grow_table();
        const std::size_t mask = table_.size() - 1;
        for (int p = 0; p < probe_limit; ++p) {
            TableEntry& e = table_[(k1 + static_cast<std::size_t>(p)) & mask];
            if (e.key1 == 0) ++table_used_;
            if (e.key1 == 0 || (e.key1 == k1 && e.key2 == k2)) {
                e = TableEntry{k1, k2, std::max(bound, e.key1 == k1 ? e.bound : 0)};
                return;
            }
        }
        // Full neighbourhood: a bound is only a hint, so overwriting one loses nothing but time.
        table_[k1 & mask] = TableEntry{k1, k2, bound};
    }

    void grow_table() {
        std::vector<TableEntry> old = std::move(table_);
        table_.assign(old.size() * 2, TableEntry{});
        table_used_ = 0;
        for (const TableEntry& e : old)
            if (e.key1 != 0) table_store(e.key1, e.key2, e.bound);
    }

    // Returns `found` (path_ holds the moves), or the smallest f = g + bound above `limit` seen.
    int visit(int g, int limit, const Context& ctx) {
        ++nodes_;
        if ((nodes_ & check_interval_) == 0 && out_of_budget()) aborted_ = true;
        if (aborted_) return infinite;
        const int remaining = limit - g;
        int bound = lower_bound(remaining);
        if (bound == 0) return found;
        if (bound >= infinite) return infinite;
        const auto [k1, k2] = key(ctx);
        bound = std::max(bound, table_bound(k1, k2));
        if (bound > remaining) return g + bound;
        int next = infinite;
        for (int line = 0; line < line_count_; ++line) {
            if (!shiftable_[static_cast<std::size_t>(line)] || line_uniform(line)) continue;
            for (int step : {-1, 1}) {
                if (!allowed(ctx, line, step)) continue;
                Context child{line, step, ctx.line == line ? ctx.run + 1 : 1};
                shift_line(line, step);
                path_.push_back(is_row(line) ? ShiftMove{ShiftMove::Axis::row, line, step}
                                             : ShiftMove{ShiftMove::Axis::col, line - height_, step});
                const int f = visit(g + 1, limit, child);
                if (f == found) return found;
                path_.pop_back();
                shift_line(line, -step);
                if (aborted_) return infinite;
                next = std::min(next, f);
            }
        }
        table_store(k1, k2, next >= infinite ? infinite : next - g);
        return next;
    }

    int width_;
    int height_;
    int line_count_ = 0;
    bool use_line_bits_ = true;
    LinesGoal goal_;
    bool need_groups_ = false;
    int tiles_ = 0;
    bool every_tile_closed_ = false;  // the goal needs every tile closed (all_closed, or one group of all)
    std::vector<std::uint8_t> masks_;
    std::vector<std::uint8_t> shiftable_;  // rows 0..h-1, then columns
    bool any_row_shiftable_ = false;
    bool any_col_shiftable_ = false;
    std::uint64_t hash1_ = 0;
    std::uint64_t hash2_ = 0;
    GroupLabeller labeller_;
    std::vector<std::uint64_t> constraints_;
    std::array<std::vector<std::uint64_t>, 3> by_size_;  // defect line sets by their size
    std::vector<TableEntry> table_;
    std::size_t table_used_ = 0;
    std::vector<ShiftMove> path_;
    SolveOptions options_;
    StopToken stop_;
    std::chrono::steady_clock::time_point start_time_;
    std::uint64_t nodes_ = 0;
    std::uint64_t check_interval_ = 1023;  // a power of two minus one
    bool aborted_ = false;
};

}  // namespace

SolveResult solve(const Level& level, const Board& board, const LinesGoal& goal, const SolveOptions& options, StopToken stop) {
    Search search(level, board, goal);
    return search.run(options, std::move(stop));
}

int all_closed_lower_bound(const Level& level, const Board& board, int cap) {
    LinesGoal goal;
    goal.all_closed = true;
    Search search(level, board, goal);
    const int bound = search.all_closed_bound(cap);
    return bound >= infinite ? -1 : bound;
}

}  // namespace tilelab::lines
