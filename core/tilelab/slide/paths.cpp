// The 4x4 table path (64-bit board, per-row lookup tables) and the general path (any size, walls).
#include "tilelab/slide/paths.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>

#include "tilelab/slide/moves.hpp"

namespace tilelab::slide {

std::uint8_t exponent_of(std::int32_t value) {
    if (value == cell::empty) return 0;
    if (!cell::is_value(value) || value < 2) return wall_code;
    return static_cast<std::uint8_t>(std::bit_width(static_cast<std::uint32_t>(value)) - 1);
}

std::int32_t value_of(std::uint8_t code) {
    if (code == 0) return cell::empty;
    if (code == wall_code) return cell::blocker;
    return std::int32_t{1} << code;
}

namespace {
// e^3.5 and e^4 for every exponent code, so the general path does no pow() per cell.
struct PowerTables {
    std::array<double, 256> sum_term{};
    std::array<double, 256> monotonicity_term{};
    PowerTables() {
        for (int e = 0; e < 256; ++e) {
            sum_term[static_cast<std::size_t>(e)] = std::pow(e, 3.5);
            monotonicity_term[static_cast<std::size_t>(e)] = std::pow(e, 4.0);
        }
    }
};
const PowerTables& powers() {
    static const PowerTables tables;
    return tables;
}
}  // namespace

double line_evaluation(const std::uint8_t* exponents, int count, int stride) {
    const PowerTables& power = powers();
    constexpr double base = 200000.0;  // keeps live positions above 0, the value of a lost one
    constexpr double empty_weight = 270.0;
    constexpr double merge_weight = 700.0;
    constexpr double monotonicity_weight = 47.0;
    constexpr double sum_weight = 11.0;
    double sum = 0;
    int empty = 0;
    int merges = 0;
    int previous = 0;
    int run = 0;  // equal neighbours (empties skipped) in the current run of equal tiles
    for (int i = 0; i < count; ++i) {
        const int e = exponents[i * stride];
        sum += power.sum_term[static_cast<std::size_t>(e)];
        if (e == 0) {
            ++empty;
            continue;
        }
        if (previous == e) {
            ++run;
        } else if (run > 0) {
            merges += 1 + run;
            run = 0;
        }
        previous = e;
    }
    if (run > 0) merges += 1 + run;
    double falling = 0;  // towards the far end
    double rising = 0;
    for (int i = 1; i < count; ++i) {
        const int previous_e = exponents[(i - 1) * stride];
        const int e = exponents[i * stride];
        const double a = power.monotonicity_term[static_cast<std::size_t>(previous_e)];
        const double b = power.monotonicity_term[static_cast<std::size_t>(e)];
        if (previous_e > e) falling += a - b;
        else rising += b - a;
    }
    return base + empty_weight * empty + merge_weight * merges - monotonicity_weight * std::min(falling, rising) -
           sum_weight * sum;
}

namespace {
// The general path's short runs (the cells between walls or edges, read away from the wall of
// the move) are looked up in tables indexed by their cells' nibbles (cell i = nibble i), built on
// first use from the very code they replace, so a lookup gives the same result to the bit:
// - line_table(n): line_evaluation of every run of n cells whose exponents are at most 15;
// - slide_table(n): the run slid towards cell 0 (its nibbles) and the sum of its merges' new
//   values, for runs whose exponents are at most 14 (a merge stays within a nibble).
// Runs of up to 4 cells take 0.6 MB per table; 5 cells 8 MB, built only when a level has such
// runs. Longer runs, and larger tiles, take the code below.
constexpr int tabled_run = 5;

template <class Entry, class Make>
const std::vector<Entry>& run_table(int count, Make make) {
    auto build = [&](int n) {
        std::vector<Entry> entries(std::size_t{1} << (4 * n));
        std::array<std::uint8_t, tabled_run> cells{};
        for (std::size_t key = 0; key < entries.size(); ++key) {
            for (int i = 0; i < n; ++i) cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((key >> (4 * i)) & 0xF);
            entries[key] = make(cells.data(), n);
        }
        return entries;
    };
    static const std::array<std::vector<Entry>, tabled_run> short_runs{build(0), build(1), build(2), build(3), build(4)};
    if (count < tabled_run) return short_runs[static_cast<std::size_t>(count)];
    static const std::vector<Entry> longest = build(tabled_run);
    return longest;
}

const std::vector<double>& line_table(int count) {
    return run_table<double>(count, [](const std::uint8_t* cells, int n) { return line_evaluation(cells, n); });
}

// Slides a run of `count` cells (no wall among them; cell i at `cells[i * step]`) towards cell 0:
// equal tiles that meet merge once, the pair nearer cell 0 first. Adds the merges' new values to
// `sum`.
void slide_run(std::uint8_t* cells, int count, int step, std::int64_t& sum) {
    int target = 0;     // next free slot
    bool open = false;  // the slot before `target` holds a tile that may still merge
    for (int k = 0; k < count; ++k) {
        const std::uint8_t e = cells[k * step];
        if (e == 0) continue;
        cells[k * step] = 0;
        std::uint8_t& previous = cells[(target - (target > 0 ? 1 : 0)) * step];
        if (open && previous == e && e < largest_exponent) {
            previous = static_cast<std::uint8_t>(e + 1);
            sum += std::int64_t{1} << (e + 1);
            open = false;
        } else {
            cells[target * step] = e;
            ++target;
            open = true;
        }
    }
}

struct SlidRun {
    std::uint32_t nibbles;  // the run after the slide
    std::uint32_t sum;      // its merges' new values
};
const std::vector<SlidRun>& slide_table(int count) {
    return run_table<SlidRun>(count, [](const std::uint8_t* cells, int n) {
        std::array<std::uint8_t, tabled_run> slid{};
        std::copy(cells, cells + n, slid.begin());
        std::int64_t sum = 0;
        slide_run(slid.data(), n, 1, sum);
        std::uint32_t nibbles = 0;
        for (int i = 0; i < n; ++i) nibbles |= static_cast<std::uint32_t>(slid[static_cast<std::size_t>(i)]) << (4 * i);
        return SlidRun{nibbles, static_cast<std::uint32_t>(sum)};
    });
}

// A run of a line: its cells' nibbles (up to tabled_run of them) and the largest exponent.
struct Run {
    int begin = 0;  // index along the line of its first cell
    int count = 0;
    std::uint32_t nibbles = 0;
    unsigned all = 0;  // the OR of its exponents: at most 15 (14) when every one is
};
// Reads the run starting at or after `k` along the line from `first` (walls skipped); false at the
// line's end. `k` moves past the run.
bool next_run(const std::uint8_t* first, int length, int step, int& k, Run& run) {
    while (k < length && first[k * step] == wall_code) ++k;
    if (k >= length) return false;
    run = Run{k, 0, 0, 0};
    for (; k < length; ++k) {
        const std::uint8_t e = first[k * step];
        if (e == wall_code) break;
        if (run.count < tabled_run) run.nibbles |= static_cast<std::uint32_t>(e) << (4 * run.count);
        run.all |= e;
        ++run.count;
    }
    return true;
}
}  // namespace

// ---- Table path ---------------------------------------------------------------------------------

namespace {
constexpr int table_size = 1 << 16;
constexpr std::uint64_t column_mask = 0x000F000F000F000Full;

// A row's four exponents, cell x = nibble x.
std::array<int, 4> unpack_row(unsigned row) {
    return {static_cast<int>(row & 0xF), static_cast<int>((row >> 4) & 0xF), static_cast<int>((row >> 8) & 0xF),
            static_cast<int>((row >> 12) & 0xF)};
}
unsigned pack_row(const std::array<int, 4>& r) { return static_cast<unsigned>(r[0] | (r[1] << 4) | (r[2] << 8) | (r[3] << 12)); }
// A row laid out as a column: nibble x of the row goes to cell (0, x).
std::uint64_t row_as_column(unsigned row) {
    const std::uint64_t r = row;
    return (r | (r << 12) | (r << 24) | (r << 36)) & column_mask;
}

// Slides a row towards x = 0 with the rules of moves.cpp (15 is the largest nibble: 15s stay).
unsigned slide_row_left(unsigned row, std::int64_t& merged_sum) {
    auto in = unpack_row(row);
    std::array<int, 4> out{};
    int target = 0;
    bool open = false;
    merged_sum = 0;
    for (int e : in) {
        if (e == 0) continue;
        if (open && out[static_cast<std::size_t>(target - 1)] == e && e < 15) {
            out[static_cast<std::size_t>(target - 1)] = e + 1;
            merged_sum += std::int64_t{1} << (e + 1);
            open = false;
        } else {
            out[static_cast<std::size_t>(target++)] = e;
            open = true;
        }
    }
    return pack_row(out);
}
unsigned reverse_row(unsigned row) {
    return ((row >> 12) & 0xF) | ((row >> 4) & 0xF0) | ((row << 4) & 0xF00) | ((row << 12) & 0xF000);
}
}  // namespace

TablePath::Tables::Tables() {
    for (unsigned row = 0; row < table_size; ++row) {
        std::int64_t sum_left = 0;
        std::int64_t sum_right = 0;
        const unsigned moved_left = slide_row_left(row, sum_left);
        const unsigned moved_right = reverse_row(slide_row_left(reverse_row(row), sum_right));
        left[row] = static_cast<std::uint16_t>(row ^ moved_left);
        right[row] = static_cast<std::uint16_t>(row ^ moved_right);
        // A column read top to bottom is a row read left to right: up is left, down is right.
        up[row] = row_as_column(row) ^ row_as_column(moved_left);
        down[row] = row_as_column(row) ^ row_as_column(moved_right);
        left_sum[row] = static_cast<std::uint32_t>(sum_left);
        right_sum[row] = static_cast<std::uint32_t>(sum_right);
        const auto cells = unpack_row(row);
        const std::array<std::uint8_t, 4> codes{static_cast<std::uint8_t>(cells[0]), static_cast<std::uint8_t>(cells[1]),
                                                static_cast<std::uint8_t>(cells[2]), static_cast<std::uint8_t>(cells[3])};
        evaluation[row] = line_evaluation(codes.data(), 4);
    }
}

TablePath::TablePath() {
    // Built once (C++ guarantees thread-safe initialisation), on the heap: 2.3 MB.
    static const std::unique_ptr<const Tables> shared = std::make_unique<const Tables>();
    tables_ = shared.get();
}

double TablePath::evaluate(Position p) const {
    const Tables& t = *tables_;
    const Position columns = transpose(p);
    // Rows, then columns: the general path's order, so both give the very same double.
    double total = 0;
    for (int i = 0; i < 4; ++i) total += t.evaluation[(p >> (16 * i)) & 0xFFFF];
    for (int i = 0; i < 4; ++i) total += t.evaluation[(columns >> (16 * i)) & 0xFFFF];
    return total;
}

int TablePath::empty_count(Position p) {
    // Fold each nibble onto its low bit; empty nibbles leave it clear.
    p |= (p >> 2) & 0x3333333333333333ull;
    p |= (p >> 1);
    return std::popcount(~p & 0x1111111111111111ull);
}

int TablePath::highest_exponent(Position p) {
    int best = 0;
    for (int i = 0; i < 16; ++i) best = std::max(best, exponent_at(p, i));
    return best;
}

TablePath::Position TablePath::from_board(const Board& board) const {
    Position p = 0;
    for (int i = 0; i < 16; ++i) {
        const std::uint8_t code = exponent_of(board.cells[static_cast<std::size_t>(i)]);
        p |= static_cast<Position>(code == wall_code ? 0 : std::min<int>(code, 15)) << (4 * i);
    }
    return p;
}

Board TablePath::to_board(Position p) const {
    Board b(4, 4);
    for (int i = 0; i < 16; ++i) b.cells[static_cast<std::size_t>(i)] = value_of(static_cast<std::uint8_t>(exponent_at(p, i)));
    return b;
}

// ---- General path -------------------------------------------------------------------------------

GridPath::GridPath(int w, int h) : width(w), height(h), cell_count(w * h) {
    for (Direction d : all_directions) walks_[static_cast<std::size_t>(d)] = line_walk(width, height, d);
}

namespace {
// Slides one line (cell k at first[k * step], walls included) towards cell 0: each run between
// walls on its own.
void slide_line(std::uint8_t* first, int length, int step, std::int64_t& sum) {
    Run run;
    for (int k = 0; next_run(first, length, step, k, run);) {
        std::uint8_t* at = first + run.begin * step;
        if (run.count > tabled_run || run.all > 14) {
            slide_run(at, run.count, step, sum);
            continue;
        }
        const SlidRun slid = slide_table(run.count)[run.nibbles];
        sum += slid.sum;
        if (slid.nibbles == run.nibbles) continue;
        for (int i = 0; i < run.count; ++i) at[i * step] = static_cast<std::uint8_t>((slid.nibbles >> (4 * i)) & 0xF);
    }
}

double run_value(const std::uint8_t* first, int count, int step) {
    if (count <= tabled_run) {
        std::uint32_t nibbles = 0;
        unsigned all = 0;
        for (int i = 0; i < count; ++i) {
            const unsigned e = first[i * step];
            all |= e;
            nibbles |= static_cast<std::uint32_t>(e) << (4 * i);
        }
        if (all <= 0xF) return line_table(count)[nibbles];
    }
    return line_evaluation(first, count, step);
}
}  // namespace

GridPath::Position GridPath::move(const Position& in, Direction d, std::int64_t& merged_sum) const {
    Position out = in;
    auto* cells = reinterpret_cast<std::uint8_t*>(out.data());
    std::int64_t sum = 0;
    const LineWalk& walk = walks_[static_cast<std::size_t>(d)];
    for (int line = 0; line < walk.lines; ++line) slide_line(cells + walk.start(line), walk.length, walk.step, sum);
    merged_sum = sum;
    return out;
}

// ---- The leaves after a spawn ----------------------------------------------------------------------

GridPath::SpawnLeaves::SpawnLeaves(const GridPath& path, const Position& after) : path_(path), after_(after) {
    // The evaluation's runs, in its order: each row's runs between walls, then each column's.
    const auto* cells = reinterpret_cast<const std::uint8_t*>(after.data());
    const auto n = static_cast<std::size_t>(path.cell_count);
    row_run_.assign(n, -1);
    column_run_.assign(n, -1);
    for (Direction d : {Direction::left, Direction::up}) {
        const LineWalk& walk = path.walks_[static_cast<std::size_t>(d)];
        auto& of_cell = d == Direction::left ? row_run_ : column_run_;
        for (int line = 0; line < walk.lines; ++line) {
            const int first = walk.start(line);
            Run run;
            for (int k = 0; next_run(cells + first, walk.length, walk.step, k, run);) {
                const int begin = first + run.begin * walk.step;
                for (int i = 0; i < run.count; ++i)
                    of_cell[static_cast<std::size_t>(begin + i * walk.step)] = static_cast<int>(runs_.size());
                runs_.push_back({begin, run.count, walk.step});
            }
        }
    }
    affected_.assign(runs_.size(), 0);
    for (Direction d : all_directions) {
        Moved& m = moved_[static_cast<std::size_t>(d)];
        m.board = path.move(after, d);
        const auto* moved = reinterpret_cast<const std::uint8_t*>(m.board.data());
        m.run_values.resize(runs_.size());
        for (std::size_t r = 0; r < runs_.size(); ++r)
            m.run_values[r] = run_value(moved + runs_[r].begin, runs_[r].count, runs_[r].step);
        const LineWalk& walk = path.walks_[static_cast<std::size_t>(d)];
        m.line_differs.assign(static_cast<std::size_t>(walk.lines), 0);
        for (int line = 0; line < walk.lines; ++line) {
            for (int k = 0, at = walk.start(line); k < walk.length; ++k, at += walk.step)
                if (moved[at] != cells[at]) m.line_differs[static_cast<std::size_t>(line)] = 1;
            m.lines_differing += m.line_differs[static_cast<std::size_t>(line)];
        }
    }
}

double GridPath::SpawnLeaves::best(int cell, int exponent, std::uint64_t& evaluations) {
    double best = 0.0;  // no legal move: the game is lost
    const auto* before = reinterpret_cast<const std::uint8_t*>(after_.data());
    for (Direction d : all_directions) {
        Moved& m = moved_[static_cast<std::size_t>(d)];
        const LineWalk& walk = path_.walks_[static_cast<std::size_t>(d)];
        const bool rows = d == Direction::left || d == Direction::right;
        const int line = rows ? cell / path_.width : cell % path_.width;
        const int first = walk.start(line);
        // The spawned board's line, and that line after the move.
        // Only the line's first walk.length entries are used (not zeroed: this runs millions of times).
        std::array<std::uint8_t, 256> spawned;
        std::array<std::uint8_t, 256> slid;
        for (int k = 0, at = first; k < walk.length; ++k, at += walk.step)
            spawned[static_cast<std::size_t>(k)] = at == cell ? static_cast<std::uint8_t>(exponent) : before[at];
        std::copy(spawned.begin(), spawned.begin() + walk.length, slid.begin());
        std::int64_t unused = 0;
        slide_line(slid.data(), walk.length, 1, unused);
        const bool legal = m.lines_differing - m.line_differs[static_cast<std::size_t>(line)] > 0 ||
                           !std::equal(slid.begin(), slid.begin() + walk.length, spawned.begin());
        if (!legal) continue;
        // The board after the move is the move of the board without the spawn, with this line
        // replaced: only the runs through its changed cells are scored again.
        auto* board = reinterpret_cast<std::uint8_t*>(m.board.data());
        std::array<int, 256> changed_at;  // the first `changes` are set
        std::array<std::uint8_t, 256> changed_code;
        int changes = 0;
        for (int k = 0, at = first; k < walk.length; ++k, at += walk.step) {
            if (board[at] == slid[static_cast<std::size_t>(k)]) continue;
            changed_at[static_cast<std::size_t>(changes)] = at;
            changed_code[static_cast<std::size_t>(changes++)] = board[at];
            board[at] = slid[static_cast<std::size_t>(k)];
            affected_[static_cast<std::size_t>(row_run_[static_cast<std::size_t>(at)])] = 1;
            affected_[static_cast<std::size_t>(column_run_[static_cast<std::size_t>(at)])] = 1;
        }
        double total = 0;  // in the evaluation's order, so the very same double as evaluate()
        for (std::size_t r = 0; r < runs_.size(); ++r) {
            if (!affected_[r]) {
                total += m.run_values[r];
                continue;
            }
            total += run_value(board + runs_[r].begin, runs_[r].count, runs_[r].step);
        }
        for (int i = changes - 1; i >= 0; --i) {
            const int at = changed_at[static_cast<std::size_t>(i)];
            board[at] = changed_code[static_cast<std::size_t>(i)];
            affected_[static_cast<std::size_t>(row_run_[static_cast<std::size_t>(at)])] = 0;
            affected_[static_cast<std::size_t>(column_run_[static_cast<std::size_t>(at)])] = 0;
        }
        ++evaluations;
        best = std::max(best, total);
    }
    return best;
}

double GridPath::evaluate(const Position& p) const {
    // Each row, then each column, cut into runs at walls; a run is scored like a table row, in
    // this order (the table path's), so both paths give the very same double.
    const auto* cells = reinterpret_cast<const std::uint8_t*>(p.data());
    double total = 0;
    for (Direction d : {Direction::left, Direction::up}) {
        const LineWalk& walk = walks_[static_cast<std::size_t>(d)];
        for (int line = 0; line < walk.lines; ++line) {
            const std::uint8_t* first = cells + walk.start(line);
            Run run;
            for (int k = 0; next_run(first, walk.length, walk.step, k, run);) {
                total += run_value(first + run.begin * walk.step, run.count, walk.step);
            }
        }
    }
    return total;
}

int GridPath::empty_count(const Position& p) { return static_cast<int>(std::count(p.begin(), p.end(), '\0')); }

int GridPath::highest_exponent(const Position& p) {
    int best = 0;
    for (char c : p) {
        const auto e = static_cast<std::uint8_t>(c);
        if (e != wall_code) best = std::max<int>(best, e);
    }
    return best;
}

GridPath::Position GridPath::from_board(const Board& board) const {
    Position p(static_cast<std::size_t>(board.size()), '\0');
    for (int i = 0; i < board.size(); ++i)
        p[static_cast<std::size_t>(i)] = static_cast<char>(exponent_of(board.cells[static_cast<std::size_t>(i)]));
    return p;
}

Board GridPath::to_board(const Position& p) const {
    Board b(width, height);
    for (int i = 0; i < cell_count; ++i)
        b.cells[static_cast<std::size_t>(i)] = value_of(static_cast<std::uint8_t>(p[static_cast<std::size_t>(i)]));
    return b;
}

bool fits_table_path(const Level& level) {
    if (level.width() != 4 || level.height() != 4) return false;
    constexpr std::int32_t nibble_limit = 1 << 15;
    for (std::int32_t c : level.board.cells)
        if (c != cell::empty && (!cell::is_value(c) || c > nibble_limit)) return false;
    for (std::int32_t v : SpawnTable::of(level.rules.as<Rules>()).values)
        if (v > nibble_limit) return false;
    return level.goal.as<Goal>().target <= nibble_limit;
}

}  // namespace tilelab::slide
